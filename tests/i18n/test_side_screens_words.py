"""The podium's side screens speak the podium's language (phase B).

Pilot: each screen opened from a podium in Russian — the table list (a kill pot, a leg up,
a barred player, a closed table shown and hidden), the new-table editor (empty, a copy,
with a changed option's what-if and source), the samples, the room view with a bar, About,
the dispute view, every rulings situation, the placard, the set-up differences — read from
the rendered screen: no Latin word but names, clause ids, game and card notation and the
reviewed allow-lists; the same screens in English: no Cyrillic. F3 on a side screen
switches it and the podium under it.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import pytest
from podium_copies import PodiumCopies

sys.path.insert(0, str(Path(__file__).resolve().parent))

from langhelp import f3_to  # noqa: E402
from screenwords import screen_lines, stray_words  # noqa: E402
from sidehelp import LONG, NAMES, evening_app  # noqa: E402

from floorkill.i18n import LANGS  # noqa: E402
from floorkill.resources import sample_tables  # noqa: E402
from floorkill.rules import load_table_file  # noqa: E402

SIZES = [(80, 24), (120, 40)]
# reviewed: words a Russian floor writes in Latin letters on these screens
SIDE_ALLOWED = {
    "WSOP",  # the World Series of Poker's rules: a name, never translated
    "UTC",  # the dispute view's times
    "esc",
    "Ctrl",  # the footer's key names
    *(lang.upper() for lang in LANGS),  # the language key's label (F3: EN/RU)
    "kill",
    "barred",  # the dispute filter's examples: decision codes, typed as the rules name them
}
SAMPLE_NAMES = [load_table_file(p).config.name for p in sample_tables()] + [
    p.name for p in sample_tables()
]


def _stray(lines: list[str], lang: str, names: list[str]) -> list[str]:
    names = [
        *names,
        *(
            w
            for n in names
            for w in n.split()  # a name a line wraps
            if len(w) > 2 and not w.isdigit() and w != "Table"
        ),
    ]
    words = stray_words(lines, lang, names)
    # a key of the footer or of a hint is one letter ("a: показать", "n Новый стол")
    return [w for w in words if w not in SIDE_ALLOWED and not (len(w) == 1 and lang == "ru")]


async def _open(pilot, app, how) -> None:
    if callable(how):
        how(app)
    else:
        await pilot.press(*how)
    await pilot.pause()
    await pilot.pause()


@pytest.fixture(autouse=True)
def _short_tables_folder(tmp_path, monkeypatch):
    """The editor names the tables folder: a short relative one, as a long tmp_path (a
    pytest-xdist worker's is longer) would wrap inside a word ("table" / "s")."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("FLOORKILL_TABLES_DIR", "tables")
    monkeypatch.setenv("FLOORKILL_LOG_FILE", "floorkill.log")  # the About screen names it


def _folder_names() -> list[str]:
    """The tables folder the editor names and the log file About names (paths: their
    pieces, as lines may wrap them)."""
    from floorkill.floor.tables import tables_dir
    from floorkill.log_file import log_path

    folder = tables_dir()
    return [str(folder), *folder.parts, str(log_path())]


@pytest.fixture(scope="module")
def evenings():
    """``evenings(lang, size)``: the evening's podium in that language and size, started
    once for the module; a test plays it in copies (tests/podium_copies.py), each begun from
    the podium as it stood after its start, so nothing one test opens reaches another."""
    started: dict[tuple[str, tuple[int, int]], PodiumCopies] = {}
    with contextlib.ExitStack() as stack:

        def evening(lang: str, size: tuple[int, int]) -> PodiumCopies:
            if (lang, size) not in started:
                copies = PodiumCopies(evening_app(lang), _started, size)
                started[lang, size] = stack.enter_context(copies)
            return started[lang, size]

        yield evening


async def _started(pilot) -> None:
    await pilot.pause()


def _reads(how, lang: str, names: list[str], said: str | None = None, then=()):
    """In a copy of the podium: open the screen ``how`` says, and check that its own lines
    have no stray word (and hold ``said``); then, on that screen, each key of ``then``
    pressed and the same check (with what the key's pair says must show, when ``said``
    is given)."""

    async def play(pilot) -> None:
        app = pilot.app
        await _open(pilot, app, how)
        for key, says in ((None, said), *then):
            if key is not None:
                await _open(pilot, app, (key,))
            lines = _own(app.screen, screen_lines(app.export_screenshot()))
            stray = _stray(lines, lang, names)
            assert stray == [], f"{key}\n" + "\n".join(lines) + f"\n{stray}"
            assert said is None or says in "\n".join(lines), f"{key}\n" + "\n".join(lines)

    return play


def _own(screen, lines: list[str]) -> list[str]:
    """A modal's own lines (its box, not the podium under it: the podium is checked by
    its own tests)."""
    from textual.screen import ModalScreen

    from floorkill.ui.widgets.history_view import HistoryView
    from floorkill.ui.widgets.rules_panel import RulesPanel

    lines = [line.ljust(screen.size.width) for line in lines]
    # the dispute view shows the podium's own rules panel and history (tested with
    # the podium): their lines are not this screen's words
    for widget in screen.query("RulesPanel, HistoryView"):
        assert isinstance(widget, (RulesPanel, HistoryView))
        r = widget.region
        for y in range(r.y, min(r.bottom, len(lines))):
            lines[y] = lines[y][: r.x] + " " * r.width + lines[y][r.right :]
    if not isinstance(screen, ModalScreen):
        return [line.rstrip() for line in lines]
    box = screen.children[0].region
    return [line[box.x : box.right].rstrip() for line in lines[box.y : box.bottom]]


def _choose_voluntary(app) -> None:
    """The editor with an option changed: the option's source and the what-if show."""
    ed = app.screen
    field = ed.field("voluntary")
    field.value = True
    field.focus()


def _about(app) -> None:
    app.action_about()


# (name, how to get there from the podium, what the Russian screen must say, then: keys
# pressed on that screen, each read again, with what the Russian screen must say then)
SCREENS = [
    ("table-list", ("f9",), "КИЛЛ место 7, Zoë Hart-Villanueva, 20 $", (("a", "закрыт"),)),
    ("editor-new", ("f9", "n"), "у стола должно быть имя", ()),
    ("editor-copy", ("f9", "c"), "Новый стол по образцу Table 12", ()),
    ("samples", ("f9", "s"), "Новый стол из образца", ()),
    ("room", ("ctrl+o",), "НЕДОПУСК — долг 20 $ (Table 7)", ()),
    ("about", _about, "Журнал: нет", ()),
    ("dispute", ("f12",), "после записи", ()),
    ("placard", ("f11",), "Холдем", ()),
    # every situation: 1 (the first) and then 2, 3, 4 on the same screen
    ("rulings", ("f10", "1"), "Решение", tuple((str(n), "Решение") for n in range(2, 5))),
]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
@pytest.mark.parametrize("name, how, said, then", SCREENS, ids=[s[0] for s in SCREENS])
def test_a_side_screen_speaks_one_language(name, how, said, then, size, evenings):
    """Russian at both sizes (at 80 columns a wrap or a cut could leave a Latin piece of a
    word); English at 120x40: the size moves where a line wraps or is cut, and no wrap or
    cut turns a Latin letter Cyrillic (English at 80x24: the table list's kill status,
    below; the podium's footer, tests/ui/test_footer_fits.py)."""
    names = NAMES + SAMPLE_NAMES + _folder_names() + ["test"]  # test: who entered
    evenings("ru", size).run(_reads(how, "ru", names, said if size == (120, 40) else None, then))
    if size == (120, 40):
        evenings("en", size).run(_reads(how, "en", names, None, then))


def test_the_editor_with_a_changed_option_explains_it_in_russian(evenings):
    names = NAMES + SAMPLE_NAMES + _folder_names()

    def changed(lang: str, note: str):
        async def play(pilot) -> None:
            app = pilot.app
            await pilot.press("f9", "n")
            await pilot.pause()
            _choose_voluntary(app)
            await pilot.pause()
            ed = app.screen
            assert ed.whatif_lines, "the what-if preview shows"
            assert ed.note("voluntary").startswith(note), ed.note("voluntary")
            lines = screen_lines(app.export_screenshot())
            assert _stray(lines, lang, names) == [], "\n".join(lines)
            text = "\n".join(lines)
            assert lang != "ru" or (
                "Что если" in text and "Игрок может убить банк добровольно" in text
            ), text

        return play

    evenings("ru", (120, 40)).run(changed("ru", "≠ набору (нет) · по умолчанию: нет · rrop-13.10 "))
    evenings("en", (120, 40)).run(changed("en", "≠ preset (no) · default no · rrop-13.10 "))


def test_the_table_list_kill_status_is_whole_at_80_columns_in_both_languages(evenings):
    """The kill status (with the killer's name and the amount) is never cut."""

    def whole(status: str):
        async def play(pilot) -> None:
            await _open(pilot, pilot.app, ("f9",))
            lines = _own(pilot.app.screen, screen_lines(pilot.app.export_screenshot()))
            row = next(line for line in lines if "Table 12" in line and "●" in line)
            assert status in row, "\n".join(lines)
            assert "…" not in row

        return play

    for lang, status in (("ru", f"КИЛЛ место 7, {LONG}, 20 $"), ("en", f"KILL Seat 7 {LONG}, $20")):
        evenings(lang, (80, 24)).run(whole(status))


def test_f3_on_a_side_screen_switches_it_and_the_podium(evenings):
    from floorkill.ui.screens.table_list import TableListScreen
    from floorkill.ui.widgets.status_line import StatusLine

    async def play(pilot) -> None:
        app = pilot.app
        await pilot.press("f9")
        await pilot.pause()
        assert "Kill status" in "\n".join(screen_lines(app.export_screenshot()))
        await pilot.press(*f3_to("ru"))
        await pilot.pause()
        await pilot.pause()
        lines = screen_lines(app.export_screenshot())
        assert isinstance(app.screen, TableListScreen) and app.lang == "ru"
        assert _stray(lines, "ru", NAMES) == [], "\n".join(lines)  # the footer too
        await pilot.press("escape")
        await pilot.pause()
        group = app.query_one(StatusLine).render()
        assert "КИЛЛ-ПОТ" in " ".join(t.plain for t in group.renderables)

    evenings("en", (120, 40)).run(play)


def test_setup_differences_read_in_russian():
    """The CLI's and the podium's set-up differences in Russian."""
    from floorkill.rules import load_table_text
    from floorkill.rules.table_diff import setup_changes

    root = Path(__file__).resolve().parents[2]
    text = (root / "sample_tables" / "holdem-4-8-half-two-pots.toml").read_text(encoding="utf-8")
    a = load_table_text(text)
    b = load_table_text(
        text.replace("bets = [4, 8]", "bets = [5, 10]")
        .replace('kind = "half"', 'kind = "full"')
        .replace("blinds = [2, 4]", "blinds = [2, 5]")
        .replace('\npreset = "house"\n', '\npreset = "wsop"\nvoluntary = true\n')
        .replace('game = "holdem"', 'game = "omaha"')
    )
    ru = setup_changes(a.config, a.players, b.config, b.players, "ru")
    assert "игра Холдем → Омаха" in ru
    assert "лимиты $4-$8 → $5-$10" in ru and "килл половинный → полный" in ru
    assert "блайнды $2/$4 → $2/$5" in ru  # the room's notation, like the limits
    assert "добровольный килл: нет → да" in ru
    assert "набор правил: Правила заведения (исходный текст) → Правила WSOP для живых игр" in ru
    names = [p.name for p in a.players]
    assert _stray(ru, "ru", names) == [], ru
    en = setup_changes(a.config, a.players, b.config, b.players, "en")
    assert (
        "limits $4-$8 → $5-$10" in en
        and "kill half → full" in en
        and "rules preset house → wsop" in en
    )


F3_SCREENS = [
    s[:3]
    for s in SCREENS
    if s[0] in ("editor-copy", "room", "about", "dispute", "placard", "rulings")
]


@pytest.mark.parametrize("name, how, said", F3_SCREENS, ids=[s[0] for s in F3_SCREENS])
def test_f3_on_each_side_screen_says_it_again_in_the_other_language(name, how, said, evenings):
    names = NAMES + SAMPLE_NAMES + _folder_names() + ["test"]

    async def play(pilot) -> None:
        app = pilot.app
        await _open(pilot, app, how)
        screen = app.screen
        if name == "editor-copy":
            screen.field("name").value = "Table 30"  # typed: kept through F3
        await pilot.press(*f3_to("ru"))
        await pilot.pause()
        await pilot.pause()
        assert app.screen is screen and app.lang == "ru"
        ru = _own(screen, screen_lines(app.export_screenshot()))
        assert _stray(ru, "ru", names + ["Table 30"]) == [], "\n".join(ru)
        assert said in "\n".join(ru)
        if name == "editor-copy":
            assert screen.field("name").value == "Table 30"
        await pilot.press(*f3_to("en", "ru"))
        await pilot.pause()
        await pilot.pause()
        en = _own(screen, screen_lines(app.export_screenshot()))
        assert app.lang == "en" and _stray(en, "en", names) == [], "\n".join(en)

    evenings("en", (120, 40)).run(play)


def test_the_cli_import_says_the_setup_differences_in_russian(tmp_path, capsys):
    """The refusal of a file set up unlike the journal's table, in Russian words and
    money; nothing written."""
    from floorkill.cli import main

    root = Path(__file__).resolve().parents[2]
    sample = root / "sample_tables" / "holdem-4-8-half-two-pots.toml"
    journal = tmp_path / "j.db"
    assert main(["import", str(sample), "--journal", str(journal)]) == 0
    changed = tmp_path / "changed.toml"
    changed.write_text(
        sample.read_text(encoding="utf-8")
        .replace("bets = [4, 8]", "bets = [5, 10]")
        .replace('kind = "half"', 'kind = "full"'),
        encoding="utf-8",
    )
    capsys.readouterr()
    assert main(["import", str(changed), "--journal", str(journal), "--lang", "ru"]) != 0
    err = capsys.readouterr().err
    assert (
        "устроен иначе (журнал → файл): лимиты $4-$8 → $5-$10; килл половинный → полный; "
        "ничего не записано" in err
    ), err
    # the file, the table's name and the TOML section to rename it in are not words
    names = [str(changed), "Table 14 · $4-$8 Hold'em Half Kill", "[table]"]
    assert _stray(err.splitlines(), "ru", names) == [], err


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
async def test_the_config_diff_modal_speaks_one_language(tmp_path, size):
    from floorkill.ui.podium import make_podium_app, open_session
    from floorkill.ui.screens.config_diff import ConfigDiffModal

    root = Path(__file__).resolve().parents[2]
    sample = root / "sample_tables" / "holdem-4-8-half-two-pots.toml"
    changed = tmp_path / "copy.toml"
    changed.write_text(
        sample.read_text(encoding="utf-8")
        .replace("bets = [4, 8]", "bets = [5, 10]")
        .replace('kind = "half"', 'kind = "full"')
        .replace('\npreset = "house"\n', '\npreset = "house"\nvoluntary = true\n'),
        encoding="utf-8",
    )
    journal = tmp_path / "j.db"
    _s, _n, close = open_session(sample, journal, "Flo")
    close()
    seen = {}
    # English at 120x40 only: the size moves where a line wraps, never which letters it has
    for lang in ("ru", "en") if size == (120, 40) else ("ru",):
        session, notices, close = open_session(changed, journal, "Flo")
        try:
            app = make_podium_app(session, notices=notices, lang=lang, cursor_blink=False)
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                assert isinstance(app.screen, ConfigDiffModal)
                seen[lang] = _own(app.screen, screen_lines(app.export_screenshot()))
        finally:
            close()
    names = [session.name, f"{session.name} (2)", "copy.toml", *[p.name for p in session.players]]
    assert _stray(seen["ru"], "ru", names) == [], "\n".join(seen["ru"])
    if "en" in seen:
        assert _stray(seen["en"], "en", names) == [], "\n".join(seen["en"])
    text = "\n".join(seen["ru"])
    assert "лимиты $4-$8 → $5-$10" in text and "килл половинный → полный" in text
    assert "добровольный килл: нет → да" in text


# (field, a bad value, what the editor says of it)
BAD_FIELDS = [
    ("bets", "4", "Ставки: для фикс-лимита нужны две ставки: [нижняя, верхняя]"),
    ("seats", "12", "Число мест: нужно целое число от 2 до 10"),
    (
        "scoop_minimum",
        "abc",
        "Килл за скуп от: 'abc' — не из вариантов: «5 верхних лимитов», «5 нижних лимитов» или сумма",
    ),
    (
        "second_leg_pot",
        "5 больших блайнда",
        "Вторая «нога»: банк от: '5 больших блайнда' — не из вариантов: «нет», «5 верхних лимитов», "
        "«5 нижних лимитов», «5 больших блайндов» или сумма",
    ),
    ("second_leg_pot", "-5", "Вторая «нога»: банк от: '-5' — отрицательная сумма"),
    (
        "second_leg_pot",
        "4.555",
        "Вторая «нога»: банк от: '4.555' — больше двух знаков после запятой",
    ),
    ("second_leg_pot", "0", "Вторая «нога»: банк от: нужна сумма больше нуля"),
]


def test_the_editor_says_a_bad_field_in_russian(evenings):
    """One new-table editor, each bad field in turn: typed, read, then its value put back
    (the form checks whole again) before the next."""

    async def play(pilot) -> None:
        app = pilot.app
        await pilot.press("f9", "n")
        await pilot.pause()
        ed = app.screen
        ed.field("name").value = "Table 30"
        await pilot.pause()
        assert ed.checked is not None and ed.error == ""
        for field, value, said in BAD_FIELDS:
            was = ed.field(field).value
            ed.field(field).value = value
            await pilot.pause()
            lines = screen_lines(app.export_screenshot())
            assert ed.checked is None and ed.error == said
            status = [line.strip() for line in lines]  # a long reason wraps (at a space)
            start = next(i for i, line in enumerate(status) if line.startswith("✗ "))
            assert " ".join(status[start : start + 4]).startswith("✗ " + said), "\n".join(lines)
            assert _stray(lines, "ru", NAMES + ["Table 30", value]) == [], "\n".join(lines)
            ed.field(field).value = was
            await pilot.pause()
            assert ed.checked is not None and ed.error == "", (field, ed.error)

    evenings("ru", (120, 40)).run(play)

"""The generated parts of the documentation: the podium's keys (docs/podium.md) and the
table file's options (docs/table-file.md), written from the registries the app itself
uses, so a page cannot drift from the code.

A page keeps its prose by hand; each generated part sits between two marker lines,
``<!-- generated: NAME -->`` and ``<!-- end: NAME -->``, and is rewritten whole.

    python -m floorkill.docgen           rewrite the generated parts of every page
    python -m floorkill.docgen --check   exit 1 naming each page that is out of date
    python -m floorkill.docgen --screenshot   docs/podium.svg, the README's picture

tests/test_docs_generated.py runs the check. To point the keys table at another action
registry, change :func:`key_groups` (one list of (heading, bindings)) and
:func:`palette_commands`.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


# -- keys ------------------------------------------------------------------------------

_KEY_NAMES = {
    "escape": "Esc",
    "enter": "Enter",
    "space": "Space",
    "tab": "Tab",
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "home": "Home",
    "end": "End",
    "delete": "Del",
    "backspace": "Backspace",
    "left_square_bracket": "[",
    "right_square_bracket": "]",
    "slash": "/",
    "question_mark": "?",
    "plus": "+",
    "minus": "-",
}


def key_display(keys: str) -> str:
    """``f9,ctrl+t`` → ``F9``, ``Ctrl+T``: how the page writes a binding's keys."""
    shown = []
    for key in keys.split(","):
        parts = key.strip().split("+")
        *mods, last = parts
        name = _KEY_NAMES.get(last)
        if name is None:  # F-keys and a letter after Ctrl in capitals, a letter alone as typed
            name = (
                last.upper() if re.fullmatch(r"f\d+", last) or (mods and len(last) == 1) else last
            )
        shown.append("+".join([*(modifier.capitalize() for modifier in mods), name]))
    return ", ".join(f"`{shown_key}`" for shown_key in shown)


@dataclass(frozen=True, slots=True)
class KeyRow:
    keys: str
    action: str
    en: str
    ru: str
    footer: bool


def _bindings_of(cls: type) -> list[Any]:
    """A class's own bindings and those it inherits (as Textual merges them), nearest
    class first, each key once."""
    from textual.binding import Binding

    seen: set[str] = set()
    out = []
    for klass in cls.__mro__:
        for binding in klass.__dict__.get("BINDINGS", ()) or ():
            if not isinstance(binding, Binding):
                binding = Binding(*binding)
            if binding.key in seen or binding.system:
                continue
            seen.add(binding.key)
            out.append(binding)
        if klass.__dict__.get("_inherit_bindings") is False:
            break
    return out


def key_groups() -> list[tuple[str, list[Any]]]:
    """(heading, bindings) for every place of the podium, in the order the page lists
    them."""
    from floorkill.ui.actions import ACTIONS
    from floorkill.ui.podium.app import PodiumScreen
    from floorkill.ui.screens.config_diff import ConfigDiffModal
    from floorkill.ui.screens.dispute import DisputeScreen
    from floorkill.ui.screens.room_grid_screen import RoomScreen
    from floorkill.ui.screens.room_view import RoomPlayersScreen
    from floorkill.ui.screens.rulings_screen import RulingsScreen
    from floorkill.ui.screens.table_editor import TableEditor
    from floorkill.ui.screens.table_list import TableListScreen
    from floorkill.ui.screens.undo_and_showdown import ShowdownModal, UndoModal
    from floorkill.ui.widgets.choice_line import ChoiceLine
    from floorkill.ui.widgets.field_list import FieldList
    from floorkill.ui.widgets.floor_seating import FloorSeating
    from floorkill.ui.widgets.hand_entry import HandEntry
    from floorkill.ui.widgets.history_view import HistoryView
    from floorkill.ui.widgets.rules_panel import RulesPanel

    def podium_keys(place: str) -> list[Any]:  # the podium's actions, each described once
        return [
            action.binding()
            for action in ACTIONS
            if action.place == place and action.keys and not action.system
        ]

    return [
        ("Everywhere on the podium", podium_keys("app") + _bindings_of(PodiumScreen)),
        ("The hand entry (F5)", _bindings_of(HandEntry)),
        # the seat keys are the registry's too (FloorSeating.BINDINGS), among the cursor's
        ("The seats (F6)", _bindings_of(FloorSeating)),
        ("The history (F7)", _bindings_of(HistoryView)),
        ("The rules panel", _bindings_of(RulesPanel)),
        ("The dispute view (F12)", _bindings_of(DisputeScreen)),
        ("All tables at a glance (Ctrl+G)", _bindings_of(RoomScreen)),
        ("Players in the room (Ctrl+O)", _bindings_of(RoomPlayersScreen)),
        ("The table list (F9)", _bindings_of(TableListScreen)),
        ("The table editor", _bindings_of(TableEditor) + _bindings_of(FieldList)),
        ("Rulings (F10)", _bindings_of(RulingsScreen) + _bindings_of(ChoiceLine)),
        ("Undo (Ctrl+Z)", _bindings_of(UndoModal)),
        ("Showdown (F2)", _bindings_of(ShowdownModal)),
        ("A table file set up differently", _bindings_of(ConfigDiffModal)),
    ]


def _word(binding: Any, lang: str) -> str:
    from floorkill.i18n import pgettext
    from floorkill.ui.podium.footer_keys import KEY, key_word

    word = key_word(binding.id, binding.description, lang)
    if word == binding.description and binding.description:
        word = pgettext(KEY, binding.description, lang)
    return word or binding.action


def key_rows() -> list[tuple[str, list[KeyRow]]]:
    return [
        (
            heading,
            [
                KeyRow(
                    key_display(binding.key),
                    binding.action,
                    _word(binding, "en"),
                    _word(binding, "ru"),
                    bool(binding.show),
                )
                for binding in bindings
            ],
        )
        for heading, bindings in key_groups()
        if bindings
    ]


class _Anything:
    """A stand-in for the podium app when listing its palette: every attribute is a
    callable named after it."""

    def __init__(self, state: Any, closed: bool) -> None:
        self.lang = "en"
        self.floor = SimpleNamespace(state=state)
        self.session = SimpleNamespace(state=SimpleNamespace(closed=closed))

    def __getattr__(self, name: str) -> Callable[[], None]:
        def callback() -> None:
            return None

        callback.__name__ = name
        return callback


def palette_commands(lang: str) -> list[tuple[str, str, str]]:
    """(title, what it does, callback name) of every podium command of the palette, those
    offered only sometimes included (a closed table's, a voluntary kill's)."""
    from floorkill.i18n import set_lang
    from floorkill.resources import sample_tables
    from floorkill.rules.config import load_table_file
    from floorkill.rules.replay import fold
    from floorkill.ui.podium.palette import podium_commands

    voluntary = next(path for path in sample_tables() if "california" in path.name)
    state = fold(load_table_file(voluntary))
    set_lang(lang)
    out: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    try:
        for closed in (False, True):
            stub = _Anything(state, closed)
            stub.lang = lang
            for cmd in podium_commands(stub):
                if cmd.title in seen:
                    continue
                seen.add(cmd.title)
                out.append((cmd.title, cmd.help or "", getattr(cmd.callback, "__name__", "")))
    finally:
        set_lang("en")
    return out


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def keys_tables() -> str:
    lines: list[str] = []
    for heading, rows in key_rows():
        lines += [f"### {heading}", "", "| key | does | по-русски | footer |", "|---|---|---|---|"]
        for row in rows:
            lines.append(
                f"| {row.keys} | {_cell(row.en)} | {_cell(row.ru)} | {'yes' if row.footer else ''} |"
            )
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def palette_table() -> str:
    en = palette_commands("en")
    ru = {cb: title for title, _, cb in palette_commands("ru")}
    lines = ["| command | what it does | по-русски |", "|---|---|---|"]
    for title, help_text, cb in en:
        lines.append(f"| {_cell(title)} | {_cell(help_text)} | {_cell(ru.get(cb, ''))} |")
    return "\n".join(lines) + "\n"


# -- the table file --------------------------------------------------------------------


def _value(v: Any) -> str:
    if isinstance(v, float):
        return f"`{v:g}`"
    if isinstance(v, bool):
        return "`true`" if v else "`false`"
    if isinstance(v, int):
        return f"`{v}`"
    return f'`"{v}"`'


def games_table() -> str:
    from floorkill.rules.config import (
        BLINDLESS_GAMES,
        GAME_NAMES,
        GAMES,
        HILO_GAMES,
        JOKER_GAMES,
    )

    lines = [
        "| `game` | the game | hi-lo | joker allowed | kill allowed |",
        "|---|---|---|---|---|",
    ]
    for game in GAMES:
        lines.append(
            f"| `{game}` | {GAME_NAMES[game]} | {'yes' if game in HILO_GAMES else ''} | "
            f"{'yes' if game in JOKER_GAMES else ''} | "
            f"{'no (`house-blind-games`)' if game in BLINDLESS_GAMES else 'yes'} |"
        )
    return "\n".join(lines) + "\n"


def presets_table() -> str:
    from floorkill.rules.config import PRESET_TITLES, PRESETS

    lines = ["| `preset` | what it is | options it sets |", "|---|---|---|"]
    for name, values in PRESETS.items():
        sets = ", ".join(f"`{key} = {_value(value).strip('`')}`" for key, value in values.items())
        lines.append(f"| `{name}` | {PRESET_TITLES[name]} | {sets or '(the defaults)'} |")
    return "\n".join(lines) + "\n"


def options_reference() -> str:
    """Every `kind`, trigger and `[kill]` option: its values, default, what each value
    does with the clauses it cites, and the sentence of the rulebook it comes from."""
    from floorkill.rules import option_sources as src
    from floorkill.rules.config import AMOUNT_OPTIONS, KILL_OPTIONS, TRIGGERS
    from floorkill.rules.options import LABELS, trigger_cites

    out: list[str] = []
    for name in src.options():
        entry = src.source(name)
        if name == "kind":
            out += [
                "### `kind`",
                "",
                "`full`, `half` or `none` (default `none`).",
            ]
        elif name in TRIGGERS:
            cites = ", ".join(f"`{cite}`" for cite in trigger_cites(name))
            out += [
                f'### trigger `"{name}"`',
                "",
                f"In `triggers = [...]`; fires citing {cites}.",
            ]
        else:
            allowed, default, clause = KILL_OPTIONS[name]
            values = ", ".join(_value(value) for value in allowed or ())
            if name in AMOUNT_OPTIONS:
                values += ", or an amount"
            out += [
                f"### `{name}`",
                "",
                f"*{LABELS.get(name, name)}* — {values}; default {_value(default)} (`{clause}`).",
            ]
        out.append("")
        for choice, described in entry.choices.items():
            shown = "an amount" if choice == src.AMOUNT else _value(choice)
            if name in TRIGGERS:
                shown = "in `triggers`" if choice is True else "not in `triggers`"
            cites = ", ".join(f"`{cite}`" for cite in described.cites)
            out.append(f"- {shown}: {described.text['en']} ({cites})")
        out.append("")
        for source in entry.sources:
            out.append(f"> {source.quote['en']}")
            out.append(">")
            out.append(f"> — {source.where['en']}")
            out.append("")
        if entry.note:
            out += [entry.note["en"], ""]
    return "\n".join(out).rstrip() + "\n"


# -- settings ------------------------------------------------------------------------


def settings_table() -> str:
    """Every setting: its key in floorkill.toml, its variable, its flag, what it is."""
    from floorkill.settings import OTHER_ENV, SPECS

    lines = [
        "| in floorkill.toml | variable | flag | what it is | default |",
        "|---|---|---|---|---|",
    ]
    defaults = {
        "journal": "`journal.db` in the user data directory",
        "floorperson": "the OS user",
        "language": "the locale",
        "theme": "`felt-green`",
        "themes_dir": "`themes/` in the user config directory",
        "tables_dir": "`tables/` in the user data directory",
        "demo_journal": "`demo-journal.db` in the user data directory",
        "key_file": "`journal.key` in the user config directory",
        "log_file": "`floorkill.log` in the user log directory",
        "big_screen.grid": '`"auto"`',
    }
    for spec in SPECS:
        key = f"`[{spec.section}]` `{spec.attr}`" if spec.section else f"`{spec.name}`"
        env = f"`{spec.env}`" if spec.env else ""
        flag = f"`{spec.flag}`" if spec.flag else ""
        default = defaults.get(spec.name) or _value(spec.default())
        lines.append(f"| {key} | {env} | {flag} | {_cell(spec.help)} | {default} |")
    for env, what in OTHER_ENV.items():
        lines.append(f"| | `{env}` | | {_cell(what)} | |")
    return "\n".join(lines) + "\n"


# -- pages -----------------------------------------------------------------------------

GENERATED: dict[str, dict[str, Callable[[], str]]] = {
    "docs/podium.md": {"keys": keys_tables, "palette": palette_table},
    "docs/operations.md": {"settings": settings_table},
    "docs/table-file.md": {
        "games": games_table,
        "presets": presets_table,
        "options": options_reference,
    },
}


def _marker(name: str) -> tuple[str, str]:
    return f"<!-- generated: {name} -->", f"<!-- end: {name} -->"


def _literally(text: str) -> Callable[[re.Match[str]], str]:
    """A ``re.sub`` replacement that puts ``text`` in as it is (no backslash escapes)."""
    return lambda _match: text


def render(text: str, parts: dict[str, Callable[[], str]]) -> str:
    """The page ``text`` with each generated part rewritten."""
    for name, make in parts.items():
        begin, end = _marker(name)
        pattern = re.compile(re.escape(begin) + r"\n.*?" + re.escape(end), re.S)
        if not pattern.search(text):
            raise ValueError(f"no {begin} … {end} in the page")
        replacement = f"{begin}\n{make()}{end}"
        text = pattern.sub(_literally(replacement), text, count=1)
    return text


def stale_pages(root: Path = ROOT) -> list[str]:
    return [
        page
        for page, parts in GENERATED.items()
        if (root / page).read_text(encoding="utf-8")
        != render((root / page).read_text(encoding="utf-8"), parts)
    ]


def write_pages(root: Path = ROOT) -> list[str]:
    changed = []
    for page, parts in GENERATED.items():
        path = root / page
        old = path.read_text(encoding="utf-8")
        new = render(old, parts)
        if new != old:
            path.write_text(new, encoding="utf-8")
            changed.append(page)
    return changed


SCREENSHOT = "docs/podium.svg"
SCREENSHOT_TABLE = "holdem-4-8-half-two-pots.toml"


def screenshot(path: Path = ROOT / SCREENSHOT, size: tuple[int, int] = (120, 36)) -> Path:
    """The podium on a shipped sample (its recorded session, in memory), as Textual draws
    it: an SVG for the README. Taken on demand (``--screenshot``), never compared."""
    import asyncio

    from floorkill.resources import sample_tables
    from floorkill.ui.podium import make_podium_app
    from floorkill.ui.podium.opening import memory_session

    table = next(sample for sample in sample_tables() if sample.name == SCREENSHOT_TABLE)
    session, _notices = memory_session(table, "ann")
    app = make_podium_app(session, lang="en", cursor_blink=False)

    async def take() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.press(*"3")  # a winner typed: the entry shows what Enter records
            await pilot.pause(0.3)
            app.save_screenshot(filename=path.name, path=str(path.parent))

    asyncio.run(take())
    return path


def main(argv: Iterable[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if "--screenshot" in args:
        print(f"wrote {screenshot().relative_to(ROOT)}")
        return 0
    if "--check" in args:
        stale = stale_pages()
        for page in stale:
            print(f"{page}: out of date; run python -m floorkill.docgen", file=sys.stderr)
        return 1 if stale else 0
    for page in write_pages():
        print(f"wrote {page}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

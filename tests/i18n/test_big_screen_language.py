"""The big screen in Russian says nothing in Latin letters but names and notation, in
English nothing in Cyrillic; Russian cuts no more words than English. Pilot, every state
the players see: neutral, leg up, kill pot, barred, the room grid, waiting."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "big_screen"))

from bshelp import (  # noqa: E402
    BARRED,
    HOSTILE,
    HOSTILE_LEG,
    HOSTILE_TABLE,
    KILL_POT,
    NEUTRAL,
    make_journal,
    room_journal,
)
from screenwords import screen_lines, stray_words  # noqa: E402

from floorkill.ui.big_screen.terminal import make_big_screen_app  # noqa: E402

NAMES = ["Ann", HOSTILE, "Cy", "Eve", "Gus", HOSTILE_TABLE, "Table 12"] + [
    f"Table {i}" for i in range(1, 5)
]
STATES = {"neutral": NEUTRAL, "leg-up": HOSTILE_LEG, "kill-pot": KILL_POT, "barred": BARRED}
SIZES = [(80, 24), (120, 40)]


async def _lines(path: Path, lang: str, size, table: str | None = "Table 12") -> list[str]:
    app = make_big_screen_app(path, table, rotate=0, lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        return screen_lines(app.export_screenshot())


async def _both(path: Path, size, table: str | None = "Table 12"):
    """Russian at every size; English at 80x24, where both languages cut words. At 120x40
    neither cuts one, so Russian cuts none there (no more than English), and English is
    read at 80x24 only: the size moves where a line wraps or is cut, and no wrap or cut
    turns a Latin letter Cyrillic."""
    names = NAMES + [str(path), str(path.parent)]
    cuts = lambda lines: sum(line.count("…") for line in lines)  # noqa: E731
    ru = await _lines(path, "ru", size, table)
    assert stray_words(ru, "ru", names) == [], "\n".join(ru)
    if size == (120, 40):
        assert cuts(ru) == 0, "\n".join(ru)
        return ru, None
    en = await _lines(path, "en", size, table)
    assert stray_words(en, "en", names) == [], "\n".join(en)
    assert cuts(ru) <= cuts(en), "\n".join(ru)
    return ru, en


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
@pytest.mark.parametrize("state", sorted(STATES))
async def test_one_table_speaks_one_language(tmp_path, state, size):
    path = tmp_path / "journal.db"
    make_journal(path, STATES[state])
    ru, en = await _both(path, size)
    text = "\n".join(ru)
    if state == "kill-pot":
        assert "ЛИМИТЫ КИЛЛА" in text and "КИЛЛ-ПОТ — место 3, Cy" in text
    if state == "barred":
        assert (
            "Не допущены до оплаты килла: Cy — долг 20\u00a0$" not in text
        )  # nbsp is a space here
        assert "Не допущены до оплаты килла: Cy — долг 20 $" in text
    if state == "leg-up":
        assert "НОГА — место 2," in text and "▽нога" in text


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
async def test_the_room_grid_speaks_one_language(tmp_path, size):
    path = tmp_path / "journal.db"
    room_journal(path, 4)
    ru, _ = await _both(path, size, table=None)
    assert any("Все столы · 4" in line for line in ru)


async def test_waiting_speaks_one_language(tmp_path, monkeypatch):
    # a short relative path: the screen shows it, and a long tmp_path (a pytest-xdist
    # worker's is longer) would wrap it across lines, where no name matches its pieces
    monkeypatch.chdir(tmp_path)
    path = Path("nothing-yet.db")
    ru, en = await _both(path, (80, 24))
    assert any("Ждём журнал подиума" in line for line in ru)
    assert any("Waiting for the podium journal" in line for line in en)


def test_the_served_page_is_in_the_language_in_use(tmp_path):
    """The TV page's own words (title, the reconnecting line) in the language asked for
    (?lang=), else the server's."""
    from floorkill.web.server import BigScreenServer, ServeConfig

    server = BigScreenServer(ServeConfig(tmp_path / "j.db", lang="ru"))
    page = server.page("ru")
    assert '<html lang="ru">' in page and "Снова подключаемся к большому экрану" in page
    assert "<title>floorkill — большой экран</title>" in page
    page = server.page("en")
    assert '<html lang="en">' in page and "Reconnecting to the big screen" in page

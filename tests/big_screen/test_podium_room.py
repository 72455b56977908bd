"""The room grid at the podium: one key shows every table's kill status; Esc goes back;
while open it follows the journal (this podium's hands and another podium process's)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

from bshelp import room_journal
from termhelp import settle

from floorkill.ui.podium import make_podium_app, open_session
from floorkill.ui.screens.room_grid_screen import RoomScreen
from floorkill.ui.widgets.room_grid import RoomGrid, TableCard


async def test_ctrl_g_shows_every_table_and_escape_returns(tmp_path):
    path = tmp_path / "journal.db"
    names = room_journal(path, 5)
    session, _notices, close = open_session(None, path, "floor")
    app = make_podium_app(session)
    try:
        await _drive(app, names)
    finally:
        close()


ROOT = Path(__file__).resolve().parents[2]


def _card(app, name: str) -> TableCard:
    return next(c for c in app.screen.query(TableCard) if c.card.name == name)


async def _until(pilot, app, name: str, status: str) -> None:
    """Until the open grid's card ``name`` says ``status`` (the app's own timers only: no
    key is pressed; gives up after 30 s)."""
    since = time.monotonic()
    while _card(app, name).card.status != status and time.monotonic() - since < 30:
        await pilot.pause(0.02)
    assert _card(app, name).card.status == status


async def test_the_open_grid_follows_this_podium_and_another_podium_process(tmp_path):
    """Ctrl+G stays open; a hand entered through this podium's floor at Table 3 (leg up)
    and then one by another podium process (kill pot) each show on Table 3's card, with no
    keypress."""
    path = tmp_path / "journal.db"
    room_journal(path, 4)
    session, _notices, close = open_session(None, path, "floor")
    app = make_podium_app(session)
    script = textwrap.dedent(f"""
        import sys; sys.path.insert(0, {str(ROOT)!r})
        from floorkill.store.journal import Journal
        with Journal({str(path)!r}, "podium-2") as j:
            j.open_table("Table 3").append({{"type": "hand", "winner": 3, "qualifies": True}})
    """)
    try:
        async with app.run_test(size=(140, 44)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+g")
            await pilot.pause()
            assert isinstance(app.screen, RoomScreen)
            assert _card(app, "Table 3").card.status == "NO KILL"
            app.floor.commit({"type": "hand", "winner": 3}, session=app.tables.get("Table 3"))
            await _until(pilot, app, "Table 3", "LEG UP")
            subprocess.run(
                [sys.executable, "-c", script],
                capture_output=True,
                text=True,
                timeout=60,
                check=True,
            )
            await _until(pilot, app, "Table 3", "KILL POT")
            assert "Killer: Seat 3 Cy" in _card(app, "Table 3").card.who
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, RoomScreen)
            assert app.floor._watchers == [app._floor_changed]  # the grid stopped watching
    finally:
        close()


async def _drive(app, names) -> None:
    async with app.run_test(size=(140, 44)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, RoomScreen)
        cards = list(app.screen.query(TableCard))
        assert [c.card.name for c in cards] == names
        assert [c.card.status for c in cards] == [
            "KILL POT",
            "LEG UP",
            "NO KILL",
            "NO KILL",
            "KILL POT",
        ]
        assert "All tables · 5" in str(app.screen.query_one("#room-title").render())
        assert app.screen.query_one(RoomGrid).pages == 1
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RoomScreen)


def test_room_at_the_podium_snapshot(snap_compare, tmp_path):
    path = tmp_path / "journal.db"
    room_journal(path, 6)
    session, _notices, close = open_session(None, path, "floor")
    try:

        async def open_grid(pilot) -> None:  # the grid once it has read the tables
            await pilot.press("ctrl+g")
            await settle(pilot)

        app = make_podium_app(session)
        assert snap_compare(app, run_before=open_grid, terminal_size=(120, 36))
    finally:
        close()

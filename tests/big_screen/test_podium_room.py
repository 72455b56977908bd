"""The room grid at the podium: one key shows every table's kill status; Esc goes back."""

from __future__ import annotations

from bshelp import room_journal

from floorkill.ui.grid import RoomGrid, RoomScreen, TableCard
from floorkill.ui.podium import make_podium_app, open_session


async def test_ctrl_g_shows_every_table_and_escape_returns(tmp_path):
    path = tmp_path / "journal.db"
    names = room_journal(path, 5)
    session, _notices, close = open_session(None, path, "floor")
    app = make_podium_app(session)
    try:
        await _drive(app, names)
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
        assert [c.card.status for c in cards] == ["KILL POT", "LEG UP", "NO KILL", "NO KILL",
                                                  "KILL POT"]
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
        assert snap_compare(make_podium_app(session), press=["ctrl+g"], terminal_size=(120, 36))
    finally:
        close()

"""The room view (Ctrl+O) as a hurried floorperson uses it: typed and paid in one breath,
and switched between English and Russian (F3). rrop-13.6: a barred player's kill is paid
from here, recorded at the table where it is owed."""

from __future__ import annotations

from floorhelp import HALF, HOLDEM, KILLED
from termhelp import send_keys, settle
from textual.widgets import DataTable

from floorkill.rules import load_table_text
from floorkill.store.journal import Journal
from floorkill.ui.podium import make_podium_app
from floorkill.ui.screens.ask_modal import AskModal
from floorkill.ui.screens.room_view import RoomPlayersScreen

SIZE = (120, 40)
# Table 14 seats "cy" (Table 12's Cy) at seat 5; Abe (who sorts first) is barred there too
HALF_CY = HALF + '[[players]]\nseat = 5\nname = "cy"\n[[players]]\nseat = 8\nname = "Abe"\n'


def _journal(path) -> Journal:
    j = Journal(path, "test")
    a = j.create_table(load_table_text(HOLDEM))
    b = j.create_table(load_table_text(HALF_CY))
    for ev in KILLED:
        a.append(ev)
    a.append({"type": "quit", "seat": 3, "posts_kill": False})  # Cy barred, $20
    for ev in (
        {"type": "hand", "winner": 8},
        {"type": "hand", "winner": 8, "qualifies": True},
        {"type": "quit", "seat": 8, "posts_kill": False},
    ):  # Abe barred, $6
        b.append(ev)
    return j


def rendered(dt: DataTable) -> list[str]:
    """The table's lines as drawn (header first)."""
    return [dt.render_line(y).text.rstrip() for y in range(len(dt.rows) + 1)]


async def _idle_then(pilot, dt) -> str:
    await pilot.pause()
    return "\n".join(rendered(dt))


async def test_rrop_13_6_typed_then_enter_at_once_pays_the_row_typed(tmp_path):
    """ "cy⏎" sent as a terminal sends it, with no wait: the Enter must act on the rows the
    typed letters filter, not on the first row of the unfiltered list (Abe, barred)."""
    j = _journal(tmp_path / "evening.db")
    app = make_podium_app(j.open_table("Table 14"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        screen = app.screen
        assert isinstance(screen, RoomPlayersScreen)
        assert screen.shown[0].player == "Abe" and screen.shown[0].owes == 600
        send_keys(app, "c", "y", "enter")
        await settle(pilot)
        assert isinstance(app.screen, AskModal), app.screen
        assert "cy" in app.screen.question and "Abe" not in app.screen.question
        send_keys(app, "enter")
        await settle(pilot)
        assert not j.open_table("Table 12").state.barred  # Cy paid there
        assert j.open_table("Table 14").state.is_barred("Abe")  # Abe still owes
    j.close()


async def test_f3_in_the_room_view_keeps_every_column_as_wide_as_its_words(tmp_path):
    """F3 rebuilds the headers in the other language; the cells keep their whole words
    ("Table 14", "playing"), not cut to the header's width ("Tabl", "playin") — in the
    first frame too: a frame drawn before the table measured its new rows stayed on a
    real terminal."""
    j = _journal(tmp_path / "evening.db")
    app = make_podium_app(j.open_table("Table 14"), lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        dt = app.screen.query_one(DataTable)
        for lang, words in (
            ("en", ["Table 14", "playing", "BARRED — owes $20 at Table 12"]),
            ("ru", ["Table 14", "играет", "НЕДОПУСК — долг 20\xa0$ (Table 12)"]),
            ("en", ["Table 14", "playing", "BARRED — owes $20 at Table 12"]),
        ):
            app.screen.action_language()  # F3
            assert app.screen.lang == lang
            # the frame a terminal may draw at once, before the table is idle, and after
            for lines in ("\n".join(rendered(dt)), await _idle_then(pilot, dt)):
                for word in words:
                    assert word in lines, (word, lines)
        send_keys(app, *"cy", "enter")
        await settle(pilot)
        assert isinstance(app.screen, AskModal) and "cy" in app.screen.question
    j.close()


async def test_escape_in_the_filter_clears_it_before_it_closes_the_view(tmp_path):
    j = _journal(tmp_path / "evening.db")
    app = make_podium_app(j.open_table("Table 14"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        screen = app.screen
        everyone = len(screen.shown)
        send_keys(app, "c", "y", "escape")
        await settle(pilot)
        assert app.screen is screen and len(screen.shown) == everyone
        await pilot.press("escape")
        assert not isinstance(app.screen, RoomPlayersScreen)
    j.close()

"""Room-wide bars at the podium (Pilot): two tables of one journal, the room view,
near-match questions (rrop-13.6). Two podium processes: test_room_two_podiums.py."""

from __future__ import annotations

from floorhelp import HALF, HOLDEM, KILLED
from termhelp import settle, type_text

from floorkill.rules import load_table_text
from floorkill.store.journal import Journal
from floorkill.ui.podium import make_podium_app
from floorkill.ui.screens.ask_modal import AskModal
from floorkill.ui.screens.room_view import RoomPlayersScreen
from floorkill.ui.widgets.rules_panel import RulesPanel
from floorkill.ui.widgets.seating import Seating
from floorkill.ui.widgets.status_line import barred_text

SIZE = (120, 40)
# Table 14 (HALF) seats "cy" at seat 5 too: the same person as Table 12's Cy
HALF_CY = HALF + '[[players]]\nseat = 5\nname = "cy"\n'


def seat_status(app, seat: int) -> str:
    views = app.podium.query_one(Seating)._views
    return views[seat - 1].status


def panel(app) -> str:
    return " ".join(app.podium.query_one(RulesPanel).plain_text().split())


def _journal(path):
    j = Journal(path, "test")
    a = j.create_table(load_table_text(HOLDEM))
    b = j.create_table(load_table_text(HALF_CY))
    for ev in KILLED:
        a.append(ev)
    return j, a, b


async def test_rrop_13_6_bar_at_a_shows_at_b_a_win_at_b_is_refused_pay_at_b_lifts_at_a(tmp_path):
    j, a, b = _journal(tmp_path / "evening.db")
    app = make_podium_app(a)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6", "3", "x", "n")  # Cy leaves without posting: barred
        assert a.state.is_barred("Cy")
        app.switch_table("Table 14")
        await settle(pilot)
        assert app.session is b
        assert seat_status(app, 5) == "BARRED"  # seat label at B
        assert "cy owes $20 at Table 12" in barred_text(app.session.state)  # status line
        assert "cy owes $20 (Table 12)" in panel(app)  # rules panel
        await pilot.press("f5", "5", "enter")  # a hand naming Cy the winner
        await settle(pilot)
        assert len(b) == 0
        assert "owes a kill of $20 at Table 12" in panel(app) and "rrop-13.6" in panel(app)
        await pilot.press("ctrl+u", "1", "enter")  # Ivy wins: Cy dealt out
        await settle(pilot)
        assert len(b) == 1 and b.records(0, 1)[0].event["room"][0]["table"] == "Table 12"
        await pilot.press("f6", "5", "p")  # pay from B, at Cy's seat
        assert app.screen.owed == [("Cy", 2000, "barred", "Table 12")]
        await pilot.press("enter")
        await settle(pilot)
        assert not a.state.is_barred("Cy") and not b.state.is_barred("Cy")
        assert seat_status(app, 5) == ""
        assert j.connection.execute(
            "SELECT tbl FROM events WHERE type = 'pay_kill'"
        ).fetchall() == [("Table 12",)]
    j.close()


async def test_the_room_view_lists_filters_and_pays(tmp_path):
    j, a, b = _journal(tmp_path / "evening.db")
    a.append({"type": "quit", "seat": 3, "posts_kill": False})
    app = make_podium_app(b)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, RoomPlayersScreen)
        rows = {(r.player, r.table): r for r in screen.rows}
        assert rows[("cy", "Table 14")].barred and "Table 12" in rows[("cy", "Table 14")].status
        assert rows[("cy", "Table 14")].owed_at == "Table 12"  # where a payment goes
        assert ("Cy", "Table 12") not in rows  # shown where she sits
        assert rows[("Ivy", "Table 14")].status == "playing"
        await pilot.press(*"CY  ")  # the name key filters
        await settle(pilot)
        assert [(r.player, r.table) for r in screen.shown] == [("cy", "Table 14")]
        await pilot.press("enter", "enter")  # pay; confirm
        await settle(pilot)
        assert not b.state.is_barred("cy") and not a.state.barred
        assert all(not r.barred for r in app.screen.rows)
        b.append({"type": "quit", "seat": 5})
        a.void(len(a), "the pay was entered by mistake")  # barred again, seated nowhere
        app.screen.reload()  # read in the podium's journal work: a thread once it is slow
        for _ in range(250):  # bounded: until the rows read again have landed
            nowhere = [r for r in app.screen.rows if r.key == "cy"]
            if nowhere and nowhere[0].seat is None:
                break
            await pilot.pause(0.02)
        assert len(nowhere) == 1 and nowhere[0].seat is None and nowhere[0].table == "Table 12"
        assert "not seated" in nowhere[0].status
        await pilot.press("escape", "escape")  # the filter cleared, then the view closed
        assert not isinstance(app.screen, RoomPlayersScreen)
    j.close()


async def test_a_near_match_join_asks_before_seating(tmp_path):
    j, a, b = _journal(tmp_path / "evening.db")
    b.append({"type": "join", "seat": 8, "name": "Наталья Смирнова"})
    b.append({"type": "hand", "winner": 8})
    b.append({"type": "hand", "winner": 8, "qualifies": True})
    b.append({"type": "quit", "seat": 8, "posts_kill": False})  # barred at Table 14, $6
    app = make_podium_app(a)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6", "8", "j")
        await type_text(pilot, "Наталия Смирнова")
        await pilot.press("enter")  # one letter off
        ask = app.screen
        assert isinstance(ask, AskModal)
        assert ask.question == "Is this Наталья Смирнова, barred at Table 14 for $6?"
        await pilot.press("y")  # the same person: refused
        assert a.state.player(8) is None
        assert "rrop-13.6" in " ".join(app.podium.query_one(RulesPanel).plain_text().split())
        await pilot.press("f6", "8", "j")
        await type_text(pilot, "Наталия Смирнова")
        await pilot.press("enter", "n")  # someone else
        assert "agree" in app.screen.question  # then the kill-pot question
        await pilot.press("n")
        await settle(pilot)
        assert a.state.player(8).name == "Наталия Смирнова"
        await pilot.press("f6", "9", "j")
        await type_text(pilot, "наталья  смирнова")
        await pilot.press("enter")  # the same key: refused
        assert a.state.player(9) is None and len(a) == 3
    j.close()

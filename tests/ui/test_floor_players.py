"""Players coming and going, from the seat keys and the command palette (Pilot)."""

from __future__ import annotations

from floorhelp import HALF, HOLDEM, KILLED, WSOP, hand, session
from termhelp import type_text
from textual.widgets import Input
from textual_private import notices

from floorkill.rules import load_table_text
from floorkill.store.journal import Journal
from floorkill.ui.podium import make_podium_app
from floorkill.ui.screens.ask_modal import AskModal
from floorkill.ui.screens.seat_forms import FormModal, PayKillModal
from floorkill.ui.widgets.hand_entry import HandEntry
from floorkill.ui.widgets.rules_panel import RulesPanel
from floorkill.ui.widgets.seating import Seating
from floorkill.ui.widgets.status_line import kill_status_text

SIZE = (120, 40)


def flat(text: str) -> str:
    return " ".join(text.split())


def last(s):
    return s.records(len(s) - 1, len(s))[0]


async def seat_key(pilot, seat: int, key: str) -> None:
    """On the seating diagram: pick the seat by its number, press the key."""
    await pilot.press("f6", str(seat % 10), key)


async def test_join_from_the_seat_keys():
    s = session()
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await seat_key(pilot, 5, "j")
        form = app.screen
        assert isinstance(form, FormModal)
        assert form.query_one("#f-seat", Input).value == "5"
        await type_text(pilot, "Eve")
        await pilot.press("tab", "tab")
        await type_text(pilot, "300")
        await pilot.press("enter")
        assert not isinstance(app.screen, FormModal)
        assert last(s).event == {"type": "join", "seat": 5, "name": "Eve", "stack": 300}
        notice = notices(app)[-1]
        assert notice.message == "#1 · join seat 5: Eve" and notice.title == "Table 12"
        assert s.state.player(5).name == "Eve" and s.state.player(5).stack == 30000
        assert app.query_one(HandEntry).input.has_focus  # the focus model: the entry


async def test_join_an_unreadable_name_or_into_an_occupied_seat_is_refused_in_the_form():
    s = session()
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6", "5", "j", "enter")  # no name
        assert "type the player's name" in app.screen.error
        await pilot.press("escape")
        assert len(s) == 0 and not isinstance(app.screen, FormModal)
        await pilot.press("f6", "5", "j")
        await type_text(pilot, "Eve")
        await pilot.press("tab", "backspace", "3", "enter")
        form = app.screen
        assert isinstance(form, FormModal)  # still open, nothing stored
        assert "seat 3 is taken by Cy" in form.error
        assert form.query_one("#f-name", Input).value == "Eve"
        assert len(s) == 0
        await pilot.press("backspace", "6", "enter")  # correct it in place
        assert last(s).event["seat"] == 6


async def test_pending_killer_quits_and_the_kill_is_posted():
    s = session(events=KILLED)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await seat_key(pilot, 3, "x")
        ask = app.screen
        assert isinstance(ask, AskModal)
        assert "is the kill posted" in ask.question and "$20" in ask.question
        assert "rrop-13.6" in ask.cites
        await pilot.press("y")
        assert last(s).event == {"type": "quit", "seat": 3}  # posts_kill defaults to true
        b = s.state.button
        assert b.killed and b.seat == 3 and s.state.held_seat == 3 and not s.state.barred
        assert "kill of $20 stays in the pot" in flat(app.query_one(RulesPanel).plain_text())


async def test_pending_killer_quits_and_the_kill_is_not_posted_bars_them():
    s = session(events=KILLED)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await seat_key(pilot, 3, "x")
        await pilot.press("n")
        assert last(s).event == {"type": "quit", "seat": 3, "posts_kill": False}
        assert s.state.button.status == "neutral"
        assert s.state.is_barred("Cy") and s.state.owed("Cy").owes == 2000
        assert "Barred: Cy owes $20" in " ".join(
            str(x) for x in app.query_one("#status").render().renderables
        )
        assert "rrop-13.6" in app.query_one(RulesPanel).cited


async def test_pending_killer_steps_away_escape_records_nothing():
    s = session(events=KILLED)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await seat_key(pilot, 3, "a")
        assert isinstance(app.screen, AskModal)
        assert "steps away" in app.screen.question
        await pilot.press("escape")
        assert len(s) == 2
        await pilot.press("a", "y")  # the cursor is still on seat 3
        assert last(s).event == {"type": "away", "seat": 3}
        assert s.state.player(3).away and s.state.button.killed


async def test_away_and_back_without_a_question_and_a_barred_player_cannot_come_back():
    s = session(events=[hand(4)])
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await seat_key(pilot, 4, "a")  # a leg holder steps away: no question
        assert not isinstance(app.screen, AskModal)
        assert last(s).event == {"type": "away", "seat": 4}
        assert "leg credit" in app.query_one(Seating).render_text().plain or s.state.player(4).away
        await pilot.press("f6", "4", "a")  # the entry had the focus again
        assert last(s).event == {"type": "back", "seat": 4}
        assert not s.state.player(4).away
    s = session(events=KILLED + [{"type": "away", "seat": 3, "posts_kill": False}])
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await seat_key(pilot, 3, "a")
        assert len(s) == 3  # refused: pay first
        assert "pay it before coming back" in flat(app.query_one(RulesPanel).plain_text())
        assert "rrop-13.6" in app.query_one(RulesPanel).cited


async def test_quit_of_an_ordinary_player_is_confirmed_with_its_consequence():
    s = session(events=[hand(4)])
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await seat_key(pilot, 4, "x")
        ask = app.screen
        assert isinstance(ask, AskModal) and "leaves the game?" in ask.question
        assert "rrop-13.1b" in ask.cites  # the last winner quits: neutral
        await pilot.press("enter")
        assert last(s).event == {"type": "quit", "seat": 4}
        assert s.state.player(4) is None and s.state.button.status == "neutral"


async def test_joining_a_kill_pot_agreeing_to_kill_the_next_pot_or_not_agreeing_sits_out():
    s = session(events=KILLED)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6", "5", "j", *"Eve", "enter")
        ask = app.screen
        assert isinstance(ask, AskModal) and "agree to kill the next pot" in ask.question
        assert ask.cites == ("rrop-13.12",)
        await pilot.press("y")
        assert last(s).event == {"type": "join", "seat": 5, "name": "Eve", "agrees_to_kill": True}
        assert s.state.agreed == (5,) and not s.state.player(5).sitting_out
        await pilot.press("f6", "6", "j")  # the kill pot is still to come: asked again
        await type_text(pilot, "Fay")
        await pilot.press("enter")
        ask = app.screen
        assert isinstance(ask, AskModal) and "agree to kill the next pot" in ask.question
        await pilot.press("n")
        assert last(s).event == {"type": "join", "seat": 6, "name": "Fay"}
        assert s.state.player(6).sitting_out and s.state.agreed == (5,)
        assert "sits out" in app.query_one(Seating).render_text().plain


async def test_joining_a_kill_pot_under_the_wsop_preset_asks_nothing():
    s = session(WSOP, events=KILLED)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6", "5", "j", *"Eve", "enter")
        assert not isinstance(app.screen, AskModal)
        assert last(s).decisions[0].cites == ("wsop-201",)


async def test_stack_and_pay_an_owed_kill():
    s = session(events=KILLED + [{"type": "quit", "seat": 3, "posts_kill": False}])
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await seat_key(pilot, 4, "s")
        assert isinstance(app.screen, FormModal)
        assert app.screen.query_one("#f-amount", Input).value == "500"
        await pilot.press(*"640", "enter")  # typing replaces the old stack
        assert last(s).event == {"type": "stack", "seat": 4, "amount": 640}
        await pilot.press("f6", "p")  # recorded: the entry had the focus
        assert isinstance(app.screen, PayKillModal)
        await pilot.press("enter")
        assert last(s).event == {"type": "pay_kill", "name": "Cy"}
        assert not s.state.barred
        assert last(s).decisions[0].cites == ("rrop-13.6",)
        await pilot.press("f6", "p")  # nobody owes now
        assert not isinstance(app.screen, PayKillModal)


async def test_barred_at_one_table_is_refused_at_another_of_the_same_journal(tmp_path):
    j = Journal(tmp_path / "evening.db", "test")
    a = j.create_table(load_table_text(HOLDEM))
    j.create_table(load_table_text(HALF))
    for ev in KILLED:
        a.append(ev)
    app = make_podium_app(a)  # the journal comes with the session
    async with app.run_test(size=SIZE) as pilot:
        await seat_key(pilot, 3, "x")
        await pilot.press("n")  # Cy leaves without posting: barred
        assert a.state.is_barred("Cy")
        app.switch_table("Table 14")
        await pilot.pause()
        b = app.session
        assert b.name == "Table 14"
        await pilot.press("f6", "5", "j")
        await type_text(pilot, "cy")
        await pilot.press("enter")
        form = app.screen
        assert isinstance(form, FormModal)
        assert "cy owes a kill of $20 (Table 12)" in form.error and "rrop-13.6" in form.error
        assert "Pay kill" in form.error  # what to do about it
        assert len(b) == 0
        await pilot.press("escape", "p")  # cancelled: still on the seats
        assert isinstance(app.screen, PayKillModal)
        assert app.screen.owed == [("Cy", 2000, "barred", "Table 12")]
        await pilot.press("enter")
        assert not a.state.barred and len(b) == 0
        await pilot.press("f6", "5", "j")
        await type_text(pilot, "Cy")
        await pilot.press("enter")  # paid: the entry had the focus
        assert b.state.player(5).name == "Cy"
    j.close()


async def test_player_actions_from_the_command_palette():
    s = session(events=KILLED)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        names = {c.title: c.callback for c in app.get_system_commands(app.screen)}
        for title in (
            "Join a player",
            "Step away / come back",
            "Player leaves the game",
            "Record a stack",
            "Pay an owed kill",
            "Tables",
            "Rulings",
            "New table",
            "New table from a sample",
            "Close this table",
            "About floorkill",
        ):
            assert title in names, title
        assert "Voluntary kill" not in names  # this table takes none: not offered
        names["Player leaves the game"]()  # asks the seat first
        await pilot.pause()
        assert isinstance(app.screen, FormModal)
        await pilot.press("backspace", "3", "enter")
        assert isinstance(app.screen, AskModal) and "is the kill posted" in app.screen.question
        await pilot.press("n")
        assert last(s).event == {"type": "quit", "seat": 3, "posts_kill": False}
        assert "Neutral" == kill_status_text(s.state)


def test_every_floor_binding_has_an_id():
    from floorkill.ui.screens.rulings_screen import RulingsScreen
    from floorkill.ui.screens.table_editor import TableEditor
    from floorkill.ui.screens.table_list import SampleModal, TableListScreen
    from floorkill.ui.widgets.floor_seating import FloorSeating

    for cls in (
        FloorSeating,
        AskModal,
        FormModal,
        PayKillModal,
        RulingsScreen,
        TableEditor,
        TableListScreen,
        SampleModal,
    ):
        for b in cls.BINDINGS:
            assert b.id, f"{cls.__name__}: {b.key} has no id"


async def test_notices_name_the_player_and_warn_of_a_second_table():
    a = session(events=[hand(4)])
    b = session(HALF)
    app = make_podium_app(b, others=[a])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6", "5", "j")
        await type_text(pilot, "Dee")
        await pilot.press("enter")  # Dee sits at Table 12 too
        said = notices(app)
        assert b.state.player(5).name == "Dee"
        assert any(
            n.message == "Dee is also seated at Table 12, seat 4" and n.severity == "warning"
            for n in said
        )
        await pilot.press("f6", "5", "a")
        assert notices(app)[-1].message == "#2 · away seat 5 — Dee"


async def test_rrop_13_1b_a_seat_change_from_the_seat_key_keeps_the_leg():
    s = session()
    s.append(hand(1))  # Ann has the leg
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await seat_key(pilot, 1, "m")
        form = app.screen
        assert isinstance(form, FormModal)
        assert form.query_one("#f-seat", Input).value == "1"
        await type_text(pilot, "8")
        await pilot.press("enter")
        assert not isinstance(app.screen, FormModal)
        assert last(s).event == {"type": "move", "from": 1, "to": 8}
        b = s.state.button
        assert (b.status, b.seat, b.player) == ("leg-up", 8, "Ann")
        assert s.state.player(1) is None

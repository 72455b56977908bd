"""The voluntary kill (rrop-13.10) from the seat keys: each refusal with its numbers and
clause, and an accepted one shown acting last on the status line and the diagram."""

from __future__ import annotations

from floorhelp import HOLDEM, KILLED, LOWBALL, session
from textual.widgets import Input

from floorkill.ui.podium import make_podium_app
from floorkill.ui.screens.seat_forms import FormModal
from floorkill.ui.widgets.seating import Seating
from floorkill.ui.widgets.status_line import StatusLine, kill_status_text

SIZE = (120, 40)


async def test_refused_for_a_short_stack_with_the_numbers_and_the_clause():
    s = session(LOWBALL)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6", "2", "v")
        form = app.screen
        assert isinstance(form, FormModal)
        assert "$16 = 4 × $4" in str(form.note)  # the rule, before anything is typed
        await pilot.press("enter")
        assert isinstance(app.screen, FormModal) and len(s) == 0
        assert "stack $15, needs $16 = 4 × $4" in form.error
        assert "rrop-13.10" in form.error


async def test_refused_once_a_third_card_is_out_and_for_too_many_cards_seen():
    s = session(LOWBALL)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6", "3", "v", "tab", "tab", "y", "enter")
        form = app.screen
        assert "too late: a player has received card 3" in form.error and "rrop-13.10" in form.error
        await pilot.press(
            "tab", "tab", *"3", "tab", "backspace", "n", "enter"
        )  # seen 3, no third card out
        assert form.query_one("#f-seen", Input).value == "3"
        assert "at most 2 cards (seen 3)" in form.error
        assert len(s) == 0


async def test_not_offered_on_a_table_without_voluntary_kills_nor_in_a_killed_pot():
    """The form opens only where the rules take a voluntary kill now; elsewhere the key is
    not offered, and asked for anyway (the palette's caller) the rules' reason is said at
    once, with its clause — never after filling a form."""
    from floorkill.ui.screens.seat_forms import FormModal
    from floorkill.ui.widgets.floor_seating import FloorSeating
    from floorkill.ui.widgets.rules_panel import RulesPanel

    for table, events, reason in (
        (HOLDEM, [], "does not allow voluntary kills"),
        (LOWBALL, [{"type": "voluntary_kill", "seat": 3}], "only one kill per deal"),
    ):
        s = session(table, events=events)
        app = make_podium_app(s)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("f6", "1", "v")
            assert not isinstance(app.screen, FormModal)
            seating = app.query_one(FloorSeating)
            assert seating.check_action("seat_action", ("voluntary",)) is False
            assert seating.check_action("seat_action", ("join",)) is True
            app.floor_voluntary(1)
            await pilot.pause()
            assert not isinstance(app.screen, FormModal)
            assert reason in " ".join(app.query_one(RulesPanel).plain_text().split())
            assert len(s) == len(events)


async def test_accepted_the_killer_acts_last():
    s = session(LOWBALL)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6", "3", "v", "enter")  # seat 3 Cy, stack $40
        assert not isinstance(app.screen, FormModal)
        rec = s.records(0, 1)[0]
        assert rec.event == {"type": "voluntary_kill", "seat": 3}
        assert rec.decisions[0].cites == ("rrop-13.10",)
        b = s.state.button
        assert b.killed and b.kind == "voluntary" and b.amount == 400
        status = kill_status_text(s.state)
        assert status == (
            "KILL POT — Seat 3 Cy posts $4 (voluntary) — playing $4-$8, killer acts last"
        )
        assert status in str(app.query_one(StatusLine).render().renderables[1])
        diagram = app.query_one(Seating).render_text().plain
        assert "acts last" in diagram and "▲KILL" in diagram


async def test_a_required_killer_acting_in_turn_is_not_marked():
    s = session(events=KILLED)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE):
        assert "acts last" not in app.query_one(Seating).render_text().plain

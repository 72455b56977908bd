"""Whole podium flows driven from the keyboard with Pilot (docs/rules.md sections 4 and 5)."""

from __future__ import annotations

from langhelp import f3_to
from textual.widgets import Input, Static
from uihelp import HOLDEM, OMAHA8, hand, session

from floorkill.ui.podium import make_podium_app
from floorkill.ui.screens.undo_and_showdown import ShowdownModal, UndoModal
from floorkill.ui.widgets.hand_entry import HandEntry
from floorkill.ui.widgets.history_view import HistoryView
from floorkill.ui.widgets.rules_panel import RulesPanel
from floorkill.ui.widgets.seating import Seating
from floorkill.ui.widgets.status_line import StatusLine, kill_status_text

SIZE = (120, 40)


def entry_message(app) -> str:
    return app.query_one(HandEntry).message


def rules_text(app) -> str:
    return app.query_one(RulesPanel).plain_text()


async def test_plain_hand_is_seat_and_enter():
    s = session()
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        widgets = {
            type(w): w
            for w in (
                app.query_one(Seating),
                app.query_one(StatusLine),
                app.query_one(RulesPanel),
                app.query_one(HistoryView),
            )
        }
        await pilot.press("3")  # key 1: nothing stored yet
        assert len(s) == 0
        await pilot.press("enter")  # key 2: stored, no question asked
        for cls, w in widgets.items():  # updated in place, never remounted
            assert app.query_one(cls) is w
        assert len(s) == 1 and app.query_one(HandEntry).question is None
        assert s.records(0, 1)[0].event == {"type": "hand", "winner": 3}
        assert s.state.button.status == "leg-up" and s.state.button.seat == 3
        assert kill_status_text(s.state) == "Leg up: Seat 3 Cy"
        assert app.query_one("#entry-input", Input).value == ""
        assert "rrop-13.3" in rules_text(app)


async def test_natural_kill_from_keyboard_asks_the_second_leg_question():
    s = session()
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        keys = ["3", "enter", "3", "enter"]
        await pilot.press(*keys)
        entry = app.query_one(HandEntry)
        assert len(s) == 1  # the second hand waits for the answer
        assert entry.question is not None and entry.question.kind == "qualifies"
        assert "rrop-13.3" in entry_message(app)
        assert "$10" in entry_message(app)  # one full bet at $10-$20
        await pilot.press("y", "enter")
        keys += ["y", "enter"]
        assert len(keys) == 6
        b = s.state.button
        assert b.status == "killed" and b.seat == 3 and b.amount == 2000
        assert s.records(1, 2)[0].event == {"type": "hand", "winner": 3, "qualifies": True}
        assert kill_status_text(s.state) == (
            "KILL POT — Seat 3 Cy posts $20 — playing $20-$40, killer acts in turn"
        )
        assert "KILL POT" in str(app.query_one(StatusLine).render().renderables[1])
        assert "must kill the next hand" in " ".join(rules_text(app).split())


async def test_second_leg_amount_answer_too_small_and_a_split_pot_keep_the_leg():
    s = session(events=[hand(3)])
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "enter", "5", "enter")
        assert s.state.button.status == "leg-up"
        assert s.records(1, 2)[0].event["won_beyond_blinds"] == 5
        await pilot.press("3", "space", "4", "enter")  # Cy, with the leg, splits
        assert s.records(2, 3)[0].event == {"type": "hand", "winners": [3, 4]}
        assert s.state.button.status == "leg-up" and s.state.button.seat == 3
        assert "rrop-13.4" in rules_text(app)


async def test_house_flop_question_before_second_leg():
    text = HOLDEM.replace(
        'triggers = ["two-pots"]', 'triggers = ["two-pots"]\nsecond_leg_needs_flop = true'
    )
    s = session(text, events=[hand(3)])
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "enter")
        entry = app.query_one(HandEntry)
        assert entry.question.kind == "flop"
        assert "house-natural" in entry_message(app)
        await pilot.press("n", "enter")  # a walk: keeps the leg (house-natural)
        assert s.records(1, 2)[0].event == {"type": "hand", "winner": 3, "flop": False}
        assert s.state.button.status == "leg-up"


async def test_split_with_commas_no_leg_goes_neutral():
    s = session()
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"1,4", "enter")
        assert s.records(0, 1)[0].event == {"type": "hand", "winners": [1, 4]}
        assert s.state.button.status == "neutral"


async def test_hilo_scoop_that_kills_asks_for_the_pot():
    s = session(OMAHA8)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h", "3", "space", "l", "-", "enter")
        entry = app.query_one(HandEntry)
        assert len(s) == 0
        assert entry.question.kind == "pot"
        assert "rrop-13.8" in entry_message(app) and "$100" in entry_message(app)
        await pilot.press(*"500", "enter")
        assert s.records(0, 1)[0].event == {"type": "hand", "high": [3], "low": [], "pot": 500}
        b = s.state.button
        assert b.status == "killed" and b.seat == 3
        assert "house-scoop" in rules_text(app)


async def test_hilo_split_never_asks_the_pot():
    s = session(OMAHA8)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"h3 l5", "enter")
        assert app.query_one(HandEntry).question is None
        assert s.records(0, 1)[0].event == {"type": "hand", "high": [3], "low": [5]}
        assert s.state.button.status == "neutral"


async def test_refused_entry_shows_reason_and_clause_and_keeps_the_text():
    s = session(
        events=[hand(3), hand(3, qualifies=True), {"type": "join", "seat": 5, "name": "Eve"}]
    )  # Eve sits out the kill pot
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5", "enter")
        entry = app.query_one(HandEntry)
        assert len(s) == 3  # nothing stored
        assert app.query_one("#entry-input", Input).value == "5"
        assert entry.has_class("-refused")
        msg = entry_message(app)
        assert "not dealt in" in msg and "rrop-13.12" in msg
        assert "rrop-13.12" in app.query_one(RulesPanel).cited
        # correct it in place: backspace, the right seat, Enter
        await pilot.press("backspace", "4", "enter")
        assert len(s) == 4 and not entry.has_class("-refused")


async def test_unreadable_line_keeps_the_text():
    s = session()
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"3 x", "enter")
        assert app.query_one("#entry-input", Input).value == "3 x"
        assert "cannot read 'x'" in entry_message(app)
        assert len(s) == 0


async def test_escape_cancels_a_question_and_restores_the_line_and_a_bad_answer_keeps_it_open():
    s = session(events=[hand(3)])
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "enter")
        assert app.query_one(HandEntry).question is not None
        await pilot.press("escape")
        assert app.query_one(HandEntry).question is None
        assert app.query_one("#entry-input", Input).value == "3"
        assert len(s) == 1
        await pilot.press("enter", "x", "enter")  # the restored line asks again
        entry = app.query_one(HandEntry)
        assert entry.question is not None and entry.question.kind == "qualifies"
        assert "answer y" in entry_message(app)
        await pilot.press("backspace", "n", "enter")
        assert s.records(1, 2)[0].event["qualifies"] is False


async def test_undo_escape_keeps_the_record_and_undo_asks_a_reason_and_restores_the_state():
    s = session(events=[hand(3)])
    before = s.state
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+z", "escape")
        assert len(s) == 1 and not s.records(0, 1)[0].voided
        await pilot.press("4", "enter")
        assert s.state.button.seat == 4
        await pilot.press("ctrl+z")
        assert isinstance(app.screen, UndoModal)
        await pilot.press("enter")  # no reason: refused, still asking
        assert isinstance(app.screen, UndoModal)
        assert "needs a reason" in str(app.screen.query_one("#undo-error", Static).render())
        await pilot.press(*"wrong seat", "enter")
        assert not isinstance(app.screen, UndoModal)
        assert s.state.button == before.button and s.state.hands == before.hands
        last = s.records(len(s) - 1, len(s))[0]
        assert last.type == "void" and last.event == {
            "type": "void",
            "target": 2,
            "reason": "wrong seat",
        }
        assert s.records(1, 2)[0].voided
        assert app.query_one(HistoryView).total == 3
        assert kill_status_text(s.state) == "Leg up: Seat 3 Cy"


async def test_showdown_bad_cards_are_refused_with_the_reason_and_showdown_mode_finds_the_winner():
    s = session()
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2", *"Ah Kd 7c 2s 9h", "tab", "tab", "tab", *"As As", "enter")
        assert len(s) == 0  # the form stays open with the reason, the cards as typed
        shown = app.screen.shown_text
        assert "duplicate" in shown or "cards" in shown, shown
        await pilot.press("escape")
        assert not isinstance(app.screen, ShowdownModal) and len(s) == 0
        await pilot.press("f2")  # a new form
        assert isinstance(app.screen, ShowdownModal)
        await pilot.press(*"Ah Kd 7c 2s 9h", "tab")  # board
        await pilot.press("tab")  # seat 1 mucks; seat 3 next
        await pilot.press(*"As Ks", "tab", *"Qd Qh", "enter")
        assert not isinstance(app.screen, ShowdownModal)
        rec = s.records(0, 1)[0]
        assert rec.event["showdown"]["hands"] == {"3": "As Ks", "4": "Qd Qh"}
        assert rec.result[0] == (3,)
        assert s.state.button.seat == 3


async def test_seat_cursor_moves_with_arrows_and_enter_picks_the_seat():
    s = session()
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        seating = app.query_one(Seating)
        assert seating.has_focus
        await pilot.press("right", "right", "down", "left")
        assert seating.cursor == 3
        await pilot.press("enter")
        assert app.query_one("#entry-input", Input).value == "3"
        assert app.query_one("#entry-input", Input).has_focus


async def test_rules_panel_language_switch_and_clause_summary():
    s = session(events=[hand(3), hand(3, qualifies=True)])
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        from floorkill.rules import clauses

        panel = app.query_one(RulesPanel)
        assert panel.cited[0] == "rrop-13.3"
        assert panel.selected_clause == "rrop-13.3"
        flat = " ".join(rules_text(app).split())
        assert " ".join(clauses.summary("rrop-13.3", "en").split())[:60] in flat
        panel.focus()
        await pilot.press("down")  # move onto the next clause
        second = panel.cited[1]
        assert panel.selected_clause == second
        flat = " ".join(rules_text(app).split())
        assert " ".join(clauses.summary(second, "en").split())[:60] in flat
        assert " ".join(clauses.summary("rrop-13.3", "en").split())[:60] not in flat
        await pilot.press(*f3_to("ru"))  # Russian
        flat = " ".join(rules_text(app).split())
        assert " ".join(clauses.summary(second, "ru").split())[:60] in flat
        assert "килл в следующей раздаче" in flat  # the decision, in Russian
        await pilot.press(*f3_to("en", "ru"))
        assert "must kill" in " ".join(rules_text(app).split())


async def test_history_cursor_shows_that_records_decisions():
    s = session(events=[hand(3), hand(4), hand(1)])
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f7", "up", "up")
        assert app.query_one(HistoryView).cursor == 0
        assert "Cy won the pot" in " ".join(rules_text(app).split())


async def test_every_action_is_in_the_footer_bindings_and_the_command_palette():
    s = session()
    app = make_podium_app(s)
    async with app.run_test(size=SIZE):
        commands = {c.callback.__name__ for c in app.get_system_commands(app.screen)}
        shown = [b for b in app.BINDINGS if b.show]
        assert {b.action for b in shown} >= {
            "undo",
            "showdown",
            "language",
            "side_panel",
            "focus_entry",
            "focus_seats",
            "focus_history",
            "next_theme",
            "quit",
        }
        for b in shown:
            assert f"action_{b.action}" in commands, b.action


def test_every_binding_has_an_id():
    from floorkill.ui.podium import PodiumApp, PodiumScreen

    for cls in (PodiumApp, PodiumScreen, Seating, HistoryView, HandEntry, UndoModal, ShowdownModal):
        for b in cls.BINDINGS:
            assert b.id, f"{cls.__name__}: {b.key} has no id"


async def test_narrow_terminal_swaps_rules_and_history():
    s = session(events=[hand(3)])
    app = make_podium_app(s)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.query_one(RulesPanel).display and not app.query_one(HistoryView).display
        await pilot.press("f4")
        assert not app.query_one(RulesPanel).display and app.query_one(HistoryView).display


async def test_kill_not_posted_is_entered_on_the_line_and_bars_the_killer():
    """rrop-13.6: ``kill_posted = false`` is answerable at the podium: ``4 k-``."""
    s = session(events=[hand(3), hand(3, qualifies=True)])
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        assert "k-" in entry_message(app)  # offered in a kill pot
        await pilot.press("4", "space", "k", "minus", "enter")
        last = s.records(len(s) - 1, len(s))[0]
        assert last.event.get("kill_posted") is False
        assert [o.player for o in s.state.barred] == ["Cy"]
        assert "rrop-13.6" in app.query_one(RulesPanel).cited


async def test_a_change_through_the_floor_reaches_every_panel():
    """One write path, state that flows: an event committed through the app's floor
    controller (as a test or a script would) shows in every panel, none told by hand."""
    s = session()
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        app.floor.commit(hand(3))
        await pilot.pause()
        assert kill_status_text(s.state) == "Leg up: Seat 3 Cy"
        assert "Leg up: Seat 3 Cy" in app.query_one(StatusLine).render().renderables[1].plain
        assert app.query_one(Seating).state is s.state
        assert app.query_one(HistoryView).total == 1
        assert "#1 · hand 1: winner 3" in rules_text(app)
        app.floor.undo(1, "test")
        await pilot.pause()
        assert app.query_one(HistoryView).total == 2 and "Neutral" in rules_text(app)
        await pilot.press(*f3_to("ru"))  # the language flows the same way
        assert "Ожидается" in rules_text(app) and app.query_one(HandEntry).lang == "ru"
        assert app.query_one(HistoryView).lang == "ru"


async def test_hilo_high_alone_asks_no_qualifying_low_scoop_before_recording():
    """The low question keeps the line on a bad answer too."""
    s = session(OMAHA8)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h", "3", "enter")
        entry = app.query_one(HandEntry)
        assert len(s) == 0  # nothing recorded silently
        assert entry.question.kind == "low"
        assert "No qualifying low" in entry_message(app) and "house-scoop" in entry_message(app)
        await pilot.press("x", "enter")  # a bad answer: the question stays
        assert entry.question is not None and entry.question.kind == "low" and len(s) == 0
        assert "low winner" in entry_message(app)
        await pilot.press("backspace", "5", "enter")  # there was a low after all: seat 5
        assert s.records(0, 1)[0].event == {"type": "hand", "high": [3], "low": [5]}
        await pilot.press("h", "3", "enter", "y", "enter")  # a scoop: then the pot it needs
        assert entry.question.kind == "pot"
        await pilot.press(*"50", "enter")
        assert s.records(1, 2)[0].event == {"type": "hand", "high": [3], "low": [], "pot": 50}

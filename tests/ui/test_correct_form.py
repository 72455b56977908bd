"""The correction form from the keyboard (docs/rules.md 4.1): the last-but-five hand
corrected in a few keys, what changes listed before Enter, impossible later records
settled by the floorperson."""

from __future__ import annotations

from textual.widgets import Input, Static
from uihelp import HOLDEM, hand, session

from floorkill.floor.correcting import read_line, typed_line
from floorkill.floor.typed_entry import parse_entry
from floorkill.rules.corrections import History
from floorkill.ui.podium import make_podium_app
from floorkill.ui.screens.amount_modal import AmountModal
from floorkill.ui.screens.ask_modal import AskModal
from floorkill.ui.screens.correct_form import CorrectModal, PickRecordModal

SIZE = (120, 40)
# seats 1 Ann, 3 Cy, 4 Dee, 7 Gus; hand 1 is the last-but-five of six
HANDS = [hand(4), hand(1), hand(1, qualifies=True), hand(3), hand(7), hand(4)]


def test_typed_line_reads_back_as_the_event():
    for ev in (
        hand(4),
        {"type": "hand", "winners": [1, 3]},
        {"type": "hand", "high": [1], "low": []},
        {"type": "hand", "winner": 3, "pot": "140.00", "kill_posted": False},
        {"type": "hand", "winner": 3, "won_beyond_blinds": "20.00", "flop": False},
        hand(1, qualifies=True),
        {"type": "quit", "seat": 2, "posts_kill": False},
        {"type": "join", "seat": 5, "name": "Zoë Hart"},
    ):
        assert read_line(typed_line(ev), ev, parse_entry) == ev
    assert read_line("-", hand(4), parse_entry) is None


async def test_rrop_13_3_correct_the_last_but_five_hand_in_three_keys_and_the_field():
    s = session(events=HANDS)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+y")  # key 1: which hand?
        assert isinstance(app.screen, PickRecordModal)
        await pilot.press("6")  # key 2: the last-but-five
        assert isinstance(app.screen, CorrectModal)
        line = app.screen.query_one("#fix-line", Input)
        assert line.value == "4"
        await pilot.press("backspace", "3")  # the changed field
        await pilot.pause()
        shown = str(app.screen.query_one("#fix-impact", Static).render())
        assert "hand 1: leg up (Dee, seat 4) → leg up (Cy, seat 3)" in shown
        assert "rrop-13.3" in shown
        await pilot.press("enter")  # key 3: recorded
        await pilot.pause()
        assert len(s) == 7 and s.records(6, 7)[0].type == "correct"
    right = [hand(3), *HANDS[1:]]
    assert s.state == History(s.config, s.players, right, strict=True).state


async def test_rrop_13_6_an_impossible_later_record_is_asked_about():
    events = [hand(1), hand(1, qualifies=True), {"type": "quit", "seat": 1, "posts_kill": False}]
    events.append({"type": "pay_kill", "name": "Ann"})
    s = session(events=events)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        app.correct_record(s.records(2, 3)[0])
        await pilot.pause()
        line = app.screen.query_one("#fix-line", Input)
        assert line.value == "quit seat=1 posts_kill=false"
        line.value = "quit seat=1"
        await pilot.pause()
        shown = str(app.screen.query_one("#fix-impact", Static).render())
        assert "record #4 (kill paid) no longer applies" in shown
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, AskModal)  # strike or keep?
        await pilot.press("y")  # strike it
        await pilot.pause()
        assert len(s) == 5
        assert s.records(4, 5)[0].event["strike"] == [4]
        assert not s.state.is_barred("Ann")


async def test_the_dispute_view_shows_the_original_and_its_correction_side_by_side():
    from floorkill.ui.screens.dispute import DisputeScreen, open_dispute

    s = session(events=HANDS)
    s.correct(1, hand(3), reason="the dealer says Cy")
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        open_dispute(app, 1)
        await pilot.pause()
        assert isinstance(app.screen, DisputeScreen)
        banner = str(app.screen.query_one("#dispute-banner", Static).render())
        assert "ENTERED: hand: winner 4" in " ".join(banner.split())
        assert "CORRECTED by #7" in banner and "winner 3" in banner
        assert "the dealer says Cy" in banner
        await pilot.press("end")
        await pilot.pause()
        banner = str(app.screen.query_one("#dispute-banner", Static).render())
        assert "this record corrected #1" in banner


async def _second_leg_asked(lang: str, answer_key: str):
    # hand 1 entered as won by Cy (3); Ann (1) won it: her win at hand 2 is then a second
    # leg, and the rules ask whether it won a full bet beyond the blinds
    events = [hand(3), hand(1), hand(4)]
    s = session(events=events)
    app = make_podium_app(s, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+y", "3")  # the third hand from the last
        assert isinstance(app.screen, CorrectModal)
        await pilot.press("backspace", "1")
        await pilot.pause()
        shown = str(app.screen.query_one("#fix-impact", Static).render())
        await pilot.press("enter")
        await pilot.pause()
        asked = app.screen
        assert isinstance(asked, AskModal)  # the question, not strike / keep
        question = asked.question
        await pilot.press(answer_key)
        await pilot.pause()
        # back to the form: what the answered correction changes is shown before Enter
        assert isinstance(app.screen, CorrectModal)
        after = str(app.screen.query_one("#fix-impact", Static).render())
        assert "asks" not in after and "спрашивает" not in after
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, (AskModal, CorrectModal))
    return s, shown, question


async def test_rrop_13_3_a_later_second_leg_is_asked_and_the_answer_recorded():
    s, shown, question = await _second_leg_asked("en", "y")
    assert "Record #2 (hand) asks: Second leg for seat 1 Ann" in shown
    assert "Second leg for seat 1 Ann: did the winner win at least one full bet" in question
    fix = s.records(3, 4)[0]
    assert fix.type == "correct"
    assert fix.event["answers"] == [{"record": 2, "qualifies": True}]
    assert "strike" not in fix.event and "keep" not in fix.event
    right = [hand(1), hand(1, qualifies=True), hand(4)]
    assert s.state == History(s.config, s.players, right, strict=True).state


async def test_rrop_13_3_the_second_leg_question_in_russian():
    s, shown, question = await _second_leg_asked("ru", "n")
    assert "Запись №2 (раздача) спрашивает: Вторая «нога» места 1 (Ann)" in shown
    assert question.startswith("Вторая «нога» места 1 (Ann)")
    assert s.records(3, 4)[0].event["answers"] == [{"record": 2, "qualifies": False}]
    right = [hand(1), hand(1, qualifies=False), hand(4)]
    assert s.state == History(s.config, s.players, right, strict=True).state


SEAL = {"type": "seal", "head": "0123456789abcdef" * 4 + "@41", "report": "shift.html"}


async def test_a_correction_older_than_the_shifts_seal_asks_for_confirmation_one_after_it_not():
    s = session(events=[hand(4), hand(1), SEAL, hand(3)])
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+y", "3")  # hand 1: before the seal
        assert isinstance(app.screen, CorrectModal)
        await pilot.press("backspace", "3", "enter")
        await pilot.pause()
        asked = app.screen
        assert isinstance(asked, AskModal)
        assert "older than the shift's seal (0123456789ab…@41)" in asked.question
        await pilot.press("escape")  # not confirmed: nothing recorded, the form again
        await pilot.pause()
        assert isinstance(app.screen, CorrectModal) and len(s) == 4
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")  # confirmed
        await pilot.pause()
        assert len(s) == 5 and s.records(4, 5)[0].event["record"] == 1
        # then a record after the seal, on the same podium: corrected without the question
        await pilot.press("ctrl+y", "1")  # hand 3: after the seal
        assert isinstance(app.screen, CorrectModal) and app.screen.original == 4
        await pilot.press("backspace", "7", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, (AskModal, CorrectModal))
        assert len(s) == 6 and s.records(5, 6)[0].event["record"] == 4


# a big-pot table: a single winner's pot decides whether the next hand is a kill pot
BIG_POT = HOLDEM.replace(
    'triggers = ["two-pots"]', 'triggers = ["two-pots", "big-pot"]\nbig_pot_minimum = "5x-upper"'
)
SPLIT_THEN = [
    {"type": "hand", "winners": [1, 3]},
    hand(4, pot="40"),
    hand(7, pot="60"),
    hand(3, pot="30"),
]


async def _pot_asked(lang: str):
    # hand 1 entered as a split pot; Ann (1) won it alone: a single winner's pot is asked,
    # as the entry asks it (house-big-pot), never settled by strike / keep
    s = session(BIG_POT, events=SPLIT_THEN)
    app = make_podium_app(s, lang=lang)
    seen = {}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+y", "4")  # the fourth hand from the last
        assert isinstance(app.screen, CorrectModal)
        line = app.screen.query_one("#fix-line", Input)
        line.value = "1"
        await pilot.pause()
        seen["form"] = str(app.screen.query_one("#fix-impact", Static).render())
        await pilot.press("enter")
        await pilot.pause()
        asked = app.screen
        assert isinstance(asked, AmountModal), type(asked)  # the amount, not strike / keep
        seen["question"] = asked.question
        seen["cites"] = str(asked.query_one("#amount-cites", Static).render())
        await pilot.press("1", "2", "0")
        await pilot.pause()
        seen["preview"] = str(asked.query_one("#amount-preview", Static).render())
        await pilot.press("enter")
        await pilot.pause()
        # back to the form: the line says the pot, the list what the correction changes
        assert isinstance(app.screen, CorrectModal)
        seen["line"] = app.screen.query_one("#fix-line", Input).value
        seen["after"] = str(app.screen.query_one("#fix-impact", Static).render())
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, (AmountModal, AskModal, CorrectModal))
    return s, seen


async def test_house_big_pot_the_pot_a_correction_needs_is_asked_with_its_preview():
    s, seen = await _pot_asked("en")
    assert "Record #1 (hand) asks:" in seen["form"]
    assert "pot" in seen["question"].lower()
    assert "house-big-pot" in seen["cites"]
    assert seen["preview"].startswith("⏎ records:") and "$120" in seen["preview"]
    assert seen["line"] == "1 $120"
    assert "hand 1: neutral → kill pot (Ann, seat 1)" in seen["after"]
    fix = s.records(4, 5)[0]
    assert fix.type == "correct" and fix.event["record"] == 1
    assert fix.event["event"] == {"type": "hand", "winner": 1, "pot": "120.00"}  # the line read
    assert "strike" not in fix.event and "keep" not in fix.event
    right = [hand(1, pot="120.00"), *SPLIT_THEN[1:]]
    assert s.state == History(s.config, s.players, right, strict=True).state


async def test_house_big_pot_the_pot_a_correction_needs_is_asked_in_russian():
    s, seen = await _pot_asked("ru")
    assert "Запись №1 (раздача) спрашивает:" in seen["form"]
    assert seen["preview"].startswith("⏎ запишет:") and "120" in seen["preview"]
    assert s.records(4, 5)[0].event["event"]["pot"] == "120.00"


async def test_a_misspelt_name_corrected_is_one_line_not_one_a_hand_he_held_the_leg():
    # "Gus Smtih" typed at his join: every later hand he held the leg names him — the same
    # rulings under the corrected name, said once (each hand is still stored in the row)
    events = [{"type": "join", "seat": 5, "name": "Gus Smtih"}]
    events += [hand([5, 3, 5, 1, 4][i % 5]) for i in range(30)]
    s = session(events=events)
    app = make_podium_app(s, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        app.correct_record(s.records(0, 1)[0])
        await pilot.pause()
        line = app.screen.query_one("#fix-line", Input)
        line.value = line.value.replace("Smtih", "Smith")
        await pilot.pause()
        shown = str(app.screen.query_one("#fix-impact", Static).render())
        assert shown.splitlines() == [
            "раздачи 1–28: кнопка килла на месте 5 у Gus Smith, а не у Gus Smtih — "
            "те же решения под исправленным именем [rrop-13.3]"
        ]
        await pilot.press("enter")
        await pilot.pause()
        fix = s.records(len(s) - 1, len(s))[0]
        assert fix.type == "correct" and len(fix.decisions) > 10  # every hand, in the row
    assert s.state.player(5).name == "Gus Smith"

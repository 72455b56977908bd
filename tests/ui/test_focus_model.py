"""The focus model: after every action the hand entry has the focus, unless a question
is open — so `3` Enter right after any action records a hand (Pilot; the seat actions follow
one another at one table, and so do F10 and the language, theme and panel keys)."""

from __future__ import annotations

from floorhelp import HALF, HOLDEM, KILLED, hand, journal_with, session

from floorkill.ui.podium import make_podium_app
from floorkill.ui.widgets.hand_entry import HandEntry

SIZE = (120, 40)


async def three_enter_records_a_hand(app, pilot, seat: str = "3") -> None:
    await pilot.pause()
    s = app.session
    hands = s.state.hands
    n = len(s)
    await pilot.press(seat, "enter")
    await pilot.pause()
    entry = app.query_one(HandEntry)
    if entry.question is not None:  # the rules ask (a second leg...): answer no
        await pilot.press("n", "enter")
        await pilot.pause()
    assert len(s) == n + 1 and s.state.hands == hands + 1, (app.focused, entry.message)


async def run(actions, table=HOLDEM, events=(), others=(), seat="3"):
    s = session(table, events=list(events))
    app = make_podium_app(s, others=[session(t) for t in others])
    async with app.run_test(size=SIZE) as pilot:
        await actions(app, pilot)
        await three_enter_records_a_hand(app, pilot, seat)


async def test_after_a_hand_each_seat_action_and_back():
    """One table, the actions in turn, each followed by a hand entered as seat⏎ (seats 1
    and 3 by turns: no second-leg question)."""
    actions = {
        "hand": ("4", "enter"),
        "join": ("f6", "5", "j", *"Hal", "enter"),
        "away": ("f6", "4", "a"),
        "back": ("f6", "4", "a"),
        "stack": ("f6", "4", "s", *"300", "enter"),
        "quit": ("f6", "4", "x", "enter"),  # leaves (confirmed)
    }
    s = session(HOLDEM)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        for i, (name, keys) in enumerate(actions.items()):
            n = len(s)
            await pilot.press(*keys)
            await pilot.pause()
            assert len(s) == n + 1, name  # the action was recorded
            await three_enter_records_a_hand(app, pilot, ("1", "3")[i % 2])
        assert s.state.player(5).name == "Hal" and s.state.player(4) is None


async def test_after_switching_table():
    async def act(app, pilot):
        await pilot.press("f9", "2")
        assert app.session.name == "Table 14"

    await run(act, others=[HALF], seat="1")  # Table 14 seats 1, 2 and 6


async def test_after_creating_a_table(tmp_path):
    j = journal_with(tmp_path / "j.db", (HOLDEM, []))
    app = make_podium_app(j.open_table("Table 12"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9", "n")
        await pilot.pause()
        await pilot.press(*"Table 5")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.session.name == "Table 5"
        await pilot.press("f9", "1")  # back where players sit
        await three_enter_records_a_hand(app, pilot)
    j.close()


async def test_after_undo():
    async def act(app, pilot):
        await pilot.press("4", "enter", "ctrl+z")
        await pilot.pause()
        await pilot.press(*"wrong seat", "enter")
        await pilot.pause()

    await run(act)


async def test_after_a_ruling_recorded():
    async def act(app, pilot):
        await pilot.press("f6", "4", "r")
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        await pilot.press("escape")

    await run(act, events=KILLED)


async def test_after_the_rulings_screen_from_f10_and_the_language_theme_and_panel_keys():
    async def act(app, pilot):
        await pilot.press("f10")
        await pilot.pause()
        await pilot.press("escape")
        await three_enter_records_a_hand(app, pilot, "1")
        await pilot.press("f3", "f8", "f4")

    await run(act)


async def test_after_the_history_and_seats_are_looked_at_then_an_action():
    async def act(app, pilot):
        await pilot.press("f7", "up", "f6", "4", "a")  # Dee steps away, from the seats
        await pilot.pause()

    await run(act)


async def test_a_question_keeps_the_focus_on_its_answer():
    s = session(HOLDEM, events=[hand(3)])
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "enter")
        entry = app.query_one(HandEntry)
        assert entry.question is not None
        assert app.focused is entry.input


async def test_recorded_n_is_said_only_while_it_is_the_last_word():
    s = session(HOLDEM)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4", "enter")
        entry = app.query_one(HandEntry)
        assert entry.message.startswith("Recorded #1.")
        await pilot.press("f6", "3", "a")  # a later event, from the seats
        await pilot.pause()
        assert "Recorded #1" not in entry.message
        await pilot.press("1", "enter")
        assert entry.message.startswith("Recorded #3.")
        await pilot.press("ctrl+z")
        await pilot.pause()
        await pilot.press(*"typo", "enter")  # undone: not "Recorded #3" any more
        await pilot.pause()
        assert "Recorded #3" not in entry.message


async def test_f6_then_a_digit_at_once_picks_the_seat_never_types_into_the_entry():
    """The report: under load, F6 then a digit put the digit into the entry ("86"). The
    keys go in one burst here, with no pause between them."""
    s = session(HOLDEM)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        for key in ("f6", "4", "a"):
            app.simulate_key(key)
        await pilot.pause()
        await pilot.pause()
        assert app.query_one(HandEntry).input.value == ""
        assert s.state.player(4).away

"""The rulings screen: a situation, the decision for the table as it stands, its clause."""

from __future__ import annotations

from floorhelp import HALF, HOLDEM, KILLED, STUD, WSOP, hand, journal_with, session
from langhelp import f3_to
from termhelp import send_keys, settle

from floorkill.ui.podium import make_podium_app
from floorkill.ui.screens.rulings_screen import RulingsScreen
from floorkill.ui.widgets.choice_line import ChoiceLine

SIZE = (120, 40)


def flat(text: str) -> str:
    return " ".join(text.split())


async def test_short_post_in_a_required_kill_must_complete():
    s = session(events=KILLED)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6", "4", "r")  # from the seat: Dee put in too little
        screen = app.screen
        assert isinstance(screen, RulingsScreen)
        assert screen.situation == "short-post" and screen.seat == 4
        assert [d.code for d in screen.decisions] == ["must-complete"]
        text = flat(screen.text)
        assert "Dee must complete: the pot is killed by Cy" in text
        assert "rrop-13.9" in text and "Kill Pots, rule 9" in text  # the clause and its source
        await pilot.press("u")  # record the ruling
        assert s.records(2, 3)[0].event == {"type": "underpost", "seat": 4}
        await pilot.press("escape")
        assert not isinstance(app.screen, RulingsScreen)


async def test_short_post_in_a_voluntary_kill_may_withdraw_and_wsop_cites_196():
    s = session(WSOP, events=KILLED)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f10")
        screen = app.screen
        sel = screen.query_one("#rl-param", ChoiceLine)
        sel.value = 7  # pick Gus
        await pilot.pause()
        assert screen.seat == 7
        assert screen.decisions[0].cites == ("rrop-13.9", "wsop-196")
        assert "Gus must complete" in flat(screen.text)


async def test_short_post_when_nothing_is_killed():
    s = session()
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r")
        screen = app.screen
        assert screen.decisions[0].code == "no-kill"
        assert "not a kill pot" in flat(screen.text)
        assert not screen.check_action("record", ())  # nothing to record


async def test_killer_in_a_blind_and_one_kill_per_deal():
    # Ann (seat 1) kills; seat 4 deals, 7 is the small blind, Ann the big blind
    s = session(events=[hand(1), hand(1, qualifies=True)])
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f10", "2")
        screen = app.screen
        assert screen.situation == "killer-in-blind"
        assert not screen.query_one("#rl-param-row").display
        d = screen.decisions[0]
        assert d.cites == ("wsop-200", "house-kill-defined")
        assert (
            "Ann is in the big blind: posts the kill in place of that blind ($20 in all)"
            in flat(screen.text)
        )
        await pilot.press("4")
        assert screen.decisions[0].code == "killed" and screen.decisions[0].cites == ("rrop-13.11",)
        assert "already killed by Ann for $20" in flat(screen.text)
        await pilot.press("up")  # the list follows the arrows
        assert screen.situation == "same-game"


async def test_killer_not_in_a_blind_posts_an_extra_blind():
    s = session(events=KILLED)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f10", "2")
        assert app.screen.decisions[0].cites == ("rrop-13.0", "rrop-13.2")
        assert "Cy posts the kill of $20 as an extra blind" in flat(app.screen.text)


async def test_same_game_picks_the_other_table_from_the_journal(tmp_path):
    j = journal_with(
        tmp_path / "j.db",
        (HOLDEM, []),
        (HALF, []),
        (STUD, []),
        (HOLDEM.replace("Table 12", "Table 15"), []),
    )
    app = make_podium_app(j.open_table("Table 12"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f10", "3")
        screen = app.screen
        assert screen.others == ["Table 14", "Table 3", "Table 15"]
        assert screen.decisions[0].code == "different-game"
        assert "rrop-13.13" in flat(screen.text)
        for other, code in (("Table 3", "different-game"), ("Table 15", "same-game")):
            screen.query_one("#rl-param", ChoiceLine).value = other
            await pilot.pause()
            assert screen.decisions[0].code == code, other
        assert "Table 12 and Table 15 are the same game type" in flat(screen.text)
    j.close()


async def test_same_game_without_another_table_says_so():
    app = make_podium_app(session())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f10", "3")
        assert "No other table" in app.screen.text


async def test_rulings_in_russian():
    s = session(events=KILLED)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f10", *f3_to("ru"))
        screen = app.screen
        text = flat(screen.text)
        assert "нужно доставить" in text and "rrop-13.9" in text
        await pilot.press("4")
        assert "второго килла не бывает" in flat(screen.text)
        await pilot.press(*f3_to("en", "ru"))
        assert "no second kill" in flat(screen.text)


async def test_f10_never_defaults_the_short_post_to_the_killers_own_seat():
    s = session(events=KILLED)  # Cy (seat 3) kills the coming hand
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6", "3", "f5")  # the seat cursor left on the killer
        await pilot.press("f10")
        screen = app.screen
        assert isinstance(screen, RulingsScreen)
        assert screen.seat not in (None, 3)
        assert "killed by Cy" in flat(screen.text) and "Cy must complete" not in flat(screen.text)


async def test_the_seat_is_picked_from_the_keyboard_in_one_burst():
    """F10, Tab to the seat, → twice: the ruling follows each seat (keys as one burst)."""
    s = session(events=KILLED)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        send_keys(app, "f10")
        await settle(pilot)
        screen = app.screen
        first = screen.seat
        seats = [p.seat for p in screen.state.players if p is not None]
        send_keys(app, "tab", "right", "right")
        await settle(pilot)
        assert isinstance(app.focused, ChoiceLine)
        expected = seats[(seats.index(first) + 2) % len(seats)]
        assert screen.seat == expected and app.focused.value == expected
        name = screen.state.player(expected).name
        assert f"{name} must complete" in flat(screen.text) or expected == 3
        send_keys(app, "left")
        await settle(pilot)
        assert screen.seat == seats[(seats.index(first) + 1) % len(seats)]

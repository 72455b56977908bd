"""At the podium: F11 shows the table's placard (from the rules model, English or
Russian); under second_leg_pot the second-leg question asks for the pot (Pilot)."""

from __future__ import annotations

from langhelp import f3_to
from uihelp import HOLDEM, hand, session

from floorkill.ui.podium import make_podium_app
from floorkill.ui.screens.placard_screen import PlacardScreen
from floorkill.ui.widgets.hand_entry import HandEntry

SIZE = (120, 40)
POT_RULE = HOLDEM.replace(
    'triggers = ["two-pots"]', 'triggers = ["two-pots"]\nsecond_leg_pot = "5x-big-blind"'
)


def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


async def test_f11_shows_the_placard_and_f3_switches_its_language():
    app = make_podium_app(session(POT_RULE))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f11")
        assert isinstance(app.screen, PlacardScreen)
        lines = shown(app, "#placard-lines")
        assert "in a pot of at least $50 (uncalled bets excluded)" in lines
        assert "house-natural" in lines
        await pilot.press(*f3_to("ru"))
        assert "банк не меньше 50\u00a0$" in shown(app, "#placard-lines")  # a Russian amount
        await pilot.press("escape")
        assert not isinstance(app.screen, PlacardScreen)


async def test_second_leg_pot_asks_for_the_pot_not_money_beyond_the_blinds():
    s = session(POT_RULE, events=[hand(3)])
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "enter")
        entry = app.query_one(HandEntry)
        assert entry.question.kind == "pot"
        assert "pot size" in entry.question.text("en").lower()
        await pilot.press("6", "0", "enter")
        assert s.records(1, 2)[0].event == {"type": "hand", "winner": 3, "pot": 60}
        assert s.state.button.killed and s.state.button.seat == 3

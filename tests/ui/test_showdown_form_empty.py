"""The showdown form starts empty every time (after a refused submit, after an
accepted one), so cards from another table or an earlier hand can never change a winner."""

from __future__ import annotations

from termhelp import type_text
from textual.widgets import Input
from uihelp import session

from floorkill.ui.podium import make_podium_app
from floorkill.ui.screens.undo_and_showdown import ShowdownModal

SIZE = (120, 40)


def form_values(app) -> list[str]:
    return [w.value for w in app.screen.query(Input)]


async def test_showdown_form_starts_empty_after_a_refused_and_an_accepted_submit():
    s = session()
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await type_text(pilot, "Ah Kd 7c 2s 9h")
        await pilot.press("tab", "tab", "tab")
        await type_text(pilot, "As As")
        await pilot.press("enter")
        assert len(s) == 0  # refused: duplicate card (the form stays, saying why)
        assert isinstance(app.screen, ShowdownModal) and "As" in app.screen.shown_text
        await pilot.press("escape")
        await pilot.press("f2")
        assert isinstance(app.screen, ShowdownModal)
        assert form_values(app) and all(v == "" for v in form_values(app))
        await type_text(pilot, "Ah Kd 7c 2s 9h")
        await pilot.press("tab", "tab")
        await type_text(pilot, "As Ks")
        await pilot.press("tab")
        await type_text(pilot, "Qd Qh")
        await pilot.press("enter")
        assert len(s) == 1  # accepted
        await pilot.press("f2")
        assert isinstance(app.screen, ShowdownModal)
        assert all(v == "" for v in form_values(app))
        await pilot.press("escape")
        assert not isinstance(app.screen, ShowdownModal)

"""A fast typist's Tab: the keys typed after Tab in a form land in the next field, even when
the terminal hands them to the app in one burst (no wait for the screen between keys). The
forms' Tab and Shift+Tab are priority bindings, so the focus moves before the next key is
forwarded; without them the burst after Tab went into the field that had the focus."""

from __future__ import annotations

from termhelp import send_keys, settle
from textual.widgets import Input
from uihelp import session

from floorkill.ui.podium import make_podium_app
from floorkill.ui.screens.seat_forms import FormModal
from floorkill.ui.screens.undo_and_showdown import ShowdownModal

SIZE = (120, 40)


def values(app) -> dict[str, str]:
    return {w.id: w.value for w in app.screen.query(Input)}


async def test_showdown_cards_typed_in_one_burst_land_in_their_fields():
    s = session()
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        assert isinstance(app.screen, ShowdownModal)
        ids = [w.id for w in app.screen.query(Input)]
        send_keys(app, *"Ah Kd 7c 2s 9h", "tab", *"As Ks", "tab", *"Qd Qh", "shift+tab")
        await settle(pilot)
        got = values(app)
        assert got[ids[0]] == "Ah Kd 7c 2s 9h"
        assert got[ids[1]] == "As Ks"
        assert got[ids[2]] == "Qd Qh"
        assert app.focused.id == ids[1]  # Shift+Tab went back one field
        send_keys(app, "enter")
        await settle(pilot)
        assert len(s) == 1 and not isinstance(app.screen, ShowdownModal)


async def test_a_players_form_typed_in_one_burst_fills_name_and_stack():
    s = session()
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        form = FormModal(
            "Join",
            [("name", "Name", "", ""), ("stack", "Stack", "", "")],
            build=dict,
            attempt=lambda raw: None,
        )
        await app.push_screen(form)
        await pilot.pause()
        send_keys(app, *"Zoë Hart", "tab", *"200")
        await settle(pilot)
        assert values(app) == {"f-name": "Zoë Hart", "f-stack": "200"}

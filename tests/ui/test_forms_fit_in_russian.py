"""The seat keys' forms in Russian: every label reads whole at 80x24 and at 120x40 (the
Russian labels run longer than the English ones the label column was sized for)."""

from __future__ import annotations

import asyncio

import pytest
from floorhelp import LOWBALL, session
from rich.text import Text
from termhelp import send_keys

from floorkill.ui.podium import make_podium_app
from floorkill.ui.screens.seat_forms import FormModal

# the seat key (Russian layout) of each form on an occupied seat (the join's seat is empty)
FORMS = {"join": ("4", "о"), "stack": ("1", "ы"), "voluntary": ("1", "м"), "move": ("1", "ь")}


async def settle(pilot) -> None:
    app = pilot.app
    for _ in range(400):
        await pilot.pause()
        if app.key_gate.held == 0 and not app.key_gate._busy:
            break
        await asyncio.sleep(0.01)
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_every_label_of_a_russian_seat_form_reads_whole(size):
    """Each form in turn in one app: opened by its seat key, read, cancelled (Escape)."""
    app = make_podium_app(session(LOWBALL), lang="ru")
    absent = []
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for form, keys in FORMS.items():
            send_keys(app, "f6", *keys)
            await settle(pilot)
            screen = app.screen
            if not isinstance(screen, FormModal):
                absent.append(f"{form}: {type(screen).__name__}")
                continue
            for label in screen.query(".form-label"):
                text = str(label.render())
                assert Text(text).cell_len <= label.content_region.width, (form, text)
            send_keys(app, "escape")
            await settle(pilot)
            assert app.screen is app.podium, (form, type(app.screen).__name__)
    if absent:
        pytest.skip(f"no form here: {', '.join(absent)}")

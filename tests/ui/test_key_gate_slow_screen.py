"""Keys typed while a slow screen opens wait for it, however long it takes: a screen of
many fields (the table editor) can take over a second to mount on a loaded machine, and
the keys of the burst that opened it belong in its first field, not on the screen
underneath. (The gate waits for the screen again each time a key's own wait, MAX_WAIT,
runs out.)"""

from __future__ import annotations

import asyncio

from termhelp import send_keys, settle
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Input

from floorkill.ui.podium.key_gate import MAX_WAIT, KeyGate, gated


class SlowForm(ModalScreen[None]):
    """A form whose mount takes longer than a key's own wait (MAX_WAIT)."""

    def compose(self) -> ComposeResult:
        yield Input(id="slow-name")

    async def on_mount(self) -> None:
        await asyncio.sleep(MAX_WAIT * 1.5)
        self.query_one(Input).focus()


class Gated(App[None]):
    BINDINGS = [Binding("f6", "open_form")]

    def __init__(self) -> None:
        super().__init__()
        self.key_gate = KeyGate(self, super().on_event)

    def compose(self) -> ComposeResult:
        yield Input(id="below")

    async def on_event(self, event: events.Event) -> None:
        if gated(event):
            await self.key_gate.take(event)
        else:
            await super().on_event(event)

    def action_open_form(self) -> None:
        self.push_screen(SlowForm())


async def test_keys_typed_while_a_slow_screen_opens_land_in_its_field():
    app = Gated()
    async with app.run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        send_keys(app, "f6", *"Dana")
        await settle(pilot, seconds=20)
        assert isinstance(app.screen, SlowForm)
        assert app.screen.query_one("#slow-name", Input).value == "Dana"
        assert app.query_one("#below", Input).value == ""

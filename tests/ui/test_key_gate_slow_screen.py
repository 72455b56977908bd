"""Keys typed while a slow screen opens wait for it, however long it takes: a screen of
many fields (the table editor) can take over a second to mount on a loaded machine, and
the keys of the burst that opened it belong in its first field, not on the screen
underneath. And a key whose action is slow to open its screen holds the keys after it
for as long as the widget it waits behind is running: on a podium starved of CPU the
join form's ``j`` took over a second to reach its form, and the gate, which then gave up
after one second, handed the name's first letter to the seats underneath ("ana")."""

from __future__ import annotations

import asyncio

from termhelp import send_keys, settle
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Input

from floorkill.ui.podium.key_gate import LOOK, KeyGate, gated

SLOW = LOOK * 3  # longer than the gate waits between two looks (and than a second)


class SlowForm(ModalScreen[None]):
    """A form whose mount takes longer than the gate waits between two looks."""

    def compose(self) -> ComposeResult:
        yield Input(id="slow-name")

    async def on_mount(self) -> None:
        await asyncio.sleep(SLOW)
        self.query_one(Input).focus()


class OpenSlowly(Message):
    """Asks the screen to open the form, which it does after a while."""


class SlowToOpen(Screen[None]):
    """The screen below: a field, and a handler that takes its time to open the form."""

    def compose(self) -> ComposeResult:
        yield Input(id="below")

    async def on_open_slowly(self, _message: OpenSlowly) -> None:
        await asyncio.sleep(SLOW)
        self.app.push_screen(QuickForm())


class QuickForm(ModalScreen[None]):
    def compose(self) -> ComposeResult:
        yield Input(id="quick-name")


class Gated(App[None]):
    BINDINGS = [Binding("f6", "open_form"), Binding("f7", "open_slowly")]

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

    def action_open_slowly(self) -> None:
        self.screen.post_message(OpenSlowly())


async def test_keys_typed_while_a_slow_screen_opens_land_in_its_field():
    app = Gated()
    async with app.run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        send_keys(app, "f6", *"Dana")
        await settle(pilot, seconds=20)
        assert isinstance(app.screen, SlowForm)
        assert app.screen.query_one("#slow-name", Input).value == "Dana"
        assert app.query_one("#below", Input).value == ""


async def test_keys_after_a_key_slow_to_open_its_screen_land_in_that_screen():
    app = Gated()
    async with app.run_test(size=(60, 10)) as pilot:
        await app.push_screen(SlowToOpen())
        await pilot.pause()
        send_keys(app, "f7", *"Dana")
        await settle(pilot, seconds=20)
        assert isinstance(app.screen, QuickForm)
        assert app.screen.query_one("#quick-name", Input).value == "Dana"
        below = app.screen_stack[-2]
        assert below.query_one("#below", Input).value == ""

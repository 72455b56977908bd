"""Input as a terminal sends it: keys and mouse buttons posted to the app one after another,
as its driver posts them, without the Pilot's idle wait between them (a masher or a
hurried click does not wait for the screen either). Textual's App turns them into what it
would from a real terminal: bindings and key handlers, and a Click (a double click when one follows at the
same place) from each mouse down and up over one widget. Await :func:`settle` afterwards
before asserting: the podium hands a burst's keys on one at a time (its key gate), so one
pause is not enough on a busy machine.

    send_keys(app, "q", "u", "i", "t", "enter")
    click(app, Seating, (4, 1))                # offset within the widget, as pilot.click
    await settle(pilot)
"""

from __future__ import annotations

import asyncio

from textual.events import MouseDown, MouseUp
from textual_private import key_event, record_display


async def settle(pilot, seconds: float = 10.0) -> None:
    """Until every key sent has been handled (the podium's key gate holds none and has none
    on its way; an app without a gate: one pause), then a pause. Bounded by ``seconds``: a
    test fails on what it then sees, never hangs."""
    app = pilot.app
    gate = getattr(app, "key_gate", None)
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    await pilot.pause()
    while gate is not None and not gate.idle and loop.time() < end:
        await asyncio.sleep(0.01)
        await pilot.pause()
    await pilot.pause()


def send_keys(app, *keys: str) -> None:
    for key in keys:
        app.post_message(key_event(key))


def click_events(x: int, y: int) -> list:
    """A mouse down and up at screen cell (x, y), new events each call (Textual marks an
    event it has forwarded, so one instance cannot be sent twice)."""
    args = dict(
        widget=None,
        x=x,
        y=y,
        delta_x=0,
        delta_y=0,
        button=1,
        shift=False,
        meta=False,
        ctrl=False,
        screen_x=x,
        screen_y=y,
    )
    return [MouseDown(**args), MouseUp(**args)]


def click(app, widget=None, offset: tuple[int, int] = (0, 0), times: int = 1) -> None:
    """Click ``times`` at ``offset`` within ``widget`` (a widget, a selector or a type, the
    screen when None), as ``pilot.click`` places it."""
    if widget is None:
        target = app.screen
    elif isinstance(widget, (str, type)):
        target = app.screen.query_one(widget)
    else:
        target = widget
    x, y = target.region.x + offset[0], target.region.y + offset[1]
    if not app.screen.size.region.contains(x, y):
        raise ValueError(f"({x}, {y}) is off the screen")
    for _ in range(times):
        for event in click_events(x, y):
            app.post_message(event)


async def type_text(pilot, text: str) -> None:
    """Type ``text`` into the focused text field, a character after another as a terminal
    sends them, and wait once for the app (not twice per character as ``pilot.press``).
    Only into a field that already has the focus: a key that moves the focus goes through
    ``pilot.press``."""
    from textual.widgets import Input

    from floorkill.ui.widgets.field_list import FieldList, TextField

    focused = pilot.app.focused
    on_text = isinstance(focused, FieldList) and isinstance(focused.current, TextField)
    assert isinstance(focused, Input) or on_text, focused
    send_keys(pilot.app, *text)
    await settle(pilot)


class Painted:
    """What the app sends to the terminal, frame by frame: the text of each screen update
    as the compositor made it (a headless app makes them and writes none). ``frames`` is
    a list of plain strings; ``mark(label)`` notes a moment among them."""

    def __init__(self, app) -> None:
        import re

        self.frames: list[str] = []
        self._escape = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

        def record(screen, renderable) -> None:
            if renderable is not None and hasattr(renderable, "render_segments"):
                raw = renderable.render_segments(app.console)
                self.frames.append(self._escape.sub("", raw))

        record_display(app, record)

    def mark(self, label: str) -> None:
        self.frames.append(f"<{label}>")

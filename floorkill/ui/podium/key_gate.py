"""Keys from the terminal, one at a time, each to where the screen is when it is handled.

Textual hands a key to the focused widget's queue at once and resolves its (non-priority)
binding later, when the key has bubbled up to the app. A terminal delivers a fast typist's
keys in one burst, so every key of a burst was queued for the widget focused at its start:
``3⏎4⏎`` in the entry line read "34"; ``4 j Dana`` on the seats fired the seat keys ``a``
and ``n`` instead of typing a name into the join form the ``j`` opened.

:class:`KeyGate` keeps the terminal's keys (and pastes) in order and hands the app the
next one only when the one before is done: it has been through the widget it went to and
up to the app (where its binding runs), and once more behind what that posted (the
``Submitted`` of an Enter, the message a seat key's action sends). When a key opens or
closes a screen, the keys after it wait until that screen has composed, mounted and
focused its field. The gate follows a key through the queues of the widgets it passes, so
it always knows which widget holds the callback it waits for: every :data:`LOOK` seconds
it looks, and while that widget is still running the key before may simply be slow (a
podium starved of CPU opens a form in over a second) and the keys wait; once that widget
has closed, its queue and the callback are gone and the keys go on at once. A key never
waits more than :data:`MAX_WAIT` seconds for the one before, whatever holds it.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable

from textual import events
from textual.app import App
from textual.message_pump import MessagePump
from textual.widgets import Input

LOOK = 0.5  # seconds between two looks at the widget holding the key before
MAX_WAIT = 10.0  # seconds a key waits for the one before it, at most
LAPS = 3  # the key's own way up, then twice behind what its handlers posted (a binding's
# action posts a message; its handler opens a screen)

Dispatch = Callable[[events.Event], Awaitable[None]]


def gated(event: events.Event) -> bool:
    """A key or paste from the terminal (not one Textual forwards inside the app)."""
    return isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded


def as_typed(event: events.Event) -> events.Event:
    """The key the floorperson pressed. A line feed is the Enter key: Enter typed while the
    podium starts, before Textual puts the terminal in raw mode, goes through the
    terminal's line discipline, which turns its carriage return into a line feed (ICRNL),
    and Textual reads that as ctrl+j. No podium key is ctrl+j and no field takes a second
    line (tests/ui/test_keys_before_the_first_frame.py holds both), so it means Enter."""
    if isinstance(event, events.Key) and event.key == "ctrl+j":
        return events.Key("enter", "\r")
    return event


def typed_into(event: events.Event, target: MessagePump) -> bool:
    """A character typed into a text field (which takes it: no binding runs after) — an
    Input, or a widget whose ``takes_typed(key)`` says so (the table editor's fields)."""
    if not isinstance(event, events.Key) or not event.is_printable:
        return False
    takes = getattr(target, "takes_typed", None)
    return isinstance(target, Input) or (callable(takes) and bool(takes(event)))


class KeyGate:
    """The app's terminal keys in order, each handed on when the one before is done."""

    def __init__(self, app: App, dispatch: Dispatch) -> None:
        self._app = app
        self._dispatch = dispatch  # the app's own handling of a key (App.on_event)
        self._waiting: deque[events.Event] = deque()
        self._busy = False
        self._token = 0  # which key (or screen) the gate waits for
        self._screen: tuple[int, int] | None = None  # the screen the keys went to
        self._timeout: asyncio.TimerHandle | None = None
        self._holder: MessagePump | None = None  # whose queue holds the callback waited for
        self._since = 0.0  # when the gate began to wait for the current key
        self._holds = 0  # the podium saves or opens a table: the keys wait for it

    @property
    def held(self) -> int:
        """Keys waiting for the one before (or for a screen to open, a save, a table)."""
        return len(self._waiting)

    @property
    def idle(self) -> bool:
        """No key waiting and none on its way (nor a save or a table being opened that
        keys wait for): everything typed has been handled."""
        return not self._waiting and not self._busy and not self._holds

    def hold(self) -> None:
        """Keep the keys typed from now on until :meth:`release` (a commit being saved, a
        table being opened): each then goes where the screen is once that is done — never
        into the line being saved, never to the table being left."""
        self._holds += 1

    def release(self) -> None:
        self._holds = max(0, self._holds - 1)
        if not self._holds and self._waiting and not self._busy:
            self._app.call_later(self._pump)

    async def take(self, event: events.Event) -> None:
        self._waiting.append(as_typed(event))
        if not self._busy:
            await self._pump()

    # -- the pump --------------------------------------------------------------------
    def _where(self) -> tuple[int, int]:
        app = self._app
        return (id(app.screen), len(app.screen_stack))

    async def _pump(self) -> None:
        app = self._app
        while self._waiting and not self._busy and not self._holds:
            if not app.screen_stack:  # the app is closing: nothing to hand keys to
                self._waiting.clear()
                return
            if self._screen is not None and self._where() != self._screen:
                self._wait_for_screen()
                return
            self._screen = self._where()
            event = self._waiting.popleft()
            target: MessagePump = app.focused or app.screen
            self._start()
            await self._dispatch(event)
            if not event.is_forwarded:  # a priority binding took it (or nothing did)
                self._done(self._token)
            elif typed_into(event, target):  # the field inserts it: done once it has
                self._holder = target
                if not target.call_later(self._done, self._token):
                    self._done(self._token)
            else:  # on its way through the widgets
                self._lap(self._token, target, target, 1)

    def _start(self) -> None:
        self._busy = True
        self._token += 1
        self._holder = self._app  # the key is being handled by the app itself
        loop = asyncio.get_running_loop()
        self._since = loop.time()
        self._look_later(self._token)

    def _look_later(self, token: int) -> None:
        if self._timeout is not None:
            self._timeout.cancel()
        self._timeout = asyncio.get_running_loop().call_later(LOOK, self._look, token)

    def _look(self, token: int) -> None:
        """Wait on while the widget holding the callback is running (and not for ever);
        when it has closed, the callback will never come: the next key goes on."""
        if token != self._token or not self._busy:
            return
        holder = self._holder
        running = holder is not None and holder.is_running
        attached = holder is self._app or (holder is not None and holder.is_attached)
        waited = asyncio.get_running_loop().time() - self._since
        if running and attached and waited < MAX_WAIT:
            self._look_later(token)
        else:
            self._app.call_later(self._done, token)

    def _lap(self, token: int, node: MessagePump, origin: MessagePump, lap: int) -> None:
        """Follow the key from ``node`` up to the app: a callback behind it in every queue;
        then once more from where it went (behind what its handlers posted there)."""
        app = self._app
        if token != self._token:
            return
        if node is app:
            if lap < LAPS:
                self._lap(token, origin, origin, lap + 1)
            else:
                self._done(token)
            return
        up = getattr(node, "parent", None)  # a widget's or a screen's; the app has none
        parent = up if isinstance(up, MessagePump) else app
        self._holder = node
        if not node.call_later(self._lap, token, parent, origin, lap):
            self._lap(token, parent, origin, lap)  # a closed widget: on up at once

    def _done(self, token: int) -> None:
        if token != self._token or not self._busy:
            return
        self._busy = False
        if self._timeout is not None:
            self._timeout.cancel()
            self._timeout = None
        if self._waiting:
            self._app.call_later(self._pump)

    def _wait_for_screen(self) -> None:
        """The screen changed: its compose, mount and first focus first (a callback through
        its queue, then the app's, behind a deferred ``focus()``), then the keys."""
        app = self._app
        self._start()
        token = self._token
        screen = app.screen

        def ready() -> None:
            if token == self._token:
                self._screen = self._where()
                self._done(token)

        def behind_the_screen() -> None:
            self._holder = app
            if not app.call_later(ready):
                ready()

        self._holder = screen
        if not screen.call_later(behind_the_screen):
            ready()

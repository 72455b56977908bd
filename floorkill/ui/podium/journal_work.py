"""The podium's journal work that the screen waits for: writes, and the reads a screen
opens with. Bounded, ordered, and never holding the screen longer than a frame.

A write (a hand, a seat key's event, a payment, an undo, a correction, a seal) or a read
(the room grid, the room's players, the table a new table is copied from) runs in the
podium's one journal thread; the event loop waits for it for one frame (Textual paints at
most ``MAX_FPS`` times a second). Work done by then — about a millisecond on a local
journal — is finished on the spot, as if it had run on the loop: no frame is painted
before the screen shows what it did. Work still running after that frame (a lock held by
another writer, a server away) lets the loop go: a write puts "saving…" on the screen at
once, a read that goes on half a second more says what it is reading, and the screen
keeps answering until the journal answers (at most its podium timeout,
``store.backend.COMMIT_TIMEOUT``). Meanwhile the app takes no other message while the keys
wait for the work (they are held in the key gate anyway); the screen paints.

Either way the keys typed meanwhile wait in the key gate and then go where the screen is
once the work is done; the screens are told what a write changed (:meth:`Floor.holding`)
on the loop, and only then does the caller say "recorded" (or why not). The work goes one
piece at a time, in the order it was asked for. Without a journal (tables kept in memory)
nothing is waited for: the work runs on the loop.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, Generic, TypeVar

from textual import constants
from textual.app import App

from floorkill.floor import Change, Floor
from floorkill.log import log

from .key_gate import KeyGate

T = TypeVar("T")

FRAME = 1 / constants.MAX_FPS  # seconds: Textual's frame; work done within it is not shown
READ_NOTICE = 0.5  # seconds a read may take before its screen says what it is reading


def _after(slow: Callable[[], Any], delay: float) -> Callable[[], Callable[[], None]]:
    """``slow`` called only once the work has gone on ``delay`` seconds more (a person
    notices a wait of half a second, not of a frame), and what it returned called when
    the work is done."""

    def start() -> Callable[[], None]:
        undo: list[Any] = []
        handle = asyncio.get_running_loop().call_later(delay, lambda: undo.append(slow()))

        def finish() -> None:
            handle.cancel()
            if undo and callable(undo[0]):
                undo[0]()

        return finish

    return start


class _Outcome(Generic[T]):
    """What the work returned or raised, and the changes it kept for the screens."""

    __slots__ = ("changes", "error", "value")

    def __init__(self, value: T | None, error: Exception | None, changes: list[Change]):
        self.value = value
        self.error = error
        self.changes = changes


class JournalWork:
    """The podium's journal work, one piece at a time, off the loop once it takes longer
    than a frame. ``show_saving(True)`` puts "saving…" on the screen, ``(False)`` takes it
    off."""

    def __init__(
        self, app: App, floor: Floor, gate: KeyGate, show_saving: Callable[[bool], None]
    ) -> None:
        self._app = app
        self._floor = floor
        self._gate = gate
        self._show_saving = show_saving
        self._pool: ThreadPoolExecutor | None = None
        self._closed = False
        self._saving = 0  # writes still going after their frame ("saving…" is on screen)

    @property
    def saving(self) -> bool:
        """A write is still running after its frame ("saving…" is on the screen)."""
        return self._saving > 0

    def save(
        self,
        write: Callable[[], T],
        done: Callable[[T], Any],
        failed: Callable[[Exception], Any],
        saying: Callable[[bool], None] | None = None,
    ) -> bool:
        """Run ``write``; then, on the event loop, tell the screens what it changed and call
        ``done(value)`` — or ``failed(error)`` when it raised (nothing changed then, beyond
        what the floor told: a table another podium moved). ``saying``: a screen over the
        podium says "saving…" too (``saying(True)``, then ``(False)``: the podium's status
        line is under it). True when all of that has happened before this returns (a fast
        commit, or no journal)."""
        slow = self._saving_on if saying is None else self._saving_also(saying)
        return self._do(write, done, failed, slow, True)

    def read(
        self,
        read: Callable[[], T],
        done: Callable[[T], Any],
        failed: Callable[[Exception], Any],
        slow: Callable[[], Any] | None = None,
        hold_keys: bool = True,
    ) -> bool:
        """Run ``read``; then, on the event loop, ``done(value)`` or ``failed(error)``.
        ``hold_keys=False``: the keys typed meanwhile are not kept for it (a screen reading
        again what it already shows).
        ``slow()`` is called once when the read is still running after its frame (a notice
        of what is being read); a callable it returns is called when the read is done.
        True when done before this returns."""
        return self._do(read, done, failed, _after(slow, READ_NOTICE) if slow else None, hold_keys)

    def close(self) -> None:
        """The app is closing: a piece under way finishes in its thread; work asked for
        after this (a screen closing its reader as it unmounts) runs on the caller's."""
        self._closed = True
        if self._pool is not None:
            self._pool.shutdown(wait=False)
            self._pool = None

    # -- internals ---------------------------------------------------------------------
    def _do(self, work, done, failed, slow, hold: bool) -> bool:
        if self._floor.tables.journal is None or self._closed:  # nothing to wait for
            self._finish(self._run(work), done, failed)
            return True
        gate = self._gate if hold else None
        if gate is not None:
            gate.hold()
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="floorkill-journal")
        future = self._pool.submit(self._run, work)
        try:
            outcome = future.result(timeout=FRAME)
        except FutureTimeout:  # still at it at the next frame: say so, let the loop go
            self._wait(future, done, failed, slow, gate)
            return False
        try:
            self._finish(outcome, done, failed)
        finally:
            if gate is not None:
                gate.release()
        return True

    def _run(self, work: Callable[[], T]) -> _Outcome[T]:
        with self._floor.holding() as changes:
            try:
                return _Outcome(work(), None, changes)
            except Exception as exc:  # noqa: BLE001 - handed to the caller's ``failed``
                return _Outcome(None, exc, changes)

    def _saving_on(self) -> Callable[[], None]:
        self._saving += 1
        if self._saving == 1:
            self._show_saving(True)

        def off() -> None:
            self._saving -= 1
            if not self._saving:
                self._show_saving(False)

        return off

    def _saving_also(self, saying: Callable[[bool], None]) -> Callable[[], Callable[[], None]]:
        def start() -> Callable[[], None]:
            off = self._saving_on()
            saying(True)

            def stop() -> None:
                saying(False)
                off()

            return stop

        return start

    def _wait(self, future: Future, done, failed, slow, gate: KeyGate | None) -> None:
        after = slow() if slow is not None else None
        if gate is not None:  # the keys wait for it: so do the app's other messages
            self._app.call_later(self._land_later, future, done, failed, after, gate)
            return
        loop = asyncio.get_running_loop()
        context = contextvars.copy_context()  # the loop's (Textual's active app, …)

        def back(f: Future) -> None:  # in the journal thread
            try:
                loop.call_soon_threadsafe(
                    self._landed, f, done, failed, after, gate, context=context
                )
            except RuntimeError:  # the app has stopped: the work stands, nothing to show
                log.debug("podium: journal work finished after the app stopped")

        future.add_done_callback(back)

    async def _land_later(self, future: Future, done, failed, after, gate: KeyGate) -> None:
        """The app's message queue waits here until the journal answers (its timers, and a
        test's Pilot, then see the work as not yet done); the screen paints meanwhile."""
        await asyncio.wrap_future(future)  # (the work's own error is in its outcome)
        self._landed(future, done, failed, after, gate)

    def _landed(self, future: Future, done, failed, after, gate: KeyGate | None) -> None:
        try:
            if callable(after):  # "saving…" off
                after()
            self._finish(future.result(), done, failed)
        finally:
            if gate is not None:
                gate.release()

    def _finish(self, outcome: _Outcome, done, failed) -> None:
        self._floor.tell(outcome.changes)
        if not self._app.screen_stack:  # the app closed while the journal worked: the
            log.debug("podium: journal work finished as the app closed")  # work stands
            return
        if outcome.error is not None:
            failed(outcome.error)
        else:
            done(outcome.value)

"""A podium started once and played in copies of itself: each run forks this process, and
the child -- the started app as it stood, its event loop, screens, session and timers, page
for page -- plays its keys, checks what it must and exits. A property test pays an app's
start once per table instead of once per example, and nothing needs resetting between
examples: every run begins from the same memory image, so no key, record, screen or
notice of one run can reach the next.

    with PodiumCopies(make_podium_app(session(HOLDEM)), ready=settle) as podium:
        podium.run(play)  # play(pilot) in a copy: its keys, then its asserts

One copy at a time (POSIX ``fork``). A copy ends itself after ``LIMIT`` seconds (an alarm),
and a run whose copy did not say "done" fails with the copy's traceback, or how it ended."""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import traceback
from collections.abc import Awaitable, Callable

from textual.app import App
from textual.pilot import Pilot

LIMIT = 120  # seconds a copy may run (a hung copy ends; its run fails)
DONE = b"done"

Play = Callable[[Pilot], Awaitable[None]]


class PodiumCopies:
    """``app`` run as ``run_test`` runs it, until ``ready(pilot)`` has returned; then each
    :meth:`run` in a fork of it. The original is never played, and ended on leaving."""

    def __init__(self, app: App, ready: Play, size: tuple[int, int] = (120, 40)) -> None:
        self.app, self._ready, self.size = app, ready, size

    def __enter__(self) -> PodiumCopies:
        self.loop = asyncio.new_event_loop()
        self._started = self.loop.create_future()
        self._play = self.loop.create_future()
        self._played = self.loop.create_future()
        self._task = self.loop.create_task(self._host())
        self.loop.run_until_complete(
            asyncio.wait([self._started, self._task], return_when=asyncio.FIRST_COMPLETED)
        )
        if self._task.done():  # the app ended before it was ready: say why
            self._task.result()
            raise AssertionError("the app ended before it was ready")
        return self

    async def _host(self) -> None:
        """The app's whole run in one task (``run_test`` sets context variables that must be
        reset in the task that set them, and the app's messages see them): start, get
        ready, then play what a copy was given. A copy never ends the app: it is thrown
        away once played."""
        async with self.app.run_test(size=self.size) as pilot:
            await self._ready(pilot)
            self._started.set_result(None)
            play = await self._play  # set in a copy; None in the original, at the end
            if play is None:
                return
            try:
                await play(pilot)
            except BaseException as exc:  # noqa: BLE001 - the copy's failure, sent to the parent
                self._played.set_exception(exc)
            else:
                self._played.set_result(None)
            await asyncio.Event().wait()  # (the copy exits meanwhile)

    def run(self, play: Play) -> None:
        """``play(pilot)`` in a copy of the started app; what failed there is raised here."""
        out, into = os.pipe()
        gc.freeze()  # the copy's collections leave the parent's pages shared, not copied
        pid = os.fork()
        if pid == 0:  # the copy: it never returns to the caller
            os.close(out)
            said = DONE
            try:
                signal.signal(signal.SIGALRM, signal.SIG_DFL)
                signal.alarm(LIMIT)
                self._play.set_result(play)
                self.loop.run_until_complete(self._played)
            except BaseException:  # noqa: BLE001 - sent to the parent, which raises it
                said = traceback.format_exc().encode()
            with os.fdopen(into, "wb") as pipe:
                pipe.write(said)
            os._exit(0)
        os.close(into)
        with os.fdopen(out, "rb") as pipe:
            said = pipe.read()
        _, status = os.waitpid(pid, 0)
        if said != DONE:
            code = os.waitstatus_to_exitcode(status)
            raise AssertionError(said.decode() or f"the copy ended with code {code}")

    def __exit__(self, *exc) -> None:
        try:
            if not self._task.done():
                self._play.set_result(None)
                self.loop.run_until_complete(self._task)
        finally:
            self.loop.close()

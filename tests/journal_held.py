"""Waits for the tests whose journal holds a read or a write on purpose (a hanging or
blocked backend): until the journal has it, and the screen's own timer ticking
meanwhile, with keys typed as a terminal sends them. Bounded by count, never a flat
sleep: beside a CPU hog a starved loop ticks late, and a flat 0.2 s failed."""

from __future__ import annotations

import asyncio
import threading

from termhelp import send_keys


async def reaches_the_journal(entered: threading.Event, what: str = "the write") -> None:
    """Until the journal holds ``what`` (``entered`` set by the hanging backend)."""
    for _ in range(200):  # (not Pilot's pause: the app takes no message until it lands)
        if entered.is_set():
            break
        await asyncio.sleep(0.02)
    assert entered.is_set(), f"{what} never reached the journal"


async def the_loop_runs(screen, what: str = "the write", keys: tuple[str, ...] = ()) -> None:
    """``keys`` typed while the journal holds ``what``, and the screen's own timer ticks
    meanwhile (up to 5 s: the held backends give up after 8)."""
    ticks: list[int] = []
    screen.set_interval(0.02, lambda: ticks.append(1))
    send_keys(screen.app, *keys)
    for _ in range(100):
        await asyncio.sleep(0.05)
        if ticks:
            break
    assert ticks, f"the event loop is held by {what}"

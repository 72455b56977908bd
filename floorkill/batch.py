"""Batch commands (replay, import, export) with Python's cyclic garbage collector paused.

Loading and folding a table file builds hundreds of thousands of objects (the parsed
TOML, a state and a step per event) that hold no reference cycles: reference counting
frees each of them. While they live, the cyclic collector would walk all of them again
and again, more often the bigger the file — it made a 100,000-event import a quarter
slower, and its time grow faster than the file. Paused for the command, enabled again
after it, whatever happens.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_gc() -> Iterator[None]:
    """``with paused_gc():`` or ``@paused_gc()``: no cyclic collection inside."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()

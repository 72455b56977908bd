"""Frozen rule objects found again instead of built again.

Building a frozen dataclass costs more than looking one up, and the same few leg-up
buttons, decisions and typed hands come back hand after hand. A :class:`BuiltOnce` keeps
what it built, keyed by the fields it was built from, and is emptied when full. Sharing
one object between states is safe: every one of them is immutable. Each caller passes
fields of one type each (never a bool where an int goes: ``True == 1``), so the object
found equals the one that would have been built. Kept for the budgets of replay --json
(bench/load_bench.py) and verify (bench/verify_bench.py).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class BuiltOnce(Generic[T]):
    """``build(*fields)``, built once for each distinct ``fields`` (at most ``limit`` kept)."""

    __slots__ = ("_build", "_kept", "_limit")

    def __init__(self, build: Callable[..., T], limit: int) -> None:
        self._build = build
        self._kept: dict[tuple[Hashable, ...], T] = {}
        self._limit = limit

    def __call__(self, *fields: Hashable) -> T:
        kept = self._kept
        found = kept.get(fields)
        if found is None:
            if len(kept) >= self._limit:
                kept.clear()
            found = kept[fields] = self._build(*fields)
        return found

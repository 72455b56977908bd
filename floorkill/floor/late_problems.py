"""What a journal finds wrong after the podium opened, said once each (no Textual: the
podium, ``ui/podium/app.py``, shows the lines).

A bad snapshot (one whose digest is not the one its row records in the hash chain) is
skipped wherever the journal meets it: when a table opens, but also while it follows
another podium's commits, on an undo (the refold starts from an older snapshot) or on
switching to a table opened later. The journal lists each in its ``problems``; the
opening notices say those found before the podium was up, :class:`LateProblems` the ones
found later — in the podium's language, with the words of the opening notice
(:class:`floorkill.store.reading.SnapshotSkipped`), once per snapshot.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def problem_key(problem: Any) -> Any:
    """One key per bad snapshot (its table and seq, whatever language it was worded in);
    any other problem by its text."""
    table, seq = getattr(problem, "table", None), getattr(problem, "seq", None)
    if isinstance(table, str) and isinstance(seq, int):
        return ("snapshot", table, seq)
    key = getattr(problem, "key", None)
    return key if isinstance(key, tuple) else str(problem)


def problem_words(problem: Any, lang: str) -> str:
    text = getattr(problem, "text", None)
    return text(lang) if callable(text) else str(problem)


class LateProblems:
    """The journals' problems not said yet (``said``: what the opening notices said)."""

    def __init__(self, said: Iterable[Any] = ()) -> None:
        self._said = {problem_key(problem) for problem in said}

    def new(self, journals: Iterable[Any], lang: str) -> list[str]:
        out: list[str] = []
        seen: set[int] = set()
        for journal in journals:
            if journal is None or id(journal) in seen:
                continue
            seen.add(id(journal))
            for problem in tuple(getattr(journal, "problems", None) or ()):
                key = problem_key(problem)
                if key not in self._said:
                    self._said.add(key)
                    out.append(problem_words(problem, lang))
        return out

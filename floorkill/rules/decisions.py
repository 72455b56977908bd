"""Decisions and refusals: what the model says, with the clauses it rests on.

A :class:`Decision` keeps a message key and its parameters; its text is rendered
in English or Russian on demand (see :mod:`floorkill.rules.texts`), so the hot
path never formats strings.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from .texts import AMOUNTS_AS_TEXT, render, stored_under

MAX_QUOTE = 120  # characters of a refused value quoted in a refusal


@dataclass(frozen=True, slots=True)
class Decision:
    code: str  # kebab-case: leg-up, kill, kill-again, neutral, barred, ...
    seat: int | None
    key: str  # message key in texts.MESSAGES
    params: tuple[Any, ...] = ()  # (name, value) pairs for the message
    cites: tuple[str, ...] = ()

    def text(self, lang: str = "en") -> str:
        return render(self.key, dict(self.params), lang)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "code": self.code,
            "seat": self.seat,
            "text": self.text(lang),
            "cites": list(self.cites),
        }


def as_stored_by(decisions: Iterable[Decision], rules: str) -> tuple[Decision, ...]:
    """``decisions`` in the form a row of rules version ``rules`` stored them (before "6", an
    amount as its text; before "4", a ``shows`` decision held its words in English and
    Russian)."""
    if rules not in AMOUNTS_AS_TEXT:
        return tuple(decisions)
    return tuple(
        replace(decision, params=stored_under(decision.params, decision.key, rules))
        for decision in decisions
    )


class Refusal(Exception):
    """An event the rules refuse. Nothing of it is applied."""

    def __init__(self, key: str, cites: tuple[str, ...] = (), **params: object) -> None:
        self.key = key
        self.cites = tuple(cites)
        # what a file said is quoted, never echoed whole (a 10 MB key)
        self.params = {
            param: (
                value[: MAX_QUOTE - 1] + "…"
                if isinstance(value, str) and len(value) > MAX_QUOTE
                else value
            )
            for param, value in params.items()
        }
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        return render(self.key, self.params, lang)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {"message": self.text(lang), "cites": list(self.cites)}

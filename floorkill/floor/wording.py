"""The floor's words without Textual: the questions player events ask, decision lines, what
changed in the room under a write. (The tables themselves: :mod:`floorkill.floor`; the table
list's words: :mod:`floorkill.ui.screens.table_list`.)

Nothing here decides a rule: the questions come from :func:`floorkill.rules.questions.needs`,
each with what every answer decides in the rules' own words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from floorkill.i18n import N_
from floorkill.rules import Applied, Refusal, TableState, apply
from floorkill.rules.decisions import Decision
from floorkill.rules.names import safe_text
from floorkill.rules.questions import first_asked
from floorkill.store.errors import RoomChanged

from .text_tables import pick

# ---------------------------------------------------------------------------
# texts of the floor screens (the rules' own texts come from floorkill.rules.texts)

FLOOR_TEXT: dict[str, str | tuple[str, str]] = {  # key -> message id (or (context, id))
    "yes": N_("y — yes"),
    "no": N_("n — no"),
    "confirm-quit": N_("Seat {seat} {name} leaves the game?"),
    "nothing-decided": N_("nothing changes for the kill button"),
}


def floor_text(key: str, lang: str = "en", **params: Any) -> str:
    return pick(FLOOR_TEXT, key, lang, **params)


def unique(items: Iterable[str]) -> tuple[str, ...]:
    out: list[str] = []
    for item in items:
        if item not in out:
            out.append(item)
    return tuple(out)


# ---------------------------------------------------------------------------
# the question a player event asks is the rules' (floorkill.rules.questions.first_asked)

choice_for = first_asked


def try_event(
    state: TableState,
    raw: Mapping[str, Any],
    elsewhere: Mapping[str, tuple[int, str]] | None = None,
) -> Applied:
    """Apply ``raw`` to ``state`` without storing anything (raises Refusal)."""
    return apply(state, raw, elsewhere)


def decision_lines(decisions: Iterable[Decision], lang: str = "en") -> list[str]:
    """Each decision as "text [cites]" (plain text)."""
    out = []
    for decision in decisions:
        line = safe_text(decision.text(lang))
        if decision.cites:
            line += f" [{', '.join(decision.cites)}]"
        out.append(line)
    return out


def refusal_line(refusal: Refusal, lang: str = "en") -> str:
    line = safe_text(refusal.text(lang))
    if refusal.cites:
        line += f" [{', '.join(refusal.cites)}]"
    return line


# ---------------------------------------------------------------------------
# a write the room moved under (rules/room.py room_changes; the words: store/errors.py)


def room_changed_line(error: RoomChanged, lang: str | None = "en") -> str:
    """Why a write recorded nothing (:class:`floorkill.store.errors.RoomChanged`), naming
    what changed, in ``lang``."""
    return error.text(lang)

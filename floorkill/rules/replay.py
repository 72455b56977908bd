"""Replay a session: a table file's events folded over its initial state.

:func:`step_json` is the `floorkill replay --json` contract (spec section 6).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Mapping

from .config import TableFile
from .decisions import Decision, Refusal
from .engine import Result, apply
from .events import Event
from .state import TableState, barred_json, button_json, initial_state, next_hand


@dataclass(frozen=True, slots=True)
class Step:
    index: int                       # 1-based event number
    raw: Mapping[str, Any]
    state: TableState                # state after the event (unchanged when refused)
    event: Event | None = None
    decisions: tuple[Decision, ...] = ()
    result: Result | None = None
    refusal: Refusal | None = None

    @property
    def hands(self) -> tuple:
        """What each seat showed at a showdown (seat, value, joker use), or ()."""
        return getattr(self.result, "hands", ())


def iter_steps(state: TableState, events: Iterable[Mapping[str, Any]], start: int = 1
               ) -> Iterator[Step]:
    """The steps one at a time (a long replay prints as it goes, holding one state)."""
    for index, raw in enumerate(events, start=start):
        try:
            applied = apply(state, raw)
        except Refusal as refusal:
            yield Step(index, raw, state, refusal=refusal)
            continue
        state = applied.state
        yield Step(index, raw, state, applied.event, tuple(applied.decisions), applied.result)


def replay_events(state: TableState, events: Iterable[Mapping[str, Any]], start: int = 1
                  ) -> list[Step]:
    return list(iter_steps(state, events, start))


def replay(table: TableFile) -> list[Step]:
    return replay_events(initial_state(table.config, table.players), table.events)


def fold(table: TableFile) -> TableState:
    """The final state; refused events are skipped."""
    state = initial_state(table.config, table.players)
    for raw in table.events:
        try:
            state = apply(state, raw).state
        except Refusal:
            pass
    return state


def step_json(step: Step, lang: str = "en") -> dict[str, Any]:
    state = step.state
    etype = step.event.type if step.event is not None else (
        step.raw.get("type") if isinstance(step.raw, Mapping) else None)
    result = None
    if step.result is not None:
        high, low, scoop = step.result
        result = {"high": list(high), "low": list(low), "scoop": scoop,
                  "hands": [v.to_json(lang) for v in step.hands]}
    return {
        "event": step.index,
        "type": (etype if len(etype) <= 40 else etype[:39] + "…") if isinstance(etype, str) else None,
        "hand": state.hands,
        "button": button_json(state),
        "next": next_hand(state).to_json(),
        "barred": barred_json(state),
        "result": result,
        "decisions": [d.to_json(lang) for d in step.decisions],
        "error": step.refusal.to_json(lang) if step.refusal is not None else None,
    }

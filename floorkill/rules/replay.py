"""Replay a session: a table file's events folded over its initial state.

:func:`step_json` is the `floorkill replay --json` contract (docs/rules.md section 6).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from . import room
from .config import TableFile
from .corrections import History, Outcome, is_correction
from .decisions import Decision, Refusal
from .engine import Result, apply
from .events import Event, parse_event
from .state import TableState, barred_json, button_json, initial_state, next_hand


class Step:
    """One event of a replay and what it did. A plain class, not a frozen dataclass: one
    is built an event and never hashed or compared (replay --json's budget)."""

    __slots__ = ("index", "raw", "state", "event", "decisions", "result", "refusal")

    def __init__(
        self,
        index: int,  # 1-based event number
        raw: Mapping[str, Any],
        state: TableState,  # state after the event (unchanged when refused)
        event: Event | None = None,
        decisions: tuple[Decision, ...] = (),
        result: Result | None = None,
        refusal: Refusal | None = None,
    ) -> None:
        self.index = index
        self.raw = raw
        self.state = state
        self.event = event
        self.decisions = decisions
        self.result = result
        self.refusal = refusal

    @property
    def hands(self) -> tuple[Any, ...]:
        """What each seat showed at a showdown (seat, value, joker use), or ()."""
        return getattr(self.result, "hands", ())


def iter_steps(
    state: TableState, events: Iterable[Mapping[str, Any]], start: int = 1
) -> Iterator[Step]:
    """The steps one at a time (a long replay prints as it goes, holding one state). From
    the first ``correct`` event on, the records are read as a :class:`History` (the state
    after each is kept: a correction refolds from the record it names)."""
    initial = state
    seen: list[Mapping[str, Any]] = []
    history: History | None = None
    for index, raw in enumerate(events, start=start):
        if history is None and is_correction(raw) and start == 1:
            history = History(initial.config, (), seen, start=initial)
        if history is not None:
            out = history.add(raw)
            yield _history_step(index, raw, history, out)
            continue
        seen.append(raw)
        try:
            applied = apply(state, raw)
        except Refusal as refusal:
            yield Step(index, raw, state, refusal=refusal)
            continue
        state = applied.state
        yield Step(index, raw, state, applied.event, tuple(applied.decisions), applied.result)


def _history_step(index: int, raw: Mapping[str, Any], history: History, out: Outcome) -> Step:
    state = history.state
    if out.refusal is not None:
        return Step(index, raw, state, refusal=out.refusal)
    event = None
    if out.applied and not out.inert:
        try:
            event = parse_event(room.split(raw)[0], state.config.seats)
        except Refusal:
            event = None
    return Step(index, raw, state, event, out.decisions, out.result)


def replay_events(
    state: TableState, events: Iterable[Mapping[str, Any]], start: int = 1
) -> list[Step]:
    return list(iter_steps(state, events, start))


def replay(table: TableFile) -> list[Step]:
    return replay_events(initial_state(table.config, table.players), table.events)


def fold(table: TableFile) -> TableState:
    """The final state; refused events are skipped, corrections read."""
    if any(is_correction(raw) for raw in table.events):
        return History(table.config, table.players, table.events).state
    state = initial_state(table.config, table.players)
    for raw in table.events:
        try:
            state = apply(state, raw).state
        except Refusal:
            pass
    return state


def _step_type(step: Step) -> str | None:
    etype = (
        step.event.type
        if step.event is not None
        else (step.raw.get("type") if isinstance(step.raw, Mapping) else None)
    )
    return (etype if len(etype) <= 40 else etype[:39] + "…") if isinstance(etype, str) else None


def _result_json(step: Step, lang: str) -> dict[str, Any] | None:
    if step.result is None:
        return None
    high, low, scoop = step.result
    return {
        "high": list(high),
        "low": list(low),
        "scoop": scoop,
        "hands": [shown.to_json(lang) for shown in step.hands],
    }


def step_json(step: Step, lang: str = "en") -> dict[str, Any]:
    state = step.state
    return {
        "event": step.index,
        "type": _step_type(step),
        "hand": state.hands,
        "button": button_json(state),
        "next": next_hand(state).to_json(),
        "barred": barred_json(state),
        "result": _result_json(step, lang),
        "decisions": [decision.to_json(lang) for decision in step.decisions],
        "error": step.refusal.to_json(lang) if step.refusal is not None else None,
    }


class JsonLines:
    """The lines of `floorkill replay --json`: for every step exactly the text
    ``json.dumps(step_json(step, lang), ensure_ascii=False)`` gives (a test holds them
    equal), with the parts that repeat from event to event encoded once per replay: the
    kill button, the coming hand, the bars, a typed result, each decision.

    What each cached part depends on, and is keyed by (the same table configuration):
    the button on (button, credits) (:func:`button_json`); the coming hand on (seats
    dealt in, dealer position, button) (:func:`next_hand`); the bars on the bars; a
    decision on itself."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self._encode = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
        self._config: object = None
        self._cache: dict[object, str] = {}
        self._seated: tuple[Any, ...] = (
            None,
            None,
            (),
        )  # (players, bars, seats dealt in) last seen

    def line(self, step: Step) -> str:
        state = step.state
        cache, encode, lang = self._cache, self._encode, self.lang
        if state.config is not self._config or len(cache) >= 50_000:
            self._config = state.config  # one bounded memo per configuration
            cache.clear()
        button, barred = state.button, state.barred
        key: object = ("b", button, state.credits)
        button_text = cache.get(key)
        if button_text is None:
            button_text = cache[key] = encode(button_json(state))
        players, bars, dealt = self._seated  # dealt_in() reads only these two
        if state.players is not players or barred is not bars:
            dealt = state.dealt_in()
            self._seated = (state.players, barred, dealt)
        key = ("n", dealt, state.dealer_pos, button)
        next_text = cache.get(key)
        if next_text is None:
            next_text = cache[key] = encode(next_hand(state).to_json())
        bar = "[]"
        if barred:
            key = ("r", barred)
            bar = cache.get(key) or cache.setdefault(key, encode(barred_json(state)))
        result = "null"
        if step.result is not None:
            if step.hands:  # a showdown: its hands in words
                result = encode(_result_json(step, lang))
            else:  # typed winners: (high, low, scoop)
                high, low, scoop = step.result
                key = ("h", tuple(high), tuple(low), scoop)
                result = cache.get(key) or cache.setdefault(key, encode(_result_json(step, lang)))
        decisions = "[]"
        if step.decisions:
            texts = []
            for decision in step.decisions:
                try:
                    text = cache.get(decision) or cache.setdefault(
                        decision, encode(decision.to_json(lang))
                    )
                except TypeError:  # a parameter that cannot be a key
                    text = encode(decision.to_json(lang))
                texts.append(text)
            decisions = "[" + ", ".join(texts) + "]"
        etype = _step_type(step)
        if etype is None:
            type_text = "null"
        else:
            type_text = cache.get(etype) or cache.setdefault(etype, encode(etype))
        error = "null" if step.refusal is None else encode(step.refusal.to_json(lang))
        return (
            f'{{"event": {step.index}, "type": {type_text}, "hand": {state.hands}, '
            f'"button": {button_text}, "next": {next_text}, "barred": {bar}, "result": {result}, '
            f'"decisions": {decisions}, "error": {error}}}'
        )

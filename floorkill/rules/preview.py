"""What Enter will record, and what the rules will decide, before it is pressed.

:func:`preview` takes the table state and the event a typed line reads as (or the line's
reading error) and says what Enter does with it: records that event with these decisions,
asks this question first, or records nothing (refused, with the rules' reason). Pure: it
tries the event with :func:`~.engine.apply` and :func:`~.questions.needs` (nothing is
stored). Texts are the rules' keys and parameters (each :class:`~.decisions.Decision`,
:class:`~.questions.Question` and :class:`~.decisions.Refusal` renders itself in a
language); the screen puts them in words.

The podium shows the preview as the floorperson types and, on Enter, records only when the
preview computed then is the one on the screen (:meth:`Preview.same`): nothing is recorded
that was not shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .decisions import Decision, Refusal
from .engine import apply
from .money import Cents, MoneyError, parse_amount
from .questions import Question, needs
from .state import TableState

RECORDS = "records"  # Enter stores ``raw`` with ``decisions``
ASKS = "asks"  # Enter asks ``question`` first (nothing is stored yet)
REFUSED = "refused"  # Enter stores nothing: ``refusal`` says why
UNREAD = "unread"  # the line cannot be read (the form's own error)
EMPTY = "empty"  # nothing typed: Enter does nothing

FAR_BEYOND = 200  # big bets: an amount past this is asked about once before it is recorded
_AMOUNT_FIELDS = ("pot", "won_beyond_blinds")


@dataclass(frozen=True, slots=True)
class Preview:
    """What Enter does now: one of :data:`RECORDS`, :data:`ASKS`, :data:`REFUSED`,
    :data:`UNREAD`, :data:`EMPTY`."""

    outcome: str
    raw: Mapping[str, Any] | None = None
    decisions: tuple[Decision, ...] = ()
    question: Question | None = None
    refusal: Refusal | None = None
    error: Exception | None = None  # the line's reading error (UNREAD)
    events: int = -1  # the state it was worked out on (its event count)
    far: Cents | None = None  # an amount far beyond the table's stakes (asked once)

    @property
    def records(self) -> bool:
        return self.outcome == RECORDS

    def key(self) -> tuple[Any, ...]:
        """What the screen showed, as comparable data."""
        return (
            self.outcome,
            tuple(sorted((key, repr(value)) for key, value in (self.raw or {}).items())),
            tuple(
                (decision.code, decision.key, decision.seat, repr(decision.params))
                for decision in self.decisions
            ),
            None if self.question is None else (self.question.kind, self.question.key),
            None if self.refusal is None else self.refusal.key,
            None if self.error is None else repr(self.error),
            self.events,
        )

    def same(self, other: Preview | None) -> bool:
        """True when ``other`` shows the same thing (the same event, decisions, state)."""
        return other is not None and self.key() == other.key()


def unread(error: Exception, state: TableState | None = None) -> Preview:
    return Preview(UNREAD, error=error, events=_events(state))


def empty(state: TableState | None = None) -> Preview:
    return Preview(EMPTY, events=_events(state))


def _events(state: TableState | None) -> int:
    return -1 if state is None else int(getattr(state, "events", -1))


def preview(
    state: TableState,
    raw: Mapping[str, Any],
    elsewhere: Mapping[str, tuple[Cents, str]] | None = None,
) -> Preview:
    """What Enter does with ``raw`` on ``state`` (bars at other tables in ``elsewhere``)."""
    events_before = _events(state)
    try:
        question = next((asked for asked in needs(state, raw, elsewhere) if asked.ask), None)
    except Refusal as refusal:
        return Preview(REFUSED, raw=raw, refusal=refusal, events=events_before)
    if question is not None:
        return Preview(ASKS, raw=raw, question=question, events=events_before)
    try:
        applied = apply(state, raw, elsewhere)
    except Refusal as refusal:
        return Preview(REFUSED, raw=raw, refusal=refusal, events=events_before)
    return Preview(
        RECORDS,
        raw=dict(raw),
        decisions=tuple(applied.decisions),
        events=events_before,
        far=far_beyond(state, raw),
    )


def far_beyond(state: TableState, raw: Mapping[str, Any]) -> Cents | None:
    """An amount of ``raw`` (the pot, the money won beyond the blinds) over
    :data:`FAR_BEYOND` big bets of the table, or None: a slip of the finger ($14000 for
    $140) is asked about before it is recorded."""
    big_bet = state.config.upper_limit
    for field in _AMOUNT_FIELDS:
        if field in raw:
            try:
                cents = parse_amount(raw[field])
            except MoneyError:
                continue
            if big_bet > 0 and cents > FAR_BEYOND * big_bet:
                return cents
    return None

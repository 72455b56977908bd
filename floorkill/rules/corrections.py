"""Corrections: a record entered wrong, put right by an appended ``correct`` event.

A ``correct`` event names the record it replaces (``record = N``, the table's own record
number, 1 = its first) and carries the replacement in full (``event = {…}``) or
``event = "none"`` to strike it. Nothing is deleted or rewritten: the table's state is
the fold of its records with every corrected record in its place (:func:`resolve`).

* A correction of a correction names the correction's record; the original then holds
  the newest replacement. A record already corrected is corrected again through its
  newest correction (one chain per record, never two live corrections of one record).
* Undo of a correction (a ``void`` naming it) restores what it replaced, and un-strikes
  what it struck.
* Later records the corrected history makes impossible (a kill paid that is no longer
  owed, a hand won by a player who has left) are never dropped silently: the correction
  lists each in ``strike`` (struck with it) or ``keep`` (kept as entered: it stays on the
  record and is passed over while it does not apply). A correction that leaves one
  unsettled is refused, naming it (:func:`impact` lists them before anything is entered).

:class:`History` is a table's records with the state after each; :func:`impact` says,
as decisions (message keys + params + clauses), every later ruling a proposed correction
changes. Pure Python, like the rest of ``rules``.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from .config import PlayerSpec, TableConfig
from .decisions import Decision, Refusal
from .engine import apply, apply_parsed
from .questions import Question, first_asked
from .state import KILLED, LEG_UP, TableState, initial_state

CORRECT = "correct"
VOID = "void"
SEAL = "seal"  # the shift's seal: an event of no play, never corrected
STRIKE = "none"  # event = "none": the record should never have been entered
SETTLE_STRIKE, SETTLE_KEEP = "strike", "keep"
ANSWERS = "answers"
FIELDS = ("record", "event", "strike", "keep", ANSWERS, "reason", "by", "room")
# the fields an answer to the rules' question fills in a later record (rules/questions.py)
ANSWER_FIELDS = (
    "low",
    "pot",
    "flop",
    "qualifies",
    "won_beyond_blinds",
    "kill_posted",
    "posts_kill",
    "agrees_to_kill",
)
MAX_REASON = 500


@dataclass(frozen=True, slots=True)
class Correction:
    """A read ``correct`` event."""

    record: int  # the record it names (an ordinary record, or a correction)
    event: Mapping[str, Any] | None  # the replacement; None strikes the record
    strike: tuple[int, ...] = ()  # later records struck with it
    keep: tuple[int, ...] = ()  # later records kept as entered
    reason: str | None = None
    by: str | None = None  # the floorperson (a file's; the journal keeps its own)
    # later records the corrected history asks a question of, each with the answer given
    # (record, the fields it fills): the record then stands for its event so answered
    answers: tuple[tuple[int, Mapping[str, Any]], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": CORRECT,
            "record": self.record,
            "event": dict(self.event) if self.event is not None else STRIKE,
        }
        if self.strike:
            out["strike"] = list(self.strike)
        if self.keep:
            out["keep"] = list(self.keep)
        if self.answers:
            out[ANSWERS] = [{"record": record, **dict(fields)} for record, fields in self.answers]
        if self.reason:
            out["reason"] = self.reason
        if self.by:
            out["by"] = self.by
        return out


def is_correction(raw: object) -> bool:
    # a dict is asked first: the Mapping check is slow, and replay asks it of every event
    # (replay --json's budget)
    return (type(raw) is dict or isinstance(raw, Mapping)) and raw.get("type") == CORRECT


def _record_number(value: object, field_name: str, index: int) -> int:
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refusal("correct-bad-record", field=field_name, value=repr(value)[:40])
    if not 1 <= value < index:
        raise Refusal("correct-no-record", record=value, last=index - 1)
    return value


def parse_correction(raw: Mapping[str, Any], index: int) -> Correction:
    """Read the shape of a ``correct`` event that is record ``index`` (refusals name the
    field). Whether it fits the history is :meth:`History.check`."""
    for key in raw:
        if key != "type" and key not in FIELDS:
            raise Refusal("unknown-field", field=key, type=CORRECT, allowed=", ".join(FIELDS[:-1]))
    if "record" not in raw:
        raise Refusal("missing-field", field="record")
    if "event" not in raw:
        raise Refusal("missing-field", field="event")
    record = _record_number(raw["record"], "record", index)
    event = raw["event"]
    if event == STRIKE:
        replacement = None
    elif isinstance(event, Mapping):
        etype = event.get("type")
        if etype in (CORRECT, VOID, SEAL):
            raise Refusal("correct-bad-event", type=etype)
        replacement = dict(event)
    else:
        raise Refusal("correct-bad-event", type=repr(event)[:40])
    settled: dict[str, tuple[int, ...]] = {}
    for name in (SETTLE_STRIKE, SETTLE_KEEP):
        items = raw.get(name, [])
        if not isinstance(items, list):
            items = [items]
        settled[name] = tuple(sorted({_record_number(item, name, index) for item in items}))
    if set(settled[SETTLE_STRIKE]) & set(settled[SETTLE_KEEP]):
        raise Refusal("correct-settle-twice")
    answers = _answers(raw.get(ANSWERS, []), index)
    if {settled_record for settled_record, _f in answers} & {
        *settled[SETTLE_STRIKE],
        *settled[SETTLE_KEEP],
    }:
        raise Refusal("correct-settle-twice")
    reason = raw.get("reason")
    if reason is not None and (not isinstance(reason, str) or len(reason) > MAX_REASON):
        raise Refusal("correct-bad-reason", most=MAX_REASON)
    by = raw.get("by")
    if by is not None and not isinstance(by, str):
        raise Refusal("correct-bad-reason", most=MAX_REASON)
    return Correction(
        record,
        replacement,
        settled[SETTLE_STRIKE],
        settled[SETTLE_KEEP],
        reason.strip() or None if isinstance(reason, str) else None,
        by.strip() or None if isinstance(by, str) else None,
        answers,
    )


def _answers(items: object, index: int) -> tuple[tuple[int, Mapping[str, Any]], ...]:
    """``answers = [{record = N, <field> = value}, …]``: one a record, only the fields a
    question of the rules fills."""
    if not isinstance(items, list):
        items = [items]
    out: dict[int, Mapping[str, Any]] = {}
    for item in items:
        if not isinstance(item, Mapping) or "record" not in item:
            raise Refusal("correct-bad-answer", types=", ".join(ANSWER_FIELDS))
        seq = _record_number(item["record"], ANSWERS, index)
        fields = {key: value for key, value in item.items() if key != "record"}
        if not fields or any(key not in ANSWER_FIELDS for key in fields) or seq in out:
            raise Refusal("correct-bad-answer", types=", ".join(ANSWER_FIELDS))
        out[seq] = fields
    return tuple(sorted(out.items()))


# ---------------------------------------------------------------------------
# which event each record stands for


# what a correction replaced, to undo it: (the record it corrects, that record's event
# before, its newest correction before, each later record it changed with its event
# before and after, those kept)
Undone = tuple[
    int,
    Mapping[str, Any] | None,
    int | None,
    tuple[tuple[int, Mapping[str, Any] | None, Mapping[str, Any] | None], ...],
    tuple[int, ...],
]


@dataclass(slots=True)
class Resolved:
    """What each record stands for once every correction and void is read: ``events[i]``
    is record ``i + 1``'s effective event, or None (a void, a correction, a struck or
    voided record); ``kept`` the records passed over while they do not apply."""

    events: list[Mapping[str, Any] | None] = field(default_factory=list)
    kept: dict[int, int] = field(default_factory=dict)  # record -> live corrections keeping it
    origin: dict[int, int] = field(default_factory=dict)  # correction -> the record it corrects
    newest: dict[int, int] = field(default_factory=dict)  # record -> its newest live correction
    undo: dict[int, Undone] = field(default_factory=dict)  # correction -> what it replaced
    voided: set[int] = field(default_factory=set)
    kinds: list[str] = field(default_factory=list)  # "event" | "correct" | "void" per record

    def effective(self) -> list[tuple[int, Mapping[str, Any]]]:
        return [(index + 1, ev) for index, ev in enumerate(self.events) if ev is not None]

    def add(self, raw: Mapping[str, Any]) -> None:
        """Read the next record (already checked: :meth:`History.check`)."""
        seq = len(self.events) + 1
        etype = raw.get("type") if isinstance(raw, Mapping) else None
        if etype == CORRECT:
            correction = parse_correction(raw, seq)
            self.kinds.append("correct")
            self.events.append(None)
            self._correct(seq, correction)
        elif etype == VOID:
            self.kinds.append("void")
            self.events.append(None)
            target = raw.get("target")
            if isinstance(target, int) and 1 <= target < seq:
                self._void(target)
        else:
            self.kinds.append("event")
            self.events.append(raw)

    def original_of(self, seq: int) -> int:
        return self.origin.get(seq, seq)

    def _correct(self, seq: int, c: Correction) -> None:
        target = self.original_of(c.record)
        # later records it changes: (record, what it stood for, what it stands for now)
        changed: list[tuple[int, Mapping[str, Any] | None, Mapping[str, Any] | None]] = [
            (record, self.events[record - 1], None) for record in c.strike
        ]
        for record, fields in c.answers:
            before = self.events[record - 1]
            if before is not None and record != target:
                changed.append((record, before, {**before, **fields}))
        self.undo[seq] = (
            target,
            self.events[target - 1],
            self.newest.get(target),
            tuple(changed),
            c.keep,
        )
        self.origin[seq] = target
        self.newest[target] = seq
        self.events[target - 1] = c.event
        for record, _before, now in changed:
            self.events[record - 1] = now
        for record in c.keep:
            self.kept[record] = self.kept.get(record, 0) + 1

    def _void(self, target: int) -> None:
        self.voided.add(target)
        if target in self.undo:  # undo of a correction: what it replaced comes back
            original, before, newest, struck, keep = self.undo.pop(target)
            self.events[original - 1] = before
            if newest is None:
                self.newest.pop(original, None)
            else:
                self.newest[original] = newest
            for record, ev, now in struck:  # unless corrected since
                if self.events[record - 1] is now:
                    self.events[record - 1] = ev
            for record in keep:
                self.kept[record] -= 1
                if not self.kept[record]:
                    del self.kept[record]
        else:
            self.events[target - 1] = None


def resolve(records: Iterable[Mapping[str, Any]]) -> Resolved:
    """Every record's effective event (records in order; record 1 first)."""
    out = Resolved()
    for raw in records:
        out.add(raw)
    return out


def sealed_after(history: History, record: int) -> str | None:
    """The head (``HASH@SEQ``) of the newest shift seal entered after ``record``, or None:
    a correction of a record before the shift's seal asks for confirmation."""
    for raw in reversed(history.records[record:]):
        if _type(raw) == SEAL:
            head = raw.get("head")
            return head if isinstance(head, str) else "?"
    return None


def replacement(original: Mapping[str, Any], event: Mapping[str, Any] | None) -> Any:
    """The ``event`` field of a correction of ``original``: the room stamp the original
    was entered with stays with its replacement (the room then has not changed)."""
    if event is None:
        return STRIKE
    ev = {key: value for key, value in event.items() if key != "room"}
    if isinstance(original, Mapping) and "room" in original and "room" not in event:
        ev["room"] = original["room"]
    return ev


# ---------------------------------------------------------------------------
# the fold


class Outcome(NamedTuple):
    """What the fold made of one record (a tuple: one is made for every record folded)."""

    applied: bool  # an event that applied
    decisions: tuple[Decision, ...] = ()
    refusal: Refusal | None = None  # an event that does not apply
    inert: bool = False  # a void, a correction, a struck record
    result: Any = None
    # the event read and its room stamp (two fields, not a pair: one object fewer kept a
    # record, for the correction budget): a refold reads each record once
    event: Any = None
    room: Any = None

    def key(self) -> tuple[Any, ...]:
        return (
            self.applied,
            self.inert,
            tuple(
                (decision.code, decision.seat, decision.key, decision.params)
                for decision in self.decisions
            ),
            self.refusal.key if self.refusal is not None else None,
        )


_INERT = Outcome(False, inert=True)
# a refold weighed once (impact, then entering): where it starts, the states and
# outcomes from there, the records that no longer apply, and its differences once diffed
Differences = tuple[list[Decision], list[tuple[int, str, Refusal]]]
Weighed = tuple[int, list[TableState], list[Outcome], list[int], Differences | None]


def _same(a: TableState, b: TableState) -> bool:
    """Equal for every later ruling (the count of events applied aside)."""
    if a is b:
        return True
    return (
        a.players == b.players
        and a.button == b.button
        and a.hands == b.hands
        and a.dealer_pos == b.dealer_pos
        and a.barred == b.barred
        and a.credits == b.credits
        and a.agreed == b.agreed
        and a.held_seat == b.held_seat
        and a.closed == b.closed
        and a.streak == b.streak
        and a.config is b.config
    )


class History:
    """A table's records (1-based; voids and corrections among them) and the state after
    each. ``strict`` (a journal's history): every effective record must apply, but those
    a correction keeps as entered; otherwise (a table file) a record that does not apply
    is passed over, as ``replay`` passes it over."""

    def __init__(
        self,
        config: TableConfig,
        players: Sequence[PlayerSpec] = (),
        records: Iterable[Mapping[str, Any]] = (),
        *,
        strict: bool = False,
        start: TableState | None = None,
        read: Sequence[Any] | None = None,
    ) -> None:
        """``read``: beside each record, its event as the rules read it ((event, room
        stamp), what :func:`~floorkill.rules.engine.apply_parsed` takes) or None: a
        journal reads each distinct payload once (store/reading.py ``history_records``)."""
        self.config = config
        self.players = tuple(players)
        self.strict = strict
        self.records: list[Mapping[str, Any]] = []
        self.resolved = Resolved()
        self.states: list[TableState] = [
            start if start is not None else initial_state(config, self.players)
        ]
        self.outcomes: list[Outcome] = []
        self.dead: set[int] = set()  # records refused when entered (a file's): never applied
        # the last refold weighed (impact, then the same correction entered): its key and
        # (start, states, outcomes, broken, changes, impossible)
        self._weighed: tuple[tuple[int, str], Weighed] | None = None
        with collector_paused():
            if read is None:
                for raw in records:
                    self.add(raw)
            else:
                for raw, known in zip(records, read, strict=True):
                    self.add(raw, known)

    # -- reading ----------------------------------------------------------
    @property
    def state(self) -> TableState:
        return self.states[-1]

    def __len__(self) -> int:
        return len(self.records)

    def effective(self) -> list[tuple[int, Mapping[str, Any]]]:
        return [(record, ev) for record, ev in self.resolved.effective() if record not in self.dead]

    # -- entering ---------------------------------------------------------
    def add(self, raw: Mapping[str, Any], read: tuple[Any, Any] | None = None) -> Outcome:
        """Enter the next record. A refused event (or correction, or void) is kept as a
        record that never applies (a file's); ``strict`` raises the refusal instead.
        ``read``: the event already read from ``raw`` and its room stamp (see ``read`` of
        the constructor)."""
        etype = raw.get("type") if type(raw) is dict or isinstance(raw, Mapping) else None
        if etype in (CORRECT, VOID):
            with collector_paused():  # the refold, its diff, the old states let go
                return self._enter(raw, etype)
        try:
            if read is not None:
                applied = apply_parsed(self.states[-1], read[0], read[1])
            else:
                applied = apply(self.states[-1], raw)
        except Refusal as refusal:
            if self.strict:
                raise
            return self._dead(raw, refusal)
        self.records.append(raw)
        resolved = self.resolved  # (Resolved.add of an event of play, inline)
        resolved.kinds.append("event")
        resolved.events.append(raw)
        self.states.append(applied.state)
        out = Outcome(
            True, tuple(applied.decisions), None, False, applied.result, applied.event, applied.room
        )
        self.outcomes.append(out)
        return out

    def _enter(self, raw: Mapping[str, Any], etype: str) -> Outcome:
        """:meth:`add` of a correction or a void."""
        try:
            start, trial, states, outcomes = self._trial(raw)
        except Refusal as refusal:
            if self.strict:
                raise
            return self._dead(raw, refusal)
        out = _INERT
        if etype == CORRECT and start is not None:
            changes, _ = self._diffed(raw, start, trial, states, outcomes)
            said = Decision("corrected", None, "corrected", (("record", start),))
            out = Outcome(True, (said, *changes), inert=True)
        self.records.append(raw)
        self.resolved = trial
        if start is not None:
            self.states[start:] = states
            self.outcomes[start - 1 :] = outcomes
        self.states.append(self.states[-1])
        self.outcomes.append(out)
        return out

    def _dead(self, raw: Mapping[str, Any], refusal: Refusal) -> Outcome:
        self.records.append(raw)
        self.resolved.kinds.append("dead")
        self.resolved.events.append(None)
        self.dead.add(len(self.records))
        self.states.append(self.states[-1])
        out = Outcome(False, refusal=refusal)
        self.outcomes.append(out)
        return out

    def original_of(self, seq: int) -> int:
        return self.resolved.original_of(seq)

    def chain(self, seq: int) -> list[int]:
        """The live corrections of record ``seq`` (or of the record it corrects), oldest
        first: the whole chain a correction of a correction makes."""
        original = self.original_of(seq)
        resolved = self.resolved
        return sorted(
            correction
            for correction, target in resolved.origin.items()
            if target == original and correction in resolved.undo
        )

    # -- corrections and voids ----------------------------------------------
    def target_refusal(self, record: int) -> Refusal | None:
        """Why ``record`` cannot be corrected now, or None."""
        if not 1 <= record <= len(self.records):
            return Refusal("correct-no-record", record=record, last=len(self.records))
        kind = self.resolved.kinds[record - 1]
        if kind == "void":
            return Refusal("correct-of-void", record=record)
        if kind == "dead":
            return Refusal("correct-of-refused", record=record)
        if _type(self.records[record - 1]) == SEAL:
            return Refusal("correct-of-seal", record=record)
        if record in self.resolved.voided or (
            kind == "correct" and record not in self.resolved.undo
        ):
            return Refusal("correct-of-voided", record=record)
        if kind == "event" and self.resolved.events[record - 1] is None:
            # struck by another record's correction: correct that one
            for correction, (_o, _b, _n, changed, _k) in self.resolved.undo.items():
                if any(seq == record and now is None for seq, _ev, now in changed):
                    return Refusal("correct-of-struck", record=record, by=correction)
        newest = self.resolved.newest.get(self.original_of(record))
        if newest is not None and newest != record:
            return Refusal("correct-not-newest", record=record, newest=newest)
        return None

    def void_refusal(self, target: int) -> Refusal | None:
        """Why record ``target`` cannot be undone by a void (beyond the store's own rules:
        a record, live, a reason), or None."""
        if not 1 <= target <= len(self.records):
            return None
        newest = self.resolved.newest.get(self.original_of(target))
        kind = self.resolved.kinds[target - 1]
        if (
            newest is not None
            and newest != target
            and (kind == "event" or target in self.resolved.undo)
        ):
            return Refusal("void-corrected", record=target, newest=newest)
        return None

    def _trial(
        self, raw: Mapping[str, Any], keep_all: bool = False
    ) -> tuple[int | None, Resolved, list[TableState], list[Outcome]]:
        """(record the fold changes from or None, the resolution, the states and outcomes
        from there) were ``raw`` (a correction or a void, the next record) entered;
        Refusal when it cannot be. ``keep_all``: as if every later record were kept (what
        :func:`impact` weighs, to see every impossible record at once)."""
        seq = len(self.records) + 1
        trial = _copy(self.resolved)
        key = _weigh_key(seq, raw)
        # the refold depends on what each record stands for, not on what is kept: impact's
        # probe (every later record kept) and the settled correction share it
        weighed = self._weighed[1] if self._weighed and self._weighed[0] == key else None
        if raw.get("type") == VOID:
            target = raw.get("target")
            if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target < seq:
                raise Refusal("void-no-record", seq=target)
            refusal = self.void_refusal(target)
            if refusal is not None:
                raise refusal
            start = self.original_of(target)
            trial.add(raw)
            keep: tuple[int, ...] = ()
        else:
            correction = parse_correction(raw, seq)
            refusal = self.target_refusal(correction.record)
            if refusal is not None:
                raise refusal
            start = self.original_of(correction.record)
            for record in (
                *correction.strike,
                *correction.keep,
                *(answer for answer, _f in correction.answers),
            ):
                if record <= start:
                    raise Refusal("correct-settle-not-later", record=record, corrected=start)
            for record, _f in correction.answers:
                if self.resolved.events[record - 1] is None or record in self.dead:
                    raise Refusal("correct-bad-answer", types=", ".join(ANSWER_FIELDS))
            if correction.event is not None and weighed is None:
                # the replacement must apply where it stands (checked once per refold)
                try:
                    apply(self.states[start - 1], correction.event)
                except Refusal as refused:
                    raise Refusal(
                        "correct-refused", refused.cites, record=start, reason=refused.text()
                    ) from None
            trial.add(raw)
            keep = correction.keep
        if self.resolved.kinds[start - 1] == "dead":
            return None, trial, [], []
        if weighed is not None:
            _start, states, outcomes, broken = weighed[:4]
        else:
            states, outcomes, broken = self._fold_from(start, trial, seq - 1)
            self._weighed = (key, (start, states, outcomes, broken, None))
        unsettled = [record for record in broken if record not in keep and record not in trial.kept]
        if unsettled and not keep_all:
            if raw.get("type") == VOID:
                raise Refusal("void-breaks", records=", ".join(map(str, unsettled)))
            raise Refusal("correct-unsettled", records=", ".join(map(str, unsettled)))
        return start, trial, states, outcomes

    def _diffed(
        self,
        raw: Mapping[str, Any],
        start: int,
        trial: Resolved,
        states: list[TableState],
        outcomes: list[Outcome],
    ) -> tuple[list[Decision], list[tuple[int, str, Refusal]]]:
        """:func:`_diff` of a refold, once per refold weighed (impact, then entering)."""
        key = _weigh_key(len(self.records) + 1, raw)
        weighed = self._weighed
        if weighed is not None and weighed[0] == key and weighed[1][4] is not None:
            return weighed[1][4]
        found = _diff(self, start, trial, states, outcomes)
        if weighed is not None and weighed[0] == key:
            self._weighed = (key, (*weighed[1][:4], found))
        return found

    def check(self, raw: Mapping[str, Any]) -> None:
        """Refusal unless ``raw`` (a correction or a void) can be the next record."""
        self._trial(raw)

    def _fold_from(
        self, start: int, resolved: Resolved, last: int
    ) -> tuple[list[TableState], list[Outcome], list[int]]:
        """Refold records ``start..last`` under ``resolved``: (states after each, their
        outcomes, the records that applied before and no longer do). Stops early once the
        state is the one the fold already had and no later record stands for another
        event (every later ruling is then the same)."""
        old_events, new_events = self.resolved.events, resolved.events
        differs = start  # the last record standing for another event under ``resolved``
        for index in range(last - 1, start - 1, -1):
            if old_events[index] is not new_events[index]:
                differs = index + 1
                break
        with collector_paused():
            return self._refold(start, resolved, last, differs)

    def _refold(
        self, start: int, resolved: Resolved, last: int, differs: int
    ) -> tuple[list[TableState], list[Outcome], list[int]]:
        state = self.states[start - 1]
        states: list[TableState] = []
        outcomes: list[Outcome] = []
        broken: list[int] = []
        old_events, new_events = self.resolved.events, resolved.events
        old_states, old_outcomes = self.states, self.outcomes
        dead = self.dead
        for seq in range(start, last + 1):
            ev = new_events[seq - 1]
            old_out = old_outcomes[seq - 1]
            if dead and seq in dead:
                out = old_out
            elif ev is None:
                out = _INERT
            else:
                try:
                    if ev is old_events[seq - 1] and old_out.event is not None:
                        # the same record: read once, when entered
                        applied = apply_parsed(state, old_out.event, old_out.room)
                    else:
                        applied = apply(state, ev)
                except Refusal as refusal:
                    out = Outcome(False, refusal=refusal)
                    if old_out.applied and not old_out.inert:
                        broken.append(seq)
                else:
                    state = applied.state
                    out = Outcome(
                        True,
                        tuple(applied.decisions),
                        None,
                        False,
                        applied.result,
                        applied.event,
                        applied.room,
                    )
            states.append(state)
            outcomes.append(out)
            old_state = old_states[seq]
            if seq >= differs and _same(state, old_state) and out.key() == old_out.key():
                rest = self.states[seq + 1 : last + 1]
                delta = state.events - old_state.events
                if delta:
                    rest = [replace(later, events=later.events + delta) for later in rest]
                states.extend(rest)
                outcomes.extend(self.outcomes[seq:last])
                break
        return states, outcomes, broken

    def correct(self, raw: Mapping[str, Any]) -> Outcome:
        """Enter a correction; Refusal (nothing entered) when it cannot be."""
        if not is_correction(raw):
            raise Refusal("correct-bad-event", type=repr(raw.get("type"))[:40])
        strict, self.strict = self.strict, True
        try:
            return self.add(raw)
        finally:
            self.strict = strict


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic collector paused while a fold builds the states it keeps. A fold makes
    no reference cycles, and the objects it keeps (about ten a record) made the collector
    walk the whole heap again and again as they piled up: the correction budget
    (bench/correct_bench.py, <= 2x replaying the table) fails without it. A correction is
    entered under one pause (the history read, the refold, its diff, the old states let
    go), so the collector meets only what is kept, once, when it resumes. Already paused
    (the podium's start, a fold inside a fold): left as it is."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _weigh_key(seq: int, raw: Mapping[str, Any]) -> tuple[int, str]:
    """What a refold of ``raw`` (a correction or a void, record ``seq``) depends on: all
    of it but what it keeps as entered and who said why."""
    import json

    rest = {
        key: value for key, value in raw.items() if key not in (SETTLE_KEEP, "room", "reason", "by")
    }
    return seq, json.dumps(rest, sort_keys=True, default=str)


def _copy(r: Resolved) -> Resolved:
    return Resolved(
        list(r.events),
        dict(r.kept),
        dict(r.origin),
        dict(r.newest),
        dict(r.undo),
        set(r.voided),
        list(r.kinds),
    )


# ---------------------------------------------------------------------------
# what a correction changes, before it is entered


@dataclass(frozen=True, slots=True)
class Impact:
    """What a proposed correction changes: ``changes`` (decisions: message key + params
    + clauses, code ``corrected``) and ``impossible``: the later records it makes
    impossible, (record, its type, the refusal), each to settle (strike / keep)."""

    record: int  # the record corrected (the original)
    changes: tuple[Decision, ...]
    impossible: tuple[tuple[int, str, Refusal], ...]
    refusal: Refusal | None = None  # the correction itself cannot be entered
    # later records the corrected history asks a question of (the second-leg answer of a
    # win that is now a second leg, …): (record, its event as it stands, the question),
    # the first first; each is answered in the correction (``answers``), not settled. The
    # corrected record itself when the replacement asks one (answered in ``event``)
    questions: tuple[tuple[int, Mapping[str, Any], Question], ...] = ()
    # the state each of those records is weighed on (the corrected history's, just before
    # it): what an answer typed there decides is previewed on it
    asked_on: tuple[TableState, ...] = ()

    @property
    def settle_needed(self) -> tuple[int, ...]:
        return tuple(record for record, _t, _r in self.impossible)

    def answer(self, raw: Mapping[str, Any], value: Any) -> dict[str, Any]:
        """``raw`` (the correction weighed) with the first question answered (``value``
        as :meth:`Question.answered` takes it): in its ``event`` when the replacement asks
        it, else in ``answers``. Weigh it again: another may follow."""
        _seq, event, question = self.questions[0]
        return self.fill(raw, question.answered(event, value))

    def fill(self, raw: Mapping[str, Any], filled: Mapping[str, Any]) -> dict[str, Any]:
        """:meth:`answer` given the asking record's event as the answer fills it in."""
        seq, event, _question = self.questions[0]
        fields = {
            key: given_value
            for key, given_value in filled.items()
            if event.get(key, _UNSET) != given_value
        }
        if seq == self.record:
            return {**raw, "event": {**raw["event"], **fields}}
        kept = [
            given
            for given in raw.get(ANSWERS, [])
            if isinstance(given, Mapping) and given.get("record") != seq
        ]
        prior = next(
            (
                given
                for given in raw.get(ANSWERS, [])
                if isinstance(given, Mapping) and given.get("record") == seq
            ),
            {},
        )
        out = dict(raw)
        out[ANSWERS] = sorted(
            [*kept, {**prior, "record": seq, **fields}], key=lambda a: a["record"]
        )
        return out


_UNSET = object()


def _button_words(state: TableState) -> tuple[str, str | None, int | None]:
    button = state.button
    word = {KILLED: "kill pot", LEG_UP: "leg up"}.get(button.status, "neutral")
    return word, button.player, button.seat


def _hand_change(
    hand: int, was: tuple[Any, ...], now: tuple[Any, ...], cites: tuple[str, ...]
) -> Decision:
    params: list[tuple[str, Any]] = [("hand", hand), ("before", was[0]), ("after", now[0])]
    if was[1]:
        params += [("name", was[1]), ("seat", was[2])]
    if now[1]:
        params += [("player", now[1]), ("to_seat", now[2])]
    key = "fix-hand" + {(1, 1): "-both", (1, 0): "-from", (0, 1): "-to"}.get(
        (int(bool(was[1])), int(bool(now[1]))), ""
    )
    return Decision("corrected", now[2], key, tuple(params), cites)


def _own_bars(state: TableState) -> dict[str, Any]:
    return {bar.player: bar for bar in state.barred if bar.table is None}


def impact(history: History, raw: Mapping[str, Any]) -> Impact:
    """Every later ruling ``raw`` (a ``correct`` event, settled or not) would change, and
    the later records it makes impossible. Nothing is entered."""
    seq = len(history) + 1
    try:
        correction = parse_correction(raw, seq)
    except Refusal as unreadable:
        return Impact(0, (), (), unreadable)
    refusal = history.target_refusal(correction.record)
    start = history.original_of(correction.record) if refusal is None else correction.record
    if refusal is not None:
        return Impact(start, (), (), refusal)
    # every later record kept, to see all the impossible ones at once
    probe = {key: value for key, value in raw.items() if key not in ("keep", "room")}
    with collector_paused():
        return _impact(history, probe, correction, start)


def _impact(
    history: History, probe: Mapping[str, Any], correction: Correction, start: int
) -> Impact:
    """:func:`impact` of a correction that names a record it can correct."""
    try:
        _start, trial, states, outcomes = history._trial(probe, keep_all=True)
    except Refusal as refused:
        if refused.key == "correct-refused" and correction.event is not None:
            # the replacement itself asks a question (a second win: the second-leg answer)
            before = history.states[start - 1]
            question = first_asked(before, correction.event)
            if question is not None:
                own = ((start, correction.event, question),)
                return Impact(start, (), (), questions=own, asked_on=(before,))
        return Impact(start, (), (), refused)
    changes, impossible = history._diffed(probe, start, trial, states, outcomes)
    asked: list[tuple[int, Mapping[str, Any], Question]] = []
    asked_on: list[TableState] = []
    unasked: list[tuple[int, str, Refusal]] = []
    for record, etype, why in impossible:
        event = trial.events[record - 1]
        before = states[record - start - 1] if record > start else history.states[start - 1]
        question = first_asked(before, event) if event is not None else None
        if question is not None and event is not None:  # (a question is of an event)
            asked.append((record, event, question))
            asked_on.append(before)
        else:
            unasked.append((record, etype, why))
    return Impact(
        start, tuple(changes), tuple(unasked), questions=tuple(asked), asked_on=tuple(asked_on)
    )


def _diff(
    history: History,
    start: int,
    trial: Resolved,
    states: list[TableState],
    outcomes: list[Outcome],
) -> tuple[list[Decision], list[tuple[int, str, Refusal]]]:
    """What the refold (``states``, ``outcomes`` from record ``start`` under ``trial``)
    changes against ``history`` as it stands: (changed rulings, impossible records)."""
    changes: list[Decision] = []
    impossible: list[tuple[int, str, Refusal]] = []
    old_states, old_outcomes = history.states, history.outcomes
    old_events, new_events = history.resolved.events, trial.events
    for offset, (new_state, new_out) in enumerate(zip(states, outcomes, strict=True)):
        record = start + offset
        old_state, old_out = old_states[record], old_outcomes[record - 1]
        if _same(new_state, old_state) and new_out.key() == old_out.key():
            continue
        old_ev, new_ev = old_events[record - 1], new_events[record - 1]
        if old_ev is not None and new_ev is None:
            changes.append(
                Decision(
                    "corrected", None, "fix-struck", (("record", record), ("type", _type(old_ev)))
                )
            )
            continue
        if new_out.refusal is not None:
            if old_out.applied and not old_out.inert:
                impossible.append((record, _type(old_ev), new_out.refusal))
            continue
        new_type = _type(new_ev)
        if new_type == "hand" or _type(old_ev) == "hand":
            old_b, new_b = old_state.button, new_state.button
            if (
                old_b.status == new_b.status
                and old_b.seat == new_b.seat
                and old_b.player == new_b.player
            ):
                continue
            was, now = _button_words(old_state), _button_words(new_state)
            cites = tuple(
                dict.fromkeys(
                    cite
                    for decision in (*new_out.decisions, *old_out.decisions)
                    for cite in decision.cites
                )
            )
            hand = new_state.hands if new_type == "hand" else old_state.hands
            changes.append(_hand_change(hand, was, now, cites))
        elif record != start and new_out.key() != old_out.key():
            cites = tuple(
                dict.fromkeys(cite for decision in new_out.decisions for cite in decision.cites)
            )
            params: tuple[tuple[str, Any], ...] = (("record", record), ("type", new_type))
            changes.append(Decision("corrected", None, "fix-ruling", params, cites))
    old_bars = _own_bars(history.state)
    new_bars = _own_bars(states[-1]) if states else old_bars
    for name, bar in old_bars.items():
        if name not in new_bars:
            params = (("name", name), ("amount", bar.owes))
            changes.append(Decision("corrected", None, "fix-bar-lifted", params, ("rrop-13.6",)))
    for name, bar in new_bars.items():
        if name not in old_bars:
            params = (("name", name), ("amount", bar.owes))
            changes.append(Decision("corrected", None, "fix-bar-new", params, ("rrop-13.6",)))
    return changes, impossible


def _type(raw: object) -> str:
    # (a dict first: an ABC's isinstance is slow, and this runs for every record diffed)
    etype = raw.get("type") if type(raw) is dict or isinstance(raw, Mapping) else None
    return etype if isinstance(etype, str) else "?"


def proposal(
    history: History,
    record: int,
    event: Mapping[str, Any] | None,
    *,
    settle: Mapping[int, str] | None = None,
    reason: str | None = None,
    answers: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """The ``correct`` event of ``record`` (a record number of ``history``) to ``event``
    (None strikes it): the original's room stamp kept, each impossible later record
    settled as ``settle`` says, the ``answers`` to the questions later records ask
    (:attr:`Impact.questions`), the reason."""
    original = history.original_of(record) if 1 <= record <= len(history) else record
    base = history.records[original - 1] if 1 <= original <= len(history) else {}
    raw: dict[str, Any] = {"type": CORRECT, "record": record, "event": replacement(base, event)}
    if answers:
        raw[ANSWERS] = [dict(answer) for answer in answers]
    if reason and reason.strip():
        raw["reason"] = reason.strip()
    return settled(raw, settle or {})


def settled(raw: Mapping[str, Any], how: Mapping[int, str]) -> dict[str, Any]:
    """``raw`` (a ``correct`` event) with each impossible record settled as ``how`` says
    (record -> ``strike`` | ``keep``)."""
    out = dict(raw)
    strike = sorted(
        {
            *out.get("strike", ()),
            *(record for record, how_settled in how.items() if how_settled == SETTLE_STRIKE),
        }
    )
    keep = sorted(
        {
            *out.get("keep", ()),
            *(record for record, how_settled in how.items() if how_settled == SETTLE_KEEP),
        }
    )
    out.pop("strike", None)
    out.pop("keep", None)
    if strike:
        out["strike"] = strike
    if keep:
        out["keep"] = keep
    return out


def file_records(
    records: Sequence[Mapping[str, Any]],
) -> tuple[list[dict[str, Any]], list[int]]:
    """A journal's records as a table file's ``[[events]]`` (what ``export`` writes and
    ``replay`` reproduces): voids and the records they undo left out, and the record
    numbers a correction names renumbered to the file's. Also, for each file event, the
    journal record it is."""
    resolved = resolve(records)
    seqs = [
        index + 1
        for index, kind in enumerate(resolved.kinds)
        if kind in ("event", "correct")
        and (index + 1) not in resolved.voided
        and _type(records[index]) != SEAL  # the seal names this journal's chain: not a file's
    ]
    number = {seq: number_in_file for number_in_file, seq in enumerate(seqs, start=1)}
    out: list[dict[str, Any]] = []
    for seq in seqs:
        raw = dict(records[seq - 1])
        if resolved.kinds[seq - 1] == "correct":
            raw["record"] = number[raw["record"]]
            for name in (SETTLE_STRIKE, SETTLE_KEEP):
                if name in raw:
                    kept = [number[record] for record in raw[name] if record in number]
                    if kept:
                        raw[name] = kept
                    else:
                        del raw[name]
            if isinstance(raw.get(ANSWERS), list):
                raw[ANSWERS] = [
                    {**answer, "record": number[answer["record"]]}
                    for answer in raw[ANSWERS]
                    if isinstance(answer, Mapping) and answer.get("record") in number
                ]
                if not raw[ANSWERS]:
                    del raw[ANSWERS]
        out.append(raw)
    return out, seqs


def journal_numbers(raw: Mapping[str, Any], seqs: Sequence[int]) -> dict[str, Any]:
    """A file's correction with its record numbers turned into the journal's (``seqs``:
    the journal record of each file event, as :func:`file_records` gives)."""
    out = dict(raw)

    def seq(n: object) -> object:
        return seqs[n - 1] if isinstance(n, int) and 1 <= n <= len(seqs) else n

    out["record"] = seq(out.get("record"))
    for name in (SETTLE_STRIKE, SETTLE_KEEP):
        if isinstance(out.get(name), list):
            out[name] = [seq(record) for record in out[name]]
    if isinstance(out.get(ANSWERS), list):
        out[ANSWERS] = [
            {**answer, "record": seq(answer.get("record"))}
            if isinstance(answer, Mapping)
            else answer
            for answer in out[ANSWERS]
        ]
    return out


def fold(
    config: TableConfig,
    players: Sequence[PlayerSpec],
    records: Iterable[Mapping[str, Any]],
) -> TableState:
    """The state of a table file's records, corrections read."""
    return History(config, players, records).state


__all__ = [
    "ANSWERS",
    "CORRECT",
    "Correction",
    "History",
    "Impact",
    "Resolved",
    "STRIKE",
    "collector_paused",
    "file_records",
    "fold",
    "impact",
    "journal_numbers",
    "is_correction",
    "parse_correction",
    "proposal",
    "replacement",
    "resolve",
    "sealed_after",
    "settled",
]

"""A table's session: its config, its ordered records, its current state.

:class:`TableSession` is the interface the podium and the big screen use;
:class:`MemorySession` keeps everything in memory (tests, replay, previews) and
the SQLite journal (:mod:`floorkill.store.journal`) implements the same
interface durably. Undo never deletes: it appends a ``void`` record naming the
voided record and a reason, and the fold skips voided records.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from floorkill.rules import TableConfig, TableState, apply, corrections, initial_state
from floorkill.rules import room as room_rules
from floorkill.rules.config import PlayerSpec
from floorkill.rules.corrections import History
from floorkill.rules.decisions import Decision, Refusal
from floorkill.rules.engine import Result
from floorkill.rules.texts import read_stored


@dataclass(frozen=True, slots=True)
class Record:
    """One accepted event as stored."""

    seq: int  # per-table sequence, 1-based
    type: str  # event type, or "void"
    event: Mapping[
        str, Any
    ]  # canonical event dict (for a void: {"type": "void", "target": seq, "reason": ...})
    decisions: tuple[Decision, ...] = ()
    result: Result | None = None
    hand: int = 0  # hands played after this record
    who: str | None = None
    at: str = ""  # UTC, ISO 8601
    voided: bool = False  # later voided by another record
    gseq: int | None = None  # global sequence in a journal


class TableSession(Protocol):
    name: str
    config: TableConfig
    players: tuple[PlayerSpec, ...]

    @property
    def state(self) -> TableState: ...
    def __len__(self) -> int: ...
    def records(self, start: int = 0, stop: int | None = None) -> Sequence[Record]: ...
    def append(self, raw: Mapping[str, Any]) -> Record:
        """Apply and store; the players barred at the other tables come from where the
        session gets them (its journal, or ``bars_elsewhere`` in memory)."""

    def void(self, seq: int, reason: str) -> Record: ...
    def last_undoable(self) -> Record | None: ...
    def history(self) -> History:
        """The records read as a history (corrections and voids among them)."""

    def correct(
        self,
        record: int,
        event: Mapping[str, Any] | None,
        *,
        settle: Mapping[int, str] | None = None,
        reason: str | None = None,
        answers: Sequence[Mapping[str, Any]] = (),
    ) -> Record:
        """Append a correction of ``record`` (Refusal, nothing kept, when it cannot be
        entered)."""


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class AllRecords(list):
    """Every record of a table from its first, voids and corrections among them: what
    :func:`fold_records` is given for a table with corrections (the fold then reads them
    as :class:`floorkill.rules.corrections.History` does, from the initial state)."""


def fold_records(
    config: TableConfig,
    players: tuple[PlayerSpec, ...],
    events: Iterable[Mapping[str, Any]],
    state: TableState | None = None,
    barred_elsewhere=None,
) -> TableState:
    """Fold accepted events (voids already removed) into a state. Raises Refusal if one no
    longer applies. :class:`AllRecords` (a table with corrections) is folded from the start
    with its corrections and voids read."""
    if isinstance(events, AllRecords):
        return History(config, players, events, strict=True).state
    if not isinstance(events, list):
        events = list(events)
    if any(type(ev) is dict and ev.get("type") == "correct" for ev in events):
        # a table file's corrections (export): the history read from its first record
        return History(config, players, events, strict=True, start=state).state
    st = initial_state(config, players) if state is None else state
    for ev in events:
        st = apply(st, ev, barred_elsewhere).state
    return st


class MemorySession:
    """An in-memory TableSession."""

    def __init__(
        self, config: TableConfig, players: tuple[PlayerSpec, ...] = (), who: str | None = None
    ) -> None:
        self.name = config.name
        self.config = config
        self.players = players
        self.who = who
        self._records: list[Record] = []
        self._state = initial_state(config, players)
        # where the players barred at the other tables come from (the tables' registry
        # sets it); without it, this table stands alone
        self.bars_elsewhere: Callable[[], Mapping[str, tuple[int, str]]] | None = None
        self._view: tuple[TableState, Mapping[str, tuple[int, str]], TableState] | None = None

    @property
    def state(self) -> TableState:
        """The table as it stands in the room (rules/room.py ``view``) when it has one."""
        if self.bars_elsewhere is None:
            return self._state
        elsewhere = self.bars_elsewhere()
        memo = self._view
        if memo is not None and memo[0] is self._state and memo[1] == elsewhere:
            return memo[2]
        seen = room_rules.view(self._state, elsewhere)
        self._view = (self._state, elsewhere, seen)
        return seen

    @property
    def folded(self) -> TableState:
        return self._state

    def __len__(self) -> int:
        return len(self._records)

    def records(self, start: int = 0, stop: int | None = None) -> Sequence[Record]:
        return self._records[start:stop]

    def append(self, raw: Mapping[str, Any], barred_elsewhere=None) -> Record:
        if barred_elsewhere is None and self.bars_elsewhere is not None:
            barred_elsewhere = self.bars_elsewhere()
        if barred_elsewhere is not None:  # stamped with the room's bars (rules/room.py)
            raw = room_rules.stamp(self._state, raw, barred_elsewhere)
        applied = apply(self._state, raw, barred_elsewhere)
        rec = Record(
            seq=len(self._records) + 1,
            type=applied.event.type,
            event=room_rules.stored_event(applied),
            decisions=tuple(applied.decisions),
            result=applied.result,
            hand=applied.state.hands,
            who=self.who,
            at=utc_now(),
        )
        self._records.append(rec)
        self._state = applied.state
        return rec

    def history(self) -> History:
        """The records read as a history (corrections and voids among them)."""
        return History(
            self.config, self.players, [record.event for record in self._records], strict=True
        )

    def correct(
        self,
        record: int,
        event: Mapping[str, Any] | None,
        *,
        settle: Mapping[int, str] | None = None,
        reason: str | None = None,
        answers: Sequence[Mapping[str, Any]] = (),
    ) -> Record:
        """Append a correction (see the journal's ``correct``); Refusal, nothing kept, when
        it cannot be entered."""
        history = self.history()
        refusal = history.target_refusal(record)
        if refusal is not None:
            raise refusal
        raw = corrections.proposal(
            history, record, event, settle=settle, reason=reason, answers=answers
        )
        out = history.correct(raw)
        rec = Record(
            seq=len(self._records) + 1,
            type="correct",
            event=raw,
            decisions=tuple(out.decisions),
            hand=history.state.hands,
            who=self.who,
            at=utc_now(),
        )
        self._records.append(rec)
        self._state = history.state
        return rec

    def void(self, seq: int, reason: str) -> Record:
        target = self._check_void(seq, reason)
        if any(record.type == "correct" for record in self._records):
            history = self.history()
            history.add({"type": "void", "target": seq, "reason": reason.strip()})
            state = history.state
        else:
            live = [
                record.event
                for record in self._records
                if record.type != "void" and not record.voided and record.seq != seq
            ]
            state = fold_records(self.config, self.players, live)  # Refusal if one breaks
        self._records[target.seq - 1] = _mark_voided(target)
        rec = Record(
            seq=len(self._records) + 1,
            type="void",
            event={"type": "void", "target": seq, "reason": reason.strip()},
            hand=state.hands,
            who=self.who,
            at=utc_now(),
        )
        self._records.append(rec)
        self._state = state
        return rec

    def _check_void(self, seq: int, reason: str) -> Record:
        return check_void(
            self._records[seq - 1] if 1 <= seq <= len(self._records) else None, seq, reason
        )

    def last_undoable(self) -> Record | None:
        for rec in reversed(self._records):
            if rec.type != "void" and not rec.voided:
                return rec
        return None


def check_void(target: Record | None, seq: int, reason: str) -> Record:
    """The rules of undo: a void names an existing, live, non-void record and gives a reason.
    Voiding a void is refused: enter the event again instead (nothing is ever deleted)."""
    if target is None:
        raise Refusal("void-no-record", seq=seq)
    if target.type == "void":
        raise Refusal("void-of-void", seq=seq)
    if target.voided:
        raise Refusal("void-twice", seq=seq)
    if not reason or not reason.strip():
        raise Refusal("void-needs-reason")
    return target


def _mark_voided(rec: Record) -> Record:
    return Record(
        rec.seq,
        rec.type,
        rec.event,
        rec.decisions,
        rec.result,
        rec.hand,
        rec.who,
        rec.at,
        True,
        rec.gseq,
    )


def decision_to_json(d: Decision) -> dict[str, Any]:
    """A decision as stored: its code, seat, message key and params, clauses and the English text."""
    return {
        "code": d.code,
        "seat": d.seat,
        "key": d.key,
        "params": [[key, value] for key, value in d.params],
        "cites": list(d.cites),
        "text": d.text("en"),
    }


def decision_from_json(data: Mapping[str, Any]) -> Decision:
    return Decision(
        data["code"],
        data.get("seat"),
        data["key"],
        read_stored(tuple((key, value) for key, value in data.get("params", []))),
        tuple(data.get("cites", ())),
    )

"""A table file's events into the journal: idempotent, checked whole, then written in batches.

Each event of a file is identified by its table, its position in the table's history
(the n-th live event: voided events and voids are not part of the history, exactly as
``export`` writes it) and the digest of its canonical content (``parse_event(...).to_dict()``
as canonical JSON). :func:`plan_import` compares the file with the journal's table:

- a different set-up (game, limits, kill, options, initial players) → ``changes``;
- an event that differs at position k → ``conflict`` (k, both versions);
- the file's events all in the journal already → nothing to write;
- the file longer than the journal's history, the rest equal → ``tail`` to append,
  folded first on the journal's state (every refusal collected in ``refused``).

Only a plan with no changes, no conflict and no refusal is written (:func:`write_plan`):
the table created if new, then the tail in batches, one transaction each, every batch
reported only after its COMMIT returned.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from floorkill.event_words import raw_event_text
from floorkill.i18n import Phrase, get_lang, ntr, tr
from floorkill.rules import TableFile, apply, corrections, initial_state, parse_event
from floorkill.rules import room as room_rules
from floorkill.rules.decisions import Refusal
from floorkill.rules.names import one_line
from floorkill.rules.table_diff import setup_changes
from floorkill.store.errors import JournalError, TableExists
from floorkill.store.schema import canonical_json
from floorkill.store.session import AllRecords, Record, TableSession

if TYPE_CHECKING:
    from floorkill.store.backend import JournalBackend, JournalTable

BATCH = 2000  # events per transaction: one fsync per batch, not per event
# What malformed data can raise out of the rules before they refuse it: reported as a
# reason for that event, never as an internal error.
BAD_DATA = (ValueError, TypeError, RecursionError, OverflowError, KeyError, AttributeError)


def event_digest(event: Mapping[str, Any]) -> str:
    """The identity of an event's content: sha256 of its canonical JSON."""
    return hashlib.sha256(canonical_json(event).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Refused:
    index: int  # 1-based position in the file
    line: int | None
    type: str | None
    text: str
    cites: tuple[str, ...] = ()


@dataclass(frozen=True)
class Conflict:
    index: int  # 1-based position where the histories part
    line: int | None
    journal: str  # the journal's event, in words
    file: str  # the file's event, in words


@dataclass
class ImportPlan:
    name: str  # the journal's name of the table (the file's when new)
    exists: bool
    seq: int = 0  # the journal table's last seq when planned
    in_journal: int = 0  # live events of the journal's table
    in_file: int = 0
    changes: list[str] = field(default_factory=list)
    conflict: Conflict | None = None
    tail: list[Mapping[str, Any]] = field(default_factory=list)
    tail_start: int = 1  # file position of tail[0]
    refused: list[Refused] = field(default_factory=list)
    session: JournalTable | None = None  # the journal's session of the table when it exists
    applied: list[Any] = field(default_factory=list)  # the tail folded by the check
    elsewhere: Any = None  # the bars at other tables the check used
    seqs: list[int] = field(default_factory=list)  # the journal record of each file event

    @property
    def ok(self) -> bool:
        return not self.changes and self.conflict is None and not self.refused

    @property
    def already(self) -> int:
        """How many of the file's events are already in the journal."""
        return min(self.in_file, self.in_journal) if self.exists else 0


def _line(tf: TableFile, index: int) -> int | None:
    lines = tf.event_lines
    return lines[index - 1] if 0 < index <= len(lines) else None


def _canonical(raw: Any, seats: int) -> dict[str, Any] | None:
    """The event's content (its room stamp left out: see :func:`plan_import`)."""
    if corrections.is_correction(raw):
        try:
            parsed = corrections.parse_correction(raw, 1 << 30).to_dict()
        except (Refusal, *BAD_DATA):
            return None
        parsed.pop("by", None)
        if isinstance(parsed["event"], dict):
            parsed["event"] = _canonical(parsed["event"], seats)
        return parsed
    try:
        return parse_event(room_rules.split(raw)[0], seats).to_dict()
    except (Refusal, *BAD_DATA):
        return None


def _as_file(events) -> tuple[list[dict[str, Any]], list[int]]:
    """A table's events as a file numbers them, and the journal record of each."""
    if isinstance(events, AllRecords):  # corrections: renumbered as export writes them
        return corrections.file_records(events)
    return [
        event for event in events if event.get("type") != "seal"
    ], []  # as export leaves seals out


def plan_import(journal: JournalBackend, tf: TableFile) -> ImportPlan:
    """Compare ``tf`` with the journal's table of its name; nothing is written."""
    cfg = tf.config
    known = {known_name.casefold(): known_name for known_name in journal.table_names()}
    stored = known.get(cfg.name.casefold())
    plan = ImportPlan(name=stored or cfg.name, exists=stored is not None, in_file=len(tf.events))
    if stored is None:
        state = initial_state(cfg, tf.players)
        elsewhere = journal.barred_elsewhere(None)
        history: list[dict[str, Any]] = []
    else:
        session = plan.session = journal.open_table(stored)
        plan.seq = len(session)
        plan.changes = setup_changes(session.config, session.players, cfg, tf.players, get_lang())
        if plan.changes:
            return plan
        history, plan.seqs = _as_file(journal.live_events(stored, plan.seq))
        plan.in_journal = len(history)
        # the table's own fold (what its events make), not the room view: the writer
        # stamps each event with the bars elsewhere and folds it on its own state
        state = getattr(session, "folded", session.state)
        elsewhere = journal.barred_elsewhere(stored)
    for number, (mine, theirs) in enumerate(zip(history, tf.events, strict=False), start=1):
        canon = _canonical(theirs, cfg.seats)
        # the room stamp is the writer's (rules/room.py), not the event's content: a file's
        # is replaced by the journal's own room, so an exported stamped event is the same
        mine = {key: value for key, value in mine.items() if key != room_rules.ROOM_FIELD}
        if corrections.is_correction(mine):
            mine = _canonical(mine, cfg.seats) or mine
        if canon is None or event_digest(canon) != event_digest(mine):
            plan.conflict = Conflict(
                number,
                _line(tf, number),
                raw_event_text(mine),
                raw_event_text(canon if canon is not None else theirs),
            )
            return plan
    if len(tf.events) <= len(history):
        return plan
    plan.tail_start = len(history) + 1
    plan.tail = list(tf.events[len(history) :])
    plan.elsewhere = elsewhere
    if any(corrections.is_correction(raw) for raw in (*history, *plan.tail)):
        _check_with_corrections(plan, tf, history)
        return plan
    for number, raw in enumerate(plan.tail, start=plan.tail_start):
        etype = raw.get("type") if isinstance(raw, Mapping) else None
        etype = etype if isinstance(etype, str) else None
        try:
            # stamped as the writer stamps it (rules/room.py), so a room-barred player is
            # refused here exactly as at the podium
            applied = apply(state, room_rules.stamp(state, raw, elsewhere), elsewhere)
            state = applied.state
            plan.applied.append(applied)
        except Refusal as refusal:
            plan.refused.append(
                Refused(number, _line(tf, number), etype, refusal.text(get_lang()), refusal.cites)
            )
        except BAD_DATA as exc:
            plan.refused.append(
                Refused(
                    number,
                    _line(tf, number),
                    etype,
                    tr("cannot be read ({error})", None, error=type(exc).__name__),
                )
            )
    return plan


def _check_with_corrections(plan: ImportPlan, tf: TableFile, history: list) -> None:
    """The tail checked as a history (its corrections name the file's records): each event
    or correction that would be refused is named; nothing is folded for reuse."""
    folded = corrections.History(tf.config, tf.players, history, strict=True)
    for number, raw in enumerate(plan.tail, start=plan.tail_start):
        etype = raw.get("type") if isinstance(raw, Mapping) else None
        try:
            folded.add(raw)
        except Refusal as refusal:
            plan.refused.append(
                Refused(number, _line(tf, number), etype, refusal.text(get_lang()), refusal.cites)
            )
        except BAD_DATA as exc:
            plan.refused.append(
                Refused(
                    number,
                    _line(tf, number),
                    etype,
                    tr("cannot be read ({error})", None, error=type(exc).__name__),
                )
            )


def _journal_seqs(session: TableSession, upto: int) -> list[int]:
    """The journal record of each file event of a table with no correction: its voids, the
    records they undid and its seals are not in the file (export leaves them out)."""
    return corrections.file_records([record.event for record in session.records(0, upto)])[1]


def _write_tail(session: JournalTable, plan: ImportPlan, on_batch, batch: int) -> None:
    """A tail with corrections: events in batches, each correction on its own, its record
    numbers turned into the journal's."""
    seqs = list(plan.seqs) if plan.seqs or not plan.seq else _journal_seqs(session, plan.seq)
    expect = plan.seq
    pending: list = []

    def flush() -> None:
        nonlocal expect, pending
        for start in range(0, len(pending), batch):
            records = session.append_many(pending[start : start + batch], expect_seq=expect)
            seqs.extend(record.seq for record in records)
            expect = len(session)
            if on_batch is not None:
                on_batch(session, records)
        pending = []

    for raw in plan.tail:
        if not corrections.is_correction(raw):
            pending.append(raw)
            continue
        flush()
        mapped = corrections.journal_numbers(raw, seqs)
        settle = {seq: "strike" for seq in mapped.get("strike", ())}
        settle.update({seq: "keep" for seq in mapped.get("keep", ())})
        event = mapped["event"] if isinstance(mapped["event"], Mapping) else None
        rec = session.correct(
            mapped["record"],
            event,
            settle=settle,
            reason=mapped.get("reason"),
            expect_seq=expect,
            answers=mapped.get(corrections.ANSWERS, ()),
        )
        seqs.append(rec.seq)
        expect = len(session)
        if on_batch is not None:
            on_batch(session, [rec])
    flush()


def write_plan(
    journal: JournalBackend,
    tf: TableFile,
    plan: ImportPlan,
    on_batch: Callable[[Any, Sequence[Record]], None] | None = None,
    toml_text: str | None = None,
    batch: int | None = None,
):
    """Write a checked plan: the table when new, then the tail in batches (one transaction
    each; ``on_batch(session, records)`` after each COMMIT). Returns the session.
    Raises JournalError when the journal's table changed since the plan was made."""
    if not plan.ok:
        raise JournalError(
            Phrase("an import plan with changes, a conflict or refusals is not written")
        )
    if not plan.exists:
        try:
            session = journal.create_table(tf, toml_text)
        except TableExists:
            raise JournalError(
                Phrase(
                    "table {name} was created by someone else meanwhile; nothing of the file "
                    "written: run the import again",
                    name=repr(plan.name),
                )
            ) from None
    else:
        session = plan.session or journal.open_table(plan.name)
    expect = plan.seq
    batch = batch or BATCH
    if any(corrections.is_correction(raw) for raw in plan.tail):
        _write_tail(session, plan, on_batch, batch)
        return session
    for start in range(0, len(plan.tail), batch):
        checked = (
            plan.applied[start : start + batch] if len(plan.applied) == len(plan.tail) else None
        )
        records = session.append_many(
            plan.tail[start : start + batch],
            expect_seq=expect,
            checked=checked,
            checked_elsewhere=plan.elsewhere,
        )
        expect = len(session)
        if on_batch is not None:
            on_batch(session, records)
    return session


# ---------------------------------------------------------------------------
# the podium opening a table file


@dataclass(frozen=True)
class FileDiffers:
    """The journal already has a table of the file's name, set up differently: the podium
    asks what to do (keep the journal's table / a new table from the file / cancel).
    ``str()`` is the notice shown if nobody asks."""

    file: str  # the file's name, as shown
    table: TableFile
    name: str  # the journal's table
    changes: tuple[str, ...]  # journal → file
    journal_setup: tuple = ()  # (config, players) of the journal's table

    def lines(self, lang: str = "en") -> list[str]:
        """The differences in ``lang`` (journal → file)."""
        if not self.journal_setup:
            return list(self.changes)
        config, players = self.journal_setup
        return setup_changes(config, players, self.table.config, self.table.players, lang)

    def __str__(self) -> str:
        return tr(
            "{file} differs from the journal's table {name} (journal → file): {changes}. "
            "The journal's table is shown; the file was not used.",
            None,
            file=self.file,
            name=repr(self.name),
            changes="; ".join(self.changes),
        )


def free_table_name(taken, base: str, limit: int = 64) -> str:
    """``base (2)``, ``base (3)``, … : the first name not in ``taken`` (case-insensitive)."""
    known = {taken_name.casefold() for taken_name in taken}
    number = 2
    while True:
        tail = f" ({number})"
        name = base[: max(1, limit - len(tail))].rstrip() + tail
        if name.casefold() not in known:
            return name
        number += 1


def open_file(
    journal: JournalBackend, tf: TableFile, file: str, toml_text: str | None = None
) -> tuple[Any, list[Any]]:
    """(session, notices) for the podium opening a table file with a journal. A new table
    is created from the file with all its events (only if every event is accepted); the
    journal's table of the same set-up gets the file's new events (same rule); anything
    else is said: a notice line, or a :class:`FileDiffers` to ask about."""
    plan = plan_import(journal, tf)
    if plan.changes:
        opened = plan.session
        assert opened is not None  # set-up changes: the journal has the table
        return opened, [
            FileDiffers(file, tf, plan.name, tuple(plan.changes), (opened.config, opened.players))
        ]
    if plan.conflict is not None:
        conflict = plan.conflict
        return plan.session, [
            tr(
                "{file}: event {index} differs from the journal's table "
                '{name}: the journal has "{journal}", the file "{theirs}". '
                "The journal's table is shown; the file's events were not used.",
                None,
                file=file,
                index=conflict.index,
                name=repr(plan.name),
                journal=conflict.journal,
                theirs=conflict.file,
            )
        ]
    if plan.refused:
        refused = plan.refused[0]
        cites = f" [{', '.join(refused.cites)}]" if refused.cites else ""
        where = f"{file}:{refused.line}" if refused.line else file
        etype = one_line(refused.type, 40) if refused.type else tr("no type")
        more = (
            " " + ntr("(and {n} more)", "(and {n} more)", len(plan.refused) - 1)
            if len(plan.refused) > 1
            else ""
        )
        session = plan.session
        if session is None:
            session = journal.create_table(tf, toml_text)
        return session, [
            tr(
                "{where}: event {index} ({type}) refused: {text}",
                None,
                where=where,
                index=refused.index,
                type=etype,
                text=refused.text,
            )
            + f"{cites}{more}. "
            + ntr(
                "None of the file's {n} new events were loaded.",
                "None of the file's {n} new events were loaded.",
                len(plan.tail),
            )
        ]
    session = write_plan(journal, tf, plan, toml_text=toml_text)
    notices: list[Any] = []
    if plan.exists and plan.tail:
        notices.append(
            f"{file}: "
            + ntr("{n} new event appended", "{n} new events appended", len(plan.tail))
            + "; "
            + ntr(
                "the first {n} was already in the journal.",
                "the first {n} were already in the journal.",
                plan.in_journal,
            )
        )
    elif plan.exists and plan.in_file:
        notices.append(
            f"{file}: "
            + ntr(
                "its {n} event is already in the journal.",
                "its {n} events are already in the journal.",
                plan.in_file,
            )
        )
    return session, notices

"""The night in numbers: per-table statistics folded from the journal with the rules model.

Textual-free and read-only. :func:`gather` reads a journal through a guarded read-only
connection: first the chain head (the report's seal), then every row up to it, so the
numbers and the seal describe exactly the same rows. Each table's live events (voided
ones skipped, as ``replay`` of an export does) are folded with
:func:`floorkill.rules.apply` from the table's first row; the window ``[start, end)`` only
chooses which events are *counted* (the state before the window is still folded).

What counts as what (the report's definitions, cross-checked against ``replay --json``):

* a **kill pot** is a hand played while the kill button was in the pot with the kill
  posted (a hand with ``kill_posted = false`` is a missed kill, not a kill pot);
  its *kind* is the button's kind, its *trigger* what made the kill (the decision
  that put the button in the pot);
* **won by the killer**: the killer won the whole pot alone; *split* if among several;
* a **leg** is a hand after which the button is leg up before a player who did not
  hold the leg before it;
* a **split** is a hand with no sole winner of the whole pot; a **walk** a hand
  recorded without a flop (``flop = false``);
* **voluntary kills**, **agreements** and **agreed kills** are the rules' decisions of
  those names; **under-posts** are ``underpost`` events with their ruling.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, tzinfo
from pathlib import Path
from typing import Any, cast

from floorkill.i18n import N_, Phrase, PhraseError, Said, Spoken
from floorkill.rules import Refusal, TableConfig, TableState, apply, corrections, initial_state
from floorkill.rules.config import PlayerSpec
from floorkill.rules.decisions import Decision
from floorkill.rules.events import Hand
from floorkill.rules.money import Cents
from floorkill.rules.state import KILLED, LEG_UP
from floorkill.rules.triggers import REGISTRY as trigger_registry
from floorkill.rules.triggers import active as active_triggers
from floorkill.store.reading import Conn

# what made a kill that no trigger's record names, by the key of the decision that put the
# button in the pot (the triggers' own keys and clauses are in rules/triggers.py)
TRIGGER_OF_KEY = {
    "kill-again": "kill-again",
    "killer-split-kills-again": "kill-again",
    "voluntary-kill": "voluntary",
    "agreed-kill": "agreed",
    "owed-kill-posted": "owed",
}
OTHER_CAUSES = ("kill-again", "voluntary", "agreed", "owed", "other")


def trigger_buckets() -> tuple[str, ...]:
    """The rows of the kill pots by trigger: every registered trigger, then the kills no
    trigger made, "other" last."""
    return (*(trigger.id for trigger in trigger_registry.values()), *OTHER_CAUSES)


KINDS = ("required", "voluntary", "agreed", "owed")
# decisions the kill tables already show: the notable-rulings list leaves them out
ROUTINE_HAND_CODES = frozenset({"leg-up", "neutral", "no-kill", "kill", "kill-again", "shows"})
MAX_RULINGS = 300
GENESIS = "0" * 64


def _trigger(d: Decision, triggers: tuple[str, ...]) -> str | None:
    """What made the kill ``d`` decided at a table with ``triggers``: the first of its
    triggers whose fired clauses it cites (a pot-size kill) or whose decision key it has,
    else the other causes; a pot-size kill no record claims is "other", never a guess."""
    records = active_triggers(triggers)
    if d.key == "kill-trigger":
        cites = set(d.cites)
        for record in records:
            if cites & set(record.fired_cites):
                return record.id
        return "other"
    for record in records:
        if d.key in record.decision_keys:
            return record.id
    return TRIGGER_OF_KEY.get(d.key)


# ---------------------------------------------------------------------------
# time


def parse_at(at: str) -> datetime:
    """A journal time (UTC, ISO 8601 with ``Z``) as an aware datetime."""
    return datetime.fromisoformat(at.replace("Z", "+00:00"))


def utc_text(moment: datetime) -> str:
    """The journal's own format, so bounds compare as strings with its rows."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class BadTime(PhraseError):
    """A --from / --to the report cannot read."""


def read_bound(text: str, tz: tzinfo | None = None) -> str:
    """``2026-11-30``, ``2026-11-30T18:00``, ``2026-11-30 18:00:00+03:00`` … as a journal time
    string. Without an offset the time is read in ``tz`` (default: this machine's zone)."""
    raw = text.strip()
    try:
        moment = datetime.fromisoformat(raw.replace("Z", "+00:00"))
    except ValueError:
        raise BadTime(
            N_("{text} is not a date or time (use 2026-11-30 or 2026-11-30T18:00)"),
            text=repr(text),
        ) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=tz) if tz is not None else moment.astimezone()
    return utc_text(moment)


# ---------------------------------------------------------------------------
# results


@dataclass
class Line:
    """One listed item: when, which record, who (seat, name) and what, with clauses."""

    at: str
    seq: int
    seat: int | None
    name: str | None
    code: str
    decision: Decision | None = None
    amount: Cents | None = None
    extra: str = ""  # voids: the reason; under-posts: nothing


@dataclass
class Void:
    at: str
    seq: int
    target: int
    target_event: dict[str, Any] | None
    reason: str
    who: str | None


@dataclass
class Fix:
    """A correction: when, its record, the record it corrects, what it replaced and with
    what (None: struck), why and who."""

    at: str
    seq: int
    target: int
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    reason: str
    who: str | None


@dataclass
class KillPot:
    at: str
    seq: int
    hand: int
    seat: int | None
    player: str | None
    kind: str
    trigger: str
    amount: Cents | None
    outcome: str  # won | split | lost


@dataclass
class TableStats:
    name: str
    config: TableConfig
    created: str
    records: int = 0  # rows in the window (voids included)
    hands: int = 0
    hands_total: int = 0  # hands played up to the window's end
    kill_pots: list[KillPot] = field(default_factory=list)
    kills_by_kind: Counter = field(default_factory=Counter)
    kills_by_trigger: Counter = field(default_factory=Counter)
    killer_won: int = 0
    killer_split: int = 0
    legs: int = 0
    splits: int = 0
    walks: int = 0
    voluntary: int = 0
    agreements: int = 0
    agreed_kills: int = 0
    underposts: list[Line] = field(default_factory=list)
    missed: list[Line] = field(default_factory=list)  # barred / owes decisions
    payments: list[Line] = field(default_factory=list)
    barred_end: list[tuple[str, Cents, str]] = field(default_factory=list)
    voids: list[Void] = field(default_factory=list)
    corrections: list[Fix] = field(default_factory=list)
    clause_counts: Counter = field(default_factory=Counter)
    code_counts: Counter = field(default_factory=Counter)
    rulings: list[Line] = field(default_factory=list)
    rulings_total: int = 0
    floorpersons: dict[str, list] = field(default_factory=dict)  # who -> [first, last, count]
    kills_by_hour: Counter = field(default_factory=Counter)  # local hour start -> count
    timeline: list[str] = field(default_factory=list)  # status each hand was played under
    timeline_at: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    first_at: str | None = None
    last_at: str | None = None
    state: TableState | None = None  # at the window's end

    @property
    def kill_pot_count(self) -> int:
        return len(self.kill_pots)


@dataclass
class Room:
    path: str
    tables: list[TableStats]
    head_seq: int
    head_hash: str
    start: str | None
    end: str | None
    generated: str
    tz: tzinfo
    notes: list[str] = field(default_factory=list)  # how it was read, caches not trusted

    @property
    def seal(self) -> str:
        return f"{self.head_hash}@{self.head_seq}"

    def total(self, attr: str) -> int:
        out = 0
        for table in self.tables:
            value = getattr(table, attr)
            out += value if isinstance(value, int) else len(value)
        return out

    def kills_by(self, attr: str) -> Counter:
        out: Counter = Counter()
        for table in self.tables:
            out.update(getattr(table, attr))
        return out

    def hours(self, most: int = 36) -> list[datetime]:
        """Every clock hour from the first to the last kill pot of the night; over more than
        ``most`` hours (a report of several nights), only the hours that had a kill pot,
        the last ``most`` of them."""
        keys = sorted({hour for table in self.tables for hour in table.kills_by_hour})
        if not keys:
            return []
        first, last = keys[0], keys[-1]
        if last - first >= timedelta(hours=most):
            return keys[-most:]
        out = []
        hour = first
        while hour <= last:
            out.append(hour)
            hour += timedelta(hours=1)
        return out


# ---------------------------------------------------------------------------
# reading


@dataclass(frozen=True, slots=True)
class Row:
    seq: int
    type: str
    payload: dict[str, Any]
    who: str | None
    at: str
    target: int | None


def chain_head(conn: Conn) -> tuple[int, str]:
    """(global sequence, hash) of the journal's chain head: the seal HASH@SEQ, what
    `floorkill head` prints: the last row's hash (the store's ``reading.chain_head`` also
    knows a migrated journal's seed)."""
    from floorkill.store import reading

    store_head = getattr(reading, "chain_head", None)
    if store_head is not None:
        return store_head(conn)
    row = conn.execute("SELECT gseq, hash FROM events ORDER BY gseq DESC LIMIT 1").fetchone()
    return (0, GENESIS) if row is None else (row[0], row[1])


def table_rows(conn: Conn, tbl: str, head: int) -> list[Row]:
    """A table's rows (creation row excluded) up to the global sequence ``head``."""
    loads = json.loads
    return [
        Row(seq, type_, loads(payload), who, at, target)
        for seq, type_, payload, who, at, target in conn.execute(
            "SELECT seq, type, payload, who, at, target FROM events "
            "WHERE tbl = ? AND seq > 0 AND gseq <= ? ORDER BY seq",
            (tbl, head),
        )
    ]


def tables_of(conn: Conn, names: Sequence[str] = (), report=None) -> list[tuple[str, str, str]]:
    """(name, toml, created) of the asked tables (all, in creation order, when none asked);
    a name matches case-insensitively; each toml as the table's creation row holds it in
    the hash chain (the ``tables.toml`` cache compared, a difference ``report``-ed).
    Raises UnknownTable."""
    from floorkill.store.guarded import table_text
    from floorkill.store.reading import find_table

    rows = [
        (name, table_text(conn, name, toml, report), created)
        for name, toml, created in conn.execute(
            "SELECT name, toml, created FROM tables ORDER BY rowid"
        ).fetchall()
    ]
    if not names:
        return rows
    by_name = {row[0]: row for row in rows}
    out, seen = [], set()
    for wanted in names:
        stored, _ = find_table(conn, wanted)
        if stored not in seen:
            seen.add(stored)
            out.append(by_name[stored])
    return out


# ---------------------------------------------------------------------------
# folding one table


def _leg_holder(state: TableState) -> int | None:
    button = state.button
    if button.status == LEG_UP:
        return button.seat
    if button.status == KILLED:
        return button.leg_seat
    return None


def _name_at(state: TableState, seat: Any) -> str | None:
    player = state.player(seat) if isinstance(seat, int) else None
    return player.name if player is not None else None


def fold_table(
    name: str,
    config: TableConfig,
    players: Sequence[PlayerSpec],
    rows: Iterable[Row],
    *,
    created: str = "",
    start: str | None = None,
    end: str | None = None,
    tz: tzinfo | None = None,
) -> TableStats:
    """Fold a table's rows and count what happened in ``[start, end)`` (journal time strings)."""
    tz = tz or datetime.now().astimezone().tzinfo or UTC  # (astimezone always sets one)
    st = TableStats(name=name, config=config, created=created)
    rows = list(rows)
    # every void up to the seal counts, as in an export: a later void corrects the record
    voided = {row.target for row in rows if row.type == "void" and row.target is not None}
    by_seq = {row.seq: row for row in rows}
    # corrections: every record stands for what the whole history says it is (as export)
    effective: list | None = None
    kept: dict[int, int] = {}
    if any(row.type == "correct" for row in rows):
        numbered = [row for row in rows if row.seq > 0]
        if [row.seq for row in numbered] == list(range(1, len(numbered) + 1)):
            resolved = corrections.resolve([row.payload for row in numbered])
            effective, kept = resolved.events, resolved.kept
    state = initial_state(config, tuple(players))
    trigger: str | None = None
    hour_cache: dict[str, datetime] = {}
    for row in rows:
        if end is not None and row.at >= end:
            break
        inside = start is None or row.at >= start
        if inside:
            st.records += 1
            if st.first_at is None:
                st.first_at = row.at
            st.last_at = row.at
            who = row.who or "—"
            floorperson = st.floorpersons.get(who)
            if floorperson is None:
                st.floorpersons[who] = [row.at, row.at, 1]
            else:
                floorperson[1] = row.at
                floorperson[2] += 1
        if row.type == "void":
            if inside:
                target = by_seq.get(row.target) if row.target is not None else None
                st.voids.append(
                    Void(
                        row.at,
                        row.seq,
                        row.target or 0,
                        target.payload if target is not None else None,
                        str(row.payload.get("reason", "")),
                        row.who,
                    )
                )
            continue
        if row.type == "correct":
            if inside:
                named: Any = row.payload.get("record")
                original = named
                while original in by_seq and by_seq[original].type == "correct":
                    original = by_seq[original].payload.get("record")
                prior = by_seq.get(named)
                was = (
                    prior.payload.get("event")
                    if prior is not None and prior.type == "correct"
                    else (prior.payload if prior is not None else None)
                )
                now = row.payload.get("event")
                st.corrections.append(
                    Fix(
                        row.at,
                        row.seq,
                        original if isinstance(original, int) else 0,
                        was if isinstance(was, dict) else None,
                        now if isinstance(now, dict) else None,
                        str(row.payload.get("reason", "")),
                        row.who,
                    )
                )
            continue
        if row.seq in voided:
            continue
        payload = row.payload
        if effective is not None and 1 <= row.seq <= len(effective):
            payload = effective[row.seq - 1]
            if payload is None:  # struck by a correction
                continue
        before = state
        try:
            applied = apply(state, payload)
        except Refusal as exc:
            if row.seq not in kept:  # a record a correction keeps as entered is passed over
                st.problems.append(
                    Said(Phrase("#{seq}: {reason}", seq=row.seq, reason=Spoken(exc.text)))
                )
            continue
        state = applied.state
        decisions = applied.decisions
        button = before.button
        made_by = trigger  # what put the button in the pot for this hand
        if state.button.killed:
            for decision in decisions:
                cause = _trigger(decision, config.kill.triggers)
                if cause is not None:
                    trigger = cause
        if row.type == "hand":
            ev = cast(Hand, applied.event)
            killed = button.killed and ev.kill_posted
            status = (
                KILLED if killed else (LEG_UP if _leg_holder(before) is not None else "neutral")
            )
            if inside:
                st.hands += 1
                st.timeline.append(status)
                st.timeline_at.append(row.at)
                assert applied.result is not None  # a hand has one
                high, low, scoop = applied.result
                if scoop is None:
                    st.splits += 1
                if not ev.flop:
                    st.walks += 1
                after = state.button
                if after.status == LEG_UP and after.seat != _leg_holder(before):
                    st.legs += 1
                if killed:
                    if scoop is not None and scoop == button.seat:
                        outcome = "won"
                        st.killer_won += 1
                    elif button.seat in high or button.seat in low:
                        outcome = "split"
                        st.killer_split += 1
                    else:
                        outcome = "lost"
                    kind = button.kind or "required"
                    trig = made_by or "other"
                    st.kill_pots.append(
                        KillPot(
                            row.at,
                            row.seq,
                            state.hands,
                            button.seat,
                            button.player,
                            kind,
                            trig,
                            button.amount,
                            outcome,
                        )
                    )
                    st.kills_by_kind[kind] += 1
                    st.kills_by_trigger[trig] += 1
                    hour = hour_cache.get(row.at[:13])
                    if hour is None:
                        hour = (
                            parse_at(row.at)
                            .astimezone(tz)
                            .replace(minute=0, second=0, microsecond=0)
                        )
                        hour_cache[row.at[:13]] = hour
                    st.kills_by_hour[hour] += 1
        if not inside:
            continue
        for decision in decisions:
            st.code_counts[decision.code] += 1
            for cite in decision.cites:
                st.clause_counts[cite] += 1
            seat = decision.seat
            person = (
                _name_at(state, seat) or _name_at(before, seat) or dict(decision.params).get("name")
            )
            line = Line(row.at, row.seq, seat, person, decision.code, decision)
            if decision.code in ("barred", "owes"):
                st.missed.append(line)
            elif decision.code == "paid":
                st.payments.append(line)
            elif decision.code in ("must-complete", "may-withdraw") and row.type == "underpost":
                st.underposts.append(line)
            elif decision.code == "agrees-to-kill":
                st.agreements += 1
            if decision.key == "voluntary-kill":
                st.voluntary += 1
            elif decision.key == "agreed-kill":
                st.agreed_kills += 1
            if row.type != "hand" or decision.code not in ROUTINE_HAND_CODES:
                st.rulings_total += 1
                if len(st.rulings) < MAX_RULINGS:
                    st.rulings.append(line)
    st.state = state
    st.hands_total = state.hands
    st.barred_end = [(bar.player, bar.owes, bar.mode) for bar in state.barred]
    return st


# ---------------------------------------------------------------------------
# the room


def gather(
    conn: Conn,
    path: str = "",
    *,
    tables: Sequence[str] = (),
    start: str | None = None,
    end: str | None = None,
    tz: tzinfo | None = None,
    notes: Iterable[str] = (),
) -> Room:
    """Every asked table of the journal behind ``conn`` (a read-only connection);
    ``notes``: how it was opened when that matters, said at the report's top with every
    cache found not to be what the chain guards."""
    from floorkill.store.reading import parse_table_toml

    tz = tz or datetime.now().astimezone().tzinfo or UTC  # (astimezone always sets one)
    head_seq, head_hash = chain_head(conn)
    out = []
    said: list[str] = list(notes)
    for name, toml, created in tables_of(conn, tables, said.append):
        cfg, players = parse_table_toml(name, toml)
        out.append(
            fold_table(
                name,
                cfg,
                players,
                table_rows(conn, name, head_seq),
                created=created,
                start=start,
                end=end,
                tz=tz,
            )
        )
    return Room(
        path=path,
        tables=out,
        head_seq=head_seq,
        head_hash=head_hash,
        start=start,
        end=end,
        generated=utc_text(datetime.now(UTC)),
        tz=tz,
        notes=said,
    )


def gather_journal(path: str | Path, **kwargs) -> Room:
    """:func:`gather` through the store's guarded read-only connection (it cannot write)."""
    from floorkill.store.backend import is_url
    from floorkill.store.errors import JournalError
    from floorkill.store.readonly import open_readonly, partial_view
    from floorkill.system_errors import sqlite_cause

    if is_url(path):  # PostgreSQL: a read-only session (the same SQL)
        return _gather_pg(str(path), **kwargs)
    journal_path = Path(path)
    if not journal_path.is_file():
        raise JournalError(Phrase("{journal}: no journal there", journal=str(journal_path)))
    try:
        conn, notice = open_readonly(journal_path)
    except sqlite3.Error as exc:
        raise JournalError.at(
            journal_path, Phrase("cannot open the journal: {error}", error=sqlite_cause(exc))
        ) from None
    try:
        if notice:
            kwargs["notes"] = [partial_view(notice, chain_head(conn)[0])]
        return gather(conn, str(journal_path), **kwargs)
    except sqlite3.DatabaseError as exc:
        raise JournalError.at(
            journal_path, Phrase("not a readable journal: {error}", error=sqlite_cause(exc))
        ) from None
    finally:
        conn.close()


def _gather_pg(url: str, **kwargs) -> Room:
    import psycopg

    from floorkill.store.pg import PgConn, connect, pg_error, redact_url

    raw = connect(url, readonly=True)
    try:
        with raw.transaction():  # one consistent read while podiums go on writing
            raw.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            return gather(PgConn(raw), redact_url(url), **kwargs)
    except psycopg.Error as exc:
        raise pg_error(redact_url(url), exc) from None
    finally:
        raw.close()


def rows_of_records(records: Iterable[Any]) -> Iterator[Row]:
    """Rows from a session's :class:`~floorkill.store.session.Record` list (an in-memory
    table has no journal to read)."""
    for rec in records:
        target = rec.event.get("target") if rec.type == "void" else None
        yield Row(rec.seq, rec.type, dict(rec.event), rec.who, rec.at, target)

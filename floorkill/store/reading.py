"""Reading a journal: shared by the writer (journal.py) and the viewers (readonly.py).

Everything here only SELECTs, so it works through the read-only connection and its
deny-by-default authorizer.

Snapshot rule: a snapshot at ``seq = s`` is the state after every live row with
``seq <= s``. A void written later whose target is ``<= s`` makes it stale; stale
snapshots are skipped (the writer also deletes them when it writes the void).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

import floorkill
from floorkill.i18n import N_, Phrase, tr
from floorkill.rules import (
    Refusal,
    TableConfig,
    TableState,
    apply,
    initial_state,
    load_table_text,
    parse_event,
)
from floorkill.rules import room as room_rules
from floorkill.rules.config import PlayerSpec
from floorkill.rules.corrections import History
from floorkill.store import guarded
from floorkill.store.errors import JournalError, UnknownTable
from floorkill.store.schema import (
    CORRECT_TYPE,
    CREATE_TYPE,
    GENESIS,
    OLDEST_SCHEMA,
    SCHEMA_VERSION,
    VOID_TYPE,
    chain_seed,
    seed_point,
    state_digest,
)
from floorkill.store.session import AllRecords, Record, decision_from_json, fold_records
from floorkill.store.snapshot import state_from_dict

Report = Callable[[str], None]

RECORD_SELECT = (
    "SELECT e.gseq, e.seq, e.type, e.payload, e.decisions, e.result, e.hand, e.who, e.at, "
    "EXISTS (SELECT 1 FROM events v WHERE v.tbl = e.tbl AND v.target = e.seq) "
    "FROM events e "
)


class Conn(Protocol):
    """What the reading code uses of a connection: SQLite's own, a write transaction's, or
    PostgreSQL's through :class:`floorkill.store.pg.PgConn`."""

    def execute(self, sql: str, params: Sequence[Any] = ...) -> Any: ...
    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> Any: ...


def schema_version(conn: Conn) -> int | None:
    row = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    if row is None or not str(row[0]).isdigit():
        return None
    return int(row[0])


def check_schema(path, version: int | None) -> int:
    """The journal's layout version if this floorkill reads it; else JournalError saying
    what to do. Every reader and writer calls this before reading anything else."""
    problem = schema_problem(version)
    if problem is not None:
        raise JournalError(Phrase("{path}: {reason}", path=str(path), reason=problem))
    assert version is not None
    return version


def schema_problem(version: int | None) -> Phrase | None:
    """Why this floorkill cannot read a journal of layout ``version`` (None: it can)."""
    if version is None:
        return Phrase("journal has no schema version")
    if version > SCHEMA_VERSION:
        return Phrase(
            "journal schema {version} is newer than this floorkill (it reads {oldest} to "
            "{newest}); upgrade floorkill",
            version=version,
            oldest=OLDEST_SCHEMA,
            newest=SCHEMA_VERSION,
        )
    if version < OLDEST_SCHEMA:
        return Phrase("journal schema {version} is not a floorkill layout", version=version)
    return None


def read_meta(conn: Conn) -> dict[str, str]:
    return {str(key): str(value) for key, value in conn.execute("SELECT key, value FROM meta")}


def seed_of(conn: Conn, meta: dict[str, str]) -> tuple[int, str]:
    """(gseq, chain value) at the seed point (for schema 1: (0, GENESIS), no seed)."""
    at = seed_point(meta)
    if at is None:
        return 0, GENESIS
    row = conn.execute("SELECT hash FROM events WHERE gseq = ?", (at,)).fetchone() if at else None
    return at, chain_seed(GENESIS if row is None else row[0], meta)


def chain_head(conn: Conn, meta: dict[str, str] | None = None) -> tuple[int, str]:
    """(gseq, chain value) of a journal's last row (the seed when no row follows it)."""
    meta = read_meta(conn) if meta is None else meta
    row = conn.execute("SELECT gseq, hash FROM events ORDER BY gseq DESC LIMIT 1").fetchone()
    gseq = 0 if row is None else row[0]
    at = seed_point(meta)
    if at is not None and gseq == at:
        return seed_of(conn, meta)
    return (0, GENESIS) if row is None else (row[0], row[1])


def find_table(conn: Conn, name: str, report: Report | None = None) -> tuple[str, str]:
    """(stored name, toml text) of a table, by exact or case-insensitive name: the text
    its creation row holds in the hash chain (``tables.toml`` compared, a difference
    ``report``-ed: :func:`floorkill.store.guarded.table_text`)."""
    row = conn.execute("SELECT name, toml FROM tables WHERE name = ?", (name,)).fetchone()
    if row is None:
        row = conn.execute(
            "SELECT name, toml FROM tables WHERE name_key = ?", (name.casefold(),)
        ).fetchone()
    if row is None:
        names = [name_row[0] for name_row in conn.execute("SELECT name FROM tables ORDER BY rowid")]
        known = ", ".join(repr(table) for table in names) if names else Phrase("none")
        raise UnknownTable(
            Phrase(
                "no table {name} in the journal (tables: {tables})", name=repr(name), tables=known
            )
        )
    return row[0], guarded.table_text(conn, row[0], row[1], report)


def table_texts(conn: Conn, report: Report | None = None) -> list[tuple[str, str]]:
    """(name, toml text) of every table in creation order, each text as its creation row
    holds it (see :func:`find_table`)."""
    return [
        (name, guarded.table_text(conn, name, text, report))
        for name, text in conn.execute("SELECT name, toml FROM tables ORDER BY rowid").fetchall()
    ]


def table_names(conn: Conn) -> list[str]:
    return [row[0] for row in conn.execute("SELECT name FROM tables ORDER BY rowid")]


def closed_tables(conn: Conn) -> set[str]:
    """Names of the tables whose last live close_table / reopen_table row is a close.

    The rules fold the same rows (``TableState.closed``); this is the cheap question the
    table lists and the big screens ask without folding every table."""
    closed: set[str] = set()
    for tbl, type_ in conn.execute(
        "SELECT e.tbl, e.type FROM events e "
        "WHERE e.type IN ('close_table', 'reopen_table') "
        "AND NOT EXISTS (SELECT 1 FROM events v WHERE v.tbl = e.tbl AND v.target = e.seq) "
        "ORDER BY e.gseq"
    ):
        if type_ == "close_table":
            closed.add(tbl)
        else:
            closed.discard(tbl)
    return closed


def open_table_names(conn: Conn) -> list[str]:
    """Table names in creation order, closed tables left out."""
    closed = closed_tables(conn)
    return [name for name in table_names(conn) if name not in closed]


def parse_table_toml(name: str, text: str) -> tuple[TableConfig, tuple[PlayerSpec, ...]]:
    tf = load_table_text(text, f"<journal table {name!r}>")
    return tf.config, tf.players


def max_seq(conn: Conn, tbl: str) -> int:
    return conn.execute(
        "SELECT coalesce(max(seq), 0) FROM events WHERE tbl = ?", (tbl,)
    ).fetchone()[0]


def row_to_record(row: tuple) -> Record:
    gseq, seq, type_, payload, decisions, result, hand, who, at, voided = row
    res = None
    if result is not None:
        parsed = json.loads(result)
        res = (tuple(parsed["high"]), tuple(parsed["low"]), parsed["scoop"])
    return Record(
        seq=seq,
        type=type_,
        event=json.loads(payload),
        decisions=tuple(decision_from_json(decision) for decision in json.loads(decisions)),
        result=res,
        hand=hand,
        who=who,
        at=at,
        voided=bool(voided),
        gseq=gseq,
    )


def read_records(
    conn: Conn, tbl: str, length: int, start: int = 0, stop: int | None = None
) -> list[Record]:
    """Records by 0-based index with slice semantics (negative indexes count from the end);
    one paged query, cheap for the last N of any history."""
    first, last, _ = slice(start, stop).indices(length)
    if last <= first:
        return []
    rows = conn.execute(
        RECORD_SELECT + "WHERE e.tbl = ? AND e.seq > ? AND e.seq <= ? ORDER BY e.seq",
        (tbl, first, last),
    ).fetchall()
    return [row_to_record(r) for r in rows]


def last_undoable(conn: Conn, tbl: str, upto: int) -> Record | None:
    row = conn.execute(
        RECORD_SELECT + "WHERE e.tbl = ? AND e.seq > 0 AND e.seq <= ? AND e.type != ? "
        "AND e.type != 'seal' "  # the shift's seal is the journal's, never undone
        "AND NOT EXISTS (SELECT 1 FROM events v WHERE v.tbl = e.tbl AND v.target = e.seq) "
        "ORDER BY e.seq DESC LIMIT 1",
        (tbl, upto, VOID_TYPE),
    ).fetchone()
    return None if row is None else row_to_record(row)


def live_events(
    conn: Conn,
    tbl: str,
    after: int = 0,
    upto: int | None = None,
    exclude: Iterable[int] = (),
) -> list[dict[str, Any]]:
    """Payloads of the rows ``after < seq <= upto`` that no void (anywhere) names. A
    correction among them: :class:`AllRecords`, every row's payload from the first (voids
    and corrections among them), whatever ``after`` is: a correction may name any earlier
    record, so only the whole history says what each stands for. One at or before
    ``after`` is already in the state the caller folds these onto (a snapshot is stale
    once a correction is written after it; a follower's state was folded with it), and
    names no record after it (what it strikes or keeps is older than itself)."""
    upto = max_seq(conn, tbl) if upto is None else upto
    if has_corrections(conn, tbl, upto, after):
        return all_records(conn, tbl, upto)
    voided = {
        row[0]
        for row in conn.execute(
            "SELECT target FROM events WHERE tbl = ? AND target IS NOT NULL AND target > ? "
            "AND seq <= ?",
            (tbl, after, upto),
        )
    }
    voided.update(exclude)
    out = []
    for seq, type_, payload in conn.execute(
        "SELECT seq, type, payload FROM events WHERE tbl = ? AND seq > ? AND seq <= ? ORDER BY seq",
        (tbl, after, upto),
    ):
        if seq == 0 or type_ in (VOID_TYPE, CREATE_TYPE) or seq in voided:
            continue
        out.append(json.loads(payload))
    return out


# The rows after a seq, and whether the table has a correction up to the last of them (an
# uncorrelated subquery: computed once), in one round trip.
_TAIL = (
    "SELECT seq, type, target, payload, EXISTS (SELECT 1 FROM events c WHERE c.tbl = ? "
    "AND c.type = ? AND c.seq <= ?) FROM events WHERE tbl = ? AND seq > ? AND seq <= ? "
    "ORDER BY seq"
)


def tail_events(conn: Conn, tbl: str, after: int, upto: int) -> list[dict[str, Any]] | None:
    """What ``live_events(conn, tbl, after, upto)`` gives, in one query, when those rows
    fold onto the table's state at ``after``; None when they do not: the table has a
    correction (its whole history says what each record stands for), or a void among them
    names a row at or before ``after``."""
    rows = conn.execute(_TAIL, (tbl, CORRECT_TYPE, upto, tbl, after, upto)).fetchall()
    if any(corrected for *_, corrected in rows):
        return None
    voided = {target for _s, _t, target, _p, _c in rows if target is not None}
    if any(target <= after for target in voided):
        return None
    return [
        json.loads(payload)
        for seq, type_, _target, payload, _c in rows
        if seq != 0 and type_ not in (VOID_TYPE, CREATE_TYPE) and seq not in voided
    ]


def has_corrections(conn: Conn, tbl: str, upto: int | None = None, after: int = 0) -> bool:
    """A correction among the rows ``after < seq <= upto``."""
    upto = max_seq(conn, tbl) if upto is None else upto
    return (
        conn.execute(
            "SELECT 1 FROM events WHERE tbl = ? AND type = ? AND seq > ? AND seq <= ? LIMIT 1",
            (tbl, CORRECT_TYPE, after, upto),
        ).fetchone()
        is not None
    )


def all_records(conn: Conn, tbl: str, upto: int) -> AllRecords:
    """Every row's payload from the table's first record to ``upto``, in order."""
    return AllRecords(
        json.loads(payload)
        for (payload,) in conn.execute(
            "SELECT payload FROM events WHERE tbl = ? AND seq > 0 AND seq <= ? ORDER BY seq",
            (tbl, upto),
        )
    )


def history_records(conn: Conn, tbl: str, upto: int, seats: int) -> tuple[AllRecords, list[Any]]:
    """:func:`all_records`, and beside each record its event as the rules read it (the
    event and its room stamp: :func:`floorkill.rules.engine.apply_parsed` takes them), or
    None (a correction, a void, a payload the rules refuse: read again when folded). Each
    distinct payload text is read once, as verify reads it: a table's rows repeat a few
    payloads ("winner 3") thousands of times, and reading every one again is a tenth of a
    correction that refolds the whole table (the correction budget, bench/correct_bench.py)."""
    records = AllRecords()
    read: list[Any] = []
    known: dict[str, Any] = {}
    for (payload,) in conn.execute(
        "SELECT payload FROM events WHERE tbl = ? AND seq > 0 AND seq <= ? ORDER BY seq",
        (tbl, upto),
    ):
        raw = json.loads(payload)
        records.append(raw)
        if payload not in known:
            known[payload] = _read_event(raw, seats)
        read.append(known[payload])
    return records, read


def _read_event(raw: Any, seats: int) -> tuple[Any, Any] | None:
    if not isinstance(raw, dict) or raw.get("type") in (CORRECT_TYPE, VOID_TYPE):
        return None
    try:
        bare, stamp = room_rules.split(raw)
        return parse_event(bare, seats), stamp
    except Refusal:
        return None


SNAPSHOT_SKIPPED = N_(
    "table {table}: the snapshot at seq {seq} is not the state its row records "
    "in the hash chain: skipped, the state is folded from the events "
    "(floorkill verify)"
)


class SnapshotSkipped(str):
    """What ``report`` is given for a bad snapshot: the sentence in the language in use when
    it was found (a plain ``str`` to whoever lists it), with ``table`` and ``seq`` kept so a
    screen in another language, or one that says it shorter, can word it itself."""

    table: str
    seq: int

    def __new__(cls, table: str, seq: int) -> SnapshotSkipped:
        self = super().__new__(cls, tr(SNAPSHOT_SKIPPED, None, table=repr(table), seq=seq))
        self.table, self.seq = table, seq
        return self

    def text(self, lang: str | None = None) -> str:
        return tr(SNAPSHOT_SKIPPED, lang, table=repr(self.table), seq=self.seq)


def best_snapshot(
    conn: Conn,
    tbl: str,
    config: TableConfig,
    upto: int,
    before: int | None = None,
    report: Report | None = None,
) -> tuple[TableState, int] | None:
    """The newest usable snapshot at ``seq <= upto`` (and ``< before``), or None.

    Usable: not stale, its digest equals the ``state_hash`` its row carries in the hash
    chain, and that row matches its own hash (the column changed with the snapshot is
    caught there: :func:`floorkill.store.guarded.sealed`). A snapshot whose row records no digest (schema 1) is never used; one that does
    not match is skipped and ``report``-ed (a changed cache is never shown)."""
    limit = upto if before is None else min(upto, before - 1)
    try:
        rows = conn.execute(
            f"SELECT s.seq, s.state, e.state_hash, {guarded.ROW_COLUMNS} "
            "FROM snapshots s LEFT JOIN events e "
            "ON e.tbl = s.tbl AND e.seq = s.seq WHERE s.tbl = ? AND s.seq <= ? AND s.rules = ? "
            "ORDER BY s.seq DESC",
            (tbl, limit, floorkill.RULES_VERSION),
        ).fetchall()
    except sqlite3.OperationalError as exc:
        if "no such column" in str(exc):
            return None  # schema 1: no digests in the chain, no snapshot
        raise
    for seq, state_json, digest, *row in rows:
        if digest is None:
            continue
        # stale: a later void names a row it holds, or a later correction (which may
        # change any earlier record) is written after it
        stale = conn.execute(
            "SELECT 1 FROM events WHERE tbl = ? AND ((target IS NOT NULL AND target <= ?) "
            "OR type = ?) AND seq > ? AND seq <= ? LIMIT 1",
            (tbl, seq, CORRECT_TYPE, seq, upto),
        ).fetchone()
        if stale is not None:
            continue
        if not isinstance(state_json, str) or state_digest(state_json) != digest:
            if report is not None:
                report(SnapshotSkipped(tbl, seq))
            continue
        if not guarded.sealed(conn, row):  # the digest changed with the snapshot
            if report is not None:
                report(guarded.row_broken(tbl, seq, row[0]))
            continue
        try:
            return state_from_dict(config, json.loads(state_json)), seq
        except (ValueError, KeyError, TypeError):
            continue  # an unreadable cache entry: fall back further
    return None


def load_state(
    conn: Conn,
    tbl: str,
    config: TableConfig,
    players: tuple[PlayerSpec, ...],
    upto: int | None = None,
    exclude: Iterable[int] = (),
    report: Report | None = None,
) -> tuple[TableState, int]:
    """(state, seq) of a table at ``upto`` (default: its last row): the newest valid snapshot
    plus the live tail. ``exclude`` names rows to fold as if voided (a void being checked);
    raises Refusal if a live row no longer applies."""
    exclude = tuple(exclude)
    upto = max_seq(conn, tbl) if upto is None else upto
    snap = best_snapshot(
        conn, tbl, config, upto, before=min(exclude) if exclude else None, report=report
    )
    if snap is None:
        base, after = initial_state(config, players), 0
    else:
        base, after = snap
    return fold_records(config, players, live_events(conn, tbl, after, upto, exclude), base), upto


def barred_of(state: TableState) -> list[list[Any]]:
    """A state's own owed kills as stored in the obligations cache (mirrors of bars at
    other tables left out: rules/room.py)."""
    return [[bar.player, bar.owes, bar.mode] for bar in state.barred if bar.table is None]


def room_bars(
    owed_by_table: Iterable[tuple[str, list]], exclude: str | None
) -> dict[str, tuple[int, str]]:
    """{name key: (owed cents, table)} of the players barred (rrop-13.6) at the tables
    given, ``exclude`` left out: what a writer passes to ``apply`` as ``barred_elsewhere``
    (the room of :mod:`floorkill.rules.room`: a player barred at two tables is named with
    the first table by name, whatever order the tables come in)."""
    from floorkill.rules.room import Bar, Room

    return Room(
        {
            name: [Bar(player, cents, name, mode) for player, cents, mode in owed]
            for name, owed in owed_by_table
        }
    ).elsewhere(exclude)


def void_rows(conn: Conn, tbl: str) -> list[tuple[int, int]]:
    """(seq, target) of every void row of a table."""
    return conn.execute(
        "SELECT seq, target FROM events WHERE tbl = ? AND target IS NOT NULL", (tbl,)
    ).fetchall()


def snapshot_is_valid(
    voids: list[tuple[int, int]], seq: int, corrections: Iterable[int] = ()
) -> bool:
    """A snapshot at ``seq`` is valid unless a void written after it names a row ``<= seq``
    or a correction (at a seq in ``corrections``) is written after it."""
    return not any(void_seq > seq and target <= seq for void_seq, target in voids) and not any(
        correction_seq > seq for correction_seq in corrections
    )


def correction_rows(conn: Conn, tbl: str) -> list[int]:
    """The seqs of a table's corrections."""
    return [
        row[0]
        for row in conn.execute(
            "SELECT seq FROM events WHERE tbl = ? AND type = ?", (tbl, CORRECT_TYPE)
        ).fetchall()
    ]


def replay_table(
    conn: Conn,
    tbl: str,
    config: TableConfig,
    players: tuple[PlayerSpec, ...],
    voids: list[tuple[int, int]],
):
    """Fold a whole table from its first row, ignoring every snapshot; yield ``(seq, state)``
    after each row, voided rows skipped wherever their void sits. At a seq where a snapshot is
    valid, this is exactly the state the snapshot must hold. Raises Refusal if a live row
    does not apply."""
    voided = {target for _, target in voids}
    state = initial_state(config, players)
    rows = conn.execute(
        "SELECT seq, type, payload FROM events WHERE tbl = ? AND seq > 0 ORDER BY seq", (tbl,)
    ).fetchall()
    if any(type_ == CORRECT_TYPE for _s, type_, _p in rows):
        history = History(config, players, strict=True)  # the state as each row left it
        for seq, _type, payload in rows:
            history.add(json.loads(payload))
            yield seq, history.state
        return
    for seq, type_, payload in rows:
        if type_ != VOID_TYPE and seq not in voided:
            state = apply(state, json.loads(payload)).state
        yield seq, state

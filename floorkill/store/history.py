"""Reading a table's past, whichever database holds the journal (the dispute view's store).

:func:`open_reader` gives a NEW read-only connection to the journal behind a table
session, for as long as a view of the past is open (it never shares the podium's
connection, so stepping cannot hold the podium up, and it cannot write):

* a journal file: the viewers' guarded connection (:func:`~floorkill.store.readonly.
  readonly_connect`: ``mode=ro``, no ATTACH, deny-by-default authorizer);
* PostgreSQL: a session whose every transaction is read-only
  (``default_transaction_read_only``, :func:`floorkill.store.pg.connect`), behind a guard
  that sends nothing but a single SELECT (:class:`ReadOnlyPg`): a write is refused twice,
  here before it is sent and by the server. Each SELECT is its own transaction (none is
  held open: a view can stay open all night); rows are append-only and every read names
  the seq it stops at, as on the big screen. A lost connection says so in one line
  (:class:`~floorkill.store.errors.JournalUnavailable`) and the next read reconnects.

Both give ``execute(sql, params)`` with ``?`` placeholders, so the reading code
(:mod:`floorkill.store.reading`: ``load_state``, ``best_snapshot``, ``read_records``) and
the few queries below are written once for both.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from floorkill.i18n import Phrase
from floorkill.log import log
from floorkill.store.backend import is_url
from floorkill.store.errors import JournalError, JournalUnavailable
from floorkill.system_errors import sqlite_cause

if TYPE_CHECKING:
    from floorkill.store.session import TableSession

# A row that can change a table's own bars (rrop-13.6): a 'barred' decision, a payment, a
# void. (LIKE on the stored decisions' JSON: the same text on both databases; a false
# match only costs a fold.)
BARRING = '%"code":"barred"%'


def journal_location(session: TableSession) -> str | Path | None:
    """Where the journal behind ``session`` is: a PostgreSQL URL, a file, or None (a table
    kept in memory). Podium sessions (``.journal``) and the viewers' (``._journal``)."""
    journal = getattr(session, "journal", None) or getattr(session, "_journal", None)
    url = getattr(journal, "url", None)
    if isinstance(url, str) and is_url(url):
        return url
    path = getattr(journal, "path", None)
    if path is None or is_url(str(path)):
        return None
    return Path(path)


def open_reader(location: str | os.PathLike):
    """A read-only connection to the journal at ``location`` (see the module doc); its
    ``close()`` closes it. Raises JournalError (JournalUnavailable when it cannot connect)."""
    if is_url(location):
        return ReadOnlyPg(str(location))
    from floorkill.store.readonly import readonly_connect

    path = Path(location)
    if not path.is_file():
        raise JournalUnavailable(Phrase("{journal}: no journal there", journal=str(path)))
    try:
        return readonly_connect(path)
    except sqlite3.Error as exc:
        raise JournalUnavailable(
            Phrase(
                "{path}: cannot open the journal: {error}", path=str(path), error=sqlite_cause(exc)
            )
        ) from None


def read_errors() -> tuple[type[BaseException], ...]:
    """The errors a read through :func:`open_reader` may raise from the database itself
    (a journal file's; PostgreSQL's come as JournalError already)."""
    return (sqlite3.Error, JournalError)


class ReadOnlyPg:
    """A PostgreSQL session that only reads (see the module doc): ``execute`` takes one
    SELECT with ``?`` placeholders, like :class:`floorkill.store.pg.PgConn`."""

    def __init__(self, url: str, *, connect_timeout: float = 5.0) -> None:
        from floorkill.store.pg import redact_url

        self.url = url
        self.where = redact_url(url)
        self.connect_timeout = connect_timeout
        self._raw: Any = None  # a psycopg connection once connected
        self._connect()

    def _connect(self) -> None:
        from floorkill.store.pg import connect

        raw = connect(self.url, connect_timeout=self.connect_timeout, readonly=True)
        try:  # belt and braces: connect() set it for the session
            if (raw.execute("SHOW default_transaction_read_only").fetchone() or ("",))[0] != "on":
                raise JournalError(
                    Phrase("{where}: could not make the session read-only", where=self.where)
                )
            # a step's reads are small: starting parallel workers for one costs more than
            # it saves (several ms on a busy server)
            raw.execute("SET max_parallel_workers_per_gather = 0")
        except BaseException:
            raw.close()
            raise
        self._raw = raw

    @property
    def raw(self):
        """The psycopg connection (read-only session), reconnected when it was lost."""
        raw = self._raw
        if raw is None or raw.closed or raw.broken:
            self._close()
            self._connect()
        return self._raw

    def execute(self, query: str, params: Sequence[Any] = ()):
        if not _one_select(query):
            raise JournalError(
                Phrase(
                    "{where}: a view of the journal's past only reads (refused: {statement})",
                    where=self.where,
                    statement=query.split(None, 1)[0] if query.split() else "",
                )
            )
        import psycopg

        from floorkill.store.pg import pg_error, pg_sql

        try:
            return self.raw.execute(pg_sql(query), tuple(params) if params else None)
        except psycopg.OperationalError as exc:
            self._close()  # the next read connects again
            raise JournalUnavailable(pg_error(self.where, exc).said()) from None
        except psycopg.Error as exc:
            raise pg_error(self.where, exc) from None

    def _close(self) -> None:
        raw, self._raw = self._raw, None
        if raw is not None:
            try:
                raw.close()
            except Exception:
                log.debug("closing the history connection failed", exc_info=True)

    def close(self) -> None:
        self._close()


def _one_select(query: str) -> bool:
    words = query.split(None, 1)
    return bool(words) and words[0].upper() == "SELECT" and ";" not in query


# ---------------------------------------------------------------------------
# the queries of a view of the past (shared SQL; every one only SELECTs)


def gseq_of(conn, tbl: str, seq: int) -> int | None:
    """The global sequence of a table's row ``seq`` (0: its creation row)."""
    row = conn.execute("SELECT gseq FROM events WHERE tbl = ? AND seq = ?", (tbl, seq)).fetchone()
    return None if row is None else row[0]


def tail_rows(conn, tbl: str, after: int, upto: int) -> list[tuple[int, str, str]]:
    """(seq, type, payload) of a table's rows ``after < seq <= upto``, in order."""
    return [
        tuple(row)
        for row in conn.execute(
            "SELECT seq, type, payload FROM events WHERE tbl = ? AND seq > ? AND seq <= ? "
            "ORDER BY seq",
            (tbl, after, upto),
        ).fetchall()
    ]


def void_of(conn, tbl: str, seq: int):
    """The (first) void record of a table naming row ``seq``, or None."""
    from floorkill.store.reading import RECORD_SELECT, row_to_record

    row = conn.execute(
        RECORD_SELECT + "WHERE e.tbl = ? AND e.target = ? ORDER BY e.seq LIMIT 1", (tbl, seq)
    ).fetchone()
    return None if row is None else row_to_record(tuple(row))


def next_hand(conn, tbl: str, seq: int, forward: bool, total: int) -> int | None:
    """The seq of a table's next (previous) hand row after (before) ``seq`` within
    ``1..total``, or None. (ORDER BY … LIMIT 1, not min/max: both databases then walk the
    (tbl, seq) index from ``seq`` and stop at the first hand.)"""
    if forward:
        row = conn.execute(
            "SELECT seq FROM events WHERE tbl = ? AND type = 'hand' "
            "AND seq > ? AND seq <= ? ORDER BY seq LIMIT 1",
            (tbl, seq, total),
        ).fetchone()
    else:
        row = conn.execute(
            "SELECT seq FROM events WHERE tbl = ? AND type = 'hand' "
            "AND seq > 0 AND seq < ? ORDER BY seq DESC LIMIT 1",
            (tbl, seq),
        ).fetchone()
    return None if row is None else row[0]


def room_rows(conn, exclude: str) -> tuple[list[tuple[str, int, int]], dict[str, list[str]]]:
    """Of the tables other than ``exclude``, in one pass over the journal: (table, gseq, seq)
    of every row that can change a table's own bars (a 'barred' decision, a ``pay_kill``, a
    void), in global order; and {table: the names its ``join`` rows seated (voided or
    not)}."""
    import json

    barring: list[tuple[str, int, int]] = []
    joined: dict[str, list[str]] = {}
    for tbl, gseq, seq, type_, payload, bars in conn.execute(
        "SELECT tbl, gseq, seq, type, CASE WHEN type = 'join' THEN payload END, "
        "CASE WHEN type IN ('void', 'pay_kill') OR decisions LIKE ? THEN 1 ELSE 0 END "
        "FROM events WHERE tbl <> ? AND seq > 0 AND (type IN ('void', 'pay_kill', 'join') "
        "OR decisions LIKE ?) ORDER BY gseq",
        (BARRING, exclude, BARRING),
    ).fetchall():
        if type_ == "join":
            name = json.loads(payload).get("name")
            if isinstance(name, str):
                joined.setdefault(tbl, []).append(name)
        if bars:
            barring.append((tbl, gseq, seq))
    return barring, joined


def table_texts(conn, report=None) -> dict[str, str]:
    """{table: its TOML (config and initial players) as its creation row holds it in the
    hash chain} of every table (``tables.toml`` compared: reading.table_texts)."""
    from floorkill.store.reading import table_texts as guarded_texts

    return dict(guarded_texts(conn, report))


def _any_of(clause: str, rows: Sequence[tuple]) -> tuple[str, list]:
    """``(clause) OR (clause) …`` once per row of parameters: each an index range on both
    databases (a join to a list of values made PostgreSQL scan the whole journal)."""
    return " OR ".join(f"({clause})" for _ in rows), [value for row in rows for value in row]


def states_at(conn, wants: Mapping[str, tuple[Any, Any, int]]) -> dict[str, Any]:
    """{table: its state right after its row ``seq``, or the Refusal its fold raised} for
    ``wants`` = {table: (config, players, seq)}: what :func:`~floorkill.store.reading.
    load_state` gives at ``upto = seq`` for each, in four queries for all of them (not
    three or four per table: on a database server each is a round trip). The newest
    usable snapshot of each — not stale at ``seq`` (no void after it up to ``seq`` names a
    row at or before it), its digest in the chain — plus its live tail; when a snapshot
    does not match its digest, :func:`~floorkill.store.reading.best_snapshot` takes over
    for that table (it skips it, and says so, and looks further back)."""
    import json

    import floorkill
    from floorkill.rules import Refusal, initial_state
    from floorkill.store.reading import best_snapshot, load_state
    from floorkill.store.schema import CORRECT_TYPE, CREATE_TYPE, VOID_TYPE, state_digest
    from floorkill.store.session import fold_records
    from floorkill.store.snapshot import state_from_dict

    if not wants:
        return {}
    upto = {tbl: seq for tbl, (_c, _p, seq) in wants.items()}
    where, args = _any_of("s.tbl = ? AND s.seq <= ?", list(upto.items()))
    try:
        candidates = conn.execute(
            "SELECT s.tbl, s.seq, e.state_hash FROM snapshots s JOIN events e ON e.tbl = s.tbl "
            f"AND e.seq = s.seq WHERE s.rules = ? AND e.state_hash IS NOT NULL AND ({where}) "
            "ORDER BY s.tbl, s.seq DESC",
            (floorkill.RULES_VERSION, *args),
        ).fetchall()
    except sqlite3.OperationalError as exc:
        if "no such column" not in str(exc):
            raise
        candidates = []  # schema 1: no digests in the chain, no snapshot
    chosen: dict[str, tuple[int, str]] = {}
    if candidates:
        # every void of those tables (the void index: ``target > 0`` says NOT NULL to both
        # planners), those after ``upto`` left out here
        where, args = _any_of(
            "tbl = ? AND target > 0",
            [(table,) for table in dict.fromkeys(table for table, _s, _d in candidates)],
        )
        voids: dict[str, list[tuple[int, int]]] = {}
        for tbl, seq, target in conn.execute(
            f"SELECT tbl, seq, target FROM events WHERE {where}", args
        ).fetchall():
            if seq <= upto[tbl]:
                voids.setdefault(tbl, []).append((seq, target))
        for tbl, seq, digest in candidates:
            if tbl in chosen:
                continue  # newest first: the first usable one is taken
            if any(void_seq > seq and table <= seq for void_seq, table in voids.get(tbl, ())):
                continue  # stale at upto
            chosen[tbl] = (seq, digest)
    bases: dict[str, tuple[Any, int]] = {}
    if chosen:
        where, args = _any_of(
            "tbl = ? AND seq = ?", [(table, snap_seq) for table, (snap_seq, _d) in chosen.items()]
        )
        for tbl, seq, state_json in conn.execute(
            f"SELECT tbl, seq, state FROM snapshots WHERE rules = ? AND ({where})",
            (floorkill.RULES_VERSION, *args),
        ).fetchall():
            config = wants[tbl][0]
            try:
                if isinstance(state_json, str) and state_digest(state_json) == chosen[tbl][1]:
                    bases[tbl] = (state_from_dict(config, json.loads(state_json)), seq)
                    continue
            except (ValueError, KeyError, TypeError):
                pass
            found = best_snapshot(conn, tbl, config, upto[tbl])  # a bad one: look further
            if found is not None:
                bases[tbl] = found
    for tbl, (config, players, _seq) in wants.items():
        if tbl not in bases:
            bases[tbl] = (initial_state(config, players), 0)
    where, args = _any_of(
        "tbl = ? AND seq > ? AND seq <= ?",
        [(table, bases[table][1], upto[table]) for table in wants],
    )
    rows: dict[str, list[tuple]] = {}
    for tbl, seq, type_, payload, target in conn.execute(
        f"SELECT tbl, seq, type, payload, target FROM events WHERE {where} ORDER BY tbl, seq", args
    ).fetchall():
        rows.setdefault(tbl, []).append((seq, type_, payload, target))
    out: dict[str, Any] = {}
    for tbl, (config, players, _seq) in wants.items():
        tail = rows.get(tbl, [])
        if any(type_ == CORRECT_TYPE for _seq, type_, _payload, _target in tail):
            # a correction may change any earlier record: the whole history is read
            try:
                out[tbl] = load_state(conn, tbl, config, players, upto[tbl])[0]
            except Refusal as refusal:
                out[tbl] = refusal
            continue
        voided = {target for _seq, _type, _payload, target in tail if target is not None}
        events = [
            json.loads(payload)
            for seq, type_, payload, _target in tail
            if type_ not in (VOID_TYPE, CREATE_TYPE) and seq not in voided
        ]
        try:
            out[tbl] = fold_records(config, players, events, bases[tbl][0])
        except Refusal as refusal:
            out[tbl] = refusal
    return out


__all__ = [
    "ReadOnlyPg",
    "gseq_of",
    "journal_location",
    "next_hand",
    "open_reader",
    "read_errors",
    "room_rows",
    "states_at",
    "table_texts",
    "tail_rows",
    "void_of",
]

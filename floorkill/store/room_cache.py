"""The journal's room: every table's own owed kills, kept current cheaply.

:class:`RoomCache` answers :meth:`~RoomCache.room` — the :class:`floorkill.rules.room.Room`
as the journal stands — from the ``obligations`` cache (one row per table: its own owed
kills and the seq they were computed at). It is loaded once (every table; a row missing
or behind its table's last seq is recomputed by folding that table), then kept current
incrementally:

* after this process's own writes, :meth:`~RoomCache.wrote` replaces one table's bars
  (no query at all);
* when the journal's head ``gseq`` moved past what the cache has seen (another process
  wrote), only the tables named by rows after it are read again, in ONE query
  (``ROOM_DELTA``: each such table's last seq and its obligations row; a table is folded
  only when its row is missing or behind). A writer sends that query in the same round
  trip as the one that locks the chain head (:mod:`floorkill.store.journal_core`).

So a hand entered at one table of a 200-table journal costs the same as in a one-table
journal: the head is read anyway for the hash chain. Everything here only SELECTs, so the
read-only connection of the big screen uses it too.
"""

from __future__ import annotations

import json
import sqlite3

from floorkill.rules.decisions import Refusal
from floorkill.rules.room import Bar, Room, own_bars
from floorkill.store import reading

# The tables written after a gseq: (table, its last seq, its obligations row's seq and
# bars). Rows after the gseq are each table's newest, so max(seq) among them is the
# table's last seq.
# The upper bound is no filter (nothing is past the newest row): it makes SQLite read the
# rows after the gseq by their key. With only "gseq > ?" it scanned the (tbl, seq) index
# of the WHOLE journal for its GROUP BY, on every hand entered: 75 µs at 3,400 rows and
# growing with the evening (bench/room_bench.py --history). Plain SQL: PostgreSQL runs it too.
ROOM_DELTA = (
    "SELECT e.tbl, max(e.seq), o.seq, o.barred FROM events e "
    "LEFT JOIN obligations o ON o.tbl = e.tbl WHERE e.gseq > ? "
    "AND e.gseq <= (SELECT max(gseq) FROM events) "
    "GROUP BY e.tbl, o.seq, o.barred"
)


def head_gseq(conn: sqlite3.Connection) -> int:
    row = conn.execute("SELECT gseq FROM events ORDER BY gseq DESC LIMIT 1").fetchone()
    return 0 if row is None else row[0]


def _bars(table: str, owed) -> tuple[Bar, ...]:
    return tuple(Bar(player, cents, table, mode) for player, cents, mode in owed)


def table_bars(
    conn: sqlite3.Connection,
    table: str,
    toml: str | None = None,
    oseq: int | None = None,
    barred: str | None = None,
    last: int | None = None,
) -> tuple[Bar, ...]:
    """One table's own owed kills: its obligations row when it is current, else a fold."""
    if oseq is None and barred is None:
        row = conn.execute("SELECT seq, barred FROM obligations WHERE tbl = ?", (table,)).fetchone()
        if row is not None:
            oseq, barred = row
    if last is None:
        last = reading.max_seq(conn, table)
    if oseq is not None and oseq == last and barred is not None:
        try:
            return _bars(table, json.loads(barred))
        except (ValueError, TypeError):
            pass  # an unreadable cache row: fold instead
    if toml is None:
        row = conn.execute("SELECT toml FROM tables WHERE name = ?", (table,)).fetchone()
        if row is None:
            return ()
        toml = row[0]
    cfg, players = reading.parse_table_toml(table, toml)
    try:
        state, _ = reading.load_state(conn, table, cfg, players, last)
    except Refusal:
        return ()
    return own_bars(table, state)


def load_room(conn: sqlite3.Connection) -> tuple[int, Room]:
    """(head gseq, the room) read from scratch."""
    head = head_gseq(conn)
    rows = conn.execute(
        "SELECT t.name, t.toml, o.seq, o.barred, "
        "(SELECT coalesce(max(seq), 0) FROM events e WHERE e.tbl = t.name) "
        "FROM tables t LEFT JOIN obligations o ON o.tbl = t.name ORDER BY t.rowid"
    ).fetchall()
    by_table = {
        name: table_bars(conn, name, toml, oseq, barred, last)
        for name, toml, oseq, barred, last in rows
    }
    return head, Room(by_table)


class RoomCache:
    """The room of one connection's journal, refreshed by head gseq."""

    def __init__(self) -> None:
        self.head: int | None = None
        self._room = Room()

    @property
    def room_cached(self) -> Room:
        """The room as last seen (no query)."""
        return self._room

    def room(self, conn: sqlite3.Connection, head: int | None = None) -> Room:
        """The room at the journal's head (``head``: already read by the caller)."""
        head = head_gseq(conn) if head is None else head
        if self.head is None or head < self.head:
            self.head, self._room = load_room(conn)
            return self._room
        if head != self.head:
            self.catch_up(conn, conn.execute(ROOM_DELTA, (self.head,)).fetchall(), head)
        return self._room

    def catch_up(self, conn: sqlite3.Connection, delta, head: int) -> Room:
        """The room at ``head`` from ``delta``, the ``ROOM_DELTA`` rows after the cache's own
        head (read by the caller, with nothing committed since: a writer holding the chain
        head). Loads the whole room when the cache has none yet or the journal went back."""
        if self.head is None or head < self.head:
            self.head, self._room = load_room(conn)
            return self._room
        tables, moved = self._room.tables(), False
        for table, last, oseq, barred in delta:
            bars = table_bars(conn, table, None, oseq, barred, last)
            if tables.get(table, ()) != bars:
                tables[table], moved = bars, True
        if moved:  # else: the same Room object (views keep)
            self._room = Room(tables)
        self.head = head
        return self._room

    def wrote(self, table: str, bars: tuple[Bar, ...], start: int, end: int) -> None:
        """This process committed rows ``start < gseq <= end``, all at ``table`` (called
        after COMMIT returned). No query: the table's bars are replaced."""
        if self.head is None:
            return  # never loaded: the next room() loads
        if self._room.bars_at(table) != bars:
            self._room = self._room.with_table(table, bars)
        if self.head == start:
            self.head = end  # else: the next room() reads the gap

    def confirmed(self, table: str, bars: tuple[Bar, ...], known: int, end: int) -> None:
        """This process committed the row ``end`` at ``table``, checked in the database
        against the room this cache had at ``known`` (every table written since owes what
        it did): the room is exact at ``end``."""
        if self.head != known:
            self.wrote(table, bars, end, end)  # moved meanwhile: the next room() reads
            return
        if self._room.bars_at(table) != bars:
            self._room = self._room.with_table(table, bars)
        self.head = end

    def forget(self) -> None:
        self.head = None
        self._room = Room()

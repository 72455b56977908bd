"""The journal's room: every table's own owed kills, kept current cheaply.

:class:`RoomCache` answers :meth:`~RoomCache.room` — the :class:`floorkill.rules.room.Room`
as the journal stands — from the tables' events: every table is folded once (its newest
valid snapshot and the rows after it), and the folded state is kept. The ``obligations``
cache (one row per table: its own owed kills and the seq they were computed at) has no
trigger and no hash, so it is only compared: a row claiming a table's last seq with other
owed kills is reported (:mod:`floorkill.store.guarded`) and the fold is used. The room
is then kept current incrementally:

* after this process's own writes, :meth:`~RoomCache.wrote` replaces one table's bars and
  state (no query at all);
* when the journal's head ``gseq`` moved past what the cache has seen (another process
  wrote), only the tables named by rows after it are read again, in ONE query
  (``ROOM_DELTA``: each such table's last seq and its obligations row), and each is folded
  from the state kept (its new rows; from its snapshot again when a void reaches behind).
  A writer sends that query under the chain head's lock, right after taking it
  (:mod:`floorkill.store.journal_core`).

Everything here only SELECTs, so the read-only connection of the big screen uses it too.
"""

from __future__ import annotations

import json

from floorkill.rules import TableState
from floorkill.rules.decisions import Refusal
from floorkill.rules.room import Bar, Room, own_bars
from floorkill.store import guarded, reading
from floorkill.store.errors import JournalError
from floorkill.store.reading import Conn, Report
from floorkill.store.session import fold_records

# The tables written after a gseq: (table, its last seq, its obligations row's seq and
# bars). Rows after the gseq are each table's newest, so max(seq) among them is the
# table's last seq.
# The upper bound is no filter (nothing is past the newest row): it makes SQLite read the
# rows after the gseq by their key. With only "gseq > ?" it scanned the (tbl, seq) index
# of the WHOLE journal for its GROUP BY, on every hand entered: a cost growing with the
# evening (bench/room_bench.py --history). Plain SQL: PostgreSQL runs it too.
ROOM_DELTA = (
    "SELECT e.tbl, max(e.seq), o.seq, o.barred FROM events e "
    "LEFT JOIN obligations o ON o.tbl = e.tbl WHERE e.gseq > ? "
    "AND e.gseq <= (SELECT max(gseq) FROM events) "
    "GROUP BY e.tbl, o.seq, o.barred"
)


def head_gseq(conn: Conn) -> int:
    row = conn.execute("SELECT gseq FROM events ORDER BY gseq DESC LIMIT 1").fetchone()
    return 0 if row is None else row[0]


def _bars(table: str, owed) -> tuple[Bar, ...]:
    return tuple(Bar(player, cents, table, mode) for player, cents, mode in owed)


class RoomCache:
    """The room of one connection's journal, refreshed by head gseq: every table's own owed
    kills folded from its events (``obligations`` compared, a difference ``report``-ed),
    each table's folded state kept so a table another process wrote is folded from where
    it was (its new rows only)."""

    def __init__(self, report: Report | None = None) -> None:
        self.head: int | None = None
        self._room = Room()
        self._folded: dict[str, tuple[int, TableState]] = {}
        self.report = report

    @property
    def room_cached(self) -> Room:
        """The room as last seen (no query)."""
        return self._room

    def room(self, conn: Conn, head: int | None = None) -> Room:
        """The room at the journal's head (``head``: already read by the caller)."""
        head = head_gseq(conn) if head is None else head
        if self.head is None or head < self.head:
            return self._load(conn)
        if head != self.head:
            self.catch_up(conn, conn.execute(ROOM_DELTA, (self.head,)).fetchall(), head)
        return self._room

    def _load(self, conn: Conn) -> Room:
        """The room read from scratch (every table folded)."""
        self._folded.clear()
        head = head_gseq(conn)
        rows = conn.execute(
            "SELECT t.name, t.toml, o.seq, o.barred, "
            "(SELECT coalesce(max(seq), 0) FROM events e WHERE e.tbl = t.name) "
            "FROM tables t LEFT JOIN obligations o ON o.tbl = t.name ORDER BY t.rowid"
        ).fetchall()
        by_table = {
            name: self.table_bars(conn, name, last, oseq, barred, toml)
            for name, toml, oseq, barred, last in rows
        }
        self.head, self._room = head, Room(by_table)
        return self._room

    def table_bars(
        self,
        conn: Conn,
        table: str,
        last: int,
        oseq: int | None = None,
        barred: str | None = None,
        toml: str | None = None,
    ) -> tuple[Bar, ...]:
        """One table's own owed kills at its row ``last``, folded from its events; its
        obligations row (``oseq``, ``barred``) compared when it claims that row."""
        state = self._state(conn, table, last, toml)
        if state is None:
            return ()
        bars = own_bars(table, state)
        if oseq == last and barred is not None and self.report is not None:
            try:
                cached = _bars(table, json.loads(barred))
            except (ValueError, TypeError):
                cached = None
            if cached != bars:
                self.report(guarded.bars_changed(table, last))
        return bars

    def _state(self, conn: Conn, table: str, last: int, toml: str | None) -> TableState | None:
        held = self._folded.get(table)
        try:
            if held is not None and held[0] == last:
                return held[1]
            state = None
            if held is not None and held[0] < last:
                # its new rows only, in one query (a writer runs this holding the chain head)
                tail = reading.tail_events(conn, table, held[0], last)
                if tail is not None:
                    state = fold_records(held[1].config, (), tail, held[1])
            if state is None:
                text = guarded.table_text(conn, table, toml, self.report)
                cfg, players = reading.parse_table_toml(table, text)
                state, _ = reading.load_state(conn, table, cfg, players, last, report=self.report)
        except (Refusal, JournalError):
            self._folded.pop(table, None)
            return None
        self._folded[table] = (last, state)
        return state

    def catch_up(self, conn: Conn, delta, head: int) -> Room:
        """The room at ``head`` from ``delta``, the ``ROOM_DELTA`` rows after the cache's own
        head (read by the caller, with nothing committed since: a writer holding the chain
        head). Loads the whole room when the cache has none yet or the journal went back."""
        if self.head is None or head < self.head:
            return self._load(conn)
        tables, moved = self._room.tables(), False
        for table, last, oseq, barred in delta:
            bars = self.table_bars(conn, table, last, oseq, barred)
            if tables.get(table, ()) != bars:
                tables[table], moved = bars, True
        if moved:  # else: the same Room object (views keep)
            self._room = Room(tables)
        self.head = head
        return self._room

    def wrote(
        self,
        table: str,
        bars: tuple[Bar, ...],
        start: int,
        end: int,
        state: TableState | None = None,
        seq: int | None = None,
    ) -> None:
        """This process committed rows ``start < gseq <= end``, all at ``table`` (called
        after COMMIT returned), leaving it at ``state`` after its row ``seq``. No query:
        the table's bars are replaced."""
        if state is not None and seq is not None:
            self._folded[table] = (seq, state)
        if self.head is None:
            return  # never loaded: the next room() loads
        if self._room.bars_at(table) != bars:
            self._room = self._room.with_table(table, bars)
        if self.head == start:
            self.head = end  # else: the next room() reads the gap

    def confirmed(
        self,
        table: str,
        bars: tuple[Bar, ...],
        known: int,
        end: int,
        state: TableState | None = None,
        seq: int | None = None,
    ) -> None:
        """This process committed the row ``end`` at ``table``, checked in the database
        against the room this cache had at ``known`` (every table written since owes what
        it did): the room is exact at ``end``."""
        if self.head != known:
            self.wrote(table, bars, end, end, state, seq)  # moved meanwhile: the next room() reads
            return
        if state is not None and seq is not None:
            self._folded[table] = (seq, state)
        if self._room.bars_at(table) != bars:
            self._room = self._room.with_table(table, bars)
        self.head = end

    def forget(self) -> None:
        self.head = None
        self._room = Room()
        self._folded.clear()

"""The journal's one write path, whichever database is underneath.

Both journals — the SQLite file (:mod:`floorkill.store.journal`) and PostgreSQL
(:mod:`floorkill.store.pg`) — are a :class:`CoreJournal` and hand out :class:`CoreSession`
tables: creating and opening tables, append, void, snapshots, the room-wide bars and the
hash chain are written here once. A backend supplies only how it talks to its database:

* ``_read()``: a context giving a connection with ``execute(sql, params)`` /
  ``executemany`` and ``?`` placeholders (psycopg's are translated by ``pg.PgConn``);
* ``_write()``: a context for ONE write transaction, giving a :class:`WriteTx`: the
  connection, the chain head ``(gseq, prev)`` the transaction holds (SQLite: BEGIN
  IMMEDIATE; PostgreSQL: the ``chain_head`` row locked FOR UPDATE) and ``advance``
  (PostgreSQL moves its ``chain_head`` row and NOTIFYs; SQLite's head is its last row). COMMIT when the block
  ends, ROLLBACK on any error; an event is acknowledged only after COMMIT returned.

How an append holds the chain head as briefly as it can (every row of the room is chained
after the one before, so writers take turns on it): the events are folded through the rules,
turned into JSON and drafted (:func:`~floorkill.store.schema.draft_row`) BEFORE the
transaction, from the table state and the room this process already has. Inside it, the
head, the table's last seq and the tables written since the room was last read
(``ROOM_DELTA``) are read; when neither the table nor the bars elsewhere moved,
the drafts are used as they are: what is left under the lock is to splice gseq and time
into each draft and hash it. Otherwise the events are folded again, inside the lock, from
the table as it now stands (never a stale state written: the check is exact).
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, fields
from typing import Any, Protocol

import floorkill
from floorkill.i18n import Phrase, Said, Spoken, in_lang
from floorkill.rules import TableConfig, TableFile, TableState, apply, corrections, initial_state
from floorkill.rules import room as room_rules
from floorkill.rules.config import PlayerSpec, table_file_to_dict
from floorkill.rules.decisions import Refusal
from floorkill.rules.room import Room
from floorkill.store import reading
from floorkill.store.errors import (
    ConfigMismatch,
    JournalError,
    RoomChanged,
    TableChanged,
    TableExists,
    table_changed,
)
from floorkill.store.reading import Conn
from floorkill.store.room_cache import ROOM_DELTA, RoomCache
from floorkill.store.schema import (
    CORRECT_TYPE,
    CREATE_TYPE,
    INSERT_EVENT,
    VOID_TYPE,
    RowDraft,
    canonical_json,
    draft_row,
    finish_row,
    result_json,
    state_digest,
)
from floorkill.store.session import Record, check_void, decision_to_json, fold_records, utc_now
from floorkill.store.snapshot import state_to_dict

SNAPSHOT_EVERY = 500

# The same SQL on both databases (UPSERT: SQLite 3.24+, PostgreSQL 9.5+).
MAX_SEQ = "SELECT coalesce(max(seq), 0) FROM events WHERE tbl = ?"
# A long batch is inserted as it is hashed, this many rows a statement, so the transaction
# holding the chain head is never idle for long: PostgreSQL ends a session left idle in
# its transaction (pg.connect's idle_in_transaction_session_timeout).
ROWS_PER_INSERT = 500
# Several tables' last seqs in one statement (each a max() on the (tbl, seq) index).
LAST_SEQS = (
    "SELECT v.column1, (SELECT coalesce(max(e.seq), 0) FROM events e "
    "WHERE e.tbl = v.column1) FROM (VALUES {}) v"
)
UPSERT_SNAPSHOT = (
    "INSERT INTO snapshots(tbl, seq, rules, state) VALUES (?, ?, ?, ?) "
    "ON CONFLICT (tbl, seq) DO UPDATE SET rules = excluded.rules, "
    "state = excluded.state"
)
UPSERT_OBLIGATIONS = (
    "INSERT INTO obligations(tbl, seq, barred) VALUES (?, ?, ?) "
    "ON CONFLICT (tbl) DO UPDATE SET seq = excluded.seq, "
    "barred = excluded.barred"
)


def table_toml(table_file: TableFile) -> str:
    """The TOML text a journal keeps for a table: config and initial players, no events."""
    import tomli_w

    return tomli_w.dumps(table_file_to_dict(table_file.config, table_file.players, ()))


def config_differences(journal: TableConfig, file: TableConfig) -> list[str]:
    """Each field (kill options one by one) where two configs differ, as readable text
    (:class:`~floorkill.i18n.Said`: the English, and ``.text(lang)``)."""
    out: list[str] = []
    for field in fields(journal):
        in_journal, in_file = getattr(journal, field.name), getattr(file, field.name)
        if field.name == "kill":
            for kill_field in fields(in_journal):
                ka, kb = getattr(in_journal, kill_field.name), getattr(in_file, kill_field.name)
                if ka != kb:
                    out.append(Said(_differs(f"kill.{kill_field.name}", ka, kb)))
        elif in_journal != in_file:
            out.append(Said(_differs(field.name, in_journal, in_file)))
    return out


def _differs(field: str, in_journal: object, in_file: object) -> Phrase:
    return Phrase(
        "{field}: {journal} in the journal, {file} in the file",
        field=field,
        journal=repr(in_journal),
        file=repr(in_file),
    )


def _insert_events(conn: Conn, rows: list[tuple]) -> None:
    if len(rows) == 1:
        conn.execute(INSERT_EVENT, rows[0])
    elif rows:
        conn.executemany(INSERT_EVENT, rows)


class WriteTx(Protocol):
    """One write transaction of a backend (see the module doc)."""

    conn: Conn

    @property
    def gseq(self) -> int: ...
    @property
    def prev(self) -> str: ...
    def advance(self, gseq: int, head: str, tbl: str, seq: int) -> None: ...


class HeadTx:
    """What a backend's WriteTx shares: the chain head, read once, when first asked
    (``_read_head`` is the backend's)."""

    conn: Conn
    _head: tuple[int, str] | None = None

    def _read_head(self) -> tuple[int, str]:
        raise NotImplementedError

    def _chain(self) -> tuple[int, str]:
        if self._head is None:
            gseq, head = self._read_head()
            self._head = (gseq, head)
        return self._head

    @property
    def gseq(self) -> int:
        return self._chain()[0]

    @property
    def prev(self) -> str:
        return self._chain()[1]


# ---------------------------------------------------------------------------
# a table's view in the room (the podium's, and the read-only big screen's)


class RoomView:
    """What every table session shows: its folded state seen in the room (the bars of its
    seated players at other tables: rules/room.py ``view``), the same object while nothing
    changed. Needs ``name``, ``_state``, ``_seq`` and ``_room()`` (the room as last read)."""

    name: str
    _state: TableState
    _seq: int
    _view: tuple[TableState, Room, TableState] | None = None

    def _hold(
        self,
        name: str,
        config: TableConfig,
        players: tuple[PlayerSpec, ...],
        state: TableState,
        seq: int,
    ) -> None:
        self.name = name
        self.config = config
        self.players = players
        self._state = state
        self._seq = seq
        self._view = None

    def _room(self) -> Room:
        raise NotImplementedError

    @property
    def state(self) -> TableState:
        room = self._room()
        memo = self._view
        if memo is not None and memo[0] is self._state and memo[1] is room:
            return memo[2]
        seen = room_rules.view(self._state, room.elsewhere(self.name))
        self._view = (self._state, room, seen)
        return seen

    @property
    def folded(self) -> TableState:
        """The fold of this table's own events (what a snapshot and `export` hold)."""
        return self._state

    def __len__(self) -> int:
        return self._seq

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seq={self._seq}>"


# ---------------------------------------------------------------------------
# a fold of events, ready to chain


@dataclass(frozen=True, slots=True)
class Drafted:
    """Events folded from ``base`` (the table at ``seq``) with the bars ``elsewhere``:
    the rows without their place in the chain, the snapshots, the records."""

    base: TableState
    seq: int
    elsewhere: Mapping[str, Any]
    state: TableState
    drafts: tuple[RowDraft, ...]
    applied: tuple[Any, ...]
    stored: tuple[Mapping[str, Any], ...]
    snapshots: tuple[tuple[str, int, str, str], ...]


def draft_events(
    tbl: str,
    who: str | None,
    raws: Sequence[Mapping[str, Any]],
    base: TableState,
    seq: int,
    elsewhere: Mapping[str, Any],
    every: int,
    checked: Sequence[Any] | None = None,
) -> Drafted:
    """Fold ``raws`` through the rules (Refusal on the first that does not apply) and draft
    their rows. ``checked``: ``apply`` results an import already folded from ``base`` with
    no bars elsewhere, used while the room stamp adds nothing to the event (rules/room.py)."""
    rules = floorkill.RULES_VERSION
    state = base
    reuse = (
        checked is not None
        and len(checked) == len(raws)
        and not elsewhere
        and not room_rules.mirrors(state)
    )
    drafts, applieds, stored, snaps = [], [], [], []
    for index, raw in enumerate(raws):
        stamped = room_rules.stamp(state, raw, elsewhere)
        if reuse and stamped is raw:
            applied = checked[index]  # type: ignore[index]
        else:
            reuse = False
            applied = apply(state, stamped, elsewhere)
        state = applied.state
        seq += 1
        event = room_rules.stored_event(applied)
        digest = None
        if seq % every == 0:
            snap = canonical_json(state_to_dict(state))
            digest = state_digest(snap)
            snaps.append((tbl, seq, rules, snap))
        drafts.append(
            draft_row(
                tbl,
                seq,
                applied.event.type,
                canonical_json(event),
                rules,
                canonical_json([decision_to_json(decision) for decision in applied.decisions]),
                result_json(applied.result),
                state.hands,
                who,
                None,
                state_hash=digest,
            )
        )
        applieds.append(applied)
        stored.append(event)
    return Drafted(
        base, seq, elsewhere, state, tuple(drafts), tuple(applieds), tuple(stored), tuple(snaps)
    )


# ---------------------------------------------------------------------------
# the journal


class CoreJournal:
    """What both writable journals share; a backend adds ``_read``, ``_write``, ``head``,
    ``changed``, ``close``, ``location`` (see the module doc)."""

    floorperson: str | None
    snapshot_every: int
    mac_key: bytes | None
    meta: dict[str, str]
    problems: list[str]
    _rooms: RoomCache
    _live: weakref.WeakValueDictionary
    _session_class: type[CoreSession]

    def _init_core(self, floorperson: str | None, snapshot_every: int) -> None:
        self.floorperson = floorperson
        self.snapshot_every = max(1, int(snapshot_every))
        self.meta = {}
        self.problems = []  # bad snapshots skipped (each said once)
        self._rooms = RoomCache(self._report)
        self._live = weakref.WeakValueDictionary()

    # -- supplied by the backend ---------------------------------------------
    def _read(self) -> AbstractContextManager[Conn]:
        raise NotImplementedError

    def _write(self) -> AbstractContextManager[WriteTx]:
        raise NotImplementedError

    @property
    def location(self) -> str:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- shared ----------------------------------------------------------------
    def _report(self, message: str) -> None:
        if message not in self.problems:
            self.problems.append(message)

    def _mac_args(self) -> dict[str, Any]:
        if self.mac_key is None:
            return {}
        return {"mac_key": self.mac_key, "journal_id": self.meta.get("id", "")}

    def table_names(self) -> list[str]:
        with self._read() as conn:
            return reading.table_names(conn)

    def open_table_names(self) -> list[str]:
        """The tables not closed (close_table), in creation order."""
        with self._read() as conn:
            return reading.open_table_names(conn)

    def closed_tables(self) -> set[str]:
        with self._read() as conn:
            return reading.closed_tables(conn)

    def create_table(self, table_file: TableFile, toml_text: str | None = None) -> CoreSession:
        """Add a table (its events, if any, are NOT appended: append them one by one).
        ``toml_text`` is the table's config and initial players; it must describe the same
        config and players as ``table_file`` (default: written from it with tomli-w)."""
        cfg, players = table_file.config, table_file.players
        text = table_toml(table_file) if toml_text is None else toml_text
        check = reading.load_table_text(text, f"<table {cfg.name!r}>")
        if check.events:
            text = table_toml(table_file)
        elif check.config != cfg or check.players != players:
            raise JournalError(
                Phrase(
                    "table {name}: the TOML text does not describe the same config and "
                    "players as the table file",
                    name=repr(cfg.name),
                )
            )
        now = utc_now()
        with self._write() as tx:
            conn = tx.conn
            row = conn.execute(
                "SELECT name FROM tables WHERE name = ? OR name_key = ?",
                (cfg.name, cfg.name.casefold()),
            ).fetchone()
            if row is not None:
                raise TableExists(
                    Phrase("a table named {name} is already in the journal", name=repr(row[0]))
                )
            conn.execute(
                "INSERT INTO tables(name, name_key, toml, created, who) VALUES (?, ?, ?, ?, ?)",
                (cfg.name, cfg.name.casefold(), text, now, self.floorperson),
            )
            gseq = tx.gseq
            draft = draft_row(
                cfg.name,
                0,
                CREATE_TYPE,
                canonical_json({"type": CREATE_TYPE, "toml": text}),
                floorkill.RULES_VERSION,
                "[]",
                None,
                0,
                self.floorperson,
                None,
            )
            row = finish_row(draft, tx.prev, gseq + 1, now, **self._mac_args())
            conn.execute(INSERT_EVENT, row)
            conn.execute(UPSERT_OBLIGATIONS, (cfg.name, 0, "[]"))
            tx.advance(gseq + 1, row[14], cfg.name, 0)
        state = initial_state(cfg, players)
        self._rooms.wrote(cfg.name, (), gseq, gseq + 1, state, 0)
        return self._session(cfg.name, cfg, players, state, 0)

    def open_table(self, name: str) -> CoreSession:
        with self._read() as conn:
            stored, text = reading.find_table(conn, name, self._report)
            cfg, players = reading.parse_table_toml(stored, text)
            state, seq = reading.load_state(conn, stored, cfg, players, report=self._report)
        return self._session(stored, cfg, players, state, seq)

    def _session(
        self,
        name: str,
        config: TableConfig,
        players: tuple[PlayerSpec, ...],
        state: TableState,
        seq: int,
    ) -> CoreSession:
        return self._session_class(self, name, config, players, state, seq)

    def open_or_create(
        self, table_file: TableFile, toml_text: str | None = None
    ) -> tuple[CoreSession, bool]:
        """(session, created): the journal's table of this file's name, created from the file
        when new. Raises ConfigMismatch (naming each difference) when the journal's table
        has another config or other initial players. The file's events are not appended."""
        name = table_file.config.name
        known = {known_name.casefold(): known_name for known_name in self.table_names()}
        if name.casefold() not in known:
            try:
                return self.create_table(table_file, toml_text), True
            except TableExists:  # another process created it just now
                known = {known_name.casefold(): known_name for known_name in self.table_names()}
        session = self.open_table(known[name.casefold()])
        diffs = config_differences(session.config, table_file.config)
        if session.players != table_file.players:
            diffs.append(Said(Phrase("initial players differ")))
        if diffs:
            said = list(diffs)
            raise ConfigMismatch(
                Phrase(
                    "table {name} is in the journal with a different config: {differences}",
                    name=repr(session.name),
                    differences=Spoken(lambda lang: "; ".join(in_lang(one, lang) for one in said)),
                ),
                diffs,
            )
        return session, False

    def session(self, name: str) -> CoreSession:
        """An open session of table ``name`` (the one already open in this process, if any)."""
        session = self._live.get(name)
        if session is None:
            with self._read() as conn:
                stored, _ = reading.find_table(conn, name)
            session = self._live.get(stored) or self.open_table(stored)
        return session

    def live_events(self, name: str, upto: int | None = None) -> list[dict[str, Any]]:
        """The live events of a table up to ``upto`` (what `export` writes), in order."""
        with self._read() as conn:
            return reading.live_events(conn, name, 0, upto)

    def room(self) -> Room:
        """Every table's own owed kills as the journal stands now (rules/room.py)."""
        with self._read() as conn:
            return self._rooms.room(conn)

    @property
    def room_cached(self) -> Room:
        """The room as last read (no query once read): what sessions draw their views with."""
        if self._rooms.head is None and not self._closed():
            return self.room()
        return self._rooms.room_cached

    def _closed(self) -> bool:
        """True once closed (a closed journal's sessions still show what they had)."""
        return False

    def refresh_sessions(self, sessions: Sequence[CoreSession]) -> list[CoreSession]:
        """``refresh`` of several sessions of this journal (a podium following the others:
        every open table), their tables' last seqs read in ONE query; the sessions that
        caught up with rows another process wrote."""
        sessions = [session for session in sessions if session.journal is self]
        if not sessions:
            return []
        names = list(dict.fromkeys(session.name for session in sessions))
        with self._read() as conn:
            lasts = {}
            for start in range(0, len(names), 500):  # (SQLite's bound parameters: 999)
                part = names[start : start + 500]
                lasts.update(
                    conn.execute(LAST_SEQS.format(", ".join(["(?)"] * len(part))), part).fetchall()
                )
            moved = []
            for session in sessions:
                last = lasts.get(session.name, 0)
                if last != session._seq:
                    session._catch_up(conn, last)
                    moved.append(session)
            return moved

    def barred_elsewhere(self, exclude: str | None = None) -> dict[str, tuple[int, str]]:
        """Players barred (rrop-13.6) at tables other than ``exclude``:
        {name key: (owed cents, table name)}."""
        return self.room().elsewhere(exclude)

    def _barred_elsewhere(self, exclude: str | None) -> dict[str, tuple[int, str]]:
        """Inside a write, once the room was brought to the locked head: the bars a row of
        table ``exclude`` is stamped with and folded against."""
        return self._rooms.room_cached.elsewhere(exclude)

    def rebuild_caches(self) -> None:
        """Drop and rewrite every table's snapshots and obligations from its events (the
        caches are never trusted by `verify`; this repairs one it found changed). A
        snapshot is written only where its row records the state's digest in the chain."""
        self._rooms.forget()
        with self._write() as tx:
            conn = tx.conn
            conn.execute("DELETE FROM snapshots")
            conn.execute("DELETE FROM obligations")
            for name, text in reading.table_texts(conn, self._report):
                cfg, players = reading.parse_table_toml(name, text)
                voids = reading.void_rows(conn, name)
                corrections = reading.correction_rows(conn, name)
                digests = dict(
                    conn.execute(
                        "SELECT seq, state_hash FROM events WHERE tbl = ? "
                        "AND state_hash IS NOT NULL",
                        (name,),
                    ).fetchall()
                )
                seq, state = 0, initial_state(cfg, players)
                snaps = []
                for seq, state in reading.replay_table(conn, name, cfg, players, voids):
                    if seq in digests and reading.snapshot_is_valid(voids, seq, corrections):
                        snap = canonical_json(state_to_dict(state))
                        if state_digest(snap) == digests[seq]:  # only what the chain holds
                            snaps.append((name, seq, floorkill.RULES_VERSION, snap))
                if snaps:
                    conn.executemany(UPSERT_SNAPSHOT, snaps)
                conn.execute(
                    UPSERT_OBLIGATIONS, (name, seq, canonical_json(reading.barred_of(state)))
                )


# ---------------------------------------------------------------------------
# a table of the journal


class CoreSession(RoomView):
    """A table of a journal: the durable TableSession (both backends)."""

    def __init__(
        self,
        journal: CoreJournal,
        name: str,
        config: TableConfig,
        players: tuple[PlayerSpec, ...],
        state: TableState,
        seq: int,
    ) -> None:
        self.journal = journal
        self._hold(name, config, players, state, seq)
        journal._live.setdefault(name, self)

    def _room(self) -> Room:
        return self.journal.room_cached

    @property
    def who(self) -> str | None:
        return self.journal.floorperson

    def records(self, start: int = 0, stop: int | None = None) -> Sequence[Record]:
        with self.journal._read() as conn:
            return reading.read_records(conn, self.name, self._seq, start, stop)

    def last_undoable(self) -> Record | None:
        with self.journal._read() as conn:
            return reading.last_undoable(conn, self.name, self._seq)

    def refresh(self) -> bool:
        """Catch up with rows another process wrote to this table; True if any."""
        with self.journal._read() as conn:
            last = reading.max_seq(conn, self.name)
            if last == self._seq:
                return False
            self._catch_up(conn, last)
            return True

    def full_replay(self) -> TableState:
        """The state folded from the table's first row, ignoring every snapshot (for checks)."""
        with self.journal._read() as conn:
            events = reading.live_events(conn, self.name, 0, self._seq)
        return fold_records(self.config, self.players, events)

    # -- writes ---------------------------------------------------------------
    def append(
        self,
        raw: Mapping[str, Any],
        expect_seq: int | None = None,
        *,
        shown_room: Room | None = None,
    ) -> Record:
        """Apply and store one event; returns after COMMIT. Raises Refusal (nothing written).
        ``expect_seq``: the table's last seq the caller saw; if another writer moved the table
        since, raises TableChanged (nothing written, the session caught up). ``shown_room``:
        the room the caller's preview was worked out with; when what the decision reads of
        it is not so at the head, raises RoomChanged (nothing written, the room read again).
        A ``pay_kill`` of a kill owed at another table is stored THERE (one event; the
        record returned is that table's)."""
        if isinstance(raw, Mapping) and raw.get("type") == "pay_kill":
            head = self.journal.room()
            target = room_rules.route(self.name, raw, head)
            if shown_room is not None:
                self._check_room(shown_room, head, [raw])
            if target != self.name:
                return self.journal.session(target).append(raw)
        return self.append_many([raw], expect_seq, shown_room=shown_room)[0]

    def _check_room(self, shown: Room, head: Room, raws: Sequence[Mapping[str, Any]]) -> None:
        changes = room_rules.room_changes(self._state, raws, shown, head)
        if changes:
            raise RoomChanged(self.name, changes)

    def append_many(
        self,
        raws: Sequence[Mapping[str, Any]],
        expect_seq: int | None = None,
        *,
        checked: Sequence[Any] | None = None,
        checked_elsewhere: Mapping[str, Any] | None = None,
        shown_room: Room | None = None,
    ) -> list[Record]:
        """Apply and store several events in ONE transaction: all or nothing (the first
        refusal raises and nothing is written). The rows are exactly those ``append`` would
        write one by one. ``expect_seq``: refuse (TableChanged, nothing written) unless the
        table's last seq is still that one. ``shown_room``: refuse (RoomChanged, nothing
        written) unless what the events' decisions read of the room (rules/room.py
        ``read_facts``) is at the head what it was in that room. ``checked``: the ``apply``
        results an import already folded from that very state with the bars
        ``checked_elsewhere``; used as they are when both still hold (not folded twice)."""
        journal = self.journal
        every = journal.snapshot_every
        room = journal.room_cached  # read here, before the lock, when not known yet
        reusable = (
            checked
            if (checked is not None and expect_seq is not None and checked_elsewhere == {})
            else None
        )
        drafted = None
        if expect_seq is None or expect_seq == self._seq:
            try:  # a guess: checked under the lock
                drafted = draft_events(
                    self.name,
                    journal.floorperson,
                    raws,
                    self._state,
                    self._seq,
                    room.elsewhere(self.name),
                    every,
                    reusable,
                )
            except Refusal:
                drafted = None  # said again, for sure, under the lock
        with journal._write() as tx:
            conn = tx.conn
            known = journal._rooms.head
            if known is None:  # the room was dropped meanwhile
                last = reading.max_seq(conn, self.name)
                journal._rooms.room(conn, tx.gseq)
            else:
                last = conn.execute(MAX_SEQ, (self.name,)).fetchone()[0]
                delta = conn.execute(ROOM_DELTA, (known,)).fetchall()
                journal._rooms.catch_up(conn, delta, tx.gseq)
            try:
                self._sync(conn, last, expect_seq)
            except TableChanged as exc:
                if checked is None:
                    raise
                raise TableChanged(
                    Phrase(
                        "table {name} changed while the file was imported (seq {actual}, "
                        "expected {expected}); run the import again: what is in the journal "
                        "stays, the rest is appended",
                        name=repr(self.name),
                        actual=exc.actual,
                        expected=exc.expected,
                    ),
                    self.name,
                    exc.expected,
                    exc.actual,
                ) from None
            if shown_room is not None:
                self._check_room(shown_room, journal._rooms.room_cached, raws)
            elsewhere = journal._barred_elsewhere(self.name)
            if drafted is None or drafted.base is not self._state or drafted.elsewhere != elsewhere:
                drafted = draft_events(
                    self.name,
                    journal.floorperson,
                    raws,
                    self._state,
                    self._seq,
                    elsewhere,
                    every,
                    reusable,
                )
            gseq = start = tx.gseq
            prev = tx.prev
            mac = journal._mac_args()
            rows: list[tuple] = []
            records = []
            for draft, applied, event in zip(
                drafted.drafts, drafted.applied, drafted.stored, strict=True
            ):
                gseq += 1
                at = utc_now()
                row = finish_row(draft, prev, gseq, at, **mac)
                prev = row[14]
                rows.append(row)
                if len(rows) == ROWS_PER_INSERT:
                    _insert_events(conn, rows)
                    rows = []
                records.append(
                    Record(
                        seq=draft.seq,
                        type=draft.type,
                        event=event,
                        decisions=tuple(applied.decisions),
                        result=applied.result,
                        hand=draft.hand,
                        who=draft.who,
                        at=at,
                        gseq=gseq,
                    )
                )
            _insert_events(conn, rows)
            if drafted.snapshots:
                conn.executemany(UPSERT_SNAPSHOT, drafted.snapshots)
            state, seq = drafted.state, drafted.seq
            conn.execute(
                UPSERT_OBLIGATIONS, (self.name, seq, canonical_json(reading.barred_of(state)))
            )
            tx.advance(gseq, prev, self.name, seq)
        self._state, self._seq = state, seq  # only after COMMIT returned
        journal._rooms.wrote(
            self.name, room_rules.own_bars(self.name, state), start, gseq, state, seq
        )
        return records

    def void(self, seq: int, reason: str, expect_seq: int | None = None) -> Record:
        """Undo record ``seq``: append a void naming it and the reason. Refused (Refusal,
        nothing written) for a missing, void or already voided record, without a reason, or
        when a later live event would no longer apply without it. ``expect_seq`` as for
        ``append`` (the undo offered must be the one the floorperson saw)."""
        journal = self.journal
        with journal._write() as tx:
            conn = tx.conn
            self._sync(conn, reading.max_seq(conn, self.name), expect_seq, undo=True)
            target = None
            if 1 <= seq <= self._seq:
                found = reading.read_records(conn, self.name, self._seq, seq - 1, seq)
                target = found[0] if found else None
            check_void(target, seq, reason)
            history = None
            if reading.has_corrections(conn, self.name, self._seq):
                history = self._history(conn)
                history.add({"type": VOID_TYPE, "target": seq, "reason": reason.strip()})
                state = history.state  # Refusal (nothing written) when a later record breaks
            else:
                state, _ = reading.load_state(
                    conn,
                    self.name,
                    self.config,
                    self.players,
                    self._seq,
                    exclude=(seq,),
                    report=journal._report,
                )
            new_seq = self._seq + 1
            gseq = tx.gseq
            at = utc_now()
            event = {"type": VOID_TYPE, "target": seq, "reason": reason.strip()}
            snap = canonical_json(state_to_dict(state))
            draft = draft_row(
                self.name,
                new_seq,
                VOID_TYPE,
                canonical_json(event),
                floorkill.RULES_VERSION,
                "[]",
                None,
                state.hands,
                journal.floorperson,
                seq,
                state_hash=state_digest(snap),
            )
            row = finish_row(draft, tx.prev, gseq + 1, at, **journal._mac_args())
            conn.execute(INSERT_EVENT, row)
            conn.execute("DELETE FROM snapshots WHERE tbl = ? AND seq >= ?", (self.name, seq))
            conn.execute(UPSERT_SNAPSHOT, (self.name, new_seq, floorkill.RULES_VERSION, snap))
            conn.execute(
                UPSERT_OBLIGATIONS, (self.name, new_seq, canonical_json(reading.barred_of(state)))
            )
            tx.advance(gseq + 1, row[14], self.name, new_seq)
        self._state, self._seq = state, new_seq
        self._held = history  # the table's records as they now stand (or None)
        journal._rooms.wrote(
            self.name, room_rules.own_bars(self.name, state), gseq, gseq + 1, state, new_seq
        )
        return Record(
            seq=new_seq,
            type=VOID_TYPE,
            event=event,
            hand=state.hands,
            who=journal.floorperson,
            at=at,
            gseq=gseq + 1,
        )

    _held: corrections.History | None = None  # the last history read, while it is whole

    def _history(self, c: Conn) -> corrections.History:
        """The table's records read as a history (corrections and voids among them): the
        one last read while nothing was written since (a correction weighed in the form is
        entered with the refold it weighed), else read again. A writer takes it (it is
        held again only once what it adds is committed)."""
        held, self._held = self._held, None
        if held is not None and len(held) == self._seq:
            return held
        records, read = reading.history_records(c, self.name, self._seq, self.config.seats)
        return corrections.History(self.config, self.players, records, strict=True, read=read)

    def history(self) -> corrections.History:
        """The table's records with the state after each (what a correction is weighed
        against: :func:`floorkill.rules.corrections.impact`)."""
        with self.journal._read() as conn:
            history = self._history(conn)
        self._held = history
        return history

    def correct(
        self,
        record: int,
        event: Mapping[str, Any] | None,
        *,
        settle: Mapping[int, str] | None = None,
        reason: str | None = None,
        expect_seq: int | None = None,
        answers: Sequence[Mapping[str, Any]] = (),
    ) -> Record:
        """Append a correction of ``record`` (the table's record number): ``event`` in its
        place, or None to strike it; ``settle`` says for each later record it makes
        impossible ``strike`` or ``keep``; ``answers`` answer the questions later records
        ask (:attr:`floorkill.rules.corrections.Impact.questions`). Refused (Refusal, nothing written) when the
        record cannot be corrected, the replacement does not apply there, or an impossible
        later record is left unsettled. The replacement keeps the room stamp the original
        was entered with. ``expect_seq`` as for ``append``."""
        journal = self.journal
        # one pause for the history read and the correction (see collector_paused)
        with corrections.collector_paused(), journal._write() as tx:
            conn = tx.conn
            self._sync(conn, reading.max_seq(conn, self.name), expect_seq)
            history = self._history(conn)
            refusal = history.target_refusal(record) if isinstance(record, int) else None
            if refusal is not None:
                raise refusal
            original = history.original_of(record) if isinstance(record, int) else record
            if isinstance(original, int) and 1 <= original <= len(history):
                raw = corrections.proposal(
                    history, record, event, settle=settle, reason=reason, answers=answers
                )
            else:
                raw = {"type": CORRECT_TYPE, "record": record, "event": event}
            out = history.correct(raw)  # Refusal: nothing written
            state = history.state
            new_seq = self._seq + 1
            gseq = tx.gseq
            at = utc_now()
            snap = canonical_json(state_to_dict(state))
            draft = draft_row(
                self.name,
                new_seq,
                CORRECT_TYPE,
                canonical_json(raw),
                floorkill.RULES_VERSION,
                canonical_json([decision_to_json(decision) for decision in out.decisions]),
                None,
                state.hands,
                journal.floorperson,
                None,
                state_hash=state_digest(snap),
            )
            row = finish_row(draft, tx.prev, gseq + 1, at, **journal._mac_args())
            conn.execute(INSERT_EVENT, row)
            conn.execute("DELETE FROM snapshots WHERE tbl = ? AND seq >= ?", (self.name, original))
            conn.execute(UPSERT_SNAPSHOT, (self.name, new_seq, floorkill.RULES_VERSION, snap))
            conn.execute(
                UPSERT_OBLIGATIONS, (self.name, new_seq, canonical_json(reading.barred_of(state)))
            )
            tx.advance(gseq + 1, row[14], self.name, new_seq)
        self._state, self._seq = state, new_seq
        self._held = history
        journal._rooms.wrote(self.name, room_rules.own_bars(self.name, state), gseq, gseq + 1)
        return Record(
            seq=new_seq,
            type=CORRECT_TYPE,
            event=raw,
            decisions=tuple(out.decisions),
            hand=state.hands,
            who=journal.floorperson,
            at=at,
            gseq=gseq + 1,
        )

    def _catch_up(self, c: Conn, last: int) -> None:
        self._state, self._seq = reading.load_state(
            c, self.name, self.config, self.players, last, report=self.journal._report
        )

    def _sync(self, c: Conn, last: int, expect_seq: int | None = None, undo: bool = False) -> None:
        """Inside a write: fold rows another connection added since we last looked (the
        table is at ``last``); raise TableChanged when it is not at ``expect_seq``."""
        if last != self._seq:
            self._catch_up(c, last)
        if expect_seq is not None and last != expect_seq:
            latest = reading.read_records(c, self.name, last, last - 1, last)
            raise table_changed(
                self.name, expect_seq, last, latest[0] if latest else None, undo=undo
            )


CoreJournal._session_class = CoreSession

"""The SQLite journal: every entered event durable, undoable, auditable, for many tables.

``Journal(path, floorperson)`` opens (or creates) one journal file in WAL mode with
``synchronous=FULL``; every write is one ``BEGIN IMMEDIATE … COMMIT`` and an event is
returned to the caller only after COMMIT returns. ``create_table`` / ``open_table`` give a
:class:`JournalSession`, the durable :class:`~floorkill.store.session.TableSession`.

Layout and hash chain: :mod:`floorkill.store.schema`. Undo appends a ``void`` row; a
void that would make a later live event invalid is refused (``fold_records`` raises
Refusal). Opening a table reads the newest valid snapshot plus the tail after it.
A player barred for a missed kill (rrop-13.6) at one table is barred at every table of
the journal until the kill is paid (design: :mod:`floorkill.rules.room`). The room — every
table's own owed kills — is kept by :class:`~floorkill.store.room_cache.RoomCache` (from
the ``obligations`` cache, refreshed by head gseq); each write stamps its event with the
bars of the table's seated players elsewhere and passes the room to ``apply`` as
``barred_elsewhere``; a ``pay_kill`` is stored at the table where the kill is owed;
:meth:`Journal.changed` (``PRAGMA data_version``) tells a podium another process wrote.

Chain and guards (:mod:`floorkill.store.schema`): every row carries the hash chain; rows
with a snapshot carry the state's digest (a reader uses a snapshot only when it matches);
with a key in the user config dir (:mod:`floorkill.store.keys`) every row also carries a
MAC. :meth:`Journal.head` gives ``(gseq, hash)``, the anchor to keep elsewhere.

Schema 1 journals are migrated in place by the first writer that opens them (one
transaction, no row rewritten: the schema-1 rows keep their chain, the meta is mixed into
it after the last of them). Readers read either version and never write.
"""

from __future__ import annotations

import sqlite3
import threading
import time
import uuid
import weakref
from contextlib import contextmanager
from dataclasses import fields
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

import floorkill
from floorkill.rules import TableConfig, TableFile, TableState, apply, initial_state
from floorkill.rules.config import PlayerSpec, table_file_to_dict
from floorkill.rules import room as room_rules
from floorkill.rules.room import Room
from floorkill.store import keys, reading
from floorkill.store.errors import (ConfigMismatch, JournalBusy, JournalError, TableChanged,
                                    TableExists, table_changed)
from floorkill.store.room_cache import RoomCache
from floorkill.store.schema import (CREATE_TYPE, DDL, INSERT_EVENT, META_TRIGGERS_DDL,
                                    MIGRATE_1_TO_2, SCHEMA_VERSION, VOID_TYPE,
                                    canonical_json, make_row, result_json, state_digest)
from floorkill.store.session import (Record, check_void, decision_to_json, fold_records,
                                     utc_now)
from floorkill.store.snapshot import state_to_dict

SNAPSHOT_EVERY = 500
_DEFAULT_KEY = object()


_result_json = result_json


def _sqlite_error(path: Path, exc: sqlite3.Error) -> JournalError:
    msg = str(exc)
    if "locked" in msg or "busy" in msg:
        return JournalBusy(f"{path}: the journal is busy (another process holds it): {msg}")
    if isinstance(exc, sqlite3.DatabaseError) and "not a database" in msg:
        return JournalError(f"{path}: not a floorkill journal ({msg})")
    if "readonly" in msg or "read-only" in msg or "unable to open" in msg:
        return JournalError(f"{path}: the journal cannot be written here (read-only file, "
                            "folder, mount or account): the podium and import need to write; "
                            "verify, export and big-screen read it as it is")
    return JournalError(f"{path}: {msg}")


def table_toml(table_file: TableFile) -> str:
    """The TOML text a journal keeps for a table: config and initial players, no events."""
    import tomli_w

    return tomli_w.dumps(table_file_to_dict(table_file.config, table_file.players, ()))


def config_differences(journal: TableConfig, file: TableConfig) -> list[str]:
    """Each field (kill options one by one) where two configs differ, as readable text."""
    out = []
    for f in fields(journal):
        a, b = getattr(journal, f.name), getattr(file, f.name)
        if f.name == "kill":
            for k in fields(a):
                ka, kb = getattr(a, k.name), getattr(b, k.name)
                if ka != kb:
                    out.append(f"kill.{k.name}: {ka!r} in the journal, {kb!r} in the file")
        elif a != b:
            out.append(f"{f.name}: {a!r} in the journal, {b!r} in the file")
    return out


class Journal:
    """One journal file holding many tables."""

    def __init__(self, path: str | Path, floorperson: str | None = None, *,
                 create: bool = True, snapshot_every: int = SNAPSHOT_EVERY,
                 busy_timeout: float = 5.0, mac_key: bytes | None | object = _DEFAULT_KEY
                 ) -> None:
        """``mac_key``: the key that MACs every appended row; by default the user's key
        file (:func:`floorkill.store.keys.load_key`), none when there is no key file."""
        self.path = Path(path)
        self.floorperson = floorperson
        self.snapshot_every = max(1, int(snapshot_every))
        self._lock = threading.RLock()
        self.mac_key: bytes | None = (keys.load_key() if mac_key is _DEFAULT_KEY
                                      else mac_key)  # type: ignore[assignment]
        self.meta: dict[str, str] = {}
        self.problems: list[str] = []       # bad snapshots skipped (each said once)
        self._seed: tuple[int, str] | None = None
        self._rooms = RoomCache()
        self._data_version: int | None = None
        self._live: weakref.WeakValueDictionary[str, JournalSession] = weakref.WeakValueDictionary()
        if self.path.is_dir():
            raise JournalError(f"{self.path}: is a folder, not a journal file")
        if not self.path.exists():
            if not create:
                raise JournalError(f"{self.path}: no journal there")
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise JournalError(f"{self.path.parent}: cannot create folder: "
                                   f"{exc.strerror or exc}") from None
        try:
            self._conn = sqlite3.connect(str(self.path), isolation_level=None,
                                         timeout=busy_timeout, check_same_thread=False)
        except sqlite3.Error as exc:
            raise _sqlite_error(self.path, exc) from None
        try:
            self._setup(busy_timeout)
            self._data_version = self._conn.execute("PRAGMA data_version").fetchone()[0]
        except sqlite3.Error as exc:
            self._conn.close()
            raise _sqlite_error(self.path, exc) from None
        except BaseException:
            self._conn.close()
            raise
        self._data_version = self._conn.execute("PRAGMA data_version").fetchone()[0]

    # -- connection ---------------------------------------------------------
    def _setup(self, busy_timeout: float) -> None:
        c = self._conn
        c.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        mode = self._enter_wal(busy_timeout)
        if str(mode).lower() != "wal":
            raise JournalError(f"{self.path}: cannot use WAL mode (got {mode})")
        c.execute("PRAGMA synchronous = FULL")
        c.execute("PRAGMA foreign_keys = ON")
        have = c.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table' "
                         "AND name IN ('meta', 'tables', 'events')").fetchone()[0]
        if have == 3:
            if self._check_version() < SCHEMA_VERSION:
                self._migrate()
            self._load_meta()
            return
        others = c.execute("SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
                           ).fetchone()[0]
        if others and have == 0:
            raise JournalError(f"{self.path}: an SQLite file that is not a floorkill journal")
        with self._write() as w:
            w.executescript_in_tx(DDL)
            if c.execute("SELECT count(*) FROM meta").fetchone()[0] == 0:
                c.executemany("INSERT INTO meta(key, value) VALUES (?, ?)",
                              [("schema", str(SCHEMA_VERSION)), ("created", utc_now()),
                               ("id", uuid.uuid4().hex)])
            w.executescript_in_tx(META_TRIGGERS_DDL)
        self._check_version()
        self._load_meta()

    def _enter_wal(self, busy_timeout: float) -> str:
        """Switch the file to WAL (a no-op once it is WAL, which persists in the file).

        SQLite answers a journal-mode change that races another connection with
        SQLITE_BUSY at once, without calling the busy handler; podiums starting
        together on a new journal hit that, so the change is retried (with a short,
        growing pause) until ``busy_timeout`` runs out."""
        c = self._conn
        mode = c.execute("PRAGMA journal_mode").fetchone()[0]
        if str(mode).lower() == "wal":
            return mode
        deadline = time.monotonic() + busy_timeout
        pause = 0.001
        while True:
            try:
                return c.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            except sqlite3.OperationalError as exc:
                msg = str(exc)
                if ("locked" not in msg and "busy" not in msg) or time.monotonic() > deadline:
                    raise
            time.sleep(pause)
            pause = min(pause * 2, 0.05)

    def _check_version(self) -> int:
        version = reading.schema_version(self._conn)
        if version is None:
            raise JournalError(f"{self.path}: journal has no schema version")
        return reading.check_schema(self.path, version)

    def _migrate(self) -> None:
        """Schema 1 -> 2 in one transaction (every row kept; see the module doc)."""
        with self._write() as w:
            c = self._conn
            if reading.schema_version(c) != 1:
                return                                  # another process did it just now
            w.executescript_in_tx(MIGRATE_1_TO_2)
            last = c.execute("SELECT coalesce(max(gseq), 0) FROM events").fetchone()[0]
            c.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION),))
            c.executemany("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
                          [("id", uuid.uuid4().hex), ("migrated_from", "1"),
                           ("migrated_at", str(last)), ("migrated", utc_now())])
            w.executescript_in_tx(META_TRIGGERS_DDL)

    def _report(self, message: str) -> None:
        if message not in self.problems:
            self.problems.append(message)

    def _load_meta(self) -> None:
        self.meta = reading.read_meta(self._conn)

    @contextmanager
    def _write(self) -> Iterator["_Tx"]:
        """One write transaction: BEGIN IMMEDIATE … COMMIT (ROLLBACK on any error)."""
        with self._lock:
            c = self._conn
            try:
                c.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise _sqlite_error(self.path, exc) from None
            try:
                yield _Tx(c)
                c.execute("COMMIT")
            except BaseException as exc:
                try:
                    if c.in_transaction:
                        c.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                if isinstance(exc, sqlite3.Error):
                    raise _sqlite_error(self.path, exc) from exc
                raise

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None  # type: ignore[assignment]

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def connection(self) -> sqlite3.Connection:
        return self._conn

    @property
    def location(self) -> str:
        return str(self.path)

    def changed(self) -> bool:
        """True when another connection committed since the last call (``PRAGMA
        data_version``, as the big screen's follower does): podiums follow each other."""
        with self._lock:
            version = self._conn.execute("PRAGMA data_version").fetchone()[0]
            seen, self._data_version = self._data_version, version
            return seen != version

    # -- tables -------------------------------------------------------------
    def table_names(self) -> list[str]:
        with self._lock:
            return reading.table_names(self._conn)

    def open_table_names(self) -> list[str]:
        """The tables not closed (close_table), in creation order."""
        with self._lock:
            return reading.open_table_names(self._conn)

    def closed_tables(self) -> set[str]:
        with self._lock:
            return reading.closed_tables(self._conn)

    def head(self) -> tuple[int, str]:
        """``(gseq, hash)`` of the chain's head: keep ``hash@gseq`` (`floorkill head`)
        elsewhere, and `floorkill verify --head` proves nothing up to it changed."""
        with self._lock:
            try:
                return self._chain_head()
            except sqlite3.Error as exc:
                raise _sqlite_error(self.path, exc) from None

    def create_table(self, table_file: TableFile, toml_text: str | None = None
                     ) -> "JournalSession":
        """Add a table (its events, if any, are NOT appended: append them one by one).
        ``toml_text`` is the table's config and initial players; it must describe the same
        config and players as ``table_file`` (default: written from it with tomli-w)."""
        cfg, players = table_file.config, table_file.players
        text = table_toml(table_file) if toml_text is None else toml_text
        check = reading.load_table_text(text, f"<table {cfg.name!r}>")
        if check.events:
            text = table_toml(table_file)
        elif check.config != cfg or check.players != players:
            raise JournalError(f"table {cfg.name!r}: the TOML text does not describe the "
                               "same config and players as the table file")
        now = utc_now()
        with self._write():
            c = self._conn
            row = c.execute("SELECT name FROM tables WHERE name = ? OR name_key = ?",
                            (cfg.name, cfg.name.casefold())).fetchone()
            if row is not None:
                raise TableExists(f"a table named {row[0]!r} is already in the journal")
            c.execute("INSERT INTO tables(name, name_key, toml, created, who) "
                      "VALUES (?, ?, ?, ?, ?)",
                      (cfg.name, cfg.name.casefold(), text, now, self.floorperson))
            gseq, prev = self._chain_head()
            payload = canonical_json({"type": CREATE_TYPE, "toml": text})
            c.execute(INSERT_EVENT, make_row(prev, gseq + 1, cfg.name, 0, CREATE_TYPE, payload,
                                             floorkill.RULES_VERSION, "[]", None, 0,
                                             self.floorperson, now, None,
                                             **self._mac_args()))
            c.execute("INSERT OR REPLACE INTO obligations(tbl, seq, barred) VALUES (?, 0, '[]')",
                      (cfg.name,))
        self._rooms.wrote(cfg.name, (), gseq, gseq + 1)
        return JournalSession(self, cfg.name, cfg, players, initial_state(cfg, players), 0)

    def open_table(self, name: str) -> "JournalSession":
        with self._lock:
            try:
                stored, text = reading.find_table(self._conn, name)
                cfg, players = reading.parse_table_toml(stored, text)
                state, seq = reading.load_state(self._conn, stored, cfg, players,
                                                report=self._report)
            except sqlite3.Error as exc:
                raise _sqlite_error(self.path, exc) from None
        return JournalSession(self, stored, cfg, players, state, seq)

    def open_or_create(self, table_file: TableFile, toml_text: str | None = None
                       ) -> tuple["JournalSession", bool]:
        """(session, created): the journal's table of this file's name, created from the file
        when new. Raises ConfigMismatch (naming each difference) when the journal's table
        has another config or other initial players. The file's events are not appended."""
        name = table_file.config.name
        known = {n.casefold(): n for n in self.table_names()}
        if name.casefold() not in known:
            try:
                return self.create_table(table_file, toml_text), True
            except TableExists:                 # another process created it just now
                known = {n.casefold(): n for n in self.table_names()}
        session = self.open_table(known[name.casefold()])
        diffs = config_differences(session.config, table_file.config)
        if session.players != table_file.players:
            diffs.append("initial players differ")
        if diffs:
            raise ConfigMismatch(f"table {session.name!r} is in the journal with a different "
                                 f"config: {'; '.join(diffs)}", diffs)
        return session, False

    def live_events(self, name: str, upto: int | None = None) -> list[dict[str, Any]]:
        """The live events of a table up to ``upto`` (what `export` writes), in order."""
        return reading.live_events(self._conn, name, 0, upto)

    def barred_elsewhere(self, exclude: str | None = None) -> dict[str, tuple[int, str]]:
        """Players barred (rrop-13.6) at tables other than ``exclude``:
        {name key: (owed cents, table name)}."""
        with self._lock:
            return self._barred_elsewhere(exclude)

    def room(self) -> Room:
        """Every table's own owed kills as the journal stands now (rules/room.py)."""
        with self._lock:
            try:
                return self._rooms.room(self._conn)
            except sqlite3.Error as exc:
                raise _sqlite_error(self.path, exc) from None

    @property
    def room_cached(self) -> Room:
        """The room as last read (no query once read): what sessions draw their views with."""
        if self._rooms.head is None and self._conn is not None:
            return self.room()
        return self._rooms.room_cached

    def changed(self) -> bool:
        """True when another connection (another podium process) committed since the last
        call (``PRAGMA data_version``); the room is then read again. Cheap: for a timer."""
        with self._lock:
            try:
                version = self._conn.execute("PRAGMA data_version").fetchone()[0]
            except sqlite3.Error as exc:
                raise _sqlite_error(self.path, exc) from None
            if version == self._data_version:
                return False
            self._data_version = version
            self._rooms.room(self._conn)
            return True

    def session(self, name: str) -> "JournalSession":
        """An open session of table ``name`` (the one already open in this process, if any)."""
        with self._lock:
            s = self._live.get(name)
            if s is None:
                stored, _ = reading.find_table(self._conn, name)
                s = self._live.get(stored) or self.open_table(stored)
            return s

    def rebuild_caches(self) -> None:
        """Drop and rewrite every table's snapshots and obligations from its events (the
        caches are never trusted by `verify`; this repairs one it found changed). A
        snapshot is written only where its row records the state's digest in the chain."""
        self._rooms.forget()
        with self._write():
            c = self._conn
            c.execute("DELETE FROM snapshots")
            c.execute("DELETE FROM obligations")
            for name, text in c.execute("SELECT name, toml FROM tables").fetchall():
                cfg, players = reading.parse_table_toml(name, text)
                voids = reading.void_rows(c, name)
                digests = dict(c.execute("SELECT seq, state_hash FROM events WHERE tbl = ? "
                                         "AND state_hash IS NOT NULL", (name,)))
                seq, state = 0, initial_state(cfg, players)
                snaps = []
                for seq, state in reading.replay_table(c, name, cfg, players, voids):
                    if seq in digests and reading.snapshot_is_valid(voids, seq):
                        text = canonical_json(state_to_dict(state))
                        if state_digest(text) == digests[seq]:   # only what the chain holds
                            snaps.append((name, seq, floorkill.RULES_VERSION, text))
                c.executemany("INSERT INTO snapshots(tbl, seq, rules, state) VALUES "
                              "(?, ?, ?, ?)", snaps)
                c.execute("INSERT INTO obligations(tbl, seq, barred) VALUES (?, ?, ?)",
                          (name, seq, canonical_json(reading.barred_of(state))))

    # -- internals used by sessions (call with the lock held) ----------------
    def _chain_head(self) -> tuple[int, str]:
        """(gseq, chain value) of the last row: its hash, or the seed right after the seed
        point (the meta mixed in)."""
        if self._seed is None:
            self._seed = reading.seed_of(self._conn, self.meta)
        row = self._conn.execute(
            "SELECT gseq, hash FROM events ORDER BY gseq DESC LIMIT 1").fetchone()
        gseq = 0 if row is None else row[0]
        if gseq == self._seed[0]:
            return self._seed
        return gseq, row[1]

    def _mac_args(self) -> dict[str, Any]:
        if self.mac_key is None:
            return {}
        return {"mac_key": self.mac_key, "journal_id": self.meta.get("id", "")}

    def _barred_elsewhere(self, exclude: str | None) -> dict[str, tuple[int, str]]:
        """{name key: (owed cents, table)} of players barred at tables other than
        ``exclude``, from the room cache (one query for the head when nobody else wrote)."""
        return self._rooms.room(self._conn).elsewhere(exclude)


class _Tx:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def executescript_in_tx(self, script: str) -> None:
        for stmt in _statements(script):
            self.conn.execute(stmt)


def _statements(script: str) -> list[str]:
    out, buf = [], ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            if buf.strip():
                out.append(buf.strip())
            buf = ""
    if buf.strip():
        out.append(buf.strip())
    return out


class JournalSession:
    """A table of a journal: the durable TableSession."""

    def __init__(self, journal: Journal, name: str, config: TableConfig,
                 players: tuple[PlayerSpec, ...], state: TableState, seq: int) -> None:
        self.journal = journal
        self.name = name
        self.config = config
        self.players = players
        self._state = state
        self._seq = seq
        self._view: tuple[TableState, Room, TableState] | None = None
        journal._live.setdefault(name, self)

    @property
    def who(self) -> str | None:
        return self.journal.floorperson

    @property
    def state(self) -> TableState:
        """The table as it stands in the room: its folded state with the bars of its seated
        players at other tables (rules/room.py ``view``)."""
        room = self.journal.room_cached
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
        return f"<JournalSession {self.name!r} seq={self._seq}>"

    def records(self, start: int = 0, stop: int | None = None) -> Sequence[Record]:
        with self.journal._lock:
            return reading.read_records(self.journal._conn, self.name, self._seq, start, stop)

    def last_undoable(self) -> Record | None:
        with self.journal._lock:
            return reading.last_undoable(self.journal._conn, self.name, self._seq)

    def refresh(self) -> bool:
        """Catch up with rows another process wrote to this table; True if any."""
        with self.journal._lock:
            last = reading.max_seq(self.journal._conn, self.name)
            if last == self._seq:
                return False
            self._state, self._seq = reading.load_state(self.journal._conn, self.name,
                                                        self.config, self.players, last,
                                                        report=self.journal._report)
            return True

    # -- writes ---------------------------------------------------------------
    def append(self, raw: Mapping[str, Any], expect_seq: int | None = None) -> Record:
        """Apply and store one event; returns after COMMIT. Raises Refusal (nothing written).
        ``expect_seq``: the table's last seq the caller saw; if another writer moved the table
        since, raises TableChanged (nothing written, the session caught up). A ``pay_kill``
        of a kill owed at another table is stored THERE (one event; the record returned is
        that table's)."""
        if isinstance(raw, Mapping) and raw.get("type") == "pay_kill":
            target = room_rules.route(self.name, raw, self.journal.room())
            if target != self.name:
                return self.journal.session(target).append(raw)
        return self.append_many([raw], expect_seq)[0]

    def append_many(self, raws: Sequence[Mapping[str, Any]],
                    expect_seq: int | None = None, *, checked: Sequence[Any] | None = None,
                    checked_elsewhere: Mapping[str, Any] | None = None) -> list[Record]:
        """Apply and store several events in ONE transaction: all or nothing (the first
        refusal raises and nothing is written). The rows are exactly those ``append`` would
        write one by one. ``expect_seq``: refuse (JournalError, nothing written) unless the
        table's last seq is still that one (an import checked against it). ``checked``: the
        ``apply`` results an import already folded from that very state with the bars
        ``checked_elsewhere``; used as they are when both still hold (not folded twice)."""
        j = self.journal
        every = j.snapshot_every
        with j._write():
            c = j._conn
            try:
                self._sync(expect_seq)
            except TableChanged as exc:
                if checked is None:
                    raise
                raise TableChanged(
                    f"table {self.name!r} changed while the file was imported (seq "
                    f"{exc.actual}, expected {exc.expected}); run the import again: what is "
                    "in the journal stays, the rest is appended",
                    self.name, exc.expected, exc.actual) from None
            gseq, prev = j._chain_head()
            start = gseq
            elsewhere = j._barred_elsewhere(self.name)
            state, seq = self._state, self._seq
            rows, snaps, records = [], [], []
            mac = j._mac_args()
            # An import's own fold is reused while the writer's room stamp adds nothing to
            # the event (rules/room.py); from the first stamped event on, fold here.
            reuse = (checked is not None and expect_seq is not None and len(checked) == len(raws)
                     and elsewhere == checked_elsewhere and not elsewhere
                     and not room_rules.mirrors(state))
            for i, raw in enumerate(raws):
                stamped = room_rules.stamp(state, raw, elsewhere)
                if reuse and stamped is raw:
                    applied = checked[i]  # type: ignore[index]
                else:
                    reuse = False
                    applied = apply(state, stamped, elsewhere)
                state = applied.state
                seq += 1
                gseq += 1
                at = utc_now()
                decisions = [decision_to_json(d) for d in applied.decisions]
                stored = room_rules.stored_event(applied)
                payload = canonical_json(stored)
                digest = None
                if seq % every == 0:
                    snap = canonical_json(state_to_dict(state))
                    digest = state_digest(snap)
                    snaps.append((self.name, seq, floorkill.RULES_VERSION, snap))
                row = make_row(prev, gseq, self.name, seq, applied.event.type, payload,
                               floorkill.RULES_VERSION, canonical_json(decisions),
                               _result_json(applied.result), state.hands, j.floorperson, at,
                               None, state_hash=digest, **mac)
                prev = row[14]
                rows.append(row)
                records.append(Record(seq=seq, type=applied.event.type,
                                      event=stored,
                                      decisions=tuple(applied.decisions), result=applied.result,
                                      hand=state.hands, who=j.floorperson, at=at, gseq=gseq))
            c.executemany(INSERT_EVENT, rows)
            if snaps:
                c.executemany("INSERT OR REPLACE INTO snapshots(tbl, seq, rules, state) "
                              "VALUES (?, ?, ?, ?)", snaps)
            self._write_obligations(state, seq)
        self._state, self._seq = state, seq           # only after COMMIT returned
        j._rooms.wrote(self.name, room_rules.own_bars(self.name, state), start, gseq)
        return records

    def void(self, seq: int, reason: str, expect_seq: int | None = None) -> Record:
        """Undo record ``seq``: append a void naming it and the reason. Refused (Refusal,
        nothing written) for a missing, void or already voided record, without a reason, or
        when a later live event would no longer apply without it. ``expect_seq`` as for
        ``append`` (the undo offered must be the one the floorperson saw)."""
        j = self.journal
        with j._write():
            c = j._conn
            self._sync(expect_seq, undo=True)
            target = None
            if 1 <= seq <= self._seq:
                found = reading.read_records(c, self.name, self._seq, seq - 1, seq)
                target = found[0] if found else None
            check_void(target, seq, reason)
            state, _ = reading.load_state(c, self.name, self.config, self.players, self._seq,
                                          exclude=(seq,), report=j._report)
            new_seq = self._seq + 1
            gseq, prev = j._chain_head()
            at = utc_now()
            event = {"type": VOID_TYPE, "target": seq, "reason": reason.strip()}
            snap = canonical_json(state_to_dict(state))
            c.execute(INSERT_EVENT, make_row(prev, gseq + 1, self.name, new_seq, VOID_TYPE,
                                             canonical_json(event), floorkill.RULES_VERSION,
                                             "[]", None, state.hands, j.floorperson, at, seq,
                                             state_hash=state_digest(snap), **j._mac_args()))
            c.execute("DELETE FROM snapshots WHERE tbl = ? AND seq >= ?", (self.name, seq))
            c.execute("INSERT OR REPLACE INTO snapshots(tbl, seq, rules, state) "
                      "VALUES (?, ?, ?, ?)", (self.name, new_seq, floorkill.RULES_VERSION, snap))
            self._write_obligations(state, new_seq)
        self._state, self._seq = state, new_seq
        j._rooms.wrote(self.name, room_rules.own_bars(self.name, state), gseq, gseq + 1)
        return Record(seq=new_seq, type=VOID_TYPE, event=event, hand=state.hands,
                      who=j.floorperson, at=at, gseq=gseq + 1)

    def _sync(self, expect_seq: int | None = None, undo: bool = False) -> None:
        """Inside a write: fold rows another connection added since we last looked; raise
        TableChanged when the table is not at ``expect_seq``."""
        c = self.journal._conn
        last = reading.max_seq(c, self.name)
        if last != self._seq:
            self._state, self._seq = reading.load_state(c, self.name, self.config,
                                                        self.players, last,
                                                        report=self.journal._report)
        if expect_seq is not None and last != expect_seq:
            latest = reading.read_records(c, self.name, last, last - 1, last)
            raise table_changed(self.name, expect_seq, last, latest[0] if latest else None,
                                undo=undo)

    def _write_obligations(self, state: TableState, seq: int) -> None:
        self.journal._conn.execute(
            "INSERT OR REPLACE INTO obligations(tbl, seq, barred) VALUES (?, ?, ?)",
            (self.name, seq, canonical_json(reading.barred_of(state))))

    def full_replay(self) -> TableState:
        """The state folded from the table's first row, ignoring every snapshot (for checks)."""
        with self.journal._lock:
            events = reading.live_events(self.journal._conn, self.name, 0, self._seq)
        return fold_records(self.config, self.players, events)

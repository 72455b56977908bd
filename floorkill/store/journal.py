"""The SQLite journal: every entered event durable, undoable, auditable, for many tables.

``Journal(path, floorperson)`` opens (or creates) one journal file in WAL mode with
``synchronous=FULL``; every write is one ``BEGIN IMMEDIATE … COMMIT`` and an event is
returned to the caller only after COMMIT returns. ``create_table`` / ``open_table`` give a
:class:`JournalSession`, the durable :class:`~floorkill.store.session.TableSession`.
What is written, and how (tables, append, void, snapshots, the room, the chain), is
:mod:`floorkill.store.journal_core`, shared with PostgreSQL; this module is how SQLite
opens, locks (``_write``: a ``_Tx`` whose chain head is the last row) and migrates.

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
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from floorkill.i18n import Phrase
from floorkill.log import log
from floorkill.store import keys, reading
from floorkill.store.errors import JournalBusy, JournalError
from floorkill.store.journal_core import (
    SNAPSHOT_EVERY,
    CoreJournal,
    CoreSession,
    HeadTx,
    config_differences,
    table_toml,
)
from floorkill.store.schema import DDL, META_TRIGGERS_DDL, MIGRATE_1_TO_2, SCHEMA_VERSION
from floorkill.store.session import utc_now
from floorkill.system_errors import os_cause, sqlite_cause

__all__ = ["Journal", "JournalSession", "SNAPSHOT_EVERY", "config_differences", "table_toml"]

_DEFAULT_KEY = object()
CHECKPOINT_WAIT = 0.5  # seconds a closing writer waits for readers to let it checkpoint


def _sqlite_error(path: Path, exc: sqlite3.Error) -> JournalError:
    msg, cause = str(exc), sqlite_cause(exc)
    if "locked" in msg or "busy" in msg:
        return JournalBusy(
            Phrase(
                "{path}: the journal is busy (another process holds it): {error}",
                path=str(path),
                error=cause,
            )
        )
    if isinstance(exc, sqlite3.DatabaseError) and "not a database" in msg:
        return JournalError(
            Phrase("{path}: not a floorkill journal ({error})", path=str(path), error=cause)
        )
    if "readonly" in msg or "read-only" in msg or "unable to open" in msg:
        return JournalError(
            Phrase(
                "{path}: the journal cannot be written here (read-only file, folder, mount or "
                "account): the podium and import need to write; verify, export and "
                "big-screen read it as it is",
                path=str(path),
            )
        )
    return JournalError(Phrase("{path}: {error}", path=str(path), error=cause))


class JournalSession(CoreSession):
    """A table of a journal file: the durable TableSession (journal_core.CoreSession)."""


class Journal(CoreJournal):
    """One journal file holding many tables (the shared write path: journal_core)."""

    _session_class = JournalSession

    def __init__(
        self,
        path: str | Path,
        floorperson: str | None = None,
        *,
        create: bool = True,
        snapshot_every: int = SNAPSHOT_EVERY,
        busy_timeout: float = 5.0,
        mac_key: bytes | None | object = _DEFAULT_KEY,
    ) -> None:
        """``mac_key``: the key that MACs every appended row; by default the user's key
        file (:func:`floorkill.store.keys.load_key`), none when there is no key file."""
        self.path = Path(path)
        self._init_core(floorperson, snapshot_every)
        self._lock = threading.RLock()
        self.mac_key: bytes | None = keys.load_key() if mac_key is _DEFAULT_KEY else mac_key  # type: ignore[assignment]
        self._seed: tuple[int, str] | None = None
        self._data_version: int | None = None
        self._conn: sqlite3.Connection = None  # type: ignore[assignment]  # None only once closed
        if self.path.is_dir():
            raise JournalError(
                Phrase("{path}: is a folder, not a journal file", path=str(self.path))
            )
        if not self.path.exists():
            if not create:
                raise JournalError(Phrase("{journal}: no journal there", journal=str(self.path)))
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise JournalError(
                    Phrase(
                        "{path}: cannot create folder: {error}",
                        path=str(self.path.parent),
                        error=os_cause(exc),
                    )
                ) from None
        try:
            self._conn = sqlite3.connect(
                str(self.path), isolation_level=None, timeout=busy_timeout, check_same_thread=False
            )
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
        conn = self._conn
        conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        mode = self._enter_wal(busy_timeout)
        if str(mode).lower() != "wal":
            raise JournalError(
                Phrase("{path}: cannot use WAL mode (got {mode})", path=str(self.path), mode=mode)
            )
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        # both counts in one statement: one snapshot (two reads could straddle another
        # podium's COMMIT creating the journal: no tables, then tables "not ours")
        have, others = conn.execute(
            "SELECT coalesce(sum(type = 'table' AND name IN ('meta', 'tables', 'events')), 0), "
            "coalesce(sum(name NOT LIKE 'sqlite_%'), 0) FROM sqlite_master"
        ).fetchone()
        if have == 3:
            if self._check_version() < SCHEMA_VERSION:
                self._migrate()
            self._load_meta()
            return
        if others and have == 0:
            raise JournalError(
                Phrase(
                    "{path}: an SQLite file that is not a floorkill journal", path=str(self.path)
                )
            )
        with self._write() as tx:
            tx.executescript_in_tx(DDL)
            if conn.execute("SELECT count(*) FROM meta").fetchone()[0] == 0:
                conn.executemany(
                    "INSERT INTO meta(key, value) VALUES (?, ?)",
                    [
                        ("schema", str(SCHEMA_VERSION)),
                        ("created", utc_now()),
                        ("id", uuid.uuid4().hex),
                    ],
                )
            tx.executescript_in_tx(META_TRIGGERS_DDL)
        self._check_version()
        self._load_meta()

    def _enter_wal(self, busy_timeout: float) -> str:
        """Switch the file to WAL (a no-op once it is WAL, which persists in the file).

        SQLite answers a journal-mode change that races another connection with
        SQLITE_BUSY at once, without calling the busy handler; podiums starting
        together on a new journal hit that, so the change is retried (with a short,
        growing pause) until ``busy_timeout`` runs out."""
        conn = self._conn
        mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
        if str(mode).lower() == "wal":
            return mode
        deadline = time.monotonic() + busy_timeout
        pause = 0.001
        while True:
            try:
                return conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            except sqlite3.OperationalError as exc:
                msg = str(exc)
                if ("locked" not in msg and "busy" not in msg) or time.monotonic() > deadline:
                    raise
            time.sleep(pause)
            pause = min(pause * 2, 0.05)

    def _check_version(self) -> int:
        return reading.check_schema(self.path, reading.schema_version(self._conn))

    def _migrate(self) -> None:
        """Schema 1 -> 2 in one transaction (every row kept; see the module doc)."""
        with self._write() as tx:
            conn = self._conn
            if reading.schema_version(conn) != 1:
                return  # another process did it just now
            tx.executescript_in_tx(MIGRATE_1_TO_2)
            last = conn.execute("SELECT coalesce(max(gseq), 0) FROM events").fetchone()[0]
            conn.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION),))
            conn.executemany(
                "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
                [
                    ("id", uuid.uuid4().hex),
                    ("migrated_from", "1"),
                    ("migrated_at", str(last)),
                    ("migrated", utc_now()),
                ],
            )
            tx.executescript_in_tx(META_TRIGGERS_DDL)

    def _load_meta(self) -> None:
        self.meta = reading.read_meta(self._conn)

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                yield self._conn
            except sqlite3.Error as exc:
                raise _sqlite_error(self.path, exc) from None

    @contextmanager
    def _write(self) -> Iterator[_Tx]:
        """One write transaction: BEGIN IMMEDIATE … COMMIT (ROLLBACK on any error)."""
        with self._lock:
            conn = self._conn
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise _sqlite_error(self.path, exc) from None
            try:
                yield _Tx(self, conn)
                conn.execute("COMMIT")
            except BaseException as exc:
                try:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                if isinstance(exc, sqlite3.Error):
                    raise _sqlite_error(self.path, exc) from exc
                raise

    def close(self) -> None:
        """Checkpoint, then close: every commit moved from the ``-wal`` into the file, so a
        plain copy of a closed journal is whole even when a read-only connection (a TV,
        which cannot checkpoint) is the last one to close it."""
        with self._lock:
            if self._conn is not None:
                try:
                    self._checkpoint()
                finally:
                    self._conn.close()
                    self._conn = None  # type: ignore[assignment]

    def _checkpoint(self) -> None:
        """``wal_checkpoint(TRUNCATE)``, waiting at most CHECKPOINT_WAIT for a reader in
        the middle of a read; a checkpoint that cannot finish is logged, never raised (the
        commits are durable in the ``-wal``; the next writer's close moves them)."""
        conn = self._conn
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(CHECKPOINT_WAIT * 1000)}")
            busy, _frames, _moved = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            if busy:
                conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
                log.info("%s: checkpoint on close not finished (a reader held it)", self.path)
        except sqlite3.Error:
            log.exception("%s: checkpoint on close", self.path)

    def _closed(self) -> bool:
        return self._conn is None

    @property
    def connection(self) -> sqlite3.Connection:
        return self._conn

    @property
    def location(self) -> str:
        return str(self.path)

    # -- tables -------------------------------------------------------------
    def head(self) -> tuple[int, str]:
        """``(gseq, hash)`` of the chain's head: keep ``hash@gseq`` (`floorkill head`)
        elsewhere, and `floorkill verify --head` proves nothing up to it changed."""
        with self._lock:
            try:
                return self._chain_head()
            except sqlite3.Error as exc:
                raise _sqlite_error(self.path, exc) from None

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

    # -- internals used by sessions (call with the lock held) ----------------
    def _chain_head(self) -> tuple[int, str]:
        """(gseq, chain value) of the last row: its hash, or the seed right after the seed
        point (the meta mixed in)."""
        if self._seed is None:
            self._seed = reading.seed_of(self._conn, self.meta)
        row = self._conn.execute(
            "SELECT gseq, hash FROM events ORDER BY gseq DESC LIMIT 1"
        ).fetchone()
        gseq = 0 if row is None else row[0]
        if gseq == self._seed[0]:
            return self._seed
        return gseq, row[1]


class _Tx(HeadTx):
    """A write transaction of the SQLite journal (journal_core.WriteTx): the head is the
    last row, read when first asked; the queries run one after another (no round trips)."""

    def __init__(self, journal: Journal, conn: sqlite3.Connection) -> None:
        self.journal = journal
        self.conn = conn

    def _read_head(self) -> tuple[int, str]:
        return self.journal._chain_head()

    def advance(self, gseq: int, head: str, tbl: str, seq: int) -> None:
        """The head of a file's chain is its last row: nothing to move."""

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

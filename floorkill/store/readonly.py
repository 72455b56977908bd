"""A read-only way into the journal, for viewers (the big screen, exports).

Three locks on the door, each enough on its own to stop a write:

* the connection is opened as ``file:…?mode=ro`` (the URI form, path quoted);
* ``SQLITE_LIMIT_ATTACHED`` is 0, so not even the same file can be ATTACHed read-write;
* a deny-by-default authorizer allows SELECT, column reads and functions (but
  ``load_extension``) and one PRAGMA: reading ``data_version``. Everything else —
  INSERT, UPDATE, DELETE, CREATE, DROP, ATTACH, transactions, every other PRAGMA — is
  refused before it runs. ``PRAGMA query_only`` is set as well.

Reads need no transaction: rows are append-only, so the state is computed at a fixed
``upto`` seq. Change detection is ``PRAGMA data_version``. A busy or locked database is
retried quietly (``on_retry`` is called between attempts); a missing file, a file that
is not a journal or a lock that outlasts ``retry_for`` raise :class:`JournalUnavailable`,
which a UI shows and retries later. If the file is replaced (another inode), the next
:meth:`ReadOnlyJournal.changed` reconnects.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
import urllib.parse
from pathlib import Path
from typing import Callable, Sequence, TypeVar

from floorkill.rules import TableState
from floorkill.rules.decisions import Refusal
from floorkill.store import reading
from floorkill.store.errors import JournalUnavailable, UnknownTable
from floorkill.store.session import Record, fold_records

T = TypeVar("T")

_ALLOWED = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ}


def _authorizer(action: int, arg1, arg2, _db, _source) -> int:
    if action in _ALLOWED:
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_FUNCTION and (arg2 or "").lower() != "load_extension":
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_PRAGMA and (arg1 or "").lower() == "data_version" and arg2 is None:
        return sqlite3.SQLITE_OK
    return sqlite3.SQLITE_DENY


def _default_wait(attempt: int) -> None:
    time.sleep(min(0.005 * attempt, 0.05))


def readonly_connect(path: Path, busy_timeout: float = 1.0) -> sqlite3.Connection:
    """A guarded read-only connection (mode=ro, no ATTACH, deny-by-default authorizer)."""
    uri = "file:" + urllib.parse.quote(str(path.absolute())) + "?mode=ro"
    conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=busy_timeout,
                           check_same_thread=False)
    try:
        conn.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
        conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        conn.execute("PRAGMA query_only = ON")
        conn.set_authorizer(_authorizer)
    except BaseException:
        conn.close()
        raise
    return conn


class ReadOnlySession:
    """A table seen through the read-only journal: no append, no void."""

    def __init__(self, journal: "ReadOnlyJournal", name: str, config, players,
                 state: TableState, seq: int) -> None:
        self._journal = journal
        self.name = name
        self.config = config
        self.players = players
        self._state = state
        self._seq = seq

    @property
    def state(self) -> TableState:
        return self._state

    @property
    def seq(self) -> int:
        return self._seq

    def __len__(self) -> int:
        return self._seq

    def records(self, start: int = 0, stop: int | None = None) -> Sequence[Record]:
        return self._journal._run(
            lambda c: reading.read_records(c, self.name, self._seq, start, stop))

    def last_undoable(self) -> Record | None:
        return self._journal._run(lambda c: reading.last_undoable(c, self.name, self._seq))

    def refresh(self) -> bool:
        return self._journal.refresh(self)

    def __repr__(self) -> str:
        return f"<ReadOnlySession {self.name!r} seq={self._seq}>"


class ReadOnlyJournal:
    def __init__(self, path: str | Path, *, busy_timeout: float = 0.2, retry_for: float = 5.0,
                 on_retry: Callable[[int], None] | None = None) -> None:
        self.path = Path(path)
        self.busy_timeout = busy_timeout
        self.retry_for = retry_for
        self._on_retry = on_retry or _default_wait
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        self._ident: tuple[int, int] | None = None
        self._data_version: int | None = None
        self._connect()

    # -- connection ---------------------------------------------------------
    def _stat(self) -> tuple[int, int]:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            raise JournalUnavailable(f"{self.path}: no journal there") from None
        except OSError as exc:
            raise JournalUnavailable(f"{self.path}: {exc.strerror or exc}") from None
        if not os.path.isfile(self.path):
            raise JournalUnavailable(f"{self.path}: not a file")
        return st.st_dev, st.st_ino

    def _connect(self) -> None:
        with self._lock:
            ident = self._stat()
            self._close_conn()
            try:
                self._conn = readonly_connect(self.path, self.busy_timeout)
            except sqlite3.Error as exc:
                raise JournalUnavailable(f"{self.path}: cannot open the journal: {exc}") from None
            self._ident = ident
            try:
                self._run(self._check_journal)
                self._data_version = self._run(_data_version)
            except JournalUnavailable:
                self._close_conn()
                raise

    @staticmethod
    def _check_journal(c: sqlite3.Connection) -> None:
        try:
            c.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            c.execute("SELECT 1 FROM events LIMIT 1").fetchone()
        except sqlite3.OperationalError as exc:
            if "no such table" in str(exc):
                raise JournalUnavailable("not a floorkill journal (yet)") from None
            raise

    def _close_conn(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            finally:
                self._conn = None

    def close(self) -> None:
        with self._lock:
            self._close_conn()

    def __enter__(self) -> "ReadOnlyJournal":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run reads, retrying quietly while the database is busy or locked."""
        with self._lock:
            if self._conn is None:
                self._connect()
            deadline = time.monotonic() + self.retry_for
            attempt = 0
            while True:
                try:
                    return fn(self._conn)  # type: ignore[arg-type]
                except JournalUnavailable as exc:
                    raise JournalUnavailable(f"{self.path}: {exc}") from None
                except sqlite3.OperationalError as exc:
                    msg = str(exc)
                    transient = "locked" in msg or "busy" in msg
                    if transient and time.monotonic() < deadline:
                        attempt += 1
                        self._on_retry(attempt)
                        continue
                    why = "busy for too long" if transient else msg
                    raise JournalUnavailable(f"{self.path}: journal unavailable: {why}") from None
                except sqlite3.DatabaseError as exc:
                    raise JournalUnavailable(f"{self.path}: not a readable journal: {exc}") from None

    # -- API ------------------------------------------------------------------
    def table_names(self) -> list[str]:
        return self._run(reading.table_names)

    def open_table(self, name: str) -> ReadOnlySession:
        def load(c):
            stored, text = reading.find_table(c, name)
            cfg, players = reading.parse_table_toml(stored, text)
            state, seq = reading.load_state(c, stored, cfg, players)
            return ReadOnlySession(self, stored, cfg, players, state, seq)
        try:
            return self._run(load)
        except UnknownTable:
            raise
        except Refusal as exc:
            raise JournalUnavailable(f"{self.path}: table {name!r} does not fold: {exc}") from None

    def changed(self) -> bool:
        """True when another connection committed since the last call (or the file was
        replaced). Raises JournalUnavailable when the file is gone."""
        with self._lock:
            ident = self._stat()
            if ident != self._ident or self._conn is None:
                self._connect()
                return True
            version = self._run(_data_version)
            if version != self._data_version:
                self._data_version = version
                return True
            return False

    def refresh(self, session: ReadOnlySession) -> bool:
        """Bring ``session`` up to the journal's last row; True if anything changed."""
        def catch_up(c):
            last = reading.max_seq(c, session.name)
            if last == session._seq:
                return False
            before = session._seq
            stale = c.execute(
                "SELECT 1 FROM events WHERE tbl = ? AND target IS NOT NULL AND target <= ? "
                "AND seq > ? AND seq <= ? LIMIT 1", (session.name, before, before, last)
            ).fetchone()
            if stale is not None or last < before:
                state, seq = reading.load_state(c, session.name, session.config,
                                                session.players, last)
            else:
                tail = reading.live_events(c, session.name, before, last)
                state, seq = fold_records(session.config, session.players, tail,
                                          session._state), last
            session._state, session._seq = state, seq
            return True
        try:
            return self._run(catch_up)
        except Refusal as exc:
            raise JournalUnavailable(f"{self.path}: table {session.name!r} does not fold: "
                                     f"{exc}") from None


def _data_version(c: sqlite3.Connection) -> int:
    return c.execute("PRAGMA data_version").fetchone()[0]

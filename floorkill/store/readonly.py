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

Read-only media: a WAL journal needs its ``-shm`` index, which SQLite creates beside the
file. On a read-only mount, in a folder the account cannot write, or for a copy without
its ``-shm``, ``mode=ro`` cannot open it; the connection is then reopened with
``immutable=1`` (nothing can change it there) and :attr:`ReadOnlyJournal.notice` says so,
naming a ``-wal`` file whose newest commits cannot be read that way.

Every open checks the schema version first (a newer journal is refused in words), and a
snapshot is used only when it matches the digest its row keeps in the hash chain
(:func:`floorkill.store.reading.best_snapshot`); a bad one is skipped and listed in
:attr:`ReadOnlyJournal.problems`.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
import urllib.parse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from floorkill.i18n import N_, Phrase, Spoken, tr
from floorkill.rules import TableState
from floorkill.rules.decisions import Refusal
from floorkill.store import reading
from floorkill.store.errors import JournalUnavailable, UnknownTable
from floorkill.store.journal_core import RoomView
from floorkill.store.room_cache import RoomCache
from floorkill.store.session import Record, fold_records
from floorkill.system_errors import os_cause, sqlite_cause

T = TypeVar("T")

_ALLOWED = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ}
REOPEN_EVERY = 5.0  # seconds between tries to leave an immutable opening


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


# Errors of `mode=ro` that mean "no -shm can be made here" (not "locked", not "corrupt").
_NO_SHM = {
    "SQLITE_CANTOPEN",
    "SQLITE_READONLY_DIRECTORY",
    "SQLITE_READONLY_CANTINIT",
    "SQLITE_READONLY_CANTLOCK",
    "SQLITE_READONLY_RECOVERY",
    "SQLITE_READONLY",
}


def _no_shm(exc: sqlite3.Error) -> bool:
    name = getattr(exc, "sqlite_errorname", "") or ""
    msg = str(exc)
    return name in _NO_SHM or "unable to open" in msg or "readonly" in msg


IMMUTABLE = N_(
    "{path}: opened read-only as immutable (read-only media, or a copy without its -shm file)"
)
UNREAD_WAL = N_(
    "; its -wal file ({size} bytes) cannot be read this way: the newest commits in "
    "it are not seen (copy the journal after the podium has closed it)"
)


HEAD_SEEN = N_("; shown as it stood at row @{gseq}, the newest this reader can see")


class Notice(str):
    """How a journal was opened, as catalogue parts: a ``str`` in the language in use when
    made, ``text(lang)`` in another (a screen's own language)."""

    parts: tuple[tuple[str, dict], ...]

    def __new__(cls, *parts: tuple[str, dict]) -> Notice:
        self = super().__new__(
            cls, "".join(tr(message, None, **params) for message, params in parts)
        )
        self.parts = parts
        return self

    def text(self, lang: str | None = None) -> str:
        return "".join(tr(message, lang, **params) for message, params in self.parts)


def partial_view(notice: str, gseq: int) -> Notice:
    """``notice`` (how a reader that cannot see the whole journal opened it) with the head
    it saw: what every screen and report it makes says."""
    parts: tuple[tuple[str, dict[str, Any]], ...] = getattr(notice, "parts", None) or (
        (str(notice), {}),
    )
    return Notice(*parts, (HEAD_SEEN, {"gseq": gseq}))


NOT_FOLLOWED = N_("; what is written to it from now on is not seen")


def _uri(path: Path, immutable: bool) -> str:
    uri = "file:" + urllib.parse.quote(str(Path(path).absolute())) + "?mode=ro"
    return uri + "&immutable=1" if immutable else uri


def open_readonly(
    path: Path, busy_timeout: float = 1.0, *, guarded: bool = True
) -> tuple[sqlite3.Connection, str | None]:
    """(connection, notice): read-only (mode=ro, no ATTACH, query_only; with ``guarded``
    the deny-by-default authorizer too). Where ``mode=ro`` cannot open a WAL journal
    (read-only media, no ``-shm``), it opens with ``immutable=1`` and ``notice`` says so."""
    path = Path(path)
    notice = None
    for immutable in (False, True):
        conn = sqlite3.connect(
            _uri(path, immutable),
            uri=True,
            isolation_level=None,
            timeout=busy_timeout,
            check_same_thread=False,
        )
        try:
            conn.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
            conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            conn.execute("PRAGMA query_only = ON")
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.OperationalError as exc:
            msg = str(exc)
            if "locked" in msg or "busy" in msg:
                pass  # opened; the reads retry while a writer holds it
            elif immutable or not _no_shm(exc):
                conn.close()
                raise
            else:
                conn.close()
                continue
        except BaseException:
            conn.close()
            raise
        if immutable:
            parts: list[tuple[str, dict]] = [(IMMUTABLE, {"path": path})]
            wal = Path(f"{path}-wal")
            try:
                size = wal.stat().st_size
            except OSError:
                size = 0
            parts.append((UNREAD_WAL, {"size": size}) if size else (NOT_FOLLOWED, {}))
            notice = Notice(*parts)
        if guarded:
            conn.set_authorizer(_authorizer)
        return conn, notice
    raise AssertionError("unreachable")


def readonly_connect(path: Path, busy_timeout: float = 1.0) -> sqlite3.Connection:
    """A guarded read-only connection (mode=ro, no ATTACH, deny-by-default authorizer)."""
    return open_readonly(path, busy_timeout)[0]


class ReadOnlySession(RoomView):
    """A table seen through the read-only journal: no append, no void. Its ``state`` is the
    table as it stands in the room (journal_core.RoomView), the same object while nothing
    changed; ``folded`` is what `export` must reproduce."""

    def __init__(
        self, journal: ReadOnlyJournal, name: str, config, players, state: TableState, seq: int
    ) -> None:
        self._journal = journal
        self._hold(name, config, players, state, seq)

    def _room(self):
        return self._journal.room_cached

    @property
    def seq(self) -> int:
        return self._seq

    def records(self, start: int = 0, stop: int | None = None) -> Sequence[Record]:
        return self._journal._run(
            lambda c: reading.read_records(c, self.name, self._seq, start, stop)
        )

    def last_undoable(self) -> Record | None:
        return self._journal._run(lambda c: reading.last_undoable(c, self.name, self._seq))

    def refresh(self) -> bool:
        return self._journal.refresh(self)


class ReadOnlyJournal:
    def __init__(
        self,
        path: str | Path,
        *,
        busy_timeout: float = 0.2,
        retry_for: float = 5.0,
        on_retry: Callable[[int], None] | None = None,
    ) -> None:
        self.path = Path(path)
        self.busy_timeout = busy_timeout
        self.retry_for = retry_for
        self._on_retry = on_retry or _default_wait
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        self._ident: tuple[int, int] | None = None
        self._data_version: int | None = None
        self.notice: str | None = None  # how it was opened, when that matters
        self.problems: list[str] = []  # bad snapshots skipped (each said once)
        self.meta: dict[str, str] = {}
        self._rooms = RoomCache(self._report)
        self._retry_at = 0.0
        self._connect()

    # -- connection ---------------------------------------------------------
    def _stat(self) -> tuple[int, int]:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            raise JournalUnavailable(
                Phrase("{journal}: no journal there", journal=str(self.path))
            ) from None
        except OSError as exc:
            raise JournalUnavailable.at(self.path, os_cause(exc)) from None
        if not os.path.isfile(self.path):
            raise JournalUnavailable.at(self.path, Phrase("not a file"))
        return st.st_dev, st.st_ino

    def _connect(self) -> None:
        with self._lock:
            ident = self._stat()
            self._close_conn()
            self._rooms.forget()
            try:
                self._conn, self.notice = open_readonly(self.path, self.busy_timeout)
            except sqlite3.Error as exc:
                raise JournalUnavailable.at(
                    self.path, Phrase("cannot open the journal: {error}", error=sqlite_cause(exc))
                ) from None
            self._ident = ident
            try:
                self.meta = self._run(self._check_journal)
                self._data_version = self._run(_data_version)
                if self.notice:  # frozen where it was opened: say where
                    self.notice = partial_view(self.notice, self.head()[0])
                    self._retry_at = time.monotonic() + REOPEN_EVERY
            except JournalUnavailable:
                self._close_conn()
                raise

    @staticmethod
    def _check_journal(c: sqlite3.Connection) -> dict[str, str]:
        try:
            version = reading.schema_version(c)
            c.execute("SELECT 1 FROM events LIMIT 1").fetchone()
        except sqlite3.OperationalError as exc:
            if "no such table" in str(exc):
                raise JournalUnavailable(Phrase("not a floorkill journal (yet)")) from None
            raise
        problem = reading.schema_problem(version)
        if problem is not None:
            raise JournalUnavailable(problem)
        return reading.read_meta(c)

    def _report(self, message: str) -> None:
        if message not in self.problems:
            self.problems.append(message)

    def _close_conn(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            finally:
                self._conn = None

    def close(self) -> None:
        with self._lock:
            self._close_conn()

    def __enter__(self) -> ReadOnlyJournal:
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
                    raise JournalUnavailable.at(self.path, exc.said()) from None
                except sqlite3.OperationalError as exc:
                    msg = str(exc)
                    transient = "locked" in msg or "busy" in msg
                    if transient and time.monotonic() < deadline:
                        attempt += 1
                        self._on_retry(attempt)
                        continue
                    why = Phrase("busy for too long") if transient else sqlite_cause(exc)
                    raise JournalUnavailable.at(
                        self.path, Phrase("journal unavailable: {error}", error=why)
                    ) from None
                except sqlite3.DatabaseError as exc:
                    raise JournalUnavailable.at(
                        self.path,
                        Phrase("not a readable journal: {error}", error=sqlite_cause(exc)),
                    ) from None

    # -- API ------------------------------------------------------------------
    def table_names(self) -> list[str]:
        return self._run(reading.table_names)

    def open_table_names(self) -> list[str]:
        """The tables not closed, as :meth:`Journal.open_table_names`."""
        return self._run(reading.open_table_names)

    def head(self) -> tuple[int, str]:
        """``(gseq, hash)`` of the chain's head, as :meth:`Journal.head` gives it."""
        return self._run(lambda c: reading.chain_head(c, self.meta))

    @property
    def room_cached(self):
        if self._rooms.head is None:
            return self.room()
        return self._rooms.room_cached

    def room(self):
        """The room (every table's own owed kills) as the journal stands now."""
        return self._run(self._rooms.room)

    def open_table(self, name: str) -> ReadOnlySession:
        def load(c):
            self._rooms.room(c)
            stored, text = reading.find_table(c, name, self._report)
            cfg, players = reading.parse_table_toml(stored, text)
            state, seq = reading.load_state(c, stored, cfg, players, report=self._report)
            return ReadOnlySession(self, stored, cfg, players, state, seq)

        try:
            return self._run(load)
        except UnknownTable:
            raise
        except Refusal as exc:
            raise JournalUnavailable.at(
                self.path,
                Phrase(
                    "table {name} does not fold: {reason}", name=repr(name), reason=Spoken(exc.text)
                ),
            ) from None

    def changed(self) -> bool:
        """True when another connection committed since the last call (or the file was
        replaced). Raises JournalUnavailable when the file is gone."""
        with self._lock:
            ident = self._stat()
            if ident != self._ident or self._conn is None:
                self._connect()
                return True
            if self.notice and time.monotonic() >= self._retry_at:
                before = self.head()
                self._connect()  # opened as immutable: try the live way again
                if self.notice is None or self.head() != before:
                    return True
            version = self._run(_data_version)
            if version != self._data_version:
                self._data_version = version
                self._run(self._rooms.room)
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
                "AND seq > ? AND seq <= ? LIMIT 1",
                (session.name, before, before, last),
            ).fetchone()
            if stale is not None or last < before:
                state, seq = reading.load_state(
                    c, session.name, session.config, session.players, last, report=self._report
                )
            else:
                tail = reading.live_events(c, session.name, before, last)
                state, seq = (
                    fold_records(session.config, session.players, tail, session._state),
                    last,
                )
            session._state, session._seq = state, seq
            return True

        try:
            return self._run(catch_up)
        except Refusal as exc:
            raise JournalUnavailable.at(
                self.path,
                Phrase(
                    "table {name} does not fold: {reason}",
                    name=repr(session.name),
                    reason=Spoken(exc.text),
                ),
            ) from None


def _data_version(c: sqlite3.Connection) -> int:
    return c.execute("PRAGMA data_version").fetchone()[0]

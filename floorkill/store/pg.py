"""The journal on a PostgreSQL server (psycopg 3), for a room past one machine.

The same records as the SQLite journal (:mod:`floorkill.store.journal`): the same
``tables`` / ``events`` rows, byte for byte the same hash chain (``schema.draft_row``, ``finish_row``),
void undo, snapshots, the ``obligations`` cache behind room-wide bars. What differs is how
the database keeps it whole:

* every write is ONE transaction (:mod:`floorkill.store.journal_core`'s ``_write``); its
  first statement locks the single row of ``chain_head`` (``SELECT … FOR UPDATE``), so
  writers queue on the chain head in the server — no lock of our own — and
  ``UNIQUE (tbl, seq)`` / ``gseq PRIMARY KEY`` refuse a second row for one place even if
  that were bypassed; one COMMIT makes the rows and the new head durable together;
* triggers refuse UPDATE, DELETE and TRUNCATE of ``events`` and ``tables``;
* the commit NOTIFYs the journal's channel (``floorkill.<schema>``), once per COMMIT
  whatever the rows it made durable (the payload: the new head's gseq), and followers
  LISTEN (a podium's :meth:`PgJournal.changed`, on its writer's connection; the big
  screen's :class:`PgReadOnlyJournal`);
* viewers connect with a role that can only SELECT, and set their session read-only too;
  on a hot standby (a streaming replica) they poll the replayed head instead of LISTEN,
  and a podium pointed at one is refused in one line.

The reading code is shared with SQLite (:mod:`floorkill.store.reading`, ``verify``): an
adapter gives psycopg the ``conn.execute(sql, params)`` shape with ``?`` placeholders, and
``tables`` has a ``rowid`` column so "in creation order" reads the same on both.

A server that goes away mid-shift: the write raises :class:`JournalUnavailable` with one
line (nothing acknowledged is lost: a row is acknowledged only after COMMIT returned), the
next call reconnects. A commit whose answer was lost may have landed: the podium's retry
carries the seq it saw, so it is refused as "Table … changed" rather than entered twice.
"""

from __future__ import annotations

import threading
import time
import urllib.parse
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from floorkill.i18n import N_, Phrase
from floorkill.log import log
from floorkill.store import keys, reading
from floorkill.store.errors import JournalBusy, JournalError, JournalUnavailable, UnknownTable
from floorkill.store.journal_core import SNAPSHOT_EVERY, CoreJournal, CoreSession, HeadTx
from floorkill.store.readonly import ReadOnlyJournal, ReadOnlySession
from floorkill.store.room_cache import RoomCache
from floorkill.store.schema import CHAIN_COLUMNS, SCHEMA_VERSION
from floorkill.store.session import utc_now

try:
    import psycopg
    from psycopg import sql as _sql_mod
except ImportError:  # the optional extra is not installed
    psycopg = None  # type: ignore[assignment]

# How long PostgreSQL lets a session sit idle inside its transaction before ending it.
IDLE_IN_TRANSACTION_MS = 15_000

T = TypeVar("T")
_DEFAULT_KEY = object()

PG_TRIGGERS = (
    "events_append_only",
    "events_no_truncate",
    "tables_append_only",
    "tables_no_truncate",
    "meta_fixed",
    "meta_no_truncate",
)

DDL = """
CREATE TABLE IF NOT EXISTS meta(
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tables(
    rowid    BIGSERIAL NOT NULL UNIQUE,
    name     TEXT PRIMARY KEY,
    name_key TEXT NOT NULL UNIQUE,
    toml     TEXT NOT NULL,
    created  TEXT NOT NULL,
    who      TEXT
);
CREATE TABLE IF NOT EXISTS events(
    gseq      BIGINT PRIMARY KEY,
    tbl       TEXT NOT NULL REFERENCES tables(name),
    seq       BIGINT NOT NULL CHECK (seq >= 0),
    type      TEXT NOT NULL,
    schema    INTEGER NOT NULL,
    payload   TEXT NOT NULL,
    rules     TEXT NOT NULL,
    decisions TEXT NOT NULL,
    result    TEXT,
    hand      INTEGER NOT NULL,
    who       TEXT,
    at        TEXT NOT NULL,
    target    BIGINT,
    prev_hash TEXT NOT NULL,
    hash      TEXT NOT NULL,
    state_hash TEXT,
    mac       TEXT,
    UNIQUE (tbl, seq)
);
CREATE INDEX IF NOT EXISTS events_void ON events(tbl, target) WHERE target IS NOT NULL;
CREATE TABLE IF NOT EXISTS chain_head(
    one  BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one),
    gseq BIGINT NOT NULL,
    hash TEXT NOT NULL
);
CREATE OR REPLACE FUNCTION floorkill_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'journal % are append-only', TG_TABLE_NAME; END $$;
DROP TRIGGER IF EXISTS events_append_only ON events;
CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION floorkill_append_only();
DROP TRIGGER IF EXISTS events_no_truncate ON events;
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION floorkill_append_only();
DROP TRIGGER IF EXISTS tables_append_only ON tables;
CREATE TRIGGER tables_append_only BEFORE UPDATE OR DELETE ON tables
    FOR EACH ROW EXECUTE FUNCTION floorkill_append_only();
DROP TRIGGER IF EXISTS tables_no_truncate ON tables;
CREATE TRIGGER tables_no_truncate BEFORE TRUNCATE ON tables
    FOR EACH STATEMENT EXECUTE FUNCTION floorkill_append_only();
CREATE OR REPLACE FUNCTION floorkill_meta_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'journal meta is fixed at creation'; END $$;
DROP TRIGGER IF EXISTS meta_fixed ON meta;
CREATE TRIGGER meta_fixed BEFORE UPDATE OR DELETE ON meta
    FOR EACH ROW EXECUTE FUNCTION floorkill_meta_fixed();
DROP TRIGGER IF EXISTS meta_no_truncate ON meta;
CREATE TRIGGER meta_no_truncate BEFORE TRUNCATE ON meta
    FOR EACH STATEMENT EXECUTE FUNCTION floorkill_meta_fixed();
CREATE TABLE IF NOT EXISTS snapshots(
    tbl   TEXT NOT NULL,
    seq   BIGINT NOT NULL,
    rules TEXT NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (tbl, seq)
);
CREATE TABLE IF NOT EXISTS obligations(
    tbl    TEXT PRIMARY KEY,
    seq    BIGINT NOT NULL,
    barred TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS obligations_barring ON obligations(tbl) WHERE barred <> '[]';
"""

LOCK_HEAD = "SELECT gseq, hash FROM chain_head WHERE one FOR UPDATE"

# ---------------------------------------------------------------------------
# connecting


def redact_url(url: str) -> str:
    """The URL without its password (for messages)."""
    try:
        parts = urllib.parse.urlsplit(url)
    except ValueError:
        return "postgresql://…"
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(":" + parts.password + "@", ":***@", 1)
    return urllib.parse.urlunsplit(parts._replace(netloc=netloc))


def _need_psycopg() -> None:
    if psycopg is None:
        raise JournalError(
            Phrase("a PostgreSQL journal needs psycopg 3: pip install 'floorkill[pg]'")
        )


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0].strip() if text else type(exc).__name__


UNREACHABLE = N_("the journal server is unreachable ({error})")
UNAVAILABLE = N_("journal unavailable: {error}")


def _reason(exc: JournalError) -> Phrase | str:
    """What ``exc`` says without its location (the text whole if it has none apart)."""
    return exc.reason if exc.reason is not None else exc.said()


def pg_error(where: str, exc: BaseException, *, writing: bool = False) -> JournalError:
    """A psycopg error as one line a podium or a command can show."""
    msg = _first_line(exc)
    if psycopg is not None:
        if isinstance(exc, psycopg.errors.InsufficientPrivilege) or isinstance(
            exc, psycopg.errors.ReadOnlySqlTransaction
        ):
            return JournalError.at(
                where, Phrase("this role may only read the journal ({error})", error=msg)
            )
        if isinstance(exc, (psycopg.errors.LockNotAvailable, psycopg.errors.QueryCanceled)):
            return JournalBusy.at(
                where,
                Phrase(
                    "the journal is busy (another podium's entry is taking too long; {error}) "
                    "— the entry was not recorded; try again",
                    error=msg,
                ),
            )
        if isinstance(exc, psycopg.OperationalError):
            if writing:
                return JournalUnavailable.at(
                    where,
                    Phrase(
                        "the journal server is unreachable ({error}) — the entry was not "
                        "recorded; try again",
                        error=msg,
                    ),
                )
            return JournalUnavailable.at(where, Phrase(UNREACHABLE, error=msg))
    return JournalError.at(where, msg)


def pg_sql(query: str) -> str:
    """SQLite's ``?`` placeholders as psycopg's ``%s`` (a literal ``%`` doubled)."""
    return query.replace("%", "%%").replace("?", "%s")


def _one(cursor: psycopg.Cursor[Any]) -> tuple[Any, ...]:
    """The row of a query that always gives one (a ``SELECT`` of a value, the locked head)."""
    row = cursor.fetchone()
    if row is None:
        raise JournalError(Phrase("the journal server answered no row where it always gives one"))
    return row


class PgConn:
    """The ``conn.execute(sql, params)`` shape the shared reading code expects."""

    def __init__(self, conn: psycopg.Connection) -> None:
        self.raw = conn

    def execute(self, query: str, params: Sequence[Any] = ()) -> Any:  # a psycopg cursor
        return self.raw.execute(pg_sql(query), tuple(params) if params else None)

    def executemany(self, query: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            with self.raw.cursor() as cur:
                cur.executemany(pg_sql(query), rows)


def connect(
    url: str,
    *,
    connect_timeout: float = 5.0,
    readonly: bool = False,
    lock_timeout: float = 20.0,
    statement_timeout: float | None = None,
) -> psycopg.Connection:
    """A connection in autocommit mode. ``statement_timeout`` (the podium's): no statement
    runs longer on the server, and data sent but not acknowledged for that long (a network
    gone quiet) ends the connection — a commit on the podium's event loop is bounded."""
    _need_psycopg()
    where = redact_url(url)
    bounded: dict[str, Any] = {}
    if statement_timeout:
        bounded["tcp_user_timeout"] = int(statement_timeout * 1000)
    try:
        # keepalives: a server (or network) gone mid-shift is noticed in seconds, not hours
        conn = psycopg.connect(
            url,
            autocommit=True,
            connect_timeout=max(1, int(round(connect_timeout))),
            application_name="floorkill",
            keepalives=1,
            keepalives_idle=5,
            keepalives_interval=2,
            keepalives_count=3,
            **bounded,
        )
    except psycopg.ProgrammingError as exc:  # a malformed URL / conninfo
        raise JournalError.at(
            where, Phrase("not a usable PostgreSQL URL ({error})", error=_first_line(exc))
        ) from None
    except psycopg.Error as exc:
        raise JournalUnavailable.at(
            where, Phrase("cannot connect ({error})", error=_first_line(exc))
        ) from None
    try:
        if readonly:
            conn.execute("SET default_transaction_read_only = on")
        # a podium that froze inside its transaction frees the chain head soon; a writer
        # never waits for it forever
        conn.execute(f"SET idle_in_transaction_session_timeout = '{IDLE_IN_TRANSACTION_MS}ms'")
        if not readonly:
            conn.execute(f"SET lock_timeout = '{int(lock_timeout * 1000)}ms'")
        if statement_timeout:
            conn.execute(f"SET statement_timeout = '{int(statement_timeout * 1000)}ms'")
    except psycopg.Error as exc:
        conn.close()
        raise pg_error(where, exc) from None
    return conn


def channel_of(conn: psycopg.Connection) -> str:
    """The NOTIFY channel of the journal in this connection's schema."""
    schema = _one(conn.execute("SELECT current_schema()"))[0]
    if schema is None:
        raise JournalError(Phrase("no schema to keep the journal in (check the search_path)"))
    return ("floorkill." + schema)[:63]


def _journal_present(c: PgConn) -> int:
    """How many of the journal's tables exist in the current schema (0..3)."""
    return sum(
        1
        for name in ("meta", "tables", "events")
        if c.execute("SELECT to_regclass(?)", (name,)).fetchone()[0] is not None
    )


def _check_version(c: PgConn, where: str) -> dict[str, str]:
    """The journal's meta, once its schema is one this floorkill reads (a PostgreSQL
    journal is always made at schema 2 or later)."""
    version = reading.check_schema(where, reading.schema_version(c))
    if version < 2:
        raise JournalError(
            Phrase(
                "{where}: a schema-{version} journal on PostgreSQL (made by a development "
                "build): migrate it again from its file",
                where=where,
                version=version,
            )
        )
    return reading.read_meta(c)


# ---------------------------------------------------------------------------
# the writer


class PgSession(CoreSession):
    """A table of a PostgreSQL journal: the durable TableSession (journal_core)."""


class PgJournal(CoreJournal):
    """A journal in one schema of a PostgreSQL database (the URL's search_path, default
    ``public``). Same interface as :class:`floorkill.store.journal.Journal`; the write path
    is :mod:`floorkill.store.journal_core`'s."""

    _session_class = PgSession

    def __init__(
        self,
        url: str,
        floorperson: str | None = None,
        *,
        create: bool = True,
        snapshot_every: int = SNAPSHOT_EVERY,
        connect_timeout: float = 5.0,
        lock_timeout: float = 20.0,
        statement_timeout: float | None = None,
        reconnect_in_follow: bool = False,
        mac_key: bytes | None | object = _DEFAULT_KEY,
        create_meta: Mapping[str, str] | None = None,
    ) -> None:
        """``lock_timeout``: how long an entry may wait for the chain head (another podium's
        entry), or for this process's own look at the journal, before it is refused as
        busy. ``statement_timeout``: see :func:`connect`. ``reconnect_in_follow`` (the
        podium): a lost connection is made again only by :meth:`changed` (the follow tick,
        off the event loop); a read or a write meanwhile is refused at once as unreachable.
        ``mac_key``: as for the SQLite Journal (the user's key file by default).
        ``create_meta``: the meta a new journal gets (migrate copies the source's; default:
        schema, created, a new id)."""
        self.url = url
        self._init_core(floorperson, snapshot_every)
        self.mac_key: bytes | None = keys.load_key() if mac_key is _DEFAULT_KEY else mac_key  # type: ignore[assignment]
        self._create_meta = dict(create_meta) if create_meta is not None else None
        self.lock_timeout = lock_timeout
        self.where = redact_url(url)
        self.connect_timeout = connect_timeout
        self.statement_timeout = statement_timeout
        self.reconnect_in_follow = reconnect_in_follow
        self._create = create
        self._lock = threading.RLock()
        self._raw: psycopg.Connection | None = None
        self._listening: psycopg.Connection | None = None  # the connection LISTENing
        self.channel = ""
        self._connect()

    # -- connection ---------------------------------------------------------
    def _connect(self) -> None:
        self._raw = self._new_conn()

    def _new_conn(self) -> psycopg.Connection:
        """A new connection, checked and set up (the journal made if need be)."""
        raw = connect(
            self.url,
            connect_timeout=self.connect_timeout,
            lock_timeout=self.lock_timeout,
            statement_timeout=self.statement_timeout,
        )
        try:
            if _one(raw.execute("SELECT pg_is_in_recovery()"))[0]:
                raise JournalError(
                    Phrase(
                        "{where}: this server is a read-only standby (a replica): podiums write "
                        "to the primary; big screens, verify and head may read here",
                        where=self.where,
                    )
                )
            self.channel = channel_of(raw)
            self._setup(PgConn(raw))
        except psycopg.Error as exc:
            raw.close()
            raise pg_error(self.where, exc) from None
        except BaseException:
            raw.close()
            raise
        return raw

    def _lost(self) -> bool:
        raw = self._raw
        return raw is None or raw.closed or raw.broken

    def _reconnect_unlocked(self) -> None:
        """Connect again without holding the journal's lock (the podium's follow worker): a
        commit on the event loop is never kept waiting behind a connection attempt."""
        try:
            raw = self._new_conn()
        except JournalUnavailable as exc:
            raise JournalUnavailable.at(
                self.where, Phrase(UNREACHABLE, error=_reason(exc))
            ) from None
        with self._held():
            old, self._raw = self._raw, raw
        if old is not None and old is not raw:
            try:
                old.close()
            except Exception:  # noqa: BLE001 - a lost connection; nothing to keep of it
                log.debug("closing the lost connection failed", exc_info=True)

    @contextmanager
    def _held(self) -> Iterator[None]:
        """The journal's lock, waited for at most ``lock_timeout`` (another thread's look at
        the journal that hangs never holds the caller longer)."""
        if not self._lock.acquire(timeout=self.lock_timeout):
            raise JournalBusy.at(
                self.where,
                Phrase(
                    "the journal is busy (a look at it is taking too long) — the entry was "
                    "not recorded; try again"
                ),
            )
        try:
            yield
        finally:
            self._lock.release()

    def _setup(self, c: PgConn) -> None:
        if _journal_present(c) == 3:
            self.meta = _check_version(c, self.where)
            return
        if not self._create:
            raise JournalError(Phrase("{journal}: no journal there", journal=self.where))
        with c.raw.transaction():
            # one creator at a time (two podiums starting on an empty database)
            c.execute("SELECT pg_advisory_xact_lock(hashtext(?))", (self.channel,))
            for stmt in _ddl_statements(DDL):  # all IF NOT EXISTS
                c.raw.execute(stmt)
            # (the rows, not the catalog, say whether another podium just made it)
            if c.execute("SELECT count(*) FROM meta").fetchone()[0] == 0:
                meta = self._create_meta or {
                    "schema": str(SCHEMA_VERSION),
                    "created": utc_now(),
                    "id": uuid.uuid4().hex,
                }
                c.executemany("INSERT INTO meta(key, value) VALUES (?, ?)", sorted(meta.items()))
                # the chain starts from the seed: the meta mixed into the genesis value
                gseq, head = reading.seed_of(c, meta)
                c.execute(
                    "INSERT INTO chain_head(one, gseq, hash) VALUES (TRUE, ?, ?)", (gseq, head)
                )
        self.meta = _check_version(c, self.where)

    def _conn(self) -> PgConn:
        """The connection, reconnecting after a lost one (raises JournalUnavailable)."""
        raw = self._raw
        if raw is None or raw.closed or raw.broken:
            if self.reconnect_in_follow:  # the follow tick connects again, off the loop
                raise JournalUnavailable.at(
                    self.where, Phrase(UNREACHABLE, error=Phrase("connecting again"))
                )
            if raw is not None:
                raw.close()
            self._raw = None
            try:
                self._connect()
            except JournalUnavailable as exc:  # the server went away mid-shift
                raise JournalUnavailable.at(
                    self.where, Phrase(UNREACHABLE, error=_reason(exc))
                ) from None
        return PgConn(self._raw)  # type: ignore[arg-type]

    def _writer_conn(self) -> PgConn:
        try:
            return self._conn()
        except JournalUnavailable as exc:
            raise JournalUnavailable(
                Phrase("{error} — the entry was not recorded; try again", error=exc.said())
            ) from None

    @contextmanager
    def _guard(self, writing: bool = False) -> Iterator[None]:
        try:
            yield
        except psycopg.Error as exc:
            raise pg_error(self.where, exc, writing=writing) from None

    @contextmanager
    def _read(self) -> Iterator[PgConn]:
        with self._held(), self._guard():
            yield self._conn()

    @contextmanager
    def _write(self) -> Iterator[_PgTx]:
        """One transaction holding the chain head's row lock (journal_core.WriteTx): its
        first statement locks the head FOR UPDATE; COMMIT when the block ends, ROLLBACK on
        any error."""
        with self._held(), self._guard(writing=True):
            conn = self._writer_conn()
            raw = conn.raw
            try:
                raw.execute("BEGIN")
                yield _PgTx(self, conn, _one(conn.execute(LOCK_HEAD)))
                raw.execute("COMMIT")
            except BaseException:
                _rollback(raw)
                raise

    def close(self) -> None:
        with self._lock:
            if self._raw is not None:
                try:
                    self._raw.close()
                except Exception:
                    log.debug("closing the listening connection failed", exc_info=True)
            self._raw = self._listening = None

    @property
    def location(self) -> str:
        return self.where

    def _closed(self) -> bool:
        return self._raw is None

    # -- following other podiums -------------------------------------------
    def changed(self) -> bool:
        """True when another podium committed since the last call (LISTEN/NOTIFY; the first
        call starts listening and says True). Never blocks; a lost server says True once
        it is back. The podium LISTENs on its writer's connection (one backend per podium,
        not two): what arrives while it writes waits in psycopg's backlog for this call.
        With ``reconnect_in_follow`` a lost connection is made again here, outside the lock."""
        if self.reconnect_in_follow and self._lost():
            try:
                self._reconnect_unlocked()
            except JournalError:
                self._listening = None
                return False
        with self._held():
            try:
                raw = self._raw
                if raw is None or raw.closed or raw.broken or self._listening is not raw:
                    raw = self._conn().raw
                    raw.execute(_sql_mod.SQL("LISTEN {}").format(_sql_mod.Identifier(self.channel)))
                    self._listening = raw
                    got = True
                else:
                    got = False
                    for _ in raw.notifies(timeout=0):
                        got = True
            except (JournalError, psycopg.Error):
                self._listening = None
                return False
            if got:
                self.room()  # the room is read again
            return got

    def head(self) -> tuple[int, str]:
        """``(gseq, hash)`` of the chain's head (the row every writer locks)."""
        with self._read() as conn:
            gseq, hash_ = conn.execute("SELECT gseq, hash FROM chain_head WHERE one").fetchone()
            return gseq, hash_


def _rollback(raw: psycopg.Connection) -> None:
    """End a transaction a failed write left open (nothing of it is kept)."""
    try:
        if (
            not raw.closed
            and not raw.broken
            and raw.info.transaction_status != psycopg.pq.TransactionStatus.IDLE
        ):
            raw.execute("ROLLBACK")
    except psycopg.Error:
        pass


class _PgTx(HeadTx):
    """A write transaction of the PostgreSQL journal (journal_core.WriteTx): ``head`` is
    the chain head's row, locked FOR UPDATE by the transaction's first statement;
    ``advance`` moves it and NOTIFYs the followers (delivered at COMMIT)."""

    def __init__(self, journal: PgJournal, conn: PgConn, head: tuple[Any, ...]) -> None:
        self.journal = journal
        self.conn = conn
        self._head = (head[0], head[1])

    def advance(self, gseq: int, head: str, tbl: str, seq: int) -> None:
        conn = self.conn
        conn.execute("UPDATE chain_head SET gseq = ?, hash = ? WHERE one", (gseq, head))
        conn.execute("SELECT pg_notify(?, ?)", (self.journal.channel, str(gseq)))


def _ddl_statements(script: str) -> list[str]:
    """Split the DDL on ';' at line ends, keeping $$ … $$ bodies whole."""
    out, buf, in_body = [], [], False
    for line in script.splitlines():
        buf.append(line)
        if line.count("$$") % 2:
            in_body = not in_body
        if not in_body and line.rstrip().endswith(";"):
            stmt = "\n".join(buf).strip()
            if stmt:
                out.append(stmt)
            buf = []
    rest = "\n".join(buf).strip()
    if rest:
        out.append(rest)
    return out


# ---------------------------------------------------------------------------
# the viewers' side


class PgReadOnlyJournal(ReadOnlyJournal):
    """The big screen's journal on PostgreSQL: a read-only session (connect with a role that
    can only SELECT); LISTENs for the writers' NOTIFY instead of polling ``data_version``.
    Errors are :class:`JournalUnavailable` (shown, then retried), as for SQLite."""

    def __init__(
        self,
        url: str,
        *,
        busy_timeout: float = 0.2,
        retry_for: float = 5.0,
        on_retry: Callable[[int], None] | None = None,
        connect_timeout: float = 5.0,
    ) -> None:
        self.url = url
        self.path = redact_url(url)  # type: ignore[assignment]  # a URL: how messages name it
        self.busy_timeout = busy_timeout
        self.retry_for = retry_for
        self.connect_timeout = connect_timeout
        self._on_retry = on_retry or (lambda attempt: None)
        self._lock = threading.RLock()
        self._conn = None
        self._raw: psycopg.Connection | None = None
        self.notice: str | None = None
        self.problems: list[str] = []
        self.meta: dict[str, str] = {}
        self._rooms = RoomCache(self._report)
        self.standby = False  # connected to a hot standby
        self._seen: int | None = None
        self._connect()

    def _connect(self) -> None:
        with self._lock:
            self._close_conn()
            self._rooms.forget()
            try:
                raw = connect(self.url, connect_timeout=self.connect_timeout, readonly=True)
            except JournalError as exc:
                raise JournalUnavailable(exc.said()) from None
            try:
                conn = PgConn(raw)
                if _journal_present(conn) != 3:
                    raise JournalUnavailable.at(self.path, Phrase("not a floorkill journal (yet)"))
                self.meta = _check_version(conn, str(self.path))
                # a hot standby (a streaming replica) takes no LISTEN and gets no NOTIFY:
                # there the head row is polled instead
                self.standby = bool(_one(raw.execute("SELECT pg_is_in_recovery()"))[0])
                if self.standby:
                    self._seen = _head_gseq(raw)
                else:
                    raw.execute(
                        _sql_mod.SQL("LISTEN {}").format(_sql_mod.Identifier(channel_of(raw)))
                    )
            except JournalError as exc:
                raw.close()
                raise JournalUnavailable(exc.said()) from None
            except psycopg.Error as exc:
                raw.close()
                raise JournalUnavailable.at(self.path, _first_line(exc)) from None
            self._raw, self._conn = raw, conn  # type: ignore[assignment]  # PgConn reads as SQLite's

    def _close_conn(self) -> None:
        raw, self._raw, self._conn = getattr(self, "_raw", None), None, None
        if raw is not None:
            try:
                raw.close()
            except Exception:
                log.debug("closing the connection failed", exc_info=True)

    def _run(self, fn: Callable[[Any], T]) -> T:
        with self._lock:
            raw = self._raw
            if raw is None or raw.closed or raw.broken:
                self._connect()
            try:
                return fn(self._conn)
            except JournalUnavailable as exc:
                raise JournalUnavailable.at(self.path, exc.said()) from None
            except psycopg.OperationalError as exc:
                self._close_conn()
                raise JournalUnavailable.at(
                    self.path, Phrase(UNAVAILABLE, error=_first_line(exc))
                ) from None
            except psycopg.Error as exc:
                raise JournalUnavailable.at(
                    self.path, Phrase("not a readable journal: {error}", error=_first_line(exc))
                ) from None

    def changed(self) -> bool:
        """True when a writer committed since the last call (a NOTIFY arrived), or after a
        reconnect. Never blocks. Raises JournalUnavailable while the server is away."""
        return self.wait_changed(0)

    def wait_changed(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for a writer's commit; True if one came."""
        with self._lock:
            raw = self._raw
            if raw is None or raw.closed or raw.broken:
                self._connect()
                self._run(self._rooms.room)
                return True
            try:
                if self.standby:
                    got: object = self._poll_head(raw, timeout)
                else:
                    got = list(raw.notifies(timeout=timeout, stop_after=1))
                    if got:
                        list(raw.notifies(timeout=0))  # drain the rest
            except psycopg.Error as exc:
                self._close_conn()
                raise JournalUnavailable.at(
                    self.path, Phrase(UNAVAILABLE, error=_first_line(exc))
                ) from None
            if got:
                self._run(self._rooms.room)  # the room is read again
            return bool(got)

    def _poll_head(self, raw: psycopg.Connection, timeout: float) -> bool:
        """On a standby: whether the replayed chain head moved, asked every 50 ms for up to
        ``timeout`` seconds (at least once)."""
        deadline = time.monotonic() + timeout
        while True:
            gseq = _head_gseq(raw)
            if gseq != self._seen:
                self._seen = gseq
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            time.sleep(min(0.05, left))


def _head_gseq(raw: psycopg.Connection) -> int | None:
    row = raw.execute("SELECT gseq FROM chain_head WHERE one").fetchone()
    return None if row is None else row[0]


__all__ = [
    "PgJournal",
    "PgSession",
    "PgReadOnlyJournal",
    "ReadOnlySession",
    "PgConn",
    "UnknownTable",
    "connect",
    "redact_url",
    "pg_error",
    "pg_sql",
]


# ---------------------------------------------------------------------------
# verify


def verify_pg(url: str, *, key: bytes | None = None, anchor: tuple[int, str] | None = None):
    """:class:`~floorkill.store.audit.AuditResult` of a PostgreSQL journal, read in one
    REPEATABLE READ, READ ONLY transaction (a writer may go on): the same streaming pass as
    for a file (:class:`~floorkill.store.audit.ChainAudit`: chain, replay through the rules,
    MACs with a key, an anchor, the caches), plus the ``chain_head`` row and the
    append-only triggers. Raises JournalError when there is no journal."""
    from floorkill.store.audit import AuditResult, ChainAudit, check_caches

    where = redact_url(url)
    raw = connect(url, readonly=True)
    try:
        conn = PgConn(raw)
        with raw.transaction():
            raw.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            if _journal_present(conn) != 3:
                raise JournalError(
                    Phrase("{path}: not a floorkill journal (no journal tables)", path=where)
                )
            meta = _check_version(conn, where)
            version = int(meta["schema"])
            tables = {
                name: (toml, created, who)
                for name, toml, created, who in conn.execute(
                    "SELECT name, toml, created, who FROM tables ORDER BY rowid"
                ).fetchall()
            }

            def fetch_rows(tbl: str, after: int, before: int):
                return conn.execute(
                    "SELECT seq, type, payload FROM events WHERE tbl = ? AND "
                    "seq > ? AND seq < ? ORDER BY seq",
                    (tbl, after, before),
                ).fetchall()

            audit = ChainAudit(meta, tables, fetch_rows, key=key, anchor=anchor)
            triggers = {
                found_row[0]
                for found_row in conn.execute(
                    "SELECT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgenabled <> 'D' "
                    "AND tgrelid IN (to_regclass('events'), to_regclass('tables'), "
                    "to_regclass('meta'))"
                )
            }
            missing = [trigger for trigger in PG_TRIGGERS if trigger not in triggers]
            if missing:
                audit.warn(
                    Phrase(
                        "append-only triggers missing or disabled: {triggers}",
                        triggers=", ".join(missing),
                    )
                )
            with raw.cursor(name="floorkill_verify") as cur:  # streamed, not all in memory
                cur.itersize = 2000
                cur.execute(f"SELECT {', '.join(CHAIN_COLUMNS)} FROM events ORDER BY gseq")
                for row in cur:
                    audit.feed(tuple(row))
                    if audit.full:
                        break
            if not audit.full:
                check_caches(
                    audit,
                    iter(
                        conn.execute(
                            "SELECT s.tbl, s.seq, s.rules, s.state, e.state_hash "
                            "FROM snapshots s LEFT JOIN events e ON e.tbl = s.tbl "
                            "AND e.seq = s.seq"
                        ).fetchall()
                    ),
                    conn.execute("SELECT tbl, seq, barred FROM obligations").fetchall(),
                )
            audit.finish()
            head = [
                tuple(head_row)
                for head_row in conn.execute("SELECT gseq, hash FROM chain_head").fetchall()
            ]
            if not audit.full and head != [audit.head()]:
                audit.problem(
                    Phrase(
                        "chain_head {stored} is not the chain's last value {head} (a row was "
                        "cut or the head was moved)",
                        stored=repr(head),
                        head=repr(audit.head()),
                    )
                )
    except psycopg.Error as exc:
        raise pg_error(where, exc) from None
    finally:
        raw.close()
    return AuditResult(
        audit.problems, audit.warnings, audit.rows, len(tables), audit.head(), version, audit.macs
    )

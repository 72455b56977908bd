"""PostgreSQL for the store tests: a fresh schema per test on the server .ci/run starts.

``FLOORKILL_TEST_PG`` is the writer role's URL and ``FLOORKILL_TEST_PG_RO`` the
SELECT-only role's (see .ci/postgres.sh). Without them the PostgreSQL tests are skipped
locally, but FAIL in CI (``CI=true``): a missing server must never pass quietly.
"""

from __future__ import annotations

import os
import select
import subprocess
import time
import urllib.parse
import uuid

import pytest

PG_URL = os.environ.get("FLOORKILL_TEST_PG")
PG_RO_URL = os.environ.get("FLOORKILL_TEST_PG_RO")
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def require_pg() -> str:
    """The writer URL, or skip (locally) / fail (in CI) when no server was started."""
    if not PG_URL:
        if IN_CI:
            pytest.fail(
                "CI=true but FLOORKILL_TEST_PG is not set: .ci/postgres.sh did not "
                "start the PostgreSQL server",
                pytrace=False,
            )
        pytest.skip("no PostgreSQL server (source .ci/postgres.sh to run these)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.fail("psycopg is not installed (pip install -e '.[test]')", pytrace=False)
    return PG_URL


def with_schema(url: str, schema: str) -> str:
    """``url`` with ``options=-csearch_path=SCHEMA`` (the journal lives in that schema)."""
    parts = urllib.parse.urlsplit(url)
    query = urllib.parse.parse_qsl(parts.query)
    query = [(k, v) for k, v in query if k != "options"]
    query.append(("options", f"-csearch_path={schema}"))
    return urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(query)))


def ro_url(url: str) -> str:
    """The same URL for the SELECT-only role."""
    assert PG_RO_URL, "FLOORKILL_TEST_PG_RO is not set"
    schema = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query)).get("options", "")
    base = PG_RO_URL
    if schema.startswith("-csearch_path="):
        base = with_schema(base, schema.split("=", 1)[1])
    return base


def admin(sql: str, *params) -> None:
    import psycopg

    with psycopg.connect(require_pg(), autocommit=True) as conn:
        conn.execute(sql, params or None)


def new_schema() -> tuple[str, str]:
    """(schema, writer URL) of a fresh, empty schema the read-only role may read."""
    import psycopg

    url = require_pg()
    schema = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
        conn.execute(f'GRANT USAGE ON SCHEMA "{schema}" TO floorkill_ro')
    return schema, with_schema(url, schema)


def drop_schema(schema: str) -> None:
    import psycopg

    try:
        with psycopg.connect(require_pg(), autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    except psycopg.Error:
        pass


@pytest.fixture
def pg_url():
    """A fresh schema's writer URL (dropped after the test)."""
    schema, url = new_schema()
    yield url
    drop_schema(schema)


@pytest.fixture(params=["sqlite", "postgresql"])
def where(request, tmp_path):
    """A journal location for either backend: a file, or a fresh schema's URL."""
    if request.param == "sqlite":
        yield str(tmp_path / "journal.db")
        return
    schema, url = new_schema()
    yield url
    drop_schema(schema)


class Outage:
    """A TCP front for the test server that can go down and come back (the podium's view
    of "the server is down mid-shift"): ``down()`` cuts every connection and stops
    accepting, ``up()`` accepts again on the same port. ``url(base)`` points a URL at it."""

    def __init__(self) -> None:
        import socket
        import threading

        parts = urllib.parse.urlsplit(require_pg())
        q = dict(urllib.parse.parse_qsl(parts.query))
        self.target = f"{q['host']}/.s.PGSQL.{q['port']}"  # the server's unix socket
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        self._lock = threading.Lock()
        self._socks: list = []
        self._listener = None
        self.up()

    def url(self, base: str) -> str:
        parts = urllib.parse.urlsplit(base)
        q = [(k, v) for k, v in urllib.parse.parse_qsl(parts.query) if k not in ("host", "port")]
        netloc = parts.netloc.split("@")[0] + f"@127.0.0.1:{self.port}"
        return urllib.parse.urlunsplit(
            parts._replace(netloc=netloc, query=urllib.parse.urlencode(q))
        )

    def up(self) -> None:
        import socket
        import threading

        ls = socket.socket()
        ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        ls.bind(("127.0.0.1", self.port))
        ls.listen(16)
        self._listener = ls
        threading.Thread(target=self._accept, args=(ls,), daemon=True).start()

    def down(self) -> None:
        import socket

        with self._lock:
            ls, self._listener = self._listener, None
            socks, self._socks = self._socks, []
        if ls is not None:
            try:
                ls.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            ls.close()
        for s in socks:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()

    def _accept(self, ls) -> None:
        import socket
        import threading

        while True:
            try:
                client, _ = ls.accept()
            except OSError:
                return
            server = socket.socket(socket.AF_UNIX)
            try:
                server.connect(self.target)
            except OSError:
                client.close()
                continue
            with self._lock:
                self._socks += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=_pump, args=(a, b), daemon=True).start()


def _pump(src, dst) -> None:
    try:
        while True:
            data = src.recv(65536)
            if not data:
                break
            dst.sendall(data)
    except OSError:
        pass
    for s in (src, dst):
        try:
            s.close()
        except OSError:
            pass


class Lines:
    """Whole lines from a child's stdout, with a timeout (no partial lines)."""

    def __init__(self, proc: subprocess.Popen) -> None:
        self.proc = proc
        self.fd = proc.stdout.fileno()
        self.buf = b""

    def next(self, timeout: float = 30.0) -> str | None:
        end = time.monotonic() + timeout
        while b"\n" not in self.buf:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError("child produced no line in time")
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.fd, 65536)
            if not chunk:
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode()

    def rest(self) -> list[str]:
        """Whole lines left after the child died."""
        while True:
            chunk = os.read(self.fd, 65536)
            if not chunk:
                break
            self.buf += chunk
        return self.buf.decode(errors="replace").split("\n")[:-1]


JOURNAL_TABLES = (
    ("meta", "key"),
    ("tables", "rowid"),
    ("events", "gseq"),
    ("snapshots", "tbl, seq"),
    ("obligations", "tbl"),
    ("chain_head", "gseq"),
)


def pg_rows_digest(url: str) -> str:
    """A digest of every row of a PostgreSQL journal (meta, tables, events, snapshots,
    obligations, the chain head), with their counts: what "nothing was written" means
    there (a journal file's is its bytes)."""
    import hashlib

    import psycopg

    h = hashlib.sha256()
    with psycopg.connect(url, autocommit=True) as conn:
        for tbl, order in JOURNAL_TABLES:
            rows = conn.execute(f"SELECT * FROM {tbl} ORDER BY {order}").fetchall()
            h.update(f"{tbl}:{len(rows)}:{rows!r}".encode())
    return h.hexdigest()


def eventually(check, within: float = 5.0) -> bool:
    """True once ``check()`` holds, False after ``within`` seconds. A NOTIFY reaches the
    listener a moment after the COMMIT (later on a loaded CI box); on SQLite
    ``data_version`` changes at once, so the first check holds."""
    deadline = time.monotonic() + within
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True

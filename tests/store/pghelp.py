"""PostgreSQL for the store tests: a fresh schema per test on the server .ci/run starts.

``FLOORKILL_TEST_PG`` is the writer role's URL and ``FLOORKILL_TEST_PG_RO`` the
SELECT-only role's (see .ci/postgres.sh). Without them the PostgreSQL tests are skipped
locally, but FAIL in CI (``CI=true``): a missing server must never pass quietly.
"""

from __future__ import annotations

import os
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
            pytest.fail("CI=true but FLOORKILL_TEST_PG is not set: .ci/postgres.sh did not "
                        "start the PostgreSQL server", pytrace=False)
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
    except Exception:
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

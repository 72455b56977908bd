"""A streaming replica, for real: the recipe of docs/operations.md (pg_basebackup -R -X stream, a hot
standby on another port) against the test server, with the Debian binaries .ci/postgres.sh
used. A hand entered on the primary reaches a big screen reading the standby; verify and
head read the standby; a podium pointed at it is refused in one line."""

from __future__ import annotations

import os
import subprocess
import tempfile
import urllib.parse
from pathlib import Path

import pytest
from pghelp import IN_CI, drop_schema, new_schema, require_pg, with_schema
from storehelp import table

from floorkill.store.backend import open_journal
from floorkill.store.errors import JournalError
from floorkill.store.pg import verify_pg

PG_DIR = os.environ.get("FLOORKILL_PG_DIR")
PG_BIN = os.environ.get("FLOORKILL_PG_BIN")


def _as_server_user() -> list[str]:
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def standby():
    """(primary URL of a fresh schema holding a journal with "Table 7", the same schema on a
    hot standby of the server made after it; the folder), once for the module."""
    url = require_pg()
    if not (PG_DIR and PG_BIN and Path(PG_BIN, "pg_basebackup").exists()):
        if IN_CI:
            pytest.fail(
                "FLOORKILL_PG_DIR / FLOORKILL_PG_BIN not set by .ci/postgres.sh", pytrace=False
            )
        pytest.skip("needs the server .ci/postgres.sh starts (its binaries and folder)")
    port = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query))["port"]
    schema, primary = new_schema()
    with open_journal(primary, floorperson="ann") as j:
        j.create_table(table("Table 7"))
    folder = Path(tempfile.mkdtemp(prefix="floorkill-standby.", dir="/tmp"))
    folder.chmod(0o755)
    if os.geteuid() == 0:
        subprocess.run(["chown", "postgres", str(folder)], check=True)
    run = _as_server_user()
    data = folder / "data"
    port2 = _free_port()
    import psycopg

    with psycopg.connect(url, autocommit=True) as c:  # a hot standby needs at least these
        limits = " ".join(
            f"-c {name}={c.execute(f'SHOW {name}').fetchone()[0]}"
            for name in (
                "max_connections",
                "max_worker_processes",
                "max_wal_senders",
                "max_prepared_transactions",
                "max_locks_per_transaction",
            )
        )
    started = False
    try:
        subprocess.run(
            run
            + [
                f"{PG_BIN}/pg_basebackup",
                "-h",
                PG_DIR,
                "-p",
                port,
                "-U",
                "postgres",
                "-D",
                str(data),
                "-R",
                "-X",
                "stream",
                "-c",
                "fast",
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
        assert (data / "standby.signal").exists()
        log = folder / "standby.log"
        start = subprocess.run(
            run
            + [
                f"{PG_BIN}/pg_ctl",
                "-D",
                str(data),
                "-l",
                str(log),
                "-w",
                "-t",
                "60",
                "-o",
                f"-k {folder} -p {port2} -c listen_addresses='' {limits}",
                "start",
            ],
            capture_output=True,
            timeout=90,
        )
        assert start.returncode == 0, log.read_text() if log.exists() else start.stderr
        started = True
        on_standby = urllib.parse.urlunsplit(
            urllib.parse.urlsplit(url)._replace(
                query=urllib.parse.urlencode({"host": str(folder), "port": port2})
            )
        )
        yield primary, with_schema(on_standby, schema), folder
    finally:
        if started:
            subprocess.run(
                run + [f"{PG_BIN}/pg_ctl", "-D", str(data), "-m", "immediate", "-w", "stop"],
                capture_output=True,
                timeout=60,
            )
        subprocess.run(["rm", "-rf", str(folder)], check=False)
        drop_schema(schema)


def test_a_hand_on_the_primary_reaches_a_big_screen_on_the_standby(standby):
    primary, on_standby, _folder = standby
    with open_journal(primary, floorperson="ann") as j:
        s = j.open_table("Table 7")
        first = s.append({"type": "hand", "winner": 1})
        ro = open_journal(on_standby, readonly=True)  # the big screen, on the replica
        try:
            assert ro.standby  # no LISTEN there: the head is polled
            view = ro.open_table("Table 7")
            if len(view) < 1:  # the first hand may still be on its way
                assert ro.wait_changed(10.0)
                ro.refresh(view)
            assert [r.gseq for r in view.records()] == [first.gseq]
            second = s.append({"type": "hand", "winner": 2})
            # replayed on the standby (a head change seen first may be the first hand's,
            # replayed after the big screen connected: then it is waited for again)
            assert ro.wait_changed(10.0)
            if not ro.refresh(view) and len(view) < 2:
                assert ro.wait_changed(10.0) and ro.refresh(view)
            assert len(view) == 2
            assert view.records()[-1].event == second.event
            assert view.state == s.state
            assert ro.head() == j.head()
        finally:
            ro.close()
    result = verify_pg(on_standby)  # verify reads the replica
    assert result.problems == [] and result.rows == 3


def test_a_podium_pointed_at_the_standby_is_refused_in_one_line(standby):
    _primary, on_standby, _folder = standby
    with pytest.raises(JournalError) as err:
        open_journal(on_standby, floorperson="bob")
    text = str(err.value)
    assert "read-only standby" in text and "primary" in text and "\n" not in text

"""The viewers' way in: nothing in it can write; it follows the writer; it survives."""

import hashlib
import os
import sqlite3

import pytest
from storehelp import T1, hand_events, table

from floorkill.rules import load_table_file
from floorkill.store.errors import JournalUnavailable, UnknownTable
from floorkill.store.journal import Journal
from floorkill.store.readonly import ReadOnlyJournal, _authorizer, readonly_connect


@pytest.fixture
def journal_file(tmp_path):
    path = tmp_path / "journal.db"
    tf = load_table_file(T1)
    with Journal(path, "fp") as j:
        s = j.create_table(tf)
        for raw in tf.events[:5]:
            s.append(raw)
    return path


def _digest(path):
    """The bytes of the database and of a non-empty WAL (a viewer may create an empty WAL
    and the shared-memory index; neither holds data)."""
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(path.parent.iterdir())
        if p.name.startswith(path.name) and not p.name.endswith("-shm") and p.stat().st_size > 0
    }


ATTEMPTS = [
    "INSERT INTO meta(key, value) VALUES ('x', 'y')",
    "INSERT INTO events(gseq, tbl, seq, type, schema, payload, rules, decisions, hand, at, "
    "prev_hash, hash) VALUES (99, 'Table 12', 99, 'hand', 1, '{}', '1', '[]', 0, '', '', '')",
    "UPDATE events SET payload = '{}'",
    "UPDATE snapshots SET state = ''",
    "DELETE FROM events",
    "DELETE FROM snapshots",
    "DELETE FROM obligations",
    "ATTACH DATABASE '{path}' AS again",
    "ATTACH DATABASE 'file:{path}?mode=rw' AS again",
    "ATTACH DATABASE ':memory:' AS mem",
    "CREATE TABLE evil(x)",
    "CREATE TEMP TABLE evil(x)",
    "CREATE INDEX evil ON events(type)",
    "CREATE VIEW evil AS SELECT 1",
    "CREATE TRIGGER evil AFTER INSERT ON events BEGIN SELECT 1; END",
    "DROP TABLE snapshots",
    "DROP TRIGGER events_no_update",
    "PRAGMA journal_mode = DELETE",
    "PRAGMA user_version = 5",
    "PRAGMA writable_schema = 1",
    "PRAGMA writable_schema = ON",
    "PRAGMA data_version = 3",
    "PRAGMA query_only = 0",
    "PRAGMA integrity_check",
    "PRAGMA wal_checkpoint(TRUNCATE)",
    "BEGIN IMMEDIATE",
    "BEGIN EXCLUSIVE",
    "VACUUM",
    "VACUUM INTO '{path}.copy'",
    "REINDEX",
    "ANALYZE",
    "SELECT load_extension('libc.so.6')",
]


@pytest.mark.parametrize("sql", ATTEMPTS)
def test_nothing_in_the_read_only_path_can_write(journal_file, sql):
    before = _digest(journal_file)
    ro = ReadOnlyJournal(journal_file)
    with pytest.raises(sqlite3.DatabaseError):
        ro._conn.execute(sql.replace("{path}", str(journal_file))).fetchall()
    ro.close()
    assert _digest(journal_file) == before
    assert not (journal_file.parent / "journal.db.copy").exists()
    with Journal(journal_file) as j:
        assert len(j.open_table("Table 12")) == 5
        assert j.connection.execute("PRAGMA user_version").fetchone()[0] == 0


def test_each_lock_holds_on_its_own(journal_file):
    # mode=ro and no ATTACH, without the authorizer
    c = sqlite3.connect(f"file:{journal_file}?mode=ro", uri=True)
    c.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
    with pytest.raises(sqlite3.OperationalError):
        c.execute(f"ATTACH DATABASE '{journal_file}' AS again")
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        c.execute("INSERT INTO meta VALUES ('a', 'b')")
    c.close()
    # the authorizer alone, on a read-write connection
    c = sqlite3.connect(journal_file)
    c.set_authorizer(_authorizer)
    for sql in (
        "INSERT INTO meta VALUES ('a', 'b')",
        f"ATTACH '{journal_file}' AS x",
        "PRAGMA user_version = 3",
        "DELETE FROM snapshots",
    ):
        with pytest.raises(sqlite3.DatabaseError, match="not authorized"):
            c.execute(sql)
    assert c.execute("PRAGMA data_version").fetchone()[0] >= 1
    assert c.execute("SELECT count(*) FROM events").fetchone()[0] == 6
    c.close()


def test_reads_tables_state_and_records(journal_file):
    with Journal(journal_file) as j:
        expected = j.open_table("Table 12")
    with ReadOnlyJournal(journal_file) as ro:
        assert ro.table_names() == ["Table 12"]
        s = ro.open_table("table 12")
        assert s.state == expected.state and len(s) == 5 and s.name == "Table 12"
        assert s.config == expected.config
        assert [r.seq for r in s.records(-2)] == [4, 5]
        assert s.last_undoable().seq == 5
        assert not hasattr(s, "append") and not hasattr(s, "void")
        with pytest.raises(UnknownTable):
            ro.open_table("nope")


def test_follows_the_writer_with_data_version(journal_file):
    ro = ReadOnlyJournal(journal_file)
    s = ro.open_table("Table 12")
    assert ro.changed() is False
    with Journal(journal_file) as j:
        w = j.open_table("Table 12")
        w.append({"type": "hand", "winner": 1})
        assert ro.changed() is True
        assert ro.changed() is False
        assert ro.refresh(s) is True and s.state == w.state and len(s) == 6
        assert ro.refresh(s) is False
        w.void(4, "split was wrong")  # a void behind what s has seen
        assert ro.changed() and s.refresh() and s.state == w.state == w.full_replay()
        w.append({"type": "hand", "winner": 3})
        j.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        assert ro.changed() and s.refresh() and s.state == w.state
        assert [r.seq for r in s.records(-2)] == [7, 8] and s.records(3, 4)[0].voided
    ro.close()


def test_survives_a_briefly_locked_database(journal_file):
    locker = sqlite3.connect(journal_file, isolation_level=None)
    locker.execute("PRAGMA locking_mode = EXCLUSIVE")
    locker.execute("BEGIN EXCLUSIVE")
    locker.execute("INSERT INTO meta VALUES ('lock', 'held')")
    locker.execute("COMMIT")  # exclusive mode keeps the lock
    waits = []

    def release(attempt):
        waits.append(attempt)
        if attempt == 2:
            locker.close()

    ro = ReadOnlyJournal(journal_file, busy_timeout=0, on_retry=release)
    assert ro.open_table("Table 12").state.hands == 5
    assert waits == [1, 2]
    ro.close()


def test_a_lock_that_does_not_end_is_a_clear_error(journal_file):
    locker = sqlite3.connect(journal_file, isolation_level=None)
    locker.execute("PRAGMA locking_mode = EXCLUSIVE")
    locker.execute("BEGIN EXCLUSIVE")
    waits = []
    with pytest.raises(JournalUnavailable, match="busy"):
        ReadOnlyJournal(
            journal_file, busy_timeout=0, retry_for=0.05, on_retry=lambda n: waits.append(n)
        )
    assert waits
    locker.close()


def test_missing_file_and_replaced_file(tmp_path, journal_file):
    with pytest.raises(JournalUnavailable, match="no journal"):
        ReadOnlyJournal(tmp_path / "nowhere.db")
    ro = ReadOnlyJournal(journal_file)
    s = ro.open_table("Table 12")
    moved = tmp_path / "moved.db"
    for suffix in ("", "-wal", "-shm"):
        if (tmp_path / f"journal.db{suffix}").exists():
            os.rename(tmp_path / f"journal.db{suffix}", tmp_path / f"moved.db{suffix}")
    with pytest.raises(JournalUnavailable, match="no journal"):
        ro.changed()
    # a new journal appears at the path: the viewer reconnects
    with Journal(journal_file) as j:
        j.create_table(table("Other")).append(hand_events(1)[0])
    assert ro.changed() is True
    assert ro.table_names() == ["Other"]
    ro.close()
    assert moved.exists()
    del s


@pytest.mark.parametrize("content", [b"", b"just text, not a database at all" * 50])
def test_not_a_journal_is_unavailable(tmp_path, content):
    path = tmp_path / "x.db"
    path.write_bytes(content)
    with pytest.raises(JournalUnavailable):
        ReadOnlyJournal(path)


def test_readonly_connect_uses_a_quoted_uri(tmp_path):
    odd = tmp_path / "we?ird #dir%"
    odd.mkdir()
    path = odd / "j.db"
    with Journal(path) as j:
        j.create_table(table())
    c = readonly_connect(path)
    assert c.execute("SELECT count(*) FROM tables").fetchone()[0] == 1
    c.close()

"""Schema versions: a schema-1 journal (fixtures/schema1.db, written by the schema-1 code) is
read as it is by every reader and migrated in place by the first writer, keeping every row
and every anchor taken before; a journal newer than this floorkill is refused by every
reader and writer, in words."""

from __future__ import annotations

import shutil
import sqlite3

import pytest
from storehelp import FIXTURES, T1

from floorkill.cli import main
from floorkill.store.errors import JournalError, JournalUnavailable
from floorkill.store.journal import Journal
from floorkill.store.readonly import ReadOnlyJournal
from floorkill.store.schema import SCHEMA_VERSION
from floorkill.ui.big_screen.terminal import WAITING_JOURNAL, Follower

SCHEMA1 = FIXTURES / "schema1.db"


@pytest.fixture
def old(tmp_path):
    path = tmp_path / "old.db"
    shutil.copy(SCHEMA1, path)
    return path


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _meta(path):
    c = sqlite3.connect(path)
    try:
        return dict(c.execute("SELECT key, value FROM meta"))
    finally:
        c.close()


def test_readers_read_a_schema1_journal_as_it_is(old, capsys):
    before = old.read_bytes()
    code, out, err = run(capsys, "verify", "--journal", old)
    assert code == 0 and "16 rows, 2 tables" in out
    assert "schema-1 journal" in err
    code, h, _ = run(capsys, "head", "--journal", old)
    assert code == 0 and h.strip().endswith("@16")
    code, out, _ = run(capsys, "export", "--journal", old, "--table", "Table 9")
    assert code == 0 and out.count('type = "hand"') == 8
    with ReadOnlyJournal(old) as ro:
        assert ro.open_table("Table 12").state.hands == 4  # its 5th hand was voided
        assert ro.open_table("Table 9").state.hands == 8
        assert ro.problems == []  # schema-1 snapshots are simply not used, not "bad"
    assert old.read_bytes() == before and _meta(old)["schema"] == "1"


def test_the_first_writer_migrates_in_place_keeping_every_row_and_anchor(old, capsys):
    code, anchor, _ = run(capsys, "head", "--journal", old)
    anchor = anchor.strip()
    with ReadOnlyJournal(old) as ro:
        states = {n: ro.open_table(n).state for n in ro.table_names()}
    with Journal(old, "fp-new", mac_key=None) as j:
        meta = dict(j.meta)
        assert meta["schema"] == str(SCHEMA_VERSION) and meta["migrated_at"] == "16"
        assert meta["migrated_from"] == "1" and len(meta["id"]) == 32
        assert {n: j.open_table(n).state for n in j.table_names()} == states
        assert j.connection.execute("SELECT count(*) FROM snapshots").fetchone()[0] == 0
        seq, seed = j.head()
        assert seq == 16 and not anchor.startswith(seed)  # the meta is mixed in at 16
        j.open_table("Table 9").append({"type": "hand", "winner": 4, "qualifies": False})
        with pytest.raises(sqlite3.DatabaseError, match="fixed at creation"):
            j.connection.execute("UPDATE meta SET value = '1' WHERE key = 'schema'")
    code, out, err = run(capsys, "verify", "--journal", old, "--head", anchor)
    assert code == 0, out + err
    assert "17 rows" in out and "anchor @16 matches" in out and "schema-1" not in err
    # a second writer finds it migrated and leaves the meta alone
    with Journal(old, mac_key=None) as j:
        assert j.meta == {**meta}
    # the meta is in the chain from the migration on
    c = sqlite3.connect(old)
    c.execute("DROP TRIGGER meta_no_update")
    c.execute("UPDATE meta SET value = '3' WHERE key = 'migrated_at'")
    c.commit()
    c.close()
    code, out, _ = run(capsys, "verify", "--journal", old)
    assert code == 1 and "row gseq 17 (table 'Table 9', seq 9): prev_hash does not match" in out


# -- a newer journal ------------------------------------------------------------------------


@pytest.fixture
def newer(tmp_path):
    path = tmp_path / "newer.db"
    with Journal(path, mac_key=None) as j:
        j.create_table(__import__("storehelp").table())
    c = sqlite3.connect(path)
    c.execute("DROP TRIGGER meta_no_update")
    c.execute("UPDATE meta SET value = '99' WHERE key = 'schema'")
    c.commit()
    c.close()
    return path


def test_every_reader_and_writer_refuses_a_newer_schema(newer, capsys):
    words = "journal schema 99 is newer than this floorkill"
    with pytest.raises(JournalError, match=words):
        Journal(newer, mac_key=None)
    with pytest.raises(JournalUnavailable, match=words):
        ReadOnlyJournal(newer)
    for argv in (
        ["verify", "--journal", newer],
        ["head", "--journal", newer],
        ["export", "--journal", newer, "--table", "Table 9"],
        ["import", T1, "--journal", newer],
    ):
        code, out, err = run(capsys, *argv)
        assert code == 2 and words in err and len(err.strip().splitlines()) == 1, argv
    picture = Follower(newer, grace=0).poll()  # the big screen, in words
    assert picture.waiting == WAITING_JOURNAL and words in picture.detail


def test_the_podium_labels_a_journal_error_clearly(newer, capsys):
    code, _, err = run(capsys, "--journal", newer)
    assert code == 2
    assert err.startswith("floorkill: journal: ") and "newer than this floorkill" in err
    assert "internal error" not in err

"""`floorkill backup` and the checkpoint on close: a backup is a backup.

A plain copy of a journal file misses what is still in its ``-wal``; the last writer to
close checkpoints, so a closed journal is whole in its one file; `floorkill backup` copies
an open one with SQLite's online backup API, in one consistent read, verified.
"""

from __future__ import annotations

import shutil
import sqlite3

from backuphelp import backups_under_writers
from pghelp import pg_url  # noqa: F401  (pg_url: fixture)
from storehelp import hand_events, table

from floorkill.cli import main
from floorkill.store.audit import verify_sqlite
from floorkill.store.backup import backup
from floorkill.store.journal import Journal
from floorkill.store.readonly import ReadOnlyJournal


def _journal(path, n=30):
    with Journal(path, "fp", snapshot_every=8, mac_key=None) as j:
        j.create_table(table("Table 9")).append_many(hand_events(n))
        return j.head()


def test_plain_copy_of_closed_journal_is_whole_when_a_tv_closes_last(tmp_path):
    """A read-only TV cannot checkpoint: were it the last to close, the night stayed in
    the -wal and `cp room.db` copied an empty journal."""
    path = tmp_path / "room.db"
    j = Journal(path, "fp", mac_key=None)
    s = j.create_table(table("Table 9"))
    tv = ReadOnlyJournal(path)
    tv.open_table("Table 9")
    s.append_many(hand_events(20))
    head = j.head()
    j.close()
    tv.close()  # the last to close
    (tmp_path / "copy").mkdir()
    copy = tmp_path / "copy" / "room.db"
    shutil.copyfile(path, copy)  # the file alone, as `cp room.db` takes it
    result, _ = verify_sqlite(copy)
    assert result.problems == [] and result.head == head


def test_backup_copies_an_open_journal_verified_and_prints_head(tmp_path, capsys):
    path = tmp_path / "room.db"
    j = Journal(path, "fp", mac_key=None)
    j.create_table(table("Table 9")).append_many(hand_events(25))  # all in the -wal
    gseq, h = j.head()
    try:
        assert main(["backup", "--journal", str(path), "--to", str(tmp_path / "b.db")]) == 0
    finally:
        j.close()
    out = capsys.readouterr().out
    assert f"head {h}@{gseq}" in out and "verified" in out
    result, _ = verify_sqlite(tmp_path / "b.db")
    assert result.problems == [] and result.head == (gseq, h)
    assert sorted(p.name for p in tmp_path.glob("*.db*")) == ["b.db", "room.db"]  # one file


def test_backup_never_writes_over_a_file(tmp_path, capsys):
    path = tmp_path / "room.db"
    _journal(path)
    (tmp_path / "b.db").write_text("keep me")
    assert main(["backup", "--journal", str(path), "--to", str(tmp_path / "b.db")]) == 2
    assert "already there" in capsys.readouterr().err
    assert (tmp_path / "b.db").read_text() == "keep me"


def test_backup_that_does_not_verify_keeps_no_name(tmp_path, capsys):
    path = tmp_path / "room.db"
    _journal(path)
    c = sqlite3.connect(path)
    c.execute("DROP TRIGGER events_no_update")
    c.execute("UPDATE events SET payload = replace(payload, '\"winner\":1', '\"winner\":2')")
    c.commit()
    c.close()
    assert main(["backup", "--journal", str(path), "--to", str(tmp_path / "b.db")]) == 1
    assert "does NOT verify" in capsys.readouterr().err
    assert not (tmp_path / "b.db").exists()


def test_backups_while_two_processes_append_hold_every_acknowledged_event(tmp_path):
    """20 here (bench/backup_bench.py takes 100): each verifies and holds every event a
    writer had acknowledged before it began."""
    path = tmp_path / "room.db"
    _journal(path, 5)
    got = backups_under_writers(path, tmp_path, 20)
    assert len(got) == 20
    assert got[-1][1] > got[0][0]  # the writers went on meanwhile


def test_backup_of_postgresql_journal_is_a_verified_file(pg_url, tmp_path):  # noqa: F811
    from floorkill.store.backend import open_journal

    with open_journal(pg_url, floorperson="fp", mac_key=None) as j:
        j.create_table(table("Table 9")).append_many(hand_events(12))
        gseq, h = j.head()
    counts = backup(pg_url, tmp_path / "b.db")
    assert (counts["head_seq"], counts["head"]) == (gseq, h)
    assert sorted(p.name for p in tmp_path.glob("*.db*")) == ["b.db"]

"""`floorkill migrate`: a journal file copied to PostgreSQL (and back), the chain verified
on both sides; `verify` on a PostgreSQL journal."""

from __future__ import annotations

import sqlite3

import psycopg
from storehelp import random_events, rich_table, table

from floorkill.cli import main
from floorkill.rules import Refusal
from floorkill.store.backend import open_journal
from floorkill.store.commands import verify_journal
from floorkill.store.schema import EVENT_COLUMNS

COLS = ", ".join(EVENT_COLUMNS)


def _journal_file(path, snapshot_every: int = 7) -> dict:
    """Two tables with random accepted events and voids; {table: state}."""
    states = {}
    with open_journal(path, floorperson="ann", snapshot_every=snapshot_every) as j:
        for name, seed in (("Table 7", 1), ("Table 12", 2)):
            tf = rich_table(name)
            s = j.create_table(tf)
            for i, e in enumerate(random_events(seed, 80, tf)):
                try:
                    s.append(e)
                except Refusal:  # an earlier void changed the table
                    continue
                if i % 17 == 16:
                    last = s.last_undoable()
                    s.void(last.seq, "wrong seat")
            states[name] = s.state
    return states


def _rows(where) -> list[tuple]:
    if isinstance(where, str) and where.startswith("postgresql://"):
        with psycopg.connect(where) as conn:
            return [tuple(r) for r in conn.execute(f"SELECT {COLS} FROM events ORDER BY gseq")]
    conn = sqlite3.connect(where)
    try:
        return conn.execute(f"SELECT {COLS} FROM events ORDER BY gseq").fetchall()
    finally:
        conn.close()


def test_migrate_copies_every_row_and_the_chain_verifies(tmp_path, pg_url, capsys):
    src = str(tmp_path / "journal.db")
    states = _journal_file(src)
    assert main(["migrate", "--from", src, "--to", pg_url]) == 0
    out = capsys.readouterr().out
    assert "hash chain verified on both sides" in out and "rows of 2 table(s)" in out
    assert _rows(pg_url) == _rows(src)  # byte for byte, hashes included
    assert main(["verify", "--journal", pg_url]) == 0
    assert "hash chain whole" in capsys.readouterr().out
    with open_journal(pg_url, floorperson="bob") as j:
        assert j.table_names() == ["Table 7", "Table 12"]
        for name, state in states.items():
            s = j.open_table(name)
            assert s.state == state == s.full_replay()
        rec = j.open_table("Table 7").append({"type": "hand", "winner": 1, "qualifies": False})
        assert rec.gseq == len(_rows(src)) + 1  # the chain goes on where it stopped
    assert verify_journal(pg_url)[0] == []


def test_migrate_back_to_a_file(tmp_path, pg_url):
    src = str(tmp_path / "journal.db")
    _journal_file(src)
    assert main(["migrate", "--from", src, "--to", pg_url]) == 0
    back = str(tmp_path / "back.db")
    assert main(["migrate", "--from", pg_url, "--to", back]) == 0
    assert _rows(back) == _rows(src)
    assert verify_journal(back)[0] == []


def test_migrate_refuses_a_target_that_is_not_empty(tmp_path, pg_url, capsys):
    src = str(tmp_path / "journal.db")
    _journal_file(src)
    with open_journal(pg_url) as j:
        j.create_table(table("Other"))
    assert main(["migrate", "--from", src, "--to", pg_url]) == 2
    err = capsys.readouterr().err
    assert "already holds a journal" in err and len(err.strip().splitlines()) == 1
    assert len(_rows(pg_url)) == 1


def test_migrate_refuses_a_source_that_is_not_whole(tmp_path, pg_url, capsys):
    src = str(tmp_path / "journal.db")
    _journal_file(src)
    conn = sqlite3.connect(src, isolation_level=None)
    conn.execute("DROP TRIGGER events_no_update")
    conn.execute("UPDATE events SET who = 'mallory' WHERE gseq = 5")
    conn.close()
    assert main(["migrate", "--from", src, "--to", pg_url]) == 2
    err = capsys.readouterr().err
    assert "NOT whole, nothing copied" in err and "gseq 5" in err
    with psycopg.connect(pg_url) as conn:  # nothing was created there
        assert conn.execute("SELECT to_regclass('events')").fetchone()[0] is None


def test_migrate_bad_arguments_are_one_line(tmp_path, pg_url, capsys):
    assert main(["migrate", "--from", str(tmp_path / "none.db"), "--to", pg_url]) == 2
    assert "no journal there" in capsys.readouterr().err
    src = str(tmp_path / "journal.db")
    _journal_file(src)
    assert main(["migrate", "--from", src, "--to", src]) == 2
    assert "already there" in capsys.readouterr().err


def test_verify_on_postgresql_names_a_changed_row_and_a_moved_head(pg_url, capsys):
    with open_journal(pg_url) as j:
        s = j.create_table(table("Table 9"))
        for e in random_events(4, 12, table("Table 9")):
            s.append(e)
    assert main(["verify", "--journal", pg_url]) == 0
    capsys.readouterr()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("UPDATE chain_head SET gseq = 3")
    assert main(["verify", "--journal", pg_url]) == 1
    assert "chain_head" in capsys.readouterr().out
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("ALTER TABLE events DISABLE TRIGGER events_append_only")
        conn.execute("DELETE FROM events WHERE gseq = 4")
    assert main(["verify", "--journal", pg_url]) == 1
    cap = capsys.readouterr()
    assert "gseq 5" in cap.out and "triggers missing or disabled" in cap.err


def test_import_export_and_verify_commands_on_postgresql(pg_url, tmp_path, capsys):
    from storehelp import table_text

    from floorkill.rules import load_table_file

    src = tmp_path / "t5.toml"
    src.write_text(
        table_text("Table 5")
        + "".join(
            f'[[events]]\ntype = "hand"\nwinner = {w}\nqualifies = false\n' for w in (3, 3, 5, 1)
        )
    )
    tf = load_table_file(src)
    assert main(["import", str(src), "--journal", pg_url, "--floorperson", "ann"]) == 0
    out = capsys.readouterr().out
    assert f"{tf.config.name}: new table in postgresql://" in out
    target = tmp_path / "out.toml"
    assert main(["export", "--journal", pg_url, "--table", tf.config.name, "-o", str(target)]) == 0
    assert load_table_file(target).events == tf.events
    assert main(["verify", "--journal", pg_url]) == 0
    with open_journal(pg_url) as j:
        recs = j.open_table(tf.config.name).records()
        assert recs and all(r.who == "ann" for r in recs)


def test_head_anchor_and_macs_on_postgresql(pg_url, capsys):
    key = b"k" * 32
    with open_journal(pg_url, floorperson="ann", mac_key=key) as j:
        s = j.create_table(table("Table 9"))
        for e in random_events(5, 10, table("Table 9")):
            s.append(e)
        gseq, head = j.head()
    assert main(["head", "--journal", pg_url]) == 0
    anchor = capsys.readouterr().out.strip()
    assert anchor == f"{head}@{gseq}"
    problems, _w, counts = verify_journal(pg_url, key=key)
    assert problems == [] and counts["macs"] == counts["rows"] == gseq
    assert verify_journal(pg_url, key=b"x" * 32)[0]  # another key: named
    assert main(["verify", "--journal", pg_url, "--head", anchor, "--no-key"]) == 0
    capsys.readouterr()
    with psycopg.connect(pg_url, autocommit=True) as conn:  # cut the last row
        conn.execute("ALTER TABLE events DISABLE TRIGGER events_append_only")
        conn.execute("DELETE FROM events WHERE gseq = %s", (gseq,))
        conn.execute(
            "UPDATE chain_head SET gseq = gseq - 1, hash = (SELECT hash FROM events "
            "ORDER BY gseq DESC LIMIT 1)"
        )
        conn.execute("ALTER TABLE events ENABLE TRIGGER events_append_only")
    assert main(["verify", "--journal", pg_url, "--head", anchor, "--no-key"]) == 1


def test_the_shift_report_reads_postgresql(pg_url, tmp_path, capsys):
    with open_journal(pg_url, floorperson="ann") as j:
        s = j.create_table(table("Table 9"))
        for e in random_events(6, 12, table("Table 9")):
            s.append(e)
        gseq, head = j.head()
    out = tmp_path / "shift.html"
    assert main(["report", "--journal", pg_url, "-o", str(out)]) == 0
    assert f"seal {head}@{gseq}" in capsys.readouterr().out
    assert "Table 9" in out.read_text(encoding="utf-8")

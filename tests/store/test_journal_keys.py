"""The optional key: made once in the user config dir, never in the journal, MACs every row a
writer appends; `floorkill head` and `verify --head` as commands."""

from __future__ import annotations

import sqlite3

import pytest
from storehelp import T1, hand_events, table

from floorkill.cli import main
from floorkill.store import keys
from floorkill.store.errors import JournalError
from floorkill.store.journal import Journal


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_floorkill_key_makes_one_key_in_the_config_dir_and_never_overwrites_it(tmp_path, capsys):
    code, out, _ = run(capsys, "key")
    assert code == 1 and "no key at" in out
    code, out, _ = run(capsys, "key", "--new")
    path = tmp_path / "config" / "floorkill" / "journal.key"  # XDG_CONFIG_HOME (conftest)
    assert code == 0 and str(path) in out
    assert (path.stat().st_mode & 0o777) == 0o600
    key = keys.read_key(path)
    assert len(key) == 32 and keys.key_id(key) in out
    code, _, err = run(capsys, "key", "--new")
    assert code == 2 and "already there" in err
    assert keys.read_key(path) == key


def test_a_bad_key_file_is_one_clear_line(tmp_path, capsys, monkeypatch):
    bad = tmp_path / "bad.key"
    bad.write_text("not hex at all")
    monkeypatch.setenv("FLOORKILL_KEY_FILE", str(bad))
    with pytest.raises(JournalError, match="not a floorkill key"):
        keys.load_key()
    code, _, err = run(capsys, "import", T1, "--journal", tmp_path / "j.db")
    assert code == 2 and "not a floorkill key" in err and len(err.strip().splitlines()) == 1


def test_the_writer_macs_every_row_with_the_users_key_and_the_key_stays_out(tmp_path, capsys):
    assert run(capsys, "key", "--new")[0] == 0
    path = tmp_path / "j.db"
    key = keys.load_key()
    with Journal(path, "fp") as j:  # the default: the user's key
        s = j.create_table(table())
        s.append_many(hand_events(5))
        s.void(5, "typo")
        j.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
    c = sqlite3.connect(path)
    macs = [r[0] for r in c.execute("SELECT mac FROM events ORDER BY gseq")]
    c.close()
    assert len(macs) == 7 and all(m and len(m) == 64 for m in macs)
    assert key.hex().encode() not in path.read_bytes() and key not in path.read_bytes()
    code, out, _ = run(capsys, "verify", "--journal", path)
    assert code == 0 and "every MAC checked" in out
    code, out, err = run(capsys, "verify", "--journal", path, "--no-key")
    assert code == 0 and "every MAC checked" not in out and "7 rows carry a MAC" in err


def test_head_and_verify_head_as_commands(tmp_path, capsys):
    path = tmp_path / "j.db"
    code, _, err = run(capsys, "head", "--journal", path)
    assert code == 2 and "no journal there" in err
    t1_ok = T1.with_name("t1-accepted.toml")  # t1.toml without its refused event 6
    assert run(capsys, "import", t1_ok, "--journal", path)[0] == 0
    code, anchor, _ = run(capsys, "head", "--journal", path)
    h, seq = anchor.strip().split("@")
    assert code == 0 and len(h) == 64 and seq == "6"
    with Journal(path) as j:
        assert j.head() == (6, h)
    code, out, _ = run(capsys, "verify", "--journal", path, "--head", f"{h[:16]}@6")
    assert code == 0 and "anchor @6 matches" in out and out.strip().endswith(anchor.strip())
    for bad in ("nothing", f"{h}@", f"{h[:8]}@6", f"{h}@-1"):
        code, _, err = run(capsys, "verify", "--journal", path, "--head", bad)
        assert code == 2 and "is not HASH@SEQ" in err
    code, out, _ = run(capsys, "verify", "--journal", path, "--head", f"{h}@7")
    assert code == 1 and "rows 7 to 7 were cut" in out

"""floorkill import / export / verify (docs/rules.md section 9), and tampering caught by verify."""

import json
import random
import sqlite3
import subprocess
import sys
import tomllib

import pytest
from storehelp import ROOT, T1, T1_OK, random_events, rich_table

from floorkill.cli import main
from floorkill.rules import Refusal, load_table_file, load_table_text, parse_event, replay
from floorkill.rules.config import table_file_to_dict
from floorkill.rules.replay import step_json
from floorkill.rules.state import barred_json, button_json, next_hand
from floorkill.store.atomic import write_toml
from floorkill.store.journal import Journal
from floorkill.store.session import fold_records


@pytest.fixture
def jpath(tmp_path, monkeypatch):
    path = tmp_path / "deep" / "er" / "journal.db"
    monkeypatch.setenv("FLOORKILL_JOURNAL", str(path))
    return path


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_import_prints_one_line_per_committed_event(jpath, capsys):
    code, out, err = run(capsys, "import", str(T1_OK), "--floorperson", "fp-1")
    lines = out.splitlines()
    assert lines[0].startswith("Table 12: new table")
    assert lines[1:] == [
        "Table 12 #1 hand: leg-up seat 3 [rrop-13.3]",
        "Table 12 #2 hand: kill seat 3 [rrop-13.3]",
        "Table 12 #3 hand: kill-again seat 3 [rrop-13.7]",
        "Table 12 #4 hand: kill-again seat 3 [rrop-13.4]",
        "Table 12 #5 hand: leg-up seat 4 [rrop-13.3]",
    ]
    assert code == 0 and err == ""
    assert jpath.exists()  # parent folders were created
    with Journal(jpath) as j:
        s = j.open_table("Table 12")
        assert len(s) == 5 and {r.who for r in s.records()} == {"fp-1"}


def test_import_of_a_file_with_a_refused_event_writes_nothing(jpath, capsys):
    code, out, err = run(capsys, "import", str(T1))
    # event 6 names an empty seat: refused, on stderr with its line, exit 2, nothing written
    assert "event 6 (hand) refused: seat 7 is empty" in err and "t1.toml:39" in err
    assert code == 2 and out == ""
    with Journal(jpath) as j:
        assert j.table_names() == []


def test_import_appends_to_an_existing_table(jpath, tmp_path, capsys):
    tf = load_table_file(T1)
    first = tmp_path / "first.toml"
    write_toml(first, table_file_to_dict(tf.config, tf.players, tf.events[:2]))
    second = tmp_path / "second.toml"
    write_toml(second, table_file_to_dict(tf.config, tf.players, tf.events[:5]))
    assert run(capsys, "import", str(first))[0] == 0
    code, out, _ = run(capsys, "import", str(second))  # the same history, 3 events longer
    assert code == 0
    assert out.splitlines() == [
        "Table 12: already in the journal: 2 events; appending 3",
        "Table 12 #3 hand: kill-again seat 3 [rrop-13.7]",
        "Table 12 #4 hand: kill-again seat 3 [rrop-13.4]",
        "Table 12 #5 hand: leg-up seat 4 [rrop-13.3]",
    ]


def test_import_refuses_a_different_config_or_players(jpath, tmp_path, capsys):
    assert run(capsys, "import", str(T1_OK))[0] == 0
    text = T1_OK.read_text()
    changed = tmp_path / "changed.toml"
    changed.write_text(text.replace('triggers = ["two-pots"]', 'triggers = ["scoop"]'))
    rows = _rows(jpath)
    code, out, err = run(capsys, "import", str(changed))
    assert code == 2 and out == ""
    assert "another set-up" in err and "kill triggers two-pots → scoop" in err
    assert len(err.splitlines()) == 1
    other_players = tmp_path / "players.toml"
    other_players.write_text(text.replace('name = "Cy"', 'name = "Cyd"'))
    code, _, err = run(capsys, "import", str(other_players))
    assert code == 2 and "seat 3 Cy → Cyd" in err
    assert _rows(jpath) == rows


def _rows(path):
    c = sqlite3.connect(path)
    try:
        return c.execute("SELECT count(*) FROM events").fetchone()[0]
    finally:
        c.close()


@pytest.mark.parametrize(
    "argv",
    [
        ["import", "missing.toml"],
        ["export", "--table", "Table 12"],
        ["verify"],
    ],
)
def test_bad_input_is_one_line_exit_2(jpath, capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not jpath.exists() or argv[0] == "import"


def test_bad_toml_and_unknown_table(jpath, tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text("[table\nname = 1\n")
    code, _, err = run(capsys, "import", str(bad))
    assert code == 2 and "bad.toml:1" in err
    run(capsys, "import", str(T1_OK))
    code, _, err = run(capsys, "export", "--table", "Table 99")
    assert code == 2 and "no table 'Table 99'" in err and "'Table 12'" in err


def test_no_traceback_from_the_real_command(tmp_path):
    env = {"FLOORKILL_JOURNAL": str(tmp_path / "nothing" / "j.db"), "PATH": "/usr/bin:/bin"}
    r = subprocess.run(
        [sys.executable, "-m", "floorkill", "verify"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2 and r.stderr.startswith("floorkill: ") and "Traceback" not in r.stderr


# -- export -> replay round trip ---------------------------------------------------------


def _replay_json(path):
    return [step_json(s) for s in replay(load_table_file(path))]


def _journal_steps(session):
    """What the journal shows, event by event: the stored decisions and result of each live
    record and the state folded up to it."""
    from floorkill.rules import apply, initial_state

    st = initial_state(session.config, session.players)
    live = [r for r in session.records() if r.type != "void" and not r.voided]
    out = []
    for rec in live:
        applied = apply(st, rec.event)
        st = applied.state
        high, low, scoop = rec.result if rec.result else (None, None, None)
        out.append(
            {
                "button": button_json(st),
                "next": next_hand(st).to_json(),
                "barred": barred_json(st),
                "hand": st.hands,
                "result": None
                if rec.result is None
                else {
                    "high": list(high),
                    "low": list(low),
                    "scoop": scoop,
                    "hands": [v.to_json("en") for v in applied.hands],
                },
                "decisions": [d.to_json("en") for d in rec.decisions],
            }
        )
    return out


def _compare(exported, session):
    steps = _replay_json(exported)
    assert all(s["error"] is None for s in steps)
    shown = _journal_steps(session)
    assert len(steps) == len(shown)
    for got, want in zip(steps, shown, strict=True):
        for key in ("button", "next", "barred", "result", "decisions", "hand"):
            assert got[key] == want[key], key


def test_export_replays_exactly_what_the_journal_shows(jpath, tmp_path, capsys):
    run(capsys, "import", str(T1_OK))
    out_file = tmp_path / "out" / "exported.toml"
    out_file.parent.mkdir()
    code, out, _ = run(capsys, "export", "--table", "Table 12", "--output", str(out_file))
    assert code == 0 and "5 events" in out
    with Journal(jpath) as j:
        _compare(out_file, j.open_table("Table 12"))
    # printed to stdout: the same text, and it is a table file
    code, printed, _ = run(capsys, "export", "--table", "Table 12")
    assert code == 0 and printed == out_file.read_text()
    assert tomllib.loads(printed)["table"]["name"] == "Table 12"
    # and replay --json through the real command agrees
    code, out, _ = run(capsys, "replay", str(out_file), "--json")
    assert code == 0
    assert [json.loads(line) for line in out.splitlines()] == _replay_json(out_file)


@pytest.mark.parametrize("seed", [3, 8])
def test_round_trip_of_a_rich_session(jpath, tmp_path, capsys, seed):
    tf = rich_table()
    src = tmp_path / "rich.toml"
    write_toml(src, table_file_to_dict(tf.config, tf.players, random_events(seed, 150, tf)))
    code, out, err = run(capsys, "import", str(src))
    assert code == 0, err
    assert len(out.splitlines()) == 151
    exported = tmp_path / "rich-out.toml"
    assert run(capsys, "export", "--table", "Rich", "-o", str(exported))[0] == 0
    with Journal(jpath) as j:
        _compare(exported, j.open_table("Rich"))
    canonical = [parse_event(e, 9).to_dict() for e in load_table_file(src).events]
    assert list(load_table_file(exported).events) == canonical


def test_export_leaves_out_voided_events(jpath, tmp_path, capsys):
    tf = rich_table()
    with Journal(jpath) as j:
        s = j.create_table(tf)
        evs = random_events(21, 60, tf)
        for ev in evs:
            s.append(ev)
        rng = random.Random(21)
        voided = 0
        while voided < 3:
            try:
                s.void(rng.randint(1, len(s)), "wrong entry")
                voided += 1
            except Refusal:  # a record already voided, or one a later event needs
                pass
        state = s.state
    exported = tmp_path / "v.toml"
    assert run(capsys, "export", "--table", "Rich", "-o", str(exported))[0] == 0
    back = load_table_file(exported)
    assert len(back.events) == 60 - 3
    assert fold_records(back.config, back.players, back.events) == state


def test_export_keeps_file_mode(jpath, tmp_path, capsys):
    run(capsys, "import", str(T1_OK))
    target = tmp_path / "keep.toml"
    target.write_text("old")
    target.chmod(0o640)
    assert run(capsys, "export", "--table", "Table 12", "-o", str(target))[0] == 0
    assert (target.stat().st_mode & 0o777) == 0o640
    assert load_table_text(target.read_text()).config.name == "Table 12"


def test_export_says_a_bad_snapshot_it_skipped_and_exports_the_true_table(jpath, tmp_path, capsys):
    from snaptamper import forge_newest_snapshot

    tf = rich_table()
    with Journal(jpath, snapshot_every=7) as j:
        s = j.create_table(tf)
        s.append_many(random_events(5, 30, tf))
        state = s.state
    table, seq = forge_newest_snapshot(jpath)
    exported = tmp_path / "x.toml"
    code, _, err = run(capsys, "export", "--table", "Rich", "-o", str(exported))
    assert code == 0
    assert err.splitlines() == [
        f"floorkill: warning: table {table!r}: the snapshot at seq {seq} "
        "is not the state its row records in the hash chain: skipped, "
        "the state is folded from the events (floorkill verify)"
    ]
    back = load_table_file(exported)
    assert fold_records(back.config, back.players, back.events) == state
    code, _, err = run(capsys, "export", "--lang", "ru", "--table", "Rich")
    assert code == 0 and f"снимок состояния на seq {seq} не совпадает" in err


# -- verify -------------------------------------------------------------------------------


def test_verify_ok(jpath, capsys):
    run(capsys, "import", str(T1_OK))
    code, out, err = run(capsys, "verify")
    assert code == 0 and "ok" in out and "hash chain whole" in out and err == ""


def test_verify_bad_input(tmp_path, capsys):
    notdb = tmp_path / "notdb.db"
    notdb.write_text("not a database" * 100)
    code, _, err = run(capsys, "verify", "--journal", str(notdb))
    assert code == 2 and "not a floorkill journal" in err
    code, _, err = run(capsys, "verify", "--journal", str(tmp_path))
    assert code == 2 and "not a file" in err


def _tamper_sql(path, sql):
    c = sqlite3.connect(path, isolation_level=None)
    c.execute("DROP TRIGGER events_no_update")
    c.execute(sql)
    c.close()


def test_a_changed_payload_byte_is_caught_and_the_row_named(jpath, capsys):
    run(capsys, "import", str(T1_OK))
    _tamper_sql(
        jpath,
        "UPDATE events SET payload = replace(payload, '\"winner\":3', "
        "'\"winner\":4') WHERE gseq = 3",
    )
    code, out, err = run(capsys, "verify")
    assert code == 1
    assert "row gseq 3 (table 'Table 12', seq 2): hash does not match" in out
    assert "NOT whole" in err and "triggers missing" in err


def test_a_rehashed_row_breaks_the_next_link(jpath, capsys):
    from floorkill.store.schema import row_content, row_hash

    run(capsys, "import", str(T1_OK))
    c = sqlite3.connect(jpath, isolation_level=None)
    c.execute("DROP TRIGGER events_no_update")
    row = list(
        c.execute(
            "SELECT gseq, tbl, seq, type, schema, payload, rules, decisions, "
            "result, hand, who, at, target, prev_hash FROM events WHERE gseq = 4"
        ).fetchone()
    )
    row[5] = row[5].replace('"winner":3', '"winner":4')
    new_hash = row_hash(row[13], row_content(*row[:13]))
    c.execute("UPDATE events SET payload = ?, hash = ? WHERE gseq = 4", (row[5], new_hash))
    c.close()
    code, out, _ = run(capsys, "verify")
    assert code == 1 and "row gseq 5 (table 'Table 12', seq 4): prev_hash" in out


def test_a_deleted_row_is_caught(jpath, capsys):
    run(capsys, "import", str(T1_OK))
    c = sqlite3.connect(jpath, isolation_level=None)
    c.execute("DROP TRIGGER events_no_delete")
    c.execute("DELETE FROM events WHERE gseq = 3")
    c.close()
    code, out, _ = run(capsys, "verify")
    assert code == 1 and "row gseq 4" in out and "jumps" in out


def test_a_changed_config_is_caught(jpath, capsys):
    run(capsys, "import", str(T1_OK))
    c = sqlite3.connect(jpath, isolation_level=None)
    c.execute("DROP TRIGGER tables_no_update")
    c.execute("UPDATE tables SET toml = replace(toml, 'two-pots', 'scoop')")
    c.close()
    code, out, _ = run(capsys, "verify")
    assert code == 1 and "config differs" in out and "seq 0" in out


def test_one_changed_byte_in_the_file_is_caught(jpath, capsys):
    run(capsys, "import", str(T1_OK))
    with Journal(jpath) as j:  # checkpoint: data in the main file
        j.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
    data = bytearray(jpath.read_bytes())
    needle = b'{"type":"hand","winner":4}'  # record 5's payload, once
    assert data.count(needle) == 1
    at = data.index(needle) + len(needle) - 2
    data[at] = ord("7")
    jpath.write_bytes(bytes(data))
    code, out, _ = run(capsys, "verify")
    assert code == 1
    assert "row gseq 6 (table 'Table 12', seq 5): hash does not match" in out


def test_a_changed_snapshot_or_obligation_cache_is_caught_and_rebuilt(jpath, capsys):
    from storehelp import hand_events, table

    from floorkill.rules import initial_state
    from floorkill.store.snapshot import state_to_dict

    tf = table()
    with Journal(jpath, snapshot_every=10) as j:
        s = j.create_table(tf)
        s.append_many(hand_events(25))
        s.void(22, "typo")
        good = s.state
        j.connection.execute(
            "UPDATE snapshots SET state = ? WHERE seq = 20",
            (json.dumps(state_to_dict(initial_state(tf.config, tf.players))),),
        )
        j.connection.execute('UPDATE obligations SET barred = \'[["P1", 2000, "barred"]]\'')
    code, out, _ = run(capsys, "verify")
    assert code == 1
    assert "the snapshot at seq 20 differs" in out and "obligations cache differs" in out
    with Journal(jpath, snapshot_every=10) as j:
        j.rebuild_caches()
        assert j.open_table(tf.config.name).state == good
        # every row that records a state digest in the chain (20 and the void at 26)
        assert [r[0] for r in j.connection.execute("SELECT seq FROM snapshots")] == [10, 20, 26]
    assert run(capsys, "verify")[0] == 0


def test_import_refusal_names_its_clause(jpath, tmp_path, capsys):
    from storehelp import table, table_text

    with Journal(jpath) as j:
        a = j.create_table(table("Table A"))
        a.append({"type": "hand", "winner": 3})
        a.append({"type": "hand", "winner": 3, "qualifies": True})
        a.append({"type": "quit", "seat": 3, "posts_kill": False})
    src = tmp_path / "b.toml"
    src.write_text(
        table_text("Table B", players=2)
        + '[[events]]\ntype = "join"\nseat = 4\nname = "P3"\n'
        + '[[events]]\ntype = "hand"\nwinner = 2\n'
    )
    code, out, err = run(capsys, "import", str(src))
    assert code == 2
    assert "event 1 (join) refused" in err and "[rrop-13.6]" in err and "$20" in err
    assert "nothing written" in err and out == ""  # the whole file or nothing

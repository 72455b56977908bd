"""`verify` of a big file in two processes (issue 18: verify <= 3x reading the rows once).

The other process runs ``integrity_check``, the chain pass and the replay of a share of the
tables; this one replays the rest. What two processes say must be what one says: a whole
journal gets the same verdict, a bar anywhere moves the whole replay into one process
(bars reach across tables), and anything found is reported by the one-process pass.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from storehelp import table_text
from tamper import KEY, Shell, big_pot_table, scene

from floorkill.rules import load_table_text
from floorkill.store import audit
from floorkill.store.audit import verify_sqlite
from floorkill.store.journal import Journal
from floorkill.store.schema import canonical_json, format_anchor


@pytest.fixture
def modes(monkeypatch):
    """The modes each verify ran in, in order (two processes whatever the file's size)."""
    seen: list[str] = []
    real = audit._verify_file

    def spy(path, key, anchor, mode):
        seen.append(mode)
        return real(path, key, anchor, mode)

    monkeypatch.setattr(audit, "_verify_file", spy)
    monkeypatch.setattr(audit, "cores", lambda: 2)
    return seen


def _same(path, **kw):
    """Verify in one process and in two; both verdicts."""
    one = verify_sqlite(path, parallel=False, **kw)
    two = verify_sqlite(path, parallel=True, **kw)
    return one, two


def _fields(result):
    r, integrity = result
    return (r.problems, r.warnings, r.rows, r.tables, r.head, r.schema, r.macs, integrity)


def _players_table(name, players):
    text = table_text(name, players=0)
    for seat, who in players:
        text += f'[[players]]\nseat = {seat}\nname = "{who}"\nstack = 1000\n'
    return load_table_text(text, f"<{name}>")


def _room(path, n_hands: int = 30):
    """Two tables; Zoë Hart kills at Table 14 and quits without posting: barred there and
    at Table 7 where she sits too (rrop-13.6)."""
    tbl = _players_table
    with Journal(path, "fp", snapshot_every=8, mac_key=None) as j:
        a = j.create_table(tbl("Table 14", [(1, "Zoë Hart"), (2, "Ann"), (3, "Bob")]))
        b = j.create_table(tbl("Table 7", [(2, "zoë  hart"), (4, "Cy"), (5, "Dee")]))
        for i in range(n_hands):
            b.append({"type": "hand", "winner": 4 + i % 2, "qualifies": False})
        a.append({"type": "hand", "winner": 1})
        a.append({"type": "hand", "winner": 1, "qualifies": True})
        a.append({"type": "quit", "seat": 1, "posts_kill": False})
        stamped = b.append({"type": "hand", "winner": 4, "qualifies": False})
        assert stamped.event["room"]
        for i in range(n_hands):
            b.append({"type": "hand", "winner": 4 + i % 2, "qualifies": False})
        return stamped.gseq


def test_rrop_13_6_issue_18_a_whole_scene_has_one_verdict_in_one_or_two_processes(tmp_path,
                                                                                   modes):
    path = tmp_path / "j.db"
    scene(path)
    with Journal(path, mac_key=None) as j:
        seq, h = j.head()
    one, two = _same(path, key=KEY, anchor=(seq, h))
    assert _fields(one) == _fields(two)
    assert one[0].problems == [] and one[0].macs == one[0].rows
    assert modes == ["one", "split"]                # settled by two processes, no second pass


def test_issue_18_two_processes_split_the_replay_by_table(tmp_path, modes, monkeypatch):
    """Many tables and no bar: the other process replays its share and the verdict is the
    one-process verdict (head, rows, MAC count, warnings)."""
    path = tmp_path / "j.db"
    with Journal(path, "fp", snapshot_every=5, mac_key=KEY) as j:
        ss = [j.create_table(big_pot_table(f"T{i}")) for i in range(6)]
        for k in range(120):
            ss[k % 6].append({"type": "hand", "winner": 1 + k % 4, "pot": 50 + k,
                              "qualifies": False})
        ss[2].void(len(ss[2]) - 1, "typo")
    asked = []
    real = audit._split_tables
    monkeypatch.setattr(audit, "_split_tables",
                        lambda conn, tables, share: asked.append(real(conn, tables, share))
                        or asked[-1])
    one, two = _same(path, key=KEY)
    assert _fields(one) == _fields(two) and one[0].problems == []
    assert asked and 0 < len(asked[0]) < 6       # a share of the tables, not none or all
    assert modes == ["one", "split"]


def test_rrop_13_6_issue_18_a_bar_moves_the_whole_replay_into_one_process(tmp_path, modes):
    path = tmp_path / "room.db"
    _room(path)
    one, two = _same(path)
    assert _fields(one) == _fields(two) and one[0].problems == []
    assert modes == ["one", "split", "chain"]      # the bar: the replay in global order


def test_rrop_13_6_issue_18_a_forged_join_of_a_player_barred_at_the_other_processes_table(
        tmp_path, modes, monkeypatch):
    """Zoë Hart is barred at Table 14 (the other process's share); a join at Table 7 was
    rewritten to seat her there and the chain rebuilt. Table 7's replay alone sees no bar
    and nothing wrong, so two processes must not call the file whole: the bar sends the
    replay back to one process, in global order, which names the join (rrop-13.6)."""
    path = tmp_path / "room.db"
    with Journal(path, "fp", mac_key=None) as j:
        a = j.create_table(_players_table("Table 14", [(1, "Zoë Hart"), (2, "Ann"), (3, "Bob")]))
        b = j.create_table(_players_table("Table 7", [(4, "Cy"), (5, "Dee")]))
        a.append({"type": "hand", "winner": 1})
        a.append({"type": "hand", "winner": 1, "qualifies": True})
        a.append({"type": "quit", "seat": 1, "posts_kill": False})
        joined = b.append({"type": "join", "seat": 6, "name": "Zed Hart"}).gseq
        for i in range(6):
            b.append({"type": "hand", "winner": 4 + i % 2, "qualifies": False})
    sh = Shell(path)
    sh("UPDATE events SET payload = replace(payload, 'Zed Hart', 'Zoë Hart'), "
       "decisions = replace(decisions, 'Zed Hart', 'Zoë Hart') WHERE gseq = ?", joined)
    sh.rechain()
    sh.close()
    monkeypatch.setattr(audit, "_split_tables", lambda conn, tables, share: ["Table 14"])
    one, two = _same(path)
    assert _fields(one) == _fields(two)
    assert any(f"row gseq {joined} " in p and "rrop-13.6" in p for p in two[0].problems)
    assert modes == ["one", "split", "chain", "one"]


def test_rrop_13_6_issue_18_a_stamp_removed_where_the_bar_is_at_the_other_processes_table(
        tmp_path, modes, monkeypatch):
    """Table 7's stamped event lost its stamp and the chain was rebuilt: named as one
    process names it, whichever process finds it first."""
    path = tmp_path / "room.db"
    gseq = _room(path)
    sh = Shell(path)
    payload = json.loads(sh("SELECT payload FROM events WHERE gseq = ?", gseq).fetchone()[0])
    del payload["room"]
    sh("UPDATE events SET payload = ? WHERE gseq = ?", canonical_json(payload), gseq)
    sh.rechain()
    sh.close()
    monkeypatch.setattr(audit, "_split_tables", lambda conn, tables, share: ["Table 14"])
    one, two = _same(path)
    assert _fields(one) == _fields(two)
    assert any(f"row gseq {gseq} " in p and "room stamp" in p for p in two[0].problems)
    assert modes[-1] == "one" and modes[:2] == ["one", "split"]


@pytest.mark.parametrize("edit", ["pot", "decision", "hash", "who"])
def test_issue_18_a_broken_journal_is_reported_as_one_process_reports_it(tmp_path, modes,
                                                                        edit):
    path = tmp_path / "j.db"
    at = scene(path)
    sh = Shell(path)
    if edit == "pot":                                         # the rules decide otherwise
        sh("UPDATE events SET payload = replace(payload, '\"pot\":120', '\"pot\":1200') "
           "WHERE gseq = ?", at["pot120"])
        sh.rechain()
    elif edit == "decision":
        sh("UPDATE events SET decisions = replace(decisions, 'leg-up', 'kill') WHERE gseq = ?",
           at["pot120"])
        sh.rechain()
    elif edit == "hash":                                      # the chain alone sees it
        sh("UPDATE events SET hand = hand + 1 WHERE gseq = ?", at["last"])
    else:
        sh("UPDATE events SET who = 'mallory' WHERE gseq = ?", at["kill"])
    sh.close()
    one, two = _same(path, key=KEY)
    assert one[0].problems and _fields(one) == _fields(two)
    assert modes == ["one", "split", "one"]


def test_issue_18_no_second_process_verify_runs_in_one(tmp_path, modes, monkeypatch):
    path = tmp_path / "j.db"
    scene(path)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "no-python-here"))
    one, two = _same(path, key=KEY)
    assert _fields(one) == _fields(two) and one[0].problems == []
    assert modes == ["one", "split"]              # split asked; no process: all done here


def test_issue_18_a_second_process_that_dies_changes_no_verdict(tmp_path, modes, monkeypatch):
    path = tmp_path / "j.db"
    scene(path)
    monkeypatch.setattr(audit, "_start_child", lambda *a: subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.stdout.write('{\"ok\": '); sys.exit(3)"],
        stdout=subprocess.PIPE, text=True))
    one, two = _same(path, key=KEY)
    assert _fields(one) == _fields(two) and one[0].problems == []
    assert modes == ["one", "split", "one"]


def test_issue_18_the_key_is_never_on_a_command_line(tmp_path, monkeypatch):
    path = tmp_path / "j.db"
    scene(path)
    monkeypatch.setattr(audit, "cores", lambda: 2)
    lines = []
    real = subprocess.Popen

    def spy(args, *a, **kw):
        lines.append(" ".join(map(str, args)))
        return real(args, *a, **kw)

    monkeypatch.setattr(subprocess, "Popen", spy)
    result, _ = verify_sqlite(path, key=KEY, parallel=True)
    assert result.problems == [] and result.macs == result.rows
    assert lines and not any(KEY.hex() in line for line in lines)


def test_issue_18_the_other_process_reads_only_up_to_the_rows_this_one_sees(tmp_path):
    """A writer may go on: the other process stops at the last gseq this read saw."""
    path = tmp_path / "j.db"
    at = scene(path)
    with Journal(path, mac_key=None) as j:
        meta = {k: v for k, v in j.connection.execute("SELECT key, value FROM meta")}
        tables = {n: (t, c, w) for n, t, c, w in j.connection.execute(
            "SELECT name, toml, created, who FROM tables ORDER BY rowid")}
        seq, h = j.head()
        earlier = j.connection.execute("SELECT hash FROM events WHERE gseq = ?",
                                       (at["void"],)).fetchone()[0]
    verdict = audit._child_pass(str(path), at["void"], True, meta, {"Table 7": tables["Table 7"]},
                                KEY, None)
    assert verdict["problems"] == [] and verdict["rows"] == at["void"]
    assert verdict["head"] == [at["void"], earlier] and not verdict["doubt"]
    assert format_anchor(seq, h)                   # the whole file goes further
    assert seq > at["void"]


COLUMNS = ("type", "payload", "rules", "decisions", "result", "hand", "who", "at", "target",
           "state_hash", "prev_hash", "hash", "mac")


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    path = tmp_path_factory.mktemp("scene") / "scene.db"
    scene(path)
    return path


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(gseq=st.integers(1, 11), column=st.sampled_from(COLUMNS), rechain=st.booleans())
def test_issue_18_any_one_edit_gets_the_one_process_verdict_from_two(template, tmp_path,
                                                                      monkeypatch, gseq,
                                                                      column, rechain):
    path = tmp_path / f"e-{gseq}-{column}-{rechain}.db"
    shutil.copy(template, path)
    sh = Shell(path)
    value = sh(f"SELECT {column} FROM events WHERE gseq = ?", gseq).fetchone()[0]
    if value is None:
        new = 1 if column == "target" else "x"
    elif isinstance(value, int):
        new = value + 1
    else:
        new = value[:-1] + ("0" if value[-1:] != "0" else "1")
    sh(f"UPDATE events SET {column} = ? WHERE gseq = ?", new, gseq)
    if rechain and column not in ("prev_hash", "hash"):
        sh.rechain()
    sh.close()
    monkeypatch.setattr(audit, "cores", lambda: 2)
    one, two = _same(path, key=KEY)
    assert one[0].problems and _fields(one) == _fields(two)

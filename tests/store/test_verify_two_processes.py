"""`verify` of a big file in two processes (issue 18: verify <= 3x reading the rows once).

The other process runs ``integrity_check``, the chain pass and the replay of a share of the
tables; this one replays the rest. Each replays without the room, then they swap their
tables' owed kills and each checks its rows' stamps and joins against the whole room (a bar
reaches every table, rrop-13.6). What two processes say must be what one says: a whole
journal gets the same verdict, bars or none, and anything found is reported by the
one-process pass.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from storehelp import table_text
from tamper import KEY, Shell, big_pot_table, edit_one, scene

from floorkill.rules import load_table_text
from floorkill.store import audit
from floorkill.store.audit import verify_sqlite
from floorkill.store.journal import Journal
from floorkill.store.schema import canonical_json

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from test_room_rules import TABLES as ROOM_TABLES  # noqa: E402
from test_room_rules import histories as ROOM_HISTORIES  # noqa: E402

verify_two_split = types.SimpleNamespace(share=[])  # the tables the other one replays


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


def test_rrop_13_6_issue_18_a_whole_scene_has_one_verdict_in_one_or_two_processes(tmp_path, modes):
    path = tmp_path / "j.db"
    scene(path)
    with Journal(path, mac_key=None) as j:
        seq, h = j.head()
    one, two = _same(path, key=KEY, anchor=(seq, h))
    assert _fields(one) == _fields(two)
    assert one[0].problems == [] and one[0].macs == one[0].rows
    assert modes == ["one", "split"]  # settled by two processes, no second pass


@pytest.mark.parametrize("in_sql", [True, False])
def test_issue_18_two_processes_split_the_replay_by_table(tmp_path, modes, monkeypatch, in_sql):
    """Many tables and no bar: the other process replays its share and the verdict is the
    one-process verdict (head, rows, MAC count, warnings)."""
    path = tmp_path / "j.db"
    with Journal(path, "fp", snapshot_every=5, mac_key=KEY) as j:
        ss = [j.create_table(big_pot_table(f"T{i}")) for i in range(6)]
        for k in range(120):
            ss[k % 6].append(
                {"type": "hand", "winner": 1 + k % 4, "pot": 50 + k, "qualifies": False}
            )
        ss[2].void(len(ss[2]) - 1, "typo")
    asked = []
    real = audit._split_tables
    monkeypatch.setattr(
        audit,
        "_split_tables",
        lambda conn, tables, share: asked.append(real(conn, tables, share)) or asked[-1],
    )
    if not in_sql:  # so many tables of the other process
        monkeypatch.setattr(audit, "SQL_LIST_MAX", 0)
    one, two = _same(path, key=KEY)
    assert _fields(one) == _fields(two) and one[0].problems == []
    assert asked and 0 < len(asked[0]) < 6  # a share of the tables, not none or all
    assert modes == ["one", "split"]


@pytest.mark.parametrize("theirs", [["Table 14"], ["Table 7"], [], ["Table 14", "Table 7"]])
def test_rrop_13_6_issue_18_a_bar_at_one_processes_table_reaches_the_others(
    tmp_path, modes, monkeypatch, theirs
):
    """Zoë Hart is barred at Table 14 and sits at Table 7 too: Table 7's events carry the
    stamp, whichever process replays which table; two processes find the journal whole as
    one does."""
    path = tmp_path / "room.db"
    _room(path)
    monkeypatch.setattr(audit, "_split_tables", lambda conn, tables, share: theirs)
    one, two = _same(path)
    assert _fields(one) == _fields(two) and one[0].problems == []
    assert modes == ["one", "split"]


def _rewrite(path, sql: str, *args) -> None:
    """One UPDATE as an attacker with the sqlite3 shell makes it, the chain rebuilt."""
    sh = Shell(path)
    sh(sql, *args)
    sh.rechain()
    sh.close()


def _named_alike(monkeypatch, path, gseq: int, words: str) -> None:
    """Table 14 replayed by the other process: both verdicts name row ``gseq``."""
    monkeypatch.setattr(audit, "_split_tables", lambda conn, tables, share: ["Table 14"])
    one, two = _same(path)
    assert _fields(one) == _fields(two)
    assert any(f"row gseq {gseq} " in p and words in p for p in two[0].problems)


def test_rrop_13_6_issue_18_a_forged_join_of_a_player_barred_at_the_other_processes_table(
    tmp_path, modes, monkeypatch
):
    """Zoë Hart is barred at Table 14 (the other process's share); a join at Table 7 was
    rewritten to seat her there and the chain rebuilt. Table 7's replay alone sees no bar
    and nothing wrong: the room's check, with the other process's owed kills, refuses the
    join, and the one-process pass names it (rrop-13.6)."""
    path = tmp_path / "room.db"
    with Journal(path, "fp", mac_key=None) as j:
        a = j.create_table(_players_table("Table 14", [(1, "Zoë Hart"), (2, "Ann"), (3, "Bob")]))
        b = j.create_table(_players_table("Table 7", [(4, "Cy"), (5, "Dee")]))
        a.append({"type": "hand", "winner": 1})
        a.append({"type": "hand", "winner": 1, "qualifies": True})
        a.append({"type": "quit", "seat": 1, "posts_kill": False})
        for i in range(4):
            b.append({"type": "hand", "winner": 4 + i % 2, "qualifies": False})
        joined = b.append({"type": "join", "seat": 6, "name": "Zed Hart"}).gseq
        for i in range(4):  # Table 7's last row is the join: no stamp after it
            a.append({"type": "hand", "winner": 2 + i % 2, "qualifies": False})
    _rewrite(
        path,
        "UPDATE events SET payload = replace(payload, 'Zed Hart', 'Zoë Hart'), "
        "decisions = replace(decisions, 'Zed Hart', 'Zoë Hart') WHERE gseq = ?",
        joined,
    )
    _named_alike(monkeypatch, path, joined, "rrop-13.6")
    assert modes == ["one", "split", "one"]


def test_rrop_13_6_issue_18_a_stamp_removed_where_the_bar_is_at_the_other_processes_table(
    tmp_path, modes, monkeypatch
):
    """Table 7's stamped event lost its stamp and the chain was rebuilt: named as one
    process names it, whichever process finds it first."""
    path = tmp_path / "room.db"
    gseq = _room(path)
    sh = Shell(path)
    payload = json.loads(sh("SELECT payload FROM events WHERE gseq = ?", gseq).fetchone()[0])
    sh.close()
    del payload["room"]
    _rewrite(path, "UPDATE events SET payload = ? WHERE gseq = ?", canonical_json(payload), gseq)
    _named_alike(monkeypatch, path, gseq, "room stamp")
    assert modes == ["one", "split", "one"]


def test_issue_18_rulings_changed_since_are_warned_in_row_order_from_both_processes(
    tmp_path, modes, monkeypatch
):
    """Rows of both tables written under rules version 1 whose rulings differ today: the
    warnings come in row order, as one process writes them, whichever process replayed
    which row."""
    path = tmp_path / "j.db"
    scene(path)
    sh = Shell(path)
    sh(
        "UPDATE events SET rules = '1', decisions = replace(decisions, '\"code\":\"', "
        "'\"code\":\"was-') WHERE type = 'hand'"
    )
    sh("UPDATE events SET state_hash = NULL")  # and a warning after the rows: snapshots
    sh.rechain()
    sh.close()
    monkeypatch.setattr(audit, "_split_tables", lambda conn, tables, share: ["Table 12"])
    one, two = _same(path)
    assert _fields(one) == _fields(two) and one[0].problems == []
    changed = [w for w in one[0].warnings if "earlier rules version" in w]
    gseqs = [int(w.split()[2]) for w in changed]
    assert len(changed) >= 4 and gseqs == sorted(gseqs)
    assert {"Table 12", "Table 7"} <= {w.split("'")[1] for w in changed}
    after = [i for i, w in enumerate(one[0].warnings) if "not in the chain" in w]
    assert after and min(after) > one[0].warnings.index(changed[-1])
    assert modes == ["one", "split"]


@pytest.mark.parametrize("edit", ["pot", "decision", "hash", "who"])
def test_issue_18_a_broken_journal_is_reported_as_one_process_reports_it(tmp_path, modes, edit):
    path = tmp_path / "j.db"
    at = scene(path)
    sh = Shell(path)
    if edit == "pot":  # the rules decide otherwise
        sh(
            "UPDATE events SET payload = replace(payload, '\"pot\":120', '\"pot\":1200') "
            "WHERE gseq = ?",
            at["pot120"],
        )
        sh.rechain()
    elif edit == "decision":
        sh(
            "UPDATE events SET decisions = replace(decisions, 'leg-up', 'kill') WHERE gseq = ?",
            at["pot120"],
        )
        sh.rechain()
    elif edit == "hash":  # the chain alone sees it
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
    assert modes == ["one", "split", "one"]  # no second process: all done in one


@pytest.mark.parametrize(
    "last_words", ["", '{"bars": []}\n', '{"bars": []}\n{"verdict": \n', "nonsense\n"]
)
def test_issue_18_a_second_process_that_dies_changes_no_verdict(
    tmp_path, modes, monkeypatch, last_words
):
    path = tmp_path / "j.db"
    scene(path)
    monkeypatch.setattr(
        audit,
        "_start_child",
        lambda ask: subprocess.Popen(
            [sys.executable, "-c", f"import sys; sys.stdout.write({last_words!r}); sys.exit(3)"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        ),
    )
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
    import io

    path = tmp_path / "j.db"
    at = scene(path)
    with Journal(path, mac_key=None) as j:
        meta = {k: v for k, v in j.connection.execute("SELECT key, value FROM meta")}
        tables = {
            n: [t, c, w]
            for n, t, c, w in j.connection.execute(
                "SELECT name, toml, created, who FROM tables ORDER BY rowid"
            )
        }
        seq, _ = j.head()
        earlier = j.connection.execute(
            "SELECT hash FROM events WHERE gseq = ?", (at["void"],)
        ).fetchone()[0]
    inbox, outbox = io.StringIO('{"bars": []}\n'), io.StringIO()
    verdict = audit._child_pass(
        {
            "path": str(path),
            "file": [path.stat().st_dev, path.stat().st_ino],
            "last": at["void"],
            "v2": True,
            "meta": meta,
            "tables": {"Table 7": tables["Table 7"]},
            "order": ["Table 12", "Table 7"],
            "key": KEY.hex(),
            "anchor": None,
        },
        inbox,
        outbox,
    )
    assert audit._whole(verdict) and outbox.getvalue() == '{"bars": []}\n'
    assert verdict["rows"] == at["void"] < seq
    assert verdict["head"] == [at["void"], earlier]


COLUMNS = (
    "type",
    "payload",
    "rules",
    "decisions",
    "result",
    "hand",
    "who",
    "at",
    "target",
    "state_hash",
    "prev_hash",
    "hash",
    "mac",
)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(gseq=st.integers(1, 11), column=st.sampled_from(COLUMNS), rechain=st.booleans())
def test_issue_18_any_one_edit_gets_the_one_process_verdict_from_two(
    scene_file, tmp_path, monkeypatch, gseq, column, rechain
):
    path = tmp_path / f"e-{gseq}-{column}-{rechain}.db"
    shutil.copy(scene_file, path)
    sh = Shell(path)
    edit_one(sh, gseq, column)
    if rechain and column not in ("prev_hash", "hash"):
        sh.rechain()
    sh.close()
    monkeypatch.setattr(audit, "cores", lambda: 2)
    one, two = _same(path, key=KEY)
    assert one[0].problems and _fields(one) == _fields(two)


# -- any room: random histories over three tables (wins, missed kills, quits, joins under
#    spelling variants, payments at any table), whole or with one room-relevant edit


def _room_journal(path, history):
    import tomli_w

    from floorkill.rules import Refusal
    from floorkill.rules.config import config_from_dict, table_file_to_dict
    from floorkill.ui.floor import TableRegistry

    files = {n: config_from_dict(d) for n, d in ROOM_TABLES.items()}
    with Journal(path, "prop", snapshot_every=6, mac_key=None) as j:
        sessions = {}
        for n, f in files.items():
            text = tomli_w.dumps(table_file_to_dict(f.config, f.players, ()))
            sessions[n] = j.create_table(load_table_text(text), text)
        reg = TableRegistry(sessions["A"], j)
        for table, raw in history:
            try:
                reg.append(sessions[table], raw)
            except Refusal:
                pass


def _room_edit(path, pick: int) -> bool:
    """One edit a floorperson's enemy could make to what the room decides, the chain
    rebuilt: a stamp dropped, a stamp forged, an amount in a stamp changed, a joining
    player renamed to a barred one. False when the journal offers none."""
    sh = Shell(path)
    rows = sh(
        "SELECT gseq, payload FROM events WHERE type NOT IN ('create', 'void') ORDER BY gseq"
    ).fetchall()
    barred = [json.loads(p)["room"][0]["player"] for _g, p in rows if json.loads(p).get("room")]
    edits = []
    for g, p in rows:
        data = json.loads(p)
        if data.get("room"):
            edits.append((g, {k: v for k, v in data.items() if k != "room"}))
            changed = json.loads(p)
            changed["room"][0]["owes"] = changed["room"][0]["owes"] + 1
            edits.append((g, changed))
        elif data["type"] == "hand":
            edits.append((g, {**data, "room": [{"player": "Ann", "owes": 20, "table": "B"}]}))
        if data["type"] == "join" and barred:
            edits.append((g, {**data, "name": barred[pick % len(barred)]}))
    if not edits:
        sh.close()
        return False
    g, data = edits[pick % len(edits)]
    sh("UPDATE events SET payload = ? WHERE gseq = ?", canonical_json(data), g)
    sh.rechain()
    sh.close()
    return True


ROOM_SETTINGS = settings(
    max_examples=30,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def _split_as(monkeypatch, theirs) -> None:
    monkeypatch.setattr(verify_two_split, "share", sorted(theirs))
    monkeypatch.setattr(
        audit, "_split_tables", lambda conn, tables, share: list(verify_two_split.share)
    )


@ROOM_SETTINGS
@given(
    history=st.deferred(lambda: ROOM_HISTORIES()), theirs=st.sets(st.sampled_from(["A", "B", "C"]))
)
def test_rrop_13_6_issue_18_any_whole_room_is_whole_in_two_processes(
    tmp_path_factory, monkeypatch, history, theirs
):
    path = tmp_path_factory.mktemp("room") / "journal.db"
    _room_journal(path, history)
    _split_as(monkeypatch, theirs)
    one, two = _same(path)
    assert one[0].problems == [] and _fields(one) == _fields(two)


@ROOM_SETTINGS
@given(
    history=st.deferred(lambda: ROOM_HISTORIES()),
    theirs=st.sets(st.sampled_from(["A", "B", "C"])),
    pick=st.integers(0, 1000),
)
def test_rrop_13_6_issue_18_any_room_edit_gets_the_one_process_report_from_two(
    tmp_path_factory, monkeypatch, history, theirs, pick
):
    path = tmp_path_factory.mktemp("room") / "journal.db"
    _room_journal(path, history)
    edited = _room_edit(path, pick)
    _split_as(monkeypatch, theirs)
    one, two = _same(path)
    assert _fields(one) == _fields(two)
    assert bool(one[0].problems) == edited


# -- the file itself odd (found by a review: each made two processes say whole) ----------


def _insert_table(path, name, rowid: int = 0) -> None:
    """A ``tables`` row no creation row backs (an INSERT: the triggers allow it)."""
    import sqlite3

    c = sqlite3.connect(path)
    toml, created, who = c.execute("SELECT toml, created, who FROM tables LIMIT 1").fetchone()
    c.execute(
        "INSERT INTO tables(rowid, name, name_key, toml, created, who) VALUES (?, ?, 'x', ?, ?, ?)",
        (rowid, name, toml, created, who),
    )
    c.commit()
    c.close()


def _append_forged(path, table: str, n: int) -> None:
    """``n`` rows of ``table`` chained from the head, garbage inside (INSERTs only)."""
    import sqlite3

    from floorkill.store.schema import row_content, row_hash

    c = sqlite3.connect(path, isolation_level=None)
    cols = [r[1] for r in c.execute("PRAGMA table_info(events)")]
    row = dict(zip(cols, c.execute("SELECT * FROM events ORDER BY gseq DESC LIMIT 1").fetchone()))
    prev = row["hash"]
    for i in range(n):
        row.update(
            gseq=row["gseq"] + 1,
            tbl=table,
            seq=i,
            type="anything",
            payload="not even json",
            state_hash=None,
            target=None,
            mac=None,
            prev_hash=prev,
        )
        row["hash"] = prev = row_hash(prev, row_content(*[row[k] for k in cols[:13]], None))
        c.execute(
            f"INSERT INTO events({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
            [row[k] for k in cols],
        )
    c.close()


@pytest.mark.parametrize(
    "case", ["ghost table", "null name", "integer name", "null gseq", "blob who"]
)
def test_issue_18_an_odd_file_gets_the_one_process_report_from_two(
    tmp_path, modes, monkeypatch, case
):
    path = tmp_path / "j.db"
    scene(path, key=None)
    if case == "ghost table":  # a tables row and no creation row
        _insert_table(path, "Ghost")
    elif case == "null name":  # a NULL-named tables row, rows of no table
        _append_forged(path, "Evil", 50)
        _insert_table(path, None)
    else:
        sh = Shell(path)
        sh("PRAGMA foreign_keys=OFF")
        sh("PRAGMA legacy_alter_table=ON")
        if case == "integer name":  # tables.name 5, the rows say '5'
            sh("UPDATE events SET tbl = '5' WHERE tbl = 'Table 7'")
            ddl = sh("SELECT sql FROM sqlite_master WHERE name='tables'").fetchone()[0]
            sh("ALTER TABLE tables RENAME TO tables_old")
            sh(ddl.replace("name     TEXT PRIMARY KEY", "name     INT PRIMARY KEY"))
            sh("INSERT INTO tables SELECT * FROM tables_old")
            sh("DROP TABLE tables_old")
            sh("UPDATE tables SET name = 5 WHERE name = 'Table 7'")
            sh.rechain()
            monkeypatch.setattr(audit, "_split_tables", lambda conn, tables, share: [5])
        elif case == "null gseq":  # gseq no longer the rowid: a NULL row
            ddl = sh("SELECT sql FROM sqlite_master WHERE name='events'").fetchone()[0]
            sh("ALTER TABLE events RENAME TO events_old")
            sh(ddl.replace("gseq       INTEGER PRIMARY KEY", "gseq       INTEGER"))
            sh("INSERT INTO events SELECT * FROM events_old")
            sh("DROP TABLE events_old")
            sh(
                "INSERT INTO events SELECT NULL, tbl, 4, type, schema, payload, rules, "
                "decisions, result, hand, who, at, target, prev_hash, hash, state_hash, mac "
                "FROM events WHERE gseq = 10"
            )
        else:  # a BLOB where the tables row keeps text
            sh("UPDATE tables SET who = X'41' WHERE name = 'Table 7'")
        sh.close()
    one, two = _same(path)
    assert one[0].problems and _fields(one) == _fields(two)
    assert modes[:2] == ["one", "split"] and modes[-1] == "one"


def test_issue_18_a_journal_swapped_while_it_is_read_is_verified_as_one_file(
    tmp_path, modes, monkeypatch
):
    """The file at the path is replaced after this process opened it, before the other
    one does: the two would read two files (this one's tables from one, the chain from the
    other). The other process sees another file and the one-process pass verifies the
    file that is there now."""
    import os

    path, good = tmp_path / "j.db", tmp_path / "good.db"
    scene(path, key=None)
    shutil.copy(path, good)
    sh = Shell(path)
    sh("UPDATE events SET who = 'mallory' WHERE gseq = 9")  # a broken hash
    sh.close()
    real = audit._start_child

    def swap_then_start(ask):
        shutil.copy(good, tmp_path / "spare.db")
        os.replace(tmp_path / "spare.db", path)
        return real(ask)

    monkeypatch.setattr(audit, "_start_child", swap_then_start)
    result, _ = verify_sqlite(path, parallel=True)
    assert modes == ["split", "one"] and result.problems == []
    assert result == verify_sqlite(good, parallel=False)[0]


def test_issue_18_the_other_process_runs_this_floorkill_not_one_in_the_current_folder(
    tmp_path, monkeypatch
):
    """A floorkill/ package in the folder verify runs from (another checkout, or a planted
    one that answers 'whole') is never the code that checks the chain."""
    path = tmp_path / "j.db"
    scene(path, key=None)
    sh = Shell(path)
    sh("UPDATE events SET who = 'mallory' WHERE gseq = 9")  # a broken hash
    sh.close()
    evil = tmp_path / "evil" / "floorkill" / "store"
    evil.mkdir(parents=True)
    (evil.parent / "__init__.py").write_text("")
    (evil / "__init__.py").write_text("")
    (evil / "audit.py").write_text(
        "import json, sys\n"
        "def child_main():\n"
        "    sys.stdin.readline()\n"
        "    print(json.dumps({'bars': []}), flush=True)\n"
        "    sys.stdin.readline()\n"
        "    print(json.dumps({'verdict': {'integrity': ['ok'], 'problems': [], "
        "'warnings': [], 'rows': 11, 'head': [11, 'x'], 'macs': 0, 'old_rules': 0}}), "
        "flush=True)\n"
    )
    monkeypatch.chdir(evil.parent.parent)
    monkeypatch.setattr(audit, "_split_tables", lambda conn, tables, share: ["Table 7"])
    one, two = _same(path)
    assert one[0].problems and _fields(one) == _fields(two)

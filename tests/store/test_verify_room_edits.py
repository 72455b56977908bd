"""`verify` of what the room decides, after a journal was edited and its chain rebuilt.

A table's rows carry the room as they stood when written (a stamp of the bars of its
seated players at other tables; a join refused when the player owes a kill elsewhere,
rrop-13.6): verify replays every table in the journal's order and names each row the room
contradicts, and a journal file made odd (a tables row no creation backs, a NULL or an
integer table name, a NULL gseq, a BLOB) gets problems, never a whole verdict.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from storehelp import table_text
from tamper import Shell, scene

from floorkill.rules import load_table_text
from floorkill.store.audit import verify_sqlite
from floorkill.store.journal import Journal
from floorkill.store.schema import canonical_json

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from test_room_rules import TABLES as ROOM_TABLES  # noqa: E402
from test_room_rules import histories as ROOM_HISTORIES  # noqa: E402


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


def _rewrite(path, sql: str, *args) -> None:
    """One UPDATE as an attacker with the sqlite3 shell makes it, the chain rebuilt."""
    sh = Shell(path)
    sh(sql, *args)
    sh.rechain()
    sh.close()


def _named(path, gseq: int, words: str) -> None:
    result, _ = verify_sqlite(path)
    assert any(f"row gseq {gseq} " in p and words in p for p in result.problems), result.problems


def test_rrop_13_6_a_forged_join_of_a_player_barred_at_another_table_is_named(tmp_path):
    """Zoë Hart is barred at Table 14; a join at Table 7 was rewritten to seat her there
    and the chain rebuilt: verify refuses the join as the rules would (rrop-13.6)."""
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
    _named(path, joined, "rrop-13.6")


def test_rrop_13_6_a_stamp_removed_where_the_bar_is_at_another_table_is_named(tmp_path):
    """Table 7's stamped event lost its stamp (Zoë Hart's bar at Table 14) and the chain
    was rebuilt."""
    path = tmp_path / "room.db"
    gseq = _room(path)
    sh = Shell(path)
    payload = json.loads(sh("SELECT payload FROM events WHERE gseq = ?", gseq).fetchone()[0])
    sh.close()
    del payload["room"]
    _rewrite(path, "UPDATE events SET payload = ? WHERE gseq = ?", canonical_json(payload), gseq)
    _named(path, gseq, "room stamp")


def test_rulings_changed_since_are_warned_in_row_order_before_the_caches(tmp_path):
    """Rows of two tables written under rules version 1 whose rulings differ today:
    warnings, not problems, in row order, and before the caches' warnings."""
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
    result, _ = verify_sqlite(path)
    assert result.problems == []
    changed = [w for w in result.warnings if "earlier rules version" in w]
    gseqs = [int(w.split()[2]) for w in changed]
    assert len(changed) >= 4 and gseqs == sorted(gseqs)
    assert {"Table 12", "Table 7"} <= {w.split("'")[1] for w in changed}
    after = [i for i, w in enumerate(result.warnings) if "not in the chain" in w]
    assert after and min(after) > result.warnings.index(changed[-1])


# -- any room: random histories over three tables (wins, missed kills, quits, joins under
#    spelling variants, payments at any table), whole or with one room-relevant edit


def _room_journal(path, history):
    import tomli_w

    from floorkill.floor.tables import TableRegistry
    from floorkill.rules import Refusal
    from floorkill.rules.config import config_from_dict, table_file_to_dict

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


ROOM_SETTINGS = settings(
    max_examples=30,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@ROOM_SETTINGS
@given(history=st.deferred(lambda: ROOM_HISTORIES()))
def test_rrop_13_6_any_whole_room_verifies_whole(tmp_path_factory, history):
    path = tmp_path_factory.mktemp("room") / "journal.db"
    _room_journal(path, history)
    assert verify_sqlite(path)[0].problems == []


@ROOM_SETTINGS
@given(history=st.deferred(lambda: ROOM_HISTORIES()), pick=st.integers(0, 1000))
def test_rrop_13_6_any_room_edit_is_found(tmp_path_factory, history, pick):
    path = tmp_path_factory.mktemp("room") / "journal.db"
    _room_journal(path, history)
    edited = _room_edit(path, pick)
    assert bool(verify_sqlite(path)[0].problems) == edited


# -- the file itself odd


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
    row = dict(
        zip(
            cols,
            c.execute("SELECT * FROM events ORDER BY gseq DESC LIMIT 1").fetchone(),
            strict=True,
        )
    )
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
def test_an_odd_file_gets_problems(tmp_path, case):
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
    assert verify_sqlite(path)[0].problems

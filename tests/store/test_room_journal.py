"""Room-wide bars in the journal (rrop-13.6): every table of one journal, every process."""

from __future__ import annotations

import io
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import tomli_w
from storehelp import table, table_text

from floorkill.rules import Refusal, load_table_text, next_hand
from floorkill.rules.config import table_file_to_dict
from floorkill.rules.replay import replay
from floorkill.store.commands import cmd_export, cmd_import, verify_journal
from floorkill.store.journal import Journal
from floorkill.store.readonly import ReadOnlyJournal

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def jpath(tmp_path):
    return tmp_path / "journal.db"


def _players_text(name: str, players: list[tuple[int, str]]) -> str:
    text = table_text(name, players=0)
    for seat, who in players:
        text += f'[[players]]\nseat = {seat}\nname = "{who}"\nstack = 1000\n'
    return text


def _table(name, players):
    return load_table_text(_players_text(name, players), f"<{name}>")


def _bar_zoe(a):
    """Zoë Hart (seat 1 of Table 14) kills by two wins, then quits without posting."""
    a.append({"type": "hand", "winner": 1})
    a.append({"type": "hand", "winner": 1, "qualifies": True})
    a.append({"type": "quit", "seat": 1, "posts_kill": False})
    assert a.state.is_barred("Zoë Hart")


def _two_tables(j):
    a = j.create_table(_table("Table 14", [(1, "Zoë Hart"), (2, "Ann"), (3, "Bob")]))
    b = j.create_table(_table("Table 7", [(2, "zoë  hart"), (4, "Cy"), (5, "Dee")]))
    return a, b


def test_rrop_13_6_a_bar_at_a_holds_at_b_where_she_already_sits(jpath):
    with Journal(jpath, "fp") as j:
        a, b = _two_tables(j)
        _bar_zoe(a)
        seen = b.state
        assert seen.is_barred("Zoë Hart") and seen.owed("ZOË HART").table == "Table 14"
        assert 2 not in next_hand(seen).dealt_in
        with pytest.raises(Refusal) as exc:
            b.append({"type": "hand", "winner": 2})
        assert exc.value.cites == ("rrop-13.6",) and "Table 14" in exc.value.text()
        rec = b.append({"type": "hand", "winner": 4})
        assert rec.event["room"] == [{"player": "zoë  hart", "owes": 20, "table": "Table 14"}]
        rec = b.append({"type": "hand", "winner": 5})
        assert "room" not in rec.event  # stamped once, on change
        assert j.barred_elsewhere("Table 7") == {"zoë hart": (2000, "Table 14")}


def test_rrop_13_6_pay_at_b_is_one_event_at_a_and_lifts_everywhere(jpath):
    with Journal(jpath, "fp") as j:
        a, b = _two_tables(j)
        _bar_zoe(a)
        b.append({"type": "hand", "winner": 4})
        rows = j.connection.execute("SELECT count(*) FROM events").fetchone()[0]
        rec = b.append({"type": "pay_kill", "name": "ZOË HART"})
        assert j.connection.execute("SELECT count(*) FROM events").fetchone()[0] == rows + 1
        assert j.connection.execute(
            "SELECT tbl, type FROM events ORDER BY gseq DESC LIMIT 1"
        ).fetchone() == ("Table 14", "pay_kill")
        assert rec.decisions[0].code == "paid"
        assert not a.state.is_barred("Zoë Hart") and not b.state.is_barred("Zoë Hart")
        assert b.append({"type": "hand", "winner": 2}).event["room"] == []


def test_players_seated_when_a_table_is_created_or_opened_are_barred(jpath):
    with Journal(jpath, "fp") as j:
        a = j.create_table(_table("Table 14", [(1, "Zoë Hart"), (2, "Ann"), (3, "Bob")]))
        _bar_zoe(a)
        c = j.create_table(_table("Table 3", [(1, "Cy"), (6, "ZOË HART"), (7, "Dee")]))
        assert c.state.is_barred("Zoë Hart")
    with Journal(jpath, "fp") as j:  # a new process
        c = j.open_table("Table 3")
        assert c.state.owed("zoë hart").table == "Table 14"
        with pytest.raises(Refusal, match="Table 14"):
            c.append({"type": "hand", "winner": 6})
    with ReadOnlyJournal(jpath) as ro:  # the big screen's way in
        assert ro.open_table("Table 3").state.is_barred("Zoë Hart")


def test_a_void_of_the_bar_lifts_it_at_b(jpath):
    with Journal(jpath) as j:
        a, b = _two_tables(j)
        _bar_zoe(a)
        assert b.state.is_barred("Zoë Hart")
        a.void(len(a), "she posted after all")
        assert not b.state.is_barred("Zoë Hart")
        b.append({"type": "hand", "winner": 2})


def test_export_replays_and_verify_is_whole_with_stamps(jpath, tmp_path):
    with Journal(jpath) as j:
        a, b = _two_tables(j)
        _bar_zoe(a)
        for w in (4, 5, 4):
            b.append({"type": "hand", "winner": w})
        b.append({"type": "pay_kill", "name": "Zoë Hart"})
        b.append({"type": "hand", "winner": 2})
        folded = b.folded
    out = io.StringIO()
    assert cmd_export(jpath, "Table 7", out=out) == 0
    steps = replay(load_table_text(out.getvalue(), "<export>"))
    assert all(s.refusal is None for s in steps) and steps[-1].state == folded
    problems, _warnings, _counts = verify_journal(jpath)
    assert problems == []


def test_import_refuses_each_event_where_a_room_barred_player_wins(jpath, tmp_path):
    with Journal(jpath) as j:
        a = j.create_table(_table("Table 14", [(1, "Zoë Hart"), (2, "Ann"), (3, "Bob")]))
        _bar_zoe(a)
    tf = _table("Table 7", [(2, "Zoë Hart"), (4, "Cy"), (5, "Dee")])
    doc = table_file_to_dict(
        tf.config,
        tf.players,
        [
            {"type": "hand", "winner": 4},
            {"type": "hand", "winner": 2},  # refused: barred at Table 14
            # a forged stamp saying nobody is barred: replaced by the journal's room
            {"type": "hand", "winner": 2, "room": []},
            {"type": "hand", "winner": 5},
        ],
    )
    path = tmp_path / "t7.toml"
    path.write_text(tomli_w.dumps(doc), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert cmd_import(path, jpath, out=out, err=err) == 2
    refused = [line for line in err.getvalue().splitlines() if "refused:" in line]
    assert len(refused) == 2
    assert all("Table 14" in line and "rrop-13.6" in line for line in refused)
    assert "event 2 " in refused[0] and "event 3 " in refused[1]
    # the import is checked whole and written all or nothing
    # (test_a_refused_event_anywhere_writes_nothing_not_even_the_table): not even the table
    assert "2 events refused; nothing written" in err.getvalue()
    with Journal(jpath) as j:
        assert j.table_names() == ["Table 14"]


def test_rrop_13_6_an_exported_stamped_table_imports_again_and_its_new_tail_is_checked(
    jpath, tmp_path
):
    """Export writes each event's room stamp; importing the file back is "already in the
    journal" (the stamp is the writer's, not the event's content: it once made event 1
    "differ" from itself), and a tail naming the room-barred player as winner is refused
    per event, naming the table where the kill is owed."""
    with Journal(jpath) as j:
        a, b = _two_tables(j)
        _bar_zoe(a)
        b.append({"type": "hand", "winner": 4})  # stamped: Zoë barred at 14
        assert "room" in b.records(0, 1)[0].event
    path = tmp_path / "t7.toml"
    out, err = io.StringIO(), io.StringIO()
    assert cmd_export(jpath, "Table 7", out=out) == 0
    path.write_text(out.getvalue(), encoding="utf-8")
    assert "room = [" in out.getvalue()
    out, err = io.StringIO(), io.StringIO()
    assert cmd_import(path, jpath, out=out, err=err) == 0, err.getvalue()
    assert "already in the journal: 1 event" in out.getvalue()
    path.write_text(
        path.read_text(encoding="utf-8")
        + '[[events]]\ntype = "hand"\nwinner = 2\n'
        + '[[events]]\ntype = "hand"\nwinner = 5\n',
        encoding="utf-8",
    )
    out, err = io.StringIO(), io.StringIO()
    assert cmd_import(path, jpath, out=out, err=err) == 2
    [refused] = [line for line in err.getvalue().splitlines() if "refused:" in line]
    assert "event 2 " in refused and "Table 14" in refused and "rrop-13.6" in refused
    with Journal(jpath) as j:
        assert len(j.open_table("Table 7")) == 1  # all or nothing


def test_a_bar_recorded_by_another_process_reaches_this_one(jpath):
    """Process 1 (a subprocess) bars Zoë at Table 14; here, Table 7 learns it by polling
    ``changed()`` (PRAGMA data_version), with no write of its own."""
    with Journal(jpath, "podium-2") as j:
        _a, b = _two_tables(j)
        assert not j.changed() and not b.state.is_barred("Zoë Hart")
        script = textwrap.dedent(f"""
            import sys; sys.path.insert(0, {str(ROOT)!r})
            from floorkill.store.journal import Journal
            with Journal({str(jpath)!r}, "podium-1") as j:
                a = j.open_table("Table 14")
                a.append({{"type": "hand", "winner": 1}})
                a.append({{"type": "hand", "winner": 1, "qualifies": True}})
                a.append({{"type": "quit", "seat": 1, "posts_kill": False}})
        """)
        subprocess.run([sys.executable, "-c", script], check=True, timeout=60)
        assert j.changed()
        assert b.state.is_barred("Zoë Hart") and b.state.owed("Zoë Hart").table == "Table 14"
        with pytest.raises(Refusal, match="Table 14"):
            b.append({"type": "hand", "winner": 2})
        b.append({"type": "pay_kill", "name": "Zoë Hart"})  # stored at Table 14
        assert not b.state.is_barred("Zoë Hart")
    with Journal(jpath) as j:
        assert not j.open_table("Table 14").state.is_barred("Zoë Hart")


@pytest.mark.parametrize("how", ["void", "correct"])
def test_rrop_13_6_a_bar_undone_behind_the_room_read_by_another_podium_lifts_here(jpath, how):
    """Podium 2 has read the room (Table 14 folded up to its quit: Zoë barred). Podium 1 then
    voids that quit, or corrects the hand that made her the killer: a row naming a record
    podium 2's fold already holds. Podium 2's room folds Table 14 again, not just the new
    row on top of what it held: the bar is gone here too, and Table 7 deals her in."""
    with Journal(jpath, "podium-1") as j1:
        a, _b = _two_tables(j1)
        _bar_zoe(a)
        with Journal(jpath, "podium-2") as j2:
            b2 = j2.open_table("Table 7")
            j2.changed()
            assert b2.state.is_barred("Zoë Hart")
            if how == "void":
                a.void(len(a), "she posted after all")
            else:
                a.correct(2, {"type": "hand", "winner": 2}, settle={3: "keep"}, reason="seat 2")
            assert not a.state.is_barred("Zoë Hart")
            assert j2.changed()
            assert not b2.state.is_barred("Zoë Hart")
            b2.append({"type": "hand", "winner": 2})


def test_the_room_cache_reads_only_tables_written_since(jpath):
    with Journal(jpath) as j:
        tables = [j.create_table(table(f"T{i}", players=3)) for i in range(5)]
        room = j.room()
        tables[0].append({"type": "hand", "winner": 1})
        assert j.room() is not room or j.room() == room  # own write: no reload needed
        statements = []
        j.connection.set_trace_callback(statements.append)
        j.room()
        j.connection.set_trace_callback(None)
        assert len(statements) == 1  # just the head


def test_the_room_catch_up_reads_the_rows_after_its_head_not_the_whole_journal(jpath):
    """Each hand entered asks which tables moved since the room was last read (ROOM_DELTA).
    Its work may not grow with the journal: it once scanned every row's (tbl, seq) index
    entry on every submit (2.4x the one-table submit in bench/room_bench.py mid-evening).
    Counted in SQLite VM steps: the same with 40 rows and with 2,000."""
    from floorkill.store.room_cache import ROOM_DELTA

    def steps(conn) -> int:
        head = conn.execute("SELECT max(gseq) FROM events").fetchone()[0]
        count = [0]

        def tick() -> int:
            count[0] += 1
            return 0

        conn.set_progress_handler(tick, 1)
        try:
            rows = conn.execute(ROOM_DELTA, (head - 1,)).fetchall()
        finally:
            conn.set_progress_handler(None, 1)
        assert [r[0] for r in rows] == ["T0"]  # the one table written last
        return count[0]

    with Journal(jpath) as j:
        t0 = j.create_table(table("T0", players=3))
        others = [j.create_table(table(f"T{i}", players=3)) for i in range(1, 4)]
        for s in (*others, t0):
            s.append_many([{"type": "hand", "winner": 1 + k % 3} for k in range(9)])
        few = steps(j.connection)
        for s in (*others, t0):
            s.append_many([{"type": "hand", "winner": 1 + k % 3} for k in range(490)])
        many = steps(j.connection)
    assert many <= few + 20, (few, many)


def test_verify_checks_each_stamp_against_the_global_order(jpath):
    from floorkill.rules.room import Room

    with Journal(jpath) as j:
        a, b = _two_tables(j)
        _bar_zoe(a)
        b.append({"type": "hand", "winner": 4})  # stamped: Zoë barred at 14
        a.void(len(a), "posted after all")  # lifted
        b.append({"type": "hand", "winner": 2})  # stamped: [] (she may win)
    assert verify_journal(jpath)[0] == []
    with Journal(jpath) as j:  # a writer with a wrong room
        a, b = j.open_table("Table 14"), j.open_table("Table 7")
        a.append({"type": "quit", "seat": 1, "posts_kill": False})  # the kill still pending
        j._rooms._room = Room()  # forgets the bar (a bug)
        b.append({"type": "hand", "winner": 4})
    problems = verify_journal(jpath)[0]
    assert len(problems) == 1 and "room stamp" in problems[0] and "Table 7" in problems[0]

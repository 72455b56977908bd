"""The journal: WAL + FULL, tables, append, records, append-only rows, cross-table bars."""

import sqlite3

import pytest
from storehelp import T1, hand_events, table, table_text

import floorkill
from floorkill.rules import Refusal, initial_state, load_table_file, load_table_text
from floorkill.store.errors import JournalError, TableExists, UnknownTable
from floorkill.store.journal import Journal, table_toml
from floorkill.store.session import MemorySession


@pytest.fixture
def jpath(tmp_path):
    return tmp_path / "j" / "journal.db"


def test_pragmas_and_parent_folder(jpath):
    with Journal(jpath, "fp") as j:
        c = j.connection
        assert c.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert c.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert c.execute("PRAGMA busy_timeout").fetchone()[0] > 0
        assert c.isolation_level is None
    assert jpath.exists()


def test_every_write_is_begin_immediate_commit(jpath):
    tf = table()
    with Journal(jpath, "fp") as j:
        s = j.create_table(tf)
        statements = []
        j.connection.set_trace_callback(statements.append)
        s.append(hand_events(1)[0])
        j.connection.set_trace_callback(None)
    # the room is read first when this process has not read it yet, outside the lock
    begin = statements.index("BEGIN IMMEDIATE")
    assert all(st.startswith(("SELECT", "WITH")) for st in statements[:begin])
    assert statements[-1] == "COMMIT"
    assert not any(st.startswith("BEGIN") for st in statements[begin + 1 :])


def test_create_open_names_and_duplicates(jpath):
    tf = load_table_file(T1)
    other = table("Table 7")
    with Journal(jpath, "fp") as j:
        j.create_table(tf)
        j.create_table(other, table_text("Table 7"))
        assert j.table_names() == ["Table 12", "Table 7"]
        with pytest.raises(TableExists):
            j.create_table(tf)
        with pytest.raises(TableExists):  # case-insensitive names
            j.create_table(load_table_text(table_text("table 7")))
        with pytest.raises(UnknownTable, match="Table 12"):
            j.open_table("No such table")
        s = j.open_table("table 12")
        assert s.name == "Table 12" and s.config == tf.config and s.players == tf.players
        assert len(s) == 0 and s.state == initial_state(tf.config, tf.players)
        stored = j.connection.execute(
            "SELECT toml, created, who FROM tables WHERE name=?", ("Table 12",)
        ).fetchone()
    assert "[[events]]" not in stored[0] and "events" not in load_table_text(stored[0]).events
    assert stored[1].endswith("Z") and stored[2] == "fp"


def test_create_table_refuses_a_text_that_differs(jpath):
    with Journal(jpath) as j:
        with pytest.raises(JournalError, match="same config"):
            j.create_table(table("Table 9"), table_text("Table 9", players=3))


def test_append_matches_the_memory_session_and_is_durable(jpath):
    tf = load_table_file(T1)
    mem = MemorySession(tf.config, tf.players, who="fp")
    with Journal(jpath, "fp") as j:
        s = j.create_table(tf)
        for raw in tf.events[:5]:
            a, b = s.append(raw), mem.append(raw)
            assert (a.seq, a.type, dict(a.event), a.decisions, a.result, a.hand, a.who) == (
                b.seq,
                b.type,
                dict(b.event),
                b.decisions,
                b.result,
                b.hand,
                b.who,
            )
            assert a.gseq == a.seq + 1  # row 1 is the table's creation
        assert s.state == mem.state
    with Journal(jpath) as j:  # reopened: the same
        s = j.open_table("Table 12")
        assert s.state == mem.state and len(s) == 5
        recs = s.records()
        assert [r.seq for r in recs] == [1, 2, 3, 4, 5]
        assert [r.decisions for r in recs] == [r.decisions for r in mem.records()]
        assert [r.result for r in recs] == [r.result for r in mem.records()]


def test_row_columns(jpath):
    tf = load_table_file(T1)
    with Journal(jpath, "floor-7") as j:
        s = j.create_table(tf)
        s.append(tf.events[0])
        row = j.connection.execute(
            "SELECT gseq, tbl, seq, type, schema, payload, rules, decisions, result, hand, who, "
            "at, target, prev_hash, hash FROM events WHERE seq = 1"
        ).fetchone()
    (
        gseq,
        tbl,
        seq,
        type_,
        schema,
        payload,
        rules,
        decisions,
        result,
        hand,
        who,
        at,
        target,
        prev,
        h,
    ) = row
    assert (gseq, tbl, seq, type_, schema) == (2, "Table 12", 1, "hand", 1)
    assert payload == '{"type":"hand","winner":3}'
    assert rules == floorkill.RULES_VERSION
    assert '"code":"leg-up"' in decisions and '"cites":["rrop-13.3"]' in decisions
    assert result == '{"high":[3],"low":[],"scoop":3}'
    assert (hand, who, target) == (1, "floor-7", None)
    assert at.endswith("Z") and len(prev) == 64 and len(h) == 64 and prev != h


def test_refused_events_are_never_written(jpath):
    tf = load_table_file(T1)
    with Journal(jpath) as j:
        s = j.create_table(tf)
        s.append(tf.events[0])
        before = j.connection.execute("SELECT count(*) FROM events").fetchone()[0]
        with pytest.raises(Refusal):
            s.append({"type": "hand", "winner": 7})  # seat 7 is empty
        with pytest.raises(Refusal):
            s.append({"type": "bogus"})
        with pytest.raises(Refusal):
            s.append_many([{"type": "hand", "winner": 3}, {"type": "hand", "winner": 7}])
        assert j.connection.execute("SELECT count(*) FROM events").fetchone()[0] == before
        assert len(s) == 1


def test_events_and_tables_are_append_only(jpath):
    with Journal(jpath) as j:
        s = j.create_table(table())
        s.append(hand_events(1)[0])
        c = j.connection
        for sql in (
            "UPDATE events SET payload = '{}' WHERE seq = 1",
            "DELETE FROM events WHERE seq = 1",
            "UPDATE tables SET toml = ''",
            "DELETE FROM tables",
        ):
            with pytest.raises(sqlite3.DatabaseError, match="append-only"):
                c.execute(sql)
        assert c.execute("SELECT count(*) FROM events").fetchone()[0] == 2


def test_records_paging_with_slices(jpath):
    with Journal(jpath) as j:
        s = j.create_table(table())
        s.append_many(hand_events(30))
        assert [r.seq for r in s.records(-3)] == [28, 29, 30]
        assert [r.seq for r in s.records(10, 13)] == [11, 12, 13]
        assert s.records(40) == [] and s.records(5, 5) == []
        assert len(s.records()) == 30
        assert s.last_undoable().seq == 30


def test_two_connections_writing_one_table_stay_in_step(jpath):
    tf = table()
    with Journal(jpath, "a") as ja, Journal(jpath, "b") as jb:
        sa = ja.create_table(tf)
        sb = jb.open_table(tf.config.name)
        evs = hand_events(6)
        for i, ev in enumerate(evs):
            (sa if i % 2 else sb).append(ev)
        assert len(sa) == 6 and len(sb) == 5  # sb has not seen sa's last row
        assert sb.refresh() and sb.state == sa.state and len(sb) == 6
        assert not sb.refresh()
        seqs = [
            r[0]
            for r in ja.connection.execute(
                "SELECT seq FROM events WHERE tbl = ? ORDER BY gseq", (tf.config.name,)
            )
        ]
    assert seqs == list(range(7))


def test_not_a_journal(tmp_path):
    bad = tmp_path / "bad.db"
    bad.write_text("hello, not sqlite " * 100)
    with pytest.raises(JournalError, match="not a floorkill journal"):
        Journal(bad)
    other = tmp_path / "other.db"
    c = sqlite3.connect(other)
    c.execute("CREATE TABLE x(y)")
    c.commit()
    c.close()
    with pytest.raises(JournalError, match="not a floorkill journal"):
        Journal(other)
    with pytest.raises(JournalError, match="no journal"):
        Journal(tmp_path / "missing.db", create=False)
    with pytest.raises(JournalError, match="folder"):
        Journal(tmp_path)


# -- obligations across tables (rrop-13.6) --------------------------------------


def _bar_p3(session):
    """P3 wins twice (second leg qualifies: kill), then quits without posting: barred."""
    session.append({"type": "hand", "winner": 3})
    session.append({"type": "hand", "winner": 3, "qualifies": True})
    assert session.state.button.killed and session.state.button.seat == 3
    session.append({"type": "quit", "seat": 3, "posts_kill": False})
    assert session.state.is_barred("P3")


def test_a_barred_player_is_refused_at_every_table_until_paid(jpath):
    a_tf = table("Table A")
    b_tf = table("Table B", players=2)
    with Journal(jpath, "fp") as j:
        a = j.create_table(a_tf)
        b = j.create_table(b_tf)
        _bar_p3(a)
        assert j.barred_elsewhere("Table B") == {"p3": (2000, "Table A")}
        with pytest.raises(Refusal) as exc:
            b.append({"type": "join", "seat": 5, "name": "p3"})  # names are case-insensitive
        assert "rrop-13.6" in exc.value.cites
        assert "$20" in exc.value.text() and "Table A" in exc.value.text()
        assert len(b) == 0
    with Journal(jpath, "fp") as j:  # still barred after a restart
        b = j.open_table("Table B")
        with pytest.raises(Refusal):
            b.append({"type": "join", "seat": 5, "name": "P3"})
        j.open_table("Table A").append({"type": "pay_kill", "name": "P3"})
        rec = b.append({"type": "join", "seat": 5, "name": "P3"})
        assert rec.type == "join" and b.state.seat_of("P3") == 5


def test_a_void_of_the_bar_frees_the_player_elsewhere(jpath):
    with Journal(jpath) as j:
        a = j.create_table(table("Table A"))
        b = j.create_table(table("Table B", players=2))
        _bar_p3(a)
        a.void(3, "he posted after all")
        assert j.barred_elsewhere("Table B") == {}
        b.append({"type": "join", "seat": 5, "name": "P3"})


def test_stale_obligation_cache_is_rebuilt(jpath):
    with Journal(jpath) as j:
        a = j.create_table(table("Table A"))
        j.create_table(table("Table B", players=2))
        _bar_p3(a)
        j.connection.execute("DELETE FROM obligations")  # a cache: may vanish
        b = j.open_table("Table B")
        with pytest.raises(Refusal):
            b.append({"type": "join", "seat": 5, "name": "P3"})
        j.connection.execute(
            "UPDATE obligations SET seq = 1, barred = '[]' WHERE tbl = 'Table A'"
        )  # stale: seq behind
        with pytest.raises(Refusal):
            b.append({"type": "join", "seat": 5, "name": "P3"})


def test_table_toml_has_no_events():
    tf = load_table_file(T1)
    text = table_toml(tf)
    back = load_table_text(text)
    assert back.events == () and back.config == tf.config and back.players == tf.players


def test_open_or_create(jpath):
    from floorkill.store.errors import ConfigMismatch

    tf = table("Table 5")
    with Journal(jpath) as j:
        s, created = j.open_or_create(tf)
        assert created and s.name == "Table 5"
        s.append(hand_events(1)[0])
        again, created = j.open_or_create(tf)
        assert not created and len(again) == 1 and again.state == s.state
        with pytest.raises(ConfigMismatch) as exc:
            j.open_or_create(table("Table 5", triggers='["scoop"]'))
        assert exc.value.differences == [
            "kill.triggers: ('two-pots',) in the journal, ('scoop',) in the file"
        ]
        with pytest.raises(ConfigMismatch, match="initial players differ"):
            j.open_or_create(table("Table 5", players=4))


def test_wal_switch_waits_for_a_podium_opening_the_same_new_file(jpath, monkeypatch):
    """SQLite answers a journal-mode change that races another connection with BUSY at
    once (no busy handler); a podium opening a new journal while another holds it
    must wait and retry, not fail (the CI flake of podiums starting together)."""
    import threading

    from floorkill.store import journal as journal_mod

    jpath.parent.mkdir(parents=True)
    holder = sqlite3.connect(str(jpath), isolation_level=None)
    holder.execute("CREATE TABLE x(a)")
    holder.execute("DROP TABLE x")
    holder.execute("BEGIN IMMEDIATE")  # a racing podium mid-write: BUSY at once, no wait
    retried = threading.Event()
    real_sleep = journal_mod.time.sleep

    def sleep(seconds):
        retried.set()
        real_sleep(seconds)

    monkeypatch.setattr(journal_mod.time, "sleep", sleep)
    out: list = []
    t = threading.Thread(target=lambda: out.append(_open_or_error(jpath)))
    t.start()
    assert retried.wait(10), "the WAL switch never retried"
    holder.execute("COMMIT")
    holder.close()
    t.join(10)
    j = out[0]
    assert isinstance(j, Journal), j
    assert j.connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    j.close()


def _open_or_error(path):
    try:
        return Journal(path, "fp")
    except Exception as exc:  # noqa: BLE001 — any error is the test's failure, above
        return exc

"""One journal test suite, run against both backends: the SQLite file and PostgreSQL.

Every test takes ``where`` (a journal path or URL) and opens it only through
``floorkill.store.backend.open_journal``: what passes here holds for either journal.
"""

from __future__ import annotations

import pytest
from pghelp import eventually, ro_url
from storehelp import hand_events, random_events, rich_table, table

from floorkill.rules import Refusal
from floorkill.store.backend import is_url, open_journal
from floorkill.store.commands import verify_journal
from floorkill.store.errors import JournalError, TableChanged, TableExists


def readonly_of(where: str):
    return open_journal(ro_url(where) if is_url(where) else where, readonly=True)


def tamper(where: str, sql: str) -> None:
    """Change the journal behind floorkill's back (disabling the append-only triggers)."""
    if is_url(where):
        import psycopg

        with psycopg.connect(where, autocommit=True) as conn:
            conn.execute("ALTER TABLE events DISABLE TRIGGER USER")
            conn.execute(sql)
            conn.execute("ALTER TABLE events ENABLE TRIGGER USER")
        return
    import sqlite3

    conn = sqlite3.connect(where, isolation_level=None)
    conn.execute("DROP TRIGGER events_no_update")
    conn.execute(sql)
    conn.close()


def _bar_p3(session):
    """P3 wins twice (the second leg qualifies: kill), then quits without posting: barred."""
    session.append({"type": "hand", "winner": 3})
    session.append({"type": "hand", "winner": 3, "qualifies": True})
    session.append({"type": "quit", "seat": 3, "posts_kill": False})
    assert session.state.is_barred("P3")


# -- records, reopening, who ------------------------------------------------------


def test_append_reopen_same_state_and_who(where):
    tf = rich_table("Table 7")
    events = random_events(7, 60, tf)
    with open_journal(where, floorperson="ann") as j:
        s = j.create_table(tf)
        recs = [s.append(e) for e in events]
        assert [r.seq for r in recs] == list(range(1, 61))
        assert all(r.who == "ann" for r in recs)
        state = s.state
    with open_journal(where, floorperson="bob") as j:
        again = j.open_table("table 7")  # case-insensitive
        assert again.state == state == again.full_replay()
        assert [r.who for r in again.records(-3)] == ["ann"] * 3
        assert [r.gseq for r in again.records(0, 2)] == [2, 3]  # gseq 1 is the creation
        assert j.table_names() == ["Table 7"]
        with pytest.raises(TableExists):
            j.create_table(tf)


def test_refused_event_writes_nothing(where):
    with open_journal(where) as j:
        s = j.create_table(table("Table 1"))
        s.append(hand_events(1)[0])
        with pytest.raises(Refusal):
            s.append({"type": "hand", "winner": 42})
        with pytest.raises(Refusal):
            s.append_many([hand_events(1)[0], {"type": "join", "seat": 1, "name": "X"}])
        assert len(s) == 1
    with open_journal(where) as j:
        assert len(j.open_table("Table 1")) == 1


def test_void_undo_and_its_refusals(where):
    with open_journal(where, floorperson="ann") as j:
        s = j.create_table(table("Table 2"))
        for e in hand_events(5):
            s.append(e)
        last = s.last_undoable()
        assert last.seq == 5
        v = s.void(5, "wrong seat")
        assert v.type == "void" and v.event == {"type": "void", "target": 5, "reason": "wrong seat"}
        assert s.last_undoable().seq == 4
        assert s.records(4, 5)[0].voided
        for bad in ((5, "again"), (6, "a void"), (99, "nothing"), (3, "  ")):
            with pytest.raises(Refusal):
                s.void(*bad)
        assert s.state == s.full_replay()
        assert len(s) == 6


def test_snapshots_reopen_and_a_void_behind_a_snapshot(where):
    tf = rich_table("Table 3")
    events = random_events(3, 40, tf)
    with open_journal(where, snapshot_every=4) as j:
        s = j.create_table(tf)
        for e in events:
            s.append(e)
        target = next(
            r for r in reversed(s.records()) if r.type == "hand" and not r.voided and r.seq < 30
        )
        try:
            s.void(target.seq, "behind a snapshot")
        except Refusal:
            pass  # a later event needs it: refused, fine too
        state = s.state
        assert state == s.full_replay()
    with open_journal(where, snapshot_every=4) as j:
        assert j.open_table("Table 3").state == state
        j.rebuild_caches()
        assert j.open_table("Table 3").state == state
    problems, _warnings, counts = verify_journal(where)
    assert problems == [] and counts["tables"] == 1


# -- room-wide bars ---------------------------------------------------------------


def test_a_barred_player_is_refused_at_every_table_until_paid(where):
    with open_journal(where, floorperson="fp") as j:
        a = j.create_table(table("Table A"))
        b = j.create_table(table("Table B", players=2))
        _bar_p3(a)
        assert j.barred_elsewhere("Table B") == {"p3": (2000, "Table A")}
        with pytest.raises(Refusal) as exc:
            b.append({"type": "join", "seat": 5, "name": "p3"})
        assert "rrop-13.6" in exc.value.cites
    with open_journal(where, floorperson="fp") as j:  # after a restart too
        b = j.open_table("Table B")
        with pytest.raises(Refusal):
            b.append({"type": "join", "seat": 5, "name": "P3"})
        j.open_table("Table A").append({"type": "pay_kill", "name": "P3"})
        assert b.append({"type": "join", "seat": 5, "name": "P3"}).type == "join"


def test_a_void_of_the_bar_frees_the_player_elsewhere(where):
    with open_journal(where) as j:
        a = j.create_table(table("Table A"))
        b = j.create_table(table("Table B", players=2))
        _bar_p3(a)
        a.void(3, "he posted after all")
        assert j.barred_elsewhere("Table B") == {}
        b.append({"type": "join", "seat": 5, "name": "P3"})


# -- several podiums on one journal ------------------------------------------------


def test_a_stale_podium_is_refused_and_catches_up(where):
    with open_journal(where, floorperson="ann") as ja, open_journal(where, floorperson="bob") as jb:
        a = ja.create_table(table("Table 7"))
        for e in hand_events(40):
            a.append(e)
        b = jb.open_table("Table 7")
        seen = len(b)
        assert seen == 40
        a.append({"type": "hand", "winner": 2}, expect_seq=40)  # hand 41, by ann
        with pytest.raises(TableChanged) as exc:
            b.append({"type": "hand", "winner": 5}, expect_seq=seen)
        assert str(exc.value) == (
            "Table 7 changed: hand 41 was just entered by ann — check and enter again"
        )
        assert exc.value.text("ru") == (
            "Table 7: только что введено — раздача 41 (ann); проверьте и введите ещё раз"
        )
        assert len(b) == 41 and b.state == a.state  # caught up, nothing written
        rec = b.append({"type": "hand", "winner": 5}, expect_seq=len(b))
        assert rec.seq == 42 and rec.who == "bob"
    problems, _w, _c = verify_journal(where)
    assert problems == []


def test_the_next_entry_sees_a_bar_another_podium_just_recorded(where):
    """A podium drafts its entry from the room it last read; another podium barred P3
    since. The entry must be folded again against the room at the locked chain head (and
    refused), with no ``changed()`` in between."""
    with open_journal(where, floorperson="ann") as ja, open_journal(where, floorperson="bob") as jb:
        a = ja.create_table(table("Table A"))
        ja.create_table(table("Table B", players=2))
        b = jb.open_table("Table B")
        b.append({"type": "hand", "winner": 1})  # bob's room is read: no bars
        _bar_p3(a)  # ann bars P3 at Table A
        with pytest.raises(Refusal) as exc:
            b.append({"type": "join", "seat": 5, "name": "P3"})
        assert "rrop-13.6" in exc.value.cites and len(b) == 1
        b_ann = ja.open_table("Table B")
        b_ann.append({"type": "hand", "winner": 2})  # Table B moved under bob
        rec = b.append({"type": "hand", "winner": 1})  # no expect_seq: folded after it
        assert rec.seq == 3 and b.state == ja.open_table("Table B").state
        a.append({"type": "pay_kill", "name": "P3"})
        assert b.append({"type": "join", "seat": 5, "name": "P3"}).seq == 4
    problems, _w, _c = verify_journal(where)
    assert problems == []


def test_undo_must_target_what_the_floorperson_saw(where):
    """The measured bug: Ctrl+Z on one podium offered #84 while the other had recorded #85;
    confirming voided #84 and left #85 live. Now it is refused and nothing is voided."""
    with open_journal(where, floorperson="ann") as ja, open_journal(where, floorperson="bob") as jb:
        a = ja.create_table(table("Table 7"))
        for e in hand_events(84):
            a.append(e)
        b = jb.open_table("Table 7")
        offered, seen = b.last_undoable(), len(b)
        assert offered.seq == 84
        a.append(hand_events(1, 84)[0], expect_seq=84)  # #85 on podium 1
        with pytest.raises(TableChanged) as exc:
            b.void(offered.seq, "misclick", expect_seq=seen)
        assert "check and undo again" in str(exc.value) and "ann" in str(exc.value)
        assert b.last_undoable().seq == 85 and not b.records(83, 84)[0].voided


def test_followers_see_other_podiums_commits(where):
    with open_journal(where, floorperson="ann") as ja, open_journal(where, floorperson="bob") as jb:
        a = ja.create_table(table("Table 7"))
        b = jb.open_table("Table 7")
        jb.changed()  # start following
        assert not jb.changed()
        a.append(hand_events(1)[0])
        assert eventually(jb.changed)
        assert b.refresh() and len(b) == 1 and b.state == a.state
        assert not b.refresh()
        b.append(hand_events(1, 1)[0])
        assert eventually(ja.changed)


def test_following_catches_every_open_table_up_in_one_look(where):
    """What a podium's follow tick does (Floor.follow): every open table of this journal
    caught up with one read of their last seqs; only the tables that moved are folded."""
    with open_journal(where, floorperson="ann") as ja, open_journal(where, floorperson="bob") as jb:
        a7, a8 = ja.create_table(table("Table 7")), ja.create_table(table("Table 8"))
        ja.create_table(table("Table 9"))
        b7, b8, b9 = (jb.open_table(n) for n in ("Table 7", "Table 8", "Table 9"))
        for e in hand_events(3):
            a7.append(e)
        a8.append(hand_events(1)[0])
        assert jb.refresh_sessions([b7, b8, b9]) == [b7, b8]  # Table 9 did not move
        assert (len(b7), len(b8), len(b9)) == (3, 1, 0)
        assert b7.state == a7.state and b8.state == a8.state
        assert jb.refresh_sessions([b7, b8, b9]) == []
        assert ja.refresh_sessions([b7]) == []  # another journal's: left


def test_the_read_only_journal_follows_and_cannot_write(where):
    with open_journal(where, floorperson="ann") as j:
        s = j.create_table(table("Table 7"))
        s.append(hand_events(1)[0])
        ro = readonly_of(where)
        try:
            view = ro.open_table("Table 7")
            assert view.state == s.state and ro.table_names() == ["Table 7"]
            ro.changed()
            s.append(hand_events(1, 1)[0])
            assert eventually(ro.changed)
            assert ro.refresh(view) and view.state == s.state
            assert not hasattr(view, "append")
            with pytest.raises(JournalError):
                ro._run(lambda c: c.execute("INSERT INTO meta(key, value) VALUES ('x', 'y')"))
        finally:
            ro.close()


# -- integrity ------------------------------------------------------------------------


def test_events_are_append_only(where):
    with open_journal(where) as j:
        s = j.create_table(table("Table 8"))
        s.append(hand_events(1)[0])
    import sqlite3

    errors: tuple = (sqlite3.Error,)
    if is_url(where):
        import psycopg

        errors = (psycopg.Error,)
        conn = psycopg.connect(where, autocommit=True)
    else:
        conn = sqlite3.connect(where, isolation_level=None)
    try:
        for stmt in (
            "UPDATE events SET who = 'eve'",
            "DELETE FROM events",
            "UPDATE tables SET toml = ''",
        ):
            with pytest.raises(errors, match="append-only"):
                conn.execute(stmt)
    finally:
        conn.close()


def test_verify_names_a_changed_row(where):
    with open_journal(where) as j:
        s = j.create_table(table("Table 9"))
        for e in hand_events(6):
            s.append(e)
    assert verify_journal(where)[0] == []
    tamper(where, "UPDATE events SET who = 'mallory' WHERE seq = 3")
    problems = verify_journal(where)[0]
    assert any("seq 3" in p and "hash does not match" in p for p in problems)


# -- invariants --------------------------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 10_000), undo_every=st.integers(3, 12))
def test_any_accepted_session_reopens_to_its_full_replay(where, seed, undo_every):
    """Appends and undos of any accepted session: the live state, the reopened state (from
    a snapshot plus the tail) and a replay of every live event from the start agree."""
    name = f"Table {seed}-{undo_every}"
    tf = rich_table(name)
    with open_journal(where, floorperson="ann", snapshot_every=5) as j:
        if name in j.table_names():
            return
        s = j.create_table(tf)
        for i, e in enumerate(random_events(seed, 30, tf)):
            try:
                s.append(e, expect_seq=len(s))
            except Refusal:
                continue  # an undo earlier changed the table
            if i % undo_every == undo_every - 1:
                try:
                    s.void(s.last_undoable().seq, "check", expect_seq=len(s))
                except Refusal:
                    pass  # a later event needs it
        state = s.state
        assert state == s.full_replay()
    with open_journal(where, snapshot_every=5) as j:
        assert j.open_table(name).state == state


def test_podiums_starting_together_on_an_empty_journal(where):
    """Four podiums open one new journal at once; on SQLite 25 fresh files in a row, since
    each race (the WAL switch, reading "no tables yet" then another's COMMIT) is rare."""
    import threading
    from pathlib import Path

    rounds = 1 if is_url(where) else 25
    for n in range(rounds):
        here = where if rounds == 1 else str(Path(where).with_name(f"journal{n}.db"))
        opened, errors = [], []

        def start(who: str, here: str = here, opened=opened, errors=errors) -> None:
            try:
                opened.append(open_journal(here, floorperson=who))
            except Exception as exc:  # noqa: BLE001 — any error is the test's failure, below
                errors.append(exc)

        threads = [threading.Thread(target=start, args=(f"p{i}",)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        try:
            assert errors == [] and len(opened) == 4, (n, errors)
            opened[0].create_table(table("Table 1"))
            assert all(j.table_names() == ["Table 1"] for j in opened)
        finally:
            for j in opened:
                j.close()


def test_a_correction_on_either_backend_is_the_right_history(where):
    """docs/rules.md 4.1: the corrected record in its place, on SQLite and PostgreSQL alike."""
    from floorkill.rules.corrections import History

    tf = rich_table("Table 8")
    wrong = [{"type": "hand", "winner": 1}, {"type": "hand", "winner": 2}]
    wrong.append({"type": "hand", "winner": 2, "qualifies": True})
    with open_journal(where, floorperson="ann") as j:
        s = j.create_table(tf)
        for e in wrong:
            s.append(e)
        rec = s.correct(2, {"type": "hand", "winner": 3}, reason="dealer")
        assert rec.type == "correct" and rec.who == "ann"
        state = s.state
    right = [wrong[0], {"type": "hand", "winner": 3}, wrong[2]]
    assert state == History(tf.config, tf.players, right, strict=True).state
    with open_journal(where, floorperson="bob") as j:
        again = j.open_table("Table 8")
        assert again.state == state == again.full_replay()

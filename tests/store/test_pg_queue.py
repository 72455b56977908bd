"""Entries queued and chained together on PostgreSQL (pg.py CHAIN_FN): one turn chains
every podium's queued row in one durable COMMIT; an entry refused busy is taken back, never
chained by a later turn; what a turn chains is what verify replays."""

from __future__ import annotations

import threading
import time

import pytest
from pghelp import eventually, pg_url  # noqa: F401  (pg_url: fixture)
from storehelp import table

from floorkill.store.backend import open_journal
from floorkill.store.errors import JournalBusy, TableChanged
from floorkill.store.pg import verify_pg


def _hand(winner: int) -> dict:
    return {"type": "hand", "winner": winner}


def _waiting_turns(conn) -> int:
    return conn.execute(
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
    ).fetchone()[0]


def _three_podiums(pg_url):
    """Three podiums, each at its own table with two hands in (so each has read the room);
    the journal's NOTIFY channel."""
    names = ["Table 1", "Table 2", "Table 3"]
    with open_journal(pg_url, floorperson="setup") as j:
        for name in names:
            j.create_table(table(name)).append(_hand(1))
        channel = j.channel
    podiums = [open_journal(pg_url, floorperson=f"p{i}") for i in range(3)]
    sessions = [p.open_table(name) for p, name in zip(podiums, names)]
    for s in sessions:
        s.append(_hand(2))
    return channel, podiums, sessions


def test_queued_entries_of_three_podiums_are_chained_in_one_commit(pg_url):
    import psycopg

    channel, podiums, sessions = _three_podiums(pg_url)  # each has read the room
    done: list = []
    with psycopg.connect(pg_url, autocommit=True) as holder:
        holder.execute("SELECT pg_advisory_lock(hashtext(%s))", (channel,))  # the turn
        threads = [
            threading.Thread(target=lambda s=s: done.append(s.append(_hand(3)))) for s in sessions
        ]
        for t in threads:
            t.start()
        deadline = time.monotonic() + 30
        while _waiting_turns(holder) < 3:  # all three queued, waiting for a turn
            assert time.monotonic() < deadline, "the podiums never queued"
        holder.execute("SELECT pg_advisory_unlock(hashtext(%s))", (channel,))
        for t in threads:
            t.join(30)
        assert sorted(r.seq for r in done) == [3, 3, 3]
        xmins = holder.execute(
            "SELECT count(DISTINCT xmin::text) FROM events WHERE seq = 3"
        ).fetchone()[0]
        assert xmins == 1  # one transaction chained all three
        assert holder.execute("SELECT count(*) FROM queued").fetchone()[0] == 0
    for p in podiums:
        p.close()
    result = verify_pg(pg_url)
    assert result.problems == [] and result.rows == 3 * 4


def test_an_entry_refused_busy_is_taken_back_not_chained_later(pg_url):
    import psycopg

    with open_journal(pg_url, floorperson="ann", lock_timeout=0.3) as j:
        s = j.create_table(table("Table 7"))
        s.append(_hand(1))  # the room is read: entries are queued
        with psycopg.connect(pg_url, autocommit=True) as other:
            other.execute("SELECT pg_advisory_lock(hashtext(%s))", (j.channel,))
            with pytest.raises(JournalBusy) as exc:
                s.append(_hand(2), expect_seq=1)
            assert "not recorded" in str(exc.value) and "\n" not in str(exc.value)
            other.execute("SELECT pg_advisory_unlock(hashtext(%s))", (j.channel,))
        with open_journal(pg_url, floorperson="bob") as jb:
            rec = jb.open_table("Table 7").append(_hand(3))  # a later turn
        assert rec.seq == 2 and rec.who == "bob"  # ann's #2 was not chained
        with pytest.raises(TableChanged):  # her retry sees bob's
            s.append(_hand(2), expect_seq=1)
    result = verify_pg(pg_url)
    assert result.problems == []


def test_one_turn_notifies_once_with_the_new_head(pg_url):
    """A turn under way: the podiums queue (one CALL each) and stand in line; when it ends,
    the first of them chains all three rows in one COMMIT, which NOTIFYs the followers
    once, with the new head's gseq; the other two find their rows done."""
    import psycopg

    channel, podiums, sessions = _three_podiums(pg_url)
    done: list = []
    with (
        psycopg.connect(pg_url, autocommit=True) as holder,
        psycopg.connect(pg_url, autocommit=True) as follower,
    ):
        follower.execute(psycopg.sql.SQL("LISTEN {}").format(psycopg.sql.Identifier(channel)))
        holder.execute("SELECT pg_advisory_lock(hashtext(%s))", (channel,))
        threads = [
            threading.Thread(target=lambda s=s: done.append(s.append(_hand(3)))) for s in sessions
        ]
        for t in threads:
            t.start()
        deadline = time.monotonic() + 30
        while _waiting_turns(holder) < 3:  # all three queued, in line
            assert time.monotonic() < deadline, "the podiums never queued"
        assert holder.execute("SELECT count(*) FROM queued").fetchone()[0] == 3
        holder.execute("SELECT pg_advisory_unlock(hashtext(%s))", (channel,))
        for t in threads:
            t.join(30)
        assert sorted(r.seq for r in done) == [3, 3, 3]
        assert (
            holder.execute(
                "SELECT count(DISTINCT xmin::text) FROM events WHERE seq = 3"
            ).fetchone()[0]
            == 1
        )
        assert holder.execute("SELECT count(*) FROM queued").fetchone()[0] == 0
        head = holder.execute("SELECT gseq FROM chain_head").fetchone()[0]
        notes = [n.payload for n in follower.notifies(timeout=2.0, stop_after=1)]
        notes += [n.payload for n in follower.notifies(timeout=0.2)]
        assert notes == [str(head)]  # one COMMIT, one NOTIFY: the head
    for p in podiums:
        p.close()
    assert verify_pg(pg_url).problems == []


def test_an_entry_with_no_turn_under_way_is_chained_without_queueing(pg_url):
    import psycopg

    with open_journal(pg_url, floorperson="ann") as j:
        s = j.create_table(table("Table 7"))
        s.append(_hand(1))
        rec = s.append(_hand(2), expect_seq=1)
        assert rec.seq == 2
    with psycopg.connect(pg_url, autocommit=True) as c:
        assert c.execute("SELECT is_called FROM queued_id_seq").fetchone()[0] is False
        assert c.execute("SELECT gseq FROM chain_head").fetchone()[0] == rec.gseq
    assert verify_pg(pg_url).problems == []


def test_a_podium_listens_on_its_writers_connection(pg_url):
    """One backend per podium: following the others needs no second connection."""
    with open_journal(pg_url, floorperson="ann") as j:
        assert j.changed()  # the first look starts listening
        conn = j._raw
        assert conn.execute("SELECT pg_listening_channels()").fetchall() == [(j.channel,)]
        j.create_table(table("Table 7"))
        assert eventually(j.changed) and j._raw is conn


def test_an_earlier_builds_queue_functions_are_replaced(pg_url):
    import psycopg

    from floorkill.store.pg import CHAIN_VERSION

    with open_journal(pg_url, floorperson="ann") as j:
        j.create_table(table("Table 7")).append(_hand(1))
    with psycopg.connect(pg_url, autocommit=True) as c:  # as an earlier build left it
        c.execute("DROP PROCEDURE floorkill_submit")
        c.execute("COMMENT ON FUNCTION floorkill_chain(BIGINT, TEXT) IS NULL")
    with open_journal(pg_url, floorperson="bob") as j:
        assert j._queue == "submit"
        rec = j.open_table("Table 7").append(_hand(2), expect_seq=1)
        assert rec.seq == 2 and rec.who == "bob"
    with psycopg.connect(pg_url, autocommit=True) as c:
        assert (
            c.execute(
                "SELECT obj_description(to_regproc('floorkill_chain'), 'pg_proc')"
            ).fetchone()[0]
            == CHAIN_VERSION
        )
    assert verify_pg(pg_url).problems == []


def test_an_earlier_builds_two_statements_still_chain(pg_url):
    """A podium of an earlier build (or one whose role may not replace the functions)
    queues with INSERT, then SELECT floorkill_chain: the same rows, the same chain."""
    with open_journal(pg_url, floorperson="ann") as j:
        s = j.create_table(table("Table 7"))
        s.append(_hand(1))
        j._queue = "chain"
        recs = [s.append(_hand(w), expect_seq=len(s)) for w in (2, 3, 4)]
        assert [r.seq for r in recs] == [2, 3, 4]
    assert verify_pg(pg_url).problems == []

"""The dispute view's model: the state after any record is the rules' fold of what was
live at that moment (records voided later still count before their void), read through a
read-only connection that cannot write.

The journal-backed tests take ``where`` (tests/store/pghelp.py): a journal file and a
PostgreSQL schema; the PostgreSQL runs skip locally without a server and FAIL in CI."""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorkill.report.rewind import open_rewind
from floorkill.rules import Refusal, apply, initial_state
from floorkill.store.journal import Journal
from floorkill.store.session import MemorySession

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from pghelp import pg_rows_digest  # noqa: E402
from storehelp import RICH_KILL, random_events, table  # noqa: E402

from floorkill.store.backend import is_url, open_journal  # noqa: E402


def created_gseqs(j) -> dict[str, int]:
    """{table: the gseq of its creation row} (the room before a table's first record)."""
    with j._read() as c:
        return dict(c.execute("SELECT tbl, gseq FROM events WHERE seq = 0").fetchall())


def journal_rows(where: str) -> str:
    """What "nothing was written" compares: a file's bytes, a PostgreSQL journal's rows."""
    return pg_rows_digest(where) if is_url(where) else digest(Path(where))


def as_it_stood(records, config, players, seq):
    """Independent oracle: fold the events entered up to ``seq`` minus those voided by a
    void entered up to ``seq``."""
    voided = {r.event["target"] for r in records[:seq] if r.type == "void"}
    state = initial_state(config, players)
    for r in records[:seq]:
        if r.type != "void" and r.seq not in voided:
            state = apply(state, r.event).state
    return state


def stood_at_every_position(records, config, players) -> list:
    """``as_it_stood`` at 0..len(records): a record that is not a void adds its event to the
    fold before it (a void names only earlier records), a void folds anew."""
    out = [initial_state(config, players)]
    for p, r in enumerate(records, start=1):
        if r.type == "void":
            out.append(as_it_stood(records, config, players, p))
        else:
            out.append(apply(out[-1], r.event).state)
    return out


def test_the_oracle_at_every_position_is_the_fold_as_it_stood():
    tf = table("Rw", players=6, extra_kill=RICH_KILL)
    mem = MemorySession(tf.config, tf.players)
    build(mem, 5, 120)
    records = list(mem.records())
    assert sum(r.type == "void" for r in records) >= 5
    assert stood_at_every_position(records, tf.config, tf.players) == [
        as_it_stood(records, tf.config, tf.players, p) for p in range(len(records) + 1)
    ]


def build(session, seed: int, n: int) -> None:
    rng = random.Random(seed)
    for i, ev in enumerate(random_events(seed, n, table("Rw", players=6, extra_kill=RICH_KILL))):
        try:
            session.append(ev)
        except Refusal:
            continue
        if rng.random() < 0.12:
            rec = session.last_undoable()
            try:
                session.void(rec.seq, f"undo {i}")
            except Refusal:
                pass


def digest(path: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(path.parent.glob(path.name + "*")):
        h.update(p.read_bytes())
    return h.hexdigest()


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 10_000), order=st.randoms(use_true_random=False))
def test_every_position_in_any_order_is_the_fold_as_it_stood(tmp_path_factory, seed, order):
    tf = table("Rw", players=6, extra_kill=RICH_KILL)
    path = tmp_path_factory.mktemp("rw") / "j.db"
    with Journal(path, "Fay", snapshot_every=7) as j:
        s = j.create_table(tf)
        build(s, seed, 120)
        records = list(s.records())
        mem = MemorySession(tf.config, tf.players)
        build(mem, seed, 120)
        assert [r.event for r in mem.records()] == [r.event for r in records]
        before = digest(path)
        stood = stood_at_every_position(records, tf.config, tf.players)
        for sess in (s, mem):
            positions = list(range(len(records) + 1))
            order.shuffle(positions)
            with open_rewind(sess) as rw:
                for p in positions + sorted(positions):  # jumps, then steps forward
                    assert rw.state_at(p) == stood[p], p
        assert digest(path) == before


def test_a_void_shows_both_sides_and_who_did_it(where):
    tf = table("Rv", players=4)
    with open_journal(where, floorperson="Fay") as j:
        s = j.create_table(tf)
        for ev in (
            {"type": "hand", "winner": 1},
            {"type": "hand", "winner": 1, "qualifies": True},
            {"type": "hand", "winner": 2},
        ):
            s.append(ev)
        s.void(2, "the second leg was a chop")
        with open_rewind(s) as rw:
            m2 = rw.moment(2)
            assert m2.state.button.status == "killed"
            assert m2.voided_by is not None and m2.voided_by.seq == 4
            assert m2.voided_by.event["reason"] == "the second leg was a chop"
            assert m2.voided_by.who == "Fay"
            m4 = rw.moment(4)
            assert m4.target.seq == 2 and m4.state.button.status == "leg-up"
            assert m4.state == s.state
            assert rw.hand_step(4, False) == 3 and rw.hand_step(0, True) == 1
            assert rw.hand_step(3, True) == 3  # no hand after: stays


def test_the_view_is_frozen_and_reads_through_a_read_only_connection(where):
    import sqlite3

    from floorkill.store.errors import JournalError

    tf = table("Rf", players=4)
    with open_journal(where, floorperson="Fay") as j:
        s = j.create_table(tf)
        s.append({"type": "hand", "winner": 1})
        rw = open_rewind(s)
        assert rw.room_wide  # the journal's own read-only path, not a copy
        s.append({"type": "hand", "winner": 2})  # the live table goes on
        assert len(rw) == 1 and rw.state_at(5).hands == 1
        # a file: the authorizer refuses; PostgreSQL: the guard refuses before sending...
        with pytest.raises(JournalError if is_url(where) else sqlite3.DatabaseError):
            rw._src.conn.execute("DELETE FROM snapshots")
        if is_url(where):  # ...and the server too: a read-only session
            import psycopg

            with pytest.raises(psycopg.errors.ReadOnlySqlTransaction):
                rw._src.conn.raw.execute("DELETE FROM snapshots")
        rw.close()
        assert len(s) == 2 and s.state.hands == 2


def test_stepping_writes_nothing_to_the_journal(where):
    """Every record of two tables sharing players (bars made, paid, undone; snapshots
    every 3), stepped forward, back, by hand and by filter: the journal's rows — events,
    tables, snapshots, obligations, meta, the chain head — are exactly as before, and the
    live tables go on afterwards."""
    with open_journal(where, floorperson="Fay", snapshot_every=3) as j:
        a = j.create_table(_room_table("Table 14", [(1, "Zoë Hart"), (2, "Ann"), (3, "Bob")]))
        b = j.create_table(_room_table("Table 7", [(2, "zoë hart"), (4, "Cy"), (5, "Dee")]))
        b.append({"type": "hand", "winner": 4})
        _bar_zoe(a)
        b.append({"type": "hand", "winner": 5})
        pay = a.append({"type": "pay_kill", "name": "Zoë Hart"})
        a.void(pay.seq, "no chips")
        b.append({"type": "hand", "winner": 4})
        b.void(3, "wrong seat")
        head = j.head()
        before = journal_rows(where)
        for s in (a, b):
            with open_rewind(s) as rw:
                for p in [*range(len(s) + 1), *range(len(s), -1, -1)]:
                    rw.moment(p)
                    rw.hand_step(p, True)
                rw.matching("zoë barred")
        assert journal_rows(where) == before and j.head() == head
        b.append({"type": "hand", "winner": 4})  # the live table goes on
        assert j.head()[0] == head[0] + 1


def test_filter_by_player_decision_and_won(tmp_path):
    tf = table("Rq", players=4)
    s = MemorySession(tf.config, tf.players)
    for ev in (
        {"type": "hand", "winner": 1},
        {"type": "hand", "winner": 2},
        {"type": "quit", "seat": 2},
        {"type": "join", "seat": 2, "name": "Ann Lee"},
        {"type": "hand", "winner": 2},
        {"type": "hand", "winner": 2, "qualifies": True},
        {"type": "hand", "winner": 1},
    ):
        s.append(ev)
    with open_rewind(s) as rw:
        assert [r.seq for r in rw.matching("P2")] == [2, 3]  # before the seat changed
        assert [r.seq for r in rw.matching("ann won")] == [5, 6]
        assert [r.seq for r in rw.matching("Ann Lee")] == [4, 5, 6]
        assert [r.seq for r in rw.matching("kill")] == [6]
        assert [r.seq for r in rw.matching("p1 won")] == [1, 7]
        assert [r.seq for r in rw.matching("join")] == [4]
        assert rw.matching("") == rw.all_records()


def test_a_step_at_record_10000_folds_one_snapshot_interval_at_most(where, monkeypatch):
    """Snapshots + tail: wherever the view goes in 10,000 records, it applies at most one
    snapshot interval of events (the journal writes one every 500); a step forward, one."""
    import floorkill.report.rewind as rewind_mod
    import floorkill.store.session as session_mod
    from floorkill.store.journal import SNAPSHOT_EVERY

    tf = table("Long", players=9)
    with open_journal(where, floorperson="Fay") as j:
        s = j.create_table(tf)
        s.append_many(
            [{"type": "hand", "winner": i % 9 + 1, "qualifies": i % 3 == 0} for i in range(10_000)]
        )
        calls = []
        for mod in (rewind_mod, session_mod):
            real = mod.apply
            monkeypatch.setattr(
                mod, "apply", lambda st, ev, *a, _r=real: calls.append(1) or _r(st, ev, *a)
            )
        with open_rewind(s) as rw:
            for seq, most in (
                (10_000, 0),
                (9_999, SNAPSHOT_EVERY),
                (9_998, 0),
                (9_999, 1),
                (5_321, SNAPSHOT_EVERY),
                (rw.hand_step(5_321, True), 1),
                (1, SNAPSHOT_EVERY),
            ):
                calls.clear()
                state = rw.state_at(seq)
                assert len(calls) <= most, (seq, len(calls))
                assert state.hands == seq


# -- room-wide bars (rrop-13.6) as they stood after each record -----------------------------


def _room_table(name, players):
    from floorkill.rules import load_table_text

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
    from storehelp import table_text

    text = table_text(name, players=0)
    for seat, who in players:
        text += f'[[players]]\nseat = {seat}\nname = "{who}"\nstack = 1000\n'
    return load_table_text(text, f"<{name}>")


def _bar_zoe(a):
    a.append({"type": "hand", "winner": 1})
    a.append({"type": "hand", "winner": 1, "qualifies": True})
    a.append({"type": "quit", "seat": 1, "posts_kill": False})


def test_rrop_13_6_the_dispute_view_shows_room_bars_as_they_stood_after_each_record(where):
    """Zoë Hart is barred at Table 14 and sits at Table 7 too; she pays, the pay is undone,
    she pays again, while Table 7 plays on (and undoes a hand after the first pay). At every
    record of Table 7 the dispute view shows exactly the room's bars right after it: every
    table as it stood at that point of the journal's global order (an independent fold of
    all tables' records), not only the stamps Table 7's own events carry — its void
    refolds from a stamp older than the pay and would show her barred still."""
    from floorkill.rules.room import Room, own_bars, view

    with open_journal(where, floorperson="Fay") as j:
        a = j.create_table(_room_table("Table 14", [(1, "Zoë Hart"), (2, "Ann"), (3, "Bob")]))
        b = j.create_table(_room_table("Table 7", [(2, "zoë  hart"), (4, "Cy"), (5, "Dee")]))
        c = j.create_table(_room_table("Table 3", [(1, "Ann"), (2, "Eve"), (3, "Gus")]))
        b.append({"type": "hand", "winner": 4})  # B1: nobody barred
        _bar_zoe(a)
        b.append({"type": "hand", "winner": 5})  # B2: stamped, barred
        c.append({"type": "hand", "winner": 2})
        c.void(c.last_undoable().seq, "wrong seat")  # a void elsewhere
        pay = a.append({"type": "pay_kill", "name": "Zoë Hart"})
        b.append({"type": "hand", "winner": 4})  # B3: stamped, lifted
        b.void(3, "wrong seat")  # B4: paid, not barred
        a.void(pay.seq, "the chips were not there")  # barred again
        b.append({"type": "hand", "winner": 5, "qualifies": False})  # B5: barred
        a.append({"type": "pay_kill", "name": "ZOË HART"})  # paid after B's last

        tables = {s.name: s for s in (a, b, c)}
        recs = {n: list(s.records()) for n, s in tables.items()}
        created = created_gseqs(j)

        def oracle(p: int):
            g = recs["Table 7"][p - 1].gseq if p else created["Table 7"]
            states = {
                n: as_it_stood(
                    rs, tables[n].config, tables[n].players, sum(1 for r in rs if r.gseq <= g)
                )
                for n, rs in recs.items()
            }
            return view(states["Table 7"], Room({n: own_bars(n, st) for n, st in states.items()}))

        with open_rewind(b) as rw:
            shown = [rw.moment(p).state for p in range(len(b) + 1)]
            assert [st.is_barred("Zoë Hart") for st in shown] == [
                False,
                False,
                True,
                False,
                False,
                True,
            ]
            assert shown == [oracle(p) for p in range(len(b) + 1)]
            assert shown[2].owed("zoë hart").table == "Table 14"
            assert rw.moment(5).state == shown[5]  # stepping back, again


def _lively(rng, s):
    """An event that makes and lifts bars more often than ``candidate_event`` does: a
    second win in a row (a kill), a kill not posted, a leaver who does not post, a bar of
    this table paid; None: let ``candidate_event`` choose."""
    r = rng.random()
    seats = [p.seat for p in s.state.players if p is not None]
    button = s.state.button
    if r < 0.3 and button.seat in seats:
        return {"type": "hand", "winner": button.seat, "qualifies": True}
    if r < 0.4 and seats:
        return {
            "type": "hand",
            "winner": rng.choice(seats),
            "qualifies": False,
            "kill_posted": False,
        }
    if r < 0.45 and button.killed:
        return {"type": "quit", "seat": button.seat, "posts_kill": False}
    own = [o for o in s.state.barred if o.table is None]
    if r < 0.5 and own:
        return {"type": "pay_kill", "name": rng.choice(own).player}
    return None


@pytest.mark.parametrize(
    "where, seed",
    [("sqlite", 3), ("sqlite", 11), ("sqlite", 2026), ("postgresql", 2026)],
    indirect=["where"],
)
def test_rrop_13_6_room_bars_at_every_record_of_every_table_equal_the_global_fold(where, seed):
    """Three tables of one journal seating the same people (P1…P6, joins of P7, Eve…),
    random events entered at random tables — missed kills, leavers who do not post,
    payments, joins — and random undos, snapshots every 7 rows. At every record of every
    table the dispute view's state is that table as it stood with the room right after
    the record: every table as it stood at that point of the global order (an independent
    fold of all records, no shortcut). Three seeds on the file, one on PostgreSQL: the
    seeds vary the room's history (the rules' fold, the same on either backend), one
    seed walks PostgreSQL's room-wide reading whole; the other tests here take both."""
    import bisect as bisect_mod

    from storehelp import candidate_event

    from floorkill.rules.room import Room, own_bars, view

    rng = random.Random(seed)
    with open_journal(where, floorperson="Fay", snapshot_every=7) as j:
        tables = [j.create_table(table(f"T{i}", players=6, extra_kill=RICH_KILL)) for i in range(3)]
        for i in range(500):
            s = rng.choice(tables)
            try:
                s.append(_lively(rng, s) or candidate_event(rng, s.config.seats))
            except Refusal:
                continue
            if rng.random() < 0.1 and s.last_undoable() is not None:
                try:
                    s.void(s.last_undoable().seq, f"undo {i}")
                except Refusal:
                    pass
        recs = {s.name: list(s.records()) for s in tables}
        stood = {s.name: stood_at_every_position(recs[s.name], s.config, s.players) for s in tables}
        gseqs = {n: [r.gseq for r in rs] for n, rs in recs.items()}
        created = created_gseqs(j)

        def oracle(name: str, p: int):
            g = recs[name][p - 1].gseq if p else created[name]
            at = {n: stood[n][bisect_mod.bisect_right(gs, g)] for n, gs in gseqs.items()}
            return view(at[name], Room({n: own_bars(n, st) for n, st in at.items()}))

        mirrored = 0
        for s in tables:
            with open_rewind(s) as rw:
                for p in range(len(s) + 1):
                    shown = rw.moment(p).state
                    assert shown == oracle(s.name, p), (s.name, p)
                    mirrored += any(o.table is not None for o in shown.barred)
        assert mirrored > 0  # the room did bar someone somewhere


def test_rrop_13_6_a_bar_made_elsewhere_before_a_table_opened_shows_from_its_first_moment(where):
    """Zoë Hart is barred at Table 14; then Table 7 is opened with her seated. Before its
    first record the dispute view shows her barred at Table 14 (as the podium did: no event
    of Table 7 carries that bar yet); she pays at Table 14 between Table 7's first and
    second record, so the second shows her free — and so does the third, an undo of the
    second, which refolds Table 7 from its first record's stamp."""
    with open_journal(where, floorperson="Fay") as j:
        a = j.create_table(_room_table("Table 14", [(1, "Zoë Hart"), (2, "Ann"), (3, "Bob")]))
        _bar_zoe(a)
        b = j.create_table(_room_table("Table 7", [(2, "zoë hart"), (4, "Cy"), (5, "Dee")]))
        assert b.state.is_barred("Zoë Hart")  # the live podium
        b.append({"type": "hand", "winner": 4})  # B1: stamped, barred
        a.append({"type": "pay_kill", "name": "Zoë Hart"})
        b.append({"type": "hand", "winner": 5})  # B2: stamped, lifted
        b.void(2, "wrong seat")  # B3: refolded from B1
        with open_rewind(b) as rw:
            shown = [rw.moment(p).state for p in range(len(b) + 1)]
        assert [st.is_barred("Zoë Hart") for st in shown] == [True, True, False, False]
        assert shown[0].owed("zoë hart").table == "Table 14"
        assert shown[3] == b.state


def test_rrop_13_6_a_viewers_session_rewinds_like_the_podiums(where):
    """A table opened through the viewers' read-only journal (the big screen's: a file
    read-only, PostgreSQL with the SELECT-only role) rewinds through the journal too, and
    shows every record exactly as the podium's session does, room bars included."""
    from pghelp import ro_url

    with open_journal(where, floorperson="Fay") as j:
        a = j.create_table(_room_table("Table 14", [(1, "Zoë Hart"), (2, "Ann"), (3, "Bob")]))
        b = j.create_table(_room_table("Table 7", [(2, "zoë hart"), (4, "Cy"), (5, "Dee")]))
        b.append({"type": "hand", "winner": 4})
        _bar_zoe(a)
        b.append({"type": "hand", "winner": 5})
        a.append({"type": "pay_kill", "name": "Zoë Hart"})
        b.void(2, "wrong seat")
        with open_rewind(b) as rw:
            podium = [rw.moment(p).state for p in range(len(b) + 1)]
    with open_journal(ro_url(where) if is_url(where) else where, readonly=True) as ro:
        seen = ro.open_table("Table 7")
        with open_rewind(seen) as rw:
            assert rw.room_wide
            assert [rw.moment(p).state for p in range(len(seen) + 1)] == podium
    assert [st.is_barred("Zoë Hart") for st in podium] == [False, False, True, False]


def test_rrop_13_6_a_changed_snapshot_at_another_table_is_not_trusted(where, monkeypatch):
    """Table 14's snapshots (every 2 rows) are changed behind floorkill's back so that they
    no longer hold Zoë Hart's bar: the dispute view at Table 7 still shows her barred
    where the room had her barred (a snapshot is used only when it matches the digest its
    row keeps in the hash chain; the others are skipped and the table folded from its
    events)."""
    with open_journal(where, floorperson="Fay", snapshot_every=2) as j:
        a = j.create_table(_room_table("Table 14", [(1, "Zoë Hart"), (2, "Ann"), (3, "Bob")]))
        b = j.create_table(_room_table("Table 7", [(2, "zoë hart"), (4, "Cy"), (5, "Dee")]))
        _bar_zoe(a)
        a.append({"type": "hand", "winner": 2})
        b.append({"type": "hand", "winner": 4})
        a.append({"type": "pay_kill", "name": "Zoë Hart"})
        b.append({"type": "hand", "winner": 5})
        with open_rewind(b) as rw:
            honest = [rw.moment(p).state for p in range(len(b) + 1)]
        assert [st.is_barred("Zoë Hart") for st in honest] == [False, True, False]
        forged = "UPDATE snapshots SET state = replace(state, 'Zo', 'Xo') WHERE tbl = 'Table 14'"
        if is_url(where):
            import psycopg

            with psycopg.connect(where, autocommit=True) as conn:
                assert conn.execute(forged).rowcount >= 2
        else:
            import sqlite3

            conn = sqlite3.connect(where, isolation_level=None)
            assert conn.execute(forged).rowcount >= 2
            conn.close()
        import floorkill.store.reading as reading

        asked, real = [], reading.best_snapshot
        monkeypatch.setattr(
            reading,
            "best_snapshot",
            lambda c, tbl, *a, **k: asked.append(tbl) or real(c, tbl, *a, **k),
        )
        with open_rewind(b) as rw:
            assert [rw.moment(p).state for p in range(len(b) + 1)] == honest
        assert "Table 14" in asked  # the forged one was seen, and looked past

"""Undo (void rows) and the snapshot cache: snapshot + tail == full replay."""

import json
import random

import pytest
from storehelp import T1, hand_events, random_events, rich_table, table

from floorkill.rules import Refusal, initial_state, load_table_file
from floorkill.rules.config import with_options
from floorkill.rules.state import KillButton, Owed, Player, TableState
from floorkill.store.journal import Journal
from floorkill.store.session import MemorySession, fold_records
from floorkill.store.snapshot import state_from_dict, state_to_dict


@pytest.fixture
def jpath(tmp_path):
    return tmp_path / "journal.db"


# -- undo -------------------------------------------------------------------------


def test_void_of_the_last_event_restores_the_state_before_it(jpath):
    tf = load_table_file(T1)
    with Journal(jpath, "fp") as j:
        s = j.create_table(tf)
        states = [s.state]
        for raw in tf.events[:5]:
            s.append(raw)
            states.append(s.state)
        rec = s.void(5, "entered the wrong winner")
        assert (
            rec.type == "void"
            and rec.seq == 6
            and rec.event == {"type": "void", "target": 5, "reason": "entered the wrong winner"}
        )
        assert s.state == states[4]
        assert s.full_replay() == states[4]
        assert [r.voided for r in s.records()] == [False, False, False, False, True, False]
        assert s.last_undoable().seq == 4
    with Journal(jpath) as j:  # and after reopening
        assert j.open_table("Table 12").state == states[4]


def test_void_in_the_middle_equals_a_replay_without_it(jpath):
    evs = hand_events(12)
    tf = table()
    with Journal(jpath, snapshot_every=4) as j:
        s = j.create_table(tf)
        s.append_many(evs)
        s.void(3, "typo")
        s.void(10, "typo")
        expected = fold_records(
            tf.config, tf.players, [e for i, e in enumerate(evs, 1) if i not in (3, 10)]
        )
        assert s.state == expected
        assert j.open_table(tf.config.name).state == expected
        # snapshots at or after a voided row are gone (13, written by the first void, held
        # row 10); the last void wrote one
        snaps = [
            r[0]
            for r in j.connection.execute(
                "SELECT seq FROM snapshots WHERE tbl = ? ORDER BY seq", (tf.config.name,)
            )
        ]
    assert snaps == [14]


def test_voiding_a_void_is_refused_enter_the_event_again_instead(jpath):
    tf = load_table_file(T1)
    with Journal(jpath) as j:
        s = j.create_table(tf)
        for raw in tf.events[:3]:
            s.append(raw)
        s.void(3, "wrong")
        with pytest.raises(Refusal) as exc:
            s.void(4, "undo the undo")
        assert exc.value.key == "void-of-void" and "enter the event again" in exc.value.text()
        with pytest.raises(Refusal) as exc:
            s.void(3, "again")
        assert exc.value.key == "void-twice"
        assert len(s) == 4
        s.append(tf.events[2])  # the decided way back
        assert s.state == fold_records(tf.config, tf.players, tf.events[:3])


@pytest.mark.parametrize("reason", ["", "   ", "\n"])
def test_void_needs_a_reason(jpath, reason):
    with Journal(jpath) as j:
        s = j.create_table(table())
        s.append(hand_events(1)[0])
        with pytest.raises(Refusal) as exc:
            s.void(1, reason)
        assert exc.value.key == "void-needs-reason" and len(s) == 1


def test_void_of_a_missing_record_is_refused(jpath):
    with Journal(jpath) as j:
        s = j.create_table(table())
        s.append(hand_events(1)[0])
        for seq in (0, 2, -1):
            with pytest.raises(Refusal) as exc:
                s.void(seq, "why")
            assert exc.value.key == "void-no-record"


def test_a_void_that_breaks_a_later_event_is_refused_and_not_written(jpath):
    with Journal(jpath) as j:
        s = j.create_table(table(players=2))
        s.append({"type": "join", "seat": 5, "name": "Eve"})
        s.append({"type": "hand", "winner": 5})
        rows = j.connection.execute("SELECT count(*) FROM events").fetchone()[0]
        with pytest.raises(Refusal):
            s.void(1, "she never sat")  # hand 2 names seat 5
        assert j.connection.execute("SELECT count(*) FROM events").fetchone()[0] == rows
        assert len(s) == 2


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_journal_matches_memory_session_with_random_voids(jpath, seed):
    tf = rich_table()
    evs = random_events(seed, 120, tf)
    rng = random.Random(seed)
    mem = MemorySession(tf.config, tf.players)
    with Journal(jpath, snapshot_every=7) as j:
        s = j.create_table(tf)
        for ev in evs:
            outcomes = []
            for sess in (mem, s):
                try:
                    sess.append(ev)
                    outcomes.append("ok")
                except Refusal as exc:
                    outcomes.append(exc.key)
            assert outcomes[0] == outcomes[1]
            if rng.random() < 0.15 and len(s):
                target = rng.randint(1, len(s))
                outcomes = []
                for sess in (mem, s):
                    try:
                        sess.void(target, "test")
                        outcomes.append("ok")
                    except Refusal as exc:
                        outcomes.append(exc.key)
                assert outcomes[0] == outcomes[1]
            assert s.state == mem.state
        assert len(s) == len(mem)
        assert [(r.seq, r.type, dict(r.event), r.voided, r.hand) for r in s.records()] == [
            (r.seq, r.type, dict(r.event), r.voided, r.hand) for r in mem.records()
        ]
        assert j.open_table(tf.config.name).state == mem.state == s.full_replay()


# -- snapshots ----------------------------------------------------------------------


def _states(seed, n, tf):
    from floorkill.rules import apply

    st = initial_state(tf.config, tf.players)
    out = [st]
    for ev in random_events(seed, n, tf):
        st = apply(st, ev).state
        out.append(st)
    return out


def test_state_round_trip_covers_every_field():
    tf = rich_table()
    later = with_options(tf.config, missed_kill="post-later")
    later_tf = type(tf)(later, tf.players, ())
    states = _states(1, 300, tf) + _states(5, 300, later_tf)
    seen = set()
    for st in states:
        d = json.loads(json.dumps(state_to_dict(st)))  # through real JSON
        assert state_from_dict(st.config, d) == st
        for p in st.players:
            if p is not None:
                seen |= {
                    f"player.{k}"
                    for k in ("stack", "away", "sitting_out")
                    if getattr(p, k) not in (None, False)
                }
        b = st.button
        seen |= {
            f"button.{k}"
            for k in ("seat", "player", "kind", "amount", "leg_seat", "leg_player")
            if getattr(b, k) is not None
        }
        seen |= {f"owed.{o.mode}" for o in st.barred}
        seen |= {k for k in ("credits", "agreed", "held_seat") if getattr(st, k)}
    # every non-default field value was exercised by the corpus
    assert seen >= {
        "player.stack",
        "player.away",
        "player.sitting_out",
        "button.seat",
        "button.player",
        "button.kind",
        "button.amount",
        "button.leg_seat",
        "button.leg_player",
        "owed.barred",
        "owed.post-later",
        "credits",
        "agreed",
        "held_seat",
    }


def test_state_round_trip_explicit_values():
    tf = table(players=3)
    st = TableState(
        config=tf.config,
        players=(
            Player(1, "Ann", 1250, True, False),
            None,
            Player(3, "Бо", None, False, True),
            *([None] * 6),
        ),
        button=KillButton("killed", 3, "Бо", "voluntary", 2000, 1, "Ann"),
        hands=17,
        dealer_pos=3,
        barred=(Owed("Zed", 450, "post-later"), Owed("Yo", 2000)),
        credits=("Ann",),
        agreed=(3, 5),
        held_seat=2,
        events=40,
    )
    assert state_from_dict(tf.config, state_to_dict(st)) == st
    with pytest.raises(ValueError):
        state_from_dict(tf.config, {**state_to_dict(st), "format": 99})


def test_snapshot_plus_tail_equals_full_replay_at_every_step(jpath):
    tf = rich_table()
    evs = random_events(11, 90, tf)
    rng = random.Random(11)
    with Journal(jpath, snapshot_every=5) as j:
        s = j.create_table(tf)
        for ev in evs:
            try:
                s.append(ev)
            except Refusal:
                continue  # a void earlier made this one invalid
            if rng.random() < 0.1:
                try:
                    s.void(rng.randint(1, len(s)), "r")
                except Refusal:
                    pass
            reopened = j.open_table(tf.config.name)
            assert reopened.state == s.state == s.full_replay()
        n_snaps = j.connection.execute("SELECT count(*) FROM snapshots").fetchone()[0]
    assert n_snaps >= 3
    with Journal(jpath) as j:  # after close / reopen
        assert j.open_table(tf.config.name).state == s.state


def test_open_reads_only_the_tail_after_the_snapshot(jpath):
    tf = table()
    with Journal(jpath, snapshot_every=100) as j:
        j.create_table(tf).append_many(hand_events(1030))
    with Journal(jpath) as j:
        payloads = []
        j.connection.set_trace_callback(payloads.append)
        s = j.open_table(tf.config.name)
        j.connection.set_trace_callback(None)
        assert len(s) == 1030 and s.state.hands == 1030
        assert s.state == s.full_replay()
    # the tail query starts after seq 1000 (the newest snapshot)
    assert any("seq > 1000" in p for p in payloads)


def test_stale_or_foreign_snapshots_are_skipped(jpath):
    tf = table()
    with Journal(jpath, snapshot_every=4) as j:
        s = j.create_table(tf)
        s.append_many(hand_events(10))
        s.void(6, "typo")
        c = j.connection
        good = s.state
        bogus = json.dumps(state_to_dict(initial_state(tf.config, tf.players)))
        # a snapshot at seq 8 made stale by the void of 6 (as if left behind), and one
        # written by other rules
        c.execute("INSERT OR REPLACE INTO snapshots VALUES (?, 8, '1', ?)", (tf.config.name, bogus))
        c.execute(
            "INSERT OR REPLACE INTO snapshots VALUES (?, 11, 'other-rules', ?)",
            (tf.config.name, bogus),
        )
        c.execute(
            "INSERT OR REPLACE INTO snapshots VALUES (?, 4, '1', 'not json')", (tf.config.name,)
        )
        c.execute("DELETE FROM snapshots WHERE seq = 11 AND rules = '1'")
        assert j.open_table(tf.config.name).state == good == s.full_replay()

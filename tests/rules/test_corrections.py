"""Corrections (``correct``): the state after a correction is the state of the history
entered right from the start, and every later ruling it changes is said before it is
entered (docs/rules.md, 4.1)."""

from __future__ import annotations

import json

import pytest
from helpers import hand, make_table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorkill.rules import Refusal, apply, initial_state
from floorkill.rules.corrections import History, impact, settled
from floorkill.rules.replay import JsonLines, iter_steps, step_json


def history(records, **kw) -> History:
    tf = make_table(**kw)
    return History(tf.config, tf.players, records, strict=True)


def fix(record: int, event, **more) -> dict:
    return {"type": "correct", "record": record, "event": event, **more}


def same_as_right(wrong, record, replacement, right, **kw):
    """Correct ``wrong`` at ``record``; the state equals ``right`` entered from the start."""
    h = history(wrong, **kw)
    h.correct(fix(record, replacement))
    good = history(right, **kw)
    assert h.state == good.state
    return h


# --- each kind of wrong entry, against the right history ----------------------------


def test_rrop_13_3_corrected_winner_moves_the_leg_and_the_kill():
    wrong = [hand(1), hand(2), hand(2, won_beyond_blinds=20), hand(3)]
    right = [hand(1), hand(4), hand(2, won_beyond_blinds=20), hand(3)]
    h = history(wrong)
    changes = impact(h, fix(2, hand(4))).changes
    texts = [d.text() for d in changes]
    assert "hand 2: leg up (Bob, seat 2) → leg up (Dee, seat 4)" in texts
    assert "hand 3: kill pot (Bob, seat 2) → leg up (Bob, seat 2)" in texts
    assert all("rrop-13.3" in d.cites for d in changes if d.key.startswith("fix-hand"))
    assert "раздача 2: «нога» (место 2 (Bob)) → «нога» (место 4 (Dee))" in [
        d.text("ru") for d in changes
    ]
    same_as_right(wrong, 2, hand(4), right)


def test_rrop_13_4_corrected_split_by_the_killer():
    # Bob kills hand 3; entered as won by Bob alone (kills again), really split with Cy
    wrong = [hand(2), hand(2, won_beyond_blinds=20), hand(2), hand(5)]
    right = [hand(2), hand(2, won_beyond_blinds=20), hand(winners=[2, 3]), hand(5)]
    same_as_right(wrong, 3, hand(winners=[2, 3]), right)


def test_rrop_13_8_corrected_scoop():
    kw = dict(game="omaha8", triggers=("scoop",))
    wrong = [hand(high=[1], low=[2], pot=200), hand(high=[3], low=[3], pot=40)]
    right = [hand(high=[1], low=[1], pot=200), hand(high=[3], low=[3], pot=40)]
    h = same_as_right(wrong, 1, hand(high=[1], low=[1], pot=200), right, **kw)
    assert h.state.button.status == "neutral"  # Ann killed hand 2; Cy's scoop was small
    assert history(wrong, **kw).state.button.status == "neutral"


def test_rrop_13_3_corrected_second_leg_answer():
    wrong = [hand(1), hand(1, won_beyond_blinds=5), hand(3)]
    right = [hand(1), hand(1, won_beyond_blinds=20), hand(3)]
    h = same_as_right(wrong, 2, hand(1, won_beyond_blinds=20), right)
    assert h.state.button.status == "leg-up" and h.state.button.seat == 3


def test_rrop_13_6_corrected_quit_owing_a_kill_lifts_the_bar():
    wrong = [
        hand(2),
        hand(2, won_beyond_blinds=20),
        {"type": "quit", "seat": 2, "posts_kill": False},
    ]
    right = [hand(2), hand(2, won_beyond_blinds=20), {"type": "quit", "seat": 2}]
    h = history(wrong)
    assert h.state.is_barred("Bob")
    texts = [d.text() for d in impact(h, fix(3, {"type": "quit", "seat": 2})).changes]
    assert "bar on Bob lifted (no kill of $20 owed)" in texts
    h = same_as_right(wrong, 3, {"type": "quit", "seat": 2}, right)
    assert not h.state.is_barred("Bob")


# --- impossible later records are settled, never dropped ---------------------------

QUIT_UNPOSTED = {"type": "quit", "seat": 2, "posts_kill": False}
PAID = {"type": "pay_kill", "name": "Bob"}


def test_rrop_13_6_kill_paid_for_a_kill_no_longer_owed_must_be_settled():
    records = [hand(2), hand(2, won_beyond_blinds=20), QUIT_UNPOSTED, hand(3), PAID]
    h = history(records)
    proposed = fix(3, {"type": "quit", "seat": 2})
    found = impact(h, proposed)
    assert [(s, t) for s, t, _r in found.impossible] == [(5, "pay_kill")]
    with pytest.raises(Refusal) as refused:
        h.correct(proposed)
    assert refused.value.key == "correct-unsettled" and "5" in refused.value.text()
    assert len(h) == 5  # nothing entered
    struck = history(records)
    struck.correct(settled(proposed, {5: "strike"}))
    assert struck.state == history(records[:2] + [{"type": "quit", "seat": 2}, hand(3)]).state
    kept = history(records)
    kept.correct(settled(proposed, {5: "keep"}))
    assert kept.state == struck.state
    assert kept.outcomes[4].refusal is not None  # kept as entered, passed over


def test_replacement_that_does_not_apply_is_refused():
    h = history([hand(1), hand(2)])
    with pytest.raises(Refusal) as refused:
        h.correct(fix(2, hand(8)))  # seat 8 is empty
    assert refused.value.key == "correct-refused"


# --- chains and undo -----------------------------------------------------------------


def test_correction_of_a_correction():
    records = [hand(1), hand(2), hand(3)]
    h = history(records)
    h.correct(fix(2, hand(4)))  # record 4
    with pytest.raises(Refusal) as refused:
        h.correct(fix(2, hand(5)))  # the newest correction is named, not the original
    assert refused.value.key == "correct-not-newest"
    h.correct(fix(4, hand(5)))  # record 5
    assert h.chain(2) == [4, 5] and h.chain(5) == [4, 5]
    assert h.state == history([hand(1), hand(5), hand(3)]).state


def test_undo_of_a_correction_restores_the_original():
    records = [hand(1), hand(2), hand(2, won_beyond_blinds=20), QUIT_UNPOSTED, PAID]
    h = history(records)
    h.correct(settled(fix(4, {"type": "quit", "seat": 2}), {5: "strike"}))
    assert h.state != history(records).state
    h.add({"type": "void", "target": 6, "reason": "the dealer was right"})
    assert h.state == history(records).state
    assert h.chain(4) == []


def test_undo_of_a_corrected_record_names_its_correction():
    h = history([hand(1), hand(2), hand(3)])
    h.correct(fix(2, hand(4)))
    with pytest.raises(Refusal) as refused:
        h.add({"type": "void", "target": 2, "reason": "x"})
    assert refused.value.key == "void-corrected"


def test_strike_a_record():
    h = history([hand(1), hand(2), hand(3)])
    found = impact(h, fix(2, "none"))
    assert [d.key for d in found.changes][0] == "fix-struck"
    h.correct(fix(2, "none"))
    assert h.state == history([hand(1), hand(3)]).state


# --- replay -----------------------------------------------------------------------------


def test_replay_json_of_a_file_with_a_correction_ends_as_the_right_file():
    tf = make_table()
    wrong = [hand(1), hand(2), hand(2, won_beyond_blinds=20), fix(2, hand(4))]
    right = [hand(1), hand(4), hand(2, won_beyond_blinds=20)]
    init = initial_state(tf.config, tf.players)
    steps = list(iter_steps(init, wrong))
    good = list(iter_steps(init, right))
    a, b = step_json(steps[-1]), step_json(good[-1])
    assert a["type"] == "correct" and a["error"] is None
    assert {k: a[k] for k in ("hand", "button", "next", "barred")} == {
        k: b[k] for k in ("hand", "button", "next", "barred")
    }
    assert a["decisions"][0]["code"] == "corrected"
    lines = JsonLines()
    assert [lines.line(s) for s in steps] == [
        json.dumps(step_json(s), ensure_ascii=False) for s in steps
    ]


def test_replay_refuses_a_correction_of_a_missing_record():
    tf = make_table()
    steps = list(iter_steps(initial_state(tf.config, tf.players), [hand(1), fix(5, hand(2))]))
    assert steps[-1].refusal is not None and steps[-1].refusal.key == "correct-no-record"


# --- any record, any valid event ---------------------------------------------------------

SEATS = (1, 2, 3, 4, 5, 6)


def _candidate():
    winner = st.sampled_from(SEATS)
    hands = st.one_of(
        st.builds(lambda w: hand(w), winner),
        st.builds(lambda w, b: hand(w, won_beyond_blinds=b), winner, st.sampled_from([5, 20])),
        st.builds(lambda a, b: hand(winners=sorted({a, b})), winner, winner),
        st.builds(lambda w: hand(w, kill_posted=False), winner),
    )
    seat = st.sampled_from(SEATS)
    others = st.one_of(
        st.builds(lambda s, p: {"type": "quit", "seat": s, "posts_kill": p}, seat, st.booleans()),
        st.builds(lambda s: {"type": "away", "seat": s}, seat),
        st.builds(lambda s: {"type": "back", "seat": s}, seat),
        st.builds(
            lambda s, n: {"type": "join", "seat": s, "name": n},
            seat,
            st.sampled_from(["Ann", "Bob", "Gus", "Hal"]),
        ),
        st.builds(lambda n: {"type": "pay_kill", "name": n}, st.sampled_from(["Ann", "Bob", "Cy"])),
    )
    return st.one_of(hands, hands, hands, others)


def _accepted(state, raws):
    out = []
    for raw in raws:
        try:
            state = apply(state, raw).state
        except Refusal:
            continue
        out.append(raw)
    return out


def _replay_skipping(state, raws):
    for raw in raws:
        try:
            state = apply(state, raw).state
        except Refusal:
            pass
    return state


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.lists(_candidate(), min_size=1, max_size=30), st.data())
def test_any_correction_equals_replaying_the_edited_history(raws, data):
    tf = make_table()
    init = initial_state(tf.config, tf.players)
    records = _accepted(init, raws)
    if not records:
        return
    r = data.draw(st.integers(1, len(records)))
    h = History(tf.config, tf.players, records, strict=True)
    candidates = _accepted(
        h.states[r - 1], data.draw(st.lists(_candidate(), min_size=1, max_size=5))
    )
    new = candidates[0] if candidates else "none"
    how = data.draw(st.sampled_from(["strike", "keep"]))
    proposed = fix(r, new)
    found = impact(h, proposed)
    for _ in range(10):  # a later record the corrected history asks a question of
        if not found.questions:
            break
        proposed = found.answer(proposed, data.draw(st.booleans()))
        found = impact(h, proposed)
    assert found.refusal is None and not found.questions
    h.correct(settled(proposed, {s: how for s in found.settle_needed}))
    edited = list(records)
    edited[r - 1] = None if new == "none" else new
    for a in proposed.get("answers", []):
        fields = {k: v for k, v in a.items() if k != "record"}
        edited[a["record"] - 1] = {**edited[a["record"] - 1], **fields}
    for s in found.settle_needed:
        if how == "strike":
            edited[s - 1] = None
    assert h.state == _replay_skipping(init, [e for e in edited if e is not None])


# --- a later hand the corrected history asks a question of --------------------------------


def test_rrop_13_3_a_later_win_that_becomes_a_second_leg_is_asked_not_settled():
    # hand 2 entered as won by Cy; Bob won it. Bob's win at hand 3 is then a second leg:
    # the rules must hear whether it won a full bet beyond the blinds
    wrong = [hand(1), hand(3), hand(2), hand(4)]
    h = history(wrong)
    proposed = fix(2, hand(2))
    found = impact(h, proposed)
    assert found.impossible == () and found.settle_needed == ()
    [(seq, event, question)] = found.questions
    assert (seq, event, question.kind) == (3, hand(2), "qualifies")
    assert "rrop-13.3" in question.cites
    assert "Second leg for seat 2 Bob" in question.text()
    assert "Вторая «нога» места 2 (Bob)" in question.text("ru")
    answered = found.answer(proposed, True)
    assert answered["answers"] == [{"record": 3, "qualifies": True}]
    weighed = impact(h, answered)
    assert weighed.questions == () and weighed.impossible == ()
    assert "hand 3: leg up (Bob, seat 2) → kill pot (Bob, seat 2)" in [
        d.text() for d in weighed.changes
    ]
    h.correct(answered)
    right = history([hand(1), hand(2), hand(2, qualifies=True), hand(4)])
    assert h.state == right.state


def test_rrop_13_3_the_answer_no_leaves_the_leg_where_it_was():
    h = history([hand(1), hand(3), hand(2), hand(4)])
    proposed = fix(2, hand(2))
    h.correct(impact(h, proposed).answer(proposed, False))
    right = history([hand(1), hand(2), hand(2, qualifies=False), hand(4)])
    assert h.state == right.state


def test_undo_of_a_correction_takes_its_answers_back():
    wrong = [hand(1), hand(3), hand(2), hand(4)]
    h = history(wrong)
    proposed = fix(2, hand(2))
    h.correct(impact(h, proposed).answer(proposed, True))
    h.add({"type": "void", "target": 5, "reason": "wrong hand"})
    assert h.state == history(wrong).state
    assert h.resolved.events[2] == hand(2)


def test_an_answer_names_a_later_record_and_only_what_a_question_fills():
    h = history([hand(1), hand(3), hand(2), hand(4)])
    for answers in (
        [{"record": 3, "winner": 5}],  # not an answer: a correction of record 3
        [{"record": 3}],
        [{"qualifies": True}],
        [{"record": 3, "qualifies": True}, {"record": 3, "qualifies": False}],
    ):
        with pytest.raises(Refusal) as refused:
            h.correct(fix(2, hand(2), answers=answers))
        assert refused.value.key == "correct-bad-answer"
    with pytest.raises(Refusal) as refused:
        h.correct(fix(2, hand(2), answers=[{"record": 1, "qualifies": True}]))
    assert refused.value.key == "correct-settle-not-later"
    assert len(h) == 4


def test_an_exported_answer_names_the_files_record():
    from floorkill.rules.corrections import file_records, journal_numbers

    records = [
        hand(1),
        {"type": "void", "target": 1, "reason": "x"},
        hand(1),
        hand(3),
        hand(2),
        fix(4, hand(2), answers=[{"record": 5, "qualifies": True}]),
    ]
    out, seqs = file_records(records)
    assert out[-1]["record"] == 2 and out[-1]["answers"] == [{"record": 3, "qualifies": True}]
    assert journal_numbers(out[-1], seqs)["answers"] == [{"record": 5, "qualifies": True}]


def test_rrop_13_3_a_replacement_that_is_a_second_leg_asks_its_own_question():
    h = history([hand(1), hand(3), hand(4)])
    proposed = fix(2, hand(1))  # Ann's second win: the rules need the second-leg answer
    found = impact(h, proposed)
    assert found.refusal is None
    [(seq, _event, question)] = found.questions
    assert seq == 2 and question.kind == "qualifies"
    answered = found.answer(proposed, True)
    assert answered["event"] == hand(1, qualifies=True) and "answers" not in answered
    h.correct(answered)
    assert h.state == history([hand(1), hand(1, qualifies=True), hand(4)]).state


def test_house_big_pot_a_split_corrected_to_one_winner_asks_the_pot_on_its_state():
    big = {"triggers": ("two-pots", "big-pot"), "big_pot_minimum": "5x-upper"}
    wrong = [hand(1, pot=20), {"type": "hand", "winners": [3, 4]}, hand(2, pot=30)]
    h = history(wrong, **big)
    proposed = fix(2, hand(3))  # Cy won it alone: the pot decides whether he kills
    found = impact(h, proposed)
    [(seq, event, question)] = found.questions
    assert (seq, event, question.kind, question.answers) == (2, hand(3), "pot", ())
    assert "house-big-pot" in question.cites
    assert found.asked_on == (h.states[1],)  # what an amount typed decides is weighed there
    filled = question.answered(event, 12000)
    assert apply(found.asked_on[0], filled).state.button.killed
    answered = found.fill(proposed, filled)
    assert answered["event"] == hand(3, pot=120)
    h.correct(answered)
    right = [hand(1, pot=20), hand(3, pot=120), hand(2, pot=30)]
    assert h.state == history(right, **big).state


# --- the shift's seal --------------------------------------------------------------------

SEAL = {"type": "seal", "head": "ab" * 32 + "@7"}


def test_the_seal_changes_nothing_of_play_and_is_never_corrected():
    from floorkill.rules.corrections import file_records, sealed_after

    h = history([hand(1), SEAL, hand(2)])
    assert h.state.button == history([hand(1), hand(2)]).state.button
    assert h.target_refusal(2).key == "correct-of-seal"
    with pytest.raises(Refusal) as refused:
        h.correct(fix(1, SEAL))
    assert refused.value.key == "correct-bad-event"
    assert sealed_after(h, 1) == SEAL["head"] and sealed_after(h, 3) is None
    out, seqs = file_records(h.records)  # an export: the seal names this journal's chain
    assert [e["type"] for e in out] == ["hand", "hand"] and seqs == [1, 3]
    closed = history([hand(1), {"type": "close_table"}, SEAL])  # a closed table takes it
    assert closed.state.closed

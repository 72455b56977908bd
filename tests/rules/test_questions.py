"""needs(state, event) and pending(state): the questions the rules ask, what is pending,
and one ruling per ruling (the short post). Named after the clause that makes each matter."""

from __future__ import annotations

import pytest
from helpers import hand, run, start

from floorkill.rules import Refusal, apply
from floorkill.rules.pending import pending
from floorkill.rules.questions import QUESTION_KINDS, needs
from floorkill.rules.rulings import short_post

KILLED = (hand(3), hand(3, qualifies=True))  # Cy must kill the coming hand


def kinds(questions):
    return [(q.kind, q.ask) for q in questions]


def test_plain_hand_needs_nothing():
    assert needs(start(), hand(3)) == []


def test_rrop_13_3_second_leg_is_asked_with_both_consequences():
    st = run(start(), hand(3))
    (q,) = needs(st, hand(3))
    assert (q.kind, q.ask, q.amount) == ("qualifies", True, True)
    assert "rrop-13.3" in q.cites and "$10" in q.text("en") and "10\u00a0$" in q.text("ru")
    assert [d.code for d in q.consequences(True)] == ["kill"]
    assert [d.code for d in q.consequences(False)] == ["leg-up"]
    done = q.answered(hand(3), False)
    assert needs(st, done) == [] and apply(st, done).state.button.status == "leg-up"
    by_amount = q.answered(hand(3), 1000)  # $10 won beyond the blinds: enough
    assert apply(st, by_amount).state.button.killed


def test_house_natural_flop_is_asked_first_then_the_money():
    st = run(start(preset="house"), hand(3))
    (q,) = needs(st, hand(3))
    assert q.kind == "flop" and "house-natural" in q.cites
    assert q.consequences(True) == ()  # another question follows
    assert q.consequences(False)  # a walk: decided at once
    (q2,) = needs(st, q.answered(hand(3), True))
    assert q2.kind == "qualifies"


@pytest.mark.parametrize("walk", ["keeps", "neutral"])
def test_house_natural_walk_option_asks_no_flop_without_the_flop_rule(walk):
    """The walk option belongs to the flop rule: without it no flop is asked and
    the second leg is weighed by money, whichever walk value the table has."""
    st = run(start(walk=walk), hand(3))
    assert needs(st, hand(3))[0].kind == "qualifies"


def test_house_natural_second_leg_pot_asks_for_the_pot():
    """Under second_leg_pot the podium asks for the pot, not for money beyond the blinds;
    the flop comes first under the flop rule; y/n answers whether the pot reached the size."""
    st = run(start(second_leg_pot="5x-big-blind"), hand(3))
    (q,) = needs(st, hand(3))
    assert q.kind == "pot" and q.amount and "house-natural" in q.cites
    assert "$50" in q.text("en") and "банк" in q.text("ru")
    assert [d.code for d in q.consequences(True)] == ["kill"]
    assert [d.code for d in q.consequences(False)] == ["leg-up"]
    assert needs(st, q.answered(hand(3), 5000)) == []
    assert q.answered(hand(3), True)["qualifies"] is True
    st = run(
        start(second_leg_pot="5x-big-blind", second_leg_needs_flop=True, walk="neutral"), hand(3)
    )
    (q,) = needs(st, hand(3))
    assert q.kind == "flop"
    (q2,) = needs(st, q.answered(hand(3), True))
    assert q2.kind == "pot"


def test_wsop_191_kill_blind_is_counted_when_the_second_leg_is_played_in_a_kill_pot():
    st = run(
        start(
            preset="wsop",
            voluntary=True,
            players=((1, "Ann", 500), (2, "Bob", 500), (3, "Cy", 500), (4, "Dee", 500)),
        ),
        hand(3),
        {"type": "voluntary_kill", "seat": 1},
    )
    (q,) = [q for q in needs(st, hand(3)) if q.ask]
    assert "wsop-191" in q.cites and "not blind structure" in q.text("en")


def test_rrop_13_8_pot_is_asked_for_a_scoop():
    st = start("omaha8", triggers=("scoop",))
    (q,) = needs(st, {"type": "hand", "high": [3], "low": []})
    assert q.kind == "pot" and q.amount and "rrop-13.8" in q.cites and "$100" in q.text("en")
    assert needs(st, {"type": "hand", "high": [3], "low": [5]}) == []  # split: no pot needed
    with pytest.raises(ValueError):
        q.answered({}, True)


def test_rrop_13_6_kill_posted_is_offered_in_a_kill_pot_and_false_bars():
    st = run(start(), *KILLED)
    (q,) = needs(st, hand(4))
    assert (q.kind, q.ask, q.default) == ("kill_posted", False, True)
    assert "rrop-13.6" in q.cites
    assert "barred" in [d.code for d in q.consequences(False)]
    assert [q.kind for q in needs(st, hand(3))] == []  # the killer won: it was posted


def test_rrop_13_6_pending_killer_leaving_is_asked_posts_kill():
    st = run(start(), *KILLED)
    for t in ("quit", "away"):
        (q,) = needs(st, {"type": t, "seat": 3})
        assert q.kind == "posts_kill" and q.ask and "rrop-13.6" in q.cites
        assert "barred" in [d.code for d in q.consequences(False)]
    assert needs(st, {"type": "quit", "seat": 4}) == []  # not the killer


def test_rrop_13_12_joining_a_kill_pot_is_asked_agrees_to_kill():
    st = run(start(), *KILLED)
    (q,) = needs(st, {"type": "join", "seat": 7, "name": "Gus"})
    assert q.kind == "agrees_to_kill" and "rrop-13.12" in q.cites
    assert (
        needs(run(start(preset="wsop"), *KILLED), {"type": "join", "seat": 7, "name": "Gus"}) == []
    )


def test_rrop_13_10_a_new_player_is_offered_a_voluntary_kill_only_where_allowed():
    st = start(voluntary=True)
    (q,) = needs(st, {"type": "join", "seat": 7, "name": "Gus", "stack": 100})
    assert (q.kind, q.ask, q.default) == ("posts_kill", False, False)
    assert needs(start(), {"type": "join", "seat": 7, "name": "Gus"}) == []


def test_every_kind_is_answerable():
    seen = set()
    scenarios = [
        (run(start(), hand(3)), hand(3)),
        (run(start(preset="house"), hand(3)), hand(3)),
        (start("omaha8", triggers=("scoop",)), {"type": "hand", "high": [3], "low": []}),
        (start("omaha8", triggers=("scoop",)), {"type": "hand", "high": [3]}),  # low unsaid
        (run(start(), *KILLED), hand(4)),
        (run(start(), *KILLED), {"type": "quit", "seat": 3}),
        (run(start(), *KILLED), {"type": "join", "seat": 7, "name": "Gus"}),
    ]
    for st, raw in scenarios:
        seen |= {q.kind for q in needs(st, raw)}
    assert seen == set(QUESTION_KINDS)


def test_a_refusal_no_answer_lifts_is_raised():
    with pytest.raises(Refusal):
        needs(start(), hand(8))  # seat 8 is empty


def test_pending_lists_the_button_then_obligations():
    assert [(d.code, d.cites) for d in pending(start())] == [("neutral", ("house-button",))]
    leg = pending(run(start(), hand(3)))
    assert leg[0].code == "leg-up" and leg[0].seat == 3 and "rrop-13.3" in leg[0].cites
    st = run(start(), *KILLED, {"type": "quit", "seat": 3, "posts_kill": False})
    codes = [d.code for d in pending(st)]
    assert codes == ["neutral", "barred"]
    assert "Cy" in pending(st)[1].text("en") and pending(st)[1].text("ru") != pending(st)[1].text(
        "en"
    )


def test_rrop_13_2_pending_kill_says_who_posts_and_the_limits():
    (kill,) = pending(run(start(), *KILLED))
    assert kill.code == "kill-pending" and kill.seat == 3 and kill.cites == ("rrop-13.2",)
    assert "$20-$40" in kill.text("en") and "$20" in kill.text("en")


@pytest.mark.parametrize(
    "preset, cites", [("robert", ("rrop-13.9",)), ("wsop", ("rrop-13.9", "wsop-196"))]
)
def test_rrop_13_9_recorded_underpost_and_the_rulings_screen_are_one_ruling(preset, cites):
    st = run(start(preset=preset), *KILLED)
    recorded = apply(st, {"type": "underpost", "seat": 4}).decisions
    asked = short_post(st, 4)
    assert recorded == asked
    assert recorded[0].code == "must-complete" and recorded[0].cites == cites


def test_every_trigger_and_option_has_its_clauses_in_the_catalogue():
    """The table editor shows what rules/options.py lists: nothing to add in the UI."""
    from floorkill.rules.clauses import CLAUSES
    from floorkill.rules.config import KILL_OPTIONS, TRIGGERS, KillOptions
    from floorkill.rules.options import FIELD_CITES, kill_options, trigger_cites

    for t in TRIGGERS:
        assert trigger_cites(t) and all(c in CLAUSES for c in trigger_cites(t)), t
    assert all(c in CLAUSES for cites in FIELD_CITES.values() for c in cites)
    opts = kill_options()
    assert [o.name for o in opts] == list(KILL_OPTIONS)
    defaults = KillOptions()
    for o in opts:
        assert o.label and all(c in CLAUSES for c in o.cites)
        assert getattr(defaults, o.name) == o.default  # one source for each default


def test_house_scoop_high_alone_asks_no_qualifying_low_first_with_what_a_scoop_decides():
    st = start("omaha8", triggers=("scoop",))
    (q,) = needs(st, {"type": "hand", "high": [3], "pot": 500})
    assert q.kind == "low" and q.ask and "house-scoop" in q.cites
    assert "seat 3" in q.text("en") and "скуп" in q.text("ru")
    assert [d.code for d in q.consequences(True)] == ["kill"]  # a $500 scoop kills
    assert q.answered({"type": "hand", "high": [3]}, True) == {
        "type": "hand",
        "high": [3],
        "low": [],
    }
    assert q.answered_low({"type": "hand", "high": [3]}, [5]) == {
        "type": "hand",
        "high": [3],
        "low": [5],
    }
    assert all(q.kind != "low" for q in needs(st, {"type": "hand", "high": [3], "low": [5]}))
    assert needs(start(), hand(3)) == [] or all(q.kind != "low" for q in needs(start(), hand(3)))

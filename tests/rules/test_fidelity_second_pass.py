"""Rules fidelity second pass: one named test per case the differential audit
found (docs/rules.md 5.5, 5.7, 5.8, 5.11, 6). Each name carries the clause id.

Default table (helpers.table_doc): $10-$20 fixed hold'em, blinds $5/$10, full kill,
two-pots trigger, six players Ann..Fay in seats 1-6.
"""

from __future__ import annotations

import pytest
from helpers import (
    assert_button,
    assert_decision,
    assert_killed_by,
    assert_not_killed,
    codes,
    hand,
    refused,
    run,
    start,
)

from floorkill.rules import apply, next_hand
from floorkill.rules.state import NEUTRAL

LOWBALL = dict(game="lowball-a5", bets=(2, 4), blinds=(1, 2))  # $2-$4 California lowball


def killed(seat=2, **kw):
    return run(start(**kw), hand(seat), hand(seat, won_beyond_blinds=10))


def agreed_kill_pending(**kw):
    """Bob's required kill is played; Yan joined agreeing to kill; Cy wins: Cy has the leg and
    Yan's agreed kill is on the coming hand."""
    st = run(
        killed(2, **kw), {"type": "join", "seat": 7, "name": "Yan", "agrees_to_kill": True}, hand(3)
    )
    assert_killed_by(st, 7, kind="agreed")
    assert st.button.leg_seat == 3
    return st


# ---------------------------------------------------------------------------
# docs/rules.md 5.8: agreed kills wait


def test_rrop_13_12_agreed_kill_waits_through_a_required_kill_and_kills_the_first_free_hand():
    st = run(killed(2), {"type": "join", "seat": 7, "name": "Yan", "agrees_to_kill": True})
    a = apply(st, hand(2))  # Bob kills again: one kill per deal
    assert_decision(a, "agreement-waits", 7, "rrop-13.11")
    a = apply(a.state, hand(2))  # ...and again
    assert_decision(a, "agreement-waits", 7, "rrop-13.11")
    assert a.state.agreed == (7,)
    a = apply(a.state, hand(winners=[1, 3]))  # the first hand with no required kill
    assert_decision(a, "kill", 7, "rrop-13.12")
    assert_killed_by(a.state, 7, kind="agreed")
    assert "neutral" not in codes(a)  # the button is in the pot, not neutral


def test_rrop_13_12_agreement_ends_when_the_player_quits():
    st = run(killed(2), {"type": "join", "seat": 7, "name": "Yan", "agrees_to_kill": True}, hand(2))
    a = apply(st, {"type": "quit", "seat": 7})
    assert_decision(a, "agreement-lapses", 7, "rrop-13.12")
    assert a.state.agreed == ()


# ---------------------------------------------------------------------------
# docs/rules.md 5.5 / 5.7: a missed agreed or owed kill keeps the leg, on both paths


def test_rrop_13_6_missed_agreed_kill_on_the_hand_keeps_the_leg():
    a = apply(agreed_kill_pending(), hand(3, kill_posted=False, won_beyond_blinds=10))
    assert_decision(a, "barred", 7, "rrop-13.6")
    # Cy kept the leg and won again at the ordinary limits ($10 beyond the blinds is a full bet)
    assert_decision(a, "kill", 3, "rrop-13.3")
    assert_killed_by(a.state, 3, kind="required")


def test_rrop_13_6_missed_agreed_kill_by_quitting_keeps_the_leg():
    a = apply(agreed_kill_pending(), {"type": "quit", "seat": 7, "posts_kill": False})
    assert_decision(a, "barred", 7, "rrop-13.6")
    assert_decision(a, "leg-up", 3, "rrop-13.6")
    assert_button(a.state, "leg-up", 3, "Cy")
    assert_not_killed(a.state)
    a = apply(a.state, hand(3, won_beyond_blinds=10))
    assert_decision(a, "kill", 3, "rrop-13.3")


def test_rrop_13_6_both_paths_agree_on_a_missed_agreed_kill():
    st = agreed_kill_pending()
    by_hand = run(st, hand(4, kill_posted=False))
    by_quit = run(st, {"type": "quit", "seat": 7, "posts_kill": False}, hand(4))
    assert by_hand.button == by_quit.button
    assert_button(by_hand, "leg-up", 4)


def test_wsop_197_missed_owed_kill_keeps_the_leg():
    st = run(killed(2, missed_kill="post-later"), hand(3, kill_posted=False))
    assert_button(st, "killed", 2)  # Bob posts the owed kill at once
    assert st.button.kind == "owed" and st.button.leg_seat == 3
    a = apply(st, hand(3, kill_posted=False, won_beyond_blinds=10))
    assert_decision(a, "owes", 2, "wsop-197")
    assert_decision(a, "kill", 3, "rrop-13.3")  # Cy's leg counted: a second leg
    a2 = apply(st, {"type": "quit", "seat": 2, "posts_kill": False})
    assert_decision(a2, "leg-up", 3)
    assert_button(a2.state, "leg-up", 3, "Cy")


# ---------------------------------------------------------------------------
# docs/rules.md 5.5: an unposted voluntary kill changes nothing


def voluntary_on_leg(killer=3, leg=2):
    return run(
        start(**LOWBALL, voluntary=True),
        hand(leg),
        {"type": "stack", "seat": killer, "amount": 100},
        {"type": "voluntary_kill", "seat": killer},
    )


def test_rrop_13_3_unposted_voluntary_kill_measures_the_second_leg_at_the_limits_played():
    st = voluntary_on_leg(3, 2)
    # $2-$4: one full bet of the limits actually played is $2, not the killed $4
    a = apply(st, hand(2, kill_posted=False, won_beyond_blinds=2))
    assert_decision(a, "kill-not-posted", 3, "rrop-13.10")
    assert_decision(a, "kill", 2, "rrop-13.3")
    assert_killed_by(a.state, 2, kind="required")
    assert "barred" not in codes(a) and not a.state.barred


def test_rrop_13_10_unposted_voluntary_killer_may_win_the_pot():
    st = voluntary_on_leg(3, 2)
    a = apply(st, hand(3, kill_posted=False))
    assert "barred" not in codes(a)
    assert_decision(a, "leg-up", 3, "rrop-13.3")
    assert_button(a.state, "leg-up", 3)
    # a bound killer who did not post was not dealt in: that is still refused
    refused(killed(2), hand(2, kill_posted=False), cite="rrop-13.6")


# ---------------------------------------------------------------------------
# rrop-13.5: a leg credit is used up once its holder has the button again


def test_rrop_13_5_leg_credit_is_used_up_when_its_holder_has_the_button_again():
    st = run(start(), hand(2), {"type": "away", "seat": 2}, hand(3), {"type": "back", "seat": 2})
    assert st.credits == ("Bob",)
    assert_button(st, "leg-up", 3, "Cy")
    a = apply(st, hand(2))  # Bob wins: he has the button again
    assert_button(a.state, "leg-up", 2, "Bob")
    assert a.state.credits == ()
    d = assert_decision(a, "leg-credit", 2, "rrop-13.5")
    assert "used up" in d.text("en")
    a = apply(a.state, hand(winners=[1, 4]))  # a later neutral button stays neutral
    assert_button(a.state, "neutral")
    assert_decision(a, "neutral", None, "rrop-13.1c")
    assert "leg-returns" not in [d.key for d in a.decisions]


# ---------------------------------------------------------------------------
# house-blind-games: no blinds in `next` for stud games


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
def test_house_blind_games_next_hand_has_no_blinds_or_posts(game):
    st = start(game, kind="none", triggers=None, blinds=None)
    for s in (
        st,
        run(
            st,
            hand(
                1 if game != "stud8" else None,
                **({"high": [1], "low": [2]} if game == "stud8" else {}),
            ),
        ),
    ):
        nh = next_hand(s)
        assert nh.blinds == () and nh.posts == {}
        assert nh.small_blind is None and nh.big_blind is None
        j = nh.to_json()
        assert j["blinds"] == [] and j["posts"] == {}


# ---------------------------------------------------------------------------
# house-button: a `neutral` decision exactly when the button becomes neutral


def test_house_button_neutral_decision_only_when_the_button_becomes_neutral():
    # stays neutral: no `neutral` decision
    a = apply(start(), hand(winners=[1, 3]))
    assert "neutral" not in codes(a) and a.state.button.status == NEUTRAL
    # leg up -> neutral: one
    a = apply(run(start(), hand(2)), hand(winners=[1, 3]))
    assert codes(a).count("neutral") == 1
    # a required killer quits without posting: the button becomes neutral, so say so
    a = apply(killed(2), {"type": "quit", "seat": 2, "posts_kill": False})
    assert_decision(a, "neutral", None, "rrop-13.6")
    assert_button(a.state, "neutral")
    # a voluntary kill withdrawn over a leg: the leg stays, no `neutral`
    st = voluntary_on_leg(3, 2)
    a = apply(st, {"type": "away", "seat": 3, "posts_kill": False})
    assert "neutral" not in codes(a)
    assert_button(a.state, "leg-up", 2)


# ---------------------------------------------------------------------------
# rrop-13.8: a hi-lo pot split between the killer and another


def test_rrop_13_8_hilo_split_between_killer_and_another_cites_the_scoop_requirement():
    st = run(start("omaha8", triggers=("scoop",)), hand(high=[2], low=[2], pot=100))
    assert_killed_by(st, 2, kind="required")
    a = apply(st, hand(high=[2], low=[4], pot=200))
    d = assert_decision(a, "neutral", None, "rrop-13.8", "house-scoop")
    assert "rrop-13.1c" not in d.cites
    assert "Bob" in d.text("en") and "Bob" in d.text("ru")
    assert_button(a.state, "neutral")

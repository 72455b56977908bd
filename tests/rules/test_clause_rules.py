"""One or more tests per clause id of docs/rules.md section 1, named after the id.

Each test is written from docs/rules.md's meaning (sections 1-5) and the seeds, not from the
engine's code: it asserts the decision code(s), the seat, the clause ids cited, the kill
button afterwards and what the coming hand looks like (``next_hand``). Refusals are
checked to change nothing.

Default table (helpers.table_doc): $10-$20 fixed hold'em, blinds $5/$10, full kill,
two-pots trigger, six players Ann..Fay in seats 1-6, dealer button at seat 1.
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
    make_table,
    refused,
    run,
    start,
)

from floorkill.rules import ConfigError, apply, load_table_text, next_hand
from floorkill.rules.clauses import clause
from floorkill.rules.config import KILL_OPTIONS, PRESETS
from floorkill.rules.money import dollars
from floorkill.rules.state import barred_json, button_json

LOWBALL = dict(game="lowball-a5", bets=(2, 4), blinds=(1, 2))  # $2-$4 California lowball


def legged(seat=2, **kw):
    """A table where ``seat`` won the last pot (leg up)."""
    return run(start(**kw), hand(seat))


def killed(seat=2, **kw):
    """A table where ``seat`` won two pots in a row, the second qualifying: next hand killed."""
    return run(start(**kw), hand(seat), hand(seat, won_beyond_blinds=10))


# ---------------------------------------------------------------------------
# rrop-13.0: what a kill is; full and half kill amounts


def test_rrop_13_0_full_kill_doubles_blind_and_limits():
    st = killed(2)
    cfg = st.config
    assert cfg.kill_blind == 2 * cfg.big_blind == 2000
    assert cfg.killed_limits() == (2000, 4000)
    assert_killed_by(st, 2, kind="required", amount=2000)
    assert next_hand(st).blinds == (500, 1000)  # small and big blinds stay as they are


def test_rrop_13_0_half_kill_amounts():
    st = start(kind="half", bets=(3, 6), blinds=(1, 3))
    cfg = st.config
    assert cfg.kill_blind == 450  # 1.5 x $3 = $4.50, exact
    assert dollars(cfg.kill_blind) == "$4.50"
    assert cfg.killed_limits() == (450, 900)
    assert cfg.stakes_text(cfg.killed_limits()) == "$4.50-$9"
    st = run(st, hand(4))
    a = apply(st, hand(4, won_beyond_blinds=3))
    d = assert_decision(a, "kill", 4, "rrop-13.3")
    assert "$4.50" in d.text("en")
    assert_killed_by(a.state, 4, amount=450)
    nh = next_hand(a.state)
    assert nh.limits == (450, 900)
    assert nh.posts[4] == 450
    assert nh.to_json()["kill_blind"] == "4.50"
    assert nh.to_json()["limits"] == ["4.50", "9"]


def test_rrop_13_0_half_kill_spread_amounts():
    cfg = make_table(structure="spread", bets=(2, 6), blinds=(1, 2), kind="half").config
    assert cfg.kill_blind == 300
    assert cfg.killed_limits() == (300, 900)
    assert cfg.stakes_text(cfg.killed_limits()) == "$3-$9"


def test_rrop_13_0_full_kill_spread_amounts():
    cfg = make_table(structure="spread", bets=(2, 6), blinds=(1, 2)).config
    assert cfg.killed_limits() == (400, 1200)
    assert cfg.stakes_text(cfg.killed_limits()) == "$4-$12"
    cfg = make_table(structure="spread", bets=(1, 4, 4, 8, 8), blinds=(1, 2)).config
    assert cfg.killed_limits() == (200, 800, 800, 1600, 1600)  # $1-4-8-8 -> $2-8-16-16
    assert cfg.stakes_text() == "$1-4-8-8"
    assert cfg.stakes_text(cfg.killed_limits()) == "$2-8-16-16"


def test_rrop_13_0_half_kill_needing_a_fraction_of_a_cent_is_an_error():
    with pytest.raises(ConfigError) as info:
        make_table(kind="half", bets=("0.03", "0.06"), blinds=("0.01", "0.03"))
    assert info.value.key == "kind"
    assert "cent" in str(info.value)


def test_rrop_13_0_kill_button_marks_the_last_winner():
    a = apply(start(), hand(5))
    assert_decision(a, "leg-up", 5, "rrop-13.3")
    assert_button(a.state, "leg-up", 5, "Eve")
    assert_not_killed(a.state)


def test_rrop_13_0_table_without_kill_never_kills():
    st = start(kind="none")
    for _ in range(3):
        a = apply(st, hand(2, won_beyond_blinds=100, pot=1000))
        st = a.state
        assert "kill" not in codes(a) and "leg-up" not in codes(a)
        assert_button(st, "neutral")
        assert_not_killed(st)


# ---------------------------------------------------------------------------
# rrop-13.1: when the button is neutral


def test_rrop_13_1a_first_hand_is_neutral():
    for kw in ({}, dict(game="omaha8", triggers=("scoop",)), dict(LOWBALL, voluntary=True)):
        st = start(**kw)
        assert st.hands == 0
        assert_button(st, "neutral")
        assert st.button.player is None
        assert_not_killed(st)
        assert button_json(st)["status"] == "neutral"
    assert clause("rrop-13.1a").id == "rrop-13.1a"


def test_rrop_13_1b_last_winner_quits_neutral():
    st = legged(2)
    a = apply(st, {"type": "quit", "seat": 2})
    assert_decision(a, "neutral", 2, "rrop-13.1b")
    assert_button(a.state, "neutral")
    assert_not_killed(a.state)
    assert 2 not in next_hand(a.state).dealt_in
    assert a.state.players[1] is None


def test_rrop_13_1b_other_player_quitting_changes_nothing_on_the_button():
    st = legged(2)
    a = apply(st, {"type": "quit", "seat": 4})
    assert not [d for d in a.decisions if "rrop-13.1b" in d.cites]
    assert_button(a.state, "leg-up", 2, "Bob")


def test_rrop_13_1b_leg_holder_quits_while_a_voluntary_kill_is_pending():
    st = run(
        start(**LOWBALL, voluntary=True),
        hand(2),
        {"type": "stack", "seat": 3, "amount": 100},
        {"type": "voluntary_kill", "seat": 3},
    )
    assert st.button.leg_seat == 2
    a = apply(st, {"type": "quit", "seat": 2})
    assert_decision(a, "leg-lost", 2, "rrop-13.1b")  # the kill stands: not a `neutral` decision
    assert_killed_by(a.state, 3, kind="voluntary")  # the kill stays; only the leg goes
    assert a.state.button.leg_seat is None and a.state.button.leg_player is None
    a = apply(a.state, hand(3))  # the killer wins: an ordinary first leg
    assert_button(a.state, "leg-up", 3)


@pytest.mark.parametrize("posts_kill", [True, False])
def test_rrop_13_1b_leg_holder_who_killed_voluntarily_quits(posts_kill):
    st = run(
        start(**LOWBALL, voluntary=True),
        hand(1),
        {"type": "stack", "seat": 1, "amount": 100},
        {"type": "voluntary_kill", "seat": 1},
    )
    assert st.button.leg_seat == 1
    a = apply(st, {"type": "quit", "seat": 1, "posts_kill": posts_kill})
    assert any("rrop-13.1b" in d.cites for d in a.decisions), [d.cites for d in a.decisions]
    b = a.state.button
    assert b.leg_seat is None and b.leg_player is None
    assert b.status == ("killed" if posts_kill else "neutral")
    # a newcomer in that seat wins a first pot: a first leg, not Ann's second
    st = run(a.state, hand(2), {"type": "join", "seat": 1, "name": "Gus"})
    a = apply(st, hand(1, won_beyond_blinds=4))
    assert_decision(a, "leg-up", 1, "rrop-13.3")
    assert_not_killed(a.state)


def test_rrop_13_1c_split_without_button_neutral():
    # from neutral: the button stays neutral, so the decision is not a `neutral` one (docs/rules.md 6)
    a = apply(start(), hand(winners=[1, 3]))
    assert_decision(a, "no-kill", None, "rrop-13.1c")
    assert_button(a.state, "neutral")
    assert_not_killed(a.state)
    # leg up for Bob (2), the pot split by 1 and 3
    a = apply(legged(2), hand(winners=[1, 3]))
    assert_decision(a, "neutral", None, "rrop-13.1c")
    assert_button(a.state, "neutral")
    assert_not_killed(a.state)


def test_rrop_13_1c_kill_pot_split_without_killer_neutral():
    a = apply(killed(2), hand(winners=[1, 3]))
    assert_decision(a, "neutral", None, "rrop-13.1c")
    assert_button(a.state, "neutral")
    assert_not_killed(a.state)


# ---------------------------------------------------------------------------
# rrop-13.2: the killer acts in proper turn


def test_rrop_13_2_killer_acts_in_turn():
    st = run(start(), hand(2))
    a = apply(st, hand(2, won_beyond_blinds=10))
    assert_decision(a, "kill", 2, "rrop-13.3")
    assert_killed_by(a.state, 2, kind="required")
    assert next_hand(a.state).killer_acts_last is False
    assert next_hand(a.state).to_json()["killer_acts_last"] is False


def test_rrop_13_2_house_practice_killer_acts_last_option():
    st = killed(2, killer_acts="last")
    assert_killed_by(st, 2)
    assert next_hand(st).killer_acts_last is True
    assert KILL_OPTIONS["killer_acts"][1] == "in-turn"  # the default is rrop-13.2


# ---------------------------------------------------------------------------
# rrop-13.3: first leg has no pot-size requirement; second leg needs one full bet


def test_rrop_13_3_first_leg_has_no_pot_requirement():
    a = apply(start(), hand(3))  # no pot, no won_beyond_blinds
    assert_decision(a, "leg-up", 3, "rrop-13.3")
    assert_button(a.state, "leg-up", 3, "Cy")
    assert_not_killed(a.state)
    a = apply(start(), hand(3, pot="0.01", won_beyond_blinds=0))
    assert_decision(a, "leg-up", 3, "rrop-13.3")


def test_rrop_13_3_second_leg_needs_full_bet():
    st = legged(2)
    a = apply(st, hand(2, won_beyond_blinds=10))  # one full bet of $10-$20 = $10
    d = assert_decision(a, "kill", 2, "rrop-13.3")
    assert "$20" in d.text("en")
    assert_killed_by(a.state, 2, kind="required", amount=2000)
    assert next_hand(a.state).posts[2] == 2000


def test_rrop_13_3_second_leg_short_keeps_leg():
    a = apply(legged(2), hand(2, won_beyond_blinds="9.99"))
    assert_decision(a, "leg-up", 2, "rrop-13.3")
    assert "kill" not in codes(a)
    assert_button(a.state, "leg-up", 2)
    assert_not_killed(a.state)


def test_rrop_13_3_qualifies_answers_the_question():
    a = apply(legged(2), hand(2, qualifies=True))
    assert_decision(a, "kill", 2, "rrop-13.3")
    assert_killed_by(a.state, 2)
    a = apply(legged(2), hand(2, qualifies=False))
    assert_decision(a, "leg-up", 2, "rrop-13.3")
    assert_not_killed(a.state)


def test_rrop_13_3_second_leg_question_is_asked():
    r = refused(legged(2), hand(2), cite="rrop-13.3")
    assert "$10" in r.text("en")
    assert "won_beyond_blinds" in r.text("en") or "qualifies" in r.text("en")


def test_rrop_13_3_disagreeing_answers_are_refused():
    refused(legged(2), hand(2, won_beyond_blinds=10, qualifies=False))
    refused(legged(2), hand(2, won_beyond_blinds=5, qualifies=True))
    # agreeing answers are fine
    a = apply(legged(2), hand(2, won_beyond_blinds=10, qualifies=True))
    assert_decision(a, "kill", 2, "rrop-13.3")


def test_rrop_13_3_another_winner_takes_the_leg():
    a = apply(legged(2), hand(3))
    assert_decision(a, "leg-up", 3, "rrop-13.3")
    assert_button(a.state, "leg-up", 3, "Cy")
    assert_not_killed(a.state)


def test_rrop_13_3_someone_else_wins_the_kill_pot_gets_a_leg():
    a = apply(killed(2), hand(5))
    assert_decision(a, "leg-up", 5, "rrop-13.3")
    assert_button(a.state, "leg-up", 5, "Eve")
    assert_not_killed(a.state)


def test_rrop_13_3_full_bet_is_at_the_limit_being_played():
    # $2-$4 lowball, Bob has a leg, Cy kills voluntarily: the pot is played $4-$8, so the
    # second leg needs one full bet of $4 (rrop-13.3 "for whatever limit you are playing").
    base = run(
        start(**LOWBALL, voluntary=True),
        hand(2),
        {"type": "stack", "seat": 3, "amount": 100},
        {"type": "voluntary_kill", "seat": 3},
    )
    assert next_hand(base).limits == (400, 800)
    a = apply(base, hand(2, won_beyond_blinds=2))
    assert_decision(a, "leg-up", 2, "rrop-13.3")
    assert_not_killed(a.state)
    a = apply(base, hand(2, won_beyond_blinds=4))  # docs/rules.md 5.5: the leg holder kills
    assert_decision(a, "kill", 2, "rrop-13.3")
    assert_killed_by(a.state, 2, kind="required", amount=400)


# ---------------------------------------------------------------------------
# rrop-13.4: splits


def test_rrop_13_4_split_with_leg_keeps():
    a = apply(legged(2), hand(winners=[2, 4]))
    assert_decision(a, "leg-up", 2, "rrop-13.4")
    assert_button(a.state, "leg-up", 2, "Bob")
    assert_not_killed(a.state)


def test_rrop_13_4_killer_splits_kills_again():
    a = apply(killed(2), hand(winners=[2, 5]))
    d = assert_decision(a, "kill-again", 2, "rrop-13.4")
    assert "$20" in d.text("en")
    assert_killed_by(a.state, 2, kind="required", amount=2000)


def test_rrop_13_4_hilo_leg_holder_sharing_the_pot_keeps_the_leg():
    st = run(start("omaha8"), hand(high=[2], low=[2]))
    a = apply(st, hand(high=[2], low=[4]))
    assert_decision(a, "leg-up", 2, "rrop-13.4")
    assert_button(a.state, "leg-up", 2)
    assert_not_killed(a.state)


# ---------------------------------------------------------------------------
# rrop-13.5: leaving with a leg up keeps it


def test_rrop_13_5_away_keeps_leg():
    a = apply(legged(2), {"type": "away", "seat": 2})
    assert_decision(a, "leg-up", 2, "rrop-13.5")
    assert_button(a.state, "leg-up", 2, "Bob")
    assert 2 not in next_hand(a.state).dealt_in
    a = apply(a.state, {"type": "back", "seat": 2})
    assert_button(a.state, "leg-up", 2, "Bob")
    assert 2 in next_hand(a.state).dealt_in
    a = apply(a.state, hand(2, won_beyond_blinds=10))  # and it still counts
    assert_decision(a, "kill", 2, "rrop-13.3")
    assert_killed_by(a.state, 2)


def test_rrop_13_5_returning_player_gets_the_neutral_button_at_once():
    st = run(legged(2), {"type": "away", "seat": 2}, hand(winners=[1, 3]))
    assert_button(st, "neutral")
    a = apply(st, {"type": "back", "seat": 2})
    assert_decision(a, "leg-up", 2, "rrop-13.5")
    assert_button(a.state, "leg-up", 2, "Bob")
    a = apply(a.state, hand(2, won_beyond_blinds=10))
    assert_decision(a, "kill", 2, "rrop-13.3")


def test_rrop_13_5_returning_player_waits_while_another_has_the_leg():
    st = run(legged(2), {"type": "away", "seat": 2}, hand(3))
    assert_button(st, "leg-up", 3, "Cy")
    a = apply(st, {"type": "back", "seat": 2})
    d = [d for d in a.decisions if d.seat == 2]
    assert d and all("rrop-13.5" in x.cites for x in d)
    assert_button(a.state, "leg-up", 3, "Cy")  # Cy keeps the button for now
    a = apply(a.state, hand(winners=[1, 4]))  # next time it would be neutral
    assert_decision(a, "no-kill", None, "rrop-13.1c")  # ...but Bob's credit places it at once
    assert_decision(a, "leg-up", 2, "rrop-13.5")
    assert_button(a.state, "leg-up", 2, "Bob")
    assert_not_killed(a.state)


# ---------------------------------------------------------------------------
# rrop-13.6: a required kill is posted even when quitting; unposted bars


def test_rrop_13_6_quitting_killer_still_posts():
    a = apply(killed(2), {"type": "quit", "seat": 2})
    assert_decision(a, "kill", 2, "rrop-13.6")
    st = a.state
    assert_killed_by(st, 2, kind="required")
    nh = next_hand(st)
    assert nh.posts[2] == 2000 and 2 not in nh.dealt_in
    assert not st.barred
    refused(st, {"type": "join", "seat": 2, "name": "Gus"}, cite="rrop-13.6")  # seat held
    refused(st, hand(2))
    st = run(st, hand(3))
    assert_button(st, "leg-up", 3)
    assert_not_killed(st)
    run(st, {"type": "join", "seat": 2, "name": "Gus"})  # free after the kill pot


def test_rrop_13_6_away_killer_still_posts():
    a = apply(killed(2), {"type": "away", "seat": 2})
    assert_decision(a, "kill", 2, "rrop-13.6")
    assert_killed_by(a.state, 2, kind="required")
    assert 2 not in next_hand(a.state).dealt_in
    a = apply(a.state, hand(4))
    assert_button(a.state, "leg-up", 4)
    assert not a.state.barred


def test_rrop_13_6_unposted_kill_bars():
    a = apply(killed(2), {"type": "quit", "seat": 2, "posts_kill": False})
    d = assert_decision(a, "barred", 2, "rrop-13.6")
    assert "$20" in d.text("en")
    st = a.state
    assert_button(st, "neutral")
    assert_not_killed(st)
    assert st.is_barred("Bob") and st.is_barred("BOB")
    assert barred_json(st) == [{"player": "Bob", "owes": "20"}]
    refused(st, {"type": "join", "seat": 7, "name": "bob"}, cite="rrop-13.6")
    a = apply(st, {"type": "pay_kill", "name": "Bob"})
    assert "rrop-13.6" in a.decisions[0].cites
    assert not a.state.is_barred("Bob")
    a = apply(a.state, {"type": "join", "seat": 7, "name": "Bob"})
    assert 7 in next_hand(a.state).dealt_in


def test_rrop_13_6_kill_not_posted_on_the_hand_bars_and_settles_as_neutral():
    a = apply(killed(2), hand(3, kill_posted=False))
    assert_decision(a, "barred", 2, "rrop-13.6")
    assert_decision(a, "leg-up", 3, "rrop-13.3")  # settled as if the button were neutral
    st = a.state
    assert_button(st, "leg-up", 3)
    assert_not_killed(st)
    assert st.is_barred("Bob")
    assert st.seat_of("Bob") == 2  # still seated, never dealt in
    assert 2 not in next_hand(st).dealt_in
    refused(st, hand(2), cite="rrop-13.6")
    st = run(st, {"type": "pay_kill", "name": "Bob"})
    assert 2 in next_hand(st).dealt_in


def test_rrop_13_6_kill_not_posted_split_settles_neutral():
    a = apply(killed(2), hand(winners=[3, 4], kill_posted=False))
    assert_decision(a, "barred", 2, "rrop-13.6")
    assert_button(a.state, "neutral")
    assert_not_killed(a.state)


def test_rrop_13_6_missed_killer_cannot_have_won():
    refused(killed(2), hand(2, kill_posted=False))


def test_rrop_13_6_barred_away_player_cannot_come_back():
    a = apply(killed(2), {"type": "away", "seat": 2, "posts_kill": False})
    assert_decision(a, "barred", 2, "rrop-13.6")
    assert_button(a.state, "neutral")
    refused(a.state, {"type": "back", "seat": 2}, cite="rrop-13.6")


def test_rrop_13_6_barred_from_every_game():
    r = refused(
        start(),
        {"type": "join", "seat": 7, "name": "Mo"},
        cite="rrop-13.6",
        barred_elsewhere={"mo": (2000, "Table 7")},
    )
    assert "Table 7" in r.text("en")


# ---------------------------------------------------------------------------
# rrop-13.7: a required killer who wins kills again, same amount


def test_rrop_13_7_killer_wins_kills_again_same_amount():
    st = killed(2)
    amount = st.button.amount
    a = apply(st, hand(2))
    d = assert_decision(a, "kill-again", 2, "rrop-13.7")
    assert "$20" in d.text("en")
    assert_killed_by(a.state, 2, kind="required", amount=amount)
    a = apply(a.state, hand(2))  # and again
    assert_decision(a, "kill-again", 2, "rrop-13.7")
    assert_killed_by(a.state, 2, amount=amount)


def test_rrop_13_7_half_killer_kills_again_for_the_same_half_kill():
    st = run(start(kind="half", bets=(3, 6), blinds=(1, 3)), hand(1), hand(1, qualifies=True))
    a = apply(st, hand(1))
    assert_decision(a, "kill-again", 1, "rrop-13.7")
    assert_killed_by(a.state, 1, amount=450)


def test_rrop_13_7_voluntary_killer_who_wins_does_not_owe_a_kill():
    st = run(
        start(**LOWBALL, voluntary=True),
        {"type": "stack", "seat": 3, "amount": 16},
        {"type": "voluntary_kill", "seat": 3},
    )
    a = apply(st, hand(3))
    assert "kill-again" not in codes(a) and "kill" not in codes(a)
    assert_decision(a, "leg-up", 3, "rrop-13.3")  # an ordinary leg (docs/rules.md 5.5)
    assert_not_killed(a.state)


def test_rrop_13_7_voluntary_only_table_does_not_cite_big_pot():
    st = run(
        start(**LOWBALL, triggers=(), voluntary=True),
        {"type": "stack", "seat": 3, "amount": 16},
        {"type": "voluntary_kill", "seat": 3},
    )
    a = apply(st, hand(3))
    assert "kill-again" not in codes(a) and "leg-up" not in codes(a)
    assert_button(a.state, "neutral")
    assert_not_killed(a.state)
    assert all(
        "house-big-pot" not in d.cites and "rrop-13.8" not in d.cites for d in a.decisions
    ), [(d.code, d.cites, d.text()) for d in a.decisions]


# ---------------------------------------------------------------------------
# rrop-13.8: hi-lo scoop kills only with a pot of 5x the upper limit

OMAHA8 = dict(game="omaha8", triggers=("scoop",))


def test_rrop_13_8_scoop_needs_5x_upper():
    st = start(**OMAHA8)
    a = apply(st, hand(high=[1], low=[1], pot=100))  # 5 x $20
    assert_decision(a, "kill", 1, "rrop-13.8")
    assert "house-scoop" in a.decisions[0].cites
    assert_killed_by(a.state, 1, kind="required")
    a = apply(st, hand(high=[1], low=[1], pot="99.50"))
    assert "kill" not in codes(a)
    assert any("rrop-13.8" in d.cites for d in a.decisions)
    assert_button(a.state, "neutral")
    assert_not_killed(a.state)


def test_rrop_13_8_no_qualifying_low_is_a_scoop():
    a = apply(start(**OMAHA8), hand(high=[4], low=[], pot=120))
    assert_decision(a, "kill", 4, "rrop-13.8")
    assert a.result == ((4,), (), 4)
    assert_killed_by(a.state, 4)


def test_rrop_13_8_split_pot_does_not_kill():
    a = apply(start(**OMAHA8), hand(high=[1], low=[2], pot=500))
    assert "kill" not in codes(a)
    assert a.result[2] is None
    assert_button(a.state, "neutral")
    assert_not_killed(a.state)


def test_rrop_13_8_pot_size_is_asked_for():
    refused(start(**OMAHA8), hand(high=[1], low=[1]), cite="rrop-13.8")


def test_rrop_13_8_minimum_uses_the_games_own_limits():
    # During a kill pot ($20-$40) the scoop minimum is still 5 x $20 = $100.
    st = run(start(**OMAHA8), hand(high=[1], low=[1], pot=100))
    a = apply(st, hand(high=[3], low=[3], pot=100))
    assert_decision(a, "kill", 3, "rrop-13.8")
    assert_killed_by(a.state, 3)


def test_rrop_13_8_killer_needs_a_qualifying_scoop_to_kill_again():
    st = run(start(**OMAHA8), hand(high=[1], low=[1], pot=100))
    a = apply(st, hand(high=[1], low=[1], pot=100))
    assert_decision(a, "kill-again", 1, "rrop-13.7")
    assert_killed_by(a.state, 1)
    a = apply(st, hand(high=[1], low=[1], pot=60))
    assert "kill-again" not in codes(a)
    assert any("rrop-13.8" in d.cites for d in a.decisions)
    assert_button(a.state, "neutral")
    assert_not_killed(a.state)
    a = apply(st, hand(high=[1], low=[2], pot=500))  # a shared pot never kills
    assert_button(a.state, "neutral")
    assert_not_killed(a.state)


def test_rrop_13_8_other_minimums():
    a = apply(start(**OMAHA8, scoop_minimum="5x-lower"), hand(high=[1], low=[1], pot=50))
    assert_decision(a, "kill", 1, "rrop-13.8")
    a = apply(start(**OMAHA8, scoop_minimum="5x-lower"), hand(high=[1], low=[1], pot="49.99"))
    assert_not_killed(a.state)
    a = apply(start(**OMAHA8, scoop_minimum=150), hand(high=[1], low=[1], pot=149))
    assert_not_killed(a.state)
    a = apply(start(**OMAHA8, scoop_minimum=150), hand(high=[1], low=[1], pot=150))
    assert_killed_by(a.state, 1)


def test_rrop_13_8_high_only_game_scoop_means_winning_alone():
    st = start(triggers=("scoop",))
    a = apply(st, hand(2, pot=100))
    assert_decision(a, "kill", 2, "rrop-13.8")
    assert_killed_by(a.state, 2)
    a = apply(st, hand(winners=[2, 3], pot=1000))
    assert_not_killed(a.state)


# ---------------------------------------------------------------------------
# rrop-13.9: under-posting in an unnoticed kill pot


def test_rrop_13_9_underpost_must_complete():
    st = killed(2)
    a = apply(st, {"type": "underpost", "seat": 4})
    d = assert_decision(a, "must-complete", 4, "rrop-13.9")
    assert "$20-$40" in d.text("en")
    assert a.state.button == st.button
    assert next_hand(a.state) == next_hand(st)


def test_rrop_13_9_underpost_may_withdraw():
    st = run(
        start(**LOWBALL, voluntary=True),
        {"type": "stack", "seat": 3, "amount": 40},
        {"type": "voluntary_kill", "seat": 3},
    )
    a = apply(st, {"type": "underpost", "seat": 4})
    assert_decision(a, "may-withdraw", 4, "rrop-13.9")
    assert a.state.button == st.button
    assert next_hand(a.state) == next_hand(st)


def test_rrop_13_9_underpost_refused_when_not_a_kill_pot():
    refused(start(), {"type": "underpost", "seat": 4}, cite="rrop-13.9")
    refused(legged(2), {"type": "underpost", "seat": 4}, cite="rrop-13.9")


# ---------------------------------------------------------------------------
# rrop-13.10: lowball voluntary kills


def test_rrop_13_10_voluntary_kill_checks():
    # blind 2, kill 4 -> stack >= 16 (the seed's own example)
    st = start(**LOWBALL, triggers=(), voluntary=True)
    assert st.config.big_blind == 200 and st.config.kill_blind == 400
    vk = {"type": "voluntary_kill", "seat": 2}
    r = refused(st, vk, cite="rrop-13.10")  # stack unknown
    assert "$16" in r.text("en")
    st15 = run(st, {"type": "stack", "seat": 2, "amount": 15})
    r = refused(st15, vk, cite="rrop-13.10")
    assert r.text("en") == "stack $15, needs $16 = 4 × $4"
    st16 = run(st, {"type": "stack", "seat": 2, "amount": 16})
    refused(st16, {**vk, "cards_seen": 3}, cite="rrop-13.10")  # saw a third card
    refused(st16, {**vk, "third_card_dealt": True}, cite="rrop-13.10")  # anyone has a third
    refused(st16, {**vk, "cards_dealt": 3}, cite="rrop-13.10")
    a = apply(st16, vk)
    d = assert_decision(a, "kill", 2, "rrop-13.10")
    assert "$4" in d.text("en")
    assert_killed_by(a.state, 2, kind="voluntary", amount=400)
    nh = next_hand(a.state)
    assert nh.killer_acts_last is True  # acts last on the first round
    assert nh.limits == (400, 800)


def test_rrop_13_10_voluntary_kill_off_is_refused():
    st = run(start(**LOWBALL), {"type": "stack", "seat": 2, "amount": 100})
    refused(st, {"type": "voluntary_kill", "seat": 2}, cite="rrop-13.10")
    with pytest.raises(ConfigError) as info:
        make_table(kind="none", voluntary=True)
    assert info.value.key == "voluntary"


def test_rrop_13_10_three_cards_option():
    st = run(
        start(**LOWBALL, voluntary=True, voluntary_cards=3),
        {"type": "stack", "seat": 2, "amount": 16},
    )
    refused(
        st,
        {"type": "voluntary_kill", "seat": 2, "cards_seen": 3, "cards_dealt": 4},
        cite="rrop-13.10",
    )
    a = apply(st, {"type": "voluntary_kill", "seat": 2, "cards_seen": 3})
    assert_decision(a, "kill", 2, "rrop-13.10")
    assert_killed_by(a.state, 2, kind="voluntary")


def test_rrop_13_10_joining_player_posting_a_kill_has_the_same_checks():
    st = start(**LOWBALL, voluntary=True)
    r = refused(
        st,
        {"type": "join", "seat": 7, "name": "Zed", "stack": 15, "posts_kill": True},
        cite="rrop-13.10",
    )
    assert "$16" in r.text("en")
    a = apply(st, {"type": "join", "seat": 7, "name": "Zed", "stack": 16, "posts_kill": True})
    assert_decision(a, "kill", 7, "rrop-13.10")
    assert_killed_by(a.state, 7, kind="voluntary")
    assert 7 in next_hand(a.state).dealt_in  # dealt in at once
    assert next_hand(a.state).killer_acts_last is True


def test_rrop_13_10_away_player_cannot_kill():
    st = run(
        start(**LOWBALL, voluntary=True),
        {"type": "stack", "seat": 2, "amount": 100},
        {"type": "away", "seat": 2},
    )
    refused(st, {"type": "voluntary_kill", "seat": 2})


# ---------------------------------------------------------------------------
# rrop-13.11: only one kill per deal


def test_rrop_13_11_one_kill_per_deal():
    st = run(
        start(**LOWBALL, voluntary=True),
        hand(2),
        hand(2, won_beyond_blinds=2),
        {"type": "stack", "seat": 3, "amount": 100},
    )
    assert_killed_by(st, 2, kind="required")
    refused(st, {"type": "voluntary_kill", "seat": 3}, cite="rrop-13.11")
    refused(
        st,
        {"type": "join", "seat": 7, "name": "Zed", "stack": 100, "posts_kill": True},
        cite="rrop-13.11",
    )
    st = run(
        start(**LOWBALL, voluntary=True),
        {"type": "stack", "seat": 3, "amount": 100},
        {"type": "stack", "seat": 4, "amount": 100},
        {"type": "voluntary_kill", "seat": 3},
    )
    refused(st, {"type": "voluntary_kill", "seat": 4}, cite="rrop-13.11")
    refused(st, {"type": "voluntary_kill", "seat": 3}, cite="rrop-13.11")


def test_rrop_13_11_scoop_and_two_pots_make_one_kill():
    st = run(start("omaha8", triggers=("scoop", "two-pots")), hand(high=[1], low=[], pot=50))
    assert_button(st, "leg-up", 1)
    a = apply(st, hand(high=[1], low=[1], pot=100))
    assert codes(a).count("kill") == 1
    d = assert_decision(a, "kill", 1, "rrop-13.8")
    assert "rrop-13.11" in d.cites
    assert_killed_by(a.state, 1)
    assert sum(1 for amt in next_hand(a.state).posts.values() if amt == 2000) == 1


def test_rrop_13_11_agreed_kill_waits_when_the_next_hand_is_already_killed():
    # docs/rules.md 5.8: the agreement obliges a kill of the next hand *without a required kill*; when
    # the next hand is already killed (one kill per deal) it waits, it does not lapse.
    st = run(killed(2), {"type": "join", "seat": 7, "name": "Yan", "agrees_to_kill": True})
    a = apply(st, hand(2))
    assert_decision(a, "kill-again", 2, "rrop-13.7")
    assert_decision(a, "agreement-waits", 7, "rrop-13.11", "rrop-13.12")
    assert_killed_by(a.state, 2, kind="required")
    assert a.state.agreed == (7,)
    a = apply(a.state, hand(3))  # first later hand without a required kill
    assert_decision(a, "leg-up", 3, "rrop-13.3")
    assert_decision(a, "kill", 7, "rrop-13.12")
    assert_killed_by(a.state, 7, kind="agreed")
    assert a.state.button.leg_seat == 3 and a.state.agreed == ()


# ---------------------------------------------------------------------------
# rrop-13.12: a new player and a killed pot


def test_rrop_13_12_new_player_not_dealt_in():
    st = killed(2)
    a = apply(st, {"type": "join", "seat": 7, "name": "Zoë"})
    assert_decision(a, "not-dealt-in", 7, "rrop-13.12")
    st = a.state
    assert st.seat_of("zoë") == 7
    assert 7 not in next_hand(st).dealt_in
    assert_killed_by(st, 2)
    refused(st, hand(7), cite="rrop-13.12")
    st = run(st, hand(3))
    assert 7 in next_hand(st).dealt_in  # dealt in from the next hand


def test_rrop_13_12_new_player_agreeing_to_kill_is_dealt_in_and_kills_next():
    a = apply(killed(2), {"type": "join", "seat": 7, "name": "Yan", "agrees_to_kill": True})
    assert_decision(a, "agrees-to-kill", 7, "rrop-13.12")
    assert 7 in next_hand(a.state).dealt_in
    a = apply(a.state, hand(3))
    assert_decision(a, "leg-up", 3, "rrop-13.3")
    assert_decision(a, "kill", 7, "rrop-13.12")
    assert_killed_by(a.state, 7, kind="agreed")
    assert a.state.button.leg_seat == 3  # Cy's leg is not erased (docs/rules.md 5.5)
    a = apply(a.state, hand(7))  # the agreed killer wins: ordinary leg
    assert "kill-again" not in codes(a)
    assert_button(a.state, "leg-up", 7)
    assert_not_killed(a.state)


def test_rrop_13_12_joining_an_unkilled_hand_is_dealt_in():
    a = apply(legged(2), {"type": "join", "seat": 7, "name": "José"})
    assert "not-dealt-in" not in codes(a)
    assert 7 in next_hand(a.state).dealt_in
    assert_button(a.state, "leg-up", 2)


def test_rrop_13_12_agreements_queue_one_kill_a_hand():
    st = run(
        killed(2),
        {"type": "join", "seat": 7, "name": "Yan", "agrees_to_kill": True},
        {"type": "join", "seat": 8, "name": "Uma", "agrees_to_kill": True},
    )
    assert st.agreed == (7, 8)
    a = apply(st, hand(3))
    assert_decision(a, "kill", 7, "rrop-13.12")
    assert "kill" not in [d.code for d in a.decisions if d.seat == 8]
    a = apply(a.state, hand(4))
    assert_decision(a, "kill", 8, "rrop-13.12")
    assert a.state.agreed == ()


# ---------------------------------------------------------------------------
# rrop-13.13: broken-game status


def test_rrop_13_13_kill_game_is_a_different_game_type():
    kill = make_table().config
    no_kill = make_table(kind="none").config
    assert kill.is_kill_game and not no_kill.is_kill_game
    assert kill.game_type() != no_kill.game_type()
    assert make_table(name="Table 3").config.game_type() == kill.game_type()
    assert make_table(bets=(15, 30), blinds=(10, 15)).config.game_type() != kill.game_type()


# ---------------------------------------------------------------------------
# rrop-glossary


def test_rrop_glossary_leg_up_after_a_short_second_win():
    # "leg up: being in a situation equivalent to having won the previous pot"
    a = apply(legged(2), hand(2, won_beyond_blinds=5))
    assert_decision(a, "leg-up", 2, "rrop-glossary")
    assert_button(a.state, "leg-up", 2)
    assert_not_killed(a.state)


def test_rrop_glossary_kill_is_an_oversize_blind():
    full = make_table().config
    half = make_table(kind="half").config
    assert full.kill_blind == 2 * full.big_blind
    assert half.kill_blind * 2 == 3 * half.big_blind  # fifty percent more
    assert half.killed_limits() == (1500, 3000)


def test_rrop_glossary_california_lowball_joker():
    pytest.importorskip("floorkill.cards")
    st = start(**LOWBALL, joker=True)
    a = apply(
        st, {"type": "hand", "showdown": {"hands": {"1": "Ac 2d 3c 4h Jk", "2": "Ad 2s 3s 4s 6d"}}}
    )
    assert a.result[0] == (1,)  # the joker is the 5: a wheel
    assert_decision(a, "leg-up", 1, "rrop-13.3")
    assert_button(a.state, "leg-up", 1)


def test_rrop_glossary_kansas_city_lowball_straights_count():
    pytest.importorskip("floorkill.cards")
    st = start("lowball-27")
    a = apply(
        st, {"type": "hand", "showdown": {"hands": {"1": "7s 5d 4c 3h 2s", "2": "6c 5h 4d 3s 2h"}}}
    )
    assert a.result[0] == (1,)
    assert_decision(a, "leg-up", 1, "rrop-13.3")


# ---------------------------------------------------------------------------
# house rules


def test_house_spread_kill_raises_minimum_and_maximum():
    st = killed(2, structure="spread", bets=(2, 6), blinds=(1, 2))
    assert_killed_by(st, 2, amount=400)
    nh = next_hand(st)
    assert nh.limits == (400, 1200)
    assert st.config.stakes_text(nh.limits) == "$4-$12"
    st = run(
        start(structure="spread", bets=(1, 4, 4, 8, 8), blinds=(1, 2)),
        hand(2),
        hand(2, won_beyond_blinds=1),
    )
    assert_killed_by(st, 2)
    assert next_hand(st).limits == (200, 800, 800, 1600, 1600)


def test_house_spread_second_leg_full_bet_is_the_minimum():
    st = legged(2, structure="spread", bets=(2, 6), blinds=(1, 2))
    a = apply(st, hand(2, won_beyond_blinds="1.99"))
    assert_button(a.state, "leg-up", 2)
    assert_not_killed(a.state)
    a = apply(st, hand(2, won_beyond_blinds=2))
    assert_decision(a, "kill", 2, "rrop-13.3")


def test_house_spread_pot_minimums_use_the_spread():
    cfg = make_table(
        structure="spread", bets=(1, 4, 4, 8, 8), blinds=(1, 2), triggers=("big-pot",)
    ).config
    assert cfg.upper_limit == 800 and cfg.lower_limit == 100
    a = apply(
        start(structure="spread", bets=(1, 4, 4, 8, 8), blinds=(1, 2), triggers=("big-pot",)),
        hand(3, pot=40),
    )  # 5 x $8
    assert_decision(a, "kill", 3, "house-big-pot")


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
def test_house_blind_games_stud_cannot_kill(game):
    text = (
        f'[table]\nname = "T"\ngame = "{game}"\n\n[stakes]\nbets = [10, 20]\n\n'
        '[kill]\nkind = "full"\n'
    )
    with pytest.raises(ConfigError) as info:
        load_table_text(text, "stud.toml")
    err = info.value
    assert err.key == "kind" and err.line == 9
    assert str(err).startswith("stud.toml:9:")
    assert "house-blind-games" in str(err)
    tf = load_table_text(text.replace('"full"', '"none"'), "stud.toml")
    assert not tf.config.is_kill_game
    with pytest.raises(ConfigError) as info:
        load_table_text(
            text.replace("bets = [10, 20]", "bets = [10, 20]\nblinds = [5, 10]").replace(
                '"full"', '"none"'
            ),
            "stud.toml",
        )
    assert info.value.key == "blinds"


def test_house_kill_defined_10_20():
    st = killed(3)
    cfg = st.config
    assert cfg.kill_blind == 2000  # a third blind of $20
    nh = next_hand(st)
    assert nh.limits == (2000, 4000)
    assert cfg.stakes_text(nh.limits) == "$20-$40"
    assert sorted(nh.posts.values()) == [500, 1000, 2000]  # small, big, kill
    assert nh.posts[3] == 2000


def test_house_natural_second_leg_needs_a_flop():
    st = legged(2, second_leg_needs_flop=True)
    a = apply(st, hand(2, flop=False))  # a walk keeps the button
    assert_decision(a, "leg-up", 2, "house-natural")
    assert_button(a.state, "leg-up", 2)
    assert_not_killed(a.state)
    a = apply(st, hand(2, won_beyond_blinds=10))  # flop defaults to true
    d = assert_decision(a, "kill", 2, "rrop-13.3")
    assert "house-natural" in d.cites
    assert_killed_by(a.state, 2)


def test_house_natural_walk_neutral_alternate():
    a = apply(legged(2, second_leg_needs_flop=True, walk="neutral"), hand(2, flop=False))
    assert_decision(a, "neutral", None, "house-natural")
    assert_button(a.state, "neutral")
    assert_not_killed(a.state)


def test_house_natural_needs_flop_only_in_flop_games():
    with pytest.raises(ConfigError) as info:
        make_table(**LOWBALL, second_leg_needs_flop=True)
    assert info.value.key == "second_leg_needs_flop"


def test_house_natural_split_with_leg_alternate():
    a = apply(legged(2, split_with_leg="neutral"), hand(winners=[2, 4]))
    assert_decision(a, "neutral", None, "house-natural")
    assert_button(a.state, "neutral")
    assert_not_killed(a.state)


def test_house_natural_killer_split_alternate():
    a = apply(killed(2, split_by_killer="neutral"), hand(winners=[2, 4]))
    assert_decision(a, "neutral", None, "house-natural")
    assert_button(a.state, "neutral")
    assert_not_killed(a.state)


def test_house_natural_house_amount_for_the_second_leg():
    st = legged(2, second_leg_minimum=50)
    a = apply(st, hand(2, won_beyond_blinds="49.50"))
    assert_button(a.state, "leg-up", 2)
    assert_not_killed(a.state)
    a = apply(st, hand(2, won_beyond_blinds=50))
    assert_decision(a, "kill", 2, "rrop-13.3")
    a = apply(legged(2, second_leg_minimum="upper-bet"), hand(2, won_beyond_blinds=19))
    assert_not_killed(a.state)
    a = apply(legged(2, second_leg_minimum="upper-bet"), hand(2, won_beyond_blinds=20))
    assert_killed_by(a.state, 2)


def test_house_natural_house_preset():
    st = legged(2, preset="house")
    assert st.config.kill.second_leg_needs_flop is True
    a = apply(st, hand(2, flop=False))
    assert_decision(a, "leg-up", 2, "house-natural")
    a = apply(st, hand(2, won_beyond_blinds=5))
    assert_decision(a, "neutral", None, "house-button")


def test_house_scoop_by_an_unmatched_wager():
    a = apply(start(**OMAHA8), hand(2, pot=100))  # everyone folded to seat 2
    assert_decision(a, "kill", 2, "house-scoop")
    assert_killed_by(a.state, 2)


def test_house_scoop_at_showdown():
    pytest.importorskip("floorkill.cards")
    ev = {
        "type": "hand",
        "pot": 100,
        "showdown": {"board": "Ah 2h 3c 9d Kc", "hands": {"1": "4s 5s Kd Ks", "2": "Qs Qd Jc Tc"}},
    }
    a = apply(start(**OMAHA8), ev)
    assert a.result == ((1,), (1,), 1)
    assert_decision(a, "kill", 1, "house-scoop")
    assert_killed_by(a.state, 1)
    a = apply(start(**OMAHA8), {**ev, "pot": 99})  # the uncalled bet is not in `pot`
    assert_not_killed(a.state)


def test_house_big_pot_5x_upper():
    kw = dict(triggers=("big-pot",), bets=(15, 30), blinds=(10, 15))
    a = apply(start(**kw), hand(4, pot=150))  # $150 in a $15-$30 game
    assert_decision(a, "kill", 4, "house-big-pot")
    assert_killed_by(a.state, 4, amount=3000)
    a = apply(start(**kw), hand(4, pot="149.50"))
    assert "kill" not in codes(a)
    assert any("house-big-pot" in d.cites for d in a.decisions)
    assert_button(a.state, "neutral")
    assert_not_killed(a.state)


def test_house_big_pot_5x_lower():
    kw = dict(triggers=("big-pot",), bets=(15, 30), blinds=(10, 15), big_pot_minimum="5x-lower")
    a = apply(start(**kw), hand(4, pot=75))
    assert_decision(a, "kill", 4, "house-big-pot")
    assert_killed_by(a.state, 4)
    a = apply(start(**kw), hand(4, pot=74))
    assert_not_killed(a.state)


def test_house_big_pot_amount():
    kw = dict(
        triggers=("big-pot",),
        structure="spread",
        bets=(1, 4, 4, 8, 8),
        blinds=(1, 2),
        big_pot_minimum=50,
    )
    a = apply(start(**kw), hand(4, pot=50))
    assert_decision(a, "kill", 4, "house-big-pot")
    assert_killed_by(a.state, 4)
    a = apply(start(**kw), hand(4, pot=49))
    assert_not_killed(a.state)


def test_house_big_pot_needs_the_pot_and_a_sole_winner():
    st = start(triggers=("big-pot",))
    refused(st, hand(2), cite="house-big-pot")
    a = apply(st, hand(winners=[2, 3], pot=1000))
    assert_not_killed(a.state)


def test_house_big_pot_killer_wins_again():
    # rrop-13.7 / docs/rules.md 5.2: a required killer who wins again kills again; only scoop-trigger
    # games ask for a qualifying scoop, so in a big-pot game any win by the killer counts.
    kw = dict(triggers=("big-pot",), bets=(15, 30), blinds=(10, 15), big_pot_minimum="5x-lower")
    st = run(start(**kw), hand(2, pot=75))
    for pot in (75, 60):
        a = apply(st, hand(2, pot=pot))
        assert_decision(a, "kill-again", 2, "rrop-13.7")
        assert_killed_by(a.state, 2, amount=3000)
        assert all("rrop-13.8" not in d.cites for d in a.decisions)
    a = apply(st, hand(winners=[2, 3], pot=500))  # a shared pot: no kill
    assert "kill-again" not in codes(a)
    assert_not_killed(a.state)


def test_house_button_three_statuses():
    st = start()
    seen = [st.button.status]
    st = run(st, hand(2))
    seen.append(st.button.status)
    st = run(st, hand(2, qualifies=True))
    seen.append(st.button.status)
    assert seen == ["neutral", "leg-up", "killed"]
    j = button_json(st)
    assert j["status"] == "killed" and j["seat"] == 2 and j["player"] == "Bob"


def test_house_button_d_unqualified_neutral():
    a = apply(legged(2, unqualified_second_win="neutral"), hand(2, won_beyond_blinds=5))
    assert_decision(a, "neutral", None, "house-button")
    assert_button(a.state, "neutral")
    assert_not_killed(a.state)


def test_house_button_c_alternate_split_neutral_regardless():
    a = apply(legged(2, preset="house-alternate"), hand(winners=[2, 3]))
    d = assert_decision(a, "neutral", None)
    assert {"house-natural", "house-button"} & set(d.cites)
    assert_button(a.state, "neutral")
    assert_not_killed(a.state)


# ---------------------------------------------------------------------------
# joker


@pytest.mark.parametrize("game", ["holdem", "omaha", "omaha8", "lowball-27", "stud", "razz"])
def test_joker_1_joker_only_in_lowball_and_draw_high(game):
    with pytest.raises(ConfigError) as info:
        make_table(
            game, joker=True, kind="none", blinds=None if game in ("stud", "razz") else (5, 10)
        )
    assert info.value.key == "joker"
    assert "joker-1" in str(info.value)


def test_joker_1_joker_tables_load():
    for game in ("lowball-a5", "draw-high"):
        assert make_table(game, joker=True).config.joker is True
        assert make_table(game).config.joker is False


def test_joker_1_joker_shown_where_not_in_play_is_refused():
    pytest.importorskip("floorkill.cards")
    ev = {"type": "hand", "showdown": {"hands": {"1": "As Ah Ad Ac Jk", "2": "Ks Qs Js Ts 9s"}}}
    refused(start("draw-high", bets=(5, 10), blinds=(2, 5)), ev)
    refused(
        start("holdem"),
        {
            "type": "hand",
            "showdown": {"board": "2c 3d 4h 9s Tc", "hands": {"1": "As Jk", "2": "Kd Kh"}},
        },
    )


def _draw_high_joker():
    return start("draw-high", bets=(5, 10), blinds=(2, 5), joker=True)


def _showdown(st, one, two):
    return apply(st, {"type": "hand", "showdown": {"hands": {"1": one, "2": two}}})


def test_joker_2_joker_is_an_ace_or_completes_not_fully_wild():
    pytest.importorskip("floorkill.cards")
    a = _showdown(_draw_high_joker(), "Kc Kd 7c 7d Jk", "Kh Ks 7h 7s Qd")  # ace kicker
    assert a.result == ((1,), (), 1)
    assert_decision(a, "leg-up", 1, "rrop-13.3")
    a = _showdown(_draw_high_joker(), "Ks Kd 7c 4h Jk", "Qs Qd Qc 2h 3d")  # no trips from it
    assert a.result[0] == (2,)
    assert_decision(a, "leg-up", 2, "rrop-13.3")
    a = _showdown(_draw_high_joker(), "9h 8d 7c 6s Jk", "Ac Ad Kh Ks Qc")  # completes a straight
    assert a.result[0] == (1,)


def test_joker_3_flush_joker_is_highest_missing_card():
    pytest.importorskip("floorkill.cards")
    a = _showdown(_draw_high_joker(), "Ah 5h 7h 9h Jk", "Ad Kd 9d 7d 4d")  # joker = Kh
    assert a.result[0] == (1,)
    a = _showdown(_draw_high_joker(), "Ah 5h 7h 9h Jk", "Ac Kc 9c 7c 6c")  # A-K-9-7-6 is better
    assert a.result[0] == (2,)
    assert_decision(a, "leg-up", 2, "rrop-13.3")
    assert_button(a.state, "leg-up", 2)


def test_joker_4_five_aces_is_the_best_hand():
    pytest.importorskip("floorkill.cards")
    a = _showdown(_draw_high_joker(), "As Ah Ad Ac Jk", "Ks Qs Js Ts 9s")
    assert a.result == ((1,), (), 1)
    assert_decision(a, "leg-up", 1, "rrop-13.3")
    # Ann already had the leg: the second-leg question must be answered, then she kills
    st = run(_draw_high_joker(), hand(1))
    sd = {"hands": {"1": "As Ah Ad Ac Jk", "2": "Ks Qs Js Ts 9s"}}
    refused(st, {"type": "hand", "showdown": sd}, cite="rrop-13.3")
    a = apply(st, {"type": "hand", "won_beyond_blinds": 5, "showdown": sd})
    assert_decision(a, "kill", 1, "rrop-13.3")
    assert_killed_by(a.state, 1, amount=1000)


# ---------------------------------------------------------------------------
# WSOP alternatives


def test_wsop_190_killer_acts_in_turn_under_the_wsop_preset():
    st = killed(2, preset="wsop")
    assert st.config.kill.killer_acts == "in-turn"
    assert_killed_by(st, 2, kind="required")
    assert next_hand(st).killer_acts_last is False
    assert "wsop-190" in clause("wsop-190").id


def test_wsop_191_kill_blind_not_blind_money_option():
    allowed, default, cite = KILL_OPTIONS["kill_blind_is_blind_money"]
    assert cite == "wsop-191" and default is True and set(allowed) == {True, False}
    assert PRESETS["wsop"]["kill_blind_is_blind_money"] is False
    assert (
        make_table(kill_blind_is_blind_money=False).config.kill.kill_blind_is_blind_money is False
    )
    assert make_table(preset="wsop").config.kill.kill_blind_is_blind_money is False
    with pytest.raises(ConfigError) as info:
        make_table(kill_blind_is_blind_money="yes")
    assert info.value.key == "kill_blind_is_blind_money"


def test_wsop_196_misbet_in_an_announced_kill_pot():
    # The model's ruling for a wrong-size bet in a kill pot is rrop-13.9's; wsop-196 is
    # catalogued for the rules panel.
    assert clause("wsop-196").summary["en"]
    a = apply(killed(2), {"type": "underpost", "seat": 5})
    assert_decision(a, "must-complete", 5, "rrop-13.9")


def test_wsop_197_missed_kill_post_later():
    st = start(missed_kill="post-later")
    st = run(st, hand(5), hand(5, qualifies=True))
    assert_killed_by(st, 5)
    a = apply(st, hand(3, kill_posted=False))
    assert_decision(a, "leg-up", 3, "rrop-13.3")
    owes = [d for d in a.decisions if d.seat == 5]
    assert owes and all("wsop-197" in d.cites for d in owes)
    assert "barred" not in codes(a)
    st = a.state
    assert not st.is_barred("Eve")
    assert barred_json(st) == [{"player": "Eve", "owes": "20", "mode": "post-later"}]
    assert 5 in next_hand(st).dealt_in
    assert next_hand(st).small_blind == 5  # in a blind: not yet
    assert_not_killed(st)
    st = run(st, hand(1))
    assert next_hand(st).dealer == 5  # on the button: not yet
    assert_not_killed(st)
    a = apply(st, hand(2))  # first hand off button and blinds
    assert_decision(a, "leg-up", 2, "rrop-13.3")
    assert_decision(a, "kill", 5, "wsop-197")
    st = a.state
    assert_killed_by(st, 5, amount=2000)
    assert st.button.leg_seat == 2
    nh = next_hand(st)
    assert 5 not in (nh.dealer, nh.small_blind, nh.big_blind) and nh.posts[5] == 2000
    st = run(st, hand(4))
    assert not st.barred
    assert_button(st, "leg-up", 4)


def test_wsop_197_pay_kill_settles_the_debt():
    st = run(
        start(missed_kill="post-later"),
        hand(5),
        hand(5, qualifies=True),
        hand(3, kill_posted=False),
    )
    a = apply(st, {"type": "pay_kill", "name": "eve"})
    assert any("wsop-197" in d.cites for d in a.decisions)
    assert not a.state.barred


def test_wsop_197_owed_killer_who_steps_away_still_posts():
    st = run(
        start(missed_kill="post-later"),
        hand(5),
        hand(5, qualifies=True),
        hand(3, kill_posted=False),
        hand(1),
        hand(2),
    )
    assert_killed_by(st, 5, kind="owed")
    a = apply(st, {"type": "away", "seat": 5})
    assert_decision(a, "kill", 5, "rrop-13.6")
    assert_killed_by(a.state, 5)
    assert 5 not in next_hand(a.state).dealt_in


def test_wsop_197_owed_killer_who_quits_still_posts():
    st = run(
        start(missed_kill="post-later"),
        hand(5),
        hand(5, qualifies=True),
        hand(3, kill_posted=False),
        hand(1),
        hand(2),
    )
    a = apply(st, {"type": "quit", "seat": 5})
    assert_decision(a, "kill", 5, "rrop-13.6")
    assert_killed_by(a.state, 5)
    assert next_hand(a.state).posts[5] == 2000 and 5 not in next_hand(a.state).dealt_in
    st = run(a.state, hand(3))
    assert not st.barred  # posted: the debt is settled
    assert_button(st, "leg-up", 3)


def test_wsop_197_owed_killer_who_leaves_without_posting_still_owes():
    st = run(
        start(missed_kill="post-later"),
        hand(5),
        hand(5, qualifies=True),
        hand(3, kill_posted=False),
        hand(1),
        hand(2),
    )
    assert_killed_by(st, 5, kind="owed")
    a = apply(st, {"type": "away", "seat": 5, "posts_kill": False})
    assert any("wsop-197" in d.cites for d in a.decisions)
    assert_button(a.state, "leg-up", 2)  # Bob's leg stays where it was
    assert_not_killed(a.state)
    assert barred_json(a.state) == [{"player": "Eve", "owes": "20", "mode": "post-later"}]


def test_wsop_199_no_straddle_in_a_kill_pot():
    # the kill blind is the only extra blind of a kill pot; the model has no straddle event
    st = killed(6)
    nh = next_hand(st)
    extra = {
        seat: amt for seat, amt in nh.posts.items() if seat not in (nh.small_blind, nh.big_blind)
    }
    assert extra == {6: 2000}
    refused(st, {"type": "straddle", "seat": 1})
    assert clause("wsop-199").summary["en"]


def _killer_in_small_blind(**kw):
    # dealer 1 -> 2 -> 3: on the third hand seat 4 is the small blind, seat 5 the big blind
    return run(start(**kw), hand(4), hand(4, qualifies=True))


def test_wsop_200_killer_in_blind_replaces():
    st = _killer_in_small_blind()
    nh = next_hand(st)
    assert (nh.dealer, nh.small_blind, nh.big_blind) == (3, 4, 5)
    assert nh.posts == {4: 2000, 5: 1000}
    assert KILL_OPTIONS["killer_in_blind"][2] == "wsop-200"
    st = run(start(), hand(5), hand(5, qualifies=True))  # killer in the big blind
    assert next_hand(st).posts == {4: 500, 5: 2000}


def test_wsop_200_killer_in_blind_both():
    st = _killer_in_small_blind(killer_in_blind="both")
    assert_killed_by(st, 4)
    assert next_hand(st).posts == {4: 2500, 5: 1000}
    st = run(start(killer_in_blind="both"), hand(5), hand(5, qualifies=True))
    assert next_hand(st).posts == {4: 500, 5: 3000}


def test_wsop_201_new_player_may_sit():
    st = killed(2, new_player="may-sit")
    a = apply(st, {"type": "join", "seat": 7, "name": "Наталья"})
    d = assert_decision(a, "dealt-in", 7, "wsop-201")
    assert "Наталья" in d.text("en")
    assert 7 in next_hand(a.state).dealt_in
    assert_killed_by(a.state, 2)
    assert "not-dealt-in" not in codes(a)


def test_wsop_202_buying_the_button_is_catalogued():
    # Buying the dealer button is outside the model (dead-button rules are out of scope,
    # docs/rules.md 5.11); the clause is catalogued for the rules panel.
    c = clause("wsop-202")
    assert c.summary["en"] and c.summary["ru"]


# ---------------------------------------------------------------------------
# docs/rules.md 4 and 5.11: refusals and the dealer button


@pytest.mark.parametrize(
    "event",
    [
        {"type": "hand", "winner": 8},  # empty seat
        {"type": "hand", "winner": 11},  # no such seat
        {"type": "hand", "winner": 1, "pot": -5},
        {"type": "hand", "winner": 1, "pot": "4.505"},
        {"type": "hand"},
        {"type": "hand", "winner": 1, "winners": [1, 2]},
        {"type": "hand", "high": [1], "low": [2]},  # hi-lo only
        {"type": "hand", "winner": True},
        {"type": "shove", "seat": 1},
        {"type": "join", "seat": 1, "name": "Gus"},  # seat taken
        {"type": "join", "seat": 7, "name": "ann"},  # name taken (case-insensitive)
        {"type": "join", "seat": 7, "name": "Gus\x1b[31m"},
        {"type": "join", "seat": 7, "name": "x" * 33},
        {"type": "back", "seat": 1},  # not away
        {"type": "away", "seat": 9},
        {"type": "stack", "seat": 1, "amount": -1},
        {"type": "pay_kill", "name": "Ann"},  # owes nothing
        {"type": "quit"},
        "hand",
    ],
)
def test_spec_4_bad_events_are_refused_and_change_nothing(event):
    refused(legged(2), event)


@pytest.mark.parametrize("bad_type", [[], ["hand"], {}, {"a": 1}])
def test_spec_4_unhashable_event_type_is_refused(bad_type):
    refused(start(), {"type": bad_type, "seat": 1})


def test_spec_5_11_dealer_and_blinds_move_clockwise_skipping_away_seats():
    st = start()
    nh = next_hand(st)
    assert (nh.dealer, nh.small_blind, nh.big_blind) == (1, 2, 3)
    st = run(st, {"type": "away", "seat": 3}, hand(1))
    nh = next_hand(st)
    assert (nh.dealer, nh.small_blind, nh.big_blind) == (2, 4, 5)
    st = start(players=((3, "Ann"), (7, "Bob")), button=7)  # heads-up: the button is the SB
    nh = next_hand(st)
    assert (nh.dealer, nh.small_blind, nh.big_blind) == (7, 7, 3)
    st = run(st, hand(3))
    nh = next_hand(st)
    assert (nh.dealer, nh.small_blind, nh.big_blind) == (3, 3, 7)


@pytest.mark.parametrize("walk", ["keeps", "neutral"])
def test_house_natural_walk_option_applies_only_with_the_flop_rule(walk):
    """One reading for both walk values: the walk option answers what the flop
    rule does to a flopless second win, so without second_leg_needs_flop it has no effect
    and the second leg is weighed by money (rrop-13.3), whichever value the table has."""
    st = run(start(walk=walk), hand(2))
    refused(st, hand(2, flop=False), key="second-leg-question", cite="rrop-13.3")
    a = apply(st, hand(2, flop=False, qualifies=True))
    assert_decision(a, "kill", 2, "rrop-13.3")
    a = apply(st, hand(2, flop=False, qualifies=False))
    assert_decision(a, "leg-up", 2, "rrop-13.3")
    st = run(start(walk=walk, second_leg_needs_flop=True), hand(2))
    a = apply(st, hand(2, flop=False, qualifies=True))
    assert_decision(
        a,
        "leg-up" if walk == "keeps" else "neutral",
        2 if walk == "keeps" else None,
        "house-natural",
    )


def test_rrop_13_12_sitting_out_ends_when_the_kill_pot_is_gone():
    """A new player who sat out a kill pot is dealt in once the coming hand is no longer
    killed (the killer quit without posting: rrop-13.6, settled as if neutral)."""
    st = run(start(), hand(3), hand(3, qualifies=True), {"type": "join", "seat": 9, "name": "Nia"})
    assert 9 not in next_hand(st).dealt_in
    a = apply(st, {"type": "quit", "seat": 3, "posts_kill": False})
    assert not a.state.button.killed
    assert 9 in next_hand(a.state).dealt_in


def test_house_blind_games_stud_table_round_trips_through_toml():
    import tomli_w

    from floorkill.rules.config import table_file_to_dict

    tf = load_table_text('[table]\nname = "Stud"\ngame = "stud"\n[stakes]\nbets = [5, 10]\n')
    text = tomli_w.dumps(table_file_to_dict(tf.config, tf.players, ()))
    assert load_table_text(text).config == tf.config


def test_rrop_13_0_no_required_kill_after_a_voluntary_kill_pot_says_the_button_goes_neutral():
    """A voluntary kill pot won at a table with no required kill said "the button
    stays neutral" although the button had been killed; the text now fits both cases."""
    st = run(
        start(**LOWBALL, voluntary=True, triggers=()),
        {"type": "stack", "seat": 3, "amount": 100},
        {"type": "voluntary_kill", "seat": 3},
    )
    assert st.button.killed
    a = apply(st, hand(2))
    d = [d for d in a.decisions if d.code == "neutral" and "rrop-13.0" in d.cites]
    assert d, a.decisions
    assert a.state.button.status == "neutral"
    for lang in ("en", "ru"):
        assert "stays" not in d[0].text(lang) and "остаётся" not in d[0].text(lang)

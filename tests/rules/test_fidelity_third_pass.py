"""Rules fidelity, third pass: one named test per finding of the hand-written round
(docs/rules.md, "Third pass: decisions"). Each name carries the clause id.

Default table (helpers.table_doc): $10-$20 fixed hold'em, blinds $5/$10, full kill,
two-pots trigger, six players Ann..Fay in seats 1-6.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import assert_button, assert_killed_by, codes, hand, refused, run, start

from floorkill.rules import apply, next_hand
from floorkill.rules.names import NameError_, validate_name
from floorkill.rules.state import Owed


def bar_at_14(name: str, owes: int = 20) -> list[dict]:
    """The room stamp of an event entered while ``name`` owes a kill at Table 14."""
    return [{"player": name, "owes": owes, "table": "Table 14"}]


# ---------------------------------------------------------------------------
# wsop-197: the owed kill is paid once


def owed_kill_placed():
    """Bob must kill, quits the hand's post (post-later): he owes $20 and, dealt in off the
    button and blinds, the owed kill is the coming hand's kill."""
    st = run(
        start(missed_kill="post-later"),
        hand(2),
        hand(2, won_beyond_blinds=10),
        hand(3, kill_posted=False),
    )
    assert st.barred and st.barred[0].mode == "post-later"
    return st


def test_wsop_197_paying_an_owed_kill_while_it_is_posted_this_hand_is_refused():
    st = owed_kill_placed()
    if not (st.button.killed and st.button.kind == "owed"):  # wait until it is placed
        st = run(st, hand(5))
    assert st.button.killed and st.button.kind == "owed" and st.button.seat == 2
    r = refused(st, {"type": "pay_kill", "name": "Bob"}, key="owed-kill-being-posted")
    assert "wsop-197" in r.cites and "$20" in r.text("en")
    # the posted kill is the payment: after the hand nothing is owed and no kill repeats
    after = run(st, hand(5))
    assert not after.barred
    assert not (after.button.killed and after.button.kind == "owed")


# ---------------------------------------------------------------------------
# rrop-13.5, rrop-13.6: a leg credit waits while its holder cannot play


def test_rrop_13_5_rrop_13_6_a_leg_credit_waits_while_its_holder_is_barred_elsewhere():
    st = run(start(), hand(1), {"type": "away", "seat": 1}, hand(2))  # Ann keeps a credit
    assert "Ann" in st.credits
    st = run(st, hand(2, won_beyond_blinds=10))  # Bob's kill pot
    st = run(st, {"type": "back", "seat": 1})
    assert "Ann" in st.credits  # the button is not neutral: the credit waits
    # Ann is barred at Table 14 when the button goes neutral here (a split, nobody's leg)
    a = apply(st, {**hand(winners=[3, 4]), "room": bar_at_14("Ann")})
    assert a.state.button.status != "leg-up" or a.state.button.seat != 1
    assert "Ann" in a.state.credits  # she has not returned to play: the credit waits
    # the bar is paid: the next event finds her playing, and the leg returns to her
    b = apply(a.state, {"type": "stack", "seat": 3, "amount": 100, "room": []})
    assert_button(b.state, "leg-up", 1, "Ann")
    assert "Ann" not in b.state.credits


def test_rrop_13_5_a_leg_holder_barred_elsewhere_when_a_hand_is_played_keeps_a_credit():
    st = run(start(), hand(1))
    a = apply(st, {**hand(2), "room": bar_at_14("Ann")})
    assert "Ann" in a.state.credits
    assert_button(a.state, "leg-up", 2, "Bob")


# ---------------------------------------------------------------------------
# rrop-13.12: a new player stays out of every killed pot until dealt in


def test_rrop_13_12_a_new_player_sits_out_the_second_killed_pot_too():
    st = run(
        start(players=((1, "Ann"), (2, "Bob"), (3, "Cy"))), hand(2), hand(2, won_beyond_blinds=10)
    )
    a = apply(st, {"type": "join", "seat": 6, "name": "Fay"})
    assert "not-dealt-in" in codes(a) and 6 not in next_hand(a.state).dealt_in
    st = run(a.state, hand(2))  # Bob wins his kill pot: he kills again
    assert_killed_by(st, 2)
    assert 6 not in next_hand(st).dealt_in  # Fay has still never played a hand
    refused(st, hand(6), key="not-dealt-in", cite="rrop-13.12")
    st = run(st, hand(3))  # the kill is over: Fay is dealt in
    assert 6 in next_hand(st).dealt_in


# ---------------------------------------------------------------------------
# smaller ones


def test_rrop_13_6_a_join_refused_for_a_bar_at_another_table_names_that_table():
    st = start()
    st = run(st, {"type": "quit", "seat": 6})
    a = apply(st, {**hand(1), "room": []})
    with_bar = replace(a.state, barred=(Owed(player="Yan", owes=2000, table="Table 14"),))
    r = refused(with_bar, {"type": "join", "seat": 6, "name": "Yan"}, key="join-barred")
    assert "Table 14" in r.text("en") and "Table 12" not in r.text("en")


def test_rrop_13_1b_a_killer_with_the_leg_who_quits_unposted_gets_no_passing_leg_up():
    players = ((1, "Ann", 500), (2, "Bob", 500), (3, "Cy", 500))
    st = run(start(voluntary=True, players=players), hand(1))  # Ann has the leg
    st = run(st, {"type": "voluntary_kill", "seat": 1})  # ...and kills voluntarily
    assert st.button.killed and st.button.leg_seat == 1
    a = apply(st, {"type": "quit", "seat": 1, "posts_kill": False})
    assert "leg-up" not in codes(a)
    assert a.state.button.status == "neutral" and "neutral" in codes(a)


def test_house_natural_second_leg_pot_disagreement_is_not_refused_when_no_second_leg_is_at_stake():
    st = run(start(second_leg_pot=100), hand(1))
    # Bob wins: a first leg, nothing to qualify; the pot and qualifies disagree harmlessly
    a = apply(st, hand(2, pot=150, qualifies=False))
    assert_button(a.state, "leg-up", 2, "Bob")
    # with the second leg at stake the disagreement is still refused
    refused(a.state, hand(2, pot=150, qualifies=False), key="qualify-disagree-pot")


def test_rrop_13_6_verify_stamp_message_never_says_none():
    from floorkill.store.audit import stamp_problem_text

    said = stamp_problem_text([{"player": "Ann", "owes": 20, "table": "Table 14"}], None)
    text, ru = said.text("en"), said.text("ru")
    assert "None" not in text and "none" in text and "[rrop-13.6]" in text
    assert "None" not in ru and "(нет)" in ru and "[rrop-13.6]" in ru


def test_a_name_with_a_control_character_names_its_code_point_once():
    with pytest.raises(NameError_) as info:
        validate_name("Ann\x07")
    assert str(info.value).count("U+0007") == 1


# ---------------------------------------------------------------------------
# rrop-13.1b: a seat change is not quitting the game (the move event)


def test_rrop_13_1b_a_leg_holder_who_moves_keeps_the_leg():
    st = run(start(), hand(1))
    a = apply(st, {"type": "move", "from": 1, "to": 8})
    assert "neutral" not in codes(a) and "moved" in codes(a)
    assert_button(a.state, "leg-up", 8, "Ann")
    assert a.event.to_dict() == {"type": "move", "from": 1, "to": 8}
    a = apply(a.state, hand(8, won_beyond_blinds=10))  # the second leg still counts
    assert_killed_by(a.state, 8)


def test_rrop_13_1b_a_move_keeps_the_kill_an_owed_kill_a_credit_and_away_status():
    st = run(start(), hand(2), hand(2, won_beyond_blinds=10))  # Bob must kill
    st = run(st, {"type": "move", "from": 2, "to": 9})
    assert_killed_by(st, 9)
    st = run(start(missed_kill="post-later"), hand(2), hand(2, won_beyond_blinds=10))
    st = run(st, hand(3, kill_posted=False), {"type": "move", "from": 2, "to": 9})
    assert [(o.player, o.mode) for o in st.barred] == [("Bob", "post-later")]
    st = run(start(), hand(1), {"type": "away", "seat": 1}, hand(2))
    st = run(st, {"type": "move", "from": 1, "to": 7})
    assert "Ann" in st.credits and st.player(7).away and st.player(1) is None


def test_rrop_13_1b_a_move_to_a_taken_seat_or_the_same_seat_is_refused():
    refused(start(), {"type": "move", "from": 1, "to": 2}, key="seat-taken")
    refused(start(), {"type": "move", "from": 1, "to": 1}, key="move-same-seat")
    refused(start(), {"type": "move", "from": 8, "to": 9}, key="seat-empty")


# ---------------------------------------------------------------------------
# room-dealer-button: the dealer button never moves backwards


FIVE = ((1, "Ann"), (2, "Bob"), (4, "Dee"), (5, "Eve"), (6, "Fay"))


def test_room_dealer_button_a_newcomer_between_the_button_and_the_blinds_waits():
    st = run(start(players=FIVE, button=2), hand(1))  # dealer 2, blinds 4 and 5
    before = next_hand(st)
    assert (before.dealer, before.small_blind, before.big_blind) == (4, 5, 6)
    a = apply(st, {"type": "join", "seat": 3, "name": "Cy"})
    nh = next_hand(a.state)
    assert (nh.dealer, nh.small_blind, nh.big_blind) == (4, 5, 6)  # not 3, 4, 5 again
    assert 3 not in nh.dealt_in and "not-dealt-in" in codes(a)
    r = refused(a.state, hand(3), key="not-dealt-in", cite="room-dealer-button")
    assert "waiting for the dealer button" in r.text("en") and "пока пройдёт баттон" in r.text("ru")
    st = run(a.state, hand(2))
    nh = next_hand(st)
    assert (nh.dealer, nh.small_blind, nh.big_blind) == (5, 6, 1)
    assert 3 in nh.dealt_in  # the button has passed: Cy plays


def test_room_dealer_button_the_seat_of_a_player_who_waits_says_so_in_both_languages():
    from floorkill.display.words import seat_views

    st = run(start(players=FIVE, button=2), hand(1), {"type": "join", "seat": 3, "name": "Cy"})
    assert "waits for the button" in seat_views(st, "en")[2].status
    assert "ждёт кнопку" in seat_views(st, "ru")[2].status


def test_room_dealer_button_a_player_back_into_the_gap_waits_too():
    st = run(start(players=FIVE, button=2), {"type": "away", "seat": 4}, hand(1))
    # dealer 2, blinds 5 and 6; Dee comes back between the button and the blinds
    a = apply(st, {"type": "back", "seat": 4})
    nh = next_hand(a.state)
    assert 4 not in nh.dealt_in and (nh.dealer, nh.small_blind) == (5, 6)


def test_room_dealer_button_a_barred_player_who_pays_into_the_gap_waits_too():
    st = run(start(players=FIVE, button=2), hand(4), hand(4, won_beyond_blinds=10))
    st = run(st, hand(1, kill_posted=False))  # Dee did not post: barred, not dealt in
    st = run(st, hand(2), hand(5), hand(6))  # the button comes round to seat 2
    before = next_hand(st)
    assert st.is_barred("Dee") and (before.dealer, before.small_blind) == (5, 6)
    a = apply(st, {"type": "pay_kill", "name": "Dee"})  # seat 4: between the button and 5
    after = next_hand(a.state)
    assert "not-dealt-in" in codes(a) and 4 not in after.dealt_in
    assert (after.dealer, after.small_blind, after.big_blind) == (5, 6, 1)


def test_room_dealer_button_the_same_players_never_post_the_same_blinds_twice_running():
    st = run(start(players=FIVE, button=2), hand(1))
    first = next_hand(st)
    st = run(st, {"type": "join", "seat": 3, "name": "Cy"}, hand(2))
    second = next_hand(st)
    assert (first.small_blind, first.big_blind) != (second.small_blind, second.big_blind)
    assert second.small_blind == first.big_blind


def test_room_dealer_button_a_player_away_between_hands_only_is_dealt_in_at_once():
    st = run(start(players=FIVE, button=2), hand(1))
    st = run(st, {"type": "away", "seat": 4}, {"type": "back", "seat": 4})
    assert 4 in next_hand(st).dealt_in


# ---------------------------------------------------------------------------
# rrop-glossary (JOKER): every placard line about the joker states that game's rule


def test_rrop_glossary_joker_the_lowball_placard_states_the_lowball_joker_rule():
    from floorkill.rules.clauses import summary
    from floorkill.rules.placard import placard

    low = start("lowball-a5", joker=True, bets=(2, 4), blinds=(1, 2)).config
    lines = [line for line in placard(low).lines if "joker" in line.render("en").lower()]
    assert lines, "the placard says whether the joker is in (joker-1)"
    for line in lines:
        en, ru = line.render("en"), line.render("ru")
        assert "lowest" in en and "ace" not in en and "straight" not in en
        assert "младший" in ru and "туз" not in ru
        assert "joker-2" not in line.cites and "rrop-glossary" in line.cites
    for cid in set().union(*(line.cites for line in lines)):
        assert "lowest" in summary(cid, "en")  # the rules panel's clause text says it too
    high = start("draw-high", joker=True).config
    text = " ".join(line.render("en") for line in placard(high).lines)
    assert "counts as an ace" in text

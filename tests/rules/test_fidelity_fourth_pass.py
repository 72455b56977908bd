"""Rules fidelity, fourth pass: the limits docs/rules.md §11 left open, each with a named
test carrying its clause id (docs/rules.md §12).

Default table (helpers.table_doc): $10-$20 fixed hold'em, blinds $5/$10, full kill,
two-pots trigger, nine seats.
"""

from __future__ import annotations

from helpers import assert_killed_by, codes, hand, refused, run, start

from floorkill.rules import apply, next_hand

FIVE = ((1, "Ann"), (2, "Bob"), (4, "Dee"), (5, "Eve"), (6, "Fay"))
ODD = ((1, "Ann"), (3, "Cy"), (5, "Eve"), (7, "Gus"))


def bar_at_14(name: str, owes: int = 20) -> list[dict]:
    """The room stamp of an event entered while ``name`` owes a kill at Table 14."""
    return [{"player": name, "owes": owes, "table": "Table 14"}]


def positions(state) -> tuple:
    nh = next_hand(state)
    return nh.dealer, nh.small_blind, nh.big_blind


# ---------------------------------------------------------------------------
# rrop-13.12: a new player is not dealt into a kill pot placed between hands


def test_rrop_13_12_a_new_player_sits_out_an_owed_kill_placed_after_joining():
    st = run(start(missed_kill="post-later"), hand(2), hand(2, won_beyond_blinds=10))
    st = run(st, {"type": "away", "seat": 2, "posts_kill": False}, hand(3))  # Bob owes $20
    st = run(st, {"type": "join", "seat": 8, "name": "Gus"})  # no kill pot: Gus is in
    assert 8 in next_hand(st).dealt_in
    a = apply(st, {"type": "back", "seat": 2})  # Bob's owed kill is the coming hand's kill
    assert_killed_by(a.state, 2, kind="owed")
    assert 8 not in next_hand(a.state).dealt_in  # Gus has never played a hand here
    sits = [d for d in a.decisions if d.code == "not-dealt-in" and d.seat == 8]
    assert sits and "rrop-13.12" in sits[0].cites
    refused(a.state, hand(8), key="not-dealt-in", cite="rrop-13.12")
    st = run(a.state, hand(4))  # the owed kill is posted and over: Gus is dealt in
    assert 8 in next_hand(st).dealt_in


def test_rrop_13_12_a_newcomer_who_waited_for_the_button_sits_out_the_kill_that_follows():
    st = run(start(players=FIVE, button=2), hand(1))  # Ann has the leg; dealer 4 next
    st = run(st, {"type": "join", "seat": 3, "name": "Cy"})  # waits for the button
    assert 3 not in next_hand(st).dealt_in
    st = run(st, hand(1, won_beyond_blinds=10))  # Ann kills; the button has passed seat 3
    assert_killed_by(st, 1)
    assert 3 not in next_hand(st).dealt_in  # but Cy has never been dealt a hand
    st = run(st, hand(2))
    assert 3 in next_hand(st).dealt_in


def test_rrop_13_12_a_new_player_who_agreed_to_kill_or_may_sit_is_dealt_in():
    st = run(start(new_player="may-sit", missed_kill="post-later"), hand(2))
    st = run(st, hand(2, won_beyond_blinds=10))
    st = run(st, {"type": "away", "seat": 2, "posts_kill": False}, hand(3))
    st = run(st, {"type": "join", "seat": 8, "name": "Gus"}, {"type": "back", "seat": 2})
    assert_killed_by(st, 2, kind="owed")
    assert 8 in next_hand(st).dealt_in  # wsop-201: a new player may sit into a kill pot


# ---------------------------------------------------------------------------
# room-dealer-button: a bar lifted at another table, a move into the gap


def test_room_dealer_button_a_bar_lifted_at_another_table_waits_for_the_button():
    st = apply(start(players=FIVE, button=2), {**hand(1), "room": bar_at_14("Dee")}).state
    # Dee was barred at Table 14 for that hand: dealer 2, blinds 5 and 6; next 5, 6, 1
    assert positions(st) == (5, 6, 1)
    a = apply(st, {"type": "stack", "seat": 1, "amount": 100, "room": []})  # paid there
    assert not a.state.is_barred("Dee")
    assert positions(a.state) == (5, 6, 1)  # not 4, 5, 6: 5 and 6 would post again
    assert 4 not in next_hand(a.state).dealt_in
    assert any(d.code == "not-dealt-in" and d.seat == 4 for d in a.decisions)
    st = run(a.state, hand(5))
    assert 4 in next_hand(st).dealt_in  # the button has passed her seat


def test_room_dealer_button_a_bar_lifted_elsewhere_before_any_hand_missed_deals_in_at_once():
    st = run(start(players=FIVE, button=2), hand(1))
    st = apply(st, {"type": "stack", "seat": 1, "amount": 100, "room": bar_at_14("Dee")}).state
    assert 4 not in next_hand(st).dealt_in
    st = apply(st, {"type": "stack", "seat": 1, "amount": 90, "room": []}).state
    assert 4 in next_hand(st).dealt_in  # she missed no hand: nothing to wait for


def test_room_dealer_button_a_move_into_the_gap_cannot_post_the_same_blinds_twice():
    st = run(start(players=ODD, button=1), hand(1))  # dealer 1, blinds 3 and 5
    assert positions(st) == (3, 5, 7)
    a = apply(st, {"type": "move", "from": 7, "to": 2})  # Gus dodges the big blind
    nh = next_hand(a.state)
    assert (nh.small_blind, nh.big_blind) != (3, 5)  # 3 and 5 never post twice running
    assert positions(a.state) == (3, 5, 1) and 2 not in nh.dealt_in
    assert any(d.code == "not-dealt-in" and d.seat == 2 for d in a.decisions)


def test_room_dealer_button_a_move_the_blinds_have_not_passed_is_dealt_in_at_once():
    st = run(start(players=ODD, button=1), hand(1))
    a = apply(st, {"type": "move", "from": 7, "to": 8})
    assert positions(a.state) == (3, 5, 8) and 8 in next_hand(a.state).dealt_in
    assert "not-dealt-in" not in codes(a)


def test_room_dealer_button_a_killer_who_moves_into_the_gap_still_posts_the_kill():
    st = run(start(players=ODD, button=1), hand(7), hand(7, won_beyond_blinds=10))
    assert_killed_by(st, 7)
    a = apply(st, {"type": "move", "from": 7, "to": 2})
    assert_killed_by(a.state, 2)
    assert 2 in next_hand(a.state).dealt_in


# ---------------------------------------------------------------------------
# room-dealer-button, the house option button_gap = "posts": post a big blind to be dealt
# in at once; the button and the blinds pass the seat by until the button has gone round


def test_room_dealer_button_posts_a_newcomer_in_the_gap_posts_a_big_blind_and_plays():
    st = run(start(players=FIVE, button=2, button_gap="posts"), hand(1))
    a = apply(st, {"type": "join", "seat": 3, "name": "Cy"})
    nh = next_hand(a.state)
    assert 3 in nh.dealt_in and nh.posts[3] == 1000  # a big blind, to be dealt in at once
    assert (nh.dealer, nh.small_blind, nh.big_blind) == (4, 5, 6)  # the button goes on
    posts = [d for d in a.decisions if d.seat == 3 and d.key == "posts-to-come-in"]
    assert posts and "room-dealer-button" in posts[0].cites
    assert posts[0].text("en") and posts[0].text("ru") != posts[0].text("en")
    st = run(a.state, hand(3))  # Cy may win the hand she posted into
    nh = next_hand(st)
    assert 3 not in nh.posts and (nh.dealer, nh.small_blind, nh.big_blind) == (5, 6, 1)


def test_room_dealer_button_posts_the_same_players_never_post_the_same_blinds_twice():
    """Seat 4 lies between the coming dealer (3) and small blind (5): a poster there is
    dealt in, but the button does not stop at the seat the next hand."""
    st = run(start(players=ODD, button=1, button_gap="posts"), hand(1))  # next 3, 5, 7
    st = run(st, {"type": "join", "seat": 4, "name": "Dee"})
    seen = [positions(st)]
    for winner in (4, 5, 7, 1, 3):
        st = run(st, hand(winner))
        seen.append(positions(st))
    assert seen[0] == (3, 5, 7) and seen[1] == (5, 7, 1)  # not 4, 5, 7
    for before, after in zip(seen, seen[1:], strict=False):
        assert (before[1], before[2]) != (after[1], after[2])  # blinds never repeat
    assert 4 in [d for d, _sb, _bb in seen]  # the button reaches her in turn


def test_room_dealer_button_posts_a_player_back_into_the_gap_posts_too():
    st = run(
        start(players=FIVE, button=2, button_gap="posts"), {"type": "away", "seat": 4}, hand(1)
    )
    a = apply(st, {"type": "back", "seat": 4})
    nh = next_hand(a.state)
    assert 4 in nh.dealt_in and nh.posts[4] == 1000
    assert (nh.dealer, nh.small_blind) == (5, 6)


def test_room_dealer_button_posts_a_new_player_still_sits_out_a_kill_pot_rrop_13_12():
    st = run(start(players=FIVE, button=2, button_gap="posts"), hand(1))
    st = run(st, hand(1, won_beyond_blinds=10))  # Ann kills the coming hand
    a = apply(st, {"type": "join", "seat": 3, "name": "Cy"})
    assert 3 not in next_hand(a.state).dealt_in and 3 not in next_hand(a.state).posts


def test_room_dealer_button_posts_is_a_house_option_with_its_source_in_both_languages():
    from floorkill.rules.config import KILL_OPTIONS
    from floorkill.rules.option_sources import describe
    from floorkill.rules.options import kill_options

    assert KILL_OPTIONS["button_gap"] == (("waits", "posts"), "waits", "room-dealer-button")
    opt = next(o for o in kill_options() if o.name == "button_gap")
    assert opt.label != "button gap"  # labelled, not the key
    for lang in ("en", "ru"):
        assert len(describe("button_gap", "posts", lang)) >= 2
    assert "[room-dealer-button]" in describe("button_gap", "waits", "en")[-2]


def test_room_dealer_button_posts_the_placard_says_so_in_both_languages():
    from floorkill.rules.placard import placard_text

    en = placard_text(start(button_gap="posts").config, "en")
    ru = placard_text(start(button_gap="posts").config, "ru")
    assert "post a big blind to be dealt in at once" in en and "room-dealer-button" in en
    assert "поставить большой блайнд и сразу получить карты" in ru
    assert "post a big blind" not in placard_text(start().config, "en")


def test_room_dealer_button_posts_the_seat_says_it_posts_not_that_it_waits():
    from floorkill.display.words import seat_views

    st = run(start(players=FIVE, button=2, button_gap="posts"), hand(1))
    st = run(st, {"type": "join", "seat": 3, "name": "Cy"})
    en, ru = seat_views(st, "en")[2].status, seat_views(st, "ru")[2].status
    assert "posts to come in" in en and "waits" not in en
    assert "ставит, чтобы войти" in ru

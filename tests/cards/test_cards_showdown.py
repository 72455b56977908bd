"""showdown(): winners, splits, scoops, descriptions and every refusal."""

from __future__ import annotations

import pytest

from floorkill.cards import GAMES, CardError, Showdown, parse_cards, showdown

# ---------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------


def test_parse_canonical_forms():
    assert parse_cards("As kd 7C 2h") == ("As", "Kd", "7c", "2h")
    assert parse_cards("10s,Td  9h") == ("Ts", "Td", "9h")
    assert parse_cards("AsKd") == ("As", "Kd")
    assert parse_cards("As jk", joker=True) == ("As", "Jk")
    assert parse_cards("JK", joker=True) == ("Jk",)
    assert parse_cards("  ") == ()


def test_parse_refuses_nonexistent_cards():
    for bad in ("1x", "Zz", "As Kx", "11s", "Jkc", "A"):
        with pytest.raises(CardError, match="no such card"):
            parse_cards(bad)


def test_parse_refuses_duplicate_and_unwanted_joker():
    with pytest.raises(CardError, match="duplicate card As"):
        parse_cards("As Kd as")
    with pytest.raises(CardError, match="joker"):
        parse_cards("As Jk")


def test_games_list_matches_rules_model():
    assert GAMES == (
        "holdem",
        "omaha",
        "omaha8",
        "lowball-a5",
        "lowball-27",
        "draw-high",
        "stud",
        "stud8",
        "razz",
    )


# ---------------------------------------------------------------------------
# Winners
# ---------------------------------------------------------------------------


def test_holdem_single_winner_scoops():
    r = showdown("holdem", "Ah Kd 7c 2s 9h", {3: "As Ks", 5: "Qd Qh"})
    assert r == Showdown(
        high=(3,),
        low=(),
        scoop=3,
        hands={
            3: "two pair, aces and kings, nine kicker",
            5: "pair of queens, A-K-9 kickers",
        },
    )


def test_holdem_split_high_board_plays():
    r = showdown("holdem", "As Ks Qs Js Ts", {1: "2c 3d", 4: "9h 9d", 7: "4c 4d"})
    assert r.high == (1, 4, 7) and r.low == () and r.scoop is None
    assert r.hands[1] == "royal flush"


def test_only_one_hand_wins():
    r = showdown("omaha", "2c 7d 9h Js Kd", {8: "3c 4d 5h 6s"})
    assert r.high == (8,) and r.scoop == 8


def test_omaha_uses_exactly_two_hole_cards():
    # four spades in the hand, one on the board: no flush in Omaha
    r = showdown("omaha", "As 7d 8h 2c Kd", {1: "Ks Qs Js Ts", 2: "9c 9d 3h 4h"})
    assert r.hands[1] == "pair of kings, A-Q-8 kickers"
    assert r.high == (1,)
    # the board's four hearts don't make a flush with one heart in the hand
    r = showdown("omaha", "2h 5h 8h Jh Kc", {1: "Ah Ac Ad 3s", 2: "Qh Th 4c 4d"})
    assert r.high == (2,) and r.hands[2].startswith("flush, Q-J-T-8-5")


def test_hilo_scoop_high_and_low():
    r = showdown("omaha8", "2c 4d 7h Kd Ks", {1: "As 3h Kc 9d", 2: "Qc Qd 8s 6h"})
    assert r.high == (1,) and r.low == (1,) and r.scoop == 1
    # exactly two hole cards: Kc-As with Kd-Ks-7h, no full house
    assert r.hands[1] == "three kings, A-7 kickers / 7-4-3-2-A"
    assert r.hands[2] == "two pair, kings and queens, seven kicker / 8-7-6-4-2"


def test_hilo_split_high_and_low_no_scoop():
    r = showdown("omaha8", "2c 4d 7h Kd Ks", {1: "Kh Qh Tc 9c", 2: "As 3h 9d Jc"})
    assert r.high == (1,) and r.low == (2,) and r.scoop is None


def test_hilo_no_qualifying_low_scoops_to_sole_high_winner():
    r = showdown("omaha8", "9c Td Jh Kd 2s", {1: "As Ad 3c 4c", 2: "Qs 8h 5d 6c"})
    assert r.low == ()
    assert r.high == (2,) and r.scoop == 2
    assert r.hands[1] == "pair of aces, K-J-T kickers / no low"
    assert r.hands[2] == "straight, queen high / no low"  # Q-8 with 9-T-J


def test_hilo_split_high_no_low_no_scoop():
    r = showdown("omaha8", "9c Td Jh Kd Ks", {1: "Qs Qh 2c 3c", 2: "Qd Qc 4h 5h"})
    assert r.high == (1, 2) and r.low == () and r.scoop is None


def test_hilo_quartered_low_tie():
    # seats 1 and 2 tie for the low (8-5-4-2-A); seat 3 wins the high alone
    r = showdown("omaha8", "Ac 2d 4h 9s Ks", {1: "5s 8d Qh Qc", 2: "5c 8h Jd Jc", 3: "Kh Kc Qs Js"})
    assert r.low == (1, 2)
    assert r.high == (3,) and r.scoop is None
    assert r.hands[1].endswith(" / 8-5-4-2-A") and r.hands[2].endswith(" / 8-5-4-2-A")
    # the high winner also ties for the low: quartered, no scoop
    r = showdown("omaha8", "Ac 2d 4h 9s Ks", {1: "5s 8d Kd Kh", 2: "5c 8h Jd Jc"})
    assert r.high == (1,) and r.low == (1, 2) and r.scoop is None


def test_stud8_low_from_seven_cards():
    r = showdown("stud8", None, {1: "As 2d 3c 4h 8s 9d Kc", 2: "Kh Kd Ks 7c 6d 5c 8h"})
    assert r.high == (2,) and r.low == (1,) and r.scoop is None
    assert r.hands[1] == "ace high, A-K-9-8-4 / 8-4-3-2-A"
    assert r.hands[2] == "three kings, 8-7 kickers / no low"  # 8-7-6-5 is only four low ranks
    r = showdown("stud8", None, {1: "As 2d 3c 4h 9s 9d Kc", 2: "Kh Kd Ks 7c 6d 5c 8h"})
    assert r.low == () and r.high == (2,) and r.scoop == 2


def test_stud8_scoop_with_low():
    r = showdown("stud8", None, {1: "As 2d 3c 4h 5s Kd Kc", 2: "Kh Qd Js 9c 8d 8c 8h"})
    assert r.high == (1,) and r.low == (1,) and r.scoop == 1
    assert r.hands[1] == "straight, five high / 5-4-3-2-A"


def test_razz_and_stud():
    r = showdown("razz", None, {1: "As 2d 3c 4h Kd Kc Ks", 2: "Ah 2h 3s 4d 6c 9d 9c"})
    assert r.high == (2,) and r.scoop == 2 and r.hands[2] == "6-4-3-2-A"
    r = showdown("stud", None, {1: "As 2d 3c 4h Kd Kc Ks", 2: "Ah 2h 3s 4d 6c 9d 9c"})
    assert r.high == (1,) and r.hands[1] == "three kings, A-4 kickers"


def test_lowball_27_best_hand_and_straights_count():
    r = showdown(
        "lowball-27", None, {1: "7s 5d 4h 3c 2s", 2: "6s 5c 4d 3h 2d", 3: "As 2c 3d 4s 5h"}
    )
    assert r.high == (1,) and r.scoop == 1
    assert r.hands == {1: "7-5-4-3-2", 2: "straight, six high", 3: "A-5-4-3-2"}
    r = showdown("lowball-27", None, {1: "8s 6s 4s 3s 2s", 2: "Ks Qd Jc 9h 8d"})
    assert r.high == (2,)  # the flush counts against seat 1


def test_lowball_a5_wheel_is_best_and_pairs_are_bad():
    r = showdown(
        "lowball-a5", None, {1: "As 2s 3s 4s 5s", 2: "6c 4d 3h 2d Ac", 3: "Ks Kd 2h 3c 4c"}
    )
    assert r.high == (1,) and r.low == () and r.scoop == 1
    assert r.hands[1] == "5-4-3-2-A" and r.hands[3] == "pair of kings, 4-3-2 kickers"


def test_draw_high_tie_splits():
    r = showdown("draw-high", None, {2: "As Ks Qd Jc 9h", 9: "Ad Kh Qs Jh 9c"})
    assert r.high == (2, 9) and r.scoop is None


def test_empty_board_string_is_no_board_in_draw_games():
    assert showdown("draw-high", "", {1: "As Ks Qd Jc 9h"}).high == (1,)


# ---------------------------------------------------------------------------
# Refusals: one line, saying what and where
# ---------------------------------------------------------------------------


def refused(*args, **kwargs) -> str:
    with pytest.raises(CardError) as info:
        showdown(*args, **kwargs)
    message = str(info.value)
    assert "\n" not in message and message
    return message


def test_refuses_duplicate_card():
    m = refused("holdem", "As Kd 7c 2h 9s", {3: "As Qh", 5: "Jd Jc"})
    assert m == "duplicate card As (seat 3 and board)"
    m = refused("omaha", "2s Kd 7c 2h 9s", {3: "As Qh Qd Qc", 5: "Jd Jc Qh 3c"})
    assert m == "duplicate card Qh (seat 3 and seat 5)"
    m = refused("draw-high", None, {1: "As As Kd Qc Jh"})
    assert "duplicate card As" in m and "seat 1" in m


def test_refuses_nonexistent_card():
    m = refused("holdem", "As Kd 7c 2h 9s", {2: "1x Qh", 5: "Jd Jc"})
    assert m.startswith("no such card '1x' (seat 2)")
    m = refused("holdem", "As Kd 7c 2h Zz", {2: "Qd Qh"})
    assert m.startswith("no such card 'Zz' (board)")


def test_refuses_wrong_number_of_cards():
    assert (
        refused("holdem", "As Kd 7c 2h 9s", {4: "Qd Qh Qc"})
        == "seat 4 shows 3 cards; hold'em needs exactly two"
    )
    assert (
        refused("omaha", "As Kd 7c 2h 9s", {4: "Qd Qh Qc"})
        == "seat 4 shows 3 cards; Omaha needs exactly four"
    )
    assert "needs exactly five" in refused("lowball-27", None, {1: "7s 5d 4h 3c"})
    assert "needs exactly seven" in refused("razz", None, {1: "As 2d 3c 4h 5s 6d"})
    m = refused("holdem", "As Kd 7c 2h", {4: "Qd Qh"})
    assert m == "the board has 4 cards; a hold'em showdown needs all five"
    assert "needs the board" in refused("omaha8", None, {4: "Qd Qh 2c 3c"})


def test_refuses_joker_not_allowed():
    m = refused("lowball-a5", None, {1: "As 3d 5h 7c Jk"})
    assert m == "seat 1 shows the joker (Jk), but the joker is not in play at this table"
    m = refused("holdem", "As Kd 7c 2h Jk", {1: "Qd Qh"})
    assert m == "board shows the joker (Jk), but there is no joker in hold'em"
    m = refused("omaha", "As Kd 7c 2h 3c", {1: "Qd Qh 4c 5c"}, joker=True)
    assert "no joker in Omaha" in m


def test_refuses_board_in_draw_game():
    m = refused("draw-high", "As Kd 7c", {1: "Qd Qh 2c 3c 4c"})
    assert m == "draw high has no board, but a board was given: put every card in the seat's hand"
    assert "no board" in refused("stud", "As", {1: "As 2d 3c 4h 5s 6d 7d"})


def test_refuses_no_hands_and_unknown_game():
    assert refused("holdem", "As Kd 7c 2h 9s", {}).startswith("no hands to compare")
    assert refused("badugi", None, {1: "As 2d 3c 4h"}).startswith("unknown game 'badugi'")


def test_refuses_seat_that_is_not_a_number():
    assert "not a seat number" in refused("holdem", "As Kd 7c 2h 9s", {"3": "Qd Qh"})

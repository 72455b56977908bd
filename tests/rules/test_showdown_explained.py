"""Showdowns: a board is a fact, and the result explains itself in the
decisions (en/ru) and in `result.hands` of the replay JSON."""

from __future__ import annotations

from helpers import assert_button, hand, refused, run, start

from floorkill.rules import apply, load_table_text
from floorkill.rules.events import flop_known, parse_event
from floorkill.rules.questions import first_asked
from floorkill.rules.replay import replay, step_json

BOARD = "Ah Ad Kc 2s 9h"


def sd(board, **hands):
    return {"board": board, "hands": {k.lstrip("s"): v for k, v in hands.items()}}


def test_house_natural_a_showdown_board_means_the_flop_was_seen():
    ev = parse_event(hand(showdown=sd(BOARD, s2="As Ks", s3="Qd Qh")), 9)
    assert ev.flop is True
    assert flop_known({"type": "hand", "showdown": sd(BOARD, s2="As Ks")}) is True
    assert flop_known({"type": "hand", "winner": 2}) is None
    assert flop_known({"type": "hand", "winner": 2, "flop": False}) is False
    # second leg needs a flop: a showdown with a board answers it, no question
    st = run(start(second_leg_needs_flop=True), hand(2))
    a = apply(st, hand(showdown=sd(BOARD, s2="As Ks", s3="Qd Qh"), won_beyond_blinds=10))
    assert_button(a.state, "killed", 2)


def test_house_natural_a_showdown_board_is_not_asked_did_the_hand_see_a_flop():
    st = run(start(second_leg_needs_flop=True), hand(2))
    q = first_asked(st, hand(showdown=sd(BOARD, s2="As Ks", s3="Qd Qh")))
    assert q is not None and q.kind == "qualifies"  # the money question, not the flop
    q = first_asked(st, hand(2))
    assert q is not None and q.kind == "flop"


def test_house_natural_flop_false_with_a_board_is_a_contradiction():
    st = run(start(second_leg_needs_flop=True), hand(2))
    r = refused(
        st,
        hand(showdown=sd(BOARD, s2="As Ks", s3="Qd Qh"), flop=False),
        key="board-contradicts-flop",
        cite="house-natural",
    )
    assert "flop" in r.text("en") and "флоп" in r.text("ru")


def test_rrop_13_0_showdown_explains_each_hand_and_who_won():
    st = start()
    a = apply(st, hand(showdown=sd(BOARD, s2="As Ks", s3="Qd Qh")))
    shows = {d.seat: d for d in a.decisions if d.code == "shows"}
    assert set(shows) == {2, 3}
    assert "aces full of kings" in shows[2].text("en") and "wins the pot" in shows[2].text("en")
    assert "тузы на королях" in shows[2].text("ru") and "выигрывает банк" in shows[2].text("ru")
    assert "does not win" in shows[3].text("en")
    assert all("rrop-13.0" in d.cites for d in shows.values())
    assert [d.code for d in a.decisions][-1] == "leg-up"
    assert [(v.seat, v.value("en")) for v in a.hands][0] == (2, "aces full of kings")


def test_rrop_glossary_hilo_showdown_says_who_took_high_and_low():
    st = start("omaha8", triggers=("scoop",))
    a = apply(
        st,
        hand(
            showdown=sd("Ah 2d 7c 4s 9h", s1="As Ks 8c 6d", s2="Qd Qh 3c 5c", s3="Kd Kh Tc Td"),
            pot=60,
        ),
    )
    shows = {d.seat: d.text("en") for d in a.decisions if d.code == "shows"}
    assert "scoops the pot, high and low" in shows[2]
    assert "5-4-3-2-A low" in shows[2]
    assert "wins nothing" in shows[1] and "wins nothing" in shows[3]
    a = apply(st, hand(showdown=sd("Ah 2d 7c 4s Kh", s1="Kd Ks 9c Td", s2="Qd Qh 3c 8c"), pot=60))
    shows = {d.seat: d.text("en") for d in a.decisions if d.code == "shows"}
    assert "takes the high half" in shows[1] and "takes the low half" in shows[2]
    ru = {d.seat: d.text("ru") for d in a.decisions if d.code == "shows"}
    assert "забирает хай" in ru[1] and "забирает лоу" in ru[2]


DRAW = """
[table]
name = "Joker"
game = "draw-high"
joker = true
seats = 6
[stakes]
structure = "fixed"
bets = [5, 10]
blinds = [2, 5]
[kill]
kind = "full"
triggers = ["two-pots"]
[[players]]
seat = 1
name = "Ann"
[[players]]
seat = 2
name = "Bob"
[[events]]
type = "hand"
showdown = { hands = { 1 = "As Ks 9s 5s Jk", 2 = "Ac Ad Ah 2c 3c" } }
[[events]]
type = "hand"
showdown = { hands = { 1 = "Kc Kd 7h 7s Jk", 2 = "Kh Ks 7c 7d Qc" } }
qualifies = false
[[events]]
type = "hand"
winner = 2
"""


def test_joker_3_replay_json_result_hands_cite_the_joker_clause():
    steps = replay(load_table_text(DRAW))
    first = step_json(steps[0])
    hands = {h["seat"]: h for h in first["result"]["hands"]}
    assert hands[1]["value"] == "flush, A-K-Q-9-5"
    assert hands[1]["joker"]["as"] == "Qs" and "joker-3" in hands[1]["joker"]["cites"]
    assert hands[2]["joker"] is None
    d = [d for d in first["decisions"] if d["code"] == "shows" and d["seat"] == 1][0]
    assert "joker-3" in d["cites"] and "queen of spades" in d["text"]
    second = step_json(steps[1], "ru")
    hands = {h["seat"]: h for h in second["result"]["hands"]}
    assert hands[1]["value"] == "две пары, короли и семёрки, кикер туз"
    assert hands[1]["joker"]["how"] == "ace" and hands[1]["joker"]["cites"] == ["joker-2"]
    assert step_json(steps[2])["result"]["hands"] == []  # typed winner: nothing shown

"""A showdown explains itself: each hand's value in words (English and Russian) and how
the joker played, with the joker clause that decides it (joker-1 ... joker-4)."""

from __future__ import annotations

import pytest

from floorkill.cards import showdown


def values(game, board, hands, joker=False):
    return {v.seat: v for v in showdown(game, board, hands, joker=joker).values}


@pytest.mark.parametrize(
    "game, board, cards, en, ru",
    [
        ("holdem", "Ah Ad Kc 2s 9h", "As Ks", "aces full of kings", "фулл-хаус, тузы на королях"),
        (
            "holdem",
            "Ah Kd 7c 2s 9h",
            "As Ks",
            "two pair, aces and kings, nine kicker",
            "две пары, тузы и короли, кикер девятка",
        ),
        (
            "holdem",
            "Ah Kd 7c 2s 9h",
            "Qd Qh",
            "pair of queens, A-K-9 kickers",
            "пара дам, кикеры A-K-9",
        ),
        ("holdem", "Ah Kh 7h 2h 9c", "3h 4d", "flush, A-K-7-3-2", "флеш, A-K-7-3-2"),
        ("holdem", "Th Jh Qh 2d 3c", "Kh Ah", "royal flush", "роял-флеш"),
        ("holdem", "5c 6d 7h 2d 3c", "4s Kd", "straight, seven high", "стрит до семёрки"),
        (
            "holdem",
            "Kc Kd Kh 2d 3c",
            "Ks 9d",
            "four kings, nine kicker",
            "четыре короля, кикер девятка",
        ),
        ("holdem", "Qc Qd 7h 2d 3c", "Qs 9d", "three queens, 9-7 kickers", "три дамы, кикеры 9-7"),
        (
            "holdem",
            "Qc 8d 7h 2d 3c",
            "As 9d",
            "ace high, A-Q-9-8-7",
            "старшая карта туз, A-Q-9-8-7",
        ),
        ("lowball-27", None, "2c 3d 4h 5s 7c", "7-5-4-3-2 low", "лоу 7-5-4-3-2"),
        ("razz", None, "Ac 2d 4h 6s 8c Kd Kh", "8-6-4-2-A low", "лоу 8-6-4-2-A"),
    ],
)
def test_hand_value_in_words_en_and_ru(game, board, cards, en, ru):
    v = values(game, board, {1: cards})[1]
    assert v.value("en") == en
    assert v.value("ru") == ru
    assert v.joker is None
    assert v.to_json("ru") == {"seat": 1, "value": ru, "joker": None}


def test_hilo_hand_gives_high_and_low():
    v = values("omaha8", "Ah 2d 7c 4s 9h", {1: "As Ks 8c 6d", 2: "Qd Qh 3c 5c"})
    assert v[1].value("en") == "pair of aces, K-9-7 kickers; 7-6-4-2-A low"
    assert v[2].value("en") == "straight, five high; 5-4-3-2-A low"
    assert v[2].value("ru") == "стрит до пятёрки; лоу 5-4-3-2-A"
    v = values("omaha8", "Kh Qd Tc 9s 9h", {1: "As Ks 8c 6d"})
    assert v[1].value("en").endswith("; no low") and v[1].value("ru").endswith("; нет лоу")


@pytest.mark.parametrize(
    "cards, how, card, cites, en_bit",
    [
        ("Kc Kd 7h 7s Jk", "ace", "A", ("joker-2",), "plays as an ace"),
        ("Ts 9d 8c 6s Jk", "straight", "7", ("joker-2",), "straight as the seven"),
        ("Js Ts 9s 8s Jk", "straight-flush", "Qs", ("joker-2",), "queen of spades"),
        (
            "As Ks 9s 5s Jk",
            "flush",
            "Qs",
            ("joker-2", "joker-3"),
            "highest card of that suit not in the hand",
        ),
        ("Ac Ad Ah As Jk", "five-aces", "A", ("joker-4",), "five aces"),
    ],
)
def test_joker_1_to_4_draw_high_joker_use_is_explained(cards, how, card, cites, en_bit):
    v = values("draw-high", None, {1: cards}, joker=True)[1]
    j = v.joker
    assert (j.how, j.card, j.cites) == (how, card, cites)
    assert en_bit in j.text("en")
    assert j.text("ru") and j.text("ru") != j.text("en")
    assert v.to_json()["joker"]["cites"] == list(cites)


def test_joker_1_california_lowball_joker_is_the_lowest_missing_card():
    v = values(
        "lowball-a5",
        None,
        {1: "2c 3d 5h 7s Jk", 2: "Ac 3c 4h 6s Jk".replace("Jk", "8c")},
        joker=True,
    )
    assert v[1].value("en") == "7-5-3-2-A low"
    assert (v[1].joker.how, v[1].joker.card) == ("lowest", "A")
    assert v[1].joker.cites == ("joker-1", "rrop-glossary")
    assert "ace" in v[1].joker.text("en") and "туз" in v[1].joker.text("ru")
    assert v[2].joker is None

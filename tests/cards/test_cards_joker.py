"""The joker: the fast table evaluators against a slow, obviously-correct
reference that tries every substitution the rules allow.

The rules (kill-pots-and-joker.txt, "THE JOKER", numbered here 1-4):
1. players are told whether the joker is in use;
2. the joker may be used only as an ace, or to complete a straight, flush or
   straight flush;
3. used to make a flush, it is the highest card of the flush not present;
4. five aces (four aces and the joker) is the best possible hand.
California lowball (glossary): A-5 lowball with a joker, which is the lowest
unmatched rank in the hand.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from floorkill.cards import CardError, parse_cards, showdown
from floorkill.cards import evaluate as ev
from floorkill.cards._core import CODE

RANK_VALUE = {r: v for v, r in enumerate("23456789TJQKA", start=2)}  # deuce 2 ... ace 14
SUITS = "cdhs"
DECK = [r + s for r in RANK_VALUE for s in SUITS]


def codes(text: str) -> list[int]:
    return [CODE[c] for c in parse_cards(text, joker=True)]


# ---------------------------------------------------------------------------
# Slow reference: plain Python over (rank, suit) pairs, no tables, no tricks.
# ---------------------------------------------------------------------------


def ref_high(cards: list[tuple[int, str]]) -> tuple:
    """Standard high value of exactly five cards, as a tuple (bigger better).
    Five aces -> (9,).  A flush needs five *different* cards of one suit."""
    ranks = [r for r, _ in cards]
    cnt = Counter(ranks)
    if cnt[14] == 5:
        return (9,)
    if 5 in cnt.values():  # five kings etc.: no such hand (never legal for the joker)
        return (-1,)
    flush = len({s for _, s in cards}) == 1 and len(set(cards)) == 5
    distinct = sorted(set(ranks), reverse=True)
    top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            top = 5
    groups = sorted(cnt.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    order = tuple(r for r, _ in groups)
    if top and flush:
        return (8, top)
    if shape == (4, 1):
        return (7,) + order
    if shape == (3, 2):
        return (6,) + order
    if flush:
        return (5,) + order
    if top:
        return (4, top)
    return ({(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1, (1, 1, 1, 1, 1): 0}[shape],) + order


def ref_draw_high(text: str) -> tuple:
    """Draw high with the joker: try the joker as every one of the 52 cards;
    a substitution is legal when the joker is an ace, or when the result is a
    straight, a flush or a straight flush.  (A flush with a lower missing card
    is legal but never best, so the best legal result takes the highest
    missing card, rule 3.)  Best legal result wins."""
    names = text.split()
    natural = [(RANK_VALUE[c[0]], c[1]) for c in names if c != "Jk"]
    if len(natural) == 5:
        return ref_high(natural)
    best = None
    for r in RANK_VALUE.values():
        for s in SUITS:
            value = ref_high(natural + [(r, s)])
            if r == 14 or value[0] in (4, 5, 8):
                if best is None or value > best:
                    best = value
    return best


def ref_a5(text: str) -> tuple:
    """A-5 low as a tuple, bigger = better.  With the joker: try every rank
    for it and keep the best low (which is what "lowest unmatched rank"
    gives)."""
    names = text.split()
    natural = [1 if c[0] == "A" else RANK_VALUE[c[0]] for c in names if c != "Jk"]  # ace low

    def value(ranks):
        cnt = Counter(ranks)
        groups = sorted(cnt.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
        shape = tuple(c for _, c in groups)
        cat = {
            (1, 1, 1, 1, 1): 0,
            (2, 1, 1, 1): 1,
            (2, 2, 1): 2,
            (3, 1, 1): 3,
            (3, 2): 4,
            (4, 1): 5,
        }[shape]
        low = (cat,) + tuple(r for r, _ in groups)  # smaller is better
        return tuple(-x for x in low)

    if len(natural) == 5:
        return value(natural)
    # (a fifth ace is no lowball hand: four aces and the joker play the joker low)
    return max(value(natural + [j]) for j in range(1, 14) if natural.count(j) < 4)


def assert_same_order(hands, ours, ref):
    """ours and ref (both bigger = better) order the sample identically."""
    order = sorted(range(len(hands)), key=lambda i: (ours[i], i))
    for i, j in zip(order, order[1:], strict=False):
        assert (ours[i] < ours[j]) == (ref[i] < ref[j]), (hands[i], hands[j], ref[i], ref[j])
        assert (ours[i] == ours[j]) == (ref[i] == ref[j]), (hands[i], hands[j], ref[i], ref[j])


def joker_hands(seed: int, n: int) -> list[str]:
    """Hands with the joker: mostly four random cards, plus many dense ones
    (one suit, or few ranks) so straight flushes, flushes, straights and
    four aces come up often."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        kind = i % 4
        if kind == 0:
            four = rng.sample(DECK, 4)
        elif kind == 1:  # four of one suit
            suit = rng.choice(SUITS)
            four = rng.sample([r + suit for r in RANK_VALUE], 4)
        elif kind == 2:  # close ranks: straights and straight flushes
            lo = rng.randrange(0, 10)
            ranks = "A23456789TJQKA"[lo : lo + 5]
            pool = [r + s for r in set(ranks) for s in rng.sample(SUITS, 2)]
            four = rng.sample(pool, 4)
        else:  # few ranks: aces, pairs, trips, four aces
            pool = [r + s for r in ("AK" if i % 8 == 3 else "AK7") for s in SUITS]
            four = rng.sample(pool, 4)
        out.append(" ".join(four + ["Jk"]))
    return out


def natural_hands(seed: int, n: int) -> list[str]:
    rng = random.Random(seed)
    return [" ".join(rng.sample(DECK, 5)) for _ in range(n)]


def test_draw_high_joker_fast_equals_slow_reference():
    hands = joker_hands(11, 4000) + natural_hands(12, 1500)
    ours = [ev.draw_high(codes(h)) for h in hands]
    ref = [ref_draw_high(h) for h in hands]
    assert_same_order(hands, ours, ref)
    # the sample really exercised the joker's special results
    cats = Counter(r[0] for r in ref)
    assert all(cats[c] > 0 for c in (9, 8, 7, 6, 5, 4, 3, 2, 1))


def test_california_lowball_fast_equals_slow_reference():
    hands = joker_hands(13, 4000) + natural_hands(14, 1500)
    ours = [ev.low_a5(codes(h)) for h in hands]
    ref = [ref_a5(h) for h in hands]
    assert_same_order(hands, ours, ref)


# ---------------------------------------------------------------------------
# The documented cases
# ---------------------------------------------------------------------------


def draw(text: str) -> int:
    return ev.draw_high(codes(text))


def test_joker_4_five_aces_beat_straight_flush():
    five_aces = draw("As Ad Ah Ac Jk")
    assert ev.describe_high(five_aces) == "five aces"
    assert five_aces > draw("As Ks Qs Js Ts")  # a natural royal flush
    assert five_aces > draw("Ks Qs Js Ts Jk")  # a joker royal flush
    result = showdown("draw-high", None, {1: "As Ad Ah Ac Jk", 2: "Ks Qs Js Ts 9s"}, joker=True)
    assert result.high == (1,) and result.scoop == 1
    assert result.hands == {1: "five aces", 2: "straight flush, king high"}


def test_joker_2_kk77_joker_is_two_pair_ace_kicker():
    key = draw("Kd Kh 7c 7s Jk")
    assert ev.describe_high(key) == "two pair, kings and sevens, ace kicker"
    assert key == draw("Kd Kh 7c 7s Ah")  # the joker is an ace, not a king or a seven
    assert key < draw("Kd Kh Kc 7s 7h")  # not a full house


def test_joker_2_2345_joker_is_six_high_straight():
    key = draw("2c 3d 4h 5s Jk")
    assert ev.describe_high(key) == "straight, six high"
    assert key == draw("2c 3d 4h 5s 6c")
    assert key > draw("As 2c 3d 4h 5s")  # better than the wheel it could also make


def test_joker_2_ace_when_nothing_to_complete():
    assert ev.describe_high(draw("As Ah Kd Qc Jk")) == "three aces, K-Q kickers"
    assert ev.describe_high(draw("As Ah Ac Kd Jk")) == "four aces, king kicker"
    assert ev.describe_high(draw("9c 7d 5h 2s Jk")) == "ace high, A-9-7-5-2"
    assert ev.describe_high(draw("Ts 9d 8c 6s Jk")) == "straight, ten high"


def test_joker_3_flush_takes_highest_missing_card():
    assert draw("Jk Ks 9s 5s 2s") == draw("As Ks 9s 5s 2s")
    assert draw("Jk As Ks 9s 5s") == draw("As Ks Qs 9s 5s")
    assert ev.describe_high(draw("Jk As Ks 9s 5s")) == "flush, A-K-Q-9-5"
    # ...unless it completes a straight flush, which comes first
    assert ev.describe_high(draw("Js Ts 9s 8s Jk")) == "straight flush, queen high"
    assert ev.describe_high(draw("As Ks Qs Js Jk")) == "royal flush"
    assert ev.describe_high(draw("As 2s 3s 4s Jk")) == "straight flush, five high"
    assert ev.describe_high(draw("2s 3s 4s 5s Jk")) == "straight flush, six high"


def test_california_lowball_a357_joker_plays_7532a():
    key = ev.low_a5(codes("As 3d 5h 7c Jk"))
    assert ev.describe_a5(key) == "7-5-3-2-A"
    assert key == ev.low_a5(codes("As 2d 3h 5c 7d"))
    result = showdown("lowball-a5", None, {2: "As 3d 5h 7c Jk", 6: "7s 5s 3s 2c Ad"}, joker=True)
    assert result.high == (2, 6) and result.low == () and result.scoop is None


def test_california_lowball_joker_fills_lowest_unmatched_rank():
    assert ev.describe_a5(ev.low_a5(codes("2s 3d 4h 5c Jk"))) == "5-4-3-2-A"
    assert ev.describe_a5(ev.low_a5(codes("As 2d 3h 4c Jk"))) == "5-4-3-2-A"
    assert ev.describe_a5(ev.low_a5(codes("As Ad 3h 4c Jk"))) == "pair of aces, 4-3-2 kickers"
    assert ev.describe_a5(ev.low_a5(codes("As Ad Ah Ac Jk"))) == "four aces, two kicker"


def test_joker_refused_where_not_in_play():
    with pytest.raises(CardError, match="joker"):
        showdown("draw-high", None, {1: "As Ad Ah Ac Jk", 2: "Ks Qs Js Ts 9s"})
    with pytest.raises(CardError, match="no joker in 2-7 lowball"):
        showdown("lowball-27", None, {1: "7s 5d 4h 3c Jk"})

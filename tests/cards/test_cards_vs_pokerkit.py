"""Differential tests: floorkill's evaluators order hands exactly as pokerkit does.

For each game pokerkit covers, 20,000 random deals (fixed seeds) are evaluated
by floorkill; pokerkit (a hundred times slower) evaluates the deals
:func:`oracle_sample` keeps: every distinct hand value of the sample, and a second
deal for each value floorkill calls a tie (further deals of one value add nothing
the order check can see). Those deals are sorted by floorkill's key and every
adjacent pair must compare the same way in pokerkit (better / worse / tie), which
pins down the whole order on the sample's values; 20,000 random pairs are checked
as well.  A quarter of the deals come from a two-suit deck and a quarter from a
six-rank deck, so that flushes, straight flushes, full houses and quads are common
enough to be tested too.

Where pokerkit and docs/rules.md could disagree:

* 2-7 lowball: docs/rules.md says A-2-3-4-5 is ace high, not a straight.
  pokerkit's ``StandardLowHand`` uses ``Standard2Lookup`` ("straights do not
  wrap"), which agrees -- pinned by ``test_27_wheel_is_ace_high_in_both``.
  No case needed to be skipped.
* A-5 lowball with the joker (California) and draw high with the joker are not
  in pokerkit at all; they are checked against a slow reference in
  ``test_cards_joker.py``.
"""

from __future__ import annotations

import random

import pytest

pokerkit = pytest.importorskip("pokerkit")

from floorkill.cards import evaluate as ev  # noqa: E402
from floorkill.cards._core import CODE, RANKS, SUITS  # noqa: E402

N = 20_000
PAIRS = 20_000
DECK = [r + s for r in RANKS for s in SUITS]
TWO_SUITS = [r + s for r in RANKS for s in "hs"]
SIX_RANKS = [r + s for r in "2345AK" for s in SUITS]


def deals(seed: int, size: int, n: int = N) -> list[list[str]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        deck = DECK if i % 4 < 2 else TWO_SUITS if i % 4 == 2 else SIX_RANKS
        out.append(rng.sample(deck, size))
    return out


def oracle_sample(ds: list[list[str]], ours: list[int], per_key=2, group=None, cap=None):
    """The deals and keys kept for the (slow) pokerkit side: at most ``per_key`` deals (a
    number, or a function of the key) of each floorkill key -- every distinct value of the
    sample stays, with a second deal witnessing each tie floorkill claims -- and, with
    ``group``, at most ``cap`` deals per group (hand category) where a game has more
    distinct values than pokerkit can afford. Returns (deals, keys, deals kept per group)."""
    seen: dict[int, int] = {}
    kept: dict[object, int] = {}
    out_d, out_k = [], []
    for d, k in zip(ds, ours, strict=True):
        if seen.get(k, 0) >= (per_key(k) if callable(per_key) else per_key):
            continue
        g = group(k) if group is not None else None
        if cap is not None and kept.get(g, 0) >= cap:
            continue
        seen[k] = seen.get(k, 0) + 1
        kept[g] = kept.get(g, 0) + 1
        out_d.append(d)
        out_k.append(k)
    return out_d, out_k, kept


def test_the_oracle_sample_keeps_every_value_and_a_witness_of_each_tie():
    from collections import Counter

    ds = deals(105, 5)
    ours = [ev.low_a5(codes(d)) for d in ds]
    kept_d, kept_k, _ = oracle_sample(ds, ours)
    full, kept = Counter(ours), Counter(kept_k)
    assert kept == {k: min(n, 2) for k, n in full.items()}
    assert [ours[ds.index(d)] for d in kept_d[:50]] == kept_k[:50]  # deals match keys
    assert sum(n > 1 for n in full.values()) > 1000 and len(kept_d) < len(ds) // 2


def high_category(key: int) -> int:
    return key >> 20


def codes(cards: list[str]) -> list[int]:
    return [CODE[c] for c in cards]


def pk_cards(cards: list[str]):
    return tuple(pokerkit.Card.parse("".join(cards)))


def _sign(a, b) -> int:
    return (a > b) - (a < b)


def _pk_key(hand) -> int | None:
    """pokerkit's strength of ``hand`` as one number, greater is better: its lookup
    entry's index, negated for a low hand, which is how ``Hand.__lt__`` and ``__eq__``
    compare two hands of a kind (read once here: each ``hand.entry`` is a lookup).
    None stands for 'no hand' (e.g. no qualifying 8-or-better low)."""
    if hand is None:
        return None
    return -hand.entry.index if hand.low else hand.entry.index


def _pk_sign(a: int | None, b: int | None) -> int:
    """Two pokerkit keys compared; 'no hand' is worse than any hand."""
    if a is None or b is None:
        return (a is not None) - (b is not None)
    return _sign(a, b)


def test_the_pokerkit_key_orders_hands_as_pokerkit_compares_them():
    rng = random.Random(9)
    for kind, seed in ((pokerkit.StandardHighHand, 109), (pokerkit.StandardLowHand, 110)):
        hands = [kind(pk_cards(d)) for d in deals(seed, 5, 200)]
        for _ in range(1_000):
            a, b = rng.choice(hands), rng.choice(hands)
            pokerkit_says = 0 if a == b else 1 if b < a else -1
            assert _pk_sign(_pk_key(a), _pk_key(b)) == pokerkit_says
    assert _pk_sign(None, _pk_key(hands[0])) == -1 and _pk_sign(None, None) == 0


def assert_same_order(label, deals_, ours, hands, seed):
    theirs = [_pk_key(h) for h in hands]
    mismatches = []
    order = sorted(range(len(ours)), key=ours.__getitem__)
    for i, j in zip(order, order[1:], strict=False):
        if _sign(ours[i], ours[j]) != _pk_sign(theirs[i], theirs[j]):
            mismatches.append((i, j))
    rng = random.Random(seed)
    for _ in range(PAIRS):
        i, j = rng.randrange(len(ours)), rng.randrange(len(ours))
        if _sign(ours[i], ours[j]) != _pk_sign(theirs[i], theirs[j]):
            mismatches.append((i, j))
    if mismatches:
        i, j = mismatches[0]
        pytest.fail(
            f"{label}: {len(mismatches)} disagreements, first: {deals_[i]} vs {deals_[j]}: "
            f"floorkill {_sign(ours[i], ours[j])}, pokerkit {_pk_sign(theirs[i], theirs[j])} "
            f"({hands[i]} / {hands[j]})"
        )


def _pk_or_none(factory, *args):
    try:
        return factory(*args)
    except ValueError:  # pokerkit raises when no hand of that kind can be formed
        return None


def test_holdem_seven_card_high_matches_pokerkit():
    ds = deals(101, 7)
    ours = [ev.best_high(codes(d)) for d in ds]
    ds, ours, _ = oracle_sample(ds, ours)
    theirs = [pokerkit.StandardHighHand.from_game(pk_cards(d[:2]), pk_cards(d[2:])) for d in ds]
    assert_same_order("hold'em 7-card", ds, ours, theirs, 1)


def test_five_card_high_matches_pokerkit():
    ds = deals(102, 5)
    ours = [ev.best_high(codes(d)) for d in ds]
    ours_draw = [ev.draw_high(codes(d)) for d in ds]  # draw high without the joker is 5-card high
    assert ours == ours_draw
    ds, ours, _ = oracle_sample(ds, ours)
    theirs = [pokerkit.StandardHighHand(pk_cards(d)) for d in ds]
    assert_same_order("5-card high", ds, ours, theirs, 2)


def test_omaha_high_matches_pokerkit():
    ds = deals(103, 9, 2 * N)
    ours = [ev.omaha_high(codes(d[:4]), codes(d[4:])) for d in ds]
    # 40,000 deals hold more values than pokerkit's Omaha (slowest of all) can afford:
    # 250 per category, distinct values first
    ds, ours, groups = oracle_sample(ds, ours, group=high_category, cap=250)
    assert len(groups) == 9  # every category, straight flush to high card
    theirs = [pokerkit.OmahaHoldemHand.from_game(pk_cards(d[:4]), pk_cards(d[4:])) for d in ds]
    assert_same_order("Omaha high", ds, ours, theirs, 3)


def test_omaha_eight_or_better_low_matches_pokerkit():
    ds = deals(104, 9)
    ours = [ev.omaha_low8(codes(d[:4]), codes(d[4:])) for d in ds]
    # each of the 56 possible lows 20 times (ties across deals), "no low" 1,000 times
    ds, ours, groups = oracle_sample(
        ds, ours, per_key=lambda k: 20 if k else 1000, group=lambda k: k
    )
    assert len(groups) == 57
    theirs = [
        _pk_or_none(pokerkit.OmahaEightOrBetterLowHand.from_game, pk_cards(d[:4]), pk_cards(d[4:]))
        for d in ds
    ]
    # the sample must contain plenty of both outcomes to mean anything
    assert 0.2 < sum(t is None for t in theirs) / len(ds) < 0.8
    assert all((o == 0) == (t is None) for o, t in zip(ours, theirs, strict=True))
    assert_same_order("Omaha 8-or-better low", ds, ours, theirs, 4)


def test_a5_low_without_joker_matches_pokerkit_regular_low():
    ds = deals(105, 5)
    ours = [ev.low_a5(codes(d)) for d in ds]
    ds, ours, _ = oracle_sample(ds, ours)
    theirs = [pokerkit.RegularLowHand(pk_cards(d)) for d in ds]
    assert_same_order("A-5 low", ds, ours, theirs, 5)


def test_27_low_matches_pokerkit():
    ds = deals(106, 5)
    ours = [ev.low_27(codes(d)) for d in ds]
    ds, ours, _ = oracle_sample(ds, ours)
    theirs = [pokerkit.StandardLowHand(pk_cards(d)) for d in ds]
    assert_same_order("2-7 low", ds, ours, theirs, 6)


def test_27_wheel_is_ace_high_in_both():
    wheel, k_high, a6 = "As 2d 3h 4c 5s", "Ks 2d 3h 4c 5s", "As 2d 3h 4c 6s"
    ours = {h: ev.low_27(codes(h.split())) for h in (wheel, k_high, a6)}
    theirs = {h: pokerkit.StandardLowHand(pk_cards(h.split())) for h in (wheel, k_high, a6)}
    # ace high: worse than king high, better than A-6-4-3-2 (a straight would be worse still)
    assert ours[wheel] < ours[k_high] and ours[wheel] > ours[a6]
    assert theirs[wheel] < theirs[k_high] and theirs[wheel] > theirs[a6]
    assert ev.describe_27(ours[wheel]) == "A-5-4-3-2"


def test_stud_eight_or_better_low_matches_pokerkit():
    ds = deals(107, 7, 4_000)
    ours = [ev.low8(codes(d)) for d in ds]
    theirs = [_pk_or_none(pokerkit.EightOrBetterLowHand.from_game, pk_cards(d)) for d in ds]
    assert_same_order("stud 8-or-better low", ds, ours, theirs, 7)


def test_razz_matches_pokerkit():
    ds = deals(108, 7, 4_000)
    ours = [ev.low_a5(codes(d)) for d in ds]
    ds, ours, _ = oracle_sample(ds, ours)
    theirs = [pokerkit.RegularLowHand.from_game(pk_cards(d)) for d in ds]
    assert_same_order("razz", ds, ours, theirs, 8)

"""Hand evaluators: integer keys, bigger is better, for every game.

Every evaluator takes internal card codes (see :mod:`floorkill.cards._core`;
``parse_codes`` makes them) and returns an ``int`` key.  Keys are only
comparable within one evaluator.  Lowball keys are inverted internally so that
a better low is a *bigger* key too.  ``0`` from :func:`omaha_low8` and
:func:`low8` means "no qualifying low" and is below every real low.

Key layouts (decoded by the ``describe_*`` functions):

* high value ``cat << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5`` with
  ranks 0 = deuce ... 12 = ace, most significant first (pair ranks before
  kickers; a straight keeps only its top card).  Categories: 0 high card,
  1 pair, 2 two pair, 3 three of a kind, 4 straight, 5 flush, 6 full house,
  7 four of a kind, 8 straight flush, 9 five aces (four aces and the joker).
* A-5 low: ``LOW_TOP - value`` with value ``cat << 20 | ...`` on ace-low
  ranks (0 = ace ... 12 = king), categories 0 no pair, 1 pair, 2 two pair,
  3 trips, 4 full house, 5 quads; lower value = better low.
* 2-7 low: ``K27_TOP - high value`` where the ace is only high (A-2-3-4-5 is
  ace high, not a straight) and straights and flushes count.

The tables are dicts keyed by the sum of the cards' codes (rank multiset) and
filled lazily, entry by entry, on first use (``dict.__missing__``), so import
is instant and the first showdown does not wait for a full build;
:func:`build_tables` fills them all at once (the bench times it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from floorkill.cards._core import JOKER, LOW_SHIFT, RANK_MASK, RANKS, SUIT_SHIFT

__all__ = [
    "best_high",
    "omaha_high",
    "omaha_low8",
    "low8",
    "low_a5",
    "low_27",
    "draw_high",
    "describe_high",
    "describe_a5",
    "describe_27",
    "build_tables",
    "LOW_TOP",
    "K27_TOP",
]

RM = RANK_MASK
FM = 0x8888 << SUIT_SHIFT  # top bit of every suit nibble
F5 = 0x3333 << SUIT_SHIFT  # + F5, & FM: some suit has >= 5 cards
F4 = 0x4444 << SUIT_SHIFT  # ... >= 4
F3 = 0x5555 << SUIT_SHIFT  # ... >= 3
SUIT_BITS = tuple(1 << (SUIT_SHIFT + 4 * s) for s in range(4))

LOW_TOP = 1 << 24
K27_TOP = 10 << 20

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, FIVE_ACES = (
    range(10)
)
ACE = 12


# --------------------------------------------------------------------------
# Computing one table entry from a rank multiset (slow path, run once each)
# --------------------------------------------------------------------------


def _counts(key: int) -> list[int]:
    """Rank counts (index 0 = deuce) from a base-5 rank-multiset key."""
    out = []
    for _ in range(13):
        key, count = divmod(key, 5)
        out.append(count)
    return out


def _pack(cat: int, ranks: Sequence[int]) -> int:
    value = cat
    for index in range(5):
        value = (value << 4) | (ranks[index] if index < len(ranks) else 0)
    return value


def _groups(cnt: list[int], order: Sequence[int]) -> list[int]:
    """Ranks sorted by (count desc, rank desc in ``order``), each once."""
    present = [rank for rank in order if cnt[rank]]
    present.sort(key=lambda r: -cnt[r])  # stable: keeps rank order within a count
    return present


_HIGH_ORDER = list(range(12, -1, -1))


def _straight_top(mask: int, wheel: bool = True) -> int:
    """Top rank of the best five-card straight inside a rank bitmask, or -1."""
    for top in range(12, 3, -1):
        window = 0x1F << (top - 4)
        if mask & window == window:
            return top
    if wheel and mask & 0x100F == 0x100F:
        return 3
    return -1


def _high_nonflush(cnt: list[int], wheel: bool = True) -> int:
    """Best five-card high value from 5..7 cards, suits ignored."""
    present = [rank for rank in _HIGH_ORDER if cnt[rank]]
    quads = [rank for rank in present if cnt[rank] >= 4]
    if quads:
        quad = quads[0]
        return _pack(QUADS, [quad, next(rank for rank in present if rank != quad)])
    trips = [rank for rank in present if cnt[rank] == 3]
    pairs = [rank for rank in present if cnt[rank] == 2]
    if trips and (len(trips) > 1 or pairs):
        trip = trips[0]
        return _pack(FULL_HOUSE, [trip, max(trips[1:] + pairs)])
    mask = 0
    for rank in present:
        mask |= 1 << rank
    top = _straight_top(mask, wheel)
    if top >= 0:
        return _pack(STRAIGHT, [top])
    if trips:
        trip = trips[0]
        return _pack(TRIPS, [trip] + [rank for rank in present if rank != trip][:2])
    if len(pairs) >= 2:
        p1, p2 = pairs[:2]
        return _pack(
            TWO_PAIR, [p1, p2, next(rank for rank in present if rank != p1 and rank != p2)]
        )
    if pairs:
        pair = pairs[0]
        return _pack(PAIR, [pair] + [rank for rank in present if rank != pair][:3])
    return _pack(HIGH_CARD, present[:5])


def _flush_value(mask: int, wheel: bool = True) -> int:
    """Best value among cards of one suit (a rank bitmask with >= 5 bits)."""
    top = _straight_top(mask, wheel)
    if top >= 0:
        return _pack(STRAIGHT_FLUSH, [top])
    return _pack(FLUSH, [rank for rank in _HIGH_ORDER if mask >> rank & 1][:5])


def _mask_of_key(key: int) -> int:
    mask = 0
    for rank, count in enumerate(_counts(key)):
        if count:
            mask |= 1 << rank
    return mask


def _joker_straight_top(mask: int) -> int:
    """Best straight the joker completes with four distinct ranks, or -1."""
    for top in range(12, 3, -1):
        window = 0x1F << (top - 4)
        if mask & window == mask:
            return top
    if mask & 0x100F == mask:
        return 3
    return -1


def _draw_high_joker_nonflush(cnt: list[int]) -> int:
    """Four natural cards (not all one suit) + joker: straight, else an ace."""
    if max(cnt) == 1:
        top = _joker_straight_top(sum(1 << rank for rank in range(13) if cnt[rank]))
        if top >= 0:
            return _pack(STRAIGHT, [top])
    cnt = list(cnt)
    cnt[ACE] += 1
    if cnt[ACE] == 5:
        return _pack(FIVE_ACES, [ACE])
    return _high_nonflush(cnt)


def _draw_high_joker_flush(mask: int) -> int:
    """Four cards of one suit + joker: best straight flush, else the flush
    with the highest card of the suit that is not present."""
    top = _joker_straight_top(mask)
    if top >= 0:
        return _pack(STRAIGHT_FLUSH, [top])
    missing = next(rank for rank in _HIGH_ORDER if not mask >> rank & 1)
    return _flush_value(mask | 1 << missing)


_LOW_ORDER = list(range(11, -1, -1)) + [12]  # king ... deuce, then ace (high-rank index)
_LOW_CAT = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}


def _a5_value(cnt: list[int]) -> int:
    """A-5 low value of exactly five cards (lower is better)."""
    groups = _groups(cnt, _LOW_ORDER)
    cat = _LOW_CAT[tuple(cnt[rank] for rank in groups)]
    return _pack(cat, [(rank + 1) % 13 for rank in groups])


def _a5_key_from_counts(cnt: list[int]) -> int:
    cards = sum(cnt)
    if cards == 4:  # California lowball: the joker is the lowest rank not present
        cnt = list(cnt)
        rank = next(rank for rank in [ACE] + list(range(12)) if not cnt[rank])
        cnt[rank] += 1
        cards = 5
    if cards == 5:
        return LOW_TOP - _a5_value(cnt)
    # best five of six or seven (razz)
    best = None
    for sub in _submultisets(cnt, 5):
        value = _a5_value(sub)
        if best is None or value < best:
            best = value
    assert best is not None  # six or seven cards have five-card subsets
    return LOW_TOP - best


def _submultisets(cnt: list[int], k: int) -> list[list[int]]:
    out: list[list[int]] = []

    def rec(i: int, left: int, cur: list[int]) -> None:
        if left == 0:
            out.append(cur + [0] * (13 - i))
            return
        if i == 13:
            return
        for taken in range(min(cnt[i], left), -1, -1):
            rec(i + 1, left - taken, cur + [taken])

    rec(0, k, [])
    return out


class _Lazy(dict[int, int]):
    """A dict that computes a missing entry from its key and keeps it."""

    __slots__ = ("fill",)

    def __init__(self, fill: Callable[[int], int]) -> None:
        super().__init__()
        self.fill = fill

    def __missing__(self, key: int) -> int:
        value = self[key] = self.fill(key)
        return value


# rank-multiset key (5..7 cards) -> best non-flush high value
NF = _Lazy(lambda k: _high_nonflush(_counts(k)))
# distinct-ranks key (5..7 cards of one suit) -> best flush / straight flush
FL = _Lazy(lambda k: _flush_value(_mask_of_key(k)))
# draw high: 5 natural cards as NF/FL, 4 cards (+ joker) by the joker rule
DH_NF = _Lazy(lambda k: _draw_high_joker_nonflush(_counts(k)) if sum(_counts(k)) == 4 else NF[k])
DH_FL = _Lazy(lambda k: _draw_high_joker_flush(_mask_of_key(k)) if sum(_counts(k)) == 4 else FL[k])
# A-5 low key: 5 cards, 4 cards + joker (California), 6..7 cards (razz)
A5 = _Lazy(lambda k: _a5_key_from_counts(_counts(k)))
# 2-7 low keys
K27_NF = _Lazy(lambda k: K27_TOP - _high_nonflush(_counts(k), wheel=False))
K27_FL = _Lazy(lambda k: K27_TOP - _flush_value(_mask_of_key(k), wheel=False))

# 8-or-better lows work on the set of distinct low ranks (ace = bit 0 ...
# eight = bit 7).  Five distinct ranks are compared highest first, which is
# exactly the numeric order of the bitmask: a smaller mask is a better low.
_FIVE_MASKS = sorted(m for m in range(256) if bin(m).count("1") == 5)


def _mask_low_key(m: int) -> int:
    ranks = [bit for bit in range(7, -1, -1) if m >> bit & 1]
    return LOW_TOP - _pack(0, ranks)


_LOW8_KEY = [0] * 256
for _m in range(256):
    if bin(_m).count("1") >= 5:
        _low5 = 0
        _b = 0
        while bin(_low5).count("1") < 5:
            if _m >> _b & 1:
                _low5 |= 1 << _b
            _b += 1
        _LOW8_KEY[_m] = _mask_low_key(_low5)
del _m


def _omaha_low_fill(key: int) -> int:
    hm, bm = key >> 8, key & 255
    if bin(hm).count("1") < 2 or bin(bm).count("1") < 3:
        return 0
    for mask in _FIVE_MASKS:
        need = mask & ~bm  # ranks that must come from the hole
        if need & ~hm or bin(need).count("1") > 2 or bin(mask & hm).count("1") < 2:
            continue
        return _mask_low_key(mask)
    return 0


# (hole low mask << 8 | board low mask) -> Omaha 8-or-better low key or 0
L8 = _Lazy(_omaha_low_fill)


# --------------------------------------------------------------------------
# Fast evaluators
# --------------------------------------------------------------------------


def best_high(cards: Sequence[int]) -> int:
    """Best five-card high hand from 5..7 cards (hold'em, stud, 5-card high).
    No joker."""
    total = sum(cards)
    if (total + F5) & FM:
        for sb in SUIT_BITS:
            if ((total + F5) & FM) & (sb << 3):
                return FL[sum([card & RM for card in cards if card & sb])]
    return NF[total & RM]


def omaha_high(hole: Sequence[int], board: Sequence[int]) -> int:
    """Omaha high: exactly two of the four hole cards and three of the five
    board cards."""
    # the rank keys of the cards (suits masked off): hole 1-4, board 1-5
    h1, h2, h3, h4 = [card & RM for card in hole]
    b1, b2, b3, b4, b5 = [card & RM for card in board]
    pairs = (h1 + h2, h1 + h3, h1 + h4, h2 + h3, h2 + h4, h3 + h4)
    b12 = b1 + b2
    b13 = b1 + b3
    b23 = b2 + b3
    b45 = b4 + b5
    threes = (
        b12 + b3,
        b12 + b4,
        b12 + b5,
        b13 + b4,
        b13 + b5,
        b1 + b45,
        b23 + b4,
        b23 + b5,
        b2 + b45,
        b3 + b45,
    )
    best = max(map(NF.__getitem__, [two + three for two in pairs for three in threes]))
    board_total = sum(board)
    if (board_total + F3) & FM:
        for sb in SUIT_BITS:
            if (board_total + F3) & FM & (sb << 3):
                hs = [card & RM for card in hole if card & sb]
                if len(hs) >= 2:
                    bs = [card & RM for card in board if card & sb]
                    for two in combinations(hs, 2):
                        pair = two[0] + two[1]
                        for three in combinations(bs, 3):
                            value = FL[pair + three[0] + three[1] + three[2]]
                            if value > best:
                                best = value
                break
    return best


def omaha_low8(hole: Sequence[int], board: Sequence[int]) -> int:
    """Omaha 8-or-better low: two hole + three board cards, five distinct
    ranks eight or lower, A-5 ranking.  0 when there is no qualifying low."""
    h1, h2, h3, h4 = hole
    b1, b2, b3, b4, b5 = board
    return L8[((h1 | h2 | h3 | h4) >> LOW_SHIFT) << 8 | ((b1 | b2 | b3 | b4 | b5) >> LOW_SHIFT)]


def low8(cards: Sequence[int]) -> int:
    """8-or-better A-5 low from 5..7 cards (stud hi-lo).  0 = no low."""
    mask = 0
    for card in cards:
        mask |= card
    return _LOW8_KEY[mask >> LOW_SHIFT]


def low_a5(cards: Sequence[int]) -> int:
    """A-5 lowball (straights and flushes ignored, aces low): five cards,
    one of which may be the joker (California lowball: the joker is the
    lowest rank not already in the hand); or best five of six/seven (razz,
    no joker)."""
    return A5[sum(cards) & RM]


def low_27(cards: Sequence[int]) -> int:
    """2-7 (Kansas City) lowball, five cards: aces only high, straights and
    flushes count against the hand."""
    total = sum(cards)
    if (total + F5) & FM:
        return K27_FL[total & RM]
    return K27_NF[total & RM]


def draw_high(cards: Sequence[int]) -> int:
    """Five-card draw high, joker allowed: the joker completes the best
    straight flush, else a flush (as the highest missing card of the suit),
    else a straight, else it is an ace; four aces and the joker are five
    aces, the best hand."""
    total = sum(cards)
    if JOKER in cards:
        if (total + F4) & FM:
            return DH_FL[total & RM]
        return DH_NF[total & RM]
    if (total + F5) & FM:
        return FL[total & RM]
    return NF[total & RM]


def build_tables() -> int:
    """Fill every lookup table completely (otherwise filled lazily on use).
    Returns the number of entries."""
    keys_by_n: dict[int, list[int]] = {4: [], 5: [], 6: [], 7: []}

    def rec(r: int, n: int, key: int) -> None:
        if r == 13:
            if n >= 4:
                keys_by_n[n].append(key)
            return
        for count in range(0, min(4, 7 - n) + 1):
            rec(r + 1, n + count, key + count * 5**r)

    rec(0, 0, 0)
    for size in (5, 6, 7):
        for ranks_key in keys_by_n[size]:
            NF[ranks_key]
            cnt = _counts(ranks_key)
            if max(cnt) == 1:
                FL[ranks_key]
    for ranks_key in keys_by_n[4]:
        DH_NF[ranks_key]
        A5[ranks_key]
        if max(_counts(ranks_key)) == 1:
            DH_FL[ranks_key]
    for ranks_key in keys_by_n[5]:
        A5[ranks_key]
        K27_NF[ranks_key]
        if max(_counts(ranks_key)) == 1:
            K27_FL[ranks_key]
    for hm in range(256):
        if 2 <= bin(hm).count("1") <= 4:
            for bm in range(256):
                if 3 <= bin(bm).count("1") <= 5:
                    L8[hm << 8 | bm]
    return sum(len(table) for table in (NF, FL, DH_NF, DH_FL, A5, K27_NF, K27_FL, L8))


# --------------------------------------------------------------------------
# Descriptions
# --------------------------------------------------------------------------

_NAMES = [
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
]
_PLURALS = [
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
]


def _nibbles(v: int) -> list[int]:
    return [(v >> shift) & 15 for shift in (16, 12, 8, 4, 0)]


def _kickers(ranks: list[int], chars: str = RANKS, names: Sequence[str] | None = None) -> str:
    if len(ranks) == 1 and names is not None:
        return f"{names[ranks[0]]} kicker"
    return "-".join(chars[rank] for rank in ranks) + " kickers"


def _describe_groups(
    cat: int, n: list[int], names: Sequence[str], plurals: Sequence[str], chars: str
) -> str:
    """cat on the high scale (0..7); n = group ranks in significance order."""
    if cat == HIGH_CARD:
        return f"{names[n[0]]} high, " + "-".join(chars[rank] for rank in n)
    if cat == PAIR:
        return f"pair of {plurals[n[0]]}, {_kickers(n[1:4], chars)}"
    if cat == TWO_PAIR:
        return f"two pair, {plurals[n[0]]} and {plurals[n[1]]}, {_kickers(n[2:3], chars, names)}"
    if cat == TRIPS:
        return f"three {plurals[n[0]]}, {_kickers(n[1:3], chars)}"
    if cat == FULL_HOUSE:
        return f"full house, {plurals[n[0]]} full of {plurals[n[1]]}"
    if cat == QUADS:
        return f"four {plurals[n[0]]}, {_kickers(n[1:2], chars, names)}"
    raise ValueError(cat)


def describe_high(key: int) -> str:
    """Words for a high key, e.g. ``two pair, kings and sevens, ace kicker``."""
    cat = key >> 20
    nibbles = _nibbles(key)
    if cat == STRAIGHT:
        return f"straight, {_NAMES[nibbles[0]]} high"
    if cat == FLUSH:
        return "flush, " + "-".join(RANKS[rank] for rank in nibbles)
    if cat == STRAIGHT_FLUSH:
        return "royal flush" if nibbles[0] == ACE else f"straight flush, {_NAMES[nibbles[0]]} high"
    if cat == FIVE_ACES:
        return "five aces"
    return _describe_groups(cat, nibbles, _NAMES, _PLURALS, RANKS)


_LOW_CHARS = "A23456789TJQK"
_LOW_NAMES = _NAMES[-1:] + _NAMES[:-1]
_LOW_PLURALS = _PLURALS[-1:] + _PLURALS[:-1]
_LOW_TO_HIGH_CAT = [HIGH_CARD, PAIR, TWO_PAIR, TRIPS, FULL_HOUSE, QUADS]


def describe_a5(key: int) -> str:
    """Words for an A-5 low key (also 8-or-better lows), e.g. ``7-5-3-2-A``."""
    if key <= 0:
        return "no low"
    value = LOW_TOP - key
    cat = value >> 20
    nibbles = _nibbles(value)
    if cat == 0:
        return "-".join(_LOW_CHARS[rank] for rank in nibbles)
    return _describe_groups(_LOW_TO_HIGH_CAT[cat], nibbles, _LOW_NAMES, _LOW_PLURALS, _LOW_CHARS)


def describe_27(key: int) -> str:
    """Words for a 2-7 low key, e.g. ``7-5-4-3-2`` or ``pair of nines, ...``."""
    value = K27_TOP - key
    if value >> 20 == HIGH_CARD:
        return "-".join(RANKS[rank] for rank in _nibbles(value))
    return describe_high(value)

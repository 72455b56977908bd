"""A hand's value in words, in any language of the catalogue, and how the joker played.

Decodes the integer keys of :mod:`floorkill.cards.evaluate` (``describe_*`` there gives
the English words this module builds on). Pure Python, no Textual or Rich.

Joker rules (the joker clauses of the rules model): joker-2 the joker is an ace or
completes a straight, flush or straight flush; joker-3 in a flush it is the highest card
of the suit not in the hand; joker-4 four aces and the joker are five aces. In A-5
lowball (California lowball) the joker is the lowest rank not in the hand (rrop-glossary).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from floorkill.cards import evaluate as ev
from floorkill.cards._core import RANKS
from floorkill.i18n import NC_, pgettext, ptr

__all__ = ["JokerUse", "value_words", "joker_use"]

_LOW_CHARS = "A23456789TJQK"


def _chain(ranks: Sequence[int], chars: str = RANKS) -> str:
    return "-".join(chars[rank] for rank in ranks)


# A rank's word in a template: ``{top}`` the name, ``{top:pl}`` the plural; a language
# whose words decline picks its case in its own template (Russian "{top:gen_pl}": тузов).
_FORMS = ("", "gen", "pl", "gen_pl", "prep_pl")
# (each written out: the catalogue's check reads the marked literals)
_RANK_WORDS = {
    "": [
        NC_("rank", "two"),
        NC_("rank", "three"),
        NC_("rank", "four"),
        NC_("rank", "five"),
        NC_("rank", "six"),
        NC_("rank", "seven"),
        NC_("rank", "eight"),
        NC_("rank", "nine"),
        NC_("rank", "ten"),
        NC_("rank", "jack"),
        NC_("rank", "queen"),
        NC_("rank", "king"),
        NC_("rank", "ace"),
    ],
    "gen": [
        NC_("rank gen", "two"),
        NC_("rank gen", "three"),
        NC_("rank gen", "four"),
        NC_("rank gen", "five"),
        NC_("rank gen", "six"),
        NC_("rank gen", "seven"),
        NC_("rank gen", "eight"),
        NC_("rank gen", "nine"),
        NC_("rank gen", "ten"),
        NC_("rank gen", "jack"),
        NC_("rank gen", "queen"),
        NC_("rank gen", "king"),
        NC_("rank gen", "ace"),
    ],
    "pl": [
        NC_("rank pl", "twos"),
        NC_("rank pl", "threes"),
        NC_("rank pl", "fours"),
        NC_("rank pl", "fives"),
        NC_("rank pl", "sixes"),
        NC_("rank pl", "sevens"),
        NC_("rank pl", "eights"),
        NC_("rank pl", "nines"),
        NC_("rank pl", "tens"),
        NC_("rank pl", "jacks"),
        NC_("rank pl", "queens"),
        NC_("rank pl", "kings"),
        NC_("rank pl", "aces"),
    ],
    "gen_pl": [
        NC_("rank gen_pl", "twos"),
        NC_("rank gen_pl", "threes"),
        NC_("rank gen_pl", "fours"),
        NC_("rank gen_pl", "fives"),
        NC_("rank gen_pl", "sixes"),
        NC_("rank gen_pl", "sevens"),
        NC_("rank gen_pl", "eights"),
        NC_("rank gen_pl", "nines"),
        NC_("rank gen_pl", "tens"),
        NC_("rank gen_pl", "jacks"),
        NC_("rank gen_pl", "queens"),
        NC_("rank gen_pl", "kings"),
        NC_("rank gen_pl", "aces"),
    ],
    "prep_pl": [
        NC_("rank prep_pl", "twos"),
        NC_("rank prep_pl", "threes"),
        NC_("rank prep_pl", "fours"),
        NC_("rank prep_pl", "fives"),
        NC_("rank prep_pl", "sixes"),
        NC_("rank prep_pl", "sevens"),
        NC_("rank prep_pl", "eights"),
        NC_("rank prep_pl", "nines"),
        NC_("rank prep_pl", "tens"),
        NC_("rank prep_pl", "jacks"),
        NC_("rank prep_pl", "queens"),
        NC_("rank prep_pl", "kings"),
        NC_("rank prep_pl", "aces"),
    ],
}


class _Rank:
    """A rank (0 = deuce ... 12 = ace) as a template's field, in ``lang``."""

    __slots__ = ("lang", "rank")

    def __init__(self, rank: int, lang: str) -> None:
        self.rank, self.lang = rank, lang

    def __format__(self, spec: str) -> str:
        if spec not in _FORMS:
            raise ValueError(f"no rank form {spec!r}")
        context = f"rank {spec}" if spec else "rank"
        return pgettext(context, _RANK_WORDS[spec][self.rank], self.lang)


def _groups(cat: int, h: list[int], lang: str, full_house: str) -> str:
    """Words for a grouped hand; ``h`` its ranks in significance order (0 = deuce ... 12 =
    ace); ``full_house`` the full house's template (with or without its name)."""

    def r(i: int) -> _Rank:
        return _Rank(h[i], lang)

    if cat == ev.HIGH_CARD:
        return ptr("hand", "{top} high, {chain}", lang, top=r(0), chain=_chain(h[:5]))
    if cat == ev.PAIR:
        return ptr(
            "hand", "pair of {top:pl}, {kickers} kickers", lang, top=r(0), kickers=_chain(h[1:4])
        )
    if cat == ev.TWO_PAIR:
        return ptr(
            "hand",
            "two pair, {top:pl} and {second:pl}, {third} kicker",
            lang,
            top=r(0),
            second=r(1),
            third=r(2),
        )
    if cat == ev.TRIPS:
        return ptr(
            "hand", "three {top:pl}, {kickers} kickers", lang, top=r(0), kickers=_chain(h[1:3])
        )
    if cat == ev.FULL_HOUSE:
        return pgettext("hand", full_house, lang).format(top=r(0), second=r(1))
    if cat == ev.QUADS:
        return ptr("hand", "four {top:pl}, {second} kicker", lang, top=r(0), second=r(1))
    raise ValueError(cat)


_FULL_HOUSE = NC_("hand", "full house, {top:pl} full of {second:pl}")
_FULL_HOUSE_SHORT = NC_("hand", "{top:pl} full of {second:pl}")  # a high hand's: no name


def _high(key: int, lang: str, full_house: str = _FULL_HOUSE) -> str:
    cat = key >> 20
    nibbles = ev._nibbles(key)
    if cat == ev.STRAIGHT:
        return ptr("hand", "straight, {top} high", lang, top=_Rank(nibbles[0], lang))
    if cat == ev.FLUSH:
        return ptr("hand", "flush, {chain}", lang, chain=_chain(nibbles))
    if cat == ev.STRAIGHT_FLUSH:
        if nibbles[0] == ev.ACE:
            return pgettext("hand", "royal flush", lang)
        return ptr("hand", "straight flush, {top} high", lang, top=_Rank(nibbles[0], lang))
    if cat == ev.FIVE_ACES:
        return pgettext("hand", "five aces", lang)
    return _groups(cat, nibbles, lang, full_house)


_LOW_TO_HIGH_CAT = [ev.HIGH_CARD, ev.PAIR, ev.TWO_PAIR, ev.TRIPS, ev.FULL_HOUSE, ev.QUADS]


def _low(chain: str, lang: str) -> str:
    return ptr("hand", "{chain} low", lang, chain=chain)


def _a5(key: int, lang: str) -> str:
    if key <= 0:
        return pgettext("hand", "no low", lang)
    value = ev.LOW_TOP - key
    cat = value >> 20
    nibbles = ev._nibbles(value)
    if cat == 0:
        return _low(_chain(nibbles, _LOW_CHARS), lang)
    # the low scale's ranks (0 = ace ... 12 = king) on the high scale's (0 = deuce ... 12 = ace)
    return _groups(_LOW_TO_HIGH_CAT[cat], [(rank - 1) % 13 for rank in nibbles], lang, _FULL_HOUSE)


def _k27(key: int, lang: str) -> str:
    value = ev.K27_TOP - key
    if value >> 20 == ev.HIGH_CARD:
        return _low(_chain(ev._nibbles(value)), lang)
    return _high(value, lang)


def value_words(kind: str, key: int, lang: str = "en") -> str:
    """Words for an evaluator key. ``kind``: ``high`` (best_high, omaha_high, draw_high),
    ``a5`` (A-5 lows, 8-or-better lows included; 0 = no low) or ``27``."""
    if kind == "high":
        return _high(key, lang, _FULL_HOUSE_SHORT)
    if kind == "a5":
        return _a5(key, lang)
    if kind == "27":
        return _k27(key, lang)
    raise ValueError(kind)


_SUITS = {
    "c": NC_("suit", "clubs"),
    "d": NC_("suit", "diamonds"),
    "h": NC_("suit", "hearts"),
    "s": NC_("suit", "spades"),
}
_JOKER = {
    "ace": NC_(
        "joker", "the joker plays as an ace: it may only be an ace or complete a straight or flush"
    ),
    "straight": NC_("joker", "the joker completes the straight as the {rank}"),
    "straight-flush": NC_("joker", "the joker completes the straight flush as the {card}"),
    "flush": NC_(
        "joker",
        "the joker completes the flush as the {card}, the highest card of that suit not in the hand",
    ),
    "five-aces": NC_("joker", "four aces and the joker make five aces, the best hand"),
    "lowest": NC_("joker", "the joker is the lowest card not in the hand: the {rank}"),
}


@dataclass(frozen=True, slots=True)
class JokerUse:
    """How the joker played in one hand: ``how`` is ace | straight | flush |
    straight-flush | five-aces | lowest; ``card`` what it stood for ("Kh", or a rank "A");
    ``cites`` the joker clauses that decide it."""

    how: str
    card: str
    cites: tuple[str, ...]

    def text(self, lang: str = "en") -> str:
        rank = RANKS.index(self.card[0]) if self.card[0] in RANKS else None
        suit = self.card[1] if len(self.card) > 1 else None
        name = format(_Rank(rank, lang)) if rank is not None else self.card
        card = (
            ptr(
                "card",
                "{rank} of {suit}",
                lang,
                rank=name,
                suit=pgettext("suit", _SUITS[suit], lang),
            )
            if suit
            else name
        )
        return ptr("joker", _JOKER[self.how], lang, rank=name, card=card)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "how": self.how,
            "as": self.card,
            "text": self.text(lang),
            "cites": list(self.cites),
        }


def _straight_ranks(top: int) -> list[int]:
    return [12, 0, 1, 2, 3] if top == 3 else list(range(top - 4, top + 1))


def joker_use(game: str, names: tuple[str, ...], key: int) -> JokerUse | None:
    """How the joker played in ``names`` (canonical card names, "Jk" the joker), evaluated to
    ``key`` in ``game``; None when there is no joker in the hand."""
    if "Jk" not in names:
        return None
    natural = [name for name in names if name != "Jk"]
    ranks = {RANKS.index(name[0]) for name in natural}
    if game == "lowball-a5":
        rank = next(rank for rank in [12] + list(range(12)) if rank not in ranks)
        return JokerUse("lowest", RANKS[rank], ("joker-1", "rrop-glossary"))
    cat = key >> 20
    top = ev._nibbles(key)[0]
    if cat == ev.FIVE_ACES:
        return JokerUse("five-aces", "A", ("joker-4",))
    if cat in (ev.STRAIGHT, ev.STRAIGHT_FLUSH):
        missing = next(rank for rank in _straight_ranks(top) if rank not in ranks)
        if cat == ev.STRAIGHT:
            return JokerUse("straight", RANKS[missing], ("joker-2",))
        return JokerUse("straight-flush", RANKS[missing] + natural[0][1], ("joker-2",))
    if cat == ev.FLUSH:
        missing = next(rank for rank in range(12, -1, -1) if rank not in ranks)
        return JokerUse("flush", RANKS[missing] + natural[0][1], ("joker-2", "joker-3"))
    return JokerUse("ace", "A", ("joker-2",))

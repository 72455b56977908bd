"""A hand's value in words, English and Russian, and how the joker played.

Decodes the integer keys of :mod:`floorkill.cards.evaluate` (``describe_*`` there gives
the English words this module builds on). Pure Python, no Textual or Rich.

Joker rules (the joker clauses of the rules model): joker-2 the joker is an ace or
completes a straight, flush or straight flush; joker-3 in a flush it is the highest card
of the suit not in the hand; joker-4 four aces and the joker are five aces. In A-5
lowball (California lowball) the joker is the lowest rank not in the hand (rrop-glossary).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from floorkill.cards import evaluate as ev
from floorkill.cards._core import RANKS

__all__ = ["JokerUse", "value_words", "joker_use"]

_SUIT_EN = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
_SUIT_RU = {"c": "треф", "d": "бубен", "h": "червей", "s": "пик"}

# Russian rank words, index 0 = deuce ... 12 = ace
_RU_NOM = [
    "двойка",
    "тройка",
    "четвёрка",
    "пятёрка",
    "шестёрка",
    "семёрка",
    "восьмёрка",
    "девятка",
    "десятка",
    "валет",
    "дама",
    "король",
    "туз",
]
_RU_GEN = [
    "двойки",
    "тройки",
    "четвёрки",
    "пятёрки",
    "шестёрки",
    "семёрки",
    "восьмёрки",
    "девятки",
    "десятки",
    "валета",
    "дамы",
    "короля",
    "туза",
]
_RU_NOM_PL = [
    "двойки",
    "тройки",
    "четвёрки",
    "пятёрки",
    "шестёрки",
    "семёрки",
    "восьмёрки",
    "девятки",
    "десятки",
    "валеты",
    "дамы",
    "короли",
    "тузы",
]
_RU_GEN_PL = [
    "двоек",
    "троек",
    "четвёрок",
    "пятёрок",
    "шестёрок",
    "семёрок",
    "восьмёрок",
    "девяток",
    "десяток",
    "валетов",
    "дам",
    "королей",
    "тузов",
]
_RU_PREP_PL = [
    "двойках",
    "тройках",
    "четвёрках",
    "пятёрках",
    "шестёрках",
    "семёрках",
    "восьмёрках",
    "девятках",
    "десятках",
    "валетах",
    "дамах",
    "королях",
    "тузах",
]
_EN_NAMES = [
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
_LOW_CHARS = "A23456789TJQK"


def _chain(ranks: Sequence[int], chars: str = RANKS) -> str:
    return "-".join(chars[r] for r in ranks)


def _ru_groups(cat: int, n: list[int], chars: str, to_high: Callable[[int], int]) -> str:
    """Russian words for a grouped hand; ``n`` ranks in significance order, ``to_high`` maps
    them to the 0 = deuce ... 12 = ace index of the word tables."""
    h = [to_high(r) for r in n]
    if cat == ev.HIGH_CARD:
        return f"старшая карта {_RU_NOM[h[0]]}, {_chain(n[:5], chars)}"
    if cat == ev.PAIR:
        return f"пара {_RU_GEN_PL[h[0]]}, кикеры {_chain(n[1:4], chars)}"
    if cat == ev.TWO_PAIR:
        return f"две пары, {_RU_NOM_PL[h[0]]} и {_RU_NOM_PL[h[1]]}, кикер {_RU_NOM[h[2]]}"
    if cat == ev.TRIPS:
        return f"три {_RU_GEN[h[0]]}, кикеры {_chain(n[1:3], chars)}"
    if cat == ev.FULL_HOUSE:
        return f"фулл-хаус, {_RU_NOM_PL[h[0]]} на {_RU_PREP_PL[h[1]]}"
    if cat == ev.QUADS:
        return f"четыре {_RU_GEN[h[0]]}, кикер {_RU_NOM[h[1]]}"
    raise ValueError(cat)


def _high_ru(key: int) -> str:
    cat = key >> 20
    n = ev._nibbles(key)
    if cat == ev.STRAIGHT:
        return f"стрит до {_RU_GEN[n[0]]}"
    if cat == ev.FLUSH:
        return "флеш, " + _chain(n)
    if cat == ev.STRAIGHT_FLUSH:
        return "роял-флеш" if n[0] == ev.ACE else f"стрит-флеш до {_RU_GEN[n[0]]}"
    if cat == ev.FIVE_ACES:
        return "пять тузов"
    return _ru_groups(cat, n, RANKS, lambda r: r)


_LOW_TO_HIGH_CAT = [ev.HIGH_CARD, ev.PAIR, ev.TWO_PAIR, ev.TRIPS, ev.FULL_HOUSE, ev.QUADS]


def _a5(key: int, lang: str) -> str:
    if key <= 0:
        return "no low" if lang == "en" else "нет лоу"
    v = ev.LOW_TOP - key
    cat = v >> 20
    n = ev._nibbles(v)
    if cat == 0:
        chain = _chain(n, _LOW_CHARS)
        return f"{chain} low" if lang == "en" else f"лоу {chain}"
    if lang == "en":
        return ev.describe_a5(key)
    return _ru_groups(_LOW_TO_HIGH_CAT[cat], n, _LOW_CHARS, lambda r: (r - 1) % 13)


def _k27(key: int, lang: str) -> str:
    v = ev.K27_TOP - key
    if v >> 20 == ev.HIGH_CARD:
        chain = _chain(ev._nibbles(v))
        return f"{chain} low" if lang == "en" else f"лоу {chain}"
    return ev.describe_high(v) if lang == "en" else _high_ru(v)


def value_words(kind: str, key: int, lang: str = "en") -> str:
    """Words for an evaluator key. ``kind``: ``high`` (best_high, omaha_high, draw_high),
    ``a5`` (A-5 lows, 8-or-better lows included; 0 = no low) or ``27``."""
    if kind == "high":
        if lang == "en":
            text = ev.describe_high(key)
            return text.removeprefix("full house, ") if key >> 20 == ev.FULL_HOUSE else text
        return _high_ru(key)
    if kind == "a5":
        return _a5(key, lang)
    if kind == "27":
        return _k27(key, lang)
    raise ValueError(kind)


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
        if lang == "ru":
            name = _RU_NOM[rank] if rank is not None else self.card
            full = f"{name} {_SUIT_RU[suit]}" if suit else name
            return {
                "ace": "джокер играет как туз: он может быть только тузом или дополнять стрит или флеш",
                "straight": f"джокер дополняет стрит как {name}",
                "straight-flush": f"джокер дополняет стрит-флеш как {full}",
                "flush": f"джокер дополняет флеш как {full} — старшая карта этой масти, которой нет в руке",
                "five-aces": "четыре туза и джокер — пять тузов, лучшая рука",
                "lowest": f"джокер — самая младшая карта, которой нет в руке: {name}",
            }[self.how]
        name = _EN_NAMES[rank] if rank is not None else self.card
        full = f"{name} of {_SUIT_EN[suit]}" if suit else name
        return {
            "ace": "the joker plays as an ace: it may only be an ace or complete a straight or flush",
            "straight": f"the joker completes the straight as the {name}",
            "straight-flush": f"the joker completes the straight flush as the {full}",
            "flush": f"the joker completes the flush as the {full}, the highest card of that suit not in the hand",
            "five-aces": "four aces and the joker make five aces, the best hand",
            "lowest": f"the joker is the lowest card not in the hand: the {name}",
        }[self.how]

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
    natural = [n for n in names if n != "Jk"]
    ranks = {RANKS.index(n[0]) for n in natural}
    if game == "lowball-a5":
        r = next(r for r in [12] + list(range(12)) if r not in ranks)
        return JokerUse("lowest", RANKS[r], ("joker-1", "rrop-glossary"))
    cat = key >> 20
    top = ev._nibbles(key)[0]
    if cat == ev.FIVE_ACES:
        return JokerUse("five-aces", "A", ("joker-4",))
    if cat in (ev.STRAIGHT, ev.STRAIGHT_FLUSH):
        missing = next(r for r in _straight_ranks(top) if r not in ranks)
        if cat == ev.STRAIGHT:
            return JokerUse("straight", RANKS[missing], ("joker-2",))
        return JokerUse("straight-flush", RANKS[missing] + natural[0][1], ("joker-2",))
    if cat == ev.FLUSH:
        missing = next(r for r in range(12, -1, -1) if r not in ranks)
        return JokerUse("flush", RANKS[missing] + natural[0][1], ("joker-2", "joker-3"))
    return JokerUse("ace", "A", ("joker-2",))

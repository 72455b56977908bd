"""Cards: parsing and the internal integer encoding.

Pure Python, standard library only.

Every card is encoded as one integer so that the evaluators can work with
sums and bitwise ors instead of loops:

* bits 0..30   ``5 ** rank``  (rank 0 = deuce ... 12 = ace).  The sum of the
  codes of up to seven cards holds, in base 5, how many cards of each rank
  there are (at most 4 of a rank, so no digit ever carries): a key for the
  rank-multiset lookup tables.
* bits 32..47  one nibble per suit (clubs, diamonds, hearts, spades), the
  card adds 1 to its suit's nibble: the sum counts the cards of each suit.
* bits 48..55  the card's rank as an ace-to-eight low bit (ace = bit 0,
  deuce = bit 1 ... eight = bit 7), 0 for nine and up.  The bitwise *or* of
  several codes, shifted right by 48, is the set of distinct low ranks.

The joker is encoded as 0, so it vanishes from sums: the sum of a hand with
the joker is the key of its four natural cards, and the joker tables are
keyed by four-card rank multisets.
"""

from __future__ import annotations

import re

from floorkill.i18n import N_, Phrase, PhraseError, quoted

__all__ = [
    "CardError",
    "RANKS",
    "SUITS",
    "JOKER",
    "JOKER_NAME",
    "CODE",
    "NAME",
    "parse_cards",
    "parse_codes",
]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
JOKER = 0
JOKER_NAME = "Jk"

RANK_MASK = (1 << 31) - 1
SUIT_SHIFT = 32
LOW_SHIFT = 48


class CardError(PhraseError):
    """A card, a hand or a showdown that cannot be accepted.

    The message is one line saying what is wrong and where: a :class:`Phrase`, said in the
    screen's language.
    """


def _code(rank: int, suit: int) -> int:
    low = (rank + 1) % 13  # ace 0, deuce 1 ... king 12
    lowbit = (1 << low) if low <= 7 else 0
    return int(5**rank) + (1 << (SUIT_SHIFT + 4 * suit)) + (lowbit << LOW_SHIFT)


CODE: dict[str, int] = {
    rank_char + suit_char: _code(ri, si)
    for ri, rank_char in enumerate(RANKS)
    for si, suit_char in enumerate(SUITS)
}
CODE[JOKER_NAME] = JOKER
NAME: dict[int, str] = {card_code: card_name for card_name, card_code in CODE.items()}

# "10" is accepted for a ten; "Jk" (any case) is the joker.  Several cards
# may be run together ("AsKd"); whitespace and commas separate cards.
_CARD_RE = re.compile(r"(10|[2-9tjqka])([cdhs])|(jk)", re.IGNORECASE)
_SPLIT_RE = re.compile(r"[\s,]+")
_CANON_RANK = {char: char.upper() for char in "23456789tjqka"}
_CANON_RANK["10"] = "T"


def _scan(token: str) -> tuple[str, ...] | None:
    """Canonical names of the cards in one token, or None if it is not cards."""
    out: list[str] = []
    pos = 0
    length = len(token)
    while pos < length:
        match = _CARD_RE.match(token, pos)
        if match is None:
            return None
        if match.group(3):
            out.append(JOKER_NAME)
        else:
            out.append(_CANON_RANK[match.group(1).lower()] + match.group(2).lower())
        pos = match.end()
    return tuple(out)


def parse_cards(
    text: str, *, joker: bool = False, where: Phrase | str | None = None
) -> tuple[str, ...]:
    """Parse ``"As kd 10c, Jk"`` into canonical card names ``("As", "Kd", "Tc", "Jk")``.

    Ranks ``23456789TJQKA`` (``10`` accepted for ``T``), suits ``cdhs``, any
    case; the joker is ``Jk``.  Cards are separated by whitespace or commas
    (or simply run together).  Raises :class:`CardError` for a card that does
    not exist, a card given twice, or the joker when ``joker`` is false.
    ``where`` (a :class:`Phrase` such as "seat 3") is added to error messages.
    """
    if not isinstance(text, str):
        if where:
            raise CardError(
                N_("cards must be written as text like 'As Kd' ({where}), not {type}"),
                where=where,
                type=type(text).__name__,
            )
        raise CardError(
            N_("cards must be written as text like 'As Kd', not {type}"), type=type(text).__name__
        )
    names: list[str] = []
    for token in _SPLIT_RE.split(text.strip()):
        if not token:
            continue
        cards = _scan(token)
        if cards is None:
            how = Phrase(
                N_("write cards like As, Td, 10h, 2c (ranks 2-9 T J Q K A, suits c d h s)")
            )
            if where:
                raise CardError(
                    N_("no such card {card} ({where}): {how}"),
                    card=quoted(token),
                    where=where,
                    how=how,
                )
            raise CardError(N_("no such card {card}: {how}"), card=quoted(token), how=how)
        names.extend(cards)
    seen: set[str] = set()
    for name in names:
        if name in seen:
            if where:
                raise CardError(
                    N_("duplicate card {card} ({where}, twice)"), card=name, where=where
                )
            raise CardError(N_("duplicate card {card} (twice)"), card=name)
        seen.add(name)
        if name == JOKER_NAME and not joker:
            if where:
                raise CardError(N_("the joker (Jk) is not in play ({where})"), where=where)
            raise CardError(N_("the joker (Jk) is not in play"))
    return tuple(names)


def parse_codes(text: str, *, joker: bool = False, where: Phrase | str | None = None) -> list[int]:
    """Like :func:`parse_cards` but returns the internal integer codes."""
    return [CODE[name] for name in parse_cards(text, joker=joker, where=where)]

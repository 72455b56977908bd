"""Showdown: who wins the high half, the low half, and whether someone scooped."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from floorkill.cards import evaluate as ev
from floorkill.cards._core import CODE, JOKER_NAME, CardError, parse_cards
from floorkill.cards.hand_value import JokerUse, joker_use, value_words
from floorkill.i18n import N_, NC_, NPhrase, Phrase, quoted

__all__ = ["GAMES", "HandValue", "Showdown", "showdown"]

GAMES = (
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

# game -> (words, hole cards per seat, board cards or 0 for no board, joker possible); the
# words are the game as a sentence names it (context "game in a sentence")
_RULES = {
    "holdem": (NC_("game in a sentence", "hold'em"), 2, 5, False),
    "omaha": (NC_("game in a sentence", "Omaha"), 4, 5, False),
    "omaha8": (NC_("game in a sentence", "Omaha hi-lo"), 4, 5, False),
    "lowball-a5": (NC_("game in a sentence", "A-5 lowball"), 5, 0, True),
    "lowball-27": (NC_("game in a sentence", "2-7 lowball"), 5, 0, False),
    "draw-high": (NC_("game in a sentence", "draw high"), 5, 0, True),
    "stud": (NC_("game in a sentence", "seven-card stud"), 7, 0, False),
    "stud8": (NC_("game in a sentence", "stud hi-lo"), 7, 0, False),
    "razz": (NC_("game in a sentence", "razz"), 7, 0, False),
}
_NUMBERS = {
    2: NC_("cards needed", "two"),
    4: NC_("cards needed", "four"),
    5: NC_("cards needed", "five"),
    7: NC_("cards needed", "seven"),
}


def _game(words: str) -> Phrase:
    return Phrase(words, context="game in a sentence")


@dataclass(frozen=True, slots=True)
class HandValue:
    """What one seat showed, in words on demand: ``kind`` of the high key (high | a5 | 27),
    ``low`` the 8-or-better low key in hi-lo games (0 = no low), else None; ``joker`` how
    the joker played, if it was in the hand."""

    seat: int
    kind: str
    key: int
    low: int | None = None
    joker: JokerUse | None = None

    def value(self, lang: str = "en") -> str:
        text = value_words(self.kind, self.key, lang)
        if self.low is not None:
            text += "; " + value_words("a5", self.low, lang)
        return text

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "seat": self.seat,
            "value": self.value(lang),
            "joker": self.joker.to_json(lang) if self.joker is not None else None,
        }


@dataclass(frozen=True)
class Showdown:
    """The result of a showdown.

    ``high``: seats winning the high half (for lowball-only games -- A-5, 2-7,
    razz -- the seats winning the whole pot).  ``low``: seats winning the low
    half in hi-lo games, ``()`` when no low qualifies or the game has no low
    half.  ``scoop``: the seat that won the whole pot alone, else None.
    ``hands``: seat -> words for the hand it played (hi-lo: ``"high / low"``
    or ``"high / no low"``).
    """

    high: tuple[int, ...]
    low: tuple[int, ...]
    scoop: int | None
    hands: dict[int, str]
    values: tuple[HandValue, ...] = field(default=(), compare=False)  # derived: words, joker use


_BOARD = N_("board")


def _place(where: int | None) -> Phrase:
    """A seat ("seat 3") or, for None, the board: where a card was given."""
    return Phrase(_BOARD) if where is None else Phrase(N_("seat {seat}"), seat=where)


def _parse(
    text: str, where: int | None, joker: bool, game_words: str, joker_possible: bool
) -> tuple[str, ...]:
    """Parse with the joker always accepted by the scanner, then say precisely
    why a joker is not allowed."""
    cards = parse_cards(text, joker=True, where=_place(where))
    if JOKER_NAME in cards and not joker:
        if not joker_possible:
            raise CardError(
                N_("{where} shows the joker (Jk), but there is no joker in {game}"),
                where=_place(where),
                game=_game(game_words),
            )
        raise CardError(
            N_("{where} shows the joker (Jk), but the joker is not in play at this table"),
            where=_place(where),
        )
    return cards


def showdown(
    game: str, board: str | None, hands: Mapping[int, str], *, joker: bool = False
) -> Showdown:
    """Compare the hands shown at a showdown.

    ``game`` is one of :data:`GAMES`; ``board`` the five community cards for
    hold'em and Omaha games, None (or empty) for draw and stud games;
    ``hands`` maps seat numbers to the cards each seat shows (hold'em 2,
    Omaha 4, draw 5, stud 7).  ``joker`` puts the joker in play (only A-5
    lowball -- California lowball -- and draw high).  Ties split.

    Raises :class:`CardError` (one line) for an unknown game, a card that does
    not exist, a duplicate card, a wrong number of cards, a joker that is not
    allowed, a board in a game without one, or no hands at all.
    """
    if not isinstance(game, str) or game not in _RULES:
        raise CardError(
            N_("unknown game {game}: expected one of {games}"),
            game=quoted(game),
            games=", ".join(GAMES),
        )
    words, n_hole, n_board, joker_possible = _RULES[game]
    if joker and not joker_possible:
        raise CardError(
            N_("there is no joker in {game} (only A-5 lowball and draw high use it)"),
            game=_game(words),
        )
    if not isinstance(hands, Mapping) or not hands:
        raise CardError(N_("no hands to compare: a showdown needs at least one seat's cards"))

    seen: dict[str, Phrase] = {}

    def note(cards: tuple[str, ...], where: Phrase) -> None:
        for card in cards:
            if card in seen:
                raise CardError(
                    N_("duplicate card {card} ({first} and {second})"),
                    card=card,
                    first=seen[card],
                    second=where,
                )
            seen[card] = where

    seats = []
    for seat in hands:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise CardError(N_("seat {seat} is not a seat number"), seat=quoted(seat))
        seats.append(seat)
    seats.sort()

    parsed: dict[int, list[int]] = {}
    names: dict[int, tuple[str, ...]] = {}
    for seat in seats:
        cards = names[seat] = _parse(hands[seat], seat, joker, words, joker_possible)
        if len(cards) != n_hole:
            raise CardError(
                NPhrase(
                    "seat {seat} shows {n} card; {game} needs exactly {need}",
                    "seat {seat} shows {n} cards; {game} needs exactly {need}",
                    len(cards),
                    seat=seat,
                    game=_game(words),
                    need=Phrase(_NUMBERS[n_hole], context="cards needed"),
                )
            )
        note(cards, _place(seat))
        parsed[seat] = [CODE[card] for card in cards]

    board_codes: list[int] = []
    if n_board:
        if board is None:
            raise CardError(
                N_("{game} needs the board: all five community cards"), game=_game(words)
            )
        bcards = _parse(board, None, False, words, False)
        if len(bcards) != n_board:
            raise CardError(
                NPhrase(
                    "the board has {n} card; a {game} showdown needs all five",
                    "the board has {n} cards; a {game} showdown needs all five",
                    len(bcards),
                    game=_game(words),
                )
            )
        note(bcards, _place(None))
        board_codes = [CODE[card] for card in bcards]
    elif board is not None and (not isinstance(board, str) or board.strip()):
        raise CardError(
            N_("{game} has no board, but a board was given: put every card in the seat's hand"),
            game=_game(words),
        )

    high: dict[int, int] = {}
    low: dict[int, int] = {}
    words_of: dict[int, str] = {}
    if game == "holdem":
        for shown_seat, hand in parsed.items():
            high[shown_seat] = key = ev.best_high(hand + board_codes)
            words_of[shown_seat] = ev.describe_high(key)
    elif game in ("omaha", "omaha8"):
        for shown_seat, hand in parsed.items():
            high[shown_seat] = key = ev.omaha_high(hand, board_codes)
            words_of[shown_seat] = ev.describe_high(key)
            if game == "omaha8":
                low[shown_seat] = lk = ev.omaha_low8(hand, board_codes)
                words_of[shown_seat] += " / " + ev.describe_a5(lk)
    elif game in ("stud", "stud8"):
        for shown_seat, hand in parsed.items():
            high[shown_seat] = key = ev.best_high(hand)
            words_of[shown_seat] = ev.describe_high(key)
            if game == "stud8":
                low[shown_seat] = lk = ev.low8(hand)
                words_of[shown_seat] += " / " + ev.describe_a5(lk)
    elif game in ("lowball-a5", "razz"):
        for shown_seat, hand in parsed.items():
            high[shown_seat] = key = ev.low_a5(hand)
            words_of[shown_seat] = ev.describe_a5(key)
    elif game == "lowball-27":
        for shown_seat, hand in parsed.items():
            high[shown_seat] = key = ev.low_27(hand)
            words_of[shown_seat] = ev.describe_27(key)
    else:  # draw-high
        for shown_seat, hand in parsed.items():
            high[shown_seat] = key = ev.draw_high(hand)
            words_of[shown_seat] = ev.describe_high(key)

    kind = {"lowball-a5": "a5", "razz": "a5", "lowball-27": "27"}.get(game, "high")
    values = tuple(
        HandValue(
            shown_seat,
            kind,
            high[shown_seat],
            low.get(shown_seat) if low else None,
            joker_use(game, names[shown_seat], high[shown_seat]) if joker else None,
        )
        for shown_seat in seats
    )
    top = max(high.values())
    high_winners = tuple(shown_seat for shown_seat in seats if high[shown_seat] == top)
    low_winners: tuple[int, ...] = ()
    if low:
        best_low = max(low.values())
        if best_low > 0:
            low_winners = tuple(shown_seat for shown_seat in seats if low[shown_seat] == best_low)
    scoop = None
    if len(high_winners) == 1 and (not low_winners or low_winners == high_winners):
        scoop = high_winners[0]
    return Showdown(high=high_winners, low=low_winners, scoop=scoop, hands=words_of, values=values)

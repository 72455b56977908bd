"""What the hand-entry form reads: pure Python, no Textual.

The form never decides a rule. It turns what the floorperson typed into a raw
``hand`` event; :func:`floorkill.rules.questions.needs` says what the rules still need
(the pot, the flop, the second leg) and :func:`answer` reads the typed answer.

Entry syntax (one line, seats separated by spaces or commas):

====================  ==========================================================
``3``                 seat 3 won the whole pot
``3 5`` / ``3,5``     a split pot between seats 3 and 5
``h3 l5``             hi-lo: seat 3 won the high, seat 5 the low
``h3 l-``             hi-lo: seat 3 won the high, no qualifying low (a scoop)
``h3``                hi-lo, high only: asks "no qualifying low — scoop?" (y, or the low seat)
``h3,4 l5``           several seats on one side
``3 $140`` / ``p140`` the pot, when you know a kill will depend on it
``4 k-``              the kill of this kill pot was not posted
====================  ==========================================================
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from floorkill.floor.keyboard import latin, yes_no
from floorkill.i18n import N_, Phrase, PhraseError
from floorkill.rules.money import MoneyError, parse_amount
from floorkill.rules.preview import Preview, empty, preview, unread
from floorkill.rules.questions import Question

# ---------------------------------------------------------------------------
# texts of the form itself (the rules' own texts come from floorkill.rules.texts)

UI_TEXT: dict[str, str | tuple[str, str]] = {  # key -> message id (or (context, id))
    "empty": N_("type the winning seat, then Enter"),
    "bad-token": N_(
        "cannot read {token!r}: type seats (3, 3 5, h3 l5, h3 l-) and optionally the pot ($140)"
    ),
    "bad-pot": N_("pot: {reason}"),
    "pot-twice": N_("the pot is given twice"),
    "no-seat": N_("no winning seat typed"),
    "low-without-high": N_("a low winner needs a high winner too (h3 l5)"),
    "mixed": N_("type either winners (3 5) or high and low (h3 l5), not both"),
    "low-answer": N_("answer y (no qualifying low: a scoop) or the low winner's seat (5 or l5)"),
    "yes-no": N_("answer y (yes) or n (no)"),
    "yes-no-amount": N_("answer y (yes), n (no) or the amount won beyond the blinds"),
    "yes-no-pot": N_("answer y (yes), n (no) or the pot size"),
    "sd-need-hand": N_("type at least one seat's cards"),
}


class EntryError(PhraseError):
    """What was typed cannot be read as a hand (before the rules see it): the
    :data:`UI_TEXT` message ``key`` and its parameters."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        entry = UI_TEXT[key]
        super().__init__(
            Phrase(entry[1], entry[0], **params)
            if isinstance(entry, tuple)
            else Phrase(entry, **params)
        )


# ---------------------------------------------------------------------------
# typed line -> raw hand event

_SEAT = re.compile(r"^([0-9]{1,2})$", re.ASCII)
_SIDE = re.compile(r"^([hl])([0-9]{1,2}|-)?$", re.IGNORECASE | re.ASCII)


def _seat_digits(text: str) -> bool:
    """One or two ASCII digits (``٣``, ``３`` and a bidi control before a digit are not a seat)."""
    return _SEAT.match(text) is not None


_POT = re.compile(r"^(?:\$|p)(.+)$", re.IGNORECASE)
# an amount as people write it: 140, 4.50, 4,50, 1,000, 1 000, 1,000.50 (ASCII digits)
AMOUNT = r"[0-9]{1,3}(?:[ ,][0-9]{3})+(?:\.[0-9]{1,2})?|[0-9]+(?:[.,][0-9]{1,2})?"
_POT_IN_LINE = re.compile(rf"(?:(?<=\s)|^)(?:\$|p)\s?({AMOUNT})(?=\s|$)", re.IGNORECASE | re.ASCII)


def amount_cents(text: str) -> int:
    """Cents of an amount as a floorperson writes it (``$1,000``, ``1 000``, ``4,50``):
    :func:`floorkill.rules.money.parse_amount`, the one reader."""
    return parse_amount(text.strip())


def parse_entry(text: str) -> dict[str, Any]:
    """The typed line as a raw ``hand`` event (shape only; the rules check the rest)."""
    # the entry's letters by their key (h, l, k, p on a Russian layout: р, д, л, з)
    line = latin(text)
    pots = _POT_IN_LINE.findall(line)  # "$1,000", "$1 000", "$4,50": one token each
    if len(pots) > 1:
        raise EntryError("pot-twice")
    line = _POT_IN_LINE.sub(" ", line)
    tokens = [token for token in re.split(r"[\s,;/]+", line.strip()) if token]
    if not tokens and not pots:
        raise EntryError("empty")
    winners: list[int] = []
    high: list[int] | None = None
    low: list[int] | None = None
    side = "w"
    pot: str | None = pots[0] if pots else None
    kill_posted = True
    for tok in tokens:
        match = _SEAT.match(tok)
        if match:
            seat = int(match.group(1))
            if side == "w":
                winners.append(seat)
            elif side == "h":
                assert high is not None
                high.append(seat)
            else:
                assert low is not None
                low.append(seat)
            continue
        match = _SIDE.match(tok)
        if match:
            side = match.group(1).lower()
            rest = match.group(2)
            if side == "h":
                high = high if high is not None else []
                if rest and rest != "-":
                    high.append(int(rest))
            else:
                low = low if low is not None else []
                if rest and rest != "-":
                    low.append(int(rest))
                if rest == "-":
                    side = "l-"  # nothing more may be added to an empty low
            continue
        if tok.lower() == "k-":
            kill_posted = False
            continue
        match = _POT.match(tok)
        if match:
            if pot is not None:
                raise EntryError("pot-twice")
            pot = match.group(1)
            continue
        raise EntryError("bad-token", token=tok)
    if side == "l-" and low:
        raise EntryError("bad-token", token="l-")
    raw: dict[str, Any] = {"type": "hand"}
    if high is not None or low is not None:
        if winners:
            raise EntryError("mixed")
        if high is None:
            raise EntryError("low-without-high")
        if not high:
            raise EntryError("no-seat")
        raw["high"] = high
        if low is not None:  # h3 alone says nothing of the low: the rules ask
            raw["low"] = low
    else:
        if not winners:
            raise EntryError("no-seat")
        if len(winners) == 1:
            raw["winner"] = winners[0]
        else:
            raw["winners"] = winners
    if pot is not None:
        raw["pot"] = _amount(pot)
    if not kill_posted:
        raw["kill_posted"] = False
    return raw


def _amount(text: str) -> str:
    try:
        cents = amount_cents(text)
    except MoneyError as exc:
        raise EntryError("bad-pot", reason=exc.phrase) from None
    whole, part = divmod(cents, 100)
    return f"{whole}.{part:02d}"


def showdown_event(board: str, hands: Mapping[int, str]) -> dict[str, Any]:
    """Cards typed per seat (and the board) as a raw ``hand`` event with a ``showdown``."""
    shown = {str(seat): cards.strip() for seat, cards in sorted(hands.items()) if cards.strip()}
    if not shown:
        raise EntryError("sd-need-hand")
    sd: dict[str, Any] = {"hands": shown}
    if board.strip():
        sd["board"] = board.strip()
    return {"type": "hand", "showdown": sd}


# ---------------------------------------------------------------------------
# answering the questions the rules ask (floorkill.rules.questions.needs)


def answer(question: Question, text: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """``raw`` completed with the typed answer to ``question``: a yes/no word (never a
    digit: :func:`floorkill.floor.keyboard.yes_no`), or where the question takes a seat or
    an amount, the digits as that; :class:`EntryError` if unreadable."""
    reply = text.strip().lower()
    said = yes_no(reply)
    if question.kind == "low":
        if said is True or reply in ("l-", "-") or latin(reply) in ("l-", "-"):
            return question.answered(raw, True)
        seats = [
            tok[1:] if tok.startswith("l") else tok
            for tok in re.split(r"[\s,;/]+", latin(reply))
            if tok
        ]
        if seats and all(_seat_digits(seat_text) for seat_text in seats):
            return question.answered_low(raw, [int(seat_text) for seat_text in seats])
        raise EntryError("low-answer")
    if question.answers and said is not None:
        return question.answered(raw, said)
    if not question.amount:
        raise EntryError("yes-no")
    try:
        cents = amount_cents(latin(reply).removeprefix("p"))
    except MoneyError as exc:
        if question.answers:
            raise EntryError("yes-no-pot" if question.kind == "pot" else "yes-no-amount") from None
        raise EntryError("bad-pot", reason=exc.phrase) from None
    return question.answered(raw, cents)


# ---------------------------------------------------------------------------
# what is typed -> what Enter records (the entry, a question, a correction's form)


def read_line(
    state,
    text: str,
    question: Question | None = None,
    draft: Mapping[str, Any] | None = None,
    elsewhere=None,
) -> Preview:
    """What Enter does with ``text`` typed on ``state``: the hand line, or with ``question``
    open the answer to it (``draft``: the event it completes). The one path from typed
    to recorded: the entry records exactly ``read_line(...).raw`` when it ``records``."""
    if not text.strip():
        return empty(state)
    try:
        raw = answer(question, text, draft or {}) if question is not None else parse_entry(text)
    except EntryError as exc:
        return unread(exc, state)
    return preview(state, raw, elsewhere)

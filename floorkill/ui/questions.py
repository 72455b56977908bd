"""What the hand-entry form types and asks: pure Python, no Textual.

The form never decides a rule. It turns what the floorperson typed into a raw
``hand`` event, then *tries* that event on the current state with the pure
:func:`floorkill.rules.apply` (nothing is stored: states are immutable). When the
rules refuse because they need one more fact — the pot size (``pot-needed``) or
the second-leg answer (``second-leg-question``) — the form asks exactly that
question, citing the clause the rules cited. Any other refusal goes back to the
floorperson with its reason and clauses.

Entry syntax (one line, seats separated by spaces or commas):

====================  ==========================================================
``3``                 seat 3 won the whole pot
``3 5`` / ``3,5``     a split pot between seats 3 and 5
``h3 l5``             hi-lo: seat 3 won the high, seat 5 the low
``h3 l-``             hi-lo: seat 3 won the high, no qualifying low (a scoop)
``h3,4 l5``           several seats on one side
``3 $140`` / ``p140`` the pot, when you know a kill will depend on it
====================  ==========================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from floorkill.rules import Refusal, TableState, apply
from floorkill.rules.money import MoneyError, dollars, parse_amount

from .i18n import pick

# ---------------------------------------------------------------------------
# texts of the form itself (the rules' own texts come from floorkill.rules.texts)

UI_TEXT: dict[str, dict[str, str]] = {
    "empty": {"en": "type the winning seat, then Enter",
              "ru": "введите номер места победителя и нажмите Enter"},
    "bad-token": {"en": "cannot read {token!r}: type seats (3, 3 5, h3 l5, h3 l-) and optionally the pot ($140)",
                  "ru": "не понятно {token!r}: введите места (3, 3 5, h3 l5, h3 l-) и, если нужно, банк ($140)"},
    "bad-pot": {"en": "pot: {reason}", "ru": "банк: {reason}"},
    "pot-twice": {"en": "the pot is given twice", "ru": "банк указан дважды"},
    "no-seat": {"en": "no winning seat typed", "ru": "не указано место победителя"},
    "low-without-high": {"en": "a low winner needs a high winner too (h3 l5)",
                         "ru": "для лоу нужен и победитель хай (h3 l5)"},
    "mixed": {"en": "type either winners (3 5) or high and low (h3 l5), not both",
              "ru": "укажите либо победителей (3 5), либо хай и лоу (h3 l5), но не то и другое"},
    "yes-no": {"en": "answer y (yes) or n (no)", "ru": "ответьте y (да) или n (нет)"},
    "yes-no-amount": {"en": "answer y (yes), n (no) or the amount won beyond the blinds",
                      "ru": "ответьте y (да), n (нет) или сумму выигрыша сверх блайндов"},
    "q-pot": {"en": "Pot size? (uncalled bets excluded) — {why}",
              "ru": "Размер банка? (без неуравненных ставок) — {why}"},
    "why-scoop": {"en": "a scoop of {minimum} or more kills", "ru": "скуп от {minimum} даёт килл"},
    "why-big-pot": {"en": "a pot of {minimum} or more kills", "ru": "банк от {minimum} даёт килл"},
    "q-flop": {"en": "Second leg for seat {seat} {name}: did the hand see a flop? (y/n)",
               "ru": "Вторая «нога» для места {seat} {name}: был ли флоп? (y/n)"},
    "q-second-leg": {"en": "Second leg for seat {seat} {name}: did the winner win at least one full bet "
                           "({minimum}) beyond the blinds? (y/n or the amount)",
                     "ru": "Вторая «нога» для места {seat} {name}: выиграл ли победитель хотя бы одну полную "
                           "ставку ({minimum}) сверх блайндов? (y/n или сумма)"},
    "kill-blind-counts": {"en": "the kill blind counts as blind money",
                          "ru": "килл-блайнд считается деньгами блайндов"},
    "kill-blind-not-blind": {"en": "the kill blind is not blind structure: count it",
                             "ru": "килл-блайнд не входит в структуру блайндов: учитывайте его"},
    "sd-board": {"en": "board", "ru": "борд"},
    "sd-need-hand": {"en": "type at least one seat's cards", "ru": "введите карты хотя бы одного места"},
}


def ui_text(key: str, lang: str = "en", **params: Any) -> str:
    return pick(UI_TEXT, key, lang, **params)


class EntryError(ValueError):
    """What was typed cannot be read as a hand (before the rules see it)."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        return ui_text(self.key, lang, **self.params)


# ---------------------------------------------------------------------------
# typed line -> raw hand event

_SEAT = re.compile(r"^(\d{1,2})$")
_SIDE = re.compile(r"^([hl])(\d{1,2}|-)?$", re.IGNORECASE)
_POT = re.compile(r"^(?:\$|p)(.+)$", re.IGNORECASE)


def parse_entry(text: str) -> dict[str, Any]:
    """The typed line as a raw ``hand`` event (shape only; the rules check the rest)."""
    tokens = [t for t in re.split(r"[\s,;/]+", text.strip()) if t]
    if not tokens:
        raise EntryError("empty")
    winners: list[int] = []
    high: list[int] | None = None
    low: list[int] | None = None
    side = "w"
    pot: str | None = None
    for tok in tokens:
        m = _SEAT.match(tok)
        if m:
            seat = int(m.group(1))
            if side == "w":
                winners.append(seat)
            elif side == "h":
                assert high is not None
                high.append(seat)
            else:
                assert low is not None
                low.append(seat)
            continue
        m = _SIDE.match(tok)
        if m:
            side = m.group(1).lower()
            rest = m.group(2)
            if side == "h":
                high = high if high is not None else []
                if rest and rest != "-":
                    high.append(int(rest))
            else:
                low = low if low is not None else []
                if rest and rest != "-":
                    low.append(int(rest))
                if rest == "-":
                    side = "l-"            # nothing more may be added to an empty low
            continue
        m = _POT.match(tok)
        if m:
            if pot is not None:
                raise EntryError("pot-twice")
            pot = m.group(1)
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
        raw["low"] = low if low is not None else []
    else:
        if not winners:
            raise EntryError("no-seat")
        if len(winners) == 1:
            raw["winner"] = winners[0]
        else:
            raw["winners"] = winners
    if pot is not None:
        raw["pot"] = _amount(pot)
    return raw


def _amount(text: str) -> str:
    try:
        cents = parse_amount(text.strip())
    except MoneyError as exc:
        raise EntryError("bad-pot", reason=str(exc)) from None
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
# the questions the rules ask

@dataclass(frozen=True)
class Question:
    """One fact the rules need before they can decide this hand."""
    kind: str                                  # pot | flop | second-leg
    cites: tuple[str, ...]
    params: dict[str, Any] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        p = self.params
        if self.kind == "pot":
            why = "; ".join(ui_text(k, lang, minimum=v) for k, v in p.get("why", ()))
            return ui_text("q-pot", lang, why=why)
        if self.kind == "flop":
            return ui_text("q-flop", lang, seat=p.get("seat"), name=p.get("name"))
        text = ui_text("q-second-leg", lang, seat=p.get("seat"), name=p.get("name"),
                       minimum=p.get("minimum"))
        note = p.get("note")
        return f"{text} — {ui_text(note, lang)}" if note else text


def next_question(state: TableState, raw: Mapping[str, Any]) -> Question | None:
    """Try ``raw`` on ``state`` without storing anything.

    Returns None when the rules accept the event as it is, a :class:`Question` when
    they need one more fact, and re-raises every other :class:`Refusal`.
    """
    try:
        apply(state, raw)
    except Refusal as refusal:
        q = question_for(state, raw, refusal)
        if q is None:
            raise
        return q
    return None


def question_for(state: TableState, raw: Mapping[str, Any], refusal: Refusal) -> Question | None:
    cfg = state.config
    if refusal.key == "pot-needed":
        why = []
        if "scoop" in cfg.kill.triggers:
            why.append(("why-scoop", dollars(cfg.minimum("scoop_minimum"))))
        if "big-pot" in cfg.kill.triggers:
            why.append(("why-big-pot", dollars(cfg.minimum("big_pot_minimum"))))
        return Question("pot", refusal.cites, {"why": tuple(why)})
    if refusal.key == "second-leg-question":
        params = dict(refusal.params)
        if cfg.kill.second_leg_needs_flop and "flop" not in raw:
            return Question("flop", ("house-natural",), params)
        cites = tuple(refusal.cites)
        if state.button.killed:            # money in this pot includes a kill blind
            if cfg.kill.kill_blind_is_blind_money:
                params["note"] = "kill-blind-counts"
            else:
                params["note"] = "kill-blind-not-blind"
                cites = cites + ("wsop-191",)
        return Question("second-leg", cites, params)
    return None


_YES = {"y", "yes", "д", "да", "1", "true"}
_NO = {"n", "no", "н", "нет", "0", "false"}


def answer(question: Question, text: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """``raw`` completed with the answer to ``question``; :class:`EntryError` if unreadable."""
    out = dict(raw)
    t = text.strip().lower()
    if question.kind == "pot":
        out["pot"] = _amount(t.lstrip("p"))
        return out
    if question.kind == "flop":
        if t in _YES:
            out["flop"] = True
        elif t in _NO:
            out["flop"] = False
        else:
            raise EntryError("yes-no")
        return out
    if t in _YES:
        out["qualifies"] = True
    elif t in _NO:
        out["qualifies"] = False
    else:
        try:
            cents = parse_amount(t)
        except MoneyError:
            raise EntryError("yes-no-amount") from None
        whole, part = divmod(cents, 100)
        out["won_beyond_blinds"] = f"{whole}.{part:02d}"
    return out

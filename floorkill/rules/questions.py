"""What the rules still need to know before they can decide an event.

:func:`needs` tries the event on the state with the pure :func:`~.engine.apply` (nothing
is stored: states are immutable) and returns the questions, each with what every answer
decides, in the rules' own words, and the clauses that make it matter. The podium asks
exactly these questions; it never reads a refusal key or names a clause itself.

Two sorts of question:

* ``ask`` — the rules cannot decide without the answer (the pot a trigger depends on, the
  flop and the second-leg answer, whether a pending killer who leaves posts the kill,
  whether a new player agrees to kill the next pot). The first one comes first: answering
  it may raise the next, so ask, fill in, and call :func:`needs` again.
* offered (``ask`` false, ``default`` set) — the rules assume ``default`` unless told
  otherwise: a kill pot's kill was posted (``kill_posted``), a new player posts no
  voluntary kill (``posts_kill`` on a join). The podium makes them answerable, not asked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .codes import QuestionKind, TriggerId
from .config import HILO_GAMES
from .decisions import Decision, Refusal
from .engine import Elsewhere, _voluntary_check, apply
from .events import flop_known
from .money import Cents, to_toml
from .state import TableState
from .texts import render
from .triggers import pot_triggers

QUESTION_KINDS = tuple(QuestionKind)


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer and what the rules decide with it (empty: another question follows)."""

    value: bool
    decisions: tuple[Decision, ...]


@dataclass(frozen=True, slots=True)
class Question:
    kind: QuestionKind  # also the event field its answer fills
    key: str  # text key (rules/floor_texts.py)
    params: tuple[Any, ...] = ()
    cites: tuple[str, ...] = ()
    answers: tuple[Answer, ...] = ()  # yes / no, each with its consequences
    amount: bool = False  # an amount answers it (pot; won beyond the blinds)
    ask: bool = True  # the rules cannot decide without it
    default: bool | None = None  # what the rules assume when it is not answered

    def text(self, lang: str = "en") -> str:
        params = dict(self.params)
        why = params.get("why")
        if isinstance(why, tuple):  # (text key, minimum) pairs, joined in the language
            params["why"] = "; ".join(
                render(why_key, {"minimum": minimum}, lang) for why_key, minimum in why
            )
        return render(self.key, params, lang)

    def consequences(self, value: bool) -> tuple[Decision, ...]:
        for answer in self.answers:
            if answer.value == value:
                return answer.decisions
        return ()

    def answered(self, raw: Mapping[str, Any], value: bool | Cents) -> dict[str, Any]:
        """``raw`` with this answer: yes/no, or an amount in cents where ``amount``."""
        out = dict(raw)
        if self.kind == QuestionKind.LOW:
            if value is not True:
                raise ValueError(
                    "a low is answered y (none: a scoop) or by its seats (answered_low)"
                )
            out["low"] = []
            return out
        if isinstance(value, bool):
            if self.kind == QuestionKind.POT:
                if not self.answers:
                    raise ValueError("the pot is an amount")
                out["qualifies"] = value  # a pot-size second leg: "did it reach it?"
            else:
                out[self.kind] = value
        elif self.kind == QuestionKind.POT:
            out["pot"] = to_toml(value)
        elif self.kind == QuestionKind.QUALIFIES:
            out["won_beyond_blinds"] = to_toml(value)
        else:
            raise ValueError(f"{self.kind} is answered yes or no")
        return out

    def answered_low(self, raw: Mapping[str, Any], seats: Sequence[int]) -> dict[str, Any]:
        """``raw`` with the low half's winners (kind ``low``)."""
        return {**raw, "low": list(seats)}


def _try(
    state: TableState, raw: Mapping[str, Any], elsewhere: Elsewhere
) -> tuple[Decision, ...] | None:
    """The decisions of ``raw``, or None when the rules refuse it (or need more)."""
    try:
        return tuple(apply(state, raw, elsewhere).decisions)
    except Refusal:
        return None


def _yes_no(
    state: TableState, raw: Mapping[str, Any], field: str, elsewhere: Elsewhere
) -> tuple[Answer, ...]:
    out = []
    for value in (True, False):
        trial = _try(state, {**raw, field: value}, elsewhere)
        out.append(Answer(value, trial if trial is not None else ()))
    return tuple(out)


def _unique(items: Iterable[str]) -> tuple[str, ...]:
    out: list[str] = []
    for item in items:
        if item not in out:
            out.append(item)
    return tuple(out)


def _shape(decisions: Iterable[Decision]) -> list[tuple[str, str, int | None]]:
    return [(decision.code, decision.key, decision.seat) for decision in decisions]


def _name(state: TableState, seat: object) -> str:
    player = state.player(seat if isinstance(seat, int) else None)
    return player.name if player is not None else "?"


# ---------------------------------------------------------------------------
# hands


def _pot_question(state: TableState, refusal: Refusal) -> Question:
    cfg = state.config
    why = [
        (trig.why, cfg.minimum(trig.minimum_option))
        for trig in pot_triggers(cfg.kill.triggers)
        if trig.minimum_option is not None and trig.why
    ]
    return Question(
        QuestionKind.POT, "q-pot", (("why", tuple(why)),), tuple(refusal.cites), amount=True
    )


def _second_leg_questions(
    state: TableState,
    raw: Mapping[str, Any],
    refusal: Refusal,
    elsewhere: Elsewhere,
    by_pot: bool = False,
) -> Question:
    params = tuple(refusal.params.items())
    if flop_known(raw) is None:  # a showdown board (3+ cards) is a fact
        # the flop matters when a flopless second win is settled without the money question:
        # under the flop rule (house-natural: second_leg_needs_flop), which the walk option
        # belongs to
        no_flop = _try(state, {**raw, "flop": False}, elsewhere)
        if no_flop is not None:
            answers = (Answer(True, ()), Answer(False, no_flop))
            cites = _unique(
                ("house-natural", *(cite for decision in no_flop for cite in decision.cites))
            )
            return Question(QuestionKind.FLOP, "q-flop", params, cites, answers)
    cites = tuple(refusal.cites)
    if by_pot:
        # the house alternate (house-natural): the pot, not the money beyond the blinds
        return Question(
            QuestionKind.POT,
            "q-second-leg-pot",
            params,
            cites,
            _yes_no(state, raw, "qualifies", elsewhere),
            amount=True,
        )
    key = "q-second-leg"
    if state.button.killed:  # money in this pot includes a kill blind
        if state.config.kill.kill_blind_is_blind_money:
            key = "q-second-leg-kill-blind-counts"
        else:
            key = "q-second-leg-kill-blind-not-blind"
            cites = cites + ("wsop-191",)
    return Question(
        QuestionKind.QUALIFIES,
        key,
        params,
        cites,
        _yes_no(state, raw, "qualifies", elsewhere),
        amount=True,
    )


def _kill_posted_question(
    state: TableState, raw: Mapping[str, Any], elsewhere: Elsewhere
) -> Question | None:
    button = state.button
    if not button.killed or "kill_posted" in raw:
        return None
    answers = _yes_no(state, raw, "kill_posted", elsewhere)
    if not answers[1].decisions:  # refused (the killer won) or more to ask first
        return None
    cites = _unique(
        cite for answer in answers for decision in answer.decisions for cite in decision.cites
    )
    return Question(
        QuestionKind.KILL_POSTED,
        "q-kill-posted",
        (
            ("seat", button.seat),
            ("name", button.player or "?"),
            ("amount", button.amount or state.config.kill_blind),
        ),
        cites,
        answers,
        ask=False,
        default=True,
    )


def _low_question(
    state: TableState, raw: Mapping[str, Any], elsewhere: Elsewhere
) -> Question | None:
    """house-scoop: a hi-lo high with nothing said of the low ("h3" alone) is not recorded
    as a scoop silently: "no qualifying low — scoop?" (yes: ``low = []``; else the low's
    seats). Asked before anything else: the answer decides whether a pot is a scoop."""
    if "high" not in raw or "low" in raw or state.config.game not in HILO_GAMES:
        return None
    high = raw["high"]
    seats = high if isinstance(high, (list, tuple)) else [high]
    scoop = _try(state, {**raw, "low": []}, elsewhere) or ()
    cites = _unique(
        (
            *(("house-scoop",) if TriggerId.SCOOP in state.config.kill.triggers else ()),
            *(cite for decision in scoop for cite in decision.cites),
        )
    )
    return Question(
        QuestionKind.LOW,
        "q-low",
        (("high", ",".join(str(seat) for seat in seats)),),
        cites,
        (Answer(True, scoop), Answer(False, ())),
    )


def _hand(state: TableState, raw: Mapping[str, Any], elsewhere: Elsewhere) -> list[Question]:
    low = _low_question(state, raw, elsewhere)
    if low is not None:
        return [low]  # the rest depends on it: asked again once answered
    out: list[Question] = []
    try:
        apply(state, raw, elsewhere)
    except Refusal as refusal:
        if refusal.key == "pot-needed":
            out.append(_pot_question(state, refusal))
        elif refusal.key == "second-leg-question":
            out.append(_second_leg_questions(state, raw, refusal, elsewhere))
        elif refusal.key == "second-leg-pot-question":
            out.append(_second_leg_questions(state, raw, refusal, elsewhere, by_pot=True))
        else:
            raise
    offered = _kill_posted_question(state, raw, elsewhere)
    if offered is not None:
        out.append(offered)
    return out


# ---------------------------------------------------------------------------
# players


def voluntary_open(state: TableState) -> bool:
    """A voluntary kill (rrop-13.10) could be declared now, stack permitting."""
    try:
        _voluntary_check(state, 0, None, 0, 0)
    except Refusal as r:
        return r.key in ("voluntary-stack-unknown", "voluntary-stack-short")
    return True


def _differs(
    state: TableState, raw: Mapping[str, Any], field: str, elsewhere: Elsewhere
) -> tuple[Answer, ...] | None:
    yes = _try(state, {**raw, field: True}, elsewhere)
    no = _try(state, {**raw, field: False}, elsewhere)
    if yes is None or no is None or _shape(yes) == _shape(no):
        return None
    return (Answer(True, yes), Answer(False, no))


def _player(state: TableState, raw: Mapping[str, Any], elsewhere: Elsewhere) -> list[Question]:
    etype = raw.get("type")
    out: list[Question] = []
    seat = raw.get("seat")
    button = state.button
    if etype in ("quit", "away") and "posts_kill" not in raw:
        answers = _differs(state, raw, "posts_kill", elsewhere)
        if answers is not None:
            out.append(
                Question(
                    QuestionKind.POSTS_KILL,
                    f"q-posts-kill-{etype}",
                    (
                        ("seat", seat),
                        ("name", _name(state, seat)),
                        ("amount", button.amount or state.config.kill_blind),
                    ),
                    _unique(
                        cite
                        for answer in answers
                        for decision in answer.decisions
                        for cite in decision.cites
                    ),
                    answers,
                )
            )
    if etype == "join":
        if "agrees_to_kill" not in raw:
            answers = _differs(state, raw, "agrees_to_kill", elsewhere)
            if answers is not None:
                out.append(
                    Question(
                        QuestionKind.AGREES_TO_KILL,
                        "q-agrees",
                        (
                            ("name", str(raw.get("name", "?"))),
                            ("amount", state.config.kill_blind),
                        ),
                        _unique(
                            cite
                            for answer in answers
                            for decision in answer.decisions
                            for cite in decision.cites
                        ),
                        answers,
                    )
                )
        if "posts_kill" not in raw and voluntary_open(state):
            answers = _yes_no(state, raw, "posts_kill", elsewhere)
            out.append(
                Question(
                    QuestionKind.POSTS_KILL,
                    "q-posts-kill-join",
                    (
                        ("name", str(raw.get("name", "?"))),
                        ("amount", state.config.kill_blind),
                    ),
                    ("rrop-13.10",),
                    answers,
                    ask=False,
                    default=False,
                )
            )
    return out


def first_asked(
    state: TableState, raw: Mapping[str, Any], elsewhere: Elsewhere = None
) -> Question | None:
    """The first question the rules cannot decide ``raw`` without, or None: ``raw`` can be
    sent as it is (or is refused: :func:`~.engine.apply` says why, not this)."""
    try:
        return next((question for question in needs(state, raw, elsewhere) if question.ask), None)
    except Refusal:
        return None


def needs(state: TableState, raw: Mapping[str, Any], elsewhere: Elsewhere = None) -> list[Question]:
    """The questions ``raw`` raises on ``state``: those to ask (the first first), then those
    offered. Re-raises a :class:`Refusal` that no answer could lift (a hand only: a player
    event's refusal is for :func:`~.engine.apply` to raise)."""
    if raw.get("type") == "hand":
        return _hand(state, raw, elsewhere)
    return _player(state, raw, elsewhere)


# The event that lifts a refusal, where one does: the podium offers it next to the reason.
_REMEDIES = {
    "join-barred": "pay_kill",
    "back-barred": "pay_kill",  # rrop-13.6: paid, then play
    "voluntary-stack-unknown": "stack",  # rrop-13.10 needs the stack
}


def remedy(refusal: Refusal) -> str | None:
    """The event type that would lift ``refusal`` (``pay_kill``, ``stack``), or None."""
    return _REMEDIES.get(refusal.key)

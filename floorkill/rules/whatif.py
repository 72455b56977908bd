"""What-if preview: replay a recorded session under a changed option and say which hands
the rules model decides differently, and how ("hand 7: kill pot (Bob) → leg up (Bob)").

Both sides are computed by the rules model itself (:func:`.engine.apply`); this module
only compares them. The recorded session is replayed once under the table's own
configuration (:class:`WhatIf` keeps it), and once per change asked about.

* A hand is reported when the kill button after it differs (status or holder); any other
  event when what the model decided on it differs (its decisions, or a refusal).
* A hand the changed rule cannot decide from what was recorded (the pot was never
  written down and the new rule needs it) shows as "not decided" with the model's own
  question, and the preview carries on from the recorded outcome of that hand, so one
  missing answer does not turn every later hand into noise.

Pure Python: no Textual, no Rich.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from floorkill.i18n import LANGS, NC_, pgettext, tr

from .config import (
    AMOUNT_OPTIONS,
    KILL_OPTIONS,
    PlayerSpec,
    TableConfig,
    TableFile,
    config_from_dict,
)
from .decisions import Decision, Refusal
from .engine import apply
from .money import to_toml
from .state import KILLED, LEG_UP, TableState, initial_state

_WORDS = {
    "killed": NC_("what-if", "kill pot"),
    "leg-up": NC_("what-if", "leg up"),
    "neutral": NC_("what-if", "neutral"),
    "refused": NC_("what-if", "not decided"),
    "hand": NC_("what-if", "hand"),
    "event": NC_("what-if", "event"),
    "nothing": NC_("what-if", "no decision"),
}


def _word(key: str, lang: str) -> str:
    return pgettext("what-if", _WORDS[key], lang)


class _Texts(Mapping[str, str]):
    """A decision's or a refusal's text in each language of the catalogue."""

    __slots__ = ("said",)

    def __init__(self, said: Decision | Refusal) -> None:
        self.said = said

    def __getitem__(self, lang: str) -> str:
        if lang not in LANGS:
            raise KeyError(lang)
        return self.said.text(lang)

    def __iter__(self) -> Iterator[str]:
        return iter(LANGS)

    def __len__(self) -> int:
        return len(LANGS)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the model made of one event: the kill button after it, or its refusal."""

    status: str  # killed | leg-up | neutral | refused
    seat: int | None = None
    player: str | None = None
    reason: Mapping[str, str] | None = None  # a refusal's text, by language
    codes: tuple[str, ...] = ()
    cites: tuple[str, ...] = ()
    said: tuple[Mapping[str, str], ...] = ()  # the decisions' texts (events other than hands)
    hand: bool = True

    def key(self) -> tuple[Any, ...]:
        reason = self.reason["en"] if self.reason else None
        if self.hand:
            return (self.status, self.seat, reason)
        return (
            self.status == "refused",
            self.codes,
            tuple(said["en"] for said in self.said),
            reason,
        )

    def text(self, lang: str = "en") -> str:
        word = _word(self.status, lang)
        if self.status == "refused" and self.reason:
            return f"{word}: {self.reason.get(lang) or self.reason['en']}"
        if not self.hand:
            return "; ".join(said.get(lang) or said["en"] for said in self.said) or _word(
                "nothing", lang
            )
        if self.player and self.status in (KILLED, LEG_UP):
            return f"{word} ({self.player})"
        return word


@dataclass(frozen=True, slots=True)
class Difference:
    event: int  # 1-based index in the recorded events
    hand: int | None  # 1-based count of hand events, for a hand
    type: str
    before: Outcome
    after: Outcome

    def text(self, lang: str = "en") -> str:
        if self.hand is not None:
            where = f"{_word('hand', lang)} {self.hand}"
        else:
            where = f"{_word('event', lang)} {self.event} ({self.type})"
        return f"{where}: {self.before.text(lang)} → {self.after.text(lang)}"


def _outcome(
    state: TableState, decisions: Iterable[Decision], refusal: Refusal | None, hand: bool
) -> Outcome:
    if refusal is not None:
        return Outcome(
            "refused",
            reason=_Texts(refusal),
            cites=refusal.cites,
            hand=hand,
        )
    button = state.button
    cites = tuple(dict.fromkeys(cite for decision in decisions for cite in decision.cites))
    said = () if hand else tuple(_Texts(decision) for decision in decisions)
    return Outcome(
        button.status,
        button.seat,
        button.player,
        codes=tuple(decision.code for decision in decisions),
        cites=cites,
        said=said,
        hand=hand,
    )


def _type(raw: Any) -> str:
    etype = raw.get("type") if isinstance(raw, Mapping) else None
    return etype if isinstance(etype, str) else "?"


class WhatIf:
    """A recorded session, replayed once under its own configuration."""

    def __init__(
        self,
        config: TableConfig,
        players: Iterable[PlayerSpec],
        events: Iterable[Mapping[str, Any]],
    ) -> None:
        self.config = config
        self.players = tuple(players)
        self.events = tuple(events)
        self._types = tuple(_type(event) for event in self.events)
        hands: list[int | None] = []
        hand_number = 0
        for etype in self._types:
            if etype == "hand":
                hand_number += 1
                hands.append(hand_number)
            else:
                hands.append(None)
        self._hands = tuple(hands)
        outcomes: list[Outcome] = []
        states: list[TableState] = []

        def seen(_i: int, state: TableState, out: Outcome) -> None:
            outcomes.append(out)
            states.append(state)

        self._run(config, seen)
        self.baseline = tuple(outcomes)  # the session as recorded
        self._states = tuple(states)  # the state after each recorded event
        self._accepted = tuple(outcome.status != "refused" for outcome in outcomes)

    @classmethod
    def of(cls, table: TableFile) -> WhatIf:
        return cls(table.config, table.players, table.events)

    def _run(
        self,
        config: TableConfig,
        seen: Callable[[int, TableState, Outcome], None],
        resync: bool = False,
    ) -> None:
        state = initial_state(config, self.players)
        for index, raw in enumerate(self.events):
            hand = self._types[index] == "hand"
            try:
                applied = apply(state, raw)
            except Refusal as refusal:
                seen(index, state, _outcome(state, (), refusal, hand))
                if resync and self._accepted[index]:
                    # carry on from what was recorded, under the changed rules
                    state = replace(self._states[index], config=config)
                continue
            state = applied.state
            seen(index, state, _outcome(state, applied.decisions, None, hand))

    def compare(self, config: TableConfig) -> list[Difference]:
        """Every event the model decides differently under ``config``."""
        out: list[Difference] = []

        def seen(i: int, _state: TableState, after: Outcome) -> None:
            before = self.baseline[i]
            if after.key() != before.key():
                out.append(Difference(i + 1, self._hands[i], self._types[i], before, after))

        self._run(config, seen, resync=True)
        return out

    def change(self, **options: Any) -> list[Difference]:
        """Differences when the ``[kill]`` options named are set (e.g. ``walk="neutral"``,
        ``second_leg_pot="5x-big-blind"``, ``triggers=("two-pots",)``)."""
        unknown = set(options) - set(KILL_OPTIONS) - {"kind", "triggers"}
        if unknown:
            raise KeyError(f"not a kill option: {', '.join(sorted(unknown))}")
        return self.compare(changed_config(self.config, **options))


def changed_config(config: TableConfig, **options: Any) -> TableConfig:
    """``config`` with some ``[kill]`` options changed, checked by the table-file loader
    (a combination no table file may have, such as the flop rule in a draw game, raises
    :class:`.config.ConfigError` with its one-line reason)."""
    doc = config.to_toml_dict()
    kill = doc["kill"]
    for name, value in options.items():
        kill[name] = (
            list(value)
            if name == "triggers"
            else (
                to_toml(value)
                if name in AMOUNT_OPTIONS and isinstance(value, int) and not isinstance(value, bool)
                else value
            )
        )
    if kill.get("kind") == "none":
        kill["triggers"] = []
        kill["voluntary"] = False
    return config_from_dict(doc, file="what-if").config


def what_if(table: TableFile, **options: Any) -> list[Difference]:
    """One-shot: the differences a change of options makes to the table's own session."""
    return WhatIf.of(table).change(**options)


def summary(diffs: list[Difference], lang: str = "en") -> str:
    if not diffs:
        return tr("No hand of this session would be decided differently.", lang)
    return "\n".join(difference.text(lang) for difference in diffs)


__all__ = ["Difference", "Outcome", "WhatIf", "summary", "what_if"]

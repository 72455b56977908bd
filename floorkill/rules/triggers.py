"""The kill triggers: what makes the next hand a kill pot (docs/rules.md 5.1), one record
each, in the order the table file, the placard and the report list them.

Every reader of a trigger reads its record here: the table file's ``triggers`` (config),
the engine (which triggers need the pot and at what minimum they fire), the questions
(why the pot is asked), the option list and its clauses (options), the set-up differences
(table_diff), the floor's words (vocab), the placard, the shift report's kill pots by
trigger and the table editor. ``tests/rules/test_trigger_registry.py`` fails when one of
them does not handle a registered trigger.

A trigger reads what it needs of the table from its record: a pot-size trigger
(``minimum_option``) the pot, which is then asked; a streak trigger (``in_a_row``) how many
pots in a row the winner has now won alone, which the engine keeps in the state
(``TableState.streak``) while the table has such a trigger (docs/rules.md 5.13). Either
needs nothing but its record, its clause (``rules/clauses.py``, docs/rules.md section 1)
and its words in the catalogue: see CONTRIBUTING, "Adding a kill trigger".
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache

from floorkill.i18n import N_, NC_

from .clauses import HOUSE, ROBERT
from .codes import QuestionKind, TriggerId


@dataclass(frozen=True, slots=True)
class Quote:
    """The rulebook sentence behind a trigger, as the table editor shows it beside the
    trigger (rules/option_sources.py). English message ids; ``seed`` is the seed file the
    sentence is quoted from (None: paraphrased from a rulebook that is not a seed)."""

    seed: str | None
    where: str
    text: str


@dataclass(frozen=True, slots=True)
class Trigger:
    """One kill trigger. Texts are English message ids (the catalogue translates them)."""

    id: str  # the table file's word in ``[kill] triggers``
    clauses: tuple[str, ...]  # why it kills: the clauses the option list cites
    label: str  # the floor's word for it (vocab: the table list, the editor, the big screen)
    report: str  # its row in the shift report's kill pots by trigger
    setup: str  # its word in the set-up differences (context "setup")
    placard: str = ""  # the placard's sentence ({minimum}: the pot); "" = placard.py's own
    placard_hilo: str = ""  # the sentence in a hi-lo game, when it says more there
    # a pot-size trigger: the [kill] option holding the smallest pot that kills; the pot is
    # then asked (questions) and the kill fires at that minimum (engine)
    minimum_option: str | None = None
    fired_cites: tuple[str, ...] = ()  # what the kill decision cites when it fires
    why: str = ""  # floor text key: why the pot is asked ({minimum})
    # the decision keys that put the button in the pot for this trigger (beside the
    # engine's "kill-trigger", read by its fired_cites)
    decision_keys: tuple[str, ...] = ()
    # a streak trigger: the kill fires once one player has won this many pots in a row
    # alone (docs/rules.md 5.13); 0 = not a streak trigger
    in_a_row: int = 0
    # the table editor's note beside the trigger (rules/option_sources.py): what being in
    # ``triggers`` does, the clauses that cites (() = clauses and fired_cites), what leaving
    # it out does, and the rulebook sentences it rests on (none for a house's own rule)
    option: str = ""
    option_cites: tuple[str, ...] = ()
    option_off: str = N_("This trigger does not kill here.")
    quotes: tuple[Quote, ...] = ()

    @property
    def asks(self) -> tuple[QuestionKind, ...]:
        """What the rules need asked of a hand at a table with this trigger."""
        return (QuestionKind.POT,) if self.minimum_option is not None else ()

    @property
    def cites_when_on(self) -> tuple[str, ...]:
        """What the table editor says being in ``triggers`` cites."""
        return self.option_cites or tuple(dict.fromkeys((*self.clauses, *self.fired_cites)))


REGISTRY: dict[str, Trigger] = {
    t.id: t
    for t in (
        Trigger(
            TriggerId.TWO_POTS,
            clauses=("house-natural",),
            label=N_("two pots"),
            report=N_("two pots in a row"),
            setup=NC_("setup", "two-pots"),
            decision_keys=("second-leg-kill",),  # its placard lines: placard.py's _two_pots
            option=N_("Winning two pots in a row kills the next hand (the first win is a leg up)."),
            option_cites=("house-natural", "rrop-13.3"),
            option_off=N_("Two pots in a row do not kill."),
            quotes=(
                Quote(
                    ROBERT,
                    N_("Robert's Rules, Kill Pots, preamble"),
                    N_(
                        "In other games using a required kill, a player who wins two consecutive pots must kill "
                        "the next pot."
                    ),
                ),
            ),
        ),
        Trigger(
            TriggerId.SCOOP,
            clauses=("rrop-13.8",),
            label=N_("scoop"),
            report=N_("scoop"),
            setup=NC_("setup", "scoop"),
            placard=N_(
                "Win a whole pot of at least {minimum} alone and you kill the next hand; "
                "uncalled bets do not count."
            ),
            placard_hilo=N_(
                "Win both the high and the low (a scoop) in a pot of at least {minimum} and "
                "you kill the next hand; uncalled bets do not count."
            ),
            minimum_option="scoop_minimum",
            fired_cites=("rrop-13.8", "house-scoop"),
            why="q-why-scoop",
            option=N_(
                "Winning the whole pot alone (both halves in hi-lo) at or above the scoop minimum "
                "kills the next hand."
            ),
            option_off=N_("A scoop does not kill."),
            quotes=(
                Quote(
                    ROBERT,
                    N_("Robert's Rules, Kill Pots, preamble"),
                    N_(
                        "In high-low split games using a required kill, a player who scoops a pot bigger than a "
                        "set size must kill the next pot."
                    ),
                ),
            ),
        ),
        Trigger(
            TriggerId.BIG_POT,
            clauses=("house-big-pot",),
            label=N_("big pot"),
            report=N_("big pot"),
            setup=NC_("setup", "big-pot"),
            placard=N_("Win a pot of at least {minimum} and you kill the next hand."),
            minimum_option="big_pot_minimum",
            fired_cites=("house-big-pot",),
            why="q-why-big-pot",
            option=N_("Winning a pot at or above the big-pot minimum kills the next hand."),
            option_off=N_("The size of a pot alone does not kill."),
            quotes=(
                Quote(
                    HOUSE,
                    N_("House rules, winning a big pot"),
                    N_(
                        "Winning a pot with more than a certain amount of money in it can be the event to trigger "
                        "a kill."
                    ),
                ),
            ),
        ),
    )
}


def trigger(trigger_id: str) -> Trigger | None:
    return REGISTRY.get(trigger_id)


# The three lists below are remembered for each table's tuple of ids (the engine asks for
# them every hand: verify's budget, 1M rows <= 6x reading them once), and forgotten
# whenever the registry changes (:func:`registered`).
@cache
def active(trigger_ids: tuple[str, ...]) -> tuple[Trigger, ...]:
    """The records of a table's triggers, in the registry's order."""
    return tuple(record for record in REGISTRY.values() if record.id in trigger_ids)


@cache
def pot_triggers(trigger_ids: tuple[str, ...]) -> tuple[Trigger, ...]:
    """A table's triggers that fire on a pot's size (so need the pot asked)."""
    return tuple(record for record in active(trigger_ids) if record.minimum_option is not None)


@cache
def streak_triggers(trigger_ids: tuple[str, ...]) -> tuple[Trigger, ...]:
    """A table's triggers that fire on pots won in a row (so need the streak kept)."""
    return tuple(record for record in active(trigger_ids) if record.in_a_row > 0)


def _forget() -> None:
    for remembered in (active, pot_triggers, streak_triggers):
        remembered.cache_clear()


@contextmanager
def registered(extra: Trigger) -> Iterator[Trigger]:
    """``extra`` in the registry while the block runs (a test's trigger; the built-in ones
    are never removed)."""
    if extra.id in REGISTRY:
        raise ValueError(f"trigger {extra.id!r} is registered already")
    REGISTRY[extra.id] = extra
    _forget()
    try:
        yield extra
    finally:
        del REGISTRY[extra.id]
        _forget()


__all__ = [
    "REGISTRY",
    "Quote",
    "Trigger",
    "active",
    "pot_triggers",
    "registered",
    "streak_triggers",
    "trigger",
]

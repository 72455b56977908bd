"""The kill triggers: what makes the next hand a kill pot (docs/rules.md 5.1), one record
each, in the order the table file, the placard and the report list them.

Every reader of a trigger reads its record here: the table file's ``triggers`` (config),
the engine (which triggers need the pot and at what minimum they fire), the questions
(why the pot is asked), the option list and its clauses (options), the set-up differences
(table_diff), the floor's words (vocab), the placard, the shift report's kill pots by
trigger and the table editor. ``tests/rules/test_trigger_registry.py`` fails when one of
them does not handle a registered trigger.

A trigger that fires on the size of a pot a player wins alone (``minimum_option`` set)
needs nothing but its record, its clause (``rules/clauses.py``) and its rulebook sentence
(``rules/option_sources.py``): see CONTRIBUTING, "Adding a kill trigger".
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from floorkill.i18n import N_, NC_

from .codes import QuestionKind, TriggerId


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

    @property
    def asks(self) -> tuple[QuestionKind, ...]:
        """What the rules need asked of a hand at a table with this trigger."""
        return (QuestionKind.POT,) if self.minimum_option is not None else ()


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
        ),
    )
}


def trigger(trigger_id: str) -> Trigger | None:
    return REGISTRY.get(trigger_id)


def active(trigger_ids: tuple[str, ...]) -> tuple[Trigger, ...]:
    """The records of a table's triggers, in the registry's order."""
    return tuple(t for t in REGISTRY.values() if t.id in trigger_ids)


def pot_triggers(trigger_ids: tuple[str, ...]) -> tuple[Trigger, ...]:
    """A table's triggers that fire on a pot's size (so need the pot asked)."""
    return tuple(t for t in active(trigger_ids) if t.minimum_option is not None)


@contextmanager
def registered(extra: Trigger) -> Iterator[Trigger]:
    """``extra`` in the registry while the block runs (a test's trigger; the built-in ones
    are never removed)."""
    if extra.id in REGISTRY:
        raise ValueError(f"trigger {extra.id!r} is registered already")
    REGISTRY[extra.id] = extra
    try:
        yield extra
    finally:
        del REGISTRY[extra.id]


__all__ = ["REGISTRY", "Trigger", "active", "pot_triggers", "registered", "trigger"]

"""A hand builds the state after it naming every field of :class:`TableState` (engine
``_hand``): a field added to the state and not named there would go back to its default
after every hand. This lists the fields the hand names; change both together."""

from __future__ import annotations

from dataclasses import fields

from helpers import hand, run, start

from floorkill.rules.state import TableState

NAMED_BY_THE_HAND = (
    "config",
    "players",
    "button",
    "hands",
    "dealer_pos",
    "barred",
    "credits",
    "agreed",
    "held_seat",
    "events",
    "closed",
    "streak",
)


def test_a_hand_names_every_field_of_the_state():
    assert tuple(field.name for field in fields(TableState)) == NAMED_BY_THE_HAND


def test_a_hand_keeps_the_config_and_counts_itself():
    state = start()
    after = run(state, hand(1))
    assert after.config is state.config
    assert (after.events, after.hands) == (state.events + 1, state.hands + 1)

"""A hand builds the state after it naming every field of :class:`TableState` (engine
``_hand``), and so does every other event (engine ``_new``): a field added to the state and
not named there would go back to its default after every event. This lists the fields they
name; change the three together."""

from __future__ import annotations

from dataclasses import fields, replace

from helpers import hand, run, start

from floorkill.rules.engine import _new
from floorkill.rules.state import Owed, Streak, TableState

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


def test_any_other_event_keeps_every_field_it_does_not_change():
    state = replace(
        start(),
        hands=7,
        dealer_pos=4,
        barred=(Owed(player="Ann", owes=1000),),
        credits=("Bob",),
        agreed=(3,),
        held_seat=5,
        events=11,
        closed=True,
        streak=Streak("Cy", 2),
    )
    assert _new(state) == replace(state, events=12)
    assert _new(state, agreed=()) == replace(state, events=12, agreed=())

"""Leg-up buttons, the button's decisions and typed hands are found again instead of built
again (rules/built_once.py): the object found is the very one built before, and it equals
what building it anew would give, so no state, decision or event reads differently."""

from __future__ import annotations

from helpers import hand, start

from floorkill.rules import apply
from floorkill.rules.built_once import BuiltOnce
from floorkill.rules.codes import ButtonStatus
from floorkill.rules.decisions import Decision
from floorkill.rules.events import Hand, parse_event
from floorkill.rules.state import KillButton


def test_a_typed_hand_read_twice_is_one_object_with_every_field_in_place():
    raw = {
        "type": "hand",
        "winners": [2, 1],
        "pot": 40,
        "won_beyond_blinds": 20,
        "qualifies": True,
        "flop": False,
        "kill_posted": False,
    }
    first, again = parse_event(raw, 9), parse_event(dict(raw), 9)
    assert first is again
    assert first == Hand(
        winners=(1, 2),
        pot=4000,
        won_beyond_blinds=2000,
        qualifies=True,
        flop=False,
        kill_posted=False,
    )


def test_the_same_leg_up_twice_is_one_button_equal_to_a_new_one():
    state = start()
    one = apply(state, hand(3)).state.button
    two = apply(start(), hand(3)).state.button
    assert one is two
    assert one == KillButton(status=ButtonStatus.LEG_UP, seat=3, player="Cy")


def test_the_same_decision_twice_is_one_decision_equal_to_a_new_one():
    one = apply(start(), hand(3)).decisions
    two = apply(start(), hand(3)).decisions
    assert one[0] is two[0]
    assert one == [Decision("leg-up", 3, "leg-up", (("name", "Cy"),), ("rrop-13.3",))]


def test_a_full_table_is_emptied_and_builds_again():
    built = []

    def build(*fields):
        built.append(fields)
        return fields

    kept = BuiltOnce(build, 2)
    assert kept(1) is kept(1)
    kept(2)
    kept(3)  # full: emptied, then kept
    kept(1)
    assert built == [(1,), (2,), (3,), (1,)]

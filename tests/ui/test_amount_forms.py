"""docs/rules.md 8: the podium's `$…` and the stack form read amounts with the one
parser of the rules (floorkill.rules.money): an absurd amount is one line, never a
traceback or a hang."""

from __future__ import annotations

import pytest

from floorkill.floor.seat_events import FormError, build_stack
from floorkill.floor.typed_entry import EntryError, parse_entry
from floorkill.rules import initial_state, load_table_text

TABLE = """
[table]
name = "T"
game = "holdem"
seats = 6
[stakes]
structure = "fixed"
bets = [10, 20]
blinds = [5, 10]
[kill]
kind = "full"
triggers = ["two-pots"]
[[players]]
seat = 1
name = "Ann"
"""


@pytest.mark.parametrize("amount", ["1e5000", "1e999999", "9" * 3000, "1e999990"])
def test_section_8_podium_pot_amount_is_refused_in_one_line(amount):
    with pytest.raises(EntryError) as info:
        parse_entry(f"1 ${amount}")
    assert len(info.value.text("en")) < 200 and len(info.value.text("ru")) < 200
    assert parse_entry("1 $140")["pot"] == "140.00"


@pytest.mark.parametrize("amount", ["1e5000", "9" * 3000])
def test_section_8_stack_form_amount_is_refused_in_one_line(amount):
    state = initial_state(*(lambda t: (t.config, t.players))(load_table_text(TABLE)))
    with pytest.raises(FormError) as info:
        build_stack(state, {"seat": "1", "amount": amount})
    assert len(str(info.value)) < 200
    assert build_stack(state, {"seat": "1", "amount": "1 200"})["amount"] == "1200"
    assert build_stack(state, {"seat": "1", "amount": "4,50"})["amount"] == "4.50"
    with pytest.raises(FormError):  # an exponent is not how a stack is written
        build_stack(state, {"seat": "1", "amount": "2e2"})

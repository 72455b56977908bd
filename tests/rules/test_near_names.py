"""rrop-13.6: names a floorperson would read as the same person are asked about before a
barred player could be seated (floorkill/rules/names.py, near_match)."""

from __future__ import annotations

import pytest

from floorkill.rules.names import near_match


@pytest.mark.parametrize(
    "typed,why",
    [
        ("Hill, George", "reordered"),
        ("hill george", "reordered"),
        ("George H", "initials"),
        ("George H.", "initials"),
        ("G. Hill", "initials"),
        ("Hill G.", "initials"),
        ("Gorge Hill", "one-letter"),
        ("George Hil", "one-letter"),
    ],
)
def test_rrop_13_6_same_person_by_the_floor_s_reading(typed, why):
    assert near_match(typed, "George Hill") == why


@pytest.mark.parametrize(
    "typed", ["George Hill", "george  hill", "G. H.", "George Smith", "Hillary George", "Ann Lee"]
)
def test_rrop_13_6_the_same_key_or_another_person_is_not_a_near_match(typed):
    assert near_match(typed, "George Hill") is None


def test_rrop_13_6_initials_and_order_in_cyrillic():
    assert near_match("Смирнова Наталья", "Наталья Смирнова") == "reordered"
    assert near_match("Н. Смирнова", "Наталья Смирнова") == "initials"

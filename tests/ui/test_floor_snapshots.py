"""Snapshots of the floor screens (pytest-textual-snapshot): plain def tests, sizes given.

In-memory sessions with fixed events; nothing on screen depends on the clock. Regenerate
with ``pytest tests/ui/test_floor_snapshots.py --snapshot-update`` after a deliberate change
and look at every SVG before committing it.
"""

from __future__ import annotations

import pytest
from floorhelp import HALF, KILLED, STUD, hand, session
from langhelp import f3_to

from floorkill.ui.podium import make_podium_app

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


def evening():
    """Three tables: a kill pot; a leg up, a barred player and a name that looks like markup;
    a stud game without a kill."""
    a = session(events=KILLED)
    b = session(
        HALF,
        events=[
            hand(1),
            hand(1, qualifies=True),
            {"type": "quit", "seat": 1, "posts_kill": False},  # Ivy: barred
            hand(2),
            {"type": "join", "seat": 4, "name": "[bold]Lev[/]"},
        ],
    )
    c = session(STUD)
    return make_podium_app(a, others=[b, c], cursor_blink=False)


@SIZES
def test_table_list(snap_compare, size):
    assert snap_compare(evening(), press=["f9"], terminal_size=size)


@SIZES
def test_rulings_short_post(snap_compare, size):
    assert snap_compare(evening(), press=["f6", "4", "r"], terminal_size=size)


def test_rulings_same_game_in_russian(snap_compare):
    assert snap_compare(evening(), press=["f10", "3", *f3_to("ru")], terminal_size=(120, 40))

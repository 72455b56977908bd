"""The big screen shows room-barred players (rrop-13.6): a bar at another table of the
journal redraws this table's picture, though this table wrote nothing."""

from __future__ import annotations

from floorhelp import HALF, HOLDEM, KILLED

from floorkill.rules import load_table_text, next_hand
from floorkill.store.journal import Journal
from floorkill.ui.big_screen.terminal import Follower
from floorkill.ui.widgets.status_line import barred_text

HALF_CY = HALF + '[[players]]\nseat = 5\nname = "cy"\n'


def test_big_screen_shows_a_bar_from_another_table(tmp_path):
    path = tmp_path / "evening.db"
    with Journal(path, "podium") as j:
        a = j.create_table(load_table_text(HOLDEM))
        j.create_table(load_table_text(HALF_CY))
        for ev in KILLED:
            a.append(ev)
        follower = Follower(path, table="Table 14")
        first = follower.poll()
        assert first is not None and not first.tables[0].state.barred
        assert follower.poll() is None  # nothing new
        a.append({"type": "quit", "seat": 3, "posts_kill": False})  # barred at Table 12
        pic = follower.poll()
        assert pic is not None
        view = pic.tables[0]
        assert view.name == "Table 14" and view.state.is_barred("Cy")
        assert 5 not in next_hand(view.state).dealt_in  # dealt out
        assert "cy owes $20 at Table 12" in barred_text(view.state)
        a.append({"type": "pay_kill", "name": "CY"})
        pic = follower.poll()
        assert pic is not None and not pic.tables[0].state.barred


def test_big_screen_table_takes_a_unique_prefix_or_lists_the_tables(tmp_path):
    """--table "table 14" is Table 14; "Table 1" could be Table 12 or Table 14: the
    screen lists them instead of waiting for a table of that exact name."""
    path = tmp_path / "evening.db"
    with Journal(path, "podium") as j:
        j.create_table(load_table_text(HOLDEM))
        j.create_table(load_table_text(HALF_CY))
        pic = Follower(path, table="table 14", grace=0).poll()
        assert pic is not None and [t.name for t in pic.tables] == ["Table 14"]
        pic = Follower(path, table="Table 1", grace=0).poll()
        assert pic is not None and not pic.tables
        assert "Table 12" in pic.detail and "Table 14" in pic.detail, pic.detail

"""Snapshots of the big screen and the room grid in Russian at 80×24 and 120×40.

The words are checked by test_big_screen_language.py (no stray alphabet, no more cuts
than in English); these keep the layout. Regenerate with ``--snapshot-update`` after a
deliberate change, and look at the pictures first.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "big_screen"))

from bshelp import BARRED, HOSTILE_LEG, KILL_POT, make_journal, room_journal  # noqa: E402

from floorkill.ui.big_screen.terminal import make_big_screen_app  # noqa: E402

STATES = {"kill-pot": KILL_POT, "leg-up": HOSTILE_LEG, "barred": BARRED}
SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
@pytest.mark.parametrize("state", sorted(STATES))
def test_big_screen_in_russian(snap_compare, tmp_path, state, size):
    path = tmp_path / "journal.db"
    make_journal(path, STATES[state])
    app = make_big_screen_app(path, "Table 12", rotate=0, lang="ru")
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_room_grid_in_russian(snap_compare, tmp_path, size):
    path = tmp_path / "journal.db"
    room_journal(path, 4)
    app = make_big_screen_app(path, rotate=0, lang="ru", grid=True)
    assert snap_compare(app, terminal_size=size)

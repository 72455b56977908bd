"""Snapshots of the big screen at 100×30 and 160×45, neutral and kill pot.

Deterministic: fixed events, no clock on screen, one table (no rotation footer).
Regenerate with ``pytest tests/big_screen --snapshot-update`` after a deliberate change.
"""

from __future__ import annotations

import pytest
from bshelp import KILL_POT, NEUTRAL, make_journal

from floorkill.ui.big_screen.terminal import make_big_screen_app

STATES = {"neutral": NEUTRAL, "kill": KILL_POT}


@pytest.mark.parametrize("size", [(100, 30), (160, 45)], ids=["100x30", "160x45"])
@pytest.mark.parametrize("state", sorted(STATES))
def test_big_screen_snapshot(snap_compare, tmp_path, state, size):
    path = tmp_path / "journal.db"
    make_journal(path, STATES[state])
    app = make_big_screen_app(path, "Table 12", rotate=0)
    assert snap_compare(app, terminal_size=size)

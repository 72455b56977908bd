"""With 50 tables in the journal the big screen follows every podium commit, in the grid
and showing the tables in turn (bench/big_screen_bench.py measures how fast, against one
table, in the same run)."""

from __future__ import annotations

import pytest
from bshelp import follow_times, many_tables


@pytest.mark.parametrize("grid", [True, False], ids=["grid", "in-turn"])
async def test_fifty_tables_the_screen_follows_every_commit(tmp_path, grid):
    path = tmp_path / "journal.db"
    many_tables(path, 50)
    times = await follow_times(path, 6, grid=grid)  # each commit shown (else it fails)
    assert len(times) == 6

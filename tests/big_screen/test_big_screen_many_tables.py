"""With 50 tables in the journal the big screen follows a podium commit as fast as with
one (issue 15: <= 0.5 s). bench/big_screen_bench.py prints the same-run ratios; this
test only holds the loose line."""

from __future__ import annotations

import statistics

import pytest
from bshelp import follow_times, many_tables

LIMIT = 0.5          # the promise, held by the median (measured ~60 ms here)
WORST = 2.0          # one commit may land behind a busy 2-core CI machine's other work


@pytest.mark.parametrize("grid", [True, False], ids=["grid", "in-turn"])
async def test_fifty_tables_follow_a_commit_within_half_a_second(tmp_path, grid):
    path = tmp_path / "journal.db"
    many_tables(path, 50)
    times = await follow_times(path, 6, grid=grid)
    assert statistics.median(times) <= LIMIT, times
    assert max(times) <= WORST, times

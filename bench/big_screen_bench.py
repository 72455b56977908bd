"""Big screen: from a podium commit to the screen showing it, 1 table vs 50 in the journal.

    .venv/bin/python bench/big_screen_bench.py [--commits 20]

The app polls the journal every 0.1 s (as served), so the floor is about half a poll on
average. Prints median and max for one table (single-table view), 50 tables with one of them
named (``--table``), 50 tables shown in turn (all followed), and 50 tables in the grid, and each 50-table median
against the 1-table median of the same run. Goal: <= 0.5 s with 50 tables,
the same as with one.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "big_screen")]

from bshelp import follow_times, many_tables  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--commits", type=int, default=20)
    args = ap.parse_args()
    results = {}
    with tempfile.TemporaryDirectory() as d:
        one, fifty = Path(d) / "one.db", Path(d) / "fifty.db"
        many_tables(one, 1)
        many_tables(fifty, 50)
        cases = {
            "1 table": (one, False, "Table 1"),
            "50 tables, one shown": (fifty, False, "Table 1"),
            "50 tables, in turn": (fifty, False, None),
            "50 tables, grid": (fifty, True, None),
        }
        for label, (path, grid, table) in cases.items():
            times = asyncio.run(follow_times(path, args.commits, grid=grid, table=table))
            results[label] = times
            print(
                f"{label:22s} median {statistics.median(times) * 1000:6.1f} ms   "
                f"max {max(times) * 1000:6.1f} ms   ({len(times)} commits)"
            )
    base = statistics.median(results["1 table"])
    for label in ("50 tables, one shown", "50 tables, in turn", "50 tables, grid"):
        print(f"{label} / 1 table: {statistics.median(results[label]) / base:.2f}x")


if __name__ == "__main__":
    main()

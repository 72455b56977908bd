"""What-if preview on the 29-event sample sessions: time per option change.

For each 29-event sample table (and the pot-size fixture of tests/fixtures), every other value of every [kill] option (amount options
also an amount) is asked of one :class:`floorkill.rules.whatif.WhatIf`, as the table
editor would on each change. Baseline, same run: one plain replay of the same session
(``floorkill.rules.replay.replay``). Goal: <= 50 ms per option change.
Run: python bench/whatif_bench.py [REPEAT]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from floorkill.rules import load_table_file
from floorkill.rules.config import AMOUNT_OPTIONS, KILL_OPTIONS
from floorkill.rules.replay import replay
from floorkill.rules.whatif import WhatIf

ROOT = Path(__file__).resolve().parents[1]


def changes(cfg):
    for name, (allowed, _default, _cid) in KILL_OPTIONS.items():
        current = getattr(cfg.kill, name)
        values = [v for v in allowed if v != current]
        if name in AMOUNT_OPTIONS:
            values.append(2500)
        for v in values:
            if name == "second_leg_needs_flop" and v and not cfg.has_flop:
                continue
            if name == "voluntary" and v and cfg.kill.kind == "none":
                continue
            yield {name: v}


def main(repeat: int = 5) -> None:
    paths = [
        *sorted((ROOT / "sample_tables").glob("*.toml")),
        ROOT / "tests" / "fixtures" / "holdem-10-20-house-pot.toml",
    ]
    tables = [t for t in map(load_table_file, paths) if len(t.events) == 29]
    worst = 0.0
    all_ms: list[float] = []
    base_ms: list[float] = []
    for table in tables:
        t0 = time.perf_counter()
        w = WhatIf.of(table)
        build = (time.perf_counter() - t0) * 1000
        for _ in range(repeat):
            t0 = time.perf_counter()
            replay(table)
            base_ms.append((time.perf_counter() - t0) * 1000)
        per = []
        for ch in changes(table.config):
            best = min(_timed(w, ch) for _ in range(repeat))
            per.append(best)
        worst = max(worst, max(per))
        all_ms += per
        print(
            f"{table.config.name}: {len(table.events)} events, {len(per)} changes, "
            f"build {build:.1f} ms, median {statistics.median(per):.2f} ms, "
            f"max {max(per):.2f} ms per change"
        )
    base = statistics.median(base_ms)
    med = statistics.median(all_ms)
    print(f"plain replay (same run): median {base:.2f} ms")
    print(
        f"what-if per change: median {med:.2f} ms = {med / base:.1f}x a plain replay; "
        f"worst {worst:.2f} ms (goal <= 50 ms) -> {'OK' if worst <= 50 else 'OVER'}"
    )


def _timed(w: WhatIf, ch: dict) -> float:
    t0 = time.perf_counter()
    w.change(**ch)
    return (time.perf_counter() - t0) * 1000


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)

"""Replay and import grow linearly with the file (loose same-run ratios; the bench prints
the real ones: python bench/load_bench.py)."""

import sys

from storehelp import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import load_bench  # noqa: E402


def test_replay_and_import_are_linear_loosely(tmp_path):
    """Each measure is the best of rounds taken in turn, so a burst of load on the shared
    machine hits them alike. The old per-event line search made replay of 6,000 events
    take ~50 s (hundreds of times tomllib); the goals are 3x and 10x."""
    small, big = tmp_path / "small.toml", tmp_path / "big.toml"
    small.write_text(load_bench.table_file_text(1_500), encoding="utf-8")
    big.write_text(load_bench.table_file_text(6_000), encoding="utf-8")
    best = {k: float("inf") for k in ("base", "small", "big", "import")}
    for round_ in range(3):
        best["base"] = min(best["base"], load_bench.tomllib_time(big, 1))
        best["small"] = min(best["small"], load_bench.replay_time(small, 1))
        best["big"] = min(best["big"], load_bench.replay_time(big, 1))
        if round_ < 2:
            best["import"] = min(best["import"], load_bench.import_time(big, tmp_path, 1)[0])
    assert best["big"] < 14 * best["small"]  # linear: 4; quadratic: 16 and up
    assert best["big"] < 15 * best["base"]
    assert best["import"] < 60 * best["base"]

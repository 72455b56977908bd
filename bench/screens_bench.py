"""Every screen of the podium, from the key that opens it to its first frame: one run,
against a same-run baseline.

    python bench/screens_bench.py [--runs 5] [--only NAME ...] [--before TREE]

``--before TREE`` (a ``git archive`` of another commit unpacked in TREE) measures both trees
in the same run: the rounds alternate between a child process for each tree, and each tree's
screens are reported as ratios to its own bare screen. ``--only`` keeps the screens whose
name starts with one of the words given (the bare screen is always measured).

Headless podium (120x40, three players seated, one hand played). For each screen: the key
(or keys) that open it sent as a terminal sends them, then the time until that screen is
mounted and has drawn its first frame — the wall clock and the process's CPU time (on a
shared machine the CPU time is the steadier number; the wall clock is what a floorperson
waits). The baseline: a bare screen with one Input, pushed the same way. Median of
``--runs``; the load average is printed with it.

Reading the ratios across trees: the bare screen is pushed over the podium like the others,
so what the podium does when any screen opens over it (it rebuilt its footer's keys, twice
per screen, until the footer learned not to while it is covered) is in the bare screen's
cost too. A tree that makes that cheaper makes its bare screen cheaper as well and its
ratios look higher for the same screens: compare the milliseconds of both trees in one run.

Goal (issue "every keystroke means what the floorperson meant"): every screen usable within
100 ms of its key, on this machine, quiet. The table editor's own bench
(bench/editor_bench.py) also measures the name typed in the same burst as its key. This
bench reports; it exits 1 when a screen's median wall time is over the goal.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GOAL_MS = 100.0
TABLE = """
[table]
name = "Bench"
game = "holdem"
seats = 9
button = 1
[stakes]
structure = "fixed"
bets = [10, 20]
blinds = [5, 10]
[kill]
kind = "full"
triggers = ["two-pots"]
[[players]]
seat = 1
name = "Ann"
[[players]]
seat = 2
name = "Bo"
[[players]]
seat = 3
name = "Cy"
"""
# (what, keys pressed first and waited for, keys of the burst measured)
SCREENS = [
    ("tables (F9)", [], ["f9"]),
    ("table editor (F9 n)", ["f9"], ["n"]),
    ("rulings (F10)", [], ["f10"]),
    ("placard (F11)", [], ["f11"]),
    ("dispute view (F12)", [], ["f12"]),
    ("players (Ctrl+O)", [], ["ctrl+o"]),
    ("all tables (Ctrl+G)", [], ["ctrl+g"]),
    ("showdown (F2)", [], ["f2"]),
    ("undo (Ctrl+Z)", [], ["ctrl+z"]),
    ("correct (Ctrl+Y 1)", [], ["ctrl+y", "1"]),
    ("join form (F6 j)", ["f6"], ["j"]),
]


async def _until(check, limit: float = 10.0) -> bool:
    end = time.perf_counter() + limit
    while not check():
        if time.perf_counter() > end:
            return False
        await asyncio.sleep(0)
    return True


async def _painted(screen) -> None:
    done = asyncio.Event()
    screen.call_after_refresh(done.set)
    await done.wait()


async def measure(
    runs: int, only: list[str], warm: int = 0
) -> dict[str, list[tuple[float, float]]]:
    """``runs`` rounds of every screen, after ``warm`` rounds that are not kept."""
    from textual.screen import Screen
    from textual.widgets import Input

    from floorkill.rules import load_table_text
    from floorkill.store.session import MemorySession
    from floorkill.ui.podium import make_podium_app

    sys.path.insert(0, str(ROOT / "tests"))
    from termhelp import key_event, settle

    class Bare(Screen):
        BINDINGS = [("escape", "app.pop_screen", "Back")]

        def compose(self):
            yield Input()

    tf = load_table_text(TABLE)
    session = MemorySession(tf.config, tf.players)
    session.append({"type": "hand", "winner": 1})
    app = make_podium_app(session)
    screens = [s for s in SCREENS if not only or any(s[0].startswith(w) for w in only)]
    out: dict[str, list[tuple[float, float]]] = {name: [] for name, _, _ in screens}
    out["bare screen"] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        podium = app.screen
        for round_no in range(warm + runs):
            keep = round_no >= warm
            for name, first, keys in screens:
                if first:
                    await pilot.press(*first)
                    await settle(pilot)
                before = app.screen
                t0, c0 = time.perf_counter(), time.process_time()
                for key in keys:
                    app._driver.send_message(key_event(key))
                opened = await _until(
                    lambda b=before: app.screen is not b and app.screen.is_mounted
                )
                if opened:
                    await _painted(app.screen)
                    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
                    if keep:
                        out[name].append((wall, cpu))
                for _ in range(3):  # back to the podium
                    if app.screen is podium:
                        break
                    await pilot.press("escape")
                    await settle(pilot)
                await pilot.press("f5")
                await settle(pilot)
            t0, c0 = time.perf_counter(), time.process_time()
            app.push_screen(Bare())
            await _until(lambda: isinstance(app.screen, Bare) and app.screen.is_mounted)
            await _painted(app.screen)
            if keep:
                out["bare screen"].append((time.perf_counter() - t0, time.process_time() - c0))
            await pilot.press("escape")
            await settle(pilot)
    return out


def _children(trees: list[Path], runs: int, only: list[str]) -> list[dict]:
    """One child process per tree and round (two openings of each screen after a cold
    one), the trees alternating: their samples."""
    out: list[dict] = [{} for _ in trees]
    for _ in range(runs):
        for i, tree in enumerate(trees):
            cmd = [sys.executable, __file__, "--tree", str(tree), "--runs", "2", "--raw"]
            cmd += ["--only", *only] if only else []
            done = subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=300)
            for name, vals in json.loads(done.stdout).items():
                out[i].setdefault(name, []).extend(map(tuple, vals))
    return out


def report(title: str, out: dict[str, list[tuple[float, float]]]) -> list[str]:
    """Print one tree's medians (wall, CPU, wall / bare, CPU / bare); the screens over."""
    bare = statistics.median(w for w, _ in out["bare screen"]) * 1000
    bare_cpu = statistics.median(c for _, c in out["bare screen"]) * 1000
    over = []
    print(title)
    print(f"{'screen':24s} {'wall ms':>8s} {'cpu ms':>8s} {'/ bare':>7s} {'cpu/bare':>8s}")
    for name, vals in out.items():
        if not vals:
            print(f"{name:24s}  did not open")
            over.append(name)
            continue
        wall = statistics.median(w for w, _ in vals) * 1000
        cpu = statistics.median(c for _, c in vals) * 1000
        print(
            f"{name:24s} {wall:8.1f} {cpu:8.1f} {wall / max(bare, 1e-9):6.2f}x"
            f" {cpu / max(bare_cpu, 1e-9):7.2f}x"
        )
        if wall > GOAL_MS and name != "bare screen":
            over.append(name)
    return over


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--only", nargs="*", default=[])
    ap.add_argument("--before", type=Path, help="another tree, measured in the same run")
    ap.add_argument("--tree", type=Path, help=argparse.SUPPRESS)  # a child: import from here
    ap.add_argument("--raw", action="store_true", help=argparse.SUPPRESS)  # a child: JSON out
    args = ap.parse_args()
    runs = max(1, min(args.runs, 30))
    if args.tree is not None:
        sys.path.insert(0, str(args.tree.resolve()))
    load = os.getloadavg()[0]
    if args.before is not None:
        after, before = _children([ROOT, args.before.resolve()], runs, args.only)
    else:
        # a child (--raw) drops a first round: each process's first opening is cold
        after, before = asyncio.run(measure(runs, args.only, warm=int(args.raw))), None
    if args.raw:
        print(json.dumps(after))
        return 0
    print(f"load average at the start: {load:.2f}, at the end: {os.getloadavg()[0]:.2f}")
    if before is not None:
        report(f"before ({args.before}):", before)
    over = report("this tree:" if before is not None else "", after)
    print(("PASS" if not over else "OVER: " + ", ".join(over)) + f" (goal {GOAL_MS:.0f} ms)")
    return 0 if not over else 1


if __name__ == "__main__":
    sys.exit(main())

"""Bench: floorkill.cards evaluators against pokerkit, measured in the same run.

    python bench/eval_bench.py [--hands N] [--seed S]

The same pre-generated random hands (fixed seed) go through floorkill and
through pokerkit; cards are parsed beforehand on both sides (floorkill's
integer codes, pokerkit's ``Card`` tuples), so only evaluation is timed.
Printed: evaluations per second for each and the ratio for 7-card hold'em
high, Omaha high and Omaha 8-or-better low; floorkill alone for California
lowball (A-5 with the joker) and draw high with the joker; the median time of
a 9-handed Omaha hi-lo ``showdown()`` (parsing included); the import time of
``floorkill.cards`` and the time to build all lookup tables (otherwise they
fill lazily, entry by entry, as hands need them).

Goals: >= 20x pokerkit on each of the three games; showdown < 2 ms.
A script, not a test: it prints ratios against a baseline measured now.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GOAL_RATIO = 20.0
GOAL_SHOWDOWN_MS = 2.0


def fresh_interpreter(code: str) -> float:
    """Run ``code`` (which prints one float) in a new Python; return it."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return float(out.stdout.strip())


def rate(fn, items, min_time: float = 0.3, repeats: int = 3) -> float:
    """Evaluations per second of ``fn`` over ``items`` (best of ``repeats``)."""
    best = 0.0
    for _ in range(repeats):
        loops = 0
        start = time.perf_counter()
        while True:
            fn(items)
            loops += 1
            elapsed = time.perf_counter() - start
            if elapsed >= min_time:
                break
        best = max(best, loops * len(items) / elapsed)
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=3000, help="hands per game (pokerkit is slow)")
    ap.add_argument("--seed", type=int, default=20240601)
    args = ap.parse_args()

    import_ms = 1000 * min(
        fresh_interpreter(
            "import time; t = time.perf_counter(); import floorkill.cards; "
            "print(time.perf_counter() - t)"
        )
        for _ in range(3)
    )
    cold_showdown_ms = 1000 * fresh_interpreter(
        "import time, floorkill.cards as c; t = time.perf_counter(); "
        "c.showdown('omaha8', 'Ac 2d 7h 9s Kd', {1: 'As 3c 4d Kh', 2: 'Qs Qd 5c 6h', 3: 'Jc Tc 8d 8h', "
        "4: '2h 3h 4h 5h', 5: 'Kc Ks 9c 9d', 6: '6c 7c 8c 9h', 7: 'Ah Ad Th Js', 8: '3s 4s 5s 6s', "
        "9: 'Td Jd Qh Qc'}); print(time.perf_counter() - t)"
    )

    from floorkill.cards import evaluate as ev
    from floorkill.cards import showdown
    from floorkill.cards._core import CODE

    t = time.perf_counter()
    entries = ev.build_tables()
    build_s = time.perf_counter() - t

    try:
        from importlib.metadata import version

        import pokerkit

        pk_version = version("pokerkit")
    except ImportError:  # pragma: no cover - the bench still times floorkill
        pokerkit, pk_version = None, "missing"

    rng = random.Random(args.seed)
    names = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    n = args.hands
    holdem = [rng.sample(names, 7) for _ in range(n)]
    omaha = [rng.sample(names, 9) for _ in range(n)]
    five53 = [rng.sample(names + ["Jk"], 5) for _ in range(n)]
    joker5 = [rng.sample(names, 4) + ["Jk"] for _ in range(n)]

    def fk(cards):
        return [CODE[c] for c in cards]

    fk_holdem = [(fk(d[:2]), fk(d[2:])) for d in holdem]
    fk_omaha = [(fk(d[:4]), fk(d[4:])) for d in omaha]
    fk_five53 = [fk(d) for d in five53]
    fk_joker5 = [fk(d) for d in joker5]

    def fk_holdem_run(items, f=ev.best_high):
        for hole, board in items:
            f(hole + board)

    def fk_omaha_run(items, f=ev.omaha_high):
        for hole, board in items:
            f(hole, board)

    def fk_o8_run(items, f=ev.omaha_low8):
        for hole, board in items:
            f(hole, board)

    def fk_a5_run(items, f=ev.low_a5):
        for cards in items:
            f(cards)

    def fk_dh_run(items, f=ev.draw_high):
        for cards in items:
            f(cards)

    rows = [
        ("hold'em 7-card high", fk_holdem_run, fk_holdem),
        ("Omaha high (4 + 5)", fk_omaha_run, fk_omaha),
        ("Omaha 8-or-better low", fk_o8_run, fk_omaha),
    ]
    pk_rates: list[float | None] = [None, None, None]
    if pokerkit is not None:

        def pk(cards):
            return tuple(pokerkit.Card.parse("".join(cards)))

        pk_holdem = [(pk(d[:2]), pk(d[2:])) for d in holdem]
        pk_omaha = [(pk(d[:4]), pk(d[4:])) for d in omaha]

        def pk_holdem_run(items, f=pokerkit.StandardHighHand.from_game):
            for hole, board in items:
                f(hole, board)

        def pk_omaha_run(items, f=pokerkit.OmahaHoldemHand.from_game):
            for hole, board in items:
                f(hole, board)

        def pk_o8_run(items, f=pokerkit.OmahaEightOrBetterLowHand.from_game):
            for hole, board in items:
                try:
                    f(hole, board)
                except ValueError:  # no qualifying low
                    pass

        pk_rates = [
            rate(pk_holdem_run, pk_holdem, min_time=0.0, repeats=1),
            rate(pk_omaha_run, pk_omaha, min_time=0.0, repeats=1),
            rate(pk_o8_run, pk_omaha, min_time=0.0, repeats=1),
        ]

    print(
        f"floorkill.cards bench: seed {args.seed}, {n} hands per game, "
        f"Python {platform.python_version()}, pokerkit {pk_version}"
    )
    print(f"import floorkill.cards (fresh interpreter, best of 3): {import_ms:.1f} ms")
    print(
        f"build all lookup tables (build_tables): {build_s * 1000:.0f} ms, {entries} entries "
        f"(without it they fill lazily; first 9-handed Omaha hi-lo showdown in a fresh "
        f"interpreter, cold tables: {cold_showdown_ms:.1f} ms)"
    )
    print()
    print(
        f"{'game':34} {'floorkill/s':>13} {'pokerkit/s':>12} {'ratio':>8}  goal >= {GOAL_RATIO:.0f}x"
    )
    ok = True
    for (label, run, items), pk_rate in zip(rows, pk_rates, strict=True):
        fk_rate = rate(run, items)
        if pk_rate:
            ratio = fk_rate / pk_rate
            verdict = "ok" if ratio >= GOAL_RATIO else "MISSED"
            ok &= ratio >= GOAL_RATIO
            print(f"{label:34} {fk_rate:13,.0f} {pk_rate:12,.0f} {ratio:7.0f}x  {verdict}")
        else:
            print(f"{label:34} {fk_rate:13,.0f} {'-':>12} {'-':>8}")
    with_joker = sum("Jk" in d for d in five53)
    for label, run, items in [
        ("California lowball, 53-card deck", fk_a5_run, fk_five53),
        ("California lowball, joker in hand", fk_a5_run, fk_joker5),
        ("draw high + joker, 53-card deck", fk_dh_run, fk_five53),
        ("draw high + joker, joker in hand", fk_dh_run, fk_joker5),
    ]:
        print(f"{label:34} {rate(run, items):13,.0f} {'(not in pokerkit)':>21}")
    print(f"  (53-card deck deals: {with_joker} of {n} hold the joker)")

    # 9-handed Omaha hi-lo showdown, parsing included
    deals = []
    for _ in range(300):
        cards = rng.sample(names, 41)
        hands = {seat: " ".join(cards[4 * (seat - 1) : 4 * seat]) for seat in range(1, 10)}
        deals.append((" ".join(cards[36:]), hands))
    times = []
    for _ in range(3):
        for board, hands in deals:
            t = time.perf_counter()
            showdown("omaha8", board, hands)
            times.append(time.perf_counter() - t)
    med = statistics.median(times) * 1000
    p99 = sorted(times)[int(len(times) * 0.99)] * 1000
    verdict = "ok" if med < GOAL_SHOWDOWN_MS else "MISSED"
    ok &= med < GOAL_SHOWDOWN_MS
    print()
    print(
        f"9-handed Omaha hi-lo showdown(): median {med:.3f} ms, p99 {p99:.3f} ms "
        f"over {len(times)} calls (goal < {GOAL_SHOWDOWN_MS:g} ms) {verdict}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

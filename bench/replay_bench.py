"""Replay 100,000 hand events on a 9-seat two-pots table against a same-run baseline.

Baseline: 100,000 ``dataclasses.replace`` calls on a 10-field frozen dataclass.
Goal: the rules step costs at most 10 baseline replaces per event.
Run: python bench/replay_bench.py [N]
"""

from __future__ import annotations

import dataclasses
import random
import sys
import time

from floorkill.rules import apply, initial_state, load_table_text
from floorkill.rules.events import parse_event

TABLE = """
[table]
name = "Bench"
game = "holdem"
seats = 9
[stakes]
structure = "fixed"
bets = [10, 20]
blinds = [5, 10]
[kill]
kind = "full"
triggers = ["two-pots"]
""" + "".join(f'[[players]]\nseat = {s}\nname = "P{s}"\n' for s in range(1, 10))


@dataclasses.dataclass(frozen=True)
class Ten:
    a: int = 0
    b: int = 0
    c: int = 0
    d: int = 0
    e: int = 0
    f: int = 0
    g: int = 0
    h: int = 0
    i: int = 0
    j: int = 0


def events(n: int) -> list[dict]:
    rng = random.Random(7)
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.1:
            out.append({"type": "hand", "winners": sorted(rng.sample(range(1, 10), 2))})
        else:
            out.append(
                {
                    "type": "hand",
                    "winner": rng.randint(1, 9),
                    "won_beyond_blinds": rng.choice([0, 10, 20, 40]),
                }
            )
    return out


SHOWDOWNS = [
    ("Ah Kd 7c 2s 9h", "As Ks", "Qd Qh"),
    ("2c 4d 5h 9s Kc", "Ac 3d", "Kd Ks"),
    ("Th Jh Qh 2d 3c", "Kh Ah", "2h 2s"),
]


def mixed_events(n: int) -> list[dict]:
    """A session with showdowns (10%, explained in words), splits and the second-leg answer."""
    rng = random.Random(11)
    out: list[dict] = []
    for _ in range(n):
        r = rng.random()
        if r < 0.1:
            board, a, b = rng.choice(SHOWDOWNS)
            s1, s2 = rng.sample(range(1, 10), 2)
            out.append(
                {
                    "type": "hand",
                    "showdown": {"board": board, "hands": {str(s1): a, str(s2): b}},
                    "won_beyond_blinds": rng.choice([0, 10, 20]),
                }
            )
        elif r < 0.2:
            out.append({"type": "hand", "winners": sorted(rng.sample(range(1, 10), 2))})
        else:
            out.append(
                {
                    "type": "hand",
                    "winner": rng.randint(1, 9),
                    "won_beyond_blinds": rng.choice([0, 10, 20, 40]),
                }
            )
    return out


def best_of(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    cfg = load_table_text(TABLE).config
    players = load_table_text(TABLE).players
    raw = events(n)
    parsed = [parse_event(e, 9) for e in raw]

    def baseline() -> None:
        x = Ten()
        for k in range(n):
            x = dataclasses.replace(x, a=k)

    def replay_parsed() -> None:
        st = initial_state(cfg, players)
        for ev in parsed:
            st = apply(st, ev).state

    def replay_raw() -> None:
        st = initial_state(cfg, players)
        for ev in raw:
            st = apply(st, ev).state

    mixed = [parse_event(e, 9) for e in mixed_events(n)]

    def replay_mixed() -> None:
        st = initial_state(cfg, players)
        for ev in mixed:
            st = apply(st, ev).state

    base = best_of(baseline)
    rm = best_of(replay_mixed)
    rp = best_of(replay_parsed)
    rr = best_of(replay_raw)
    print(f"events: {n}")
    print(f"baseline dataclasses.replace x{n}: {base:.3f} s ({base / n * 1e6:.2f} us each)")
    print(
        f"replay, parsed events:   {rp:.3f} s ({rp / n * 1e6:.2f} us/event) "
        f"ratio {rp / base:.2f} replaces/event (goal <= 10)"
    )
    print(
        f"replay, raw dict events: {rr:.3f} s ({rr / n * 1e6:.2f} us/event) "
        f"ratio {rr / base:.2f} replaces/event"
    )
    print(
        f"replay, parsed, 10% showdowns explained: {rm:.3f} s ({rm / n * 1e6:.2f} us/event) "
        f"ratio {rm / base:.2f} replaces/event"
    )


if __name__ == "__main__":
    main()

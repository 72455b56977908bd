"""Table files with many recorded events, every one of which the rules accept in order:
a 9-seat hold'em two-pots table; hands, splits, steps away and back, stacks."""

from __future__ import annotations

import random

NAME = "Bench 12"


def table_head(name: str = NAME) -> str:
    lines = [
        "[table]",
        f'name = "{name}"',
        'game = "holdem"',
        "seats = 9",
        "button = 1",
        "[stakes]",
        'structure = "fixed"',
        "bets = [4, 8]",
        "blinds = [2, 4]",
        "[kill]",
        'kind = "half"',
        'triggers = ["two-pots"]',
    ]
    for s in range(1, 10):
        lines += ["[[players]]", f"seat = {s}", f'name = "Player {s}"', "stack = 200"]
    return "\n".join(lines) + "\n"


def events(n: int, seed: int = 12) -> list[dict]:
    """n events the rules accept in order (nobody ever away at a hand)."""
    rng = random.Random(seed)
    out: list[dict] = []
    while len(out) < n:
        r = rng.random()
        if r < 0.08 and len(out) + 2 <= n:
            s = rng.randint(1, 9)
            out += [{"type": "away", "seat": s}, {"type": "back", "seat": s}]
        elif r < 0.12:
            amount = rng.choice([150, "212.50", 400])
            out.append({"type": "stack", "seat": rng.randint(1, 9), "amount": amount})
        elif r < 0.2:
            out.append({"type": "hand", "winners": sorted(rng.sample(range(1, 10), 2))})
        else:
            out.append(
                {"type": "hand", "winner": rng.randint(1, 9), "qualifies": rng.random() < 0.5}
            )
    return out


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    return str(v)


def table_file_text(n: int, name: str = NAME) -> str:
    parts = [table_head(name)]
    for ev in events(n):
        parts.append("[[events]]\n" + "".join(f"{k} = {_value(v)}\n" for k, v in ev.items()))
    return "".join(parts)

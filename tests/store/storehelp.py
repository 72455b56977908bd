"""Shared helpers of the store tests: table files and random (but accepted) sessions."""

from __future__ import annotations

import random
from pathlib import Path

from floorkill.rules import Refusal, apply, initial_state, load_table_text

FIXTURES = Path(__file__).resolve().parent / "fixtures"
T1 = FIXTURES / "t1.toml"
T1_OK = FIXTURES / "t1-accepted.toml"  # t1.toml without its refused event 6


def table_text(
    name: str = "Table 9",
    *,
    seats: int = 9,
    players: int = 9,
    triggers: str = '["two-pots"]',
    extra_kill: str = "",
) -> str:
    lines = [
        "[table]",
        f'name = "{name}"',
        'game = "holdem"',
        f"seats = {seats}",
        "button = 1",
        "[stakes]",
        'structure = "fixed"',
        "bets = [10, 20]",
        "blinds = [5, 10]",
        "[kill]",
        'kind = "full"',
        f"triggers = {triggers}",
        extra_kill,
    ]
    for s in range(1, players + 1):
        lines += ["[[players]]", f"seat = {s}", f'name = "P{s}"', "stack = 1000"]
    return "\n".join(lines) + "\n"


def table(name: str = "Table 9", **kw):
    return load_table_text(table_text(name, **kw), f"<{name}>")


def bar_p3_at_table_8(floor) -> None:
    """At Table 8 (``floor``'s table): P3 wins two pots, then leaves without posting the
    kill — barred there, and so at every table where P3 sits (rrop-13.6)."""
    floor.commit({"type": "hand", "winner": 3})
    floor.commit({"type": "hand", "winner": 3, "qualifies": True})
    (asked,) = [q for q in floor.needs({"type": "quit", "seat": 3}) if q.ask]
    floor.commit(asked.answered({"type": "quit", "seat": 3}, False))


RICH_KILL = "voluntary = true\nvoluntary_cards = 2"


def rich_table(name: str = "Rich"):
    """A 9-seat table with 6 players and every option that makes states interesting."""
    return table(name, players=6, extra_kill=RICH_KILL)


def candidate_event(rng: random.Random, seats: int = 9) -> dict:
    s = rng.randint(1, seats)
    kind = rng.choices(
        [
            "hand",
            "split",
            "missed",
            "join",
            "away",
            "back",
            "quit",
            "pay",
            "vol",
            "stack",
            "underpost",
        ],
        weights=[30, 5, 3, 6, 5, 5, 4, 3, 3, 2, 2],
    )[0]
    if kind == "hand":
        ev = {"type": "hand", "winner": s}
        r = rng.random()
        if r < 0.4:
            ev["qualifies"] = rng.random() < 0.6
        elif r < 0.6:
            ev["won_beyond_blinds"] = rng.choice([0, 5, 10, 40])
        return ev
    if kind == "split":
        t = rng.randint(1, seats)
        return {"type": "hand", "winners": sorted({s, t})}
    if kind == "missed":
        return {"type": "hand", "winner": s, "qualifies": False, "kill_posted": False}
    if kind == "join":
        ev = {
            "type": "join",
            "seat": s,
            "name": rng.choice(["P1", "P2", "Eve", "Flo", "Gus", "Hal", "Ivy", "P7"]),
            "stack": rng.choice([100, 500, 1000]),
        }
        if rng.random() < 0.3:
            ev["agrees_to_kill"] = True
        return ev
    if kind == "away":
        return {"type": "away", "seat": s, **({"posts_kill": False} if rng.random() < 0.5 else {})}
    if kind == "back":
        return {"type": "back", "seat": s}
    if kind == "quit":
        return {"type": "quit", "seat": s, **({"posts_kill": False} if rng.random() < 0.5 else {})}
    if kind == "pay":
        return {"type": "pay_kill", "name": rng.choice(["P1", "P2", "P3", "P4", "P5", "P6", "Eve"])}
    if kind == "vol":
        return {"type": "voluntary_kill", "seat": s}
    if kind == "stack":
        return {"type": "stack", "seat": s, "amount": rng.choice([50, 200, "12.50"])}
    return {"type": "underpost", "seat": s}


def random_events(seed: int, n: int, tf=None) -> list[dict]:
    """n events the rules accept in order (refused candidates are dropped)."""
    tf = tf or rich_table()
    rng = random.Random(seed)
    st = initial_state(tf.config, tf.players)
    out: list[dict] = []
    tries = 0
    while len(out) < n and tries < n * 50:
        tries += 1
        ev = candidate_event(rng, tf.config.seats)
        try:
            st = apply(st, ev).state
        except Refusal:
            continue
        out.append(ev)
    return out


def hand_events(n: int, start: int = 0, seats: int = 9) -> list[dict]:
    return [
        {"type": "hand", "winner": (i % seats) + 1, "qualifies": False}
        for i in range(start, start + n)
    ]


ROOT = Path(__file__).resolve().parents[2]

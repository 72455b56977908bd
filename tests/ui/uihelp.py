"""Tables and sessions for the UI tests: MemorySession with fixed events (deterministic)."""

from __future__ import annotations

from floorkill.rules import load_table_text
from floorkill.store.session import MemorySession

HOLDEM = """
[table]
name = "Table 12"
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
seat = 3
name = "Cy"
[[players]]
seat = 4
name = "Dee"
stack = 500
[[players]]
seat = 7
name = "Gus"
stack = 1250
"""

OMAHA8 = """
[table]
name = "Table 7"
game = "omaha8"
seats = 9
button = 1
[stakes]
structure = "fixed"
bets = [10, 20]
blinds = [5, 10]
[kill]
kind = "full"
triggers = ["scoop"]
scoop_minimum = "5x-upper"
[[players]]
seat = 2
name = "Bo"
[[players]]
seat = 3
name = "Cy"
[[players]]
seat = 5
name = "Eve"
[[players]]
seat = 8
name = "Hal"
"""

EVIL = """
[table]
name = "Table 9"
game = "holdem"
seats = 6
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
name = "[@click=app.quit]Eve[/]"
[[players]]
seat = 4
name = "[/]"
[[players]]
seat = 5
name = "[bold red]Rex"
"""


def session(text: str = HOLDEM, events=()) -> MemorySession:
    tf = load_table_text(text)
    s = MemorySession(tf.config, tf.players, who="test")
    for ev in events:
        s.append(ev)
    return s


def hand(winner: int, **extra) -> dict:
    return {"type": "hand", "winner": winner, **extra}


NEUTRAL_EVENTS = [{"type": "hand", "winners": [3, 4]}]
LEG_UP_EVENTS = [hand(3)]
KILLED_EVENTS = [hand(3), hand(3, qualifies=True)]

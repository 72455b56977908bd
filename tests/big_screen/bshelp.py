"""Journals for the big-screen tests: written with the podium's Journal, read by the app."""

from __future__ import annotations

import hashlib
from pathlib import Path

from floorkill.rules import load_table_text
from floorkill.store.journal import Journal

HERE = Path(__file__).resolve().parent
PODIUM = HERE / "podium_proc.py"
HOSTILE = "[@click=app.quit]x[/]"

TABLE = """
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
stack = 1000
[[players]]
seat = 2
name = "%s"
stack = 800
[[players]]
seat = 3
name = "Cy"
stack = 1200
[[players]]
seat = 5
name = "Eve"
stack = 640
[[players]]
seat = 7
name = "Gus"
stack = 1500
""" % HOSTILE


def table_text(name: str = "Table 12") -> str:
    return TABLE.replace('name = "Table 12"', f'name = "{name}"')


def hand(winner: int, **extra) -> dict:
    return {"type": "hand", "winner": winner, **extra}


NEUTRAL = [{"type": "hand", "winners": [1, 3]}]
KILL_POT = [hand(3), hand(3, qualifies=True)]           # Cy kills: $20-$40
HOSTILE_LEG = [hand(3), hand(2)]                         # the hostile name has a leg up


def make_journal(path: Path, events=(), *, name: str = "Table 12", keep_open: bool = False):
    """A journal with one table and ``events`` appended. Returns the open Journal when
    ``keep_open`` (the podium still running), else None."""
    j = Journal(path, "podium")
    tf = load_table_text(table_text(name), f"<{name}>")
    s = j.create_table(tf)
    for ev in events:
        s.append(ev)
    if keep_open:
        return j, s
    j.close()
    return None


def add_table(path: Path, name: str, events=()) -> None:
    j = Journal(path, "podium")
    s = j.create_table(load_table_text(table_text(name), f"<{name}>"))
    for ev in events:
        s.append(ev)
    j.close()


def digest(path: Path) -> dict[str, str | None]:
    """sha256 of the journal and its WAL (None when absent)."""
    out: dict[str, str | None] = {}
    for p in (path, Path(str(path) + "-wal")):
        out[p.name] = hashlib.sha256(p.read_bytes()).hexdigest() if p.exists() else None
    return out


def text_of(app, selector: str) -> str:
    """The plain text a Static shows."""
    return str(app.query_one(selector).content)

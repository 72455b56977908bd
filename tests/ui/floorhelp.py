"""Tables, journals and small helpers for the floor tests (players, rulings, tables)."""

from __future__ import annotations

from contextlib import asynccontextmanager
from pathlib import Path

from uihelp import HOLDEM, hand, session

from floorkill.rules import load_table_text
from floorkill.store.journal import Journal

# $2-$4 A-5 lowball, voluntary kills allowed: kill blind $4, a voluntary killer needs $16.
LOWBALL = """
[table]
name = "Table 21"
game = "lowball-a5"
seats = 8
button = 1
[stakes]
structure = "fixed"
bets = [2, 4]
blinds = [1, 2]
[kill]
kind = "full"
triggers = ["two-pots"]
voluntary = true
[[players]]
seat = 1
name = "Ann"
stack = 100
[[players]]
seat = 2
name = "Bo"
stack = 15
[[players]]
seat = 3
name = "Cy"
stack = 40
[[players]]
seat = 5
name = "Eve"
"""

# The same Hold'em game under the WSOP preset: a new player may sit into a kill pot.
WSOP = HOLDEM.replace('name = "Table 12"', 'name = "Table 30"').replace(
    'triggers = ["two-pots"]', 'triggers = ["two-pots"]\npreset = "wsop"'
)

# Another table of the evening: $4-$8 Hold'em, half kill.
HALF = """
[table]
name = "Table 14"
game = "holdem"
seats = 9
button = 1
[stakes]
structure = "fixed"
bets = [4, 8]
blinds = [2, 4]
[kill]
kind = "half"
triggers = ["two-pots"]
[[players]]
seat = 1
name = "Ivy"
[[players]]
seat = 2
name = "Jon"
[[players]]
seat = 6
name = "Kim"
"""

# Stud: no blinds, so no kill (house-blind-games) — a different game type.
STUD = """
[table]
name = "Table 3"
game = "stud"
seats = 8
[stakes]
structure = "fixed"
bets = [5, 10]
[kill]
kind = "none"
[[players]]
seat = 1
name = "Rita"
[[players]]
seat = 2
name = "Sam"
"""

KILLED = [hand(3), hand(3, qualifies=True)]  # Cy must kill the coming hand for $20


def journal_with(path: Path, *tables: tuple[str, list]) -> Journal:
    """A journal holding each (table text, events) in order."""
    j = Journal(path, "test")
    for text, events in tables:
        s = j.create_table(load_table_text(text), text)
        for ev in events:
            s.append(ev)
    return j


__all__ = ["HALF", "HOLDEM", "KILLED", "LOWBALL", "STUD", "WSOP", "hand", "journal_with", "session"]


@asynccontextmanager
async def new_table_editor(*, lang: str = "en", name: str | None = None, size=(120, 40)):
    """The podium's table editor for a new table (Ctrl+T, n), its name typed when given:
    yields (app, pilot, editor)."""
    from floorkill.ui.podium import make_podium_app

    app = make_podium_app(session(), lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.press("ctrl+t", "n")
        editor = app.screen
        if name is not None:
            editor.field("name").value = name
        yield app, pilot, editor

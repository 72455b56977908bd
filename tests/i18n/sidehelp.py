"""An evening for the side screens' language tests: a kill pot, a leg up, a barred player,
a closed table (in memory, deterministic)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from uihelp import HOLDEM, OMAHA8, hand, session  # noqa: E402

from floorkill.ui.podium import make_podium_app  # noqa: E402

LOWBALL = (
    HOLDEM.replace('name = "Table 12"', 'name = "Table 3"')
    .replace('game = "holdem"', 'game = "lowball-a5"')
    .replace('triggers = ["two-pots"]', 'triggers = ["two-pots"]\nvoluntary = true')
)
# a long name: the table list and the room view must still show the kill status at 80 columns
LONG = "Zoë Hart-Villanueva"
NAMES = [
    "Ann",
    "Bo",
    "Cy",
    "Dee",
    "Eve",
    "Gus",
    "Hal",
    LONG,
    "Table 12",
    "Table 7",
    "Table 3",
    "Table 9",
]


def evening():
    """(current session, others): Table 12 a kill pot by a long name; Table 7 a leg up and
    Cy barred (left without posting the kill); Table 3 neutral; Table 9 closed."""
    t12 = session(
        HOLDEM.replace('name = "Gus"', f'name = "{LONG}"'),
        events=[hand(7, pot=12000), hand(7, qualifies=True, pot=9000)],
    )
    t7 = session(
        OMAHA8.replace('triggers = ["scoop"]', 'triggers = ["two-pots"]'),
        events=[
            hand(3),
            hand(3, qualifies=True),
            {"type": "quit", "seat": 3, "posts_kill": False},
            hand(5),
        ],
    )
    t3 = session(LOWBALL, events=[])
    t9 = session(
        HOLDEM.replace('name = "Table 12"', 'name = "Table 9"'),
        events=[hand(1), {"type": "close_table"}],
    )
    return t12, [t7, t3, t9]


def evening_app(lang: str = "ru"):
    current, others = evening()
    return make_podium_app(current, lang=lang, others=others, cursor_blink=False)

"""Snapshots of the podium (pytest-textual-snapshot): plain def tests, sizes given.

Apps are built from MemorySession with fixed events; nothing on screen depends on
the clock. Regenerate with ``pytest tests/ui/test_snapshots.py --snapshot-update``
after a deliberate change, and look at every SVG before committing it.
"""

from __future__ import annotations

import pytest
from uihelp import EVIL, KILLED_EVENTS, LEG_UP_EVENTS, NEUTRAL_EVENTS, hand, session

from floorkill.ui.podium import make_podium_app

STATES = {"neutral": NEUTRAL_EVENTS, "leg_up": LEG_UP_EVENTS, "killed": KILLED_EVENTS}
BARRED_EVENTS = [*KILLED_EVENTS, {"type": "quit", "seat": 3, "posts_kill": False}]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("state", list(STATES))
def test_podium(snap_compare, state, size):
    app = make_podium_app(session(events=STATES[state]), cursor_blink=False)
    assert snap_compare(app, terminal_size=size)


def test_podium_markup_names(snap_compare):
    """Names that look like markup are drawn as typed: "[@click=app.quit]Eve[/]", "[/]"."""
    app = make_podium_app(session(EVIL, events=[hand(2), hand(4)]), cursor_blink=False)
    assert snap_compare(app, terminal_size=(80, 24))


def test_podium_question_asked(snap_compare):
    """The second-leg question, with its clause, at 80x24."""
    app = make_podium_app(session(events=LEG_UP_EVENTS), cursor_blink=False)
    assert snap_compare(app, press=["3", "enter"], terminal_size=(80, 24))


SIZES = [(80, 24), (100, 30), (120, 40), (160, 45)]
# English at 80x24 and 120x40 is test_podium[killed-...]: the other sizes here, Russian at all
EVERY = [("en", (100, 30)), ("en", (160, 45))] + [("ru", size) for size in SIZES]


@pytest.mark.parametrize("lang,size", EVERY, ids=[f"{lang}-{w}x{h}" for lang, (w, h) in EVERY])
def test_podium_kill_pot_at_every_size_in_both_languages(snap_compare, lang, size):
    """At 80x24, 100x30, 120x40 and 160x45, in English and Russian, nothing
    essential is cut (names, the KILL POT banner, the decisions)."""
    app = make_podium_app(session(events=KILLED_EVENTS), lang=lang, cursor_blink=False)
    assert snap_compare(app, terminal_size=size)


# the other main states in both languages (kill pot is above at every size)
MAIN = [
    ("ru", state, size)
    for state in ("neutral", "leg_up", "barred")
    for size in [(80, 24), (120, 40)]
] + [
    ("en", "barred", (80, 24)),
    ("en", "barred", (120, 40)),
    ("en", "leg_up", (100, 30)),
    ("ru", "leg_up", (100, 30)),
    ("ru", "leg_up", (160, 45)),
]


@pytest.mark.parametrize(
    "lang,state,size", MAIN, ids=[f"{lang}-{st}-{w}x{h}" for lang, st, (w, h) in MAIN]
)
def test_podium_main_states_in_both_languages(snap_compare, lang, state, size):
    events = BARRED_EVENTS if state == "barred" else STATES[state]
    app = make_podium_app(session(events=events), lang=lang, cursor_blink=False)
    assert snap_compare(app, terminal_size=size)


def test_podium_question_asked_in_russian(snap_compare):
    """The second-leg question in the entry, in Russian, at 80x24."""
    app = make_podium_app(session(events=LEG_UP_EVENTS), lang="ru", cursor_blink=False)
    assert snap_compare(app, press=["3", "enter"], terminal_size=(80, 24))

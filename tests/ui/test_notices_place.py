"""Notices never cover the rules panel's record and decisions, the hand entry (and its
question) or the seating diagram: they sit at the bottom of the side column."""

from __future__ import annotations

import pytest
from termhelp import settle
from uihelp import hand, session

from floorkill.ui.podium import make_podium_app
from floorkill.ui.widgets.hand_entry import HandEntry
from floorkill.ui.widgets.rules_panel import RulesPanel
from floorkill.ui.widgets.seating import Seating


def decisions_rows(panel: RulesPanel) -> int:
    """Screen rows from the panel's top down to the end of its Decisions block."""
    lines = [s.text for s in panel._lines]
    start = next(i for i, t in enumerate(lines) if t.strip() == "Decisions")
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].strip()), len(lines))
    return panel.region.y + 1 + end  # +1: the border


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40), (160, 45)])
async def test_a_notice_after_a_hand_covers_neither_decisions_nor_entry_nor_seats(size):
    s = session(events=[hand(3)])
    app = make_podium_app(s, notices=["A notice from the start, to stack with the next one."])
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.press("3", "enter")  # second leg question: entry busy
        await pilot.press("y", "enter")  # recorded: a notice with decisions
        await settle(pilot)  # the hand saved (in the journal thread) and its notice posted
        for _ in range(100):  # bounded: the notice's toast mounts after it is posted
            toasts = list(app.screen.query("Toast"))  # by CSS type: no private import
            if toasts:
                break
            await pilot.pause(0.02)
        assert toasts
        panel = app.query_one(RulesPanel)
        entry = app.query_one(HandEntry).region
        seats = app.query_one(Seating).region
        bottom_of_decisions = decisions_rows(panel)
        for t in toasts:
            r = t.region
            assert not r.overlaps(entry), (r, entry)
            assert r.y >= bottom_of_decisions, (r, bottom_of_decisions)
            assert r.x >= seats.right - 2, (r, seats)  # at most the gutter

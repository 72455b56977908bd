"""F3 on the podium switches the status line and the seat labels with the rest (the other
podium surfaces follow in issue 14's second part, after the podium's restructure)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from uihelp import hand, session  # noqa: E402

from floorkill.ui.podium import make_podium_app  # noqa: E402
from floorkill.ui.seating import Seating  # noqa: E402
from floorkill.ui.status_line import StatusLine  # noqa: E402


def _status(app) -> str:
    group = app.query_one(StatusLine).render()
    return " ".join(t.plain for t in group.renderables)


async def test_f3_switches_status_line_and_seat_labels():
    app = make_podium_app(session(events=[hand(3), hand(3, qualifies=True)]))
    async with app.run_test(size=(120, 40)) as pilot:
        seating = app.query_one(Seating)
        assert "KILL POT — Seat 3" in _status(app) and "Hand 3" in _status(app)
        assert "▲KILL" in seating.render_text().plain
        await pilot.press("f3")
        assert "КИЛЛ-ПОТ — место 3" in _status(app) and "Раздача 3" in _status(app)
        assert "▲КИЛЛ" in seating.render_text().plain and "KILL" not in seating.render_text().plain
        await pilot.press("f3")
        assert "KILL POT — Seat 3" in _status(app) and "▲KILL" in seating.render_text().plain

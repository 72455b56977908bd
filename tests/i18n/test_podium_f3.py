"""F3 on the podium switches the status line and the seat labels with the rest (the other
podium surfaces: tests/i18n/test_podium_words.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from langhelp import f3_to  # noqa: E402
from uihelp import hand, session  # noqa: E402

from floorkill.ui.podium import make_podium_app  # noqa: E402
from floorkill.ui.widgets.seating import Seating  # noqa: E402
from floorkill.ui.widgets.status_line import StatusLine  # noqa: E402


def _status(app) -> str:
    group = app.query_one(StatusLine).render()
    return " ".join(t.plain for t in group.renderables)


async def test_f3_switches_status_line_and_seat_labels():
    app = make_podium_app(session(events=[hand(3), hand(3, qualifies=True)]))
    async with app.run_test(size=(120, 40)) as pilot:
        seating = app.query_one(Seating)
        assert "KILL POT — Seat 3" in _status(app) and "Hand 3" in _status(app)
        assert "▲KILL" in seating.render_text().plain
        await pilot.press(*f3_to("ru"))
        assert "КИЛЛ-ПОТ — место 3" in _status(app) and "Раздача 3" in _status(app)
        assert "▲КИЛЛ" in seating.render_text().plain and "KILL" not in seating.render_text().plain
        await pilot.press(*f3_to("en", "ru"))
        assert "KILL POT — Seat 3" in _status(app) and "▲KILL" in seating.render_text().plain


def test_history_lines_follow_the_language():
    from floorkill.event_words import record_line

    s = session(events=[hand(3, pot=120), hand(3, qualifies=True), {"type": "away", "seat": 4}])
    recs = s.records(0, len(s))
    en = [record_line(r, "en") for r in recs]
    ru = [record_line(r, "ru") for r in recs]
    assert "winner 3, pot $120" in en[0] and "2nd leg yes" in en[1] and "away seat 4" in en[2]
    assert "банк у места 3, банк 120\u00a0$" in ru[0] and "вторая нога засчитана" in ru[1]
    assert "отход от стола: место 4" in ru[2]

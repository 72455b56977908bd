"""The podium's two new actions from the command palette: the dispute view and the shift
report (written beside the journal, or to the user data folder without one)."""

from __future__ import annotations

import os
from pathlib import Path

from uihelp import HOLDEM, hand, session

from floorkill.rules import load_table_text
from floorkill.store.journal import Journal
from floorkill.ui.podium import make_podium_app
from floorkill.ui.screens.dispute import DisputeScreen

SIZE = (120, 40)


async def palette(pilot, words: str) -> None:
    await pilot.press("ctrl+p")
    await pilot.press(*words)
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


async def test_shift_report_from_the_palette_beside_the_journal(tmp_path):
    with Journal(tmp_path / "night.db", "Fay") as j:
        s = j.create_table(load_table_text(HOLDEM))
        for ev in (hand(3), hand(3, qualifies=True), hand(3)):
            s.append(ev)
        app = make_podium_app(s)
        async with app.run_test(size=SIZE) as pilot:
            await palette(pilot, "Shift report")
            files = list((tmp_path / "reports").glob("shift-*.html"))
            assert len(files) == 1
            html = files[0].read_text(encoding="utf-8")
            assert 'data-k="kill-pots" data-table="Table 12">1<' in html
            assert 'data-k="seal"' in html
            # the seal is recorded at the table: a correction before it asks first
            for _ in range(50):
                if len(s) == 4:
                    break
                await pilot.pause(0.05)
            seal = s.records(3, 4)[0]
            assert seal.type == "seal" and seal.event["report"] == files[0].name
            assert f'data-k="seal">{seal.event["head"]}<' in html
            assert s.state == j.open_table("Table 12").state  # nothing of play changed


async def test_shift_report_of_tables_kept_in_memory(tmp_path):
    s = session(events=[hand(3), hand(4)])
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await palette(pilot, "Shift report")
    data = Path(os.environ["XDG_DATA_HOME"]) / "floorkill" / "reports"
    files = list(data.glob("shift-*.html"))
    assert len(files) == 1
    html = files[0].read_text(encoding="utf-8")
    assert 'data-k="hands" data-table="Table 12">2<' in html and "no chain to seal" in html


async def test_dispute_from_the_palette_and_back(tmp_path):
    s = session(events=[hand(3), hand(4)])
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await palette(pilot, "Dispute")
        assert isinstance(app.screen, DisputeScreen) and app.screen.seq == 2
        await pilot.press("left")
        assert app.screen.state.hands == 1
        await pilot.press("escape")
        assert not isinstance(app.screen, DisputeScreen)
        await pilot.press("7", "enter")  # the podium still enters hands
        assert len(s) == 3 and s.state.button.seat == 7


async def test_enter_in_the_history_opens_the_dispute_at_that_record():
    """F7 then ↑ and Enter: the dispute view at the record under the cursor (as F12 there);
    Enter in the dispute's own history keeps that record; Esc returns with the history still
    focused (nothing was recorded), and F5 then a hand works as always."""
    from floorkill.ui.widgets.history_view import HistoryView

    s = session(events=[hand(3), hand(4), hand(7)])
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f7", "up", "up", "enter")
        await pilot.pause()
        assert isinstance(app.screen, DisputeScreen) and app.screen.seq == 1
        assert app.screen.state.hands == 1 and app.screen.state.button.seat == 3
        await pilot.press("right", "enter")
        await pilot.pause()
        assert isinstance(app.screen, DisputeScreen) and app.screen.seq == 2
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, DisputeScreen)
        assert isinstance(app.focused, HistoryView)
        assert len(s) == 3  # Enter on the history entered nothing
        await pilot.press("f5", "3", "enter")
        assert len(s) == 4 and s.state.button.seat == 3

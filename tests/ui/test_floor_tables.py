"""Several tables: the list, switching (each keeps its state), new tables by form, from a
sample or as a copy, rule presets and what differs from them (Pilot)."""

from __future__ import annotations

import tomllib

from floorhelp import (
    HALF,
    HOLDEM,
    KILLED,
    LOWBALL,
    STUD,
    hand,
    journal_with,
    new_table_editor,
    session,
)
from termhelp import type_text
from textual.widgets import DataTable

from floorkill.rules import load_table_file
from floorkill.ui.podium import make_podium_app
from floorkill.ui.screens.table_editor import TableEditor
from floorkill.ui.screens.table_list import SampleModal, TableListScreen
from floorkill.ui.widgets.hand_entry import HandEntry
from floorkill.ui.widgets.history_view import HistoryView

SIZE = (120, 40)


def cell(dt: DataTable, row: int, col: int) -> str:
    return str(dt.get_row_at(row)[col])


async def test_table_list_shows_each_table_and_enter_switches(tmp_path):
    j = journal_with(tmp_path / "j.db", (HOLDEM, KILLED), (HALF, [hand(1)]), (STUD, []))
    app = make_podium_app(j.open_table("Table 12"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9")
        screen = app.screen
        assert isinstance(screen, TableListScreen)
        dt = screen.query_one(DataTable)
        assert screen.names == ["Table 12", "Table 14", "Table 3"]
        # the kill status right after the name: never cut at 80 columns (tests/i18n)
        assert [cell(dt, 0, c) for c in range(7)] == [
            "1 ●",
            "Table 12",
            "KILL Seat 3 Cy, $20",
            "",
            "Hold'em",
            "$10-$20",
            "full kill, two pots",
        ]
        assert cell(dt, 1, 2) == "leg up Seat 1 Ivy" and cell(dt, 1, 6) == "half kill, two pots"
        assert cell(dt, 2, 2) == "no kill" and cell(dt, 2, 6) == "no"
        await pilot.press("down", "enter")
        assert not isinstance(app.screen, TableListScreen)
        assert app.session.name == "Table 14"
        assert app.query_one(HistoryView).total == 1
        assert "Table 14" in app.title
        await pilot.press("f9", "3")  # its number switches at once
        assert app.session.name == "Table 3" and not isinstance(app.screen, TableListScreen)
        await pilot.press("f9", "1")
        assert app.session.name == "Table 12" and app.session.state.button.killed  # as it was
    j.close()


async def test_switching_keeps_each_tables_state_and_unfinished_line():
    a = session(events=[hand(3)])
    b = session(HALF)
    app = make_podium_app(a, others=[b])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "enter")  # the second-leg question is open at A
        assert app.query_one(HandEntry).question is not None
        app.switch_table("Table 14")
        await pilot.pause()
        entry = app.query_one(HandEntry)
        assert entry.question is None and entry.input.value == ""
        await pilot.press("2", "enter")  # Jon wins at B
        assert b.state.button.seat == 2 and len(a) == 1
        view = app.query_one(HistoryView)
        shown = [view.render_line(y).text for y in range(view.size.height)]
        assert any("winner 2" in line for line in shown)  # B's history, not A's
        assert not any("winner 3" in line for line in shown)
        await pilot.press("6")  # left unfinished at B
        app.switch_table("Table 12")
        await pilot.pause()
        assert app.session is a and a.state.button.seat == 3
        assert app.query_one(HandEntry).input.value == "3"  # A's typed line is back
        app.switch_table("Table 14")
        await pilot.pause()
        assert app.query_one(HandEntry).input.value == "6"
        assert app.tables.get("Table 14") is b  # the same session, kept open


async def test_new_table_by_form_is_validated_saved_and_created(tmp_path):
    j = journal_with(tmp_path / "j.db", (HOLDEM, []))
    app = make_podium_app(j.open_table("Table 12"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9", "n")
        ed = app.screen
        assert isinstance(ed, TableEditor)
        assert ed.error == "the table needs a name" and ed.checked is None
        await type_text(pilot, "Table 12")
        await pilot.press("ctrl+s")  # taken: refused, still editing
        assert isinstance(app.screen, TableEditor) and "already in the journal" in ed.error
        ed.field("name").value = "Table 8"
        ed.field("bets").value = "4"
        await pilot.pause()
        assert ed.error == "[stakes] bets: fixed limit needs [lower, upper]"
        ed.field("bets").value = "4 8"
        ed.field("blinds").value = "2 4"
        ed.field("kind").value = "half"
        ed.field("trigger-scoop").value = True
        ed.field("voluntary").value = True
        await pilot.pause()
        assert ed.error == "" and ed.checked is not None
        assert ed.differing == ["voluntary"]  # against Robert's Rules
        assert "≠ preset (no)" in ed.note("voluntary")
        assert "rrop-13.10" in ed.note("voluntary")
        await pilot.press("ctrl+s")
        assert not isinstance(app.screen, TableEditor)
        assert app.session.name == "Table 8"
        assert "Table 8" in j.table_names()
        path = ed.saved_path
        assert path == tmp_path / "tables" / "table-8.toml"
        assert not [p for p in path.parent.iterdir() if p.name.startswith(".")]  # no temp file left
        doc = tomllib.loads(path.read_text())
        assert doc["kill"]["kind"] == "half" and doc["kill"]["triggers"] == ["two-pots", "scoop"]
        cfg = load_table_file(path).config
        assert cfg == app.session.config and cfg.kill_blind == 600 and cfg.kill.voluntary
    j.close()


async def test_a_preset_resets_the_options_and_the_editor_marks_what_differs():
    async with new_table_editor(name="Table 9") as (app, pilot, ed):
        ed.field("preset").value = "wsop"
        await pilot.pause()
        assert ed.field("new_player").value == "may-sit"
        assert ed.field("missed_kill").value == "post-later"
        assert ed.differing == []
        ed.field("new_player").value = "must-agree"
        await pilot.pause()
        assert ed.differing == ["new_player"]
        note = ed.note("new_player")
        assert "≠ preset (may-sit)" in note and "rrop-13.12" in note
        ed.field("preset").value = "house-alternate"
        await pilot.pause()
        assert ed.field("walk").value == "neutral"
        assert ed.field("new_player").value == "must-agree"
        assert ed.differing == []
        await pilot.press("ctrl+s")
        cfg = app.session.config
        assert cfg.kill.preset == "house-alternate" and cfg.differs_from_preset() == {}
        assert app.session.name == "Table 9"  # in memory: no journal here


async def test_stud_cannot_be_a_kill_game():
    app = make_podium_app(session())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9", "n")
        await type_text(pilot, "Table 3")
        ed = app.screen
        ed.field("game").value = "stud"
        await pilot.pause()
        assert "house-blind-games" in ed.error
        ed.field("blinds").value = ""
        ed.field("kind").value = "none"
        await pilot.pause()
        assert ed.error == ""
        assert not any(ed.field(f"trigger-{t}").value for t in ("two-pots", "scoop", "big-pot"))
        await pilot.press("ctrl+s")
        assert app.session.name == "Table 3" and not app.session.config.is_kill_game


async def test_new_table_from_a_sample_keeps_its_players(tmp_path):
    j = journal_with(tmp_path / "j.db", (HOLDEM, []))
    app = make_podium_app(j.open_table("Table 12"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9", "s")
        modal = app.screen
        assert isinstance(modal, SampleModal) and len(modal.paths) >= 5
        index = next(i for i, p in enumerate(modal.paths) if "lowball" in p.name)
        modal.query_one("#sample-list").highlighted = index
        await pilot.press("enter")
        ed = app.screen
        assert isinstance(ed, TableEditor)
        sample = load_table_file(modal.paths[index])
        assert ed.field("name").value == sample.config.name
        await pilot.press("ctrl+s")
        s = app.session
        assert s.name == sample.config.name and s.config == sample.config
        assert s.players == sample.players and len(s) == 0  # its players, none of its events
    j.close()


async def test_copy_of_a_table_needs_a_new_name():
    a = session(LOWBALL)
    app = make_podium_app(a)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9", "c")
        ed = app.screen
        assert isinstance(ed, TableEditor)
        assert ed.field("name").value == ""
        await type_text(pilot, "Table 22")
        await pilot.press("ctrl+s")
        assert app.session.name == "Table 22"
        assert app.session.config.kill == a.config.kill and not app.session.state.occupied


async def test_escape_leaves_the_list_and_the_editor_without_changes():
    a = session()
    app = make_podium_app(a)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9", "n")
        await type_text(pilot, "Table 5")
        await pilot.press("escape")
        assert not isinstance(app.screen, (TableEditor, TableListScreen))
        assert app.tables.names() == ["Table 12"] and app.session is a

"""A table's life cycle at the podium: close / reopen (events, hidden from the list and the
big screen, kept in history), the demo table in its own demo journal, the About screen."""

from __future__ import annotations

from floorhelp import HALF, HOLDEM, STUD, hand, journal_with
from textual.widgets import DataTable, Static

from floorkill.store.demo import has_tables
from floorkill.store.journal import Journal
from floorkill.store.readonly import ReadOnlyJournal
from floorkill.ui.podium import make_podium_app, open_podium
from floorkill.ui.screens.about import AboutScreen, about_lines
from floorkill.ui.screens.table_list import TableListScreen
from floorkill.ui.widgets.history_view import HistoryView

SIZE = (120, 40)


async def test_close_hides_the_table_from_the_list_refuses_hands_and_reopen_brings_it_back(
    tmp_path,
):
    j = journal_with(tmp_path / "j.db", (HOLDEM, [hand(3)]), (HALF, []), (STUD, []))
    app = make_podium_app(j.open_table("Table 14"))
    async with app.run_test(size=SIZE) as pilot:
        app.close_table()
        await pilot.pause()
        await pilot.press("enter")  # the confirmation
        await pilot.pause()
        assert app.session.state.closed and "CLOSED" in app.title
        assert app.query_one(HistoryView).total == 1  # the close is a record, in history
        await pilot.press("3", "enter")  # a hand at a closed table: refused
        await pilot.pause()
        assert app.session.state.hands == 0
        await pilot.press("f9", "1")  # switch to Table 12
        await pilot.pause()
        assert app.session.name == "Table 12"
        await pilot.press("f9")
        screen = app.screen
        assert isinstance(screen, TableListScreen)
        assert screen.names == ["Table 12", "Table 3"]  # closed Table 14 is hidden
        assert "1 closed table hidden" in str(screen.query_one("#tables-error", Static).render())
        await pilot.press("a")  # shown on demand, marked closed
        assert screen.names == ["Table 12", "Table 14", "Table 3"]
        assert str(screen.query_one(DataTable).get_row_at(1)[2]) == "closed"
        await pilot.press("2")
        await pilot.pause()
        assert app.session.name == "Table 14"
        app.reopen_table()
        await pilot.pause()
        assert not app.session.state.closed and "CLOSED" not in app.title
    assert j.closed_tables() == set()
    j.close()


def test_closed_tables_leave_the_big_screens_list_and_the_default_choice(tmp_path):
    path = tmp_path / "j.db"
    j = journal_with(path, (HOLDEM, [{"type": "close_table"}]), (HALF, []))
    s = j.open_table("Table 14")
    s.append({"type": "close_table"})
    rec = s.append({"type": "reopen_table"})
    s.void(rec.seq, "closed by mistake after all")  # an undone reopen: closed again
    assert j.closed_tables() == {"Table 12", "Table 14"}
    assert j.open_table_names() == []
    j.close()
    ro = ReadOnlyJournal(path)
    try:
        assert ro.open_table_names() == []
    finally:
        ro.close()
    opening = open_podium(None, path, None)  # every table closed: one is shown, said
    try:
        assert opening.session.state.closed
        assert any("closed" in n for n in opening.notices)
    finally:
        opening.closer()


def test_first_launch_opens_the_sample_in_the_demo_journal_never_the_real_one(
    tmp_path, monkeypatch
):
    demo = tmp_path / "demo.db"
    monkeypatch.setenv("FLOORKILL_DEMO_JOURNAL", str(demo))
    real = tmp_path / "real.db"
    opening = open_podium(None, real, None)
    try:
        assert opening.demo_of == real
        assert opening.session.journal.path == demo and len(opening.session) == 6
        assert "DEMO" in opening.notices[0] and str(real) in opening.notices[0]
        assert opening.journal.path == real  # tables created go to the real journal
    finally:
        opening.closer()
    assert has_tables(demo) and not has_tables(real)
    again = open_podium(None, real, None)  # still empty: the same demo, not twice
    try:
        assert again.demo_of == real and len(again.session) == 6
    finally:
        again.closer()
    with Journal(real) as j:  # once the real journal has a table...
        from floorkill.rules import load_table_text

        j.create_table(load_table_text(HOLDEM), HOLDEM)
    third = open_podium(None, real, None)
    try:
        assert third.demo_of is None and third.session.name == "Table 12"
    finally:
        third.closer()


async def test_demo_podium_says_demo_and_a_new_table_goes_to_the_real_journal(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("FLOORKILL_DEMO_JOURNAL", str(tmp_path / "demo.db"))
    real = tmp_path / "real.db"
    opening = open_podium(None, real, None)
    try:
        app = make_podium_app(opening.session, notices=opening.notices, journal=opening.journal)
        app.demo_of = opening.demo_of
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "DEMO" in app.title
            from floorkill.rules import load_table_text

            created = app.tables.create(load_table_text(HOLDEM), HOLDEM)
            app.switch_table(created.name)
            await pilot.pause()
            assert "DEMO" not in app.title
            await pilot.press("3", "enter")
            await pilot.pause()
            assert created.state.hands == 1
    finally:
        opening.closer()
    assert has_tables(real)


def test_about_names_the_version_the_journal_and_robert_ciaffone(tmp_path):
    lines = "\n".join(about_lines(tmp_path / "j.db"))
    from floorkill import __version__

    assert __version__ in lines and str(tmp_path / "j.db") in lines
    assert "Robert's Rules of Poker" in lines and "Ciaffone" in lines
    assert "WSOP" in lines
    assert "DEMO" in "\n".join(about_lines(tmp_path / "d.db", demo=tmp_path / "j.db"))


async def test_about_opens_from_the_palette_and_esc_gives_the_entry_back(tmp_path):
    j = journal_with(tmp_path / "j.db", (HOLDEM, []))
    app = make_podium_app(j.open_table("Table 12"))
    async with app.run_test(size=SIZE) as pilot:
        app.action_about()
        await pilot.pause()
        assert isinstance(app.screen, AboutScreen)
        text = str(app.screen.query_one("#about-text", Static).render())
        assert str(tmp_path / "j.db") in text
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("3", "enter")
        await pilot.pause()
        assert app.session.state.hands == 1
    j.close()


async def test_the_demo_table_never_shows_in_a_real_journal_s_lists(tmp_path, monkeypatch):
    """Once the real journal has a table, the demo's sample is in none of its lists: the
    table switcher (F9), the room (players, the grid) and what the report reads."""
    from floorkill.rules import load_table_text
    from floorkill.ui.widgets.room_grid import room_states

    monkeypatch.setenv("FLOORKILL_DEMO_JOURNAL", str(tmp_path / "demo.db"))
    real = tmp_path / "real.db"
    opening = open_podium(None, real, None)
    try:
        app = make_podium_app(opening.session, notices=opening.notices, journal=opening.journal)
        app.demo_of = opening.demo_of
        demo = opening.session.name
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.tables.names() == [demo]  # the demo alone: it is where we are
            created = app.tables.create(load_table_text(HALF), HALF)
            app.switch_table(created.name)
            await pilot.pause()
            assert app.tables.names() == [created.name]
            assert [s.config.name for s in room_states(app.tables)] == [created.name]
            await pilot.press("f9")
            await pilot.pause()
            assert isinstance(app.screen, TableListScreen)
            assert app.screen.names == [created.name]
    finally:
        opening.closer()

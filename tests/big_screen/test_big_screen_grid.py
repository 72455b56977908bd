"""The room grid: every table at a glance (big screen ``--grid`` and the automatic
choice), snapshots with 1, 4, 9 and 16 tables, names that are markup shown as text."""

from __future__ import annotations

import pytest
from bshelp import HOSTILE, HOSTILE_TABLE, KILL_POT, make_journal, room_journal

from floorkill.ui.big_screen.terminal import make_big_screen_app
from floorkill.ui.widgets.room_grid import (
    BIG_CARD_HEIGHT,
    BIG_CARD_WIDTH,
    RoomGrid,
    TableCard,
    card_of,
    fits_big,
    grid_shape,
)


@pytest.mark.parametrize("n", [1, 4, 9, 16])
def test_grid_snapshot(snap_compare, tmp_path, n):
    path = tmp_path / "journal.db"
    room_journal(path, n)
    app = make_big_screen_app(path, grid=True, rotate=0)
    assert snap_compare(app, terminal_size=(100, 30))


def test_grid_snapshot_on_a_wide_screen(snap_compare, tmp_path):
    path = tmp_path / "journal.db"
    room_journal(path, 9)
    app = make_big_screen_app(path, grid=True, rotate=0)
    assert snap_compare(app, terminal_size=(160, 45))


@pytest.mark.parametrize(
    "n, size, shape",
    [
        (1, (100, 29), (1, 1, 1)),
        (4, (100, 29), (2, 2, 4)),
        (9, (100, 29), (3, 3, 9)),
        (16, (100, 29), (4, 4, 16)),
        (50, (100, 29), (4, 4, 16)),
        (50, (400, 150), (8, 7, 56)),
        (3, (30, 10), (1, 1, 1)),
    ],
)
def test_grid_shape(n, size, shape):
    assert grid_shape(n, *size) == shape


def test_the_grid_is_chosen_when_every_table_fits_big():
    assert fits_big(4, 100, 29) and fits_big(9, 100, 29)
    assert not fits_big(16, 100, 29) and not fits_big(1, 10, 5) and not fits_big(0, 100, 30)
    cols, rows, _ = grid_shape(9, 100, 29)
    assert 100 // cols >= BIG_CARD_WIDTH and 29 // rows >= BIG_CARD_HEIGHT


async def test_cards_say_name_limits_status_killer_and_barred_in_text(tmp_path):
    path = tmp_path / "journal.db"
    names = room_journal(path, 4)
    app = make_big_screen_app(path, rotate=0)  # automatic: 4 tables fit
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert (
            app.in_grid and app.query_one("#room").display and not app.query_one("#table").display
        )
        cards = list(app.query(TableCard))
        assert [c.card.name for c in cards] == names
        texts = [c.render().plain for c in cards]
        assert "KILL POT" not in texts[0]  # the status is drawn in block letters…
        assert "█" in texts[0] and "Killer: Seat 3 Cy" in texts[0] and "$20-$40" in texts[0]
        assert f"Leg up: Seat 2 {HOSTILE}" in texts[1] and HOSTILE_TABLE in texts[1]
        assert "Barred: 1" in texts[3] and "Barred" not in texts[0]
        assert [c.card.status for c in cards] == ["KILL POT", "LEG UP", "NO KILL", "NO KILL"]
        assert cards[0].has_class("-kill") and cards[1].has_class("-leg")
        assert "All tables · 4" in str(app.query_one("#room-title").content)


async def test_a_small_screen_shows_one_table_at_a_time_and_the_grid_when_it_grows(tmp_path):
    path = tmp_path / "journal.db"
    room_journal(path, 16)
    app = make_big_screen_app(path, rotate=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert not app.in_grid and app.shown is not None  # 16 do not fit big: rotation
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        await pilot.pause()
        assert app.in_grid and len(app.query(TableCard)) == 16


async def test_no_grid_keeps_the_rotation(tmp_path):
    path = tmp_path / "journal.db"
    room_journal(path, 2)
    app = make_big_screen_app(path, grid=False, rotate=0)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert not app.in_grid and app.shown is not None


async def test_one_table_named_on_the_command_line_is_never_a_grid(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path, KILL_POT)
    app = make_big_screen_app(path, "Table 12", rotate=0)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        assert not app.in_grid and app.shown is not None


def test_card_of_a_state_is_plain_text(tmp_path):
    from floorkill.store.readonly import ReadOnlyJournal

    path = tmp_path / "journal.db"
    room_journal(path, 2)
    with ReadOnlyJournal(path) as ro:
        card = card_of(ro.open_table(HOSTILE_TABLE).state)
    assert card.name == HOSTILE_TABLE and card.kind == "leg" and card.who.endswith(HOSTILE)


async def test_the_grid_is_read_only_keys_and_clicks_change_nothing_its_pages_turn(tmp_path):
    """20 tables, two pages: no key or click changes the journal, the cards or the page;
    the rotation turns the page (tables 17-20, "page 2 of 2")."""
    from bshelp import digest
    from termhelp import click, send_keys

    from floorkill.store.journal import Journal

    path = tmp_path / "journal.db"
    room_journal(path, 20)
    podium = Journal(path, "podium")  # the podium is open
    before = digest(path)
    app = make_big_screen_app(path, grid=True, rotate=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        shown = [c.card for c in app.query(TableCard)]
        # as a terminal sends them, without waiting between (termhelp)
        send_keys(
            app,
            "enter",
            "escape",
            "tab",
            "ctrl+q",
            "ctrl+c",
            "ctrl+p",
            "pagedown",
            "ctrl+g",
            "space",
            "q",
            "1",
        )
        for x in range(3, 100, 16):  # every card, name and status rows
            for y in range(2, 30, 5):
                click(app, None, (x, y))
        await pilot.pause()
        assert app.is_running and len(app.screen_stack) == 1 and app.screen.focused is None
        assert [c.card for c in app.query(TableCard)] == shown
        grid = app.query_one(RoomGrid)
        assert grid.pages == 2 and grid.page == 0 and len(shown) == 16
        assert digest(path) == before
        app._rotate()
        await pilot.pause()
        assert grid.page == 1 and [c.card.name for c in app.query(TableCard)] == [
            f"Table {i}" for i in range(17, 21)
        ]
        assert "page 2 of 2" in str(app.query_one("#room-title").content)
        assert digest(path) == before
    podium.close()


@pytest.mark.parametrize("grid", [True, False], ids=["grid", "one-table"])
def test_readable_without_colour(snap_compare, tmp_path, monkeypatch, grid):
    """NO_COLOR (Textual's monochrome filter): the kill status still reads — the words are
    the block letters, the card borders differ in shape."""
    path = tmp_path / "journal.db"
    room_journal(path, 4)
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_big_screen_app(path, None if grid else "Table 1", grid=grid or None, rotate=0)
    assert app.no_color
    assert snap_compare(app, terminal_size=(100, 30))

"""The table editor opens fast enough to type in (bench/editor_bench.py measures it): a
screen of a few widgets — its thirty fields are one FieldList, a line each, the keys one
line — whose cursor starts on the name, and whose fields work from the keyboard and the
mouse, keys sent as a terminal sends them (bursts)."""

from __future__ import annotations

from floorhelp import new_table_editor
from termhelp import click, send_keys, settle
from textual import events

from floorkill.ui.widgets.field_list import ChoiceField, FieldList, TextField

WIDGETS_AT_MOST = 8  # the title, the form, the status, the keys (the option's boxes: when shown)


async def test_a_name_typed_with_the_key_that_opens_the_editor_lands_in_it_and_the_burst_goes_on_field_by_field():
    """``n``, the name, Enter, Enter, Backspace, ``8`` in one burst: the editor opened by the
    burst's first key takes the name, the game untouched, 8 seats; the letters typed never
    reach the table list or the podium."""
    async with new_table_editor() as (app, pilot, ed):
        await pilot.press("escape", "ctrl+t")
        send_keys(app, "n", *"Table 9", "enter", "enter", "backspace", "8", *"jpx")
        await settle(pilot)
        assert app.screen is not ed  # a new editor, opened by the burst's n
        ed = app.screen
        assert ed.field("name").value == "Table 9"
        assert ed.field("game").value == "holdem"
        assert ed.field("seats").value == "8jpx"  # typed where the cursor was
        assert ed.form.current.id == "seats"


async def test_the_editor_is_built_of_few_widgets_and_a_text_field_edits_at_its_cursor():
    """A few widgets, every field of a table file all the same, the cursor on the name; the
    name (given) edits at its cursor and takes a paste."""
    async with new_table_editor(name="Table 9") as (app, pilot, ed):
        await pilot.pause()
        assert len(list(ed.walk_children())) <= WIDGETS_AT_MOST
        assert len(ed.form.fields) >= 30  # every field of a table file all the same
        assert isinstance(ed.focused, FieldList) and ed.form.current.id == "name"
        name = ed.field("name")
        assert isinstance(name, TextField) and name.cursor == len("Table 9")
        await pilot.press("left", "left", "backspace", "home", "delete", "X", "end", "!")
        assert name.value == "Xabl 9!"
        app.screen.form.post_message(events.Paste("Two\nlines"))
        await settle(pilot)
        assert name.value == "Xabl 9!Two"
        await pilot.pause()
        assert "Xabl 9!Two —" in str(ed.query_one("#ed-status").render())  # checked at once


async def test_a_choice_steps_with_the_arrows_picks_by_letter_and_enter_moves_on():
    async with new_table_editor(name="Table 9") as (app, pilot, ed):
        await pilot.pause()
        game = ed.field("game")
        assert isinstance(game, ChoiceField)
        game.focus()
        await pilot.pause()
        first = game.value
        await pilot.press("right")
        assert game.value != first
        await pilot.press("left")
        assert game.value == first
        await pilot.press("s")  # the next game whose name starts with s
        assert game.words.casefold().startswith("s")
        await pilot.pause()
        assert "house-blind-games" in ed.error  # checked by the rules at once (stud: no kill)
        await pilot.press("space")
        assert game.value != "stud" or len(game.options) == 1
        await pilot.press("enter")
        assert ed.form.current.id == "seats"


async def test_the_cursor_moves_with_arrows_tab_and_pages_and_shows_its_line():
    async with new_table_editor(name="Table 9", size=(80, 24)) as (app, pilot, ed):
        await pilot.pause()
        form = ed.form
        await pilot.press("up")
        assert form.current.id == "preset"
        await pilot.press("up")  # the first field: it stays
        assert form.current.id == "preset"
        await pilot.press("tab", "tab", "tab", "shift+tab")
        assert form.current.id == "game"
        for _ in range(40):
            await pilot.press("pagedown")
        last = list(form.fields)[-1]
        assert form.current.id == last
        await pilot.pause()
        lines = [line for line in ed.form.lines]
        at = lines.index(form.current)
        top = form.scroll_offset.y
        assert top <= at < top + form.scrollable_content_region.height  # on screen
        await pilot.press("pageup")
        assert form.current.id != last


async def test_a_click_puts_the_cursor_on_a_field_and_steps_a_choice_clicked_again():
    async with new_table_editor(name="Table 9") as (app, pilot, ed):
        await pilot.pause()
        form = ed.form
        line = form.lines.index(ed.field("joker"))
        value_x = 1 + form.label_width + 2
        click(app, form, (value_x, line - form.scroll_offset.y))
        await settle(pilot)
        assert form.current.id == "joker" and ed.field("joker").value is False
        click(app, form, (value_x, line - form.scroll_offset.y))
        await settle(pilot)
        assert ed.field("joker").value is True


async def test_keys_after_a_preset_picked_in_the_same_burst_land_after_it():
    """The preset picked by letter (h h h: the third house preset) sets every option; the
    keys after it in the same burst go to the form as it then is: the digit typed into the
    second-leg pot lands after the preset's value, never under it."""
    from floorkill.ui.screens.table_editor import preset_values

    async with new_table_editor(name="Table 9") as (app, pilot, ed):
        await settle(pilot)
        ids = list(ed.form.fields)
        tabs = ["tab"] * (ids.index("second_leg_pot") - ids.index("preset"))
        send_keys(app, "up", "h", "h", "h", *tabs, "end", "7")
        await settle(pilot)
        assert ed.field("preset").value == "house-pot"
        assert (
            ed.field("second_leg_pot").value == preset_values("house-pot")["second_leg_pot"] + "7"
        )


async def test_the_keys_line_shows_the_editors_keys_and_a_click_presses_one():
    from floorkill.ui.screens.table_editor import TableEditor
    from floorkill.ui.widgets.key_line import KeyLine

    async with new_table_editor(lang="ru") as (app, pilot, ed):
        await pilot.pause()
        line = ed.query_one(KeyLine)
        words = line.render().plain
        assert (
            "Сохранить стол" in words and "Отмена" in words and words.rstrip().endswith("Команды")
        )
        start = words.index("esc")
        click(app, line, (start + 1, 0))
        await settle(pilot)
        assert not isinstance(app.screen, TableEditor)

"""The table editor opens fast enough to type in (bench/editor_bench.py measures it): few
widgets (each of Textual's Select was five and a drop-down list, each label and note one:
the editor had 206), the name field focused first, and its one-line choices work from the
keyboard."""

from __future__ import annotations

from floorhelp import new_table_editor
from termhelp import send_keys

from floorkill.ui.widgets.choice import Choice

WIDGETS_AT_MOST = 80  # a widget per field, a column of labels and one of notes per section


async def test_the_editor_is_built_of_few_widgets():
    async with new_table_editor() as (app, pilot, ed):
        await pilot.pause()
        assert len(list(ed.walk_children())) <= WIDGETS_AT_MOST
        assert ed.focused is not None and ed.focused.id == "e-name"


async def test_a_name_typed_with_the_key_that_opens_the_editor_lands_in_it():
    async with new_table_editor() as (app, pilot, ed):
        await pilot.press("escape", "ctrl+t")
        send_keys(app, "n", *"Table 9")  # one burst: the key that opens it, then the name
        for _ in range(50):
            await pilot.pause()
            if app.screen is not ed and app.screen.query("#e-name"):
                if app.screen.query_one("#e-name").value == "Table 9":
                    break
        assert app.screen.query_one("#e-name").value == "Table 9"


async def test_a_choice_steps_with_the_arrows_picks_by_letter_and_enter_moves_on():
    async with new_table_editor(name="Table 9") as (app, pilot, ed):
        await pilot.pause()
        game = ed.query_one("#e-game", Choice)
        game.focus()
        await pilot.pause()
        first = game.value
        await pilot.press("right")
        assert game.value != first
        await pilot.press("left")
        assert game.value == first
        await pilot.press("s")  # the next game whose name starts with s
        assert game.label.casefold().startswith("s")
        await pilot.pause()
        assert "house-blind-games" in ed.error  # checked by the rules at once (stud: no kill)
        await pilot.press("enter")
        assert ed.focused is not None and ed.focused.id == "e-seats"

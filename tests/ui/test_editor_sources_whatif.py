"""The table editor explains each option from its source and previews what a change would
decide differently on a recorded session, both from the rules model (Pilot)."""

from __future__ import annotations

from floorhelp import new_table_editor
from textual.widgets import Input

from floorkill.ui.widgets.choice import Choice


async def test_focusing_an_option_shows_its_source_sentence_and_choice():
    async with new_table_editor() as (app, pilot, ed):
        ed.query_one("#e-walk", Choice).focus()
        await pilot.pause()
        about = str(ed.query_one("#ed-about").render())
        assert "This is known as a walk." in about  # the seed's own sentence
        assert "house-natural" in about and "second leg needs a flop" in about
        ed.query_one("#e-second_leg_pot", Input).focus()
        await pilot.pause()
        about = str(ed.query_one("#ed-about").render())
        assert "must win a pot of a certain size" in about and "rrop-13.3" in about


async def test_the_editor_in_russian_quotes_the_source_in_russian():
    async with new_table_editor(lang="ru") as (app, pilot, ed):
        ed.query_one("#e-split_with_leg", Choice).focus()
        await pilot.pause()
        about = str(ed.query_one("#ed-about").render())
        assert "сохраняется на следующую раздачу" in about and "rrop-13.4" in about


async def test_changing_an_option_previews_the_hands_decided_differently():
    async with new_table_editor(name="Table 9") as (app, pilot, ed):
        await pilot.pause()
        assert not ed.query_one("#ed-whatif").display  # nothing changed yet
        ed.query_one("#e-split_with_leg", Choice).value = "neutral"
        await pilot.pause()
        assert ed.query_one("#ed-whatif").display
        assert any(line.startswith("hand ") and "→ neutral" in line for line in ed.whatif_lines)
        ed.query_one("#e-split_with_leg", Choice).value = "keeps"
        await pilot.pause()
        assert not ed.query_one("#ed-whatif").display


async def test_a_mistyped_pot_size_lists_the_choices_and_a_good_one_is_taken():
    async with new_table_editor(name="Table 9") as (app, pilot, ed):
        ed.query_one("#e-second_leg_pot", Input).value = "5x-big-blinds"
        await pilot.pause()
        assert ed.checked is None
        assert ed.error == (
            "[kill] second_leg_pot: '5x-big-blinds' is not one of: \"none\", "
            '"5x-upper", "5x-lower", "5x-big-blind" or an amount'
        )
        ed.query_one("#e-second_leg_pot", Input).value = "5x-big-blind"
        await pilot.pause()
        assert ed.error == "" and ed.checked.config.kill.second_leg_pot == "5x-big-blind"

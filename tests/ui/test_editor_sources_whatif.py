"""The table editor explains each option from its source and previews what a change would
decide differently on a recorded session, both from the rules model (Pilot)."""

from __future__ import annotations

from floorhelp import new_table_editor


def shown(ed, box: str) -> bool:
    """A box below the form is on screen (it is made when first shown)."""
    found = ed.query(f"#{box}")
    return bool(found) and found.first().display


async def test_focusing_an_option_shows_its_source_sentence_and_choice():
    async with new_table_editor() as (app, pilot, ed):
        ed.field("walk").focus()
        await pilot.pause()
        about = str(ed.query_one("#ed-about").render())
        assert "This is known as a walk." in about  # the seed's own sentence
        assert "house-natural" in about and "second leg needs a flop" in about
        ed.field("second_leg_pot").focus()
        await pilot.pause()
        about = str(ed.query_one("#ed-about").render())
        assert "must win a pot of a certain size" in about and "rrop-13.3" in about


async def test_the_editor_in_russian_quotes_the_source_in_russian():
    async with new_table_editor(lang="ru") as (app, pilot, ed):
        ed.field("split_with_leg").focus()
        await pilot.pause()
        about = str(ed.query_one("#ed-about").render())
        assert "сохраняется на следующую раздачу" in about and "rrop-13.4" in about


async def test_changing_an_option_previews_the_hands_decided_differently():
    async with new_table_editor(name="Table 9") as (app, pilot, ed):
        await pilot.pause()
        assert not shown(ed, "ed-whatif")  # nothing changed yet
        ed.field("split_with_leg").value = "neutral"
        await pilot.pause()
        assert shown(ed, "ed-whatif")
        assert any(line.startswith("hand ") and "→ neutral" in line for line in ed.whatif_lines)
        ed.field("split_with_leg").value = "keeps"
        await pilot.pause()
        assert not shown(ed, "ed-whatif")


async def test_a_mistyped_pot_size_lists_the_choices_and_a_good_one_is_taken():
    async with new_table_editor(name="Table 9") as (app, pilot, ed):
        ed.field("second_leg_pot").value = "5x-big-blinds"
        await pilot.pause()
        assert ed.checked is None
        assert ed.error == (
            "[kill] second_leg_pot: '5x-big-blinds' is not one of: \"none\", "
            '"5x-upper", "5x-lower", "5x-big-blind" or an amount'
        )
        ed.field("second_leg_pot").value = "5x-big-blind"
        await pilot.pause()
        assert ed.error == "" and ed.checked.config.kill.second_leg_pot == "5x-big-blind"

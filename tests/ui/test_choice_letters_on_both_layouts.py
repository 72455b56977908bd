"""A choice in the table editor picks by the first letter of its words as the screen shows
them, in the screen's language, and a key means the same whichever layout is switched on:
on a Russian layout the S key types «ы» and picks "spread limit" on the English screen; on
the Russian screen «с» and the same key's Latin ``c`` both pick «спред-лимит». Keys sent
as a terminal sends them (a burst)."""

from __future__ import annotations

import pytest
from floorhelp import new_table_editor
from termhelp import send_keys, settle


@pytest.mark.parametrize(
    ("lang", "keys", "picked"),
    [
        ("en", ["s"], "spread"),  # the letter as shown
        ("en", ["ы"], "spread"),  # the S key on a Russian layout
        ("ru", ["с"], "spread"),  # «спред-лимит», as shown
        ("ru", ["c"], "spread"),  # the same key on a Latin layout
        ("ru", ["ф"], "fixed"),  # «фиксированный лимит»
        ("ru", ["c", "a"], "fixed"),  # the A key is «ф»
    ],
)
async def test_a_choice_picks_by_its_shown_words_on_either_layout(lang, keys, picked):
    async with new_table_editor(lang=lang) as (app, pilot, ed):
        await settle(pilot)
        ed.form.move_to("structure")
        await settle(pilot)
        send_keys(app, *keys)
        await settle(pilot)
        assert ed.field("structure").value == picked


@pytest.mark.parametrize(("lang", "key"), [("en", "h"), ("en", "р"), ("ru", "g"), ("ru", "п")])
async def test_the_kill_kinds_letter_on_either_layout(lang, key):
    """English "half kill": H, «р» on the same key; Russian «половинный» after «полный»:
    «п», ``g`` on the same key, steps from the full kill to the half kill."""
    async with new_table_editor(lang=lang) as (app, pilot, ed):
        await settle(pilot)
        ed.form.move_to("kind")
        assert ed.field("kind").value == "full"
        send_keys(app, key)
        await settle(pilot)
        assert ed.field("kind").value == "half"

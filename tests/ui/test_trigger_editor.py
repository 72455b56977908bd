"""A kill trigger registered alone (rules/triggers.py, with its clause and its rulebook
sentence) is in the table editor: its row and clause, and a table saved with it (Pilot).
The rules side of the same walk is tests/rules/test_trigger_registry.py."""

from __future__ import annotations

import tomllib

import pytest
from floorhelp import new_table_editor

from floorkill.rules import clauses, option_sources
from floorkill.rules.clauses import Clause
from floorkill.rules.option_sources import Choice as SourceChoice
from floorkill.rules.option_sources import OptionSource
from floorkill.rules.triggers import Trigger, registered
from floorkill.ui.screens.table_editor import Column
from floorkill.ui.widgets.choice import Choice

JACKPOT = Trigger(
    "test-jackpot",
    clauses=("test-house-jackpot",),
    label="jackpot",
    report="jackpot pots",
    setup="jackpot",
    placard="Win a pot of {minimum} or more and you kill the next hand.",
    minimum_option="big_pot_minimum",
    fired_cites=("test-house-jackpot",),
)


@pytest.fixture
def jackpot(monkeypatch):
    clause = Clause(
        "test-house-jackpot", "House rules (test)", {"en": "Jackpot kill"}, {"en": "A jackpot."}
    )
    monkeypatch.setitem(clauses.CLAUSES, clause.id, clause)
    source = OptionSource(
        JACKPOT.id,
        (),
        {
            True: SourceChoice({"en": "A jackpot kills."}, ("test-house-jackpot",)),
            False: SourceChoice({"en": "A jackpot does not kill."}, ("rrop-13.0",)),
        },
    )
    monkeypatch.setitem(option_sources.SOURCES, source.name, source)
    with registered(JACKPOT) as record:
        yield record


async def test_a_registered_trigger_is_a_row_of_the_editor_and_saved_in_the_table(jackpot):
    async with new_table_editor(name="Table 9") as (app, pilot, ed):
        row = ed.query_one("#e-trigger-test-jackpot", Choice)
        labels = " ".join(line.plain for c in ed.query(Column) for line in c.lines)
        assert "Trigger: jackpot" in labels and "test-house-jackpot" in labels
        ed.query_one("#e-trigger-two-pots", Choice).value = False
        row.value = True
        await pilot.pause()
        assert ed.error == "" and ed.checked is not None
        assert ed.checked.config.kill.triggers == ("test-jackpot",)
        await pilot.press("ctrl+s")
        await pilot.pause()
        doc = tomllib.loads(ed.saved_path.read_text())
        assert doc["kill"]["triggers"] == ["test-jackpot"]

"""A kill trigger registered alone (its ``Trigger`` record and its clause, as CONTRIBUTING's
recipes write them) is in the table editor: its row, its note and clause, and a table saved
with it (Pilot). The rules side of the same walk is tests/rules/test_trigger_registry.py."""

from __future__ import annotations

import tomllib

import pytest
from floorhelp import new_table_editor
from textual.widgets import Static

from floorkill.rules import clauses
from floorkill.rules.clauses import Clause
from floorkill.rules.triggers import Trigger, registered

JACKPOT = Trigger(
    "test-jackpot",
    clauses=("test-house-jackpot",),
    label="jackpot",
    report="jackpot pots",
    setup="jackpot",
    placard="Win a pot of {minimum} or more and you kill the next hand.",
    minimum_option="big_pot_minimum",
    fired_cites=("test-house-jackpot",),
    option="A jackpot kills.",
)
THREE = Trigger(
    "test-three-in-a-row",
    clauses=("test-house-three",),
    label="three in a row",
    report="three pots in a row",
    setup="three-in-a-row",
    placard="Win three pots in a row alone and you kill the next hand.",
    in_a_row=3,
    fired_cites=("test-house-three",),
    option="Winning three pots in a row alone kills the next hand.",
)


@pytest.fixture(params=[JACKPOT, THREE], ids=["pot-size", "streak"])
def record(request, monkeypatch):
    trigger = request.param
    (clause_id,) = trigger.clauses
    clause = Clause(clause_id, "House rules (test)", {"en": trigger.label}, {"en": trigger.option})
    monkeypatch.setitem(clauses.CLAUSES, clause.id, clause)
    with registered(trigger) as registered_record:
        yield registered_record


async def test_a_registered_trigger_is_a_row_of_the_editor_and_saved_in_the_table(record):
    async with new_table_editor(name="Table 9") as (app, pilot, ed):
        row = ed.field(f"trigger-{record.id}")
        labels = " ".join(f"{f.label} {f.note.plain}" for f in ed.form.fields.values())
        assert f"Trigger: {record.label}" in labels and record.clauses[0] in labels
        ed.field("trigger-two-pots").value = False
        row.value = True
        await pilot.pause()
        row.focus()  # the note below the form: what the trigger does, from its record
        await pilot.pause()
        about = str(ed.query_one("#ed-about", Static).render())
        assert record.option in about and record.clauses[0] in about
        assert ed.error == "" and ed.checked is not None
        assert ed.checked.config.kill.triggers == (record.id,)
        await pilot.press("ctrl+s")
        await pilot.pause()
        doc = tomllib.loads(ed.saved_path.read_text())
        assert doc["kill"]["triggers"] == [record.id]

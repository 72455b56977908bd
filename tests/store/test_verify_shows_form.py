"""A showdown's ``shows`` decision is stored language-neutral from rules version 4 on (the
evaluator's kind and key, the joker's use, the outcome's keys); a row written under "3"
holds the same decision with its words in English and Russian. Such a row verifies as it
did under "3" — no problem, no changed-ruling warning, its payload and state digest
checked — and reads back in the same words in either language."""

from __future__ import annotations

import json
import sqlite3

import pytest
from storehelp import table_text
from tamper import Shell

import floorkill
from floorkill.rules import load_table_text
from floorkill.rules.decisions import as_stored_by
from floorkill.store import journal_core
from floorkill.store.commands import verify_journal
from floorkill.store.journal import Journal
from floorkill.store.session import decision_from_json, decision_to_json

BOARD = "As Kd 7c 7d 2h"
SHOWDOWNS = (  # seat 2 wins, then seat 1: no second leg to ask about
    {"type": "hand", "showdown": {"board": BOARD, "hands": {"1": "Ah Qc", "2": "Kh Ks"}}},
    {"type": "hand", "showdown": {"board": BOARD, "hands": {"1": "Ah Ac", "2": "Kh Ks"}}},
)


def _write(path, monkeypatch, rules: str) -> None:
    with monkeypatch.context() as m:
        if rules != floorkill.RULES_VERSION:  # a writer of that version, its own form
            m.setattr(floorkill, "RULES_VERSION", rules)
            m.setattr(
                journal_core,
                "decision_to_json",
                lambda d: decision_to_json(as_stored_by((d,), rules)[0]),
            )
        with Journal(path, "fp", snapshot_every=1, mac_key=None) as j:
            s = j.create_table(load_table_text(table_text("Table 9"), "<t>"))
            for event in SHOWDOWNS:
                s.append(event)


def _shows(path) -> list[dict]:
    c = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    rows = c.execute("SELECT decisions FROM events WHERE type = 'hand' ORDER BY gseq").fetchall()
    c.close()
    return [d for (text,) in rows for d in json.loads(text) if d["key"] == "shows"]


@pytest.mark.parametrize("rules", ["3", "4", floorkill.RULES_VERSION])
def test_a_shows_decision_of_either_form_verifies_clean(tmp_path, monkeypatch, rules):
    path = tmp_path / "j.db"
    _write(path, monkeypatch, rules)
    shows = _shows(path)
    assert len(shows) == 4
    stored = {k for d in shows for k, _ in d["params"]}
    if rules == "3":
        assert {"value_en", "value_ru", "outcome_ru"} <= stored
    else:
        assert not {k for k in stored if k.endswith(("_en", "_ru"))}, stored
        assert {"kind", "key", "outcome"} <= stored
    problems, warnings, *_ = verify_journal(path)
    assert problems == [], problems
    if rules in floorkill.RULES_SAME_STATE:
        assert warnings == [], warnings
    else:  # a later step changed the state: replayed, no ruling changed
        assert len(warnings) == 1 and "another rules version" in warnings[0], warnings


def test_both_forms_read_back_in_the_same_words(tmp_path, monkeypatch):
    texts = {}
    for rules in ("3", "4"):
        path = tmp_path / f"j{rules}.db"
        _write(path, monkeypatch, rules)
        texts[rules] = [
            (decision_from_json(d).text("en"), decision_from_json(d).text("ru"))
            for d in _shows(path)
        ]
    assert texts["3"] == texts["4"]
    assert texts["4"][0] == (
        "P1 shows two pair, aces and sevens, king kicker and does not win",
        "P1: две пары, тузы и семёрки, кикер король — не выигрывает",
    )


def test_a_changed_shows_decision_under_rules_3_is_named(tmp_path, monkeypatch):
    """A problem while "3" rows read as today's; a changed-ruling warning naming the row once
    a later rules step changed the state (rows of older versions, CHANGELOG)."""
    path = tmp_path / "j.db"
    _write(path, monkeypatch, "3")
    sh = Shell(path)
    sh("UPDATE events SET decisions = replace(decisions, 'выигрывает банк', 'делит банк')")
    sh.rechain()
    sh.close()
    problems, warnings, *_ = verify_journal(path)
    said = problems if "3" in floorkill.RULES_SAME_STATE else warnings
    assert any("the stored decision says" in p for p in said), (problems, warnings)

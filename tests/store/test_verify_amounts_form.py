"""A decision stores an amount as its cents from rules version 6 on (``["amount", 4000]``);
a row written under "5" holds the English text the rules wrote then (``["amount", "$40"]``).
``fixtures/rules5.db`` is a journal written by floorkill under rules version 5 (every sample
table and ``tests/fixtures/holdem-10-20-house-pot.toml`` imported, no key). It verifies as it
did under "5" — no problem, no warning, its payloads and state digests checked — and its
decisions read back in the same words, in every language, as today's rules say them."""

from __future__ import annotations

import io
import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from tamper import Shell

import floorkill
from floorkill.i18n import LANGS
from floorkill.rules.texts import MONEY_PARAMS
from floorkill.store.commands import cmd_import, verify_journal
from floorkill.store.session import decision_from_json

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = Path(__file__).with_name("fixtures") / "rules5.db"
IMPORTED = [
    *sorted((ROOT / "sample_tables").glob("*.toml")),
    ROOT / "tests/fixtures/holdem-10-20-house-pot.toml",
]


def _rows(path) -> list[tuple[str, int, str, list[dict]]]:
    c = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    rows = c.execute("SELECT tbl, seq, rules, decisions FROM events ORDER BY gseq").fetchall()
    c.close()
    return [(tbl, seq, rules, json.loads(decisions)) for tbl, seq, rules, decisions in rows]


def _amounts(rows) -> list[object]:
    return [v for *_, ds in rows for d in ds for k, v in d["params"] if k in MONEY_PARAMS]


@pytest.fixture
def written_under_5(tmp_path) -> Path:
    path = tmp_path / "rules5.db"
    shutil.copyfile(FIXTURE, path)
    return path


@pytest.fixture(scope="module")
def written_today(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("today") / "today.db"
    for file in IMPORTED:
        assert cmd_import(file, path, out=io.StringIO(), err=io.StringIO()) == 0, file
    return path


def test_the_fixture_is_a_journal_of_rules_5_holding_amounts_as_text(written_under_5):
    rows = _rows(written_under_5)
    assert {rules for _, _, rules, _ in rows} == {"5"}
    amounts = _amounts(rows)
    assert len(amounts) > 50 and all(isinstance(v, str) and v.startswith("$") for v in amounts)


def test_a_journal_of_rules_6_stores_amounts_as_cents(written_today):
    rows = _rows(written_today)
    assert {rules for _, _, rules, _ in rows} == {floorkill.RULES_VERSION} != {"5"}
    amounts = _amounts(rows)
    assert amounts and all(type(v) is int for v in amounts)


def test_a_journal_written_under_rules_5_verifies_clean(written_under_5):
    problems, warnings, counts = verify_journal(written_under_5)
    assert (problems, warnings) == ([], [])
    assert counts["rows"] == 161 and counts["tables"] == 10


def test_its_decisions_read_back_in_the_same_words_in_every_language(
    written_under_5, written_today
):
    old, new = _rows(written_under_5), _rows(written_today)
    assert [(tbl, seq) for tbl, seq, *_ in old] == [(tbl, seq) for tbl, seq, *_ in new]
    said = 0
    for (tbl, seq, _, before), (_, _, _, today) in zip(old, new, strict=True):
        assert [d["text"] for d in before] == [d["text"] for d in today], (tbl, seq)
        for lang in LANGS:
            words = [decision_from_json(d).text(lang) for d in before]
            assert words == [decision_from_json(d).text(lang) for d in today], (tbl, seq, lang)
            said += len(words)
    assert said > 100


def test_a_stored_amount_changed_in_a_rules_5_row_is_a_problem(written_under_5):
    """The amount alone changed, the English text kept: verify compares the params too."""
    sh = Shell(written_under_5)
    sh(
        'UPDATE events SET decisions = replace(decisions, \'["amount","$4"]\', '
        '\'["amount","$5"]\') WHERE gseq = (SELECT min(gseq) FROM events '
        'WHERE decisions LIKE \'%["amount","$4"]%\')'
    )
    assert sh.c.total_changes == 1
    sh.rechain()
    sh.close()
    problems, warnings, _ = verify_journal(written_under_5)
    assert len(problems) == 1 and "the stored decision says" in problems[0], problems

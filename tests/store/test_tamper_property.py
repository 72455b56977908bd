"""Invariants over every row and every hashed column of the scene: any one edit is caught —
by the chain at that row when the hashes are left alone, by the anchor when the attacker
recomputes the whole chain."""

from __future__ import annotations

import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tamper import Shell, edit_one, head

from floorkill.store.commands import verify_journal
from floorkill.store.schema import parse_anchor

COLUMNS = (
    "type",
    "schema",
    "payload",
    "rules",
    "decisions",
    "result",
    "hand",
    "who",
    "at",
    "target",
    "state_hash",
    "prev_hash",
    "hash",
)


@pytest.fixture(scope="module")
def template(scene_file):
    return scene_file, parse_anchor(head(scene_file))


SETTINGS = settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@SETTINGS
@given(gseq=st.integers(1, 11), column=st.sampled_from(COLUMNS))
def test_one_edit_left_unhashed_is_named_at_its_row(template, tmp_path, gseq, column):
    src, _ = template
    path = tmp_path / f"e-{gseq}-{column}.db"
    shutil.copy(src, path)
    sh = Shell(path)
    edit_one(sh, gseq, column)
    sh.close()
    problems = verify_journal(path)[0]
    assert problems, (gseq, column)
    named = {f"row gseq {gseq} ", f"row gseq {gseq + 1} "}
    assert any(p.startswith(tuple(named)) for p in problems), problems


@SETTINGS
@given(gseq=st.integers(1, 11), column=st.sampled_from(COLUMNS[:-2]))
def test_one_edit_with_the_chain_recomputed_is_caught_by_the_anchor(
    template, tmp_path, gseq, column
):
    src, anchor = template
    path = tmp_path / f"r-{gseq}-{column}.db"
    shutil.copy(src, path)
    sh = Shell(path)
    edit_one(sh, gseq, column)
    sh.rechain()
    sh.close()
    problems = verify_journal(path, anchor=anchor)[0]
    assert any(p.startswith("row gseq 11 (the anchor)") for p in problems), problems

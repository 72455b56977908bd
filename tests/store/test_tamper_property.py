"""Invariants over every row and every hashed column of the scene: any one edit is caught —
by the chain at that row when the hashes are left alone, by the anchor when the attacker
recomputes the whole chain."""

from __future__ import annotations

import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tamper import Shell, head, scene

from floorkill.store.commands import verify_journal
from floorkill.store.schema import parse_anchor

COLUMNS = ("type", "schema", "payload", "rules", "decisions", "result", "hand", "who", "at",
           "target", "state_hash", "prev_hash", "hash")


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    path = tmp_path_factory.mktemp("scene") / "scene.db"
    scene(path)
    return path, parse_anchor(head(path))


def _edit(sh: Shell, gseq: int, column: str) -> None:
    value = sh(f"SELECT {column} FROM events WHERE gseq = ?", gseq).fetchone()[0]
    if value is None:
        new = 1 if column in ("target",) else "x"
    elif isinstance(value, int):
        new = value + 1
    else:
        new = value[:-1] + ("0" if value[-1:] != "0" else "1")   # one character changed
    sh(f"UPDATE events SET {column} = ? WHERE gseq = ?", new, gseq)


SETTINGS = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(gseq=st.integers(1, 11), column=st.sampled_from(COLUMNS))
def test_one_edit_left_unhashed_is_named_at_its_row(template, tmp_path, gseq, column):
    src, _ = template
    path = tmp_path / f"e-{gseq}-{column}.db"
    shutil.copy(src, path)
    sh = Shell(path)
    _edit(sh, gseq, column)
    sh.close()
    problems = verify_journal(path)[0]
    assert problems, (gseq, column)
    named = {f"row gseq {gseq} ", f"row gseq {gseq + 1} "}
    assert any(p.startswith(tuple(named)) for p in problems), problems


@SETTINGS
@given(gseq=st.integers(1, 11), column=st.sampled_from(COLUMNS[:-2]))
def test_one_edit_with_the_chain_recomputed_is_caught_by_the_anchor(template, tmp_path, gseq,
                                                                   column):
    src, anchor = template
    path = tmp_path / f"r-{gseq}-{column}.db"
    shutil.copy(src, path)
    sh = Shell(path)
    _edit(sh, gseq, column)
    sh.rechain()
    sh.close()
    problems = verify_journal(path, anchor=anchor)[0]
    assert any(p.startswith("row gseq 11 (the anchor)") for p in problems), problems

"""A column holding a value of another type than the writer's (SQLite keeps text or a float
in an INTEGER column as given; gseq, the rowid, is always an integer): verify names the
row, it never stops with a traceback."""

from __future__ import annotations

import shutil

import pytest
from tamper import Shell, scene

from floorkill.store.commands import verify_journal


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    path = tmp_path_factory.mktemp("odd") / "scene.db"
    scene(path)
    return path


@pytest.mark.parametrize(
    "column", ["seq", "hand", "target", "schema", "payload", "decisions", "result", "who", "at"]
)
@pytest.mark.parametrize("value", ["abc", 2.5, b"\x00\x01"])
def test_a_value_of_another_type_is_named_at_its_row(template, tmp_path, column, value):
    path = tmp_path / "j.db"
    shutil.copy(template, path)
    sh = Shell(path)
    gseq = 6
    sh(f"UPDATE events SET {column} = ? WHERE gseq = ?", value, gseq)
    sh.close()
    problems = verify_journal(path)[0]
    assert any(p.startswith(f"row gseq {gseq} ") for p in problems), problems

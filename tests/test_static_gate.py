"""The static gate can fail: mypy, with the project's configuration, refuses code that
uses one of floorkill's types wrongly, and takes the same code used rightly.

(``.ci/run`` runs ``mypy`` over the package before the tests; this shows the gate is
not a gate that passes anything.)
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy")

ROOT = Path(__file__).resolve().parents[1]


def mypy(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--follow-imports=silent", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_a_wrong_annotation_fails_the_gate(tmp_path):
    wrong = tmp_path / "wrong.py"
    wrong.write_text(
        "from floorkill.rules.money import dollars\n\namount: int = dollars(1250)\n",
        encoding="utf-8",
    )
    right = tmp_path / "right.py"
    right.write_text(
        "from floorkill.rules.money import dollars\n\namount: str = dollars(1250)\n",
        encoding="utf-8",
    )
    refused, taken = mypy(wrong), mypy(right)
    assert refused.returncode == 1, refused.stdout + refused.stderr
    assert "wrong.py:3: error" in refused.stdout and "[assignment]" in refused.stdout
    assert taken.returncode == 0, taken.stdout + taken.stderr

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


STRICT_FLAGS = (
    "disallow_any_generics",
    "disallow_subclassing_any",
    "disallow_untyped_calls",
    "disallow_untyped_defs",
    "disallow_incomplete_defs",
    "disallow_untyped_decorators",
    "warn_return_any",
    "no_implicit_reexport",
    "strict_equality",
    "extra_checks",
)


def test_every_module_of_the_rules_and_the_cards_is_checked_strictly():
    """--strict's flags over rules/ and cards/, and no override that takes one back or
    turns an error code off for any of their modules."""
    import tomllib

    overrides = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "mypy"
    ]["overrides"]
    strict = [o for o in overrides if "floorkill.rules.*" in o["module"]]
    assert strict and all(strict[0].get(flag) is True for flag in STRICT_FLAGS)
    for o in overrides:
        modules = [o["module"]] if isinstance(o["module"], str) else o["module"]
        ours = [m for m in modules if m.startswith(("floorkill.rules", "floorkill.cards"))]
        if not ours:
            continue
        assert not o.get("disable_error_code"), ours
        assert all(o.get(flag, True) is True for flag in STRICT_FLAGS), ours

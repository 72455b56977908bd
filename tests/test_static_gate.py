"""The static gate can fail: ``mypy``, with the project's configuration as ``.ci/run`` runs it
before the tests, refuses a module with a wrong annotation in it, and its strict part covers
every module of rules/ and cards/. (The gate at zero on the whole package: ``.ci/run``
itself.)
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy")

ROOT = Path(__file__).resolve().parents[1]


def test_a_wrong_annotation_in_the_package_fails_the_gate(tmp_path):
    """The gate's mypy (the project's configuration) over rules/money.py with a wrong
    annotation and a function without one written into it: exactly those two errors, the
    second only because rules/ is checked with --strict's flags. One module and what it
    imports, not the whole package: the same configuration decides, and a cold run takes
    0.9 s instead of the whole package's 6.6 s (21 s on a busy suite worker)."""
    money = ROOT / "floorkill" / "rules" / "money.py"
    shadow = tmp_path / "money.py"
    written = money.read_text(encoding="utf-8")
    lines = written.count("\n")
    shadow.write_text(
        written + "\n\ndef loose(x):\n    return x\n\n\nwrong: int = dollars(1250)\n",
        encoding="utf-8",
    )
    cache = tmp_path / "cache"
    gate = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(cache)]
        + ["--shadow-file", str(money), str(shadow), str(money)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    out = gate.stdout
    assert gate.returncode == 1, out + gate.stderr
    assert f"money.py:{lines + 3}: error: Function is missing a type annotation" in out
    assert f"money.py:{lines + 7}: error: Incompatible types in assignment" in out
    assert "Found 2 errors in 1 file" in out, out


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

"""Nothing in the repository names a path outside it: the rules reading the code and tests
cite is docs/rules.md; the rulebooks' text a test compares with ships in tests/seeds/ where
its licence allows, else comes from a folder given by $FLOORKILL_SEEDS (that check is
skipped without one)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# written in pieces, so this file does not name them itself
OUTSIDE = re.compile(
    "|".join(
        (
            "/" + "work/",
            "shared/" + "spec",
            "shared/" + "seeds",
            r"\.\./" + "seeds",
            r"\.\./" + "spec",
            "kill-rules" + r"\.md",
            "spec/" + "architecture",
        )
    )
)


def tracked() -> list[Path]:
    out = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return [ROOT / name for name in out.split("\0") if name]


def test_no_file_names_a_path_outside_the_repository():
    found = []
    for path in tracked():
        if path.suffix in (".svg", ".png", ".db") or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert not found, "\n".join(found)

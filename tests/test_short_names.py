"""Names say what they hold: single-letter names stay under 6.5 per 1,000 lines of the
package, the top of the Textual apps and poker libraries it was measured against with this
same count (Toolong 0.0, Posting 2.2, pokerkit 3.9, Harlequin 5.1).

What is counted: every name a single letter long (``_`` aside) that a statement binds —
``=``, ``+=`` and the like, annotated assignments, ``:=``, the targets of ``for`` loops,
comprehensions and ``with ... as`` — in every ``.py`` file under ``floorkill/``; per 1,000
lines of those files (every line: code, docstrings, comments, blank). Parameters, ``except
... as`` and imports are not counted. ``python tests/test_short_names.py [ROOT ...]`` prints
the count and the files with the most.
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "floorkill"
PER_THOUSAND_AT_MOST = 6.5


def _bound(target: ast.expr) -> Iterator[str]:
    if isinstance(target, ast.Name):
        yield target.id
    elif isinstance(target, ast.Tuple | ast.List):
        for element in target.elts:
            yield from _bound(element)
    elif isinstance(target, ast.Starred):
        yield from _bound(target.value)


def short_names(source: str) -> list[str]:
    """The single-letter names the statements of ``source`` bind, one entry per binding."""
    found = []
    for node in ast.walk(ast.parse(source)):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign | ast.NamedExpr):
            targets = [node.target]
        elif isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
            targets = [node.target]
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            targets = [node.optional_vars]
        found += [
            name for target in targets for name in _bound(target) if len(name) == 1 and name != "_"
        ]
    return found


def count(roots: list[Path]) -> tuple[int, int, Counter[str]]:
    """(single-letter names, lines, names per file) over the ``.py`` files under ``roots``."""
    total, lines, per_file = 0, 0, Counter[str]()
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            source = path.read_text(encoding="utf-8")
            lines += source.count("\n")
            names = len(short_names(source))
            total += names
            if names:
                per_file[str(path)] = names
    return total, lines, per_file


def test_the_count_sees_every_way_a_name_is_bound():
    source = (
        "a = 1\nb += 1\nc: int = 2\nif (d := 3): pass\nfor e, (f, *g) in x: pass\n"
        "h = [i for i in y]\nwith z as j: pass\n_ = 0\nname = 1\ndef k(m): pass\n"
    )
    assert sorted(short_names(source)) == ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]


def test_single_letter_names_stay_under_the_anchors():
    total, lines, per_file = count([PACKAGE])
    rate = 1000 * total / lines
    worst = ", ".join(
        f"{Path(path).relative_to(PACKAGE)} {n}" for path, n in per_file.most_common(8)
    )
    assert rate <= PER_THOUSAND_AT_MOST, f"{rate:.1f} per 1,000 lines; the most: {worst}"


if __name__ == "__main__":
    roots = [Path(arg) for arg in sys.argv[1:]] or [PACKAGE]
    total, lines, per_file = count(roots)
    print(f"{total} single-letter names in {lines} lines: {1000 * total / lines:.1f} per 1,000")
    for path, n in per_file.most_common(15):
        print(f"  {n:4}  {path}")

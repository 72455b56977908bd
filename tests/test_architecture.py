"""The arrows of the architecture, checked on the source (an import-linter contract in
plain Python): ``ui → floor → store → rules ← cards``.

Inside ``ui``: ``podium → screens → widgets`` and ``big_screen → widgets``; a widget
never imports a screen, the podium or the big screen; a screen never imports the podium
or the big screen; the big screen never imports the podium or its screens.

* ``rules``, ``store``, ``cards`` and ``floor`` never import ``ui`` (nor Textual);
* ``rules`` never imports ``store`` or ``floor``; ``store`` never imports ``floor``;
* no module of ``ui`` holds a clause id ("rrop-13.6", "wsop-197", …) in any string: the
  screen shows the clauses the rules cite, it never names one itself;
* the command line and the UI import each other only one way (no import cycle).

Every ``import`` statement counts, at module level or inside a function.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from floorkill.rules.clauses import CLAUSES

PKG = Path(__file__).resolve().parents[1] / "floorkill"


def modules(package: str, pkg: Path = PKG) -> list[Path]:
    return sorted((pkg / package).rglob("*.py"))


def imports(path: Path, pkg: Path = PKG) -> set[str]:
    """Every module ``path`` imports (relative imports resolved to absolute names)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    rel = path.relative_to(pkg.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
        here = parts
    else:
        here = parts[:-1]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out.add(mod)
            out.update(f"{mod}.{a.name}" for a in node.names)
    return out


def offenders(package: str, forbidden: tuple[str, ...], pkg: Path = PKG) -> list[str]:
    found = []
    for path in modules(package, pkg):
        for mod in imports(path, pkg):
            if any(mod == f or mod.startswith(f + ".") for f in forbidden):
                found.append(f"{path.relative_to(pkg.parent)} imports {mod}")
    return sorted(set(found))


@pytest.mark.parametrize(
    "package, forbidden",
    [
        (
            "rules",
            ("floorkill.ui", "floorkill.store", "floorkill.floor", "textual", "rich", "sqlite3"),
        ),
        ("cards", ("floorkill.ui", "floorkill.store", "floorkill.floor", "textual", "rich")),
        ("store", ("floorkill.ui", "floorkill.floor", "textual")),
        ("floor", ("floorkill.ui", "textual", "rich")),
        # what a big screen shows, and the TV page's server: no Textual, no writer
        ("display", ("floorkill.ui", "floorkill.store.journal", "textual", "rich")),
        ("web", ("floorkill.ui", "floorkill.store.journal", "textual", "rich")),
        ("ui/widgets", ("floorkill.ui.screens", "floorkill.ui.podium", "floorkill.ui.big_screen")),
        ("ui/screens", ("floorkill.ui.podium", "floorkill.ui.big_screen")),
        ("ui/big_screen", ("floorkill.ui.podium", "floorkill.ui.screens")),
    ],
)
def test_lower_layers_never_import_upper_ones(package, forbidden):
    assert offenders(package, forbidden) == []


def test_no_two_modules_share_a_name():
    """A module's name says what it holds, once: ``tables.py`` in three folders did not."""
    seen: dict[str, list[str]] = {}
    for path in PKG.rglob("*.py"):
        if path.name != "__init__.py":
            seen.setdefault(path.name, []).append(str(path.relative_to(PKG.parent)))
    assert {name: paths for name, paths in seen.items() if len(paths) > 1} == {}


def textual_free_ui_modules(pkg: Path = PKG) -> list[str]:
    """Modules of ``ui/`` that need no Textual: neither they nor any ``ui`` module they
    import (at any depth) imports Textual or Rich."""
    names = {
        ".".join(p.relative_to(pkg.parent).with_suffix("").parts).removesuffix(".__init__"): p
        for p in modules("ui", pkg)
    }
    needs: dict[str, set[str]] = {name: imports(path, pkg) for name, path in names.items()}
    bound = {
        name
        for name, mods in needs.items()
        if any(m == t or m.startswith(t + ".") for m in mods for t in ("textual", "rich"))
    }
    grew = True
    while grew:
        grew = False
        for name, mods in needs.items():
            if name not in bound and mods & bound:
                bound.add(name)
                grew = True
    return sorted(
        str(path.relative_to(pkg.parent))
        for name, path in names.items()
        if name not in bound and path.name != "__init__.py"
    )


def test_every_module_of_the_ui_needs_textual():
    """Textual-free logic lives in ``floor/`` or ``display/``, where the podium, the big
    screens and the tests read it without a terminal; ``ui/`` holds what Textual draws."""
    assert textual_free_ui_modules() == []


def test_the_textual_free_check_can_fail(tmp_path):
    fake = tmp_path / "floorkill" / "ui"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "drawn.py").write_text("from textual.widget import Widget\n")
    (fake / "uses_drawn.py").write_text("from .drawn import Widget\n")
    (fake / "plain.py").write_text("import json\n")
    assert textual_free_ui_modules(tmp_path / "floorkill") == ["floorkill/ui/plain.py"]


def test_the_checker_sees_an_import_it_must_refuse(tmp_path):
    """The contract can fail: a rules module importing the UI (inside a function) is caught."""
    fake = tmp_path / "floorkill"
    (fake / "rules").mkdir(parents=True)
    (fake / "rules" / "bad.py").write_text(
        "def f():\n    from ..ui import podium\n", encoding="utf-8"
    )
    assert offenders("rules", ("floorkill.ui",), fake) == [
        "floorkill/rules/bad.py imports floorkill.ui",
        "floorkill/rules/bad.py imports floorkill.ui.podium",
    ]


CLAUSE_ID = re.compile(r"(?<![\w-])(?:rrop|wsop|house|joker)-[\w.]+")


def clause_literals(path: Path, pkg: Path = PKG) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            for m in CLAUSE_ID.finditer(node.value):
                if m.group(0).rstrip(".") in CLAUSES:
                    found.append(f"{path.relative_to(pkg.parent)}:{node.lineno}: {m.group(0)}")
    return found


def test_the_ui_names_no_clause():
    found = [hit for path in modules("ui") for hit in clause_literals(path)]
    assert found == []


def test_the_clause_check_can_fail(tmp_path):
    bad = tmp_path / "floorkill" / "ui" / "bad.py"
    bad.parent.mkdir(parents=True)
    bad.write_text('NOTE = "barred until paid (rrop-13.6)"\n', encoding="utf-8")
    assert clause_literals(bad, tmp_path / "floorkill") == ["floorkill/ui/bad.py:1: rrop-13.6"]


def test_the_ui_matches_no_refusal_key():
    """Refusal keys are the rules' own: no ``refusal.key`` read anywhere in the UI."""
    found = []
    for path in modules("ui"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and node.attr == "key"
                and isinstance(node.value, ast.Name)
                and node.value.id in ("refusal", "r", "exc")
            ):
                found.append(f"{path.relative_to(PKG.parent)}:{node.lineno}")
    assert found == []


def test_no_import_cycle_between_the_command_line_and_the_ui():
    """``cli`` imports the UI (lazily); nothing in the UI imports ``cli`` back."""
    assert offenders("ui", ("floorkill.cli",)) == []


def textual_private_names() -> set[str]:
    """Private names of Textual's apps, screens, widgets and stylesheets (class and
    instance ones)."""
    from textual.app import App
    from textual.css.stylesheet import Stylesheet
    from textual.screen import Screen
    from textual.scroll_view import ScrollView
    from textual.widget import Widget
    from textual.widgets import Input, Static

    names = set()
    objs = (App, Screen, Widget, ScrollView, Input, Static, Stylesheet, App(), Widget(), Screen())
    for obj in objs + (Stylesheet(),):
        names |= {n for n in dir(obj) if n.startswith("_") and not n.startswith("__")}
    return names


def own_names(paths) -> set[str]:
    """Names floorkill itself defines (methods, attributes it assigns, class attributes)."""
    out = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                out.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for t in targets:
                    for sub in ast.walk(t):
                        if isinstance(sub, ast.Attribute):
                            out.add(sub.attr)
                        elif isinstance(sub, ast.Name):
                            out.add(sub.id)
    return out


def private_textual_uses(paths, private: set[str], own: set[str]) -> list[str]:
    found = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in private and node.attr not in own:
                found.append(f"{path.relative_to(PKG.parent)}:{node.lineno}: {node.attr}")
    return found


def test_private_textual_names_only_in_the_compat_module():
    """A Textual upgrade that moves a private name breaks ui/compat.py (one test each in
    tests/ui/test_compat.py), nothing else."""
    paths = [p for p in modules("ui") if p.name != "compat.py"]
    private = textual_private_names()
    assert private_textual_uses(paths, private, own_names(modules("ui"))) == []
    bad = PKG / "ui" / "compat.py"
    assert private_textual_uses([bad], private, set())  # the check can fail


TESTS = PKG.parent / "tests"
QUARANTINE = TESTS / "textual_private.py"
NAMED_ATTRIBUTE = {"getattr", "setattr", "hasattr", "delattr"}  # and monkeypatch.setattr


def textual_reach(source: str, private: set[str], own: set[str]) -> list[str]:
    """Where a test module's ``source`` touches a private Textual name ("line: name").

    An attribute named in ``private`` that neither floorkill (``own``) nor the module
    itself defines (a function, a class, a class attribute, ``self.x``), read or set on
    anything but a module imported from outside Textual (``os._exit``), or given as a
    string to getattr, setattr, hasattr, delattr or ``monkeypatch.setattr``; an
    underscore name imported from Textual, or a private module of Textual imported."""
    tree = ast.parse(source)
    here, outside = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            here.add(node.name)
        if isinstance(node, ast.ClassDef):
            for stmt in node.body:
                if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                    here.update(t.id for t in targets if isinstance(t, ast.Name))
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for sub in (s for t in targets for s in ast.walk(t)):
                if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name):
                    if sub.value.id in ("self", "cls"):
                        here.add(sub.attr)
        elif isinstance(node, ast.Import):
            outside.update(
                (a.asname or a.name).split(".")[0]
                for a in node.names
                if a.name.split(".")[0] != "textual"
            )
    theirs = private - own - here
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in theirs:
            if not (isinstance(node.value, ast.Name) and node.value.id in outside):
                found.append((node.lineno, node.attr))
        elif isinstance(node, ast.Call) and len(node.args) >= 2:
            func, name = node.func, node.args[1]
            called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if (
                called in NAMED_ATTRIBUTE
                and isinstance(name, ast.Constant)
                and name.value in theirs
            ):
                found.append((node.lineno, name.value))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            if isinstance(node, ast.Import):
                mods, names = [a.name for a in node.names], []
            else:
                mods, names = [node.module or ""], [a.name for a in node.names]
            for mod in mods:
                parts = mod.split(".")
                if parts[0] != "textual" or getattr(node, "level", 0):
                    continue
                found.extend((node.lineno, p) for p in parts if p.startswith("_"))
                found.extend((node.lineno, n) for n in names if n.startswith("_"))
    return [f"{line}: {name}" for line, name in sorted(found)]


def test_private_textual_names_only_in_the_tests_quarantine():
    """A Textual upgrade that moves a private name the tests use breaks
    tests/textual_private.py, nothing else: no other test module touches one."""
    private, own = textual_private_names(), own_names(PKG.rglob("*.py"))
    found = [
        f"{path.relative_to(TESTS.parent)}:{hit}"
        for path in sorted(TESTS.rglob("*.py"))
        if path != QUARANTINE
        for hit in textual_reach(path.read_text(encoding="utf-8"), private, own)
    ]
    assert found == []
    assert textual_reach(QUARANTINE.read_text(encoding="utf-8"), private, own)


PLANTED = """
import os
import textual._compositor
from textual.keys import REPLACED_KEYS, _character_to_key


class Probe:
    _bindings = ()  # its own class attribute

    def __init__(self):
        self._display = None  # its own attribute


def reach(app, monkeypatch):
    notes = list(app._notifications)
    app._driver.send_message(None)
    getattr(app.stylesheet, "_variables")
    monkeypatch.setattr(app.stylesheet, "_parse_rules", print)
    app.post_message(None)
    app._display, app._bindings, app._busy = None, (), False
    os._exit(0)
"""


def test_the_tests_quarantine_check_can_fail():
    """Planted reaches are found; a module's own attributes, floorkill's (``_busy``) and
    the standard library's (``os._exit``) are not."""
    private = textual_private_names() | {"_busy", "_exit"}
    assert textual_reach(PLANTED, private, own={"_busy"}) == [
        "3: _compositor",
        "4: _character_to_key",
        "15: _notifications",
        "16: _driver",
        "17: _variables",
        "18: _parse_rules",
    ]

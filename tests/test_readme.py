"""The README is a page, not the manual: at most 150 lines, a link to every page of docs/,
every link inside the repository leads somewhere, and its two development commands are the
ones .ci/run runs."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md"] + sorted(
    (ROOT / "docs").glob("*.md")
)
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_the_readme_is_at_most_150_lines():
    assert len(README.splitlines()) <= 150


def test_the_readme_links_every_docs_page():
    linked = {m.split("#")[0] for m in LINK.findall(README)}
    for page in sorted((ROOT / "docs").glob("*.md")):
        assert f"docs/{page.name}" in linked, page.name
    assert {"CONTRIBUTING.md", "CHANGELOG.md", "docs/podium.svg"} <= linked


def _anchors(text: str) -> set[str]:
    """GitHub's ids of a page's headings."""
    out = set()
    for line in text.splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            title = re.sub(r"[^\w\- ]", "", title)
            out.add(title.replace(" ", "-"))
    return out


def test_every_link_inside_the_repository_leads_somewhere():
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue  # an address outside: none is needed to read these pages
            file, _, anchor = target.partition("#")
            dest = (page.parent / file).resolve() if file else page
            assert dest.exists(), f"{page.name}: {target}"
            if anchor and dest.suffix == ".md":
                assert anchor in _anchors(dest.read_text(encoding="utf-8")), (
                    f"{page.name}: {target}"
                )


def test_the_readme_development_commands_are_what_ci_runs():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert (
        "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/floorkill"
        in README
    )
    assert "\n.venv/bin/python -m pytest\n" in README
    assert "python3 -m venv .venv\n" in ci and ".venv/bin/pip install -q -e '.[test]'" in ci
    assert re.search(r"^\S*\.venv/bin/python -m pytest\b", ci, re.M)
    assert 'pip" install -q . ' in ci  # installed for use, no extras, as the README says


def test_the_changelog_has_the_current_rules_version_and_schema():
    import floorkill
    from floorkill.cli import version_line
    from floorkill.store.schema import SCHEMA_VERSION

    log = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## Rules version {floorkill.RULES_VERSION} — " in log
    assert f"## Journal schema {SCHEMA_VERSION} — " in log
    for page in PAGES:  # the version line quoted anywhere is today's
        for quoted in re.findall(
            r"floorkill \d[\w.]* \(rules \w+, journal schema \w+\)",
            page.read_text(encoding="utf-8"),
        ):
            assert quoted == version_line(), (page.name, quoted)

"""Every command in the README and the docs runs as written.

Each ```sh block of README.md, CONTRIBUTING.md, CHANGELOG.md and docs/*.md is read line by
line (a trailing backslash joins lines; `# ...` is a comment). A `floorkill` command is run
as written — with this checkout's floorkill — in a scratch folder per page: `sample_tables/`
is there, `journal.db` already holds the sample table 'Table 7 · $10-$20 Omaha/8 Kill', the
user data and config directories are the folder's own, and `HASH@SEQ` is that journal's
head. It must exit 0. Every other line must match one of ILLUSTRATIVE below, which says why
it is not run here; a line that is neither fails the test, so a new command in the docs is
either run or marked.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted(
    [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md"]
    + list((ROOT / "docs").glob("*.md"))
)
SUBCOMMANDS = (
    "replay",
    "rules",
    "import",
    "export",
    "verify",
    "head",
    "key",
    "report",
    "settings",
    "migrate",
    "backup",
)

# (pattern on the command as written, why it is not run by this test)
ILLUSTRATIVE: tuple[tuple[str, str], ...] = (
    (r"postgresql://", "needs a PostgreSQL server (tests/store/test_pg_*.py run these)"),
    (r"^(sudo|psql|systemctl|pg_ctlcluster|pg_basebackup|rm) ", "a server's administration"),
    (r"^export ", "sets a variable for the commands after it"),
    (r"^(python3 -m venv|\S*pip |pipx |uv )", "an install (.ci/run installs as the README says)"),
    (r"^\S*python -m pytest", "the test suite itself (.ci/run runs it)"),
    (r"^tmux ", "a terminal session (.ci/run drives the podium in tmux)"),
    (r"^\S*python -m floorkill\.(docgen|catalog)", "checks the suite runs too"),
    (r"^\S*(ruff|mypy)\b", "the gate (.ci/run runs it)"),
    (r"^\S*python bench/", "a bench: minutes of measuring, by hand (the suite asserts no time)"),
    (r"^(\S*/)?floorkill big-screen", "runs until stopped (tests/big_screen/)"),
    (
        r"^(\S+=\S+ )*(\S*/)?floorkill( (?!-)(?!(" + "|".join(SUBCOMMANDS) + r")\b)\S+"
        r"| --(?!version|help)\S+)*$",
        "the podium: interactive (.ci/run shows its first screen in tmux)",
    ),
)


def _blocks(text: str) -> list[tuple[int, str]]:
    """(line number, command) of every ```sh block's commands."""
    out: list[tuple[int, str]] = []
    inside = False
    pending = ""
    start = 0
    heredoc: str | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if heredoc is not None:  # the lines a command reads, not commands
            heredoc = None if line.strip() == heredoc else heredoc
            continue
        if line.strip().startswith("```"):
            inside = line.strip() == "```sh" if not inside else False
            continue
        if not inside:
            continue
        if not pending:
            start = number
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        command = (pending + line).strip()
        pending = ""
        if command and not command.startswith("#"):
            out.append((start, command))
            here = re.search(r"<<-?'?(\w+)'?", command)
            heredoc = here.group(1) if here else None
    return out


def commands() -> list[tuple[str, int, str]]:
    return [
        (page.relative_to(ROOT).as_posix(), number, command)
        for page in PAGES
        for number, command in _blocks(page.read_text(encoding="utf-8"))
    ]


def _without_comment(command: str) -> str:
    words = shlex.split(command, comments=True)
    return shlex.join(words)


def _illustrative(command: str) -> str | None:
    plain = _without_comment(command)
    for pattern, why in ILLUSTRATIVE:
        if re.search(pattern, plain):
            return why
    return None


def _run(argv: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=120, check=False
    )


@pytest.fixture(scope="module")
def scratch_env(tmp_path_factory):
    """(folder, environment, a journal.db holding Table 7, its head): the journal is made
    once (by the CLI, as a page's reader would) and each page gets a copy."""
    base = tmp_path_factory.mktemp("docs-commands")
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("FLOORKILL_") or k == "FLOORKILL_TEST_PG"
    }
    env.update(
        XDG_DATA_HOME=str(base / "data"),
        XDG_CONFIG_HOME=str(base / "config"),
        LANG="C.UTF-8",
        PYTHONPATH=str(ROOT),
    )
    made = base / "made"
    made.mkdir()
    (made / "sample_tables").symlink_to(ROOT / "sample_tables")
    floorkill = [sys.executable, "-m", "floorkill"]
    done = _run(
        [*floorkill, "import", "sample_tables/omaha8-10-20-scoop.toml", "--journal", "journal.db"],
        made,
        env,
    )
    assert done.returncode == 0, done.stderr
    head = _run([*floorkill, "head", "--journal", "journal.db"], made, env)
    assert head.returncode == 0, head.stderr
    return base, env, made / "journal.db", head.stdout.strip().split()[-1]


def _scratch(base: Path, journal: Path, name: str) -> Path:
    """A folder with sample_tables/ and a copy of the journal holding Table 7."""
    here = base / re.sub(r"\W+", "-", name)
    here.mkdir()
    (here / "sample_tables").symlink_to(ROOT / "sample_tables")
    for part in ("", "-wal"):  # (a closed journal has no -wal left; copied if it had)
        if Path(f"{journal}{part}").exists():
            shutil.copyfile(f"{journal}{part}", here / f"journal.db{part}")
    return here


def test_the_docs_have_commands_to_run():
    runnable = [c for c in commands() if _illustrative(c[2]) is None]
    assert len(runnable) >= 20, runnable
    pages = {page for page, _n, _c in runnable}
    assert {"README.md", "docs/operations.md", "docs/security.md"} <= pages


def test_every_command_is_run_or_marked_illustrative():
    for page, number, command in commands():
        if _illustrative(command) is not None:
            continue
        words = shlex.split(command, comments=True)
        while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):
            words.pop(0)
        assert words and words[0] == "floorkill", (
            f"{page}:{number}: {command!r} is neither a floorkill command nor marked "
            "illustrative in tests/test_docs_commands.py"
        )


@pytest.mark.parametrize("page", sorted({p for p, _n, _c in commands()}))
def test_every_floorkill_command_of_the_page_runs_as_written(page, scratch_env):
    base, env, journal, head = scratch_env
    here = _scratch(base, journal, page)
    for _page, number, command in (c for c in commands() if c[0] == page):
        if _illustrative(command) is not None:
            continue
        words = shlex.split(command.replace("HASH@SEQ", head), comments=True)
        run_env = dict(env)
        while re.fullmatch(r"[A-Z_]+=\S*", words[0]):
            key, value = words.pop(0).split("=", 1)
            run_env[key] = value
        assert words[0] == "floorkill"
        done = _run([sys.executable, "-m", "floorkill", *words[1:]], here, run_env)
        assert done.returncode == 0, f"{page}:{number}: {command}\n{done.stderr}"
        assert "Traceback" not in done.stderr

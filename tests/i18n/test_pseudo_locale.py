"""A language is one ``.po``: with a generated catalogue for a test locale (``xx``: every
msgstr its English with the letters swapped for accented ones, tests/i18n/pseudo.py) and
nothing else, the CLI's replay of every sample, the placard, every clause's title and
summary, the refusals of the bad files, the shift report, verify's problems (of a
tampered journal) and the correction form's line errors are written with no English word
left — what is left is data (names, notation, clause ids, decision codes).

Run in a child process: the languages are read from the locale folder when
floorkill.i18n is first imported."""

from __future__ import annotations

import html
import json
import subprocess
import sys
from pathlib import Path

import pytest
from pseudo import english_words, write_catalogue

from floorkill.cli import SUBCOMMANDS

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import contextlib, glob, io, json, sys
from pathlib import Path
import floorkill.catalog as catalog
catalog.LOCALE_DIR = Path(sys.argv[1])
from floorkill.cli import main
from floorkill.i18n import LANGS
from floorkill.rules.clauses import CLAUSES, CREDIT, summary, title
assert "xx" in LANGS, LANGS
root, tmp = Path(sys.argv[2]), Path(sys.argv[3])

def run(*args):
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            main([*args, "--lang", "xx"])
        except SystemExit:
            pass
    return out.getvalue()

texts = {}
journal = str(tmp / "j.db")
for f in sorted(glob.glob(str(root / "sample_tables" / "*.toml"))):
    texts["replay " + Path(f).name] = run("replay", f)
    texts["rules " + Path(f).name] = run("rules", f)
    texts["import " + Path(f).name] = run("import", "--journal", journal, "--floorperson", "Жанна", f)
for f in sorted(glob.glob(str(root / "tests" / "fixtures" / "bad" / "*.toml"))):
    texts["bad " + Path(f).name] = run("replay", f)
from floorkill.cli import SUBCOMMANDS
texts["help"] = run("--help")
for cmd in SUBCOMMANDS:
    texts["help " + cmd] = run(cmd, "--help")
texts["clauses"] = "\n".join(f"{title(c, 'xx')}: {summary(c, 'xx')}" for c in CLAUSES)
texts["credit"] = CREDIT["xx"]
report = tmp / "report.html"
texts["report command"] = run("report", "--journal", journal, "--output", str(report))
texts["report"] = report.read_text(encoding="utf-8")
texts["verify"] = run("verify", "--journal", journal, "--no-key")
texts["verify no journal"] = run("verify", "--journal", str(tmp / "none.db"), "--no-key")
(tmp / "a-folder").mkdir()
texts["verify a folder"] = run("verify", "--journal", str(tmp / "a-folder"), "--no-key")
import shutil, sqlite3
tampered = tmp / "tampered.db"  # a row changed, one decision and one hand count, a row cut
shutil.copyfile(journal, tampered)
c = sqlite3.connect(tampered)
for trigger in ("events_no_update", "events_no_delete", "tables_no_update"):
    c.execute(f"DROP TRIGGER IF EXISTS {trigger}")
c.execute("UPDATE events SET hand = hand + 1 WHERE gseq = 3")
c.execute("UPDATE events SET decisions = '[]' WHERE gseq = 5")
c.execute("UPDATE tables SET who = 'Жанна Б' WHERE rowid = 2")
c.execute("DELETE FROM events WHERE gseq = 40")
c.commit()
c.close()
texts["verify tampered"] = run("verify", "--journal", str(tampered), "--no-key")
assert texts["verify tampered"].count("\n") >= 6, texts["verify tampered"]
from floorkill.floor.correcting import LineError, read_line
from floorkill.floor.typed_entry import parse_entry
HAND, JOIN = {"type": "hand", "winner": 3}, {"type": "join", "seat": 2, "name": "Жанна"}
said = []
for line, original in (("", HAND), ("3 b1e9", HAND), ("3 x", HAND), ("join x", JOIN), ("seat=2", JOIN)):
    try:
        read_line(line, original, parse_entry)
    except LineError as exc:
        said.append(exc.text("xx"))
assert len(said) == 5, said
texts["correction lines"] = "\n".join(said)
print(json.dumps(texts))
"""


def _data_words() -> set[str]:
    """The words the samples and the bad files hold as data: names, tables, notes."""
    import re
    import tomllib

    words: set[str] = set()

    def walk(x):
        if isinstance(x, str):
            words.update(re.findall(r"[A-Za-z][A-Za-z']+", x))
        elif isinstance(x, dict):  # values only: a key is the file's, not a word shown
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    for f in [*ROOT.glob("sample_tables/*.toml"), *ROOT.glob("tests/fixtures/bad/*.toml")]:
        try:
            walk(tomllib.loads(f.read_text(encoding="utf-8")))
        except tomllib.TOMLDecodeError:
            pass
    return words


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("pseudo")
    locale = write_catalogue(tmp / "locale")
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(locale), str(ROOT), str(tmp)],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def _left(name: str, text: str, allowed: set[str]) -> list[str]:
    import re

    text = re.sub(r"(?s)<style.*?</style>|<script.*?</script>", " ", text)  # the report's CSS
    text = re.sub(r"\b[0-9a-f]{64}@\d+", " ", text)  # a chain head
    text = html.unescape(re.sub(r"<[^>]*>", "\n", text))  # the report's markup: a text a line
    out = []
    for line in text.splitlines():
        line = re.sub(r"\[\w+\] \w+:", " ", line)  # the table file's [section] key
        line = re.sub(r"'[^'\s]*'", " ", line)  # a value the file wrote, quoted
        line = re.sub(r"\[[^\]]*\]", " ", line)  # the clauses a line cites
        line = re.sub(r"\{\"type\".*", " ", line)  # the event as the file wrote it
        line = re.sub(r"^ {2}[a-z]+(?:-[a-z]+)*(?= {2})", " ", line)  # a decision's code
        line = re.sub(r"\b[a-z]+(?:-[\w.]+)+", " ", line)  # an id: leg-up, rrop-13.3
        line = re.sub(r"\w+…", " ", line)  # a name cut to fit
        line = re.sub(r"«[^»]*: [^»]*»", " ", line)  # a stored decision's text, quoted
        line = re.sub(r"\b[a-z]+(?:_[a-z]+)+\b", " ", line)  # a name in the schema
        line = re.sub(r"(?<=\w)'(?=[\s,)]|$)", " ", line)  # the end of a quoted name
        line = re.sub(r"floorkill [a-z-]+ --.*", " ", line)  # a command to type
        line = re.sub(r"(?<=: )[a-z]+\b|\b[a-z]+(?= \S+ \d)", " ", line)  # a code: kill
        line = re.sub(r"<[^>]*>|&\w+;", " ", line)  # the report's markup
        line = re.sub(r"\b[\w.-]+\.(?:toml|db|html)\b|/\S+", " ", line)  # files named
        line = re.sub(r"U\+[0-9A-F]{4,6}(?: [A-Z][A-Z-]*)*", " ", line)  # a character's name
        if name.startswith("help"):  # what is typed: options, their choices, commands
            line = re.sub(r"(?<![\w-])--?[a-z][\w-]*|\{[\w,-]+\}|HASH@SEQ", " ", line)
            line = re.sub(r"\b(?:" + "|".join(SUBCOMMANDS) + r")\b", " ", line)
        words = english_words(line, allowed)
        if words:
            out.append(f"{name}: {words} in {line.strip()[:160]!r}")
    return out


def test_a_catalogue_alone_translates_every_cli_text_the_placard_clauses_and_report(rendered):
    allowed = _data_words() | CODE_WORDS
    left = [
        p
        for name, text in rendered.items()
        if not name.startswith("bad ")
        for p in _left(name, text, allowed)
    ]
    assert not left, "\n".join(left[:40])


def test_a_catalogue_alone_translates_the_refusals_of_bad_files(rendered):
    allowed = _data_words() | CODE_WORDS
    left = [
        p
        for name, text in rendered.items()
        if name.startswith("bad ")
        for p in _left(name, text, allowed)
    ]
    assert not left, "\n".join(left[:40])


# notation and ids every language writes as they are: game ids, card ranks and suits,
# the stakes' and the report's format words
CODE_WORDS: set[str] = {"floorkill", "toml", "UTC"}

"""A language is one ``.po``, for what the journal refuses too: with the generated test
locale (``xx``, tests/i18n/pseudo.py) and nothing else, every journal command's refusal
(import of a bad file, into a folder, a text file, another database, under a file, with
another set-up or a changed event; export of a table not there, into a folder, from no
journal; verify's bad head and key files; head, backup, migrate and report refused; a
file nested too deeply), the podium's line when the room changed under an entry
(RoomChanged), each table command the journal refuses and a PostgreSQL journal's
refusals say no English word — what is left is data (paths, names, a value quoted, a
server's own words) and the operating system's or SQLite's text for a cause the
catalogue does not know.

Run in a child process (tests/i18n/journal_errors_child.py): the languages are read from
the locale folder when floorkill.i18n is first imported."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pseudo import write_catalogue
from test_pseudo_locale import CODE_WORDS, _data_words, _left

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).with_name("journal_errors_child.py")


def _data_cut(text: str) -> str:
    """``text`` without what it quotes as data: a value in double quotes (a table's name, an
    event as the file and the journal wrote it), an option as typed (``--head``) and a
    journal's URL."""
    return re.sub(r'"[^"\n]*"|(?<![\w-])--[a-z][\w-]*|\b[a-z]+://\S+', " ", text)


@pytest.fixture(scope="module")
def refusals(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("refusals")
    locale = write_catalogue(tmp / "locale")
    work = tmp / "work"
    work.mkdir()
    done = subprocess.run(
        [sys.executable, str(CHILD), str(locale), str(ROOT), str(work), "xx"],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=work,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_every_journal_command_refusal_is_said_with_no_english_left(refusals):
    assert len(refusals) >= 30, sorted(refusals)
    assert all(text.strip() for text in refusals.values()), [
        name for name, text in refusals.items() if not text.strip()
    ]
    allowed = _data_words() | CODE_WORDS | {"TMP", "ROOT"}
    left = [p for name, text in refusals.items() for p in _left(name, _data_cut(text), allowed)]
    assert not left, "\n".join(left[:40])


def test_the_podium_says_the_room_changed_and_each_refused_table_command_in_its_language(
    refusals,
):
    allowed = _data_words() | CODE_WORDS
    room = refusals["podium: the room changed under an entry"]
    assert "P3" in room and "Table 8" in room
    tables = refusals["podium: table commands refused"].splitlines()
    assert len(tables) == 3
    left = [
        p
        for name in ("podium: the room changed under an entry", "podium: table commands refused")
        for p in _left(name, refusals[name], allowed)
    ]
    assert not left, "\n".join(left)

"""A language is one ``.po``, on the podium's screens too: with the generated test locale
(``xx``, tests/i18n/pseudo.py) and nothing else, every podium screen a floorperson opens
— the podium itself (status line, seats, rules panel, history), the showdown form, the
seats and the join form, the history, the table list, the table editor, the rulings, the
placard, the dispute view, the room view, the room grid, the key list, the correction
form with a line it cannot read — and the big
screen say no English word; what is left is data (names, clause ids, a path) and the
keyboard's key names.

Pilot, in a child process: the languages are read from the locale folder when
floorkill.i18n is first imported."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pseudo import english_words, write_catalogue
from sidehelp import NAMES

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import asyncio, json, sys
from pathlib import Path
import floorkill.catalog as catalog
catalog.LOCALE_DIR = Path(sys.argv[1])
root, tmp = Path(sys.argv[2]), Path(sys.argv[3])
for sub in ("tests/i18n", "tests/ui", "tests/big_screen"):
    sys.path.insert(0, str(root / sub))
from floorkill.i18n import LANGS
assert "xx" in LANGS, LANGS
from screenwords import screen_lines
from sidehelp import evening_app

SCREENS = [
    ("podium", ()),
    ("showdown form", ("f2",)),
    ("seats", ("f6",)),
    ("join form", ("f6", "6", "j")),
    ("history", ("f7",)),
    ("table list", ("f9",)),
    ("table editor", ("f9", "n")),
    ("rulings", ("f10", "1")),
    ("placard", ("f11",)),
    ("dispute", ("f12",)),
    ("room view", ("ctrl+o",)),
    ("room grid", ("ctrl+g",)),
    ("keys", ("question_mark",)),
    ("correction form", ("ctrl+y", "1", "ctrl+u", "3", "space", "b", "x")),
]

async def podium(keys):
    app = evening_app("xx")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        if keys:
            await pilot.press(*keys)
        for _ in range(3):
            await pilot.pause()
        return screen_lines(app.export_screenshot())

async def big_screen():
    from bshelp import KILL_POT, make_journal
    from floorkill.ui.big_screen.terminal import make_big_screen_app
    path = tmp / "journal.db"
    make_journal(path, KILL_POT)
    app = make_big_screen_app(path, "Table 12", rotate=0, lang="xx")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        return screen_lines(app.export_screenshot())

async def main():
    out = {name: await podium(keys) for name, keys in SCREENS}
    out["big screen"] = await big_screen()
    return out

print(json.dumps(asyncio.run(main())))
"""

# the keyboard's key names (Textual's key list) and the dispute view's times
KEY_NAMES = {"esc", "home", "end", "pgup", "pgdn", "shift", "del", "super", "alt", "ctrl"}
# data: the evening's names (and their words, as a line wraps them), who entered the
# records, the tables folder the editor names, the big screen's hostile name
DATA = (
    set(NAMES)
    | {w for n in NAMES for w in re.split(r"[\s-]+", n)}
    | {"Table", "test", "tables", "UTC", "[@click=app.quit]x[/]"}
)
CARD = re.compile(r"\b(?:10|[2-9TJQKA])[shdc]\b")


@pytest.fixture(scope="module")
def screens(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("pseudo-screens")
    locale = write_catalogue(tmp / "locale")
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(locale), str(ROOT), str(tmp)],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=tmp,
        env={**__import__("os").environ, "FLOORKILL_TABLES_DIR": "tables"},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def _left(name: str, lines: list[str]) -> list[str]:
    out = []
    for line in lines:
        for data in sorted(DATA, key=len, reverse=True):
            line = line.replace(data, " ")
        line = re.sub(r"\b[a-z]+(?:-[\w.]+)+", " ", line)  # a clause id: rrop-13.3, joker-1
        line = re.sub(r"\b[A-Z]{2}(?:/[A-Z]{2})+\b", " ", line)  # the languages' codes: F3
        line = re.sub(r"/\S+|\S+…", " ", line)  # a path; a name cut to fit
        line = CARD.sub(" ", line)  # cards as they are typed: Kc
        line = re.sub(r"'[^'\s]*'|\bbx\b", " ", line)  # what was typed, quoted or as typed
        words = [w for w in english_words(line, KEY_NAMES) if w not in DATA]
        words = [w for w in words if not any(d.startswith(w) for d in DATA)]  # a name cut
        if words:
            out.append(f"{name}: {words} in {line.strip()[:120]!r}")
    return out


def test_a_catalogue_alone_translates_every_podium_screen_and_the_big_screen(screens):
    assert set(screens) >= {"podium", "table editor", "dispute", "big screen"}
    left = [p for name, lines in screens.items() for p in _left(name, lines)]
    assert not left, "\n".join(left[:40])

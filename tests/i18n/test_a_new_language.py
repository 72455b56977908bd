"""Adding a language is one ``.po``: a catalogue for a generated extra language (``zz``,
German-like: every message the code marks with its vowels umlauted, "KILL POT" → "KILL PÖT",
German's number format, and the footer's key words left out) is put in a temp locale
folder beside the shipped ones, and with no code change

- it is a language (``--lang zz``, the settings, F3 after Russian) and a partial one passes
  the catalogue check (what it lacks is said in English, never blank);
- the CLI's help and replay, the placard, the shift report, the podium (F3 reaches it, the
  footer's F3 word lists it, the palette names it) and the big screen (its block letters,
  Ä Ö Ü included) speak it.

Run in a child process: the languages are read from the locale folder when
floorkill.i18n is first imported."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from floorkill.catalog import LOCALE_DIR, extract

ROOT = Path(__file__).resolve().parents[2]
NEW = "zz"
UMLAUTS = str.maketrans("aouAOU", "äöüÄÖÜ")
NUMBERS = {  # German's (docs/languages.md)
    "number format: thousands separator": ".",
    "number format: decimal separator": ",",
    "number format: digits of the smallest grouped number": "5",
    "number format: where the amount goes beside the dollar sign": "{amount} $",
    "number format: digits of the smallest grouped amount of money (0: never)": "5",
}


def _umlauted(text: str) -> str:
    """``text`` with its vowels umlauted outside its {fields} and %-fields."""
    import re

    parts = re.split(r"(\{\{|\}\}|\{[^{}]*\}|%\([a-z_]+\)[sdr]|%[sdr])", text)
    return "".join(p if i % 2 else p.translate(UMLAUTS) for i, p in enumerate(parts))


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def write_locale(root: Path) -> Path:
    """The shipped catalogues and ``zz``'s, from the message ids the code marks."""
    shutil.copytree(LOCALE_DIR, root, dirs_exist_ok=True)
    out = [
        'msgid ""',
        'msgstr ""',
        f'"Language: {NEW}\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
        "",
    ]
    for (context, msgid), (plural, _where) in sorted(
        extract().items(), key=lambda kv: (kv[0][0] or "", kv[0][1])
    ):
        if context == "key":  # left out: said in English
            continue
        if context in NUMBERS:
            said = [NUMBERS[context]]
        else:
            said = [_umlauted(msgid)] + ([_umlauted(plural)] if plural else [])
        out += [f"msgctxt {_q(context)}"] if context is not None else []
        out.append(f"msgid {_q(msgid)}")
        if plural is None:
            out.append(f"msgstr {_q(said[0])}")
        else:
            out += [f"msgid_plural {_q(plural)}"]
            out += [f"msgstr[{i}] {_q(s)}" for i, s in enumerate(said * (2 // len(said)))]
        out.append("")
    path = root / NEW / "LC_MESSAGES" / "floorkill.po"
    path.parent.mkdir(parents=True)
    path.write_text("\n".join(out), encoding="utf-8")
    return root


CHILD = r"""
import asyncio, contextlib, io, json, sys
from pathlib import Path
import floorkill.catalog as catalog
catalog.LOCALE_DIR = Path(sys.argv[1])
root, tmp = Path(sys.argv[2]), Path(sys.argv[3])
for sub in ("tests", "tests/i18n", "tests/ui", "tests/big_screen"):
    sys.path.insert(0, str(root / sub))
from floorkill import i18n
from floorkill.cli import main

out = {"langs": list(i18n.LANGS)}
out["problems"] = catalog.problems("zz")
out["problems if complete"] = len(catalog.problems("zz", complete=True))
out["a key word"] = i18n.ptr("key", "Undo", "zz")
out["money"] = i18n.money(1250050, "zz")

def run(*args):
    said = io.StringIO()
    with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
        try:
            code = main([*args])
        except SystemExit as exc:
            code = exc.code
    return code, said.getvalue()

sample = str(root / "sample_tables" / "holdem-10-20-full-killer-last.toml")
out["help"] = run("replay", "--help", "--lang", "zz")
out["replay"] = run("replay", sample, "--lang", "zz")
out["placard"] = run("rules", sample, "--lang", "zz")
journal = str(tmp / "j.db")
run("import", "--journal", journal, sample)
report = tmp / "report.html"
out["report command"] = run("report", "--journal", journal, "--output", str(report), "--lang", "zz")
out["report"] = report.read_text(encoding="utf-8")
(tmp / "settings.toml").write_text('language = "zz"\n', encoding="utf-8")
from floorkill.settings import load_settings
out["settings"] = load_settings(path=tmp / "settings.toml", environ={}).language

async def podium():
    from langhelp import f3_to
    from screenwords import screen_lines
    from sidehelp import evening_app
    app = evening_app("en")
    seen = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        seen["en"] = screen_lines(app.export_screenshot())
        await pilot.press(*f3_to("zz"))
        await pilot.pause()
        seen["lang"] = app.lang
        seen["zz"] = screen_lines(app.export_screenshot())
        from floorkill.ui.podium.palette import podium_commands
        seen["palette"] = [cmd.title for cmd in podium_commands(app)]
        await pilot.press(*f3_to("en", "zz"))
        await pilot.pause()
        seen["back"] = app.lang
    return seen

async def big_screen():
    from bshelp import KILL_POT, make_journal
    from floorkill.ui.big_screen.terminal import make_big_screen_app
    path = tmp / "big.db"
    make_journal(path, KILL_POT)
    app = make_big_screen_app(path, "Table 12", rotate=0, lang="zz")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        from screenwords import screen_lines
        return "\n".join(screen_lines(app.export_screenshot()))

out["podium"] = asyncio.run(podium())
out["big screen"] = asyncio.run(big_screen())
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def said(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("new-language")
    locale = write_locale(tmp / "locale")
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(locale), str(ROOT), str(tmp)],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp,
        env={**__import__("os").environ, "FLOORKILL_TABLES_DIR": "tables"},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_a_new_catalogue_is_a_language_and_a_partial_one_passes_the_check(said):
    assert said["langs"][-1] == NEW and set(said["langs"]) >= {"en", "ru", NEW}
    assert said["problems"] == []  # partial: not in catalog.COMPLETE
    assert said["problems if complete"] > 50  # the key words it left out
    assert said["a key word"] == "Undo"  # left out: English, never blank
    assert said["money"] == "12.500,50\u00a0$" or said["money"] == "12.500,50 $"
    assert said["settings"] == NEW


def test_the_cli_help_replay_placard_and_report_speak_it(said):
    code, text = said["help"]
    choices = "{" + ",".join(said["langs"]) + "}"  # every language, the new one last
    assert code == 0 and choices in text.replace(" ", "") and "öptiöns" in text
    code, text = said["replay"]
    assert code == 0 and _umlauted("must kill the next hand") in text
    code, text = said["placard"]
    assert code == 0 and "Füll kill" in text and "Blinds 5 $ änd 10 $." in text
    code, text = said["report command"]
    assert code == 0 and said["report"].count(_umlauted("Kill pots")) >= 1


def test_the_podium_reaches_it_with_f3_and_its_footer_and_palette_name_it(said):
    podium = said["podium"]
    assert podium["lang"] == NEW and podium["back"] == "en"
    codes = "/".join(lang.upper() for lang in said["langs"])  # EN/RU/ZZ
    assert codes.endswith("/ZZ") and any(codes in line for line in podium["en"][-2:])
    assert any("KILL PÖT" in line for line in podium["zz"]), podium["zz"]
    assert f"Längüäge: {codes}" in podium["palette"]


def test_the_big_screen_draws_it_in_block_letters(said):
    from floorkill.display.block_letters import big_lines

    rows = big_lines("KILL PÖT")
    assert rows is not None and all(row.strip() in said["big screen"] for row in rows)

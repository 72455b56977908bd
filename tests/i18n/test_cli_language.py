"""The command line in Russian: help, usage and messages; ``--lang`` on every command,
``LANG=ru_RU.UTF-8`` picks Russian, ``FLOORKILL_LANG`` overrides the locale."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "big_screen"))

from bshelp import KILL_POT, make_journal  # noqa: E402
from screenwords import CYRILLIC_WORD  # noqa: E402

from floorkill.cli import SUBCOMMANDS, main  # noqa: E402


@pytest.mark.parametrize("cmd", SUBCOMMANDS)
def test_every_command_has_russian_help(cmd, capsys):
    assert main([cmd, "--help", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"использование: floorkill {cmd}")
    assert "параметры:" in out and "показать эту справку и выйти" in out
    prose = re.sub(r"--?[\w-]+|\{[^}]*\}|\$\w+|\b[A-Z_@]+\b|floorkill|\S+\.\w+", " ", out)
    latin = set(re.findall(r"[A-Za-z]{2,}", prose))
    commands = set(re.findall(r"[a-z]+", " ".join(SUBCOMMANDS)))  # what one types
    assert (
        latin
        <= {"MAC", "JSON", "TOML", "HTML", "events", "postgresql", "PostgreSQL", "SELECT"}
        | commands
    ), latin


def test_english_help_has_no_cyrillic(capsys):
    for cmd in SUBCOMMANDS:
        assert main([cmd, "--help", "--lang", "en"]) == 0
        assert CYRILLIC_WORD.findall(capsys.readouterr().out) == []


def test_the_locale_picks_russian_and_floorkill_lang_overrides_it(tmp_path, capsys, monkeypatch):
    missing = tmp_path / "none.db"
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert main(["head", "--journal", str(missing)]) == 2
    assert capsys.readouterr().err == f"floorkill: {missing}: журнала здесь нет\n"
    monkeypatch.setenv("FLOORKILL_LANG", "en")
    assert main(["head", "--journal", str(missing)]) == 2
    assert capsys.readouterr().err == f"floorkill: {missing}: no journal there\n"
    assert main(["head", "--journal", str(missing), "--lang", "ru"]) == 2
    assert "журнала здесь нет" in capsys.readouterr().err


def test_verify_and_report_count_in_russian_plurals(tmp_path, capsys):
    path = tmp_path / "journal.db"
    make_journal(path, KILL_POT)
    assert main(["verify", "--journal", str(path), "--no-key", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert re.search(
        r"порядок — integrity_check ok, цепочка хешей цела: \d+ запис(ь|и|ей), "
        r"1 стол, каждый стол заново прогнан через правила",
        out,
    ), out
    report = tmp_path / "r.html"
    assert main(["report", "--journal", str(path), "-o", str(report), "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"1 стол, 2 раздачи, 0 килл-потов; печать ", out), out
    assert "Отчёт о смене" in report.read_text(encoding="utf-8")


def test_export_and_import_speak_russian(tmp_path, capsys):
    path = tmp_path / "journal.db"
    make_journal(path, KILL_POT)
    out_file = tmp_path / "t.toml"
    assert (
        main(
            [
                "export",
                "--journal",
                str(path),
                "--table",
                "Table 12",
                "-o",
                str(out_file),
                "--lang",
                "ru",
            ]
        )
        == 0
    )
    assert capsys.readouterr().out == f"Table 12: 2 события записаны в {out_file}\n"
    other = tmp_path / "other.db"
    assert main(["import", str(out_file), "--journal", str(other), "--lang", "ru"]) == 0
    assert capsys.readouterr().out.startswith(f"Table 12: новый стол в журнале {other}\n")


def test_a_usage_error_is_one_russian_line(capsys):
    assert main(["replay", "--lang", "ru"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("использование: floorkill replay")
    assert err.endswith("floorkill replay: ошибка: не хватает обязательных аргументов: ФАЙЛ\n")
    assert main(["report", "--paper", "b5", "-o", "x", "--lang", "ru"]) == 2
    assert capsys.readouterr().err.endswith(
        "floorkill report: ошибка: аргумент --paper: недопустимое значение 'b5' "
        "(возможны: 'a4', 'letter')\n"
    )


def _report_words(path: Path) -> list[str]:
    import html as html_mod

    text = path.read_text(encoding="utf-8")
    text = re.sub(r"<(style|script)\b.*?</\1>", " ", text, flags=re.S)
    text = html_mod.unescape(re.sub(r"<[^>]+>", " ", text))
    return [line for line in text.splitlines() if line.strip()]


def test_the_report_speaks_one_language(tmp_path):
    from bshelp import HOSTILE, HOSTILE_TABLE, room_journal
    from screenwords import stray_words

    path = tmp_path / "journal.db"
    names = room_journal(path, 4) + [
        "Ann",
        HOSTILE,
        HOSTILE_TABLE,
        "Cy",
        "Eve",
        "Gus",
        "podium",
        str(path),
    ]
    for lang in ("ru", "en"):
        out = tmp_path / f"{lang}.html"
        assert main(["report", "--journal", str(path), "-o", str(out), "--lang", lang]) == 0
        lines = [re.sub(r"\b[0-9a-f]{64}@\d+\b", " ", line) for line in _report_words(out)]
        lines = [
            line.replace("floorkill verify --journal", " ").replace("--head", " ") for line in lines
        ]
        allowed = {"WSOP", "UTC"}  # the rulebook's and the clock's names
        assert [w for w in stray_words(lines, lang, names) if w not in allowed] == [], lang

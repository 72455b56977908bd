"""The settings file, the FLOORKILL_* variables and the flags: one typed settings object,
each value from the first of flag, variable, file, default (docs/operations.md,
"Settings"); a bad settings file is one line naming the file and the line."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

import floorkill
from floorkill import settings as st
from floorkill.cli import main
from floorkill.i18n import LANGS

ROOT = Path(__file__).resolve().parents[1]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "floorkill.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_settings_object_is_frozen_and_typed(tmp_path):
    s = st.load_settings(environ={}, path=tmp_path / "none.toml")
    assert dataclasses.is_dataclass(s)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.theme = "light"  # type: ignore[misc]
    assert isinstance(s.journal, Path) and s.journal.name == "journal.db"
    assert s.big_screen.port == 8000 and s.big_screen.rotate == 12.0
    assert s.log_level == "info" and s.debug is False
    assert set(s.sources.values()) == {"default"}
    assert s.file is None


def test_flag_beats_variable_beats_file_beats_default(tmp_path):
    path = write(
        tmp_path,
        'journal = "/srv/file.db"\nfloorperson = "ann"\nlanguage = "ru"\ntheme = "light"\n'
        "\n[big_screen]\nport = 9000\n",
    )
    env = {"FLOORKILL_FLOORPERSON": "bob", "FLOORKILL_LANG": "en", "FLOORKILL_THEME": "dark"}
    s = st.load_settings(
        flags={"journal": Path("/tmp/flag.db"), "language": "ru"}, environ=env, path=path
    )
    assert s.journal == Path("/tmp/flag.db") and s.sources["journal"] == "flag --journal"
    assert s.floorperson == "bob" and s.sources["floorperson"] == "$FLOORKILL_FLOORPERSON"
    assert s.language == "ru" and s.sources["language"] == "flag --lang"
    assert s.theme == "dark" and s.sources["theme"] == "$FLOORKILL_THEME"
    assert s.big_screen.port == 9000 and s.sources["big_screen.port"] == f"{path}:7"
    assert s.log_level == "info" and s.sources["log_level"] == "default"
    # without the variables the file decides
    s = st.load_settings(environ={}, path=path)
    assert (s.journal, s.floorperson, s.language, s.theme) == (
        Path("/srv/file.db"),
        "ann",
        "ru",
        "light",
    )
    assert s.sources["floorperson"] == f"{path}:2"


def test_a_postgresql_url_stays_as_typed(tmp_path):
    path = write(tmp_path, 'journal = "postgresql://floorkill@db.local/cardroom"\n')
    assert st.load_settings(environ={}, path=path).journal == (
        "postgresql://floorkill@db.local/cardroom"
    )


def test_the_settings_file_is_found_in_the_user_config_dir(tmp_path, monkeypatch):
    config = tmp_path / "cfg"
    (config / "floorkill").mkdir(parents=True)
    (config / "floorkill" / "floorkill.toml").write_text('tables_dir = "/srv/tables"\n')
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    monkeypatch.delenv("FLOORKILL_TABLES_DIR", raising=False)
    from floorkill.floor.tables import tables_dir

    assert tables_dir() == Path("/srv/tables")
    monkeypatch.setenv("FLOORKILL_SETTINGS", str(tmp_path / "other.toml"))
    (tmp_path / "other.toml").write_text('tables_dir = "/srv/other"\n')
    assert tables_dir() == Path("/srv/other")
    monkeypatch.setenv("FLOORKILL_TABLES_DIR", str(tmp_path / "env"))
    assert tables_dir() == tmp_path / "env"


def test_every_module_reads_its_setting_from_the_file(tmp_path, monkeypatch):
    for name in (
        "FLOORKILL_KEY_FILE",
        "FLOORKILL_THEMES_DIR",
        "FLOORKILL_DEMO_JOURNAL",
        "FLOORKILL_FLOORPERSON",
        "FLOORKILL_JOURNAL",
    ):
        monkeypatch.delenv(name, raising=False)
    path = write(
        tmp_path,
        'key_file = "/k/journal.key"\nthemes_dir = "/t"\ndemo_journal = "/d.db"\n'
        'floorperson = "cy"\njournal = "/j.db"\n',
    )
    monkeypatch.setenv("FLOORKILL_SETTINGS", str(path))
    from floorkill.settings import current
    from floorkill.store.demo import demo_journal_path
    from floorkill.store.keys import key_path
    from floorkill.ui.themes import user_themes_dir

    assert key_path() == Path("/k/journal.key")
    assert user_themes_dir() == Path("/t")
    assert demo_journal_path() == Path("/d.db")
    assert current().floorperson == "cy"
    assert current().journal == Path("/j.db")


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ('jornal = "x.db"\n', 1, "unknown setting 'jornal'"),
        ('theme = "light"\nlanguage = "tlh"\n', 2, f"language must be one of {', '.join(LANGS)}"),
        ('log_level = "loud"\n', 1, "log_level must be one of debug, info, warning, error"),
        ("\n[big_screen]\nport = 70000\n", 3, "big_screen.port must be a whole number"),
        ("\n[big_screen]\ncolour = 1\n", 3, "unknown setting 'colour' in [big_screen]"),
        ("big_screen = 3\n", 1, "[big_screen] must be a table"),
        ('theme = "light"\njournal = \n', 2, "not valid TOML"),
        ("debug = 7\n", 1, "debug must be true or false"),
    ],
)
def test_a_bad_settings_file_names_the_file_and_the_line(tmp_path, text, line, words):
    path = write(tmp_path, text)
    with pytest.raises(st.SettingsError) as caught:
        st.load_settings(environ={}, path=path)
    message = str(caught.value)
    assert message.startswith(f"{path}:{line}: "), message
    assert words in message and "\n" not in message


@pytest.mark.parametrize("content", [b"\xff\xfe not utf-8", b'theme = "' + b"x" * 70000 + b'"\n'])
def test_an_unreadable_settings_file_is_one_line(tmp_path, content):
    path = tmp_path / "floorkill.toml"
    path.write_bytes(content)
    with pytest.raises(st.SettingsError) as caught:
        st.load_settings(environ={}, path=path)
    assert str(caught.value).startswith(f"{path}: ")


def test_a_bad_variable_is_one_line(tmp_path):
    with pytest.raises(st.SettingsError, match=r"^\$FLOORKILL_DEBUG: must be"):
        st.load_settings(environ={"FLOORKILL_DEBUG": "3"}, path=tmp_path / "n")


def test_every_command_stops_on_a_bad_settings_file_in_one_line(tmp_path, monkeypatch):
    path = write(tmp_path, "\n\nbig_screen = 3\n")
    monkeypatch.setenv("FLOORKILL_SETTINGS", str(path))
    env = {k: v for k, v in __import__("os").environ.items() if k != "FLOORKILL_DEBUG"}
    for args in ([], ["replay", str(ROOT / "sample_tables/omaha8-10-20-scoop.toml")], ["settings"]):
        out = subprocess.run(
            [sys.executable, "-m", "floorkill", *args],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
        assert out.returncode == 2, (args, out.stderr)
        assert out.stderr == f"floorkill: settings: {path}:3: [big_screen] must be a table\n"
        assert "Traceback" not in out.stderr and out.stdout == ""


def test_floorkill_settings_shows_each_value_and_where_it_came_from(tmp_path, monkeypatch, capsys):
    path = write(tmp_path, 'theme = "light"\n\n[big_screen]\nrotate = 20\n')
    monkeypatch.setenv("FLOORKILL_SETTINGS", str(path))
    monkeypatch.setenv("FLOORKILL_FLOORPERSON", "bob")
    assert main(["settings", "--journal", str(tmp_path / "j.db")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"settings file: {path}"
    rows = {line.split()[0]: line.split()[1:] for line in out[1:]}
    assert set(rows) == {spec.name for spec in st.SPECS}
    assert rows["journal"] == [str(tmp_path / "j.db"), "flag", "--journal"]
    assert rows["floorperson"] == ["bob", "$FLOORKILL_FLOORPERSON"]
    assert rows["theme"] == ["light", f"{path}:1"]
    assert rows["big_screen.rotate"] == ["20.0", f"{path}:4"]
    assert rows["log_level"] == ["info", "default"]


def test_the_example_settings_file_is_every_setting_and_reads_back(tmp_path, capsys):
    assert main(["settings", "--example"]) == 0
    text = capsys.readouterr().out
    uncommented = re.sub(r"^# (\w+ = )", r"\1", text, flags=re.M)
    path = write(tmp_path, uncommented)
    s = st.load_settings(environ={}, path=path)
    assert all(not source.startswith("default") for source in s.sources.values()), s.sources
    assert s.language == "ru" and s.big_screen.grid is None


def test_a_password_in_a_journal_url_is_never_shown(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("FLOORKILL_SETTINGS", str(tmp_path / "none.toml"))
    monkeypatch.setenv("FLOORKILL_JOURNAL", "postgresql://ann:secret@db.local/cardroom")
    assert main(["settings"]) == 0
    assert "secret" not in capsys.readouterr().out


def test_every_floorkill_variable_is_a_setting_or_named():
    """Every FLOORKILL_* the package reads is a setting (floorkill settings shows it) or one
    of the few that are not (the settings file's path; an internal one)."""
    read = set()
    for path in (ROOT / "floorkill").rglob("*.py"):
        read |= set(re.findall(r"FLOORKILL_[A-Z_]+", path.read_text(encoding="utf-8")))
    known = {spec.env for spec in st.SPECS if spec.env} | set(st.OTHER_ENV)
    assert read <= known, read - known


def test_version_is_the_package_version(capsys):
    assert main(["--version"]) == 0
    line = capsys.readouterr().out.strip()
    assert line == (
        f"floorkill {floorkill.__version__} (rules {floorkill.RULES_VERSION}, journal schema "
        f"{__import__('floorkill.store.schema').store.schema.SCHEMA_VERSION})"
    )
    assert version("floorkill") == floorkill.__version__  # pyproject takes it from there

"""Themes: shipped files load and validate; bad files are reported once and never fatal."""

from __future__ import annotations

import os
from pathlib import Path

from textual.color import Color
from uihelp import session

from floorkill.resources import themes_dir
from floorkill.ui.podium import make_podium_app
from floorkill.ui.themes import (
    COLOUR_FIELDS,
    ThemeError,
    load_theme_file,
    load_themes,
    user_themes_dir,
)

REQUIRED = {"felt-green", "high-contrast", "light", "colour-blind-safe"}


def test_every_shipped_theme_loads_and_validates():
    files = sorted(themes_dir().glob("*.toml"))
    assert {f.stem for f in files} >= REQUIRED
    for f in files:
        theme = load_theme_file(f)
        assert theme.name == f.stem
        for key in COLOUR_FIELDS:
            value = getattr(theme, key)
            if value is not None:
                Color.parse(value)
    assert not load_themes([themes_dir()]).problems


def test_user_theme_dir_comes_from_the_environment(tmp_path):
    assert user_themes_dir() == Path(os.environ["FLOORKILL_THEMES_DIR"])
    assert str(user_themes_dir()).startswith(str(tmp_path))


def test_bad_colour_and_bad_toml_are_problems_naming_the_file(tmp_path):
    folder = tmp_path / "themes"
    folder.mkdir()
    (folder / "bad-colour.toml").write_text('primary = "#12345z"\n', encoding="utf-8")
    (folder / "bad-toml.toml").write_text("primary = \n", encoding="utf-8")
    (folder / "bad-var.toml").write_text(
        'primary = "red"\n[variables]\n"border" = "nope"\n', encoding="utf-8"
    )
    (folder / "mine.toml").write_text(
        'primary = "#ff8800"\nbackground = "rgb(10,20,30)"\n', encoding="utf-8"
    )
    loaded = load_themes([folder])
    assert set(loaded.themes) == {"mine"}
    assert len(loaded.problems) == 3
    text = "\n".join(loaded.problems)
    assert "bad-colour.toml" in text and "#12345z" in text
    assert "bad-toml.toml" in text and "TOML" in text
    assert "bad-var.toml" in text and "variables.border" in text
    try:
        load_theme_file(folder / "bad-colour.toml")
    except ThemeError as exc:
        assert "primary" in str(exc)
    else:
        raise AssertionError("a bad colour must be refused")


async def test_app_starts_with_bad_theme_files_and_reports_each_once():
    folder = Path(os.environ["FLOORKILL_THEMES_DIR"])
    folder.mkdir(parents=True)
    (folder / "broken.toml").write_text("[[[", encoding="utf-8")
    (folder / "ugly.toml").write_text('primary = "not-a-colour"\n', encoding="utf-8")
    (folder / "mine.toml").write_text('primary = "#ff8800"\n', encoding="utf-8")
    app = make_podium_app(session())
    seen: list[tuple[str, str]] = []
    real = app.notify

    def record(message, *, title="", severity="information", timeout=None, markup=True):
        seen.append((message, severity))
        real(message, title=title, severity=severity, timeout=timeout, markup=markup)

    app.notify = record
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3", "enter")
        await pilot.pause()
        assert app.is_running
        assert app.theme == "felt-green"
        assert "mine" in app.available_themes
        errors = [m for m, sev in seen if sev == "error"]
        assert len(errors) == 2
        assert sum("broken.toml" in m for m in errors) == 1
        assert sum("ugly.toml" in m for m in errors) == 1
        await pilot.press("f8")  # theme keys still work
        assert app.theme != "felt-green"


async def test_each_shipped_theme_renders():
    for name in sorted(REQUIRED):
        app = make_podium_app(session(), theme=name)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.theme == name
            assert "Table&#160;12" in app.export_screenshot()

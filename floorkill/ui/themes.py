"""Themes from TOML files, validated at load, registered with Textual's theme system.

Shipped themes live in ``themes/*.toml`` (:func:`floorkill.resources.themes_dir`);
a floorperson's own themes in :func:`user_themes_dir` (``$FLOORKILL_THEMES_DIR``, or
``<user config dir>/floorkill/themes``). A user theme with the same name as a
shipped one replaces it. Every colour is checked with ``Color.parse`` before the
``Theme`` is built; a bad file becomes one problem message and is skipped — it
never stops the app.

File format::

    name = "felt-green"          # optional: the file name without .toml
    dark = true
    primary = "#2e8b57"          # required
    secondary = "#c9a227"        # optional: accent, warning, error, success,
                                 # foreground, background, surface, panel, boost
    [variables]                  # optional Textual theme variables
    "footer-key-foreground" = "#f2c14e"
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from textual.color import Color, ColorParseError
from textual.theme import Theme

from floorkill.i18n import tr

DEFAULT_THEME = "felt-green"
COLOUR_FIELDS = (
    "primary",
    "secondary",
    "warning",
    "error",
    "success",
    "accent",
    "foreground",
    "background",
    "surface",
    "panel",
    "boost",
)
OTHER_FIELDS = ("name", "dark", "luminosity_spread", "text_alpha", "variables")


class ThemeError(ValueError):
    """A theme file that cannot be used; ``str()`` names the file and the key."""


def user_themes_dir() -> Path:
    from floorkill.settings import current

    return current().themes_dir


def shipped_themes_dir() -> Path:
    from floorkill.resources import themes_dir

    return themes_dir()


def _colour(path: Path, key: str, value: object) -> str:
    if not isinstance(value, str):
        raise ThemeError(
            tr(
                "{path}: {key} must be a colour string, not {type}",
                None,
                path=path,
                key=key,
                type=type(value).__name__,
            )
        )
    try:
        Color.parse(value)
    except ColorParseError as exc:
        raise ThemeError(
            tr(
                "{path}: {key} = {value} is not a colour ({error})",
                None,
                path=path,
                key=key,
                value=repr(value),
                error=exc,
            )
        ) from None
    return value


def theme_from_dict(data: dict, path: Path) -> Theme:
    for key in data:
        if key not in COLOUR_FIELDS and key not in OTHER_FIELDS:
            raise ThemeError(
                tr(
                    "{path}: unknown key {key} (expected: {keys})",
                    None,
                    path=path,
                    key=repr(key),
                    keys=", ".join(OTHER_FIELDS + COLOUR_FIELDS),
                )
            )
    name = data.get("name", path.stem)
    if not isinstance(name, str) or not name.strip() or any(c.isspace() for c in name):
        raise ThemeError(tr('{path}: name must be one word, e.g. "felt-green"', None, path=path))
    if "primary" not in data:
        raise ThemeError(tr("{path}: primary is required", None, path=path))
    kwargs: dict = {}
    for key in COLOUR_FIELDS:
        if key in data:
            kwargs[key] = _colour(path, key, data[key])
    dark = data.get("dark", True)
    if not isinstance(dark, bool):
        raise ThemeError(tr("{path}: dark must be true or false", None, path=path))
    for key in ("luminosity_spread", "text_alpha"):
        if key in data:
            v = data[key]
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 1:
                raise ThemeError(
                    tr("{path}: {key} must be a number from 0 to 1", None, path=path, key=key)
                )
            kwargs[key] = float(v)
    variables = data.get("variables", {})
    if not isinstance(variables, dict):
        raise ThemeError(tr("{path}: [variables] must be a table", None, path=path))
    checked: dict[str, str] = {}
    for key, value in variables.items():
        if not isinstance(value, str):
            raise ThemeError(
                tr("{path}: variables.{key} must be a string", None, path=path, key=key)
            )
        if key.endswith("text-style"):
            checked[key] = value
        else:
            checked[key] = _colour(path, f"variables.{key}", value)
    try:
        return Theme(name=name.strip(), dark=dark, variables=checked, **kwargs)
    except Exception as exc:  # Theme itself refused a value
        raise ThemeError(f"{path}: {exc}") from exc


def load_theme_file(path: Path) -> Theme:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ThemeError(
            tr("{path}: TOML syntax error: {error}", None, path=path, error=exc)
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ThemeError(tr("{path}: cannot read: {error}", None, path=path, error=exc)) from None
    return theme_from_dict(data, path)


@dataclass
class LoadedThemes:
    themes: dict[str, Theme]
    problems: list[str]


def load_themes(dirs: list[Path] | None = None) -> LoadedThemes:
    """Every theme in the shipped folder, then the user's folder (later names win)."""
    if dirs is None:
        folders = [_shipped_themes(), _read_folder(user_themes_dir())]
    else:
        folders = [_read_folder(folder) for folder in dirs]
    themes: dict[str, Theme] = {}
    problems: list[str] = []
    for loaded in folders:
        themes.update(loaded.themes)
        problems.extend(loaded.problems)
    return LoadedThemes(themes, problems)


@cache
def _shipped_themes() -> LoadedThemes:
    """The shipped themes, read once per process: they are the package's own files
    (budget: the whole suite <= 4 min, which starts ~2,000 podiums)."""
    return _read_folder(shipped_themes_dir())


def _read_folder(folder: Path) -> LoadedThemes:
    themes: dict[str, Theme] = {}
    problems: list[str] = []
    try:
        files = sorted(folder.glob("*.toml")) if folder.is_dir() else []
    except OSError as exc:
        problems.append(tr("{folder}: cannot list themes: {error}", None, folder=folder, error=exc))
        return LoadedThemes(themes, problems)
    for path in files:
        try:
            theme = load_theme_file(path)
        except ThemeError as exc:
            problems.append(str(exc))
            continue
        themes[theme.name] = theme
    return LoadedThemes(themes, problems)

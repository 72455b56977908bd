"""The user's settings: one typed, frozen object read from ``floorkill.toml``, the
``FLOORKILL_*`` environment variables and the command line's flags.

Each value is taken from the first of these that gives it (docs/operations.md, "Settings"):

1. a flag on the command line (``--journal``, ``--floorperson``, ``--lang``, the
   big screen's ``--rotate``/``--grid``/``--host``/``--port``/``--max-screens``);
2. its ``FLOORKILL_*`` environment variable;
3. the settings file: ``$FLOORKILL_SETTINGS``, else ``floorkill.toml`` in the user config
   directory (``~/.config/floorkill/floorkill.toml`` on Linux);
4. the built-in default.

:func:`load_settings` returns a :class:`Settings` whose ``sources`` say, for each value,
where it came from (``floorkill settings`` prints them). A settings file that cannot be
used raises :class:`SettingsError`, one line naming the file and the line. Standard
library and platformdirs only: no Textual, no Rich.
"""

from __future__ import annotations

import getpass
import os
import re
import tomllib
import urllib.parse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from floorkill.i18n import LANGS, tr

APP = "floorkill"
SETTINGS_ENV = "FLOORKILL_SETTINGS"
FILE_NAME = "floorkill.toml"
LOG_LEVELS = ("debug", "info", "warning", "error")
MAX_SETTINGS_BYTES = 64 * 1024


class SettingsError(ValueError):
    """A settings file that cannot be used. ``str()`` is one line: FILE[:LINE]: reason."""

    def __init__(self, file: Path, reason: str, line: int | None = None) -> None:
        self.file = file
        self.line = line
        self.reason = reason
        where = f"{file}:{line}" if line is not None else str(file)
        super().__init__(f"{where}: {reason}")


@dataclass(frozen=True, slots=True)
class BigScreen:
    """The big screen's defaults (its flags override each)."""

    rotate: float = 12.0  # seconds each table or grid page is shown
    grid: bool | None = None  # None: the grid when every table fits
    host: str = "127.0.0.1"
    port: int = 8000
    max_screens: int = 128


@dataclass(frozen=True, slots=True)
class Settings:
    """Every setting, resolved. ``sources`` maps each name (``big_screen.port`` for the
    big screen's) to where its value came from: ``flag --journal``, ``$FLOORKILL_JOURNAL``,
    ``FILE:LINE`` or ``default``."""

    journal: str | Path
    floorperson: str | None
    language: str | None  # None: from the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)
    theme: str | None  # None: the first shipped theme (felt-green)
    log_level: str
    log_file: Path
    themes_dir: Path
    tables_dir: Path
    demo_journal: Path
    key_file: Path
    debug: bool
    big_screen: BigScreen = field(default_factory=BigScreen)
    file: Path | None = None  # the settings file read (None: there was none)
    sources: Mapping[str, str] = field(default_factory=dict)

    def items(self) -> list[tuple[str, Any, str]]:
        """(name, value, source) for every setting, in the settings file's order."""
        out: list[tuple[str, Any, str]] = []
        for spec in SPECS:
            holder = self.big_screen if spec.section == "big_screen" else self
            out.append((spec.name, getattr(holder, spec.attr), self.sources[spec.name]))
        return out


# -- the registry: one line per setting -------------------------------------------------


def _data(*parts: str) -> Callable[[], Path]:
    def default() -> Path:
        from platformdirs import user_data_path

        return user_data_path(APP, appauthor=False).joinpath(*parts)

    return default


def _config(*parts: str) -> Callable[[], Path]:
    def default() -> Path:
        from platformdirs import user_config_path

        return user_config_path(APP, appauthor=False).joinpath(*parts)

    return default


def _log_file() -> Path:
    from platformdirs import user_log_path

    return user_log_path(APP) / "floorkill.log"


def _os_user() -> str | None:
    try:
        return getpass.getuser()
    except (KeyError, OSError, ImportError):  # no user name in this environment
        return None


def is_url(text: str) -> bool:
    return text.startswith(("postgresql://", "postgres://"))


def _journal(value: object) -> str | Path:
    text = _text(value)
    return text if is_url(text) else Path(text).expanduser()


def _text(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(tr("a non-empty string"))
    return value.strip()


def _path(value: object) -> Path:
    return Path(_text(value)).expanduser()


def _choice(*allowed: str) -> Callable[[object], str]:
    def read(value: object) -> str:
        text = _text(value).lower()
        if text not in allowed:
            raise ValueError(tr("one of {choices}", choices=", ".join(allowed)))
        return text

    return read


def _language(value: object) -> str:
    text = _text(value).lower().replace("-", "_").split(".")[0].split("_")[0]
    if text not in LANGS:
        raise ValueError(tr("one of {choices}", choices=", ".join(LANGS)))
    return text


def _bool(value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("1", "true", "yes", "on"):
        return True
    if isinstance(value, str) and value.strip().lower() in ("", "0", "false", "no", "off"):
        return False
    raise ValueError(tr("true or false"))


def _grid(value: object) -> bool | None:
    if isinstance(value, str) and value.strip().lower() == "auto":
        return None
    return _bool(value)


def _int_in(low: int, high: int) -> Callable[[object], int]:
    def read(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(tr("a whole number from {low} to {high}", low=low, high=high))
        return value

    return read


def _seconds(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 1 <= value <= 3600:
        raise ValueError(tr("a number of seconds from 1 to 3600"))
    return float(value)


@dataclass(frozen=True, slots=True)
class Spec:
    """One setting: its key in the file (``section`` the table it sits in), its variable,
    its flag, how a value is read, its default and a line for ``floorkill settings``."""

    name: str  # as ``floorkill settings`` shows it
    attr: str
    read: Callable[[object], Any]
    default: Callable[[], Any]
    help: str
    env: str | None = None
    flag: str | None = None
    section: str | None = None
    example: str = ""


SPECS: tuple[Spec, ...] = (
    Spec(
        "journal",
        "journal",
        _journal,
        _data("journal.db"),
        "the journal: a file, or postgresql://user@host/db",
        "FLOORKILL_JOURNAL",
        "--journal",
        example='"~/cardroom/journal.db"',
    ),
    Spec(
        "floorperson",
        "floorperson",
        _text,
        _os_user,
        "who enters events, recorded with each one (default: the OS user)",
        "FLOORKILL_FLOORPERSON",
        "--floorperson",
        example='"ann"',
    ),
    Spec(
        "language",
        "language",
        _language,
        lambda: None,
        "en or ru (default: from the locale, e.g. LANG=ru_RU.UTF-8)",
        "FLOORKILL_LANG",
        "--lang",
        example='"ru"',
    ),
    Spec(
        "theme",
        "theme",
        _text,
        lambda: None,
        "the podium's theme at start: felt-green, high-contrast, light, colour-blind-safe "
        "or one of yours",
        "FLOORKILL_THEME",
        example='"high-contrast"',
    ),
    Spec(
        "log_level",
        "log_level",
        _choice(*LOG_LEVELS),
        lambda: "info",
        "how much of floorkill's own logging goes to the log file: " + ", ".join(LOG_LEVELS),
        "FLOORKILL_LOG_LEVEL",
        "--log-level",
        example='"info"',
    ),
    Spec(
        "log_file",
        "log_file",
        _path,
        _log_file,
        "the log file (rotated at 1 MB, five kept)",
        "FLOORKILL_LOG_FILE",
        example='"~/floorkill.log"',
    ),
    Spec(
        "themes_dir",
        "themes_dir",
        _path,
        _config("themes"),
        "where your own themes are",
        "FLOORKILL_THEMES_DIR",
        example='"~/floorkill-themes"',
    ),
    Spec(
        "tables_dir",
        "tables_dir",
        _path,
        _data("tables"),
        "where the podium saves new table files",
        "FLOORKILL_TABLES_DIR",
        example='"~/cardroom/tables"',
    ),
    Spec(
        "demo_journal",
        "demo_journal",
        _path,
        _data("demo-journal.db"),
        "the journal of the built-in sample table (first launch)",
        "FLOORKILL_DEMO_JOURNAL",
        example='"/tmp/floorkill-demo.db"',
    ),
    Spec(
        "key_file",
        "key_file",
        _path,
        _config("journal.key"),
        "the key that MACs every row you write (floorkill key --new)",
        "FLOORKILL_KEY_FILE",
        example='"~/.config/floorkill/journal.key"',
    ),
    Spec(
        "debug",
        "debug",
        _bool,
        lambda: False,
        "an internal error prints its traceback (for bug reports)",
        "FLOORKILL_DEBUG",
        example="false",
    ),
    Spec(
        "big_screen.rotate",
        "rotate",
        _seconds,
        lambda: 12.0,
        "seconds each table (or grid page) is shown",
        flag="--rotate",
        section="big_screen",
        example="12",
    ),
    Spec(
        "big_screen.grid",
        "grid",
        _grid,
        lambda: None,
        'every table at once: true, false or "auto" (when they all fit)',
        flag="--grid",
        section="big_screen",
        example='"auto"',
    ),
    Spec(
        "big_screen.host",
        "host",
        _text,
        lambda: "127.0.0.1",
        "with --serve: the address to listen on",
        flag="--host",
        section="big_screen",
        example='"127.0.0.1"',
    ),
    Spec(
        "big_screen.port",
        "port",
        _int_in(1, 65535),
        lambda: 8000,
        "with --serve: the port",
        flag="--port",
        section="big_screen",
        example="8000",
    ),
    Spec(
        "big_screen.max_screens",
        "max_screens",
        _int_in(1, 1024),
        lambda: 128,
        "with --serve: at most this many screens at once",
        flag="--max-screens",
        section="big_screen",
        example="128",
    ),
)
SPEC_BY_NAME = {one_spec.name: one_spec for one_spec in SPECS}
TOP_KEYS = tuple(one_spec.name for one_spec in SPECS if one_spec.section is None)
SECTION_KEYS = {
    "big_screen": tuple(one_spec.attr for one_spec in SPECS if one_spec.section == "big_screen")
}

# Environment variables that are not settings: the settings file's own path, and what a
# big-screen server tells the display processes it starts.
OTHER_ENV = {
    SETTINGS_ENV: "the settings file (default: floorkill.toml in the user config directory)",
    "FLOORKILL_DISPLAY_PARENT": "internal: a served big screen's server process id",
}


# -- reading ---------------------------------------------------------------------------


def settings_path(environ: Mapping[str, str] | None = None) -> Path:
    """``$FLOORKILL_SETTINGS``, else floorkill.toml in the user config directory."""
    env = os.environ if environ is None else environ
    chosen = env.get(SETTINGS_ENV)
    if chosen:
        return Path(chosen).expanduser()
    return _config(FILE_NAME)()


def _key_line(text: str, section: str | None, key: str) -> int | None:
    """The line (1-based) where ``key`` is set in ``section`` (None: before any table)."""
    current: str | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("["):
            current = line.strip("[] \t").split("#")[0].strip().strip("[]").strip()
            if key == "" and current == section:
                return number
            continue
        name = line.split("=", 1)[0].strip().strip("\"'")
        if "=" in line and current == section and name == key:
            return number
    return None


def read_file(path: Path) -> tuple[dict[str, Any], dict[str, int | None]]:
    """The settings a file gives, read and checked: (values by name, line by name). A
    missing file gives none; anything wrong is a SettingsError naming file and line."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}, {}
    except IsADirectoryError:
        raise SettingsError(path, tr("is a directory, not a settings file")) from None
    except OSError as exc:
        raise SettingsError(
            path, tr("cannot be read ({reason})", reason=exc.strerror or exc)
        ) from None
    if len(raw) > MAX_SETTINGS_BYTES:
        raise SettingsError(path, tr("is larger than {kb} KB", kb=MAX_SETTINGS_BYTES // 1024))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SettingsError(path, tr("is not UTF-8 text")) from None
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        line = int(found.group(1)) if found else None
        reason = str(exc).split(" (at ")[0]
        raise SettingsError(path, tr("not valid TOML: {reason}", reason=reason), line) from None
    values: dict[str, Any] = {}
    lines: dict[str, int | None] = {}
    for key, value in doc.items():
        if key in SECTION_KEYS:
            if not isinstance(value, dict):
                raise SettingsError(
                    path,
                    tr("[{section}] must be a table", section=key),
                    _key_line(text, None, key),
                )
            for sub, subvalue in value.items():
                name = f"{key}.{sub}"
                if sub not in SECTION_KEYS[key]:
                    raise SettingsError(
                        path,
                        tr(
                            "unknown setting {key} in [{section}] (one of: {keys})",
                            key=repr(sub),
                            section=key,
                            keys=", ".join(SECTION_KEYS[key]),
                        ),
                        _key_line(text, key, sub),
                    )
                values[name], lines[name] = subvalue, _key_line(text, key, sub)
        elif key in TOP_KEYS:
            values[key], lines[key] = value, _key_line(text, None, key)
        else:
            known = ", ".join((*TOP_KEYS, *(f"[{section}]" for section in SECTION_KEYS)))
            raise SettingsError(
                path,
                tr("unknown setting {key} (one of: {keys})", key=repr(key), keys=known),
                _key_line(text, None, key),
            )
    checked: dict[str, Any] = {}
    for name, value in values.items():
        try:
            checked[name] = SPEC_BY_NAME[name].read(value)
        except ValueError as exc:
            raise SettingsError(
                path, tr("{name} must be {what}", name=name, what=exc), lines[name]
            ) from None
    return checked, lines


def load_settings(
    flags: Mapping[str, Any] | None = None,
    environ: Mapping[str, str] | None = None,
    path: Path | None = None,
) -> Settings:
    """Every setting from the flags given (by setting name; None: not given), then the
    environment, then the settings file, then the default."""
    env = os.environ if environ is None else environ
    flags = flags or {}
    file = path if path is not None else settings_path(env)
    from_file, lines = read_file(file)
    chosen: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for spec in SPECS:
        flag_value = flags.get(spec.name)
        env_value = env.get(spec.env) if spec.env else None
        if flag_value is not None:
            chosen[spec.name], sources[spec.name] = flag_value, f"flag {spec.flag}"
        elif env_value:
            try:
                chosen[spec.name] = spec.read(env_value)
            except ValueError as exc:
                raise SettingsError(Path(f"${spec.env}"), tr("must be {what}", what=exc)) from None
            sources[spec.name] = f"${spec.env}"
        elif spec.name in from_file:
            chosen[spec.name] = from_file[spec.name]
            line = lines.get(spec.name)
            sources[spec.name] = f"{file}:{line}" if line else str(file)
        else:
            chosen[spec.name], sources[spec.name] = spec.default(), "default"
    big = BigScreen(
        **{known.attr: chosen[known.name] for known in SPECS if known.section == "big_screen"}
    )
    top = {known.attr: chosen[known.name] for known in SPECS if known.section is None}
    return Settings(
        **top,
        big_screen=big,
        file=file if from_file or file.exists() else None,
        sources=sources,
    )


def current() -> Settings:
    """The settings as the environment and the settings file give them now (no flags): what
    a module reads when no flag can reach it."""
    return load_settings()


# -- showing ---------------------------------------------------------------------------


def _shown(value: Any) -> str:
    if value is None:
        return "auto"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str) and is_url(value):
        return _without_password(value)
    return str(value)


def _without_password(url: str) -> str:
    try:
        parts = urllib.parse.urlsplit(url)
        password = parts.password
    except ValueError:
        return "postgresql://…"
    if password is None:
        return url
    netloc = parts.netloc.replace(":" + password + "@", ":***@", 1)
    return urllib.parse.urlunsplit(parts._replace(netloc=netloc))


def describe(settings: Settings) -> str:
    """What ``floorkill settings`` prints: the file, then each value and where it came
    from."""
    file = settings_path() if settings.file is None else settings.file
    state = "" if settings.file is not None else " " + tr("(no such file)")
    rows = [(name, _shown(value), source) for name, value, source in settings.items()]
    width = max(len(row[0]) for row in rows)
    value_width = min(48, max(len(row[1]) for row in rows))
    lines = [tr("settings file: {path}", path=file) + state]
    lines += [
        f"{setting:<{width}}  {shown:<{value_width}}  {origin}" for setting, shown, origin in rows
    ]
    return "\n".join(lines)


def example() -> str:
    """A settings file with every setting, commented out: ``floorkill settings --example``."""
    out = [
        "# floorkill settings: uncomment what you want to change.",
        "# A flag on the command line beats its FLOORKILL_* variable, which beats this file.",
        "",
    ]
    section: str | None = None
    for spec in SPECS:
        if spec.section != section:
            section = spec.section
            out += ["", f"[{section}]"]
        env = f" (${spec.env})" if spec.env else ""
        out.append(f"# {spec.help}{env}")
        out.append(f"# {spec.attr} = {spec.example}")
    return "\n".join(out) + "\n"

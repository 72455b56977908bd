"""Where the shipped data lives: themes/ and sample_tables/.

In a source checkout (or an editable install) they sit at the top of the repo; in a
wheel they are packed into ``floorkill/_data/``.
"""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent
DEFAULT_SAMPLE = "omaha8-10-20-scoop.toml"


def data_dir(name: str) -> Path:
    """``themes`` or ``sample_tables``: the packed copy if present, else the checkout's."""
    packed = _PKG / "_data" / name
    if packed.is_dir():
        return packed
    return _PKG.parent / name


def themes_dir() -> Path:
    return data_dir("themes")


def sample_tables_dir() -> Path:
    return data_dir("sample_tables")


def sample_tables() -> list[Path]:
    return sorted(p for p in sample_tables_dir().glob("*.toml") if not p.name.startswith("."))


def default_sample() -> Path:
    path = sample_tables_dir() / DEFAULT_SAMPLE
    if path.exists():
        return path
    tables = sample_tables()
    if not tables:
        raise FileNotFoundError(f"no sample tables in {sample_tables_dir()}")
    return tables[0]

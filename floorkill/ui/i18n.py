"""The UI's own bilingual texts: one lookup for every panel's table of templates."""

from __future__ import annotations

from typing import Any, Mapping


def pick(table: Mapping[str, Mapping[str, str]], key: str, lang: str = "en", **params: Any) -> str:
    """``table[key]`` in ``lang`` (English when missing), formatted with ``params``."""
    entry = table[key]
    return (entry.get(lang) or entry["en"]).format(**params)

"""Player names: text, never markup, never terminal control.

A name is NFC-normalised, 1..32 characters, and may not hold control or format
characters (ESC, C0/C1 controls, bidi overrides, zero-width joiners, line and
paragraph separators). Uniqueness is case-insensitive (``casefold``).
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 32
_BAD_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


class NameError_(ValueError):
    """A player name that cannot be accepted."""


def validate_name(raw: object, *, what: str = "player name", limit: int = MAX_NAME) -> str:
    """The name as kept (NFC, stripped), or :class:`NameError_` saying why not. ``what`` and
    ``limit`` let a table name follow the same rules (config.validate_table_name)."""
    if not isinstance(raw, str):
        raise NameError_(f"a {what} must be text, not {type(raw).__name__}")
    name = unicodedata.normalize("NFC", raw)
    for pos, ch in enumerate(name, start=1):
        cat = unicodedata.category(ch)
        if cat in _BAD_CATEGORIES:
            label = unicodedata.name(ch, f"U+{ord(ch):04X}")
            raise NameError_(
                f"{what} has a control or format character at position {pos} "
                f"(U+{ord(ch):04X} {label})"
            )
    name = name.strip()
    if not name:
        raise NameError_(f"{what} is empty")
    if len(name) > limit:
        raise NameError_(f"{what} is {len(name)} characters; at most {limit}")
    return name


def name_key(name: str) -> str:
    """The key two names are compared by: case-insensitive."""
    return name.casefold()


def safe_text(text: str) -> str:
    """Replace control and format characters by U+FFFD: a last filter before rendering."""
    if text.isprintable():      # fast path: no character of those categories (nor any space
        return text             # but " "), so nothing to replace
    return "".join(
        "\ufffd" if unicodedata.category(ch) in _BAD_CATEGORIES else ch for ch in text
    )


def one_line(text: str, limit: int = 300) -> str:
    """A message on one line of at most ``limit`` characters: control and format characters
    written as escapes (``\\n``, ``\\u202e``), anything longer cut with "…" (a 10 MB key is
    not echoed whole)."""
    if len(text) > 4 * limit:
        text = text[:4 * limit]
    out = "".join(ch.encode("unicode_escape").decode("ascii")
                  if unicodedata.category(ch) in _BAD_CATEGORIES else ch for ch in text)
    return out if len(out) <= limit else out[:limit - 1] + "…"

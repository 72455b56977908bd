"""What a screen says, as lines of plain text, and the words in it that are in the wrong
alphabet for the language on screen."""

from __future__ import annotations

import html
import re

_TEXT = re.compile(
    r'<text [^>]*?x="([\d.]+)" y="[\d.]+" textLength="([\d.]+)" '
    r'clip-path="url\(#[\w-]+-line-(\d+)\)">([^<]*)</text>'
)
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")
CYRILLIC_WORD = re.compile(r"[А-Яа-яЁё][А-Яа-яЁё-]*")
# clause ids, game and card notation, key names and the program's name: not words
NOTATION = re.compile(r"\b(?:rrop|wsop|house|joker)-[\w.-]+|\b[2-9TJQKA][shdc]\b|\bF\d+\b")
ALLOWED_LATIN = {
    "floorkill",  # the program's name
    "D",
    "SB",
    "BB",  # dealer and blinds, as every floor writes them
    "Hold'em",
    "Omaha",
    "Hi",
    "Lo",
    "b",
    "Lowball",
    "Draw",
    "High",
    "Seven",
    "Card",
    "Stud",
    "Razz",
    "A",  # game names (rules/config.py GAME_NAMES)
    "Esc",
    "Enter",
    "Tab",
    "PgUp",
    "PgDn",
    "Ctrl",  # key names on the keyboard
}


def screen_lines(svg: str) -> list[str]:
    """The screenshot's rows as text (cell positions kept, non-breaking spaces as spaces)."""
    rows: dict[int, list[tuple[float, float, str]]] = {}
    cell = None
    for x, length, line, text in _TEXT.findall(svg):
        text = html.unescape(text).replace("\u00a0", " ")
        if text and cell is None and len(text) > 3:
            cell = float(length) / len(text)
        rows.setdefault(int(line), []).append((float(x), float(length), text))
    cell = cell or 12.2
    out = []
    for n in sorted(rows):
        chars: dict[int, str] = {}
        for x, _, text in rows[n]:
            col = round(x / cell)
            for i, ch in enumerate(text):
                chars[col + i] = ch
        width = max(chars) + 1 if chars else 0
        out.append("".join(chars.get(i, " ") for i in range(width)).rstrip())
    return out


def stray_words(lines: list[str], lang: str, names: list[str]) -> list[str]:
    """Words in the other alphabet: Latin ones on a Russian screen (outside ``names``, the
    notation and :data:`ALLOWED_LATIN`), Cyrillic ones on an English screen (outside
    ``names``)."""
    stray = []
    pieces = set(names) | {w for n in names for w in n.split()}

    def cut_name(m: re.Match) -> str:  # a name cut short with an ellipsis
        return " " if any(p.startswith(m.group(1)) for p in pieces) else m.group(0)

    for line in lines:
        for name in sorted(names, key=len, reverse=True):
            line = line.replace(name, " ").replace(name.upper(), " ")
            for k in range(len(name) - 1, 2, -1):
                line = line.replace(name[:k].rstrip() + "…", " ")
        line = re.sub(r"(\S+)…", cut_name, line)
        line = NOTATION.sub(" ", line)
        if lang == "ru":
            stray += [w for w in LATIN_WORD.findall(line) if w not in ALLOWED_LATIN]
        else:
            stray += CYRILLIC_WORD.findall(line)
    return stray

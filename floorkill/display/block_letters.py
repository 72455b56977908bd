"""Large letters for the big screens: a 3×5 pixel block font drawn with half blocks.

Each glyph is 3 cells wide (a space 1) and 3 rows high (5 pixel rows, two per cell: ``▀ ▄ █``), one
blank cell between glyphs — solid strokes that read from across a room, in any colour
or none. Covers A–Z, the Cyrillic А–Я, German's Ä Ö Ü ß, 0–9 and ``$ - . , : ' / ( ) #`` and
space (every letter of the shipped catalogues: tests/big_screen); :func:`big_lines` returns
None for text it cannot draw (a name in another alphabet), so the caller shows it in
ordinary bold type instead.
"""

from __future__ import annotations

HEIGHT = 3  # rows of one line of big text
GAP = 1  # blank cells between glyphs

_FONT = {
    "A": ".#. #.# ### #.# #.#",
    "B": "##. #.# ##. #.# ##.",
    "C": ".## #.. #.. #.. .##",
    "D": "##. #.# #.# #.# ##.",
    "E": "### #.. ##. #.. ###",
    "F": "### #.. ##. #.. #..",
    "G": ".## #.. #.# #.# .##",
    "H": "#.# #.# ### #.# #.#",
    "I": "### .#. .#. .#. ###",
    "J": "..# ..# ..# #.# .#.",
    "K": "#.# #.# ##. #.# #.#",
    "L": "#.. #.. #.. #.. ###",
    "M": "#.# ### ### #.# #.#",
    "N": "##. #.# #.# #.# #.#",
    "O": ".#. #.# #.# #.# .#.",
    "P": "##. #.# ##. #.. #..",
    "Q": ".#. #.# #.# ##. .##",
    "R": "##. #.# ##. #.# #.#",
    "S": ".## #.. .#. ..# ##.",
    "T": "### .#. .#. .#. .#.",
    "U": "#.# #.# #.# #.# ###",
    "V": "#.# #.# #.# #.# .#.",
    "W": "#.# #.# ### ### #.#",
    "X": "#.# #.# .#. #.# #.#",
    "Y": "#.# #.# .#. .#. .#.",
    "Z": "### ..# .#. #.. ###",
    "0": "### #.# #.# #.# ###",
    "1": ".#. ##. .#. .#. ###",
    "2": "##. ..# .#. #.. ###",
    "3": "##. ..# .#. ..# ##.",
    "4": "#.# #.# ### ..# ..#",
    "5": "### #.. ##. ..# ##.",
    "6": ".## #.. ### #.# ###",
    "7": "### ..# .#. .#. .#.",
    "8": "### #.# ### #.# ###",
    "9": "### #.# ### ..# ##.",
    "$": ".## ##. .#. .## ##.",
    "-": "... ... ### ... ...",
    ".": "... ... ... ... .#.",
    ",": "... ... ... .#. #..",
    ":": "... .#. ... .#. ...",
    "'": ".#. .#. ... ... ...",
    "/": "..# ..# .#. #.. #..",
    "(": ".#. #.. #.. #.. .#.",
    ")": ".#. ..# ..# ..# .#.",
    "#": "#.# ### #.# ### #.#",
    " ": ". . . . .",
    # Cyrillic: the letters that look like no Latin one (the others are aliases below)
    "Б": "### #.. ##. #.# ##.",
    "Г": "### #.. #.. #.. #..",
    "Д": ".## #.# #.# ### #.#",
    "Ж": "#.# ### .#. ### #.#",
    "И": "#.# #.# ### ##. #.#",
    "Й": ".#. #.# ### ##. #.#",
    "Л": ".## #.# #.# #.# #.#",
    "П": "### #.# #.# #.# #.#",
    "У": "#.# #.# .## ..# ##.",
    "Ф": ".#. ### ### .#. .#.",
    "Ц": "#.# #.# #.# ### ..#",
    "Ч": "#.# #.# .## ..# ..#",
    "Ш": "#.# #.# ### ### ###",
    "Щ": "#.# ### ### ### ..#",
    "Ъ": "##. .#. .## .#. .##",
    "Ы": "#.# #.# ##. #.# ###",
    "Ь": "#.. #.. ##. #.# ##.",
    "Э": "##. ..# .## ..# ##.",
    "Ю": "#.# ### ### ### #.#",
    "Я": ".## #.# .## #.# #.#",
    # German: the umlauts' dots on the top row, the letter below it; the capital sharp s
    "Ä": "#.# .#. #.# ### #.#",
    "Ö": "#.# .#. #.# #.# .#.",
    "Ü": "#.# ... #.# #.# ###",
    "ẞ": "##. #.# ##. #.# #..",
}
_HALF = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def _glyph(ch: str) -> tuple[str, str, str]:
    rows = [[cell == "#" for cell in line] for line in _FONT[ch].split()]
    width = len(rows[0])  # 3; a space is 1 (words stay apart: 3 cells)
    rows.append([False] * width)
    return tuple(
        "".join(
            _HALF[(rows[2 * row][column], rows[2 * row + 1][column])] for column in range(width)
        )
        for row in range(HEIGHT)
    )  # type: ignore[return-value]


_GLYPHS = {ch: _glyph(ch) for ch in _FONT}
_ALIASES = {
    "\u00a0": " ",  # the space inside an amount ("12 500 $")
    "—": "-",
    "–": "-",
    "·": "-",
    "×": "X",
    "А": "A",
    "В": "B",
    "Е": "E",
    "Ё": "E",
    "З": "3",
    "К": "K",
    "М": "M",
    "Н": "H",
    "О": "O",
    "Р": "P",
    "С": "C",
    "Т": "T",
    "Х": "X",
}


def _key(c: str) -> str:
    up = "ẞ" if c == "ß" else c.upper()  # "ß".upper() is "SS": two glyphs for one letter
    return _ALIASES.get(up, up)


def can_draw(text: str) -> bool:
    return all(_key(char) in _GLYPHS for char in text)


def big_width(text: str) -> int:
    if not can_draw(text):
        return 0
    return sum(len(_GLYPHS[_key(char)][0]) + GAP for char in text) - GAP if text else 0


def big_lines(text: str, width: int | None = None) -> list[str] | None:
    """``text`` as HEIGHT lines of block letters, or None when a character has no glyph
    or the result would be wider than ``width``."""
    if not can_draw(text) or (width is not None and big_width(text) > width):
        return None
    glyphs = [_GLYPHS[_key(char)] for char in text]
    sep = " " * GAP
    return [sep.join(glyph[row] for glyph in glyphs) for row in range(HEIGHT)]

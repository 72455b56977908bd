"""The big screen's block letters draw every letter a shipped catalogue writes, and the
letters a new language brings (German's Ä Ö Ü ß): a word in any of them is drawn big, never
dropped to plain type for want of a glyph."""

from __future__ import annotations

import pytest

from floorkill.catalog import parse_po, po_path
from floorkill.display.block_letters import HEIGHT, big_lines, big_width, can_draw
from floorkill.i18n import LANGS, NBSP


def _letters(lang: str) -> set[str]:
    if lang == "en":
        from floorkill.catalog import extract

        texts = [msgid for _, msgid in extract()]
    else:
        texts = [s for e in parse_po(po_path(lang).read_text(encoding="utf-8")) for s in e.msgstr]
    return {ch for text in texts for ch in text if ch.isalpha()}


@pytest.mark.parametrize("lang", LANGS)
def test_every_letter_of_a_shipped_catalogue_is_drawn(lang):
    letters = _letters(lang)
    assert len(letters) > 20
    assert sorted(ch for ch in letters if not can_draw(ch)) == []


@pytest.mark.parametrize("word", ["GRÖSSE", "ÄRGER", "Über", "Straße", "STRAẞE"])
def test_german_words_are_drawn_in_block_letters(word):
    rows = big_lines(word)
    assert rows is not None and len(rows) == HEIGHT
    assert big_width(word) == len(rows[0]) == 4 * len(word) - 1  # one glyph per letter


def test_the_sharp_s_is_one_letter_and_an_amount_keeps_its_space():
    assert big_lines("ß") == big_lines("ẞ")
    assert big_lines(f"12{NBSP}500 $") == big_lines("12 500 $")

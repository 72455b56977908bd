"""The rulebook text the repository ships (tests/seeds/) is the source copy's, word for
word, with its credit; and only what the licence allows is shipped (docs/rules.md §12.1)."""

from __future__ import annotations

import re

import pytest
from seedtext import HOUSE, JOKER, ROBERT_EN, ROBERT_RU, SHIPPED, outside


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_only_robert_rules_ships_rrop_credit():
    """Robert's Rules of Poker may be used with credit to its name and author; the house
    rules, the kill-pot-and-joker page and the Russian translation state no licence."""
    names = sorted(p.name for p in SHIPPED.iterdir() if p.suffix == ".txt")
    assert names == [ROBERT_EN]
    for name in (ROBERT_RU, HOUSE, JOKER):
        assert not (SHIPPED / name).exists()
    text = (SHIPPED / ROBERT_EN).read_text(encoding="utf-8")
    head = text[: text.index("Kill Pots - Chapter 13")]
    assert "Robert's Rules of Poker" in head and "Robert (Bob) Ciaffone" in head
    assert "RULES OF KILL POTS" in text and "GLOSSARY" in text


def test_the_shipped_chapter_is_the_source_copy_word_for_word():
    folder = outside()
    if folder is None:
        pytest.skip("compared with the source copy where $FLOORKILL_SEEDS holds it")
    source = _flat((folder / ROBERT_EN).read_text(encoding="utf-8"))
    text = (SHIPPED / ROBERT_EN).read_text(encoding="utf-8")
    body = text[text.index("Kill Pots - Chapter 13") :]
    chapter, glossary = body.split("\nGLOSSARY\n")
    assert _flat(chapter) in source
    assert _flat("GLOSSARY\n" + glossary) in source

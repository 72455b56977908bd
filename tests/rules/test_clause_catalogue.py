"""The clause catalogue covers docs/rules.md's ids, in two languages, in our own words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from seedtext import ROBERT_EN, ROBERT_RU, seed_path, seed_paths

from floorkill.rules import clauses
from floorkill.rules.clauses import CLAUSES, CREDIT, Clause, clause, summary, title

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def _section_one_ids() -> list[str]:
    """The clause ids of docs/rules.md section 1, in its order: the first cell of each
    table row. The catalogue (rules/clauses.py) and that section name the same ids, so a
    new clause is its row there and its entry in the catalogue, no list here."""
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("\n## 1. Clause ids", 1)[1].split("\n## 2.", 1)[0]
    return re.findall(r"^\| `([a-z0-9.-]+)` \|", section, re.M)


EXPECTED_IDS = _section_one_ids()

_CYRILLIC = re.compile(r"[\u0400-\u04FF]")
_LETTER = re.compile(r"[^\W\d_]")


def _words(text: str) -> list[str]:
    text = text.lower().replace("’", "'").replace("‘", "'")
    text = text.replace("'", "")  # robert's -> roberts, don't -> dont
    return re.findall(r"\w+", text)


def _ngrams(words: list[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def _cyrillic_share(text: str) -> float:
    letters = _LETTER.findall(text)
    if not letters:
        return 0.0
    return sum(1 for ch in letters if _CYRILLIC.match(ch)) / len(letters)


def test_every_spec_id_present_in_spec_order():
    assert len(EXPECTED_IDS) >= 37 and "rrop-13.0" in EXPECTED_IDS  # the section was read
    assert list(CLAUSES) == EXPECTED_IDS


@pytest.mark.parametrize("cid", EXPECTED_IDS)
def test_clause_is_complete(cid):
    c = clause(cid)
    assert isinstance(c, Clause)
    assert c.id == cid
    assert c.source.strip()
    for lang in ("en", "ru"):
        assert c.title[lang].strip(), (cid, lang, "title")
        assert c.summary[lang].strip(), (cid, lang, "summary")
        assert title(cid, lang) == c.title[lang]
        assert summary(cid, lang) == c.summary[lang]
    assert title(cid) == c.title["en"]
    assert summary(cid) == c.summary["en"]
    # Russian is really Russian; English is not.
    assert _cyrillic_share(c.title["ru"]) > 0.6, c.title["ru"]
    assert _cyrillic_share(c.summary["ru"]) > 0.6, c.summary["ru"]
    assert not _CYRILLIC.search(c.title["en"] + c.summary["en"])


def test_titles_are_short():
    for c in CLAUSES.values():
        for lang in ("en", "ru"):
            assert len(c.title[lang]) <= 60, (c.id, lang)


def test_rule_6_is_dealt_out_not_dealt_in():
    en = summary("rrop-13.6", "en")
    ru = summary("rrop-13.6", "ru")
    assert "dealt out" in en
    assert "попасть в раздачу" not in ru.lower()
    # the other half of the rule: barred from every game until paid
    assert "every game" in en and "until" in en
    assert "ни к одной игре" in ru


def test_russian_avoids_the_seed_translation_errors():
    preamble = summary("rrop-13.0", "ru").lower()
    assert "забира" not in preamble  # the seed's "забирать" for "kill"
    for c in CLAUSES.values():
        assert "денежную компенсацию" not in c.summary["ru"].lower(), c.id
    lowball = summary("rrop-13.10", "ru").lower()
    assert "иногда три" not in lowball and "две первые карты" in lowball


def test_wsop_clauses_are_marked_gist_only():
    for cid in EXPECTED_IDS:
        if cid.startswith("wsop-"):
            c = clause(cid)
            assert c.source.startswith("WSOP Live Action Rules")
            assert c.source_note == "gist only; full text not verified"


def test_house_clauses_mention_alternates():
    assert "Alternate Rule" in summary("house-natural")
    assert summary("house-natural").count("Alternate Rule") >= 3
    assert "Alternate Rule" in summary("house-button")


def test_english_summaries_are_not_copied_from_the_seeds():
    """No clause summary shares 12 words running with a rulebook: checked against every
    source document at hand — Robert's Rules of Poker always (it ships in tests/seeds/),
    the others where $FLOORKILL_SEEDS holds them (docs/rules.md §12.1)."""
    seeds = seed_paths()
    assert ROBERT_EN in seeds
    grams: set[tuple[str, ...]] = set()
    for path in seeds.values():
        grams |= _ngrams(_words(path.read_text(encoding="utf-8")), 12)
    assert grams, "no seed text read"
    for c in CLAUSES.values():
        for lang in ("en",):
            shared = _ngrams(_words(c.summary[lang]), 12) & grams
            assert not shared, (c.id, [" ".join(g) for g in sorted(shared)[:3]])


def test_russian_summaries_are_not_copied_from_the_russian_seed():
    """The Russian translation of the chapter is a third party's, with no licence of its
    own stated: it is not shipped, and this check runs only where $FLOORKILL_SEEDS holds
    it (docs/rules.md §12.1)."""
    path = seed_path(ROBERT_RU)
    if path is None:
        pytest.skip(f"{ROBERT_RU}: not shipped (no licence to copy it); set FLOORKILL_SEEDS")
    assert _cyrillic_share(path.read_text(encoding="utf-8")) > 0.5, "Russian seed not found"
    grams = _ngrams(_words(path.read_text(encoding="utf-8")), 8)
    for c in CLAUSES.values():
        shared = _ngrams(_words(c.summary["ru"]), 8) & grams
        assert not shared, (c.id, [" ".join(g) for g in sorted(shared)[:3]])


def test_unknown_id_raises_key_error():
    with pytest.raises(KeyError) as info:
        clause("nope")
    assert "nope" in str(info.value)
    with pytest.raises(KeyError):
        summary("nope")
    with pytest.raises(KeyError):
        title("nope", "ru")


def test_unverified_wsop_numbers_explain_themselves():
    with pytest.raises(KeyError) as info:
        clause("wsop-193")
    assert "not catalogued" in str(info.value)


def test_unknown_language_is_refused():
    with pytest.raises(ValueError):
        summary("rrop-13.6", "de")
    assert summary("rrop-13.6", "RU") == summary("rrop-13.6", "ru")


def test_clause_is_frozen():
    c = clause("rrop-13.4")
    from dataclasses import FrozenInstanceError

    with pytest.raises(FrozenInstanceError):
        c.id = "x"  # type: ignore[misc]


def test_credit_line():
    assert set(CREDIT) == {"en", "ru"}
    assert "Robert's Rules of Poker" in CREDIT["en"]
    assert "Ciaffone" in CREDIT["en"]
    assert "WSOP Live Action Rules" in CREDIT["en"]
    assert "house rules" in CREDIT["en"]
    assert "Чиаффоне" in CREDIT["ru"]
    assert _cyrillic_share(CREDIT["ru"]) > 0.6


def test_module_is_stdlib_only():
    """The standard library and the catalogue (floorkill.i18n, itself stdlib only)."""
    src = Path(clauses.__file__).read_text(encoding="utf-8")
    imports = re.findall(r"^\s*(?:from|import)\s+([\w.]+)", src, flags=re.M)
    assert set(imports) <= {"__future__", "dataclasses", "floorkill.i18n"}, imports

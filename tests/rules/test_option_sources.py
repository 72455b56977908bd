"""The options catalogue (rules/option_sources.py): every option explained from its source.

* every [kill] option, kind and every trigger has an entry, and every allowed value a choice;
* every English quote is found word for word in its seed file; every Russian text is
  written (Cyrillic, not the English again);
* every cited clause exists in the clause catalogue;
* the clauses a choice promises are the ones the rules model cites when it decides under
  that choice (second-leg pot, the walk, the splits, the short second win).
"""

from __future__ import annotations

import re

import pytest
from helpers import hand, run, start
from seedtext import ROBERT_EN, SHIPPED, seed_path

from floorkill.rules import apply
from floorkill.rules.clauses import CLAUSES
from floorkill.rules.config import AMOUNT_OPTIONS, KILL_OPTIONS, TRIGGERS
from floorkill.rules.option_sources import AMOUNT, SOURCES, cites, explain, options, source


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_every_option_and_every_value_is_explained():
    assert set(options()) == {"kind", *TRIGGERS, *KILL_OPTIONS} == {*SOURCES, *TRIGGERS}
    for name, (allowed, _default, _cid) in KILL_OPTIONS.items():
        entry = source(name)
        for value in allowed:
            for lang in ("en", "ru"):
                assert explain(name, value, lang)
            assert cites(name, value)
        if name in AMOUNT_OPTIONS:
            assert AMOUNT in entry.choices
            assert explain(name, 2500, "ru") == entry.choices[AMOUNT].text["ru"]
    for value in ("full", "half", "none"):
        assert cites("kind", value)
    for trig in TRIGGERS:
        assert cites(trig, True) and cites(trig, False)


@pytest.mark.parametrize("name", sorted(options()))
def test_russian_is_written_and_every_clause_exists(name):
    entry = source(name)
    assert entry.sources or name in TRIGGERS  # a trigger may be a house's own rule
    for src in entry.sources:
        assert re.search("[а-яё]", src.quote["ru"], re.I) and src.quote["ru"] != src.quote["en"]
        assert re.search("[а-яё]", src.where["ru"], re.I)
    for choice in entry.choices.values():
        assert re.search("[а-яё]", choice.text["ru"], re.I)
        for cid in choice.cites:
            assert cid in CLAUSES, (name, cid)


_QUOTES = [
    pytest.param(name, i, src, id=f"{name}-{i}-{src.seed}")
    for name in sorted(options())
    for i, src in enumerate(source(name).sources)
    if src.seed is not None
]


@pytest.mark.parametrize("name, i, src", _QUOTES)
def test_quotes_come_from_the_seeds(name, i, src):
    """Each English quote is the rulebook's words. Robert's Rules of Poker ships with the
    tests (tests/seeds/, with credit), so its quotes are checked everywhere; the house
    rules state no licence to copy them and are checked only where $FLOORKILL_SEEDS holds
    them (docs/rules.md §12.1)."""
    path = seed_path(src.seed)
    if path is None:
        pytest.skip(f"{src.seed}: not shipped (no licence to copy it); set FLOORKILL_SEEDS")
    seed = _flat(path.read_text(encoding="utf-8"))
    quote = _flat(src.quote["en"]).lstrip(".")
    assert quote in seed, (name, quote)


def test_robert_quotes_are_checked_from_the_shipped_text_rrop_credit():
    """Robert's Rules of Poker's quotes are checked in CI with no folder of seeds: the text
    ships in tests/seeds/, and credits the rulebook and its author."""
    shipped = SHIPPED / ROBERT_EN
    assert shipped.is_file()
    text = shipped.read_text(encoding="utf-8")
    assert "Robert's Rules of Poker" in text and "Ciaffone" in text
    robert = [p for p in _QUOTES if p.values[2].seed == ROBERT_EN]
    assert len(robert) >= 10
    assert seed_path(ROBERT_EN) == shipped


def _cited(state, event) -> set[str]:
    return {c for d in apply(state, event).decisions for c in d.cites}


@pytest.mark.parametrize(
    "name, value, kill, event",
    [
        ("second_leg_pot", "5x-big-blind", {}, hand(2, pot=50)),
        ("second_leg_pot", "none", {}, hand(2, won_beyond_blinds=10)),
        ("walk", "keeps", {"second_leg_needs_flop": True}, hand(2, flop=False)),
        ("walk", "neutral", {"second_leg_needs_flop": True}, hand(2, flop=False)),
        ("split_with_leg", "keeps", {}, hand(winners=[2, 3])),
        ("split_with_leg", "neutral", {}, hand(winners=[2, 3])),
        ("unqualified_second_win", "keeps-leg", {}, hand(2, won_beyond_blinds=0)),
        ("unqualified_second_win", "neutral", {}, hand(2, won_beyond_blinds=0)),
        ("second_leg_needs_flop", True, {}, hand(2, flop=True, won_beyond_blinds=10)),
    ],
)
def test_a_choice_cites_what_the_rules_model_cites(name, value, kill, event):
    st = run(start(**{name: value}, **kill), hand(2))
    assert set(cites(name, value)) <= _cited(st, event)


def test_the_walk_states_its_tie_to_the_flop_rule_in_both_languages():
    note = source("walk").note
    assert "second leg needs a flop" in note["en"]
    assert "флоп" in note["ru"]


def test_describe_gives_source_choice_and_note_in_the_form_language():
    from floorkill.rules.option_sources import describe

    en = describe("walk", "neutral", "en")
    assert en[1].startswith("\u201cIn the event of a walk, the kill button becomes neutral.\u201d")
    assert en[-2].endswith("[house-natural]") and "second leg needs a flop" in en[-1]
    ru = describe("second_leg_pot", 5000, "ru")
    assert ru[0].startswith("«Чтобы банк засчитывался") and "[house-natural]" in ru[1]
    assert describe("second_leg_pot", "none", "ru")[1].endswith("[rrop-13.3]")


@pytest.mark.parametrize("name", sorted(options()))
def test_notes_and_choices_speak_words_for_the_floor_not_option_keys(name):
    """What the editor shows a floorperson names other options by their labels (the words
    the form shows), never by the table file's keys (second_leg_pot, split_with_leg)."""
    from floorkill.i18n import tr
    from floorkill.rules.options import LABELS

    entry = source(name)
    texts = [*entry.note.items()] + [
        (lang, c.text[lang]) for c in entry.choices.values() for lang in ("en", "ru")
    ]
    for lang, text in texts:  # a key with an underscore: second_leg_pot…
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), (lang, text)
    if name == "second_leg_minimum":  # names the pot-size option by its label
        assert tr(LABELS["second_leg_pot"], "en") in entry.note["en"]
        assert tr(LABELS["second_leg_pot"], "ru").replace("«нога»", "„нога“") in entry.note["ru"]

"""The one name key (docs/rules.md section 8), near matches, and names refused at the door."""

from __future__ import annotations

import unicodedata

import pytest
from helpers import start
from hypothesis import given, settings
from hypothesis import strategies as st

from floorkill.rules import Refusal, apply
from floorkill.rules.names import NameError_, name_key, near_match, skeleton, validate_name

SETTINGS = settings(max_examples=300, deadline=None, database=None, derandomize=True)


def test_spec8_spelling_variants_share_one_key():
    base = name_key("Наталья Смирнова")
    for variant in (
        "наталья  смирнова",
        "  НАТАЛЬЯ\tСМИРНОВА ",
        "Наталья\u00a0Смирнова",
        unicodedata.normalize("NFD", "Наталья Смирнова"),
    ):
        assert name_key(variant) == base
    assert name_key("Ｚｏë Hart") == name_key("zoë  hart")  # fullwidth: NFKC
    assert name_key("Zoe Hart") != name_key("Zoë Hart")  # a diacritic is a near match


names = st.text(st.characters(blacklist_categories=("Cs",)), max_size=20)


@SETTINGS
@given(names)
def test_name_key_is_idempotent(name):
    assert name_key(name_key(name)) == name_key(name)


# names as typed at a podium: Latin and Cyrillic letters (with accents), digits, spaces
typed = st.text(
    st.characters(whitelist_categories=("Lu", "Ll", "Nd", "Zs"), max_codepoint=0x4FF), max_size=20
)


@SETTINGS
@given(typed, st.sampled_from(["upper", "lower", "title", "spaces", "nfd", "nfkd"]))
def test_name_key_same_for_every_spelling_variant(name, how):
    variant = {
        "upper": name.upper(),
        "lower": name.lower(),
        "title": name.title(),
        "spaces": "  " + "   ".join(name.split(" ")) + " \u00a0",
        "nfd": unicodedata.normalize("NFD", name),
        "nfkd": unicodedata.normalize("NFKD", name),
    }[how]
    assert name_key(variant) == name_key(name)


@pytest.mark.parametrize(
    "a,b,why",
    [
        ("Zoe Hart", "Zoë Hart", "diacritics"),
        ("Hаталья Смирнова", "Наталья Смирнова", "look-alike"),  # Latin H
        ("Natalya Smirnova", "Natalia Smirnova", "one-letter"),
        ("Натальа Смирнова", "Наталья Смирнова", "one-letter"),
        ("Zeo Hart", "Zoe Hart", "one-letter"),  # neighbours swapped
    ],
)
def test_near_matches(a, b, why):
    assert near_match(a, b) == why
    assert near_match(b, a) == why


@pytest.mark.parametrize(
    "a,b", [("Ann", "Bob"), ("Zoë Hart", "zoë  hart"), ("Al", "Ed"), ("Natalya", "Nataly Smirn")]
)
def test_not_near(a, b):
    assert near_match(a, b) is None


def test_skeleton_maps_cyrillic_lookalikes_to_latin():
    assert skeleton("Сара") == skeleton("Capa")


@pytest.mark.parametrize("raw", ["   ", "\u3000\u3000", "\u2003 \u00a0"])
def test_a_name_that_normalises_to_empty_is_refused(raw):
    with pytest.raises(NameError_, match="empty"):
        validate_name(raw)
    with pytest.raises(Refusal, match="empty"):
        apply(start(), {"type": "join", "seat": 7, "name": raw})


def test_a_zero_width_character_is_refused_with_the_name_it_would_copy():
    with pytest.raises(Refusal) as exc:
        apply(start(), {"type": "join", "seat": 7, "name": "An\u200bn"})
    text = exc.value.text()
    assert "invisible" in text and "U+200B" in text and "'Ann'" in text


def test_a_name_colliding_with_a_seated_player_is_refused():
    st0 = start(players=((1, "Наталья Смирнова"), (2, "Bob")))
    with pytest.raises(Refusal) as exc:
        apply(st0, {"type": "join", "seat": 7, "name": "наталья  смирнова"})
    assert exc.value.key == "name-taken" and "seat 1" in exc.value.text()
    assert st0.seat_of("НАТАЛЬЯ СМИРНОВА") == 1


# every character drawn as nothing: zero-width (Cf) and Unicode's other default-ignorable
# code points (combining grapheme joiner, variation selectors, Hangul fillers, Khmer
# inherent vowels, Mongolian variation selectors, a variation selector supplement)
INVISIBLE = [
    "\u200b",
    "\u200d",
    "\u2060",
    "\ufeff",
    "\u00ad",
    "\u034f",
    "\ufe0f",
    "\ufe00",
    "\u3164",
    "\u115f",
    "\u1160",
    "\uffa0",
    "\u17b4",
    "\u180b",
    "\u180f",
    "\U000e0100",
]


@pytest.mark.parametrize("ch", INVISIBLE, ids=lambda ch: f"U+{ord(ch):04X}")
def test_a_name_differing_only_by_an_invisible_character_is_refused(ch):
    st0 = start(players=((1, "Ann"), (2, "Bob")))
    for name in ("Ann" + ch, "A" + ch + "nn"):
        with pytest.raises(Refusal) as exc:
            apply(st0, {"type": "join", "seat": 7, "name": name})
        text = exc.value.text()
        assert f"invisible character at position {name.index(ch) + 1}" in text
        assert f"U+{ord(ch):04X}" in text and "'Ann'" in text
        assert "невидимый символ" in exc.value.text("ru")
    with pytest.raises(NameError_, match="it would look empty"):
        validate_name(ch)  # alone: a name nobody could see


@SETTINGS
@given(typed.filter(lambda n: n.strip()), st.sampled_from(INVISIBLE), st.integers(0, 20))
def test_an_invisible_character_anywhere_in_a_name_is_refused(name, ch, at):
    at = min(at, len(name))
    with pytest.raises(NameError_, match="invisible"):
        validate_name(name[:at] + ch + name[at:])

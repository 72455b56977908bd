"""Player names: text, never markup, never terminal control; one key per person.

A name is NFC-normalised, 1..32 characters, and may not hold control or format
characters (ESC, C0/C1 controls, bidi overrides, zero-width spaces and joiners, line
and paragraph separators) nor any other character drawn as nothing (variation selectors,
the combining grapheme joiner, Hangul fillers: :func:`invisible`): an invisible character
is refused by name, since two names differing only by one would look identical on every
screen.

:func:`name_key` is the one key a person is matched by, everywhere in the room (joins,
pay_kill, bars, the same-name-at-two-tables notice): Unicode NFKC, case folded, inner
whitespace collapsed to one space, ends trimmed (docs/rules.md section 8). ``наталья  смирнова``
and ``Наталья Смирнова`` have the same key; ``Zoe`` and ``Zoë`` do not.

:func:`near_match` finds names that are *probably* the same person but not the same key:
one edit off (a typo), Latin/Cyrillic look-alike letters (``Hатaлья`` typed with a Latin
``H`` and ``a``), a dropped diacritic (``Zoe`` for ``Zoë``). Those are asked about, never
guessed (see :func:`floorkill.rules.room.near_match_question`).
"""

from __future__ import annotations

import re
import unicodedata

from floorkill.i18n import N_, NC_, Phrase, PhraseError, quoted

MAX_NAME = 32
_BAD_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_SPACES = re.compile(r"\s+")
# invisible characters that make two names look identical (all are category Cf)
ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff\u180e\u00ad")
# Unicode's other default-ignorable code points (DerivedCoreProperties.txt,
# Default_Ignorable_Code_Point, less the Cf and unassigned ones refused above): marks and
# fillers drawn as nothing (combining grapheme joiner, variation selectors, Hangul fillers,
# Khmer inherent vowels, Mongolian variation selectors). "Ann\u034f" would look exactly
# like "Ann" and be another person.
_IGNORABLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u180f\u3164"
    "\ufe00-\ufe0f\uffa0\U000e0100-\U000e01ef]"
)


def invisible(ch: str) -> bool:
    """A character that draws as nothing: refused in a name (it would copy another)."""
    return ch in ZERO_WIDTH or _IGNORABLE.match(ch) is not None


class NameError_(PhraseError):
    """A player name that cannot be accepted (a :class:`Phrase`, said in the screen's
    language)."""


# what a name is, in the refusal's words: the "what" of validate_name
WHATS = {
    "player name": NC_("name refused", "player name"),
    "table name": NC_("name refused", "table name"),
}


def _what(what: str) -> Phrase | str:
    return Phrase(WHATS[what], context="name refused") if what in WHATS else what


def validate_name(raw: object, *, what: str = "player name", limit: int = MAX_NAME) -> str:
    """The name as kept (NFC, stripped), or :class:`NameError_` saying why not. ``what`` and
    ``limit`` let a table name follow the same rules (config.validate_table_name)."""
    if not isinstance(raw, str):
        raise NameError_(
            N_("a {what} must be text, not {type}"), what=_what(what), type=type(raw).__name__
        )
    name = unicodedata.normalize("NFC", raw)
    for pos, ch in enumerate(name, start=1):
        cat = unicodedata.category(ch)
        if invisible(ch):
            # short (a refusal quotes 120 characters): the name it would copy comes first
            visible = "".join(char for char in name if not invisible(char)).strip()
            code = f"U+{ord(ch):04X}"
            if visible:
                raise NameError_(
                    N_(
                        "{what} has an invisible character at position {pos} ({code}): it "
                        "would look exactly like {looks}; type the name without it"
                    ),
                    what=_what(what),
                    pos=pos,
                    code=code,
                    looks=quoted(visible),
                )
            raise NameError_(
                N_(
                    "{what} has an invisible character at position {pos} ({code}): it "
                    "would look empty; type the name without it"
                ),
                what=_what(what),
                pos=pos,
                code=code,
            )
        if cat in _BAD_CATEGORIES:
            label = unicodedata.name(ch, "")  # control characters have no name
            raise NameError_(
                N_("{what} has a control or format character at position {pos} ({code}{label})"),
                what=_what(what),
                pos=pos,
                code=f"U+{ord(ch):04X}",
                label=f" {label}" if label else "",
            )
    name = name.strip()
    if not name or not name_key(name):
        raise NameError_(
            N_("{what} is empty (nothing is left once spaces are trimmed)"), what=_what(what)
        )
    if len(name) > limit:
        raise NameError_(
            N_("{what} is {length} characters; at most {limit}"),
            what=_what(what),
            length=len(name),
            limit=limit,
        )
    return name


def name_key(name: str) -> str:
    """The key two names are compared by: NFKC, case folded, inner whitespace collapsed,
    ends trimmed. Idempotent: ``name_key(name_key(x)) == name_key(x)``."""
    key = unicodedata.normalize("NFKC", name).casefold()
    key = _SPACES.sub(" ", key).strip()
    # casefold can denormalise (e.g. U+0345 → ι): normalise once more so the key is stable
    key = unicodedata.normalize("NFKC", key)
    if "\u0131" in key or "i\u0307" in key:  # Turkish dotless ı and dotted İ: one i
        key = key.replace("\u0131", "i").replace("i\u0307", "i")
    return _SPACES.sub(" ", key).strip()


# ---------------------------------------------------------------------------
# near matches

# Cyrillic letters that look like Latin ones (lower case: keys are case folded), and a
# few Greek ones. Both sides are mapped to the Latin letter.
_CONFUSABLE = str.maketrans(
    {
        "а": "a",
        "в": "b",
        "е": "e",
        "ё": "e",
        "к": "k",
        "м": "m",
        "н": "h",
        "о": "o",
        "п": "n",
        "р": "p",
        "с": "c",
        "т": "t",
        "у": "y",
        "х": "x",
        "ѕ": "s",
        "і": "i",
        "ї": "i",
        "ј": "j",
        "һ": "h",
        "ԁ": "d",
        "ԛ": "q",
        "ԝ": "w",
        "ь": "b",
        "α": "a",
        "β": "b",
        "ε": "e",
        "ι": "i",
        "κ": "k",
        "ν": "v",
        "ο": "o",
        "ρ": "p",
        "τ": "t",
        "υ": "u",
        "χ": "x",
    }
)


def skeleton(name: str) -> str:
    """What a name looks like: its key with diacritics dropped and Cyrillic/Greek
    look-alikes mapped to Latin letters (``Zoë`` → ``zoe``, ``Наталья`` → ``hatal…``)."""
    key = name_key(name)
    stripped = "".join(
        char for char in unicodedata.normalize("NFD", key) if not unicodedata.combining(char)
    )
    return unicodedata.normalize("NFC", stripped).translate(_CONFUSABLE)


def _one_edit(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` differ by exactly one insertion, deletion, substitution
    or swap of two neighbouring letters."""
    if a == b:
        return False
    la, lb = len(a), len(b)
    if abs(la - lb) > 1:
        return False
    if la > lb:
        a, b, la, lb = b, a, lb, la
    index = 0
    while index < la and a[index] == b[index]:
        index += 1
    if la == lb:
        if a[index + 1 :] == b[index + 1 :]:
            return True  # substitution
        return (
            index + 1 < la
            and a[index] == b[index + 1]
            and a[index + 1] == b[index]
            and a[index + 2 :] == b[index + 2 :]
        )  # neighbours swapped
    return a[index:] == b[index + 1 :]  # one letter more in b


_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")  # letters (and O'Neil, Jean-Luc)


def _words(name: str) -> list[str]:
    """A name's words as a floorperson reads them: its skeleton's letters, punctuation
    dropped ("Hill, George" → ["hill", "george"])."""
    return _WORD.findall(skeleton(name))


def _initial_of(short: str, word: str) -> bool:
    """``short`` is ``word``'s initial ("g" for "george")."""
    return len(short) == 1 and word.startswith(short) and len(word) > 1


def _same_words(a: list[str], b: list[str]) -> bool:
    """The same words in another order, or with words written as their initial
    ("George H", "G. Hill", "Hill G." for "George Hill"): every word of the shorter side
    matches a different word of the other, in full or as its initial, at least one in
    full (a pair of initials alone says too little)."""
    if len(a) != len(b) or len(a) < 2:
        return False
    free = list(b)
    full = 0
    for word in a:
        match = next(
            (
                index
                for index, other in enumerate(free)
                if word == other or _initial_of(word, other) or _initial_of(other, word)
            ),
            None,
        )
        if match is None:
            return False
        full += free.pop(match) == word
    return full >= 1


def near_match(a: str, b: str) -> str | None:
    """Why ``a`` and ``b`` are probably the same person though their keys differ:
    ``"diacritics"``, ``"look-alike"``, ``"reordered"`` ("Hill, George"), ``"initials"``
    ("George H", "G. Hill"), ``"one-letter"``; None when they are the same key (the same
    person, no question) or clearly different."""
    ka, kb = name_key(a), name_key(b)
    if ka == kb or not ka or not kb:
        return None
    sa, sb = skeleton(a), skeleton(b)
    if sa == sb:
        plain_a = "".join(
            char for char in unicodedata.normalize("NFD", ka) if not unicodedata.combining(char)
        )
        plain_b = "".join(
            char for char in unicodedata.normalize("NFD", kb) if not unicodedata.combining(char)
        )
        return "diacritics" if plain_a == plain_b else "look-alike"
    wa, wb = _words(a), _words(b)
    if len(wa) >= 2 and sorted(wa) == sorted(wb):
        return "reordered" if wa != wb else "look-alike"  # the same words: punctuation only
    if _same_words(wa, wb):
        return "initials"
    if min(len(ka), len(kb)) >= 3 and (_one_edit(ka, kb) or _one_edit(sa, sb)):
        return "one-letter"
    return None


def safe_text(text: str) -> str:
    """Replace control and format characters by U+FFFD: a last filter before rendering."""
    if text.isprintable():  # fast path: no character of those categories (nor any space
        return text  # but " "), so nothing to replace
    return "".join("\ufffd" if unicodedata.category(ch) in _BAD_CATEGORIES else ch for ch in text)


def one_line(text: str, limit: int = 300) -> str:
    """A message on one line of at most ``limit`` characters: control and format characters
    written as escapes (``\\n``, ``\\u202e``), anything longer cut with "…" (a 10 MB key is
    not echoed whole)."""
    if len(text) > 4 * limit:
        text = text[: 4 * limit]
    out = "".join(
        ch.encode("unicode_escape").decode("ascii")
        if unicodedata.category(ch) in _BAD_CATEGORIES
        else ch
        for ch in text
    )
    return out if len(out) <= limit else out[: limit - 1] + "…"

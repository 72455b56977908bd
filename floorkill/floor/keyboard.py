"""Keys by where they sit, not by the letter a layout gives them (no Textual).

A floorperson with a Russian (ЙЦУКЕН) layout switched on presses the same keys as one on a
Latin layout: the Y key types «н», the J key «о». Single-key commands (the seat keys, a
question's y and n) and the hand entry's letters (``h3 l5``, ``k-``, ``p140``) are read by
the key's place: «н» is the Y key, so **yes** — in English and in Russian alike; «т» (the N
key) is no. Whole words are read as words: «да» yes, «нет» no (and ``lf``/``ytn``, the
same words typed on a Latin layout). A digit is never a yes or a no. Names are never
translated: they are taken as typed.
"""

from __future__ import annotations

from collections.abc import Mapping

# the Russian layout's letters and the Latin letter on the same key
_RU = "йцукенгшщзхъфывапролджэячсмитьбю"
_LATIN = "qwertyuiop[]asdfghjkl;'zxcvbnm,."
TO_LATIN = str.maketrans(_RU + _RU.upper(), _LATIN + _LATIN.upper())
TO_RUSSIAN = str.maketrans(_LATIN, _RU)

YES_WORDS = frozenset({"y", "yes", "д", "да"})
NO_WORDS = frozenset({"n", "no", "нет"})


def latin(text: str) -> str:
    """``text`` with each Russian-layout letter replaced by the Latin letter on its key."""
    return text.translate(TO_LATIN)


def key_letters(letter: str) -> str:
    """A Latin command key and the Russian-layout letter on the same key: ``"j,о"`` (a
    Textual binding's key list)."""
    other = letter.translate(TO_RUSSIAN)
    return letter if other == letter else f"{letter},{other}"


def letter_shown(key: str, lang: str | None, actions: Mapping[str, str]) -> str | None:
    """How a footer shows the Latin command key ``key`` when the Russian layout's letter on
    the same key is bound to the same action (``actions``: each key bound, its action; the
    seat keys, :func:`key_letters`): on a Russian screen by that letter («о» for ``j``, the
    letter a Russian keyboard prints beside J), else None (as bound). Either letter works
    on either screen."""
    if lang != "ru" or len(key) != 1 or key not in actions:
        return None
    letter = key.translate(TO_RUSSIAN)
    return letter if letter != key and actions.get(letter) == actions[key] else None


def same_key(letter: str) -> tuple[str, ...]:
    """``letter`` and the letter the same key types on the other layout, folded: ``"s"`` →
    ``("s", "ы")``, ``"С"`` → ``("с", "c")`` (a letter no other layout has: itself)."""
    folded = letter.casefold()
    out = [folded]
    for other in (folded.translate(TO_LATIN), folded.translate(TO_RUSSIAN)):
        if other not in out:
            out.append(other)
    return tuple(out)


def yes_no(text: str) -> bool | None:
    """True (yes), False (no) or None (neither) for a typed answer: yes/no words only, by
    the key's place for one letter (``н`` is the Y key), never a digit."""
    answer = text.strip().casefold()
    if answer in YES_WORDS:
        return True
    if answer in NO_WORDS:
        return False
    typed_latin = latin(answer)  # a Russian layout: "н" is y, "т" is n, "нуы" is yes
    if typed_latin in ("y", "yes"):
        return True
    if typed_latin in ("n", "no"):
        return False
    typed_russian = answer.translate(TO_RUSSIAN)  # «да»/«нет» typed on a Latin layout
    if len(answer) > 1 and typed_russian == "да":
        return True
    if len(answer) > 1 and typed_russian == "нет":
        return False
    return None

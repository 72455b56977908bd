"""Exact money: amounts are integer cents, never floats.

:func:`parse_amount` is the one amount reader: table files, events (files, the journal,
the replay) and every amount field of the podium read money through it. It returns
integer cents or raises :class:`MoneyError`, whose message is one line saying what is
wrong and how to write the amount. Nothing is ever rounded or guessed.

Written amounts (text) are read as people write them, or refused:

- digits 0-9 with an optional ``$`` before or after (``$4.50``, ``4,50 $``) and an
  optional sign (only where negatives are allowed);
- thousands grouped by commas or by spaces (also the no-break U+00A0, the narrow
  no-break U+202F and the thin U+2009), groups of exactly three digits: ``$1,000``,
  ``1 000``, ``12 500``;
- cents after a dot, one or two digits: ``4.50``, ``4.5``; or after a comma when it is
  unambiguous: a comma followed by exactly two digits that end the amount, with no other
  comma or dot: ``4,50``, ``1 000,50`` (as the Russian screens write money);
- refused: a comma followed by anything but two final digits or a group of three
  (``1,0000``, ``4,5``), both a decimal comma and other commas or dots (``1.000,50``), a
  dot followed by digits finer than a cent (``4.505``; ``1.000`` is one dollar), exponents (``1e9``),
  other scripts' digits (Arabic-Indic ``٣``, full-width ``３``), invisible and bidi
  controls (U+200B, U+202E ...), and anything else.

Numbers (from TOML or JSON) are integers or floats exact to the cent (``4.5``); a TOML
float written with an exponent (``pot = 1e9``) is refused as the text ``"1e9"`` is, when
the file was read with :func:`written_float` as tomllib's ``parse_float``.
"""

from __future__ import annotations

import math
import re
import unicodedata
from typing import Any

from floorkill.i18n import N_, Amount, Phrase, PhraseError

Cents = int

# How to write an amount: the end of every refusal of an amount's shape.
HOW_TO_WRITE = N_("write it like 1000, $1,000, 1 000, 4.50 or 4,50")
# what a refusal says when the value is not written as an amount at all (config.py offers
# an option's words then)
NOT_AN_AMOUNT = N_("{value} is not an amount")
TOO_LONG = N_("{value} is too long for an amount")
_TOO_LARGE = N_("{value} is too large (at most {most})")


class MoneyError(PhraseError):
    """An amount that is not a valid sum of money: one line, a :class:`Phrase` (what is
    wrong, then how to write the amount) said in the screen's language. ``.what`` is the
    first part alone."""

    def __init__(self, what: Phrase, *, how: bool = False) -> None:
        self.what = what
        super().__init__(
            Phrase(N_("{what}; {how}"), what=what, how=Phrase(HOW_TO_WRITE)) if how else what
        )


def _error(msgid: str, value: object, how: bool = False, **params: Any) -> MoneyError:
    return MoneyError(Phrase(msgid, value=_show(value), **params), how=how)


class WrittenFloat(float):
    """A TOML float that remembers how it was written (for refusing ``1e9``)."""

    written: str

    def __new__(cls, text: str) -> WrittenFloat:
        self = super().__new__(cls, text)
        self.written = text
        return self


def written_float(text: str) -> float:
    """tomllib's ``parse_float``: the float, keeping its written text."""
    return WrittenFloat(text)


# Bounds: no pot, stack or limit in a cardroom comes near them, and they keep every input
# (a TOML or JSON value, a typed "$1e999999", a string of thousands of digits) to a few
# microseconds: nothing huge is ever built, exponentiated or rounded.
MAX_CENTS = 10**15  # $10,000,000,000,000
MAX_TEXT = 40  # characters of a written amount, separators included
_MAX_WHOLE = MAX_CENTS // 100
_MOST = Amount(MAX_CENTS, grouped=True)

_EXPONENT = N_("{value} has an exponent (e)")
_NOT_EXACT = N_("{value} is not exact to the cent")

_SPACES = "\u0020\u00a0\u202f\u2009"
_SPACE_RE = re.compile(f"[{_SPACES}]")
# the whole part: plain digits, or groups of three after commas, or after spaces
_WHOLE_RE = re.compile(r"\d+|\d{1,3}(?:,\d{3})+|\d{1,3}(?: \d{3})+")
# a float's own text (repr, or TOML's written form without an exponent)
_FLOAT_RE = re.compile(r"([+-]?)(\d+)(?:\.(\d+))?")


def _bound(cents: int, value: object, allow_negative: bool) -> Cents:
    if cents < 0 and not allow_negative:
        raise _error(N_("{value} is negative"), value)
    if abs(cents) > MAX_CENTS:
        raise _error(_TOO_LARGE, value, most=_MOST)
    return cents


def _show(value: object) -> str:
    text = repr(value) if not isinstance(value, WrittenFloat) else value.written
    return text if len(text) <= 24 else text[:20] + "..." + text[-1]


def _refuse(value: object, problem: str, **params: Any) -> MoneyError:
    return _error(problem, value, how=True, **params)


def _cents(sign: str, whole: str, frac: str, value: object, finer: str) -> int:
    """Cents from ASCII digit strings, by integer arithmetic on bounded pieces."""
    if len(frac) > MAX_TEXT:
        raise _error(TOO_LONG, value)
    if len(frac) > 2:
        if frac[2:].strip("0"):
            raise _error(finer, value)
        frac = frac[:2]
    whole = whole.lstrip("0")
    if len(whole) > 15:  # >= 10**15 dollars: far past MAX_CENTS
        raise _error(_TOO_LARGE, value, most=_MOST)
    cents = int(whole or "0") * 100 + int(frac.ljust(2, "0"))
    return -cents if sign == "-" else cents


def _text_problem(text: str) -> tuple[str, dict[str, str]] | None:
    """Why ``text`` has a character an amount never has (a message id and its parameters),
    or None."""
    for ch in text:
        if ch.isascii() and (ch.isdigit() or ch in "$.,+- "):
            continue
        if ch in _SPACES:
            continue
        code = f"U+{ord(ch):04X}"
        if unicodedata.category(ch) in ("Cf", "Cc", "Zl", "Zp", "Mn", "Me") or ch.isspace():
            return N_("{value} has an invisible character ({code})"), {"code": code}
        if ch.isdigit() or unicodedata.category(ch) == "Nd" or bool(unicodedata.numeric(ch, 0)):
            return N_("{value} has a digit of another script ({digit} {code}), not 0-9"), {
                "digit": ch,
                "code": code,
            }
        if ch in "eE":
            return _EXPONENT, {}
        return NOT_AN_AMOUNT, {}
    return None


def _from_text(value: str) -> int:
    if len(value) > MAX_TEXT * 4:
        raise _error(TOO_LONG, value)
    problem = _text_problem(value)
    if problem is not None:
        raise _refuse(value, problem[0], **problem[1])
    text = _SPACE_RE.sub(" ", value).strip(" ")
    sign = ""
    if text[:1] in "+-" and text:
        sign, text = text[0], text[1:].lstrip(" ")
    if text.startswith("$"):
        text = text[1:].lstrip(" ")
    elif text.endswith("$"):
        text = text[:-1].rstrip(" ")
    if text[:1] in "+-" and text and not sign:  # $-4.50
        sign, text = text[0], text[1:]
    if len(text) > MAX_TEXT:
        raise _error(TOO_LONG, value)
    if not text or "$" in text or "+" in text or "-" in text:
        raise _refuse(value, NOT_AN_AMOUNT)
    frac = ""
    if "." in text:
        whole, _, frac = text.partition(".")
        if "." in frac or "," in frac or " " in frac or not frac.isdigit():
            raise _refuse(value, NOT_AN_AMOUNT)
    elif re.search(r",\d\d\Z", text) and text.count(",") == 1:
        whole, frac = text[:-3], text[-2:]  # a decimal comma: 4,50
    else:
        whole = text
    if not whole and frac:
        whole = "0"
    if not _WHOLE_RE.fullmatch(whole):
        if "," in whole:
            raise _refuse(
                value, N_("{value} has a comma that is neither cents (4,50) nor thousands (1,000)")
            )
        raise _refuse(value, NOT_AN_AMOUNT)
    return _cents(
        sign,
        whole.replace(",", "").replace(" ", ""),
        frac,
        value,
        N_("{value} has more than two decimals"),
    )


def _from_float(value: float) -> int:
    if not math.isfinite(value):
        raise _error(NOT_AN_AMOUNT, value)
    written = getattr(value, "written", None)
    if written is not None and ("e" in written or "E" in written):
        raise _refuse(value, _EXPONENT)
    if written is not None:
        written = written.replace("_", "")  # TOML's 1_000.50
    # Read as the decimal text the number was written as, never through binary arithmetic: a
    # TOML float keeps its text (written_float); a float from a journal payload was written
    # by json as its shortest repr, which float.__repr__ gives back digit for digit. 4.55 is
    # 455 cents; 0.1 + 0.2 (0.30000000000000004) is not exact to the cent and is refused.
    text = written if written is not None else float.__repr__(value)
    match = _FLOAT_RE.fullmatch(text)
    if match is None:  # repr of a huge or tiny float: 1e+16, 1e-05
        if abs(value) >= 1:
            raise _error(_TOO_LARGE, value, most=_MOST)
        raise _error(_NOT_EXACT, value)
    return _cents(match.group(1), match.group(2), match.group(3) or "", value, _NOT_EXACT)


def parse_amount(value: object, *, allow_negative: bool = False) -> Cents:
    """``value`` in integer cents, or :class:`MoneyError` (one line: what, and how to write it).

    The one amount reader (table files, events, the replay, every amount field of the app).
    ``value`` is an integer, a float exact to the cent, or a written amount as the module's
    docstring lists (``"$1,000"``, ``"1 000"``, ``"4.50"``, ``"4,50"``, ``"12 500,50 $"``).
    At most :data:`MAX_CENTS` in size and :data:`MAX_TEXT` characters when written; negative
    only with ``allow_negative``. Anything else, of any size or shape, is refused quickly."""
    if isinstance(value, bool):
        raise MoneyError(Phrase(NOT_AN_AMOUNT, value=repr(value)))
    if type(value) is int and -_MAX_WHOLE <= value <= _MAX_WHOLE:  # the common case
        if value < 0 and not allow_negative:
            raise MoneyError(Phrase(N_("{value} is negative"), value=repr(value)))
        return value * 100
    if isinstance(value, int):
        if abs(value) > _MAX_WHOLE:
            raise MoneyError(
                Phrase(
                    N_("an amount of about {digits} digits is too large (at most {most})"),
                    digits=value.bit_length() * 3 // 10 + 1,
                    most=_MOST,
                )
            )
        return _bound(value * 100, value, allow_negative)
    if isinstance(value, float):
        return _bound(_from_float(value), value, allow_negative)
    if isinstance(value, str):
        return _bound(_from_text(value), value, allow_negative)
    raise _error(NOT_AN_AMOUNT, value)


def scale(cents: Cents, num: int, den: int) -> Cents:
    """``cents * num / den``, exact, or :class:`MoneyError` if it needs a fraction of a cent."""
    total = cents * num
    if total % den:
        raise MoneyError(
            Phrase(
                N_("{amount} x {num}/{den} needs a fraction of a cent"),
                amount=fmt(cents),
                num=num,
                den=den,
            )
        )
    return total // den


def fmt(cents: Cents) -> str:
    """Decimal string without a currency sign: 1000 -> "10", 450 -> "4.50"."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole}" if part == 0 else f"{sign}{whole}.{part:02d}"


def dollars(cents: Cents) -> str:
    """Display form with a dollar sign: 450 -> "$4.50"."""
    text = fmt(cents)
    return f"-${text[1:]}" if text.startswith("-") else f"${text}"


def to_toml(cents: Cents) -> int | str:
    """The value written back to a table file: an integer when whole, else a decimal string."""
    return cents // 100 if cents % 100 == 0 else fmt(cents)

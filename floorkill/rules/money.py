"""Exact money: amounts are integer cents, never floats.

Input amounts come from TOML or JSON as integers, decimal strings ("4.50") or
floats that are exact to the cent (4.5). Anything finer than a cent is an error;
nothing is ever rounded.
"""

from __future__ import annotations

import math
import re

Cents = int


class MoneyError(ValueError):
    """An amount that is not a valid sum of money."""


# Bounds: no pot, stack or limit in a cardroom comes near them, and they keep every input
# (a TOML or JSON value, a typed "$1e999999", a string of thousands of digits) to a few
# microseconds: nothing huge is ever built, exponentiated or rounded.
MAX_CENTS = 10**15  # $10,000,000,000,000
MAX_TEXT = 40  # characters of a written amount, separators included
_MAX_WHOLE = MAX_CENTS // 100
_MAX_TEXT = f"${_MAX_WHOLE:,}"
_AMOUNT_RE = re.compile(r"([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,6}))?")


def _bound(cents: int, value: object, allow_negative: bool) -> Cents:
    if cents < 0 and not allow_negative:
        raise MoneyError(f"{_show(value)} is negative")
    if abs(cents) > MAX_CENTS:
        raise MoneyError(f"{_show(value)} is too large (at most {_MAX_TEXT})")
    return cents


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 24 else text[:20] + "..." + text[-1]


def _from_text(text: str, value: object, finer: str = "has more than two decimals") -> int:
    """Cents from a written amount, by integer arithmetic on bounded pieces."""
    m = _AMOUNT_RE.fullmatch(text)
    if m is None or not (m.group(2) or m.group(3)):
        raise MoneyError(f"{_show(value)} is not an amount")
    sign, whole, frac, exp = m.group(1), m.group(2), m.group(3) or "", m.group(4)
    digits = (whole + frac).lstrip("0")
    if not digits:
        return 0
    # value = int(digits) * 10 ** power, with len(digits) <= MAX_TEXT
    power = int(exp or 0) - len(frac) + 2
    stripped = digits.rstrip("0")
    power += len(digits) - len(stripped)
    if power < 0:
        raise MoneyError(f"{_show(value)} {finer}")
    if len(stripped) + power > 17:  # >= 10**17 cents: far past MAX_CENTS
        raise MoneyError(f"{_show(value)} is too large (at most {_MAX_TEXT})")
    cents = int(stripped) * 10**power
    return -cents if sign == "-" else cents


def parse_amount(value: object, *, allow_negative: bool = False) -> Cents:
    """Return ``value`` in integer cents, or raise :class:`MoneyError`.

    The one amount parser (table files, events, every form of the app): an integer, a
    decimal string ("4.50", "$1,000", "1e3") or a float exact to the cent; at most
    :data:`MAX_CENTS` in size and :data:`MAX_TEXT` characters when written. Anything else,
    of any size or shape, is a :class:`MoneyError`, quickly."""
    if isinstance(value, bool):
        raise MoneyError(f"{value!r} is not an amount")
    if type(value) is int and -_MAX_WHOLE <= value <= _MAX_WHOLE:  # the common case
        if value < 0 and not allow_negative:
            raise MoneyError(f"{value!r} is negative")
        return value * 100
    if isinstance(value, int):
        if abs(value) > _MAX_WHOLE:
            raise MoneyError(
                f"an amount of about {value.bit_length() * 3 // 10 + 1} digits is too large "
                f"(at most {_MAX_TEXT})"
            )
        return _bound(value * 100, value, allow_negative)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise MoneyError(f"{value!r} is not an amount")
        # A float is read as the decimal it was written as (its shortest repr): 4.55 is 4.55.
        return _bound(
            _from_text(repr(value), value, "is not exact to the cent"), value, allow_negative
        )
    if isinstance(value, str):
        if len(value) > MAX_TEXT * 4:
            raise MoneyError(f"{_show(value)} is too long for an amount")
        text = value.strip()
        if text.startswith(("-$", "+$")):
            text = text[0] + text[2:]
        text = text.removeprefix("$").replace(",", "").replace("_", "")
        if len(text) > MAX_TEXT:
            raise MoneyError(f"{_show(value)} is too long for an amount")
        return _bound(_from_text(text, value), value, allow_negative)
    raise MoneyError(f"{_show(value)} is not an amount")


def scale(cents: Cents, num: int, den: int) -> Cents:
    """``cents * num / den``, exact, or :class:`MoneyError` if it needs a fraction of a cent."""
    total = cents * num
    if total % den:
        raise MoneyError(f"{fmt(cents)} x {num}/{den} needs a fraction of a cent")
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

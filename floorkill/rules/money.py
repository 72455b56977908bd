"""Exact money: amounts are integer cents, never floats.

Input amounts come from TOML or JSON as integers, decimal strings ("4.50") or
floats that are exact to the cent (4.5). Anything finer than a cent is an error;
nothing is ever rounded.
"""

from __future__ import annotations

import math
from decimal import Decimal, InvalidOperation

Cents = int


class MoneyError(ValueError):
    """An amount that is not a valid sum of money."""


def parse_amount(value: object, *, allow_negative: bool = False) -> Cents:
    """Return ``value`` in integer cents, or raise :class:`MoneyError`."""
    if isinstance(value, bool):
        raise MoneyError(f"{value!r} is not an amount")
    if isinstance(value, int):
        cents = value * 100
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise MoneyError(f"{value!r} is not an amount")
        # A float is read as the decimal it was written as (its shortest repr): 4.55 is 4.55.
        scaled = Decimal(repr(value)) * 100
        if scaled != scaled.to_integral_value():
            raise MoneyError(f"{value!r} is not exact to the cent")
        cents = int(scaled)
    elif isinstance(value, str):
        text = value.strip().lstrip("$").replace(",", "")
        try:
            dec = Decimal(text)
        except InvalidOperation:
            raise MoneyError(f"{value!r} is not an amount") from None
        if not dec.is_finite():
            raise MoneyError(f"{value!r} is not an amount")
        scaled = dec * 100
        if scaled != scaled.to_integral_value():
            raise MoneyError(f"{value!r} has more than two decimals")
        cents = int(scaled)
    else:
        raise MoneyError(f"{value!r} is not an amount")
    if cents < 0 and not allow_negative:
        raise MoneyError(f"{value!r} is negative")
    return cents


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

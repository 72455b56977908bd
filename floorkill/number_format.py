"""Numbers and money as each language writes them, read from that language's catalogue.

A language's ``.po`` says how it writes numbers in five entries (context ``number format``
…; the message id is the English way, so English needs no catalogue):

- the thousands separator (English ``,``; Russian a no-break space: ``12 500``);
- the decimal separator (English ``.``; Russian ``,``: ``4,50``);
- the digits of the smallest number that is grouped (English ``4``: ``1,000``; Russian
  ``5``: ``1500`` but ``12 500``, as Russian typesetting does);
- where the amount goes beside the dollar sign (English ``${amount}``; Russian
  ``{amount} $`` with a no-break space);
- the digits of the smallest amount of money that is grouped (English ``0``: never, the
  room writes ``$12500``; Russian ``5``).

Money is whole dollars when whole (``$1200``, ``$4.50``); the sign goes before it all
(``-$4.50``, ``-4,50 $``). A new language gets its separators by translating these five
entries. Textual-free, Rich-free, no dependency (docs/languages.md says why not Babel:
CLDR money always has cents and Russian CLDR groups ``1 500``, so it would change what
every screen and sample writes today).
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from floorkill.i18n import NC_, get_lang, normalize, pgettext

_GROUP = NC_("number format: thousands separator", ",")
_DECIMAL = NC_("number format: decimal separator", ".")
_GROUP_FROM = NC_("number format: digits of the smallest grouped number", "4")
_MONEY = NC_("number format: where the amount goes beside the dollar sign", "${amount}")
_MONEY_GROUP_FROM = NC_(
    "number format: digits of the smallest grouped amount of money (0: never)", "0"
)


class NumberFormat(NamedTuple):
    group: str
    decimal: str
    group_from: int  # digits; 0: never grouped
    money: str
    money_group_from: int


def _digits(text: str, default: int) -> int:
    return int(text) if text.isdigit() else default


@cache
def number_format(lang: str) -> NumberFormat:
    """How ``lang`` writes numbers (its catalogue's five entries)."""

    def said(msgid: str) -> str:
        return pgettext(_context[msgid], msgid, lang)

    return NumberFormat(
        group=said(_GROUP),
        decimal=said(_DECIMAL),
        group_from=_digits(said(_GROUP_FROM), 4),
        money=said(_MONEY) if "{amount}" in said(_MONEY) else _MONEY,
        money_group_from=_digits(said(_MONEY_GROUP_FROM), 0),
    )


_context = {
    _GROUP: "number format: thousands separator",
    _DECIMAL: "number format: decimal separator",
    _GROUP_FROM: "number format: digits of the smallest grouped number",
    _MONEY: "number format: where the amount goes beside the dollar sign",
    _MONEY_GROUP_FROM: "number format: digits of the smallest grouped amount of money (0: never)",
}


def _grouped(digits: str, sep: str, group_from: int) -> str:
    if not group_from or len(digits) < group_from:
        return digits
    head = len(digits) % 3 or 3
    return sep.join(
        [digits[:head], *(digits[start : start + 3] for start in range(head, len(digits), 3))]
    )


def number(n: int, lang: str | None = None) -> str:
    """A whole number: English "12,500", Russian "12 500" (and "1500")."""
    style = number_format(normalize(lang) or get_lang())
    text = _grouped(str(abs(n)), style.group, style.group_from)
    return "-" + text if n < 0 else text


def money(cents: int, lang: str | None = None, *, grouped: bool = False) -> str:
    """An amount in cents, whole dollars when whole: English "$1200", "$4.50"; Russian
    "1200 $", "12 500 $", "4,50 $". ``grouped``: thousands grouped as numbers are, in every
    language ("$10,000,000")."""
    style = number_format(normalize(lang) or get_lang())
    whole, part = divmod(abs(cents), 100)
    text = _grouped(
        str(whole), style.group, style.group_from if grouped else style.money_group_from
    )
    if part:
        text += f"{style.decimal}{part:02d}"
    return ("-" if cents < 0 else "") + style.money.format(amount=text)

"""The correction form's words, without Textual: a record as the line the floorperson
would have typed, and that line (edited) read back as the replacement event.

A hand is written in the entry's own syntax (``4``, ``3 5``, ``h3 l5``, ``$140``, ``k-``:
the podium's entry line), and what the rules asked about it as well: ``b20`` (won $20
beyond the blinds), ``q+`` / ``q-`` (the second leg qualifies / does not), ``f-`` (no
flop). Any other record is its type and its
fields, ``quit seat=2 posts_kill=false``. A lone ``-`` strikes the record.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from floorkill.i18n import N_, Phrase, PhraseError, quoted
from floorkill.rules.money import MoneyError, parse_amount

STRIKE_LINE = "-"
_HAND_EXTRA = re.compile(r"^(b(.+)|q[+-]|f-)$", re.IGNORECASE)


class LineError(PhraseError):
    """The edited line cannot be read: a :class:`Phrase` saying how to write it, in the
    form's language (``exc.text(lang)``)."""


def _seats(xs: object) -> str:
    return ",".join(str(x) for x in xs) if isinstance(xs, list | tuple) else str(xs)


def typed_line(event: Mapping[str, Any]) -> str:
    """The record as the correction form shows it, ready to edit."""
    etype = event.get("type")
    if etype == "hand" and "showdown" not in event:
        parts: list[str] = []
        if "high" in event:
            parts.append("h" + _seats(event["high"]))
            low = event.get("low")
            if low is not None:
                parts.append("l" + (_seats(low) if low else "-"))
        elif "winners" in event:
            parts.extend(str(x) for x in event["winners"])
        elif "winner" in event:
            parts.append(str(event["winner"]))
        if "pot" in event:
            parts.append(f"${event['pot']}")
        if event.get("kill_posted") is False:
            parts.append("k-")
        if "won_beyond_blinds" in event:
            parts.append(f"b{event['won_beyond_blinds']}")
        if "qualifies" in event:
            parts.append("q+" if event["qualifies"] else "q-")
        if event.get("flop") is False:
            parts.append("f-")
        return " ".join(parts)
    fields = [
        f"{k}={_value_text(v)}" for k, v in event.items() if k not in ("type", "room", "showdown")
    ]
    return " ".join([str(etype), *fields])


def _value_text(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str) and (" " in v or "=" in v or not v):
        return '"' + v.replace('"', "'") + '"'
    return str(v)


def read_line(
    text: str,
    original: Mapping[str, Any],
    parse_hand: Callable[[str], dict[str, Any]],
) -> dict[str, Any] | None:
    """The edited line as the replacement event (None: strike the record). ``parse_hand``
    reads the entry's own hand syntax (the podium's entry line: it raises a
    :class:`PhraseError` saying how to write it); the original's room stamp is kept by the
    correction itself."""
    t = text.strip()
    if t == STRIKE_LINE:
        return None
    if not t:
        raise LineError(N_("type the record as it should have been, or - to strike it"))
    head = t.split(None, 1)[0]
    if original.get("type") == "hand" and "=" not in t and not head.isalpha():
        extra = [tok for tok in re.split(r"[\s,;/]+", t) if _HAND_EXTRA.match(tok)]
        rest = " ".join(tok for tok in re.split(r"[\s;/]+", t) if not _HAND_EXTRA.match(tok))
        try:
            raw = parse_hand(rest)
        except PhraseError as exc:
            raise LineError(exc.phrase) from None
        for tok in extra:
            low = tok.lower()
            if low == "q+":
                raw["qualifies"] = True
            elif low == "q-":
                raw["qualifies"] = False
            elif low == "f-":
                raw["flop"] = False
            else:
                try:
                    whole, part = divmod(parse_amount(tok[1:]), 100)
                except MoneyError as exc:
                    raise LineError(
                        Phrase(N_("{token}: {reason}"), token=tok, reason=exc.phrase)
                    ) from None
                raw["won_beyond_blinds"] = f"{whole}.{part:02d}"  # as the entry writes a pot
        return raw
    tokens = re.findall(r'(\w+)=("[^"]*"|\S+)|(\S+)', t)
    out: dict[str, Any] = {}
    for key, value, bare in tokens:
        if bare:
            if "type" in out:
                raise LineError(
                    Phrase(N_("cannot read {value}: write field=value"), value=quoted(bare))
                )
            out["type"] = bare
            continue
        out[key] = _read_value(value)
    if "type" not in out:
        raise LineError(N_("the line starts with the event's type (quit, join, away …)"))
    return out


def _read_value(v: str) -> object:
    if v.startswith('"') and v.endswith('"') and len(v) >= 2:
        return v[1:-1]
    low = v.lower()
    if low in ("true", "yes"):
        return True
    if low in ("false", "no"):
        return False
    if v.isascii() and v.isdigit():
        return int(v)
    return v


__all__ = ["LineError", "STRIKE_LINE", "read_line", "typed_line"]

"""An event or a journal record in a few words: one place for every screen and report that
says what was recorded (no Textual, no Rich).

- :func:`hand_words` — a hand's result: "winner 3, pot $140".
- :func:`event_words` — any event or record payload: "hand: winner 3", "away seat 4",
  "undo #5", "correct #5: hand: winner 2" (the rules panel, the dispute view, the entry's
  preview, the shift report's undone and corrected records).
- :func:`record_head` / :func:`record_words` — a record with its number and hand count:
  "#6 · hand 5: winner 3", "#7 · away seat 4 · after hand 5".
- :func:`record_parts` / :func:`record_line` — the history's one line per record: numbers,
  the event, the decisions' codes ("  12    9 winner 3  → leg-up s3").
- :func:`decisions_line` — ``floorkill events``' line: the decisions with their clauses,
  English only (a command's output is read by scripts).
- :func:`raw_event_text` — an event as it was written, keys and values, for a message about
  bad or conflicting input (never translated: it quotes the input).

Seats only, never a player's name where a seat says it (names live in the decisions);
the text is plain (callers that draw it make it :func:`~floorkill.rules.names.safe_text`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from floorkill import vocab
from floorkill.i18n import N_, NC_, get_lang, money, normalize, pgettext, tr
from floorkill.rules.codes import EventType, RecordType
from floorkill.rules.decisions import Decision
from floorkill.rules.money import MoneyError, parse_amount
from floorkill.rules.names import safe_text


class RecordLike(Protocol):
    """What these words read of a journal record (``store.session.Record``)."""

    @property
    def seq(self) -> int: ...
    @property
    def type(self) -> str: ...
    @property
    def hand(self) -> int: ...
    @property
    def event(self) -> Mapping[str, Any]: ...
    @property
    def decisions(self) -> tuple[Decision, ...]: ...
    @property
    def voided(self) -> bool: ...


def _amount(value: Any, lang: str | None) -> str:
    """An event's amount ("140.00", as stored) the way the language writes money."""
    try:
        return money(parse_amount(str(value)), lang)
    except MoneyError:
        return str(value)


def hand_words(event: Mapping[str, Any], lang: str | None = None) -> str:
    """A hand's result in a few words: "winner 3, pot $140" (without "hand:")."""
    if "showdown" in event:
        words = tr(
            "showdown {seats}",
            lang,
            seats=", ".join(
                tr("seat {seat}", lang, seat=seat) for seat in event["showdown"].get("hands", {})
            ),
        )
    elif "high" in event:
        low = event.get("low") or []
        words = tr(
            "high {high} low {low}",
            lang,
            high=",".join(map(str, event["high"])),
            low=",".join(map(str, low)) if low else tr("none", lang),
        )
    elif "winners" in event:
        words = tr("split {seats}", lang, seats=",".join(map(str, event["winners"])))
    else:
        words = tr("winner {seat}", lang, seat=event.get("winner"))
    extra = []
    if "pot" in event:
        extra.append(tr("pot {amount}", lang, amount=_amount(event["pot"], lang)))
    if "qualifies" in event:
        extra.append(tr("2nd leg yes", lang) if event["qualifies"] else tr("2nd leg no", lang))
    if "won_beyond_blinds" in event:
        extra.append(
            tr("won {amount} beyond blinds", lang, amount=_amount(event["won_beyond_blinds"], lang))
        )
    if event.get("flop") is False:
        extra.append(tr("no flop", lang))
    if event.get("kill_posted") is False:
        extra.append(tr("kill not posted", lang))
    return ", ".join([words, *extra])  # "winner 3, pot $120"


def event_words(event: Mapping[str, Any] | None, lang: str | None = None) -> str:
    """A record's event in a few words (seats only: names live in the decisions); "?"
    when there is none."""
    if not event:
        return "?"
    etype = event.get("type")
    if etype == EventType.HAND:
        return tr("hand: {what}", lang, what=hand_words(event, lang))
    if etype == RecordType.VOID:
        return tr("undo #{seq}", lang, seq=event.get("target"))
    if etype == RecordType.CORRECT:
        ev = event.get("event")
        now = event_words(ev, lang) if isinstance(ev, dict) else tr("struck", lang)
        return tr("correct #{seq}: {what}", lang, seq=event.get("record"), what=now)
    if etype == EventType.PAY_KILL:
        return tr("pay kill: {name}", lang, name=event.get("name"))
    if etype == EventType.SEAL:
        return tr("shift sealed at {head}", lang, head=str(event.get("head", "?"))[:24] + "…")
    if etype in (EventType.CLOSE_TABLE, EventType.REOPEN_TABLE):
        return (
            tr("table closed", lang)
            if etype == EventType.CLOSE_TABLE
            else tr("table reopened", lang)
        )
    if etype == EventType.JOIN:
        return tr("join seat {seat}: {name}", lang, seat=event.get("seat"), name=event.get("name"))
    seat = event.get("seat")
    english = (normalize(lang) or get_lang()) == "en"  # English keeps the event's own type
    word = str(etype) if english else vocab.word(vocab.EVENT_TYPES, str(etype), lang)
    return tr("{what} seat {seat}", lang, what=word, seat=seat) if seat is not None else word


# the record line: "#6 · hand 5: winner 3" / "#7 · away seat 4 · after hand 5"
RECORD_TEXT = {
    "record-hand": N_("#{seq} · hand {hand}: {what}"),
    "record": N_("#{seq} · {what} · after hand {hand}"),
    "record-first": N_("#{seq} · {what} · before the first hand"),
    "record-short": N_("#{seq} · {what}"),
}


def record_head(rec: RecordLike, lang: str = "en") -> str:
    """The rules panel's first line: "#6 · hand 5: winner 3, 2nd leg yes" for a hand,
    "#7 · away seat 4 · after hand 5" for the rest."""
    if rec.type == EventType.HAND:
        return tr(
            RECORD_TEXT["record-hand"],
            lang,
            seq=rec.seq,
            hand=rec.hand,
            what=hand_words(rec.event, lang),
        )
    key = "record" if rec.hand else "record-first"
    return tr(RECORD_TEXT[key], lang, seq=rec.seq, what=event_words(rec.event, lang), hand=rec.hand)


def record_words(rec: RecordLike, lang: str = "en") -> str:
    """A record in a notice: "#5 · hand 5: winner 3", "#7 · away seat 4"."""
    if rec.type == EventType.HAND:
        return record_head(rec, lang)
    return tr(RECORD_TEXT["record-short"], lang, seq=rec.seq, what=event_words(rec.event, lang))


# each decision's code in a word or two (the rules panel shows the full texts); English
# keeps the rules model's own codes, the floor's shorthand
DECISION_WORDS: dict[str, str] = {
    "agreed-kill": NC_("decision", "agreed-kill"),
    "agreement-lapses": NC_("decision", "agreement-lapses"),
    "agreement-waits": NC_("decision", "agreement-waits"),
    "agrees-to-kill": NC_("decision", "agrees-to-kill"),
    "barred": NC_("decision", "barred"),
    "dealt-in": NC_("decision", "dealt-in"),
    "different-game": NC_("decision", "different-game"),
    "kill": NC_("decision", "kill"),
    "kill-again": NC_("decision", "kill-again"),
    "kill-not-posted": NC_("decision", "kill-not-posted"),
    "kill-pending": NC_("decision", "kill-pending"),
    "killed": NC_("decision", "killed"),
    "leg-credit": NC_("decision", "leg-credit"),
    "leg-kept": NC_("decision", "leg-kept"),
    "leg-lost": NC_("decision", "leg-lost"),
    "leg-up": NC_("decision", "leg-up"),
    "may-withdraw": NC_("decision", "may-withdraw"),
    "must-complete": NC_("decision", "must-complete"),
    "neutral": NC_("decision", "neutral"),
    "no-kill": NC_("decision", "no-kill"),
    "not-dealt-in": NC_("decision", "not-dealt-in"),
    "not-killed": NC_("decision", "not-killed"),
    "owes": NC_("decision", "owes"),
    "paid": NC_("decision", "paid"),
    "same-game": NC_("decision", "same-game"),
    "table-closed": NC_("decision", "table-closed"),
    "table-reopened": NC_("decision", "table-reopened"),
    "withdrawn": NC_("decision", "withdrawn"),
}


def decision_word(code: str, seat: int | None, lang: str = "en") -> str:
    """ "leg-up s3" / "нога м3": a decision's code (in the language) and its seat."""
    word = pgettext("decision", DECISION_WORDS[code], lang) if code in DECISION_WORDS else code
    return word if seat is None else f"{word} " + tr("s{seat}", lang, seat=seat)


def record_parts(rec: RecordLike, lang: str = "en") -> tuple[str, str, str]:
    """(numbers, event, decisions) of one record's history line: "  12    9 [undone]",
    "winner 3", "leg-up s3" (decision codes and seats; the rules panel shows the texts)."""
    if rec.type == EventType.HAND:
        what = hand_words(rec.event, lang)
    else:
        what = event_words(rec.event, lang)
    if rec.type == RecordType.VOID:
        what += f" ({rec.event.get('reason', '')})"
    decided = (
        ", ".join(
            decision_word(decision.code, decision.seat, lang)
            for decision in rec.decisions
            if decision.code != "shows"
        )
        if rec.type != RecordType.CORRECT  # "corrected" per change: the record's words say it
        else ""
    )  # the showdown's words, a correction's changes: in the rules panel
    undone = " " + tr("[undone]", lang) if rec.voided else ""  # first: a cut line still says it
    return safe_text(f"{rec.seq:>4} {rec.hand:>4}{undone}"), safe_text(what), safe_text(decided)


def record_line(rec: RecordLike, lang: str = "en") -> str:
    """One record in one line: sequence, hands after it, the event, then its decisions."""
    head, what, decided = record_parts(rec, lang)
    line = f"{head} {what}"
    if decided:
        line += f"  → {decided}"
    return line


def decisions_line(table: str, rec: RecordLike) -> str:
    """`Table 12 #3 hand: leg-up seat 4 [rrop-13.3]`"""
    parts = []
    for decision in rec.decisions:
        text = (
            tr("{code} seat {seat}", code=decision.code, seat=decision.seat)
            if decision.seat is not None
            else decision.code
        )
        if decision.cites:
            text += f" [{', '.join(decision.cites)}]"
        parts.append(text)
    return safe_text(f"{table} #{rec.seq} {rec.type}: " + ("; ".join(parts) or tr("recorded")))


RAW_SHOWN = 160  # characters of an event quoted in a message


def raw_event_text(event: object) -> str:
    """An event on one short line, as written: ``hand winner 3, won_beyond_blinds 20``."""
    from floorkill.store.schema import canonical_json  # the journal's own JSON of a value

    if not isinstance(event, Mapping):
        text = f"not an event ({type(event).__name__})"
    else:
        etype = event.get("type")
        parts = [
            f"{key} {canonical_json(value) if not isinstance(value, str) else value}"
            for key, value in event.items()
            if key != "type"
        ]
        text = (str(etype) if etype is not None else "(no type)") + (
            " " + ", ".join(parts) if parts else ""
        )
    text = " ".join(text.split())
    return text if len(text) <= RAW_SHOWN else text[: RAW_SHOWN - 1] + "…"


__all__ = [
    "DECISION_WORDS",
    "RECORD_TEXT",
    "RecordLike",
    "decision_word",
    "decisions_line",
    "event_words",
    "hand_words",
    "raw_event_text",
    "record_head",
    "record_line",
    "record_parts",
    "record_words",
]

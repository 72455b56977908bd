"""What the seat keys' forms read, and the raw events they build: no Textual.

Each builder turns a form's fields into a raw event (join, stack, voluntary kill, away or
back, leaves, underpost); nothing here decides a rule — the event is then tried on the
state. :class:`FormError` says what cannot be read, in the form's language.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from floorkill.floor.keyboard import yes_no
from floorkill.floor.typed_entry import amount_cents
from floorkill.i18n import N_, money, said, tr
from floorkill.rules import TableState
from floorkill.rules import clauses as catalogue
from floorkill.rules.money import MoneyError
from floorkill.rules.questions import needs


class FormError(ValueError):
    """What was typed cannot be read (before the rules see it): a message id and its
    fields, said in the form's language (``str()`` is the English)."""

    def __init__(self, message: str, **params) -> None:
        self.message = message
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        params = {
            key: tr(value, lang) if key == "what" else said(value, lang)
            for key, value in self.params.items()
        }
        return tr(self.message, lang, **params)


def read_seat(text: str, state: TableState) -> int:
    typed = text.strip()
    if not (typed.isascii() and typed.isdigit()):  # not ٣, ３ or a bidi control before a digit
        raise FormError(N_("seat: type a seat number from 1 to {seats}"), seats=state.config.seats)
    seat = int(typed)
    if not 1 <= seat <= state.config.seats:
        raise FormError(
            N_("there is no seat {seat} at this table (seats 1 to {seats})"),
            seat=seat,
            seats=state.config.seats,
        )
    return seat


def read_amount(text: str, what: str) -> str:
    try:
        cents = amount_cents(text)
    except MoneyError as exc:
        raise FormError(N_("{what}: {reason}"), what=what, reason=exc.phrase) from None
    whole, part = divmod(cents, 100)
    return f"{whole}.{part:02d}" if part else str(whole)


def read_yes_no(text: str, what: str) -> bool:
    if not text.strip():  # an empty field: no
        return False
    said = yes_no(text)
    if said is None:
        raise FormError(N_("{what}: answer y or n"), what=what)
    return said


def cites_text(cites: Iterable[str], lang: str = "en") -> str:
    parts = []
    for cid in cites:
        title = catalogue.title(cid, lang) if cid in catalogue.CLAUSES else ""
        parts.append(f"[{cid}] {title}".strip())
    return "  ".join(parts)


def join_fields(
    state: TableState, seat: int | None, lang: str = "en"
) -> list[tuple[str, str, str, str]]:
    if seat is None or state.player(seat) is not None:
        seat = next(
            (index + 1 for index, player in enumerate(state.players) if player is None), None
        )
    fields = [
        ("name", tr("Name", lang), "", tr("as the player gives it", lang)),
        (
            "seat",
            tr("Seat", lang),
            str(seat or ""),
            tr("1 to {seats}", lang, seats=state.config.seats),
        ),
        ("stack", tr("Stack (optional)", lang), "", tr("e.g. 200", lang)),
    ]
    offered = [
        offer
        for offer in needs(state, {"type": "join", "seat": seat})
        if offer.kind == "posts_kill"
    ]
    for offer in offered:  # a voluntary kill, where the rules allow one now
        fields.append(
            (
                "posts",
                tr("Posts a voluntary kill?", lang),
                "y" if offer.default else "n",
                tr(
                    "y: kill this hand for {amount} [{cites}]",
                    lang,
                    amount=money(state.config.kill_blind, lang),
                    cites=", ".join(offer.cites),
                ),
            )
        )
    return fields


def build_join(state: TableState, v: dict[str, str]) -> dict:
    name = v.get("name", "").strip()
    if not name:
        raise FormError(N_("type the player's name"))
    raw: dict[str, Any] = {
        "type": "join",
        "seat": read_seat(v.get("seat", ""), state),
        "name": name,
    }
    if v.get("stack", "").strip():
        raw["stack"] = read_amount(v["stack"], N_("stack"))
    if "posts" in v and read_yes_no(v["posts"], N_("voluntary kill")):
        raw["posts_kill"] = True
    return raw


def build_stack(state: TableState, v: dict[str, str]) -> dict:
    seat = read_seat(v.get("seat", ""), state)
    if not v.get("amount", "").strip():
        raise FormError(N_("type the stack, e.g. 200"))
    return {"type": "stack", "seat": seat, "amount": read_amount(v["amount"], N_("stack"))}


def build_voluntary(state: TableState, v: dict[str, str]) -> dict:
    seat = read_seat(v.get("seat", ""), state)
    seen_text = v.get("seen", "").strip() or "2"
    if not seen_text.isdigit():
        raise FormError(N_("cards seen: type a number (2 after the first two cards)"))
    raw: dict[str, Any] = {"type": "voluntary_kill", "seat": seat, "cards_seen": int(seen_text)}
    if read_yes_no(v.get("third", ""), N_("third card out")):
        raw["third_card_dealt"] = True
    return raw


def build_move(state: TableState, v: dict[str, str]) -> dict:
    """A seat change at this table: the player in ``seat`` moves to the seat ``to``."""
    seat = read_seat(v.get("seat", ""), state)
    if state.player(seat) is None:
        raise FormError(N_("seat {seat} is empty"), seat=seat)
    return {"type": "move", "from": seat, "to": read_seat(v.get("to", ""), state)}


def build_seat_event(state: TableState, v: dict[str, str], kind: str) -> dict:
    """away / back (by the player's state) / quit / underpost, from a seat number."""
    seat = read_seat(v.get("seat", ""), state)
    player = state.player(seat)
    if player is None:
        raise FormError(N_("seat {seat} is empty"), seat=seat)
    if kind == "away":
        return {"type": "back" if player.away else "away", "seat": seat}
    return {"type": kind, "seat": seat}

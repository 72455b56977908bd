"""Players coming and going: the seat keys, the forms and the questions.

On the seating diagram (F6) a seat is picked with the arrows or its number, then a
key acts on it: ``j`` join, ``a`` step away / come back, ``x`` leaves the game, ``s``
stack, ``v`` voluntary kill, ``p`` pay an owed kill, ``r`` rulings. The same actions
are in the command palette (they ask for the seat).

Every form builds a raw event and *tries* it on the current state (pure, nothing
stored): a refusal is shown in the form with its clause and what was typed stays.
The app then asks the question the rules attach, if any (:func:`floor.choice_for`),
showing what each answer decides, and stores the event through the session.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from floorkill.floor.keyboard import key_letters, yes_no
from floorkill.floor.table_view import TableView
from floorkill.floor.typed_entry import amount_cents
from floorkill.floor.wording import refusal_line
from floorkill.i18n import N_, money, tr
from floorkill.rules import Refusal, TableState
from floorkill.rules import clauses as catalogue
from floorkill.rules.money import MoneyError
from floorkill.rules.names import name_key, safe_text
from floorkill.rules.options import FIELD_CITES
from floorkill.rules.questions import needs, remedy, voluntary_open

from ..screens.form_screen import FormScreen
from .seating import Seating

# what to do when the rules name the event that lifts a refusal (rules.questions.remedy)
REMEDY_HINTS = {
    "pay_kill": N_("Paid now? Esc, then p (Pay kill) records it, at whichever table it is owed."),
    "stack": N_("Esc, then s (Stack) records the player's chips."),
}


class FormError(ValueError):
    """What was typed cannot be read (before the rules see it): a message id and its
    fields, said in the form's language (``str()`` is the English)."""

    def __init__(self, message: str, **params) -> None:
        self.message = message
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        params = {k: tr(v, lang) if k == "what" else v for k, v in self.params.items()}
        if "reason" in params and lang != "en":  # the money parser speaks English
            params["reason"] = tr("type an amount such as 200 or 12.50", lang)
        return tr(self.message, lang, **params)


def read_seat(text: str, state: TableState) -> int:
    t = text.strip()
    if not (t.isascii() and t.isdigit()):  # not ٣, ３ or a bidi control before a digit
        raise FormError(N_("seat: type a seat number from 1 to {seats}"), seats=state.config.seats)
    seat = int(t)
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
        raise FormError(N_("{what}: {reason}"), what=what, reason=str(exc)) from None
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


# ---------------------------------------------------------------------------
# the seating diagram with the floor's keys


class FloorSeating(Seating):
    """The podium's seating diagram: the shared drawing, plus keys that act on the seat
    under the cursor (they call the app; the drawing itself never writes)."""

    BINDINGS = [
        *[
            Binding(str(n % 10), f"cursor_to({n})", f"Seat {n}", show=False, id=f"seating.seat_{n}")
            for n in range(1, 11)
        ],
        Binding(
            key_letters("j"), "seat_action('join')", "Join", id="seating.join"
        ),  # words: podium/footer_keys.py
        Binding(key_letters("a"), "seat_action('away')", "Away/Back", id="seating.away"),
        Binding(key_letters("x"), "seat_action('quit')", "Leaves", id="seating.quit"),
        Binding(key_letters("s"), "seat_action('stack')", "Stack", id="seating.stack"),
        Binding(key_letters("v"), "seat_action('voluntary')", "Vol. kill", id="seating.voluntary"),
        Binding(key_letters("p"), "seat_action('pay')", "Pay kill", id="seating.pay"),
        Binding(key_letters("r"), "seat_action('rulings')", "Ruling", id="seating.rulings"),
        # back to the entry line, so the next Enter records a hand (never the seat cursor's)
        Binding("escape", "app.focus_entry", "Entry", show=False, id="seating.back"),
        # a seat change (the move event): in the palette and the keys panel, not the footer
        Binding(
            key_letters("m"), "seat_action('move')", "Seat change", show=False, id="seating.move"
        ),
    ]

    view: reactive[TableView | None] = reactive(None, init=False, always_update=True, repaint=False)

    def watch_view(self, view: TableView | None) -> None:
        if view is not None and view.lang != self.lang:
            self.set_lang(view.lang)
        if view is not None and view.state is not self.state:
            self.show(view.state)

    def action_cursor_to(self, seat: int) -> None:
        if self.state is not None and 1 <= seat <= len(self.state.players):
            self.cursor = seat

    @dataclass
    class SeatAction(Message):
        """A seat key was pressed: ``what`` (join, away, quit, stack, voluntary, pay,
        rulings) for ``seat``. The app opens the form (the diagram never writes)."""

        what: str
        seat: int

    def action_seat_action(self, what: str) -> None:
        self.post_message(self.SeatAction(what, self.cursor))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The voluntary-kill key is offered only when the rules would take one now (the
        table allows them and the coming hand is not killed already)."""
        if action == "seat_action" and parameters and parameters[0] == "voluntary":
            return self.state is not None and voluntary_open(self.state)
        return True


# ---------------------------------------------------------------------------
# a question with what each answer decides


class AskModal(ModalScreen[Any]):
    """A question the rules attach, each answer shown with what it decides.

    ``options`` are (key, label, lines, value): key ``y``, ``n`` or ``enter``."""

    DEFAULT_CSS = """
    AskModal { align: center middle; }
    AskModal > #ask-box {
        width: 84; max-width: 96%; height: auto; max-height: 95%;
        border: thick $warning; background: $surface; padding: 0 1;
    }
    AskModal #ask-title { text-style: bold; color: $warning; }
    AskModal #ask-question { text-style: bold; margin: 1 0 0 0; }
    AskModal .ask-option { margin: 1 0 0 0; }
    AskModal .ask-line { height: auto; }
    AskModal .ask-bullet { width: 4; }
    AskModal .ask-text { width: 1fr; }
    AskModal #ask-cites { color: $text-muted; margin: 1 0 0 0; }
    AskModal #ask-help { color: $text-muted; }
    """
    BINDINGS = [
        Binding(key_letters("y"), "pick('y')", "Yes", id="ask.yes"),  # y, н: the Y key
        Binding(key_letters("n"), "pick('n')", "No", id="ask.no"),  # n, т: the N key
        Binding("enter", "pick('enter')", "Confirm", id="ask.confirm"),
        Binding("escape", "cancel", "Cancel", id="ask.cancel"),
    ]

    def __init__(
        self,
        title: str,
        question: str,
        options: Sequence[tuple[str, str, Sequence[str], Any]],
        cites: Iterable[str] = (),
        lang: str = "en",
    ) -> None:
        super().__init__()
        self.title_text = title
        self.question = question
        self.options = list(options)
        self.cites = tuple(cites)
        self.lang = lang

    def compose(self) -> ComposeResult:
        keys = " · ".join("Enter" if k == "enter" else k for k, *_ in self.options)
        with Vertical(id="ask-box"):
            yield Static(Text(safe_text(self.title_text)), id="ask-title", markup=False)
            yield Static(Text(safe_text(self.question)), id="ask-question", markup=False)
            for key, label, lines, _value in self.options:
                yield Static(
                    Text(safe_text(label), style="bold"), classes="ask-option", markup=False
                )
                for line in lines:  # a hanging bullet: wrapped lines stay indented
                    with Horizontal(classes="ask-line"):
                        yield Static("  •", classes="ask-bullet", markup=False)
                        yield Static(Text(safe_text(line)), classes="ask-text", markup=False)
            if self.cites:
                yield Static(Text(cites_text(self.cites, self.lang)), id="ask-cites", markup=False)
            yield Static(
                Text(f"{keys} · " + tr("Esc: cancel (nothing is recorded)", self.lang)),
                id="ask-help",
                markup=False,
            )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            return any(k == parameters[0] for k, *_ in self.options)
        return True

    def action_pick(self, key: str) -> None:
        for k, _label, _lines, value in self.options:
            if k == key:
                self.dismiss(value)
                return

    def action_cancel(self) -> None:
        self.dismiss(None)


# ---------------------------------------------------------------------------
# forms


class FormModal(FormScreen[dict | None]):
    """Labelled inputs -> a raw event, tried on the current state before it closes.

    ``fields`` are (id, label, initial value, placeholder). Enter in any field submits;
    a refusal stays on screen (with its clause) and keeps everything typed."""

    DEFAULT_CSS = """
    FormModal { align: center middle; }
    FormModal > #form-box {
        width: 78; max-width: 96%; height: auto; max-height: 95%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    FormModal #form-title { text-style: bold; color: $accent; }
    FormModal #form-note { color: $text-muted; }
    FormModal #form-grid { grid-size: 2; grid-columns: 22 1fr; grid-rows: 1; height: auto;
                           grid-gutter: 0 1; margin: 1 0 0 0; }
    FormModal .form-label { height: 1; }
    FormModal Input { height: 1; border: none; }
    FormModal #form-error { color: $error; text-style: bold; height: auto; }
    FormModal #form-help { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="form.cancel")]

    def __init__(
        self,
        title: str,
        fields: Sequence[tuple[str, str, str, str]],
        build: Callable[[dict[str, str]], dict],
        attempt: Callable[[dict], None],
        note: str = "",
        lang: str = "en",
        focus: str | None = None,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.fields = list(fields)
        self.build = build
        self.attempt = attempt
        self.note = note
        self.lang = lang
        self.error = ""
        self._focus = focus

    def compose(self) -> ComposeResult:
        with Vertical(id="form-box"):
            yield Static(Text(safe_text(self.title_text)), id="form-title", markup=False)
            if self.note:
                yield Static(Text(safe_text(self.note)), id="form-note", markup=False)
            with Grid(id="form-grid"):
                for fid, label, value, placeholder in self.fields:
                    yield Static(Text(label), classes="form-label", markup=False)
                    yield Input(value, id=f"f-{fid}", placeholder=placeholder, compact=True)
            yield Static("", id="form-error", markup=False)
            yield Static(
                tr("Enter: record · Tab: next field · Esc: cancel", self.lang),
                id="form-help",
                markup=False,
            )

    def on_mount(self) -> None:
        target = f"#f-{self._focus}" if self._focus else "Input"
        self.query_one(target, Input).focus()

    def values(self) -> dict[str, str]:
        return {fid: self.query_one(f"#f-{fid}", Input).value for fid, *_ in self.fields}

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()

    def submit(self) -> bool:
        try:
            raw = self.build(self.values())
        except FormError as exc:
            self._show_error("✗ " + exc.text(self.lang))
            return False
        try:
            self.attempt(raw)
        except Refusal as refusal:
            hint = remedy(refusal) or ""
            hint = tr(REMEDY_HINTS[hint], self.lang) if hint in REMEDY_HINTS else ""
            self._show_error(
                "✗ "
                + tr("Refused", self.lang)
                + ": "
                + refusal_line(refusal, self.lang)
                + ("\n" + cites_text(refusal.cites, self.lang) if refusal.cites else "")
                + ("\n" + hint if hint else "")
            )
            return False
        self.dismiss(raw)
        return True

    def _show_error(self, text: str) -> None:
        self.error = text
        self.query_one("#form-error", Static).update(Text(text))

    def action_cancel(self) -> None:
        self.dismiss(None)


class PayKillModal(ModalScreen[tuple[str, str] | None]):
    """Who owes a kill, here and at the other tables: pick one to record it paid."""

    DEFAULT_CSS = """
    PayKillModal { align: center middle; }
    PayKillModal > #pay-box {
        width: 78; max-width: 96%; height: auto; max-height: 90%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    PayKillModal #pay-title { text-style: bold; color: $accent; }
    PayKillModal OptionList { height: auto; max-height: 12; margin: 1 0; }
    PayKillModal #pay-help { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="pay.cancel")]

    def __init__(
        self,
        owed: Sequence[tuple[str, int, str, str]],
        preselect: str | None = None,
        lang: str = "en",
    ) -> None:
        super().__init__()
        self.lang = lang
        self.owed = list(owed)
        self.preselect = preselect

    def compose(self) -> ComposeResult:
        options = []
        lang = self.lang
        for i, (player, owes, mode, table) in enumerate(self.owed):
            what = tr("barred until paid", lang) if mode == "barred" else tr("posts it later", lang)
            options.append(
                Option(
                    Text(
                        safe_text(
                            tr(
                                "{name} — owes {amount} — {table} ({what})",
                                lang,
                                name=player,
                                amount=money(owes, lang),
                                table=table,
                                what=what,
                            )
                        )
                    ),
                    id=str(i),
                )
            )
        with Vertical(id="pay-box"):
            yield Static(
                tr("Pay an owed kill — who posts it now?", lang), id="pay-title", markup=False
            )
            yield OptionList(*options, id="pay-list", markup=False)
            yield Static(
                tr(
                    "↑↓ choose · Enter: the kill is paid [{cites}] · Esc: cancel",
                    lang,
                    cites=", ".join(FIELD_CITES["pay_kill"]),
                ),
                id="pay-help",
                markup=False,
            )

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        ol.focus()
        if self.preselect:
            for i, (player, *_rest) in enumerate(self.owed):
                if name_key(player) == name_key(self.preselect):
                    ol.highlighted = i
                    break
        elif self.owed:
            ol.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        player, _owes, _mode, table = self.owed[int(event.option.id or 0)]
        self.dismiss((player, table))

    def action_cancel(self) -> None:
        self.dismiss(None)


# ---------------------------------------------------------------------------
# the forms of each action (builders are plain functions: tested without the app)


def join_fields(
    state: TableState, seat: int | None, lang: str = "en"
) -> list[tuple[str, str, str, str]]:
    if seat is None or state.player(seat) is not None:
        seat = next((i + 1 for i, p in enumerate(state.players) if p is None), None)
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
    offered = [q for q in needs(state, {"type": "join", "seat": seat}) if q.kind == "posts_kill"]
    for q in offered:  # a voluntary kill, where the rules allow one now
        fields.append(
            (
                "posts",
                tr("Posts a voluntary kill?", lang),
                "y" if q.default else "n",
                tr(
                    "y: kill this hand for {amount} [{cites}]",
                    lang,
                    amount=money(state.config.kill_blind, lang),
                    cites=", ".join(q.cites),
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
    p = state.player(seat)
    if p is None:
        raise FormError(N_("seat {seat} is empty"), seat=seat)
    if kind == "away":
        return {"type": "back" if p.away else "away", "seat": seat}
    return {"type": kind, "seat": seat}

"""Modal screens: the undo confirmation (asks for a reason) and the showdown form."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from floorkill.event_words import record_line
from floorkill.floor.typed_entry import EntryError, showdown_event
from floorkill.i18n import NC_, tr
from floorkill.log import log
from floorkill.rules import TableState
from floorkill.rules.names import safe_text
from floorkill.rules.preview import ASKS, RECORDS, Preview, unread
from floorkill.store.session import Record

from ..widgets.hand_entry import PREVIEW_CHANGED, not_recorded, preview_text
from .form_screen import FormScreen
from .side_screen import OpensAtOnce


class UndoModal(OpensAtOnce, ModalScreen[str | None]):
    """ "Undo #12? Why?" — Enter with a reason undoes (a void record), Esc keeps the record."""

    DEFAULT_CSS = """
    UndoModal { align: center middle; }
    UndoModal > #undo-box {
        width: 70; max-width: 95%; height: auto;
        border: thick $error; background: $surface; padding: 1 2;
    }
    UndoModal #undo-title { text-style: bold; color: $error; }
    UndoModal #undo-record { margin: 1 0; }
    UndoModal #undo-error { color: $error; height: auto; }
    UndoModal #undo-help { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "cancel", NC_("key", "Keep the record"), id="undo.cancel")]

    def __init__(self, record: Record, lang: str = "en") -> None:
        super().__init__()
        self.record = record
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(id="undo-box"):
            lang = self.lang
            yield Static(
                tr("Undo record #{seq}?", lang, seq=self.record.seq), id="undo-title", markup=False
            )
            yield Static(
                Text(record_line(self.record, lang).strip()), id="undo-record", markup=False
            )
            yield Static(tr("Reason (required):", lang), markup=False)
            yield Input(
                id="undo-reason", placeholder=tr("e.g. wrong seat entered", lang), compact=True
            )
            yield Static("", id="undo-error", markup=False)
            yield Static(
                tr("Enter: undo it (the record is kept, marked undone) · Esc: keep it", lang),
                id="undo-help",
                markup=False,
            )

    def on_mount(self) -> None:
        self.query_one("#undo-reason", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        reason = event.value.strip()
        if not reason:
            self.query_one("#undo-error", Static).update(tr("An undo needs a reason.", self.lang))
            return
        self.dismiss(safe_text(reason))

    def action_cancel(self) -> None:
        self.dismiss(None)


class ShowdownModal(FormScreen[dict | None]):
    """Cards typed per seat (and the board); the card evaluator finds the winners."""

    DEFAULT_CSS = """
    ShowdownModal { align: center middle; }
    ShowdownModal > #sd-box {
        width: 72; max-width: 98%; height: auto; max-height: 95%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    ShowdownModal #sd-title { text-style: bold; color: $accent; }
    ShowdownModal #sd-grid { grid-size: 2; grid-columns: 18 1fr; grid-rows: 1; height: auto; grid-gutter: 0 1; }
    ShowdownModal .sd-label { height: 1; }
    ShowdownModal Input { height: 1; border: none; }
    ShowdownModal #sd-preview { height: auto; margin: 1 0 0 0; }
    ShowdownModal #sd-help { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "cancel", NC_("key", "Cancel showdown"), id="showdown.cancel")]
    # the first field has the focus from the start: Textual's default ("*") focused the
    # scrolling box first, and moving it to the field styled every field twice more
    AUTO_FOCUS = "Input"

    def __init__(
        self,
        state: TableState,
        previous: dict | None = None,
        lang: str = "en",
        preview: Callable[[dict], Preview] | None = None,
    ) -> None:
        super().__init__()
        self.lang = lang
        self.state = state
        self.previous = previous or {}
        self._preview = preview  # the hand event the cards read as -> what Enter does
        self.shown: Preview | None = None
        self.shown_text = ""

    def compose(self) -> ComposeResult:
        cfg = self.state.config
        prev_hands = self.previous.get("hands", {})
        lang = self.lang
        with VerticalScroll(id="sd-box"):
            yield Static(
                tr(
                    "Showdown — type the cards shown (e.g. As Kd); the evaluator finds the winners",
                    lang,
                ),
                id="sd-title",
                markup=False,
            )
            with Grid(id="sd-grid"):
                if cfg.has_flop:
                    yield Static(tr("Board", lang), classes="sd-label", markup=False)
                    yield Input(
                        self.previous.get("board", ""),
                        id="sd-board",
                        compact=True,
                        placeholder=tr("e.g. {cards}", lang, cards="2c 4d 5h 9s Kc"),
                    )
                for seat in self.state.dealt_in():
                    p = self.state.player(seat)
                    label = safe_text(
                        tr("Seat {seat} {name}", lang, seat=seat, name=p.name if p else "").rstrip(
                            ", "
                        )
                    )
                    yield Static(Text(label), classes="sd-label", markup=False)
                    yield Input(prev_hands.get(seat, ""), id=f"sd-seat-{seat}", compact=True)
            if self._preview is not None:
                yield Static("", id="sd-preview", markup=False)
            yield Static(
                tr("Tab: next field · Enter: decide · Esc: cancel (seats left blank mucked)", lang),
                id="sd-help",
                markup=False,
            )

    def on_mount(self) -> None:
        inputs = list(self.query(Input))
        if inputs:
            inputs[0].focus()
        self.refresh_preview()

    def values(self) -> dict:
        board = ""
        hands: dict[int, str] = {}
        for inp in self.query(Input):
            if inp.id == "sd-board":
                board = inp.value
            elif inp.id and inp.id.startswith("sd-seat-"):
                hands[int(inp.id.rsplit("-", 1)[1])] = inp.value
        return {"board": board, "hands": hands}

    # -- the preview: what Enter records, as the cards are typed --------------------------
    def reading(self) -> Preview | None:
        """What Enter does with the cards typed now (None: no preview was asked for)."""
        if self._preview is None:
            return None
        values = self.values()
        try:
            raw = showdown_event(values["board"], values["hands"])
        except EntryError as exc:
            return unread(exc)
        try:
            return self._preview(raw)
        except Exception as exc:  # noqa: BLE001 — the journal away: say so, record nothing
            log.warning("form: the preview could not be worked out", exc_info=exc)
            return unread(exc)

    def refresh_preview(self) -> None:
        """Show what Enter does now (on every key, and when the table moves)."""
        if self._preview is None or not self.is_mounted:
            return
        self.shown = self.reading()
        self.shown_text = self._line(self.shown)
        self.query_one("#sd-preview", Static).update(Text(self.shown_text))

    def _line(self, shown: Preview | None) -> str:
        if shown is None:
            return ""
        if shown.error is not None and not isinstance(shown.error, EntryError):
            return "✗ " + not_recorded(shown.error, self.lang)
        return preview_text(shown, self.lang)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.refresh_preview()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self._preview is not None:
            now = self.reading()
            if now is None or not now.same(self.shown):
                self.refresh_preview()  # Enter takes only what was on the screen
                self.shown_text = tr(PREVIEW_CHANGED, self.lang) + "\n" + self.shown_text
                self.query_one("#sd-preview", Static).update(Text(self.shown_text))
                return
            if now.outcome not in (RECORDS, ASKS):
                return  # refused or unreadable: the preview line says why, the cards stay
        self.dismiss(self.values())

    def action_cancel(self) -> None:
        self.dismiss(None)

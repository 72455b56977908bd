"""The seat keys' forms: labelled inputs tried on the current state before they close,
and the list of owed kills to record one paid.

Every form builds a raw event (:mod:`floorkill.floor.seat_events`) and shows, as it is
typed, what Enter will record and what the rules will decide (the rules' preview,
:mod:`floorkill.rules.preview`). Enter closes the form only when the preview worked out
then is the one on the screen; a refusal is shown in the form with its clause and what
was typed stays.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from floorkill.floor.seat_events import FormError, cites_text
from floorkill.floor.wording import refusal_line
from floorkill.i18n import N_, money, tr
from floorkill.log import log
from floorkill.rules import Refusal
from floorkill.rules.codes import OwedMode
from floorkill.rules.names import name_key, safe_text
from floorkill.rules.options import FIELD_CITES
from floorkill.rules.preview import RECORDS, Preview, unread
from floorkill.rules.questions import remedy

from ..widgets.hand_entry import PREVIEW_ASKS, PREVIEW_CHANGED, not_recorded, preview_text
from .form_screen import FormScreen
from .side_screen import OpensAtOnce

# what to do when the rules name the event that lifts a refusal (rules.questions.remedy)
REMEDY_HINTS = {
    "pay_kill": N_("Paid now? Esc, then p (Pay kill) records it, at whichever table it is owed."),
    "stack": N_("Esc, then s (Stack) records the player's chips."),
}

PreviewOf = Callable[[Mapping[str, Any]], Preview]
NearOf = Callable[[Mapping[str, Any]], Any]  # the near-match question a join asks, or None


def form_preview_line(shown: Preview, near: Any, lang: str) -> str:
    """The preview line of a form: what Enter records and decides, what it asks first
    (the rules' question, or whether a barred player is the one sitting down), or why it
    records nothing (with the clauses), in ``lang``."""
    if isinstance(shown.error, FormError):
        return "✗ " + shown.error.text(lang)
    if shown.error is not None:  # the journal could not be read
        return "✗ " + not_recorded(shown.error, lang)
    if shown.records and near is not None:
        return safe_text(tr(PREVIEW_ASKS, lang, question=near.text(lang)))
    line = preview_text(shown, lang)
    if shown.refusal is not None and shown.refusal.cites:
        line += "\n" + cites_text(shown.refusal.cites, lang)
    return line


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
    FormModal #form-preview { height: auto; margin: 1 0 0 0; }
    FormModal #form-error { color: $error; text-style: bold; height: auto; }
    FormModal #form-help { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="form.cancel")]

    def __init__(
        self,
        title: str,
        fields: Sequence[tuple[str, str, str, str]],
        build: Callable[[dict[str, str]], dict],
        attempt: Callable[[dict[str, Any]], object],
        note: str = "",
        lang: str = "en",
        focus: str | None = None,
        preview: PreviewOf | None = None,
        near: NearOf | None = None,
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
        self._preview = preview
        self._near = near
        self.shown: Preview | None = None  # what the preview line shows now
        self.shown_text = ""
        self.typed: dict[str, str] = {}  # the fields as Enter took them

    def compose(self) -> ComposeResult:
        with Vertical(id="form-box"):
            yield Static(Text(safe_text(self.title_text)), id="form-title", markup=False)
            if self.note:
                yield Static(Text(safe_text(self.note)), id="form-note", markup=False)
            with Grid(id="form-grid"):
                for fid, label, value, placeholder in self.fields:
                    yield Static(Text(label), classes="form-label", markup=False)
                    yield Input(value, id=f"f-{fid}", placeholder=placeholder, compact=True)
            if self._preview is not None:
                yield Static("", id="form-preview", markup=False)
            yield Static("", id="form-error", markup=False)
            yield Static(
                tr("Enter: record · Tab: next field · Esc: cancel", self.lang),
                id="form-help",
                markup=False,
            )

    def on_mount(self) -> None:
        # the labels' column as wide as the longest label in this language (Russian labels
        # run longer than English), up to half the box: every label reads whole
        widest = max((Text(label).cell_len for _fid, label, *_rest in self.fields), default=0)
        self.query_one("#form-grid", Grid).styles.grid_columns = f"{min(widest, 36)} 1fr"
        target = f"#f-{self._focus}" if self._focus else "Input"
        self.query_one(target, Input).focus()
        self.refresh_preview()

    def values(self) -> dict[str, str]:
        return {fid: self.query_one(f"#f-{fid}", Input).value for fid, *_ in self.fields}

    # -- the preview: what Enter records, as it is typed ----------------------------------
    def reading(self) -> tuple[dict | None, Preview, Any]:
        """The raw event the fields read as (None: they cannot be read), what Enter does
        with it now, and the near-match question it asks first (or None)."""
        try:
            raw = self.build(self.values())
        except FormError as exc:
            return None, unread(exc), None
        if self._preview is None:
            return raw, Preview(RECORDS, raw=raw), None
        try:
            shown = self._preview(raw)
            near = self._near(raw) if self._near is not None and shown.records else None
        except Exception as exc:  # noqa: BLE001 — the journal away: say so, close nothing
            log.warning("form: the preview could not be worked out", exc_info=exc)
            return None, unread(exc), None
        return raw, shown, near

    def refresh_preview(self) -> None:
        """Show what Enter does now (on every key, and when the table moves)."""
        if self._preview is None or not self.is_mounted:
            return
        _raw, shown, near = self.reading()
        self.shown = shown
        self.shown_text = form_preview_line(shown, near, self.lang)
        self.query_one("#form-preview", Static).update(Text(self.shown_text))

    def on_input_changed(self, event: Input.Changed) -> None:
        self.refresh_preview()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()

    def submit(self) -> bool:
        raw, now, _near = self.reading()
        if self._preview is not None and not now.same(self.shown):
            self.refresh_preview()  # Enter takes only what was on the screen
            self._show_error(tr(PREVIEW_CHANGED, self.lang))
            return False
        if raw is None:
            self._show_error(form_preview_line(now, None, self.lang))
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
        self.typed = self.values()
        self.dismiss(raw)
        return True

    def _show_error(self, text: str) -> None:
        self.error = text
        self.query_one("#form-error", Static).update(Text(text))

    def action_cancel(self) -> None:
        self.dismiss(None)


class PayKillModal(OpensAtOnce, ModalScreen[tuple[str, str] | None]):
    """Who owes a kill, here and at the other tables: pick one to record it paid."""

    DEFAULT_CSS = """
    PayKillModal { align: center middle; }
    PayKillModal > #pay-box {
        width: 78; max-width: 96%; height: auto; max-height: 90%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    PayKillModal #pay-title { text-style: bold; color: $accent; }
    PayKillModal OptionList { height: auto; max-height: 12; margin: 1 0; }
    PayKillModal #pay-preview { height: auto; margin: 0 0 1 0; }
    PayKillModal #pay-help { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="pay.cancel")]

    def __init__(
        self,
        owed: Sequence[tuple[str, int, str, str]],
        preselect: str | None = None,
        lang: str = "en",
        preview: Callable[[str, str], Preview] | None = None,
    ) -> None:
        super().__init__()
        self.lang = lang
        self.owed = list(owed)
        self.preselect = preselect
        self._preview = preview  # (player, table) -> what recording it paid does
        self.shown: Preview | None = None
        self.shown_text = ""

    def compose(self) -> ComposeResult:
        options = []
        lang = self.lang
        for i, (player, owes, mode, table) in enumerate(self.owed):
            what = (
                tr("barred until paid", lang)
                if mode == OwedMode.BARRED
                else tr("posts it later", lang)
            )
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
            if self._preview is not None:
                yield Static("", id="pay-preview", markup=False)
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
        self.refresh_preview()

    def _reading(self, index: int | None) -> Preview | None:
        if self._preview is None or index is None or not 0 <= index < len(self.owed):
            return None
        player, _owes, _mode, table = self.owed[index]
        try:
            return self._preview(player, table)
        except Exception as exc:  # noqa: BLE001 — the journal away: say so, record nothing
            log.warning("form: the preview could not be worked out", exc_info=exc)
            return unread(exc)

    def refresh_preview(self) -> None:
        """What Enter records for the row highlighted (on each move, and when a table moves)."""
        if self._preview is None or not self.is_mounted:
            return
        self.shown = self._reading(self.query_one(OptionList).highlighted)
        self.shown_text = form_preview_line(self.shown, None, self.lang) if self.shown else ""
        self.query_one("#pay-preview", Static).update(Text(self.shown_text))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.refresh_preview()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = int(event.option.id or 0)
        if self._preview is not None:
            now = self._reading(index)
            if now is None or not now.same(self.shown) or not now.records:
                self.refresh_preview()  # Enter takes only what was on the screen
                if now is not None and now.same(self.shown):
                    return  # refused, or unreadable: the line says why
                self.shown_text = tr(PREVIEW_CHANGED, self.lang) + "\n" + self.shown_text
                self.query_one("#pay-preview", Static).update(Text(self.shown_text))
                return
        player, _owes, _mode, table = self.owed[index]
        self.dismiss((player, table))

    def action_cancel(self) -> None:
        self.dismiss(None)

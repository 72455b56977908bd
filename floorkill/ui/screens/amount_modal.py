"""A question the rules answer only by an amount (the pot), asked as the entry asks it:
the amount typed on one line, what the record then decides shown as it is typed (the
preview Enter records), and the clauses that make it matter.

The caller reads the line (``read(text) -> (answer or None, preview line)``): Enter
dismisses with the answer the preview showed, or stays with the line's error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from floorkill.floor.seat_events import cites_text
from floorkill.i18n import tr
from floorkill.rules.names import safe_text

from .side_screen import OpensAtOnce

Read = Callable[[str], tuple[Any, str]]


class AmountModal(OpensAtOnce, ModalScreen[Any]):
    """One amount asked: the line, the preview of what it decides, the clauses."""

    DEFAULT_CSS = """
    AmountModal { align: center middle; }
    AmountModal > #amount-box {
        width: 84; max-width: 96%; height: auto; max-height: 95%;
        border: thick $warning; background: $surface; padding: 0 1;
    }
    AmountModal #amount-title { text-style: bold; color: $warning; }
    AmountModal #amount-question { text-style: bold; margin: 1 0 0 0; }
    AmountModal Input { height: 1; border: none; margin: 1 0 0 0; }
    AmountModal #amount-preview { height: auto; }
    AmountModal #amount-cites { color: $text-muted; margin: 1 0 0 0; }
    AmountModal #amount-help { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="amount.cancel")]

    def __init__(
        self, title: str, question: str, read: Read, cites: Iterable[str] = (), lang: str = "en"
    ) -> None:
        super().__init__()
        self.title_text = title
        self.question = question
        self.read = read
        self.cites = tuple(cites)
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(id="amount-box"):
            yield Static(Text(safe_text(self.title_text)), id="amount-title", markup=False)
            yield Static(Text(safe_text(self.question)), id="amount-question", markup=False)
            yield Input(id="amount-line", compact=True)
            yield Static("", id="amount-preview", markup=False)
            if self.cites:
                yield Static(
                    Text(cites_text(self.cites, self.lang)), id="amount-cites", markup=False
                )
            yield Static(
                Text(tr("Enter: answer · Esc: back (nothing is recorded)", self.lang)),
                id="amount-help",
                markup=False,
            )

    def on_mount(self) -> None:
        self.query_one("#amount-line", Input).focus()

    @on(Input.Changed, "#amount-line")
    def _changed(self, event: Input.Changed) -> None:
        _answer, line = self.read(event.value)
        self.query_one("#amount-preview", Static).update(Text(safe_text(line)))

    @on(Input.Submitted, "#amount-line")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        answer, line = self.read(event.value)
        self.query_one("#amount-preview", Static).update(Text(safe_text(line)))
        if answer is not None:
            self.dismiss(answer)

    def action_cancel(self) -> None:
        self.dismiss(None)


__all__ = ["AmountModal"]

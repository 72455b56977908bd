"""A question the rules attach to an event, each answer shown with what it decides.

The questions come from :func:`floorkill.rules.questions.needs`; the podium, the room
view and the player forms show them here before anything is stored.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from floorkill.floor.keyboard import key_letters
from floorkill.floor.seat_events import cites_text
from floorkill.i18n import NC_, tr
from floorkill.rules.names import safe_text

from .side_screen import OpensAtOnce


class AskModal(OpensAtOnce, ModalScreen[Any]):
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
        Binding(key_letters("y"), "pick('y')", NC_("key", "Yes"), id="ask.yes"),  # y, н: the Y key
        Binding(key_letters("n"), "pick('n')", NC_("key", "No"), id="ask.no"),  # n, т: the N key
        Binding("enter", "pick('enter')", NC_("key", "Confirm"), id="ask.confirm"),
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
        keys = " · ".join("Enter" if key == "enter" else key for key, *_ in self.options)
        with Vertical(id="ask-box"):
            yield Static(Text(safe_text(self.title_text)), id="ask-title", markup=False)
            yield Static(Text(safe_text(self.question)), id="ask-question", markup=False)
            for _key, label, lines, _value in self.options:
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
            return any(key == parameters[0] for key, *_ in self.options)
        return True

    def action_pick(self, key: str) -> None:
        for option_key, _label, _lines, value in self.options:
            if option_key == key:
                self.dismiss(value)
                return

    def action_cancel(self) -> None:
        self.dismiss(None)

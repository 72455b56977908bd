"""One value out of a few, on one line, drawn by one widget: ``‹ Seat 4 Dee › ▾``.

Textual's ``Select`` is five widgets and an overlay list; on a screen that must open at once
(the rulings: within 100 ms of F10) it was a third of the cost. :class:`ChoiceLine` steps
through its values with ←/→ (↑/↓, Space, Enter), and a click steps it; setting
:attr:`ChoiceLine.value` (by a key or in code) posts :class:`ChoiceLine.Changed` when it
changed. Digits and letters are left to the screen (the rulings' 1-4 pick a situation).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

from floorkill.i18n import NC_


class ChoiceLine(Widget, can_focus=True):
    """``‹ words ›`` of the value chosen; its options are (words, value)."""

    DEFAULT_CSS = """
    ChoiceLine { height: 1; width: 1fr; }
    ChoiceLine:focus { background: $accent 30%; text-style: bold; }
    """
    BINDINGS = [
        Binding(
            "left,up", "step(-1)", NC_("key", "Previous choice"), show=False, id="choice.previous"
        ),
        Binding(
            "right,down,space,enter",
            "step(1)",
            NC_("key", "Next choice"),
            show=False,
            id="choice.next",
        ),
    ]

    @dataclass
    class Changed(Message):
        """The value chosen changed."""

        choice: ChoiceLine
        value: Any

        @property
        def control(self) -> ChoiceLine:
            return self.choice

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.options: list[tuple[str, Any]] = []
        self._at = -1  # the option chosen (-1: none)

    @property
    def value(self) -> Any:
        return self.options[self._at][1] if self._at >= 0 else None

    @value.setter
    def value(self, value: Any) -> None:
        at = next((i for i, (_w, v) in enumerate(self.options) if v == value), -1)
        if at < 0:
            raise ValueError(f"{value!r} is not one of {[v for _w, v in self.options]!r}")
        if at != self._at:
            self._at = at
            self.refresh()
            self.post_message(self.Changed(self, value))

    def set_options(self, options: Sequence[tuple[str, Any]], value: Any = None) -> None:
        """New options, ``value`` chosen (else the first); no message for it."""
        self.options = [(str(words), v) for words, v in options]
        values = [v for _w, v in self.options]
        self._at = values.index(value) if value in values else (0 if values else -1)
        self.refresh()

    def action_step(self, step: int) -> None:
        if self.options:
            self.value = self.options[(self._at + step) % len(self.options)][1]

    def on_click(self, event: events.Click) -> None:
        self.action_step(1)

    def render(self) -> Text:
        if self._at < 0:
            return Text("")
        return Text(f"‹ {self.options[self._at][0]} ›", no_wrap=True, overflow="ellipsis")


__all__ = ["ChoiceLine"]

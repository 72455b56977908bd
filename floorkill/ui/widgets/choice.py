"""One value out of a few, in one line: ``‹ full kill (2x big blind) ›``.

The table editor has twenty of these (game, structure, kill kind, triggers, the house
options). Textual's ``Select`` is five widgets and a drop-down list each, which made the
editor take seconds to open; this is one widget that draws one line. ←/→ (or Space) step
through the choices, a letter picks the next choice whose words start with it, Enter
moves on to the next field. Setting :attr:`Choice.value` posts :class:`Choice.Changed`,
as typing does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.events import Key
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from floorkill.i18n import NC_


class Choice(Widget, can_focus=True):
    DEFAULT_CSS = """
    Choice { height: 1; width: 1fr; }
    Choice:focus { background: $accent 30%; text-style: bold; }
    """
    BINDINGS = [
        Binding(
            "left", "step(-1)", NC_("key", "Previous choice"), show=False, id="choice.previous"
        ),
        Binding("right,space", "step(1)", NC_("key", "Next choice"), show=False, id="choice.next"),
        Binding(
            "enter", "next_field", NC_("key", "Next field"), show=False, id="choice.next_field"
        ),
    ]

    value: reactive[Any] = reactive(None, init=False, layout=False)

    @dataclass
    class Changed(Message):
        """The value was changed (by a key, or set)."""

        choice: Choice
        value: Any

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(
        self, options: Sequence[tuple[str, Any]], value: Any, *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.options = [(str(label), v) for label, v in options]
        if not self.options:
            raise ValueError("a choice needs at least one option")
        self.set_reactive(Choice.value, self._checked(value))

    def _checked(self, value: Any) -> Any:
        for _label, v in self.options:  # (True is not 1: a yes/no is not a count)
            if v == value and isinstance(v, bool) == isinstance(value, bool):
                return v
        raise ValueError(f"{value!r} is not one of {[v for _l, v in self.options]!r}")

    def validate_value(self, value: Any) -> Any:
        return self._checked(value)

    def watch_value(self, old: Any, new: Any) -> None:
        if old != new or isinstance(old, bool) != isinstance(new, bool):
            self.post_message(self.Changed(self, new))

    @property
    def label(self) -> str:
        """The words of the value chosen."""
        return next(label for label, v in self.options if v == self.value)

    def _index(self) -> int:
        return next(i for i, (_l, v) in enumerate(self.options) if v == self.value)

    def render(self) -> Text:
        return Text(f"‹ {self.label} ›", no_wrap=True, overflow="ellipsis")

    def action_step(self, step: int) -> None:
        self.value = self.options[(self._index() + step) % len(self.options)][1]

    def action_next_field(self) -> None:
        self.screen.focus_next()

    def on_key(self, event: Key) -> None:
        """A letter: the next choice whose words start with it (after the one chosen)."""
        char = event.character
        if not char or not char.isprintable() or char == " ":
            return
        n = len(self.options)
        start = self._index()
        for k in range(1, n + 1):
            label, v = self.options[(start + k) % n]
            if label.casefold().startswith(char.casefold()):
                event.stop()
                event.prevent_default()
                self.value = v
                return

"""The keys of a screen in one line, as its footer shows them, drawn by one widget.

Textual's Footer is a widget per key; on a screen that must open at once (the table editor:
within 100 ms of its key) that was a fifth of the cost. :class:`KeyLine` draws the same keys
(the screen's shown bindings and the app's, the command palette's last) in the screen's
language (descriptions are catalogue ids in the context "key"; a letter key bound on both
layouts by its Russian letter on a Russian screen), and a click on a key presses it.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.widget import Widget

from floorkill.floor.keyboard import letter_shown
from floorkill.i18n import languages_in, ptr


def key_said(description: str, lang: str | None) -> str:
    """A key's description (a catalogue id in the context "key") in ``lang``."""
    return languages_in(ptr("key", description, lang))


class KeyLine(Widget):
    """A footer of one widget: ``^s Save table  esc Cancel  …  ^p Commands``."""

    COMPONENT_CLASSES = {"key-line--key", "key-line--description", "key-line--separator"}
    DEFAULT_CSS = """
    KeyLine { height: 1; dock: bottom; background: $footer-background; }
    KeyLine > .key-line--key { color: $footer-key-foreground; text-style: bold; }
    KeyLine > .key-line--description { color: $footer-description-foreground; }
    KeyLine > .key-line--separator { color: $foreground 20%; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._spans: list[tuple[int, int, str]] = []  # (start, end, key) of each key drawn
        self._drawn: tuple[int, Text] | None = None  # (width, the line) as the keys were

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen) -> None:
        self._drawn = None
        self.refresh()

    def keys(self) -> list[tuple[str, str, str]]:
        """(key, how it is shown, its words) of every key shown, the palette's last."""
        app, screen = self.app, self.screen
        lang = getattr(screen, "lang", None)
        active = screen.active_bindings
        palette = app.COMMAND_PALETTE_BINDING if app.ENABLE_COMMAND_PALETTE else None
        out, seen = [], set()
        actions = {key: binding.action for key, (_n, binding, _e, _t) in active.items()}
        for key, (_node, binding, enabled, _tooltip) in active.items():
            if not binding.show or not enabled or key == palette or binding.action in seen:
                continue
            seen.add(binding.action)
            shown = letter_shown(key, lang, actions) or app.get_key_display(binding)
            out.append((key, shown, key_said(binding.description, lang)))
        if palette in active:
            binding = active[palette][1]
            out.append((palette, app.get_key_display(binding), key_said(binding.description, lang)))
        return out

    def render(self) -> Text:
        width = self.size.width
        if self._drawn is None or self._drawn[0] != width:
            self._drawn = (width, self._draw(width))
        return self._drawn[1]

    def _draw(self, width: int) -> Text:
        """The keys from the left, the command palette's at the right end (as the footer)."""
        key_style = self._ink("key-line--key")
        words_style = self._ink("key-line--description")
        keys = self.keys()
        palette = self.app.COMMAND_PALETTE_BINDING
        last = keys.pop() if keys and keys[-1][0] == palette else None
        text = Text(no_wrap=True, overflow="ellipsis")
        self._spans = []

        def add(key: str, shown: str, words: str) -> None:
            start = text.cell_len
            text.append(shown, key_style)
            text.append(" " + words + " ", words_style)
            self._spans.append((start, text.cell_len, key))

        for key in keys:
            add(*key)
        if last is not None:
            tail = cell_len(f"▏{last[1]} {last[2]} ")
            text.pad_right(max(1, width - text.cell_len - tail))
            text.append("▏", self._ink("key-line--separator"))  # as the Footer's vkey border
            add(*last)
        return text

    def _ink(self, component: str) -> Style:
        """A component's colour and text style, on the line's own background."""
        full = self.get_component_rich_style(component)
        return Style(color=full.color, bold=full.bold, italic=full.italic, dim=full.dim)

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
                self.app.simulate_key(key)
                return


__all__ = ["KeyLine"]

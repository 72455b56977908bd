"""The podium's footer: its keys drawn by one widget, as Textual's compact Footer draws them.

Textual's Footer is a widget per key, each styled, laid out and drawn on its own, and
rebuilt (removed and mounted again) at every "bindings changed" signal of its screen: on
a podium it was the costliest part of a start (budget: the whole suite <= 4 min, which
starts ~2,000 podiums). :class:`PodiumFooter` draws the same line — each key
and its words, one column between keys, a disabled key dimmed, the command palette's key
at the right end after a one-column rule — from the podium screen's shown bindings, which
are already in the podium's language and fitted to the width
(:mod:`floorkill.ui.podium.footer_keys`). A click on a key presses it.

The keys are looked at again after the frame of a "bindings changed" signal (one look for
a burst), and the line is drawn again only when they changed. While another screen is
over the podium (a side screen, a modal), the podium's keys are disabled there: nothing
is redrawn for that, so under a modal they are shown as they were before it opened
(dimmed by the modal's tint); the podium's return signals again.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.strip import Strip

from .key_line import KeyLine

Key = tuple[str, str, str, bool]  # (key, how it is shown, its words, enabled)


class PodiumFooter(KeyLine):
    """``^z Undo f2 Showdown … ▏^p Commands``: the podium screen's keys in one widget."""

    # (KeyLine's styles: the Footer's colours, on the footer's background)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._keys: tuple[Key, ...] | None = None  # the keys drawn
        self._check_queued = False
        self._line: tuple[tuple, Strip] | None = None  # (what it was drawn from, the line)
        self._disabled: set[str] = set()  # the keys drawn dimmed

    def _bindings_changed(self, _screen) -> None:
        if self.app.screen is not self.screen:
            return  # a screen over the podium disables its keys: they stay as they were
        if not self._check_queued:
            # after the frame: a hand's Enter changes the seats' bindings, rarely the keys
            # shown, and its frame does not wait for them (submit -> every panel p99)
            self._check_queued = True
            self.call_after_refresh(self._check_keys)

    def _check_keys(self) -> None:
        self._check_queued = False
        if not self.is_attached or self.app.screen is not self.screen:
            return
        keys = self.podium_keys()
        if keys != self._keys:
            self._keys = keys
            self.refresh()

    def podium_keys(self) -> tuple[Key, ...]:
        """Every key the footer shows, one per action in the bindings' order, the command
        palette's last (when it is bound)."""
        app, active = self.app, self.screen.active_bindings
        palette = app.COMMAND_PALETTE_BINDING if app.ENABLE_COMMAND_PALETTE else None
        out: list[Key] = []
        seen: set[str] = set()
        for key, (_node, binding, enabled, _tooltip) in active.items():
            if binding.show and binding.action not in seen:
                seen.add(binding.action)
                out.append((key, app.get_key_display(binding), binding.description, enabled))
        if palette is not None and palette in active:
            _node, binding, enabled, _tooltip = active[palette]
            out.append((palette, app.get_key_display(binding), binding.description, enabled))
        return tuple(out)

    def keys(self) -> list[tuple[str, str, str]]:
        return [(key, shown, words) for key, shown, words, _enabled in self.podium_keys()]

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if self._keys is None:
            self._keys = self.podium_keys()
        source = (width, self._keys, self.app.theme)
        if self._line is None or self._line[0] != source:
            self._line = (source, self._draw_line(width, source[1]))
        return self._line[1]

    def _draw_line(self, width: int, keys: tuple[Key, ...]) -> Strip:
        """The keys from the left, the palette's at the right end after its rule, one
        blank column after every key (the compact Footer's margin); the left keys are cut
        where the palette's begins."""
        base = self.rich_style
        gap = Style(bgcolor=base.bgcolor)

        def ink(component: str, enabled: bool) -> Style:
            full = self.get_component_rich_style(component)
            return Style(color=full.color, bgcolor=base.bgcolor, bold=full.bold) + Style(
                dim=not enabled or None
            )

        def key_segments(shown: str, words: str, enabled: bool) -> list[Segment]:
            return [
                Segment(shown, ink("key-line--key", enabled)),
                Segment(" " + words, ink("key-line--description", enabled)),
                Segment(" ", gap),
            ]

        palette = self.app.COMMAND_PALETTE_BINDING
        last = keys[-1] if keys and keys[-1][0] == palette else None
        left = keys[:-1] if last is not None else keys
        tail: list[Segment] = []
        if last is not None:
            separator = self.get_component_rich_style("key-line--separator")
            tail = [Segment("▏", Style(color=separator.color, bgcolor=base.bgcolor))]
            tail += key_segments(last[1], last[2], last[3])
        room = max(0, width - sum(cell_len(s.text) for s in tail))
        self._spans = []
        self._disabled = set()
        segments: list[Segment] = []
        x = 0
        for key, shown, words, enabled in left:
            drawn = key_segments(shown, words, enabled)
            end = x + sum(cell_len(s.text) for s in drawn)
            self._spans.append((x, end - 1, key))
            if not enabled:
                self._disabled.add(key)
            segments += drawn
            x = end
        line = Strip(segments).crop_extend(0, room, gap)
        if last is not None:
            self._spans.append((room + 1, width - 1, last[0]))
            if not last[3]:
                self._disabled.add(last[0])
            line = Strip.join([line, Strip(tail)])
        return line.crop_extend(0, width, gap).simplify()

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
                if key in self._disabled:
                    self.app.bell()
                else:
                    self.app.simulate_key(key)
                return


__all__ = ["PodiumFooter"]

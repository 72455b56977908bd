"""Update a widget without a screen layout when its height does not change.

Textual lays out the whole screen whenever a ``Static`` is updated; entering a hand
changes half a dozen texts whose heights mostly stay the same, and those layouts were
most of the time from Enter to every panel updated. These helpers repaint in place and
ask for a layout only when the new content needs a different number of lines.
"""

from __future__ import annotations

from math import ceil

from textual.reactive import Reactive
from textual.scrollbar import ScrollBar
from textual.widget import Widget
from textual.widgets import Static

from ..compat import own_scrollbar, refresh_scrollbars


def needs_layout(widget: Widget) -> bool:
    """True when ``widget``'s content no longer has the height it was laid out with."""
    region = widget.content_region
    if (
        not widget.is_mounted
        or region.width <= 0
        or widget.styles.height is None
        or not widget.styles.height.is_auto
    ):
        return not widget.is_mounted or region.width <= 0
    height = widget.get_content_height(widget.size, widget.app.size, region.width)
    styles = widget.styles
    if styles.max_height is not None and styles.max_height.is_cells:
        height = min(height, int(styles.max_height.value))
    if styles.min_height is not None and styles.min_height.is_cells:
        height = max(height, int(styles.min_height.value))
    return height != region.height


def update_static(static: Static, content) -> None:
    """``static.update(content)``, with a layout only if its height changes."""
    static.update(content, layout=False)
    if needs_layout(static):
        static.refresh(layout=True)


def refresh_quietly(widget: Widget) -> None:
    """``widget.refresh()``, with a layout only if its (auto) height changes."""
    widget.refresh(layout=needs_layout(widget))


class QuietScrollBar(ScrollBar):
    """A scrollbar that repaints only when its thumb moves by a drawn step.

    A history of thousands of records scrolls by one line per hand: Textual repaints its
    scrollbar every time (a millisecond a hand), though the thumb moves a visible eighth
    of a cell only every few hundred records.
    """

    window_virtual_size: Reactive[int] = Reactive(100, repaint=False)
    window_size: Reactive[int] = Reactive(0, repaint=False)
    position: Reactive[float] = Reactive(0, repaint=False)

    _drawn_key: tuple | None = None

    def _bar_key(self) -> tuple:
        size = self.size.height if self.vertical else self.size.width
        virtual = ceil(self.window_virtual_size)
        window = ceil(self.window_size if self.window_size < self.window_virtual_size else 0)
        if not (window and size and virtual and size != virtual):
            return (size, None)
        bars = len(self.renderer.VERTICAL_BARS if self.vertical else self.renderer.HORIZONTAL_BARS)
        thumb = max(1, window / (virtual / size))
        position = (size - thumb) * (self.position / (virtual - window))
        start = int(position * bars)
        return (size, start, start + ceil(thumb * bars))

    def _moved(self) -> None:
        if self._bar_key() != self._drawn_key:
            self.refresh()

    def watch_window_virtual_size(self) -> None:
        self._moved()

    def watch_window_size(self) -> None:
        self._moved()

    def watch_position(self) -> None:
        self._moved()

    def render(self):
        self._drawn_key = self._bar_key()
        return super().render()


class QuietScrollbars:
    """Mixin for a ``ScrollView`` whose virtual size changes without a layout: its
    scrollbars are :class:`QuietScrollBar` and :meth:`quiet_scroll_update` repaints them
    only when their thumbs move."""

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        return own_scrollbar(
            self,
            True,
            lambda: QuietScrollBar(
                vertical=True, name="vertical", thickness=self.scrollbar_size_vertical
            ),
        )

    @property
    def horizontal_scrollbar(self) -> ScrollBar:
        return own_scrollbar(
            self,
            False,
            lambda: QuietScrollBar(
                vertical=False, name="horizontal", thickness=self.scrollbar_size_horizontal
            ),
        )

    def quiet_scroll_update(self, virtual_size) -> None:
        """``Widget._scroll_update`` without repainting scrollbars whose thumb stays put."""
        refresh_scrollbars(self)
        width, height = self.container_size
        if self.show_vertical_scrollbar and self.styles.scrollbar_size_vertical:
            bar = self.vertical_scrollbar
            bar.window_virtual_size = virtual_size.height
            bar.window_size = height - self.scrollbar_size_horizontal
        if self.show_horizontal_scrollbar and self.styles.scrollbar_size_horizontal:
            bar = self.horizontal_scrollbar
            bar.window_virtual_size = virtual_size.width
            bar.window_size = width - self.scrollbar_size_vertical
        self.scroll_x = self.validate_scroll_x(self.scroll_x)
        self.scroll_y = self.validate_scroll_y(self.scroll_y)

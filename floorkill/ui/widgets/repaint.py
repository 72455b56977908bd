"""Repaint a widget in place, with a screen layout only when its height changes.

Textual lays out the whole screen for ``Static.update`` and ``refresh(layout=True)``.
Entering a hand changes the status line and the entry's message line, whose heights
almost never change; a layout for each is most of submit → every panel (budget: p99
≤ 20 ms, ``bench/ui_bench.py``). Public Textual API only.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import RenderableType
from rich.style import Style
from textual.widget import Widget
from textual.widgets import Static


def needs_layout(widget: Widget) -> bool:
    """True when ``widget`` (of auto height) no longer fits the height it was laid out
    with, or has not been laid out yet; a widget of fixed height never needs one."""
    region = widget.content_region
    if not widget.is_mounted or region.width <= 0:
        return True
    styles = widget.styles
    if styles.height is None or not styles.height.is_auto:
        return False
    height = widget.get_content_height(widget.size, widget.app.size, region.width)
    if styles.max_height is not None and styles.max_height.is_cells:
        height = min(height, int(styles.max_height.value))
    if styles.min_height is not None and styles.min_height.is_cells:
        height = max(height, int(styles.min_height.value))
    return height != region.height


def update_static(static: Static, content: RenderableType) -> None:
    """``static.update(content)``, with a layout only if its height changes."""
    static.update(content, layout=False)
    if needs_layout(static):
        static.refresh(layout=True)


def refresh_in_place(widget: Widget) -> None:
    """``widget.refresh()``, with a layout only if its height changes."""
    widget.refresh(layout=needs_layout(widget))


def style_lookup(widget: Widget) -> Callable[[str], Style]:
    """``widget.get_component_rich_style`` for one drawing, each component's style worked
    out once: Textual forgets them at every refresh, and a diagram asks for the same few
    names dozens of times (the seating: ~30 a hand)."""
    memo: dict[str, Style] = {}

    def style(name: str) -> Style:
        found = memo.get(name)
        if found is None:
            found = memo[name] = widget.get_component_rich_style(name)
        return found

    return style

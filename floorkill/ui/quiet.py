"""Update a widget without a screen layout when its height does not change.

Textual lays out the whole screen whenever a ``Static`` is updated; entering a hand
changes half a dozen texts whose heights mostly stay the same, and those layouts were
most of the time from Enter to every panel updated. These helpers repaint in place and
ask for a layout only when the new content needs a different number of lines.
"""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Static


def needs_layout(widget: Widget) -> bool:
    """True when ``widget``'s content no longer has the height it was laid out with."""
    region = widget.content_region
    if not widget.is_mounted or region.width <= 0 or widget.styles.height is None \
            or not widget.styles.height.is_auto:
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

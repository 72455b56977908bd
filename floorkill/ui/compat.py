"""Every private Textual name floorkill uses, in one place (textual is pinned exactly).

Each keeps a frame right (the podium's first layout at its width) or keeps a budget (a
scroll view grown without a layout of the screen).
``tests/ui/test_compat.py`` has one test per name, so a Textual upgrade that moves one
fails that test by name — not a snapshot hunt. Nothing else in floorkill may
touch a private Textual name.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget

# The private names used below, checked by the tests.
PRIVATE_NAMES = {
    Screen: ("_get_breakpoint_classes",),
    Widget: ("_scroll_update",),
}


def breakpoint_classes(
    screen: Screen, width: int, breakpoints: Sequence[tuple[int, str]]
) -> tuple[str, ...]:
    """The breakpoint classes ``screen`` gets at ``width``, to set them before the first
    layout: set after it (as Textual does), the podium's first frame shows the narrow
    layout and then jumps to the wide one."""
    return tuple(screen._get_breakpoint_classes(width, list(breakpoints)))


def grow_in_place(widget: Widget, size: Size) -> None:
    """Set a mounted scroll view's ``virtual_size`` and its scrollbars without a layout of
    the screen (Textual's setter asks for one; the scrollbars' visibility still asks for a
    layout when it changes). The history and the rules panel grow by a line or two each
    hand: a layout each was most of submit → every panel (budget: p99 <= 20 ms,
    ``bench/ui_bench.py``)."""
    if widget.virtual_size == size:  # (the scrollbars would be drawn again for nothing)
        return
    widget.set_reactive(Widget.virtual_size, size)
    widget._scroll_update(size)

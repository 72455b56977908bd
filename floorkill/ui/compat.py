"""Every private Textual name floorkill uses, in one place (textual is pinned exactly).

Each keeps a frame right (the podium's first layout at its width, its footer's keys in
every frame) or keeps a budget (a scroll view grown without a layout of the screen). ``tests/ui/test_compat.py`` has one test per name, so a Textual upgrade that
moves one fails that test by name — not a snapshot hunt. Nothing else in floorkill may
touch a private Textual name.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey  # a private module: the Footer's keys

# The private names used below, checked by the tests.
PRIVATE_NAMES = {
    Screen: ("_get_breakpoint_classes",),
    Footer: ("_bindings_ready",),
    Widget: ("_scroll_update",),
}


def breakpoint_classes(
    screen: Screen, width: int, breakpoints: Sequence[tuple[int, str]]
) -> tuple[str, ...]:
    """The breakpoint classes ``screen`` gets at ``width``, to set them before the first
    layout: set after it (as Textual does), the podium's first frame shows the narrow
    layout and then jumps to the wide one."""
    return tuple(screen._get_breakpoint_classes(width, list(breakpoints)))


def is_footer_key(widget: Widget) -> bool:
    """``widget`` is one of a Footer's keys (Textual's ``FooterKey``, whose module is
    private), which has a ``compact`` reactive that gives it the ``-compact`` class."""
    return isinstance(widget, FooterKey)


def footer_bindings_ready(footer: Footer) -> None:
    """Let ``footer`` compose its keys now: Textual's Footer composes none until its
    screen first signals "bindings changed" (a recompose after the first refresh)."""
    footer.set_reactive(Footer._bindings_ready, True)


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

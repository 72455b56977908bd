"""Every private Textual name floorkill uses, in one place (textual is pinned exactly).

Each is used for speed (a repaint or a layout avoided on the hand-entry path) or to
avoid a visible double layout at start; ``tests/ui/test_compat.py`` has one test per
name, so a Textual upgrade that moves one fails that test by name — not a snapshot hunt.
Nothing else in floorkill may touch a private Textual name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.app import App
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey  # a private module: the Footer's keys

# The private names used below, checked by the tests.
PRIVATE_NAMES = {
    App: ("_start_widget",),
    Widget: (
        "_refresh_scrollbars",
        "_repaint_required",
        "_vertical_scrollbar",
        "_horizontal_scrollbar",
    ),
    Screen: ("_get_breakpoint_classes",),
    Footer: ("_bindings_ready",),
}


def start_widget(app: App, parent: Widget, widget: Widget) -> None:
    """Start ``widget`` (a scrollbar) as ``parent``'s without mounting it in the DOM,
    as Textual does for its own scrollbars."""
    app._start_widget(parent, widget)


def own_scrollbar(widget: Widget, vertical: bool, make: Callable[[], Widget]) -> Widget:
    """``widget``'s vertical or horizontal scrollbar, made by ``make`` the first time and
    kept where Textual keeps its own (a private slot), started hidden as Textual does."""
    slot = "_vertical_scrollbar" if vertical else "_horizontal_scrollbar"
    bar = getattr(widget, slot)
    if bar is None:
        bar = make()
        setattr(widget, slot, bar)
        bar.display = False
        start_widget(widget.app, widget, bar)
    return bar


def refresh_scrollbars(widget: Widget) -> None:
    """Decide which scrollbars ``widget`` shows for its current virtual size."""
    widget._refresh_scrollbars()


def repaint_required(widget: Widget) -> bool:
    """A full repaint of ``widget`` is already scheduled (partial refreshes are moot)."""
    return bool(widget._repaint_required)


def breakpoint_classes(
    screen: Screen, width: int, breakpoints: Sequence[tuple[int, str]]
) -> tuple[str, ...]:
    """The breakpoint classes ``screen`` gets at ``width`` (to set them before the first
    layout rather than after it)."""
    return tuple(screen._get_breakpoint_classes(width, breakpoints))


def is_footer_key(widget: Widget) -> bool:
    """``widget`` is one of a Footer's keys (Textual's ``FooterKey``, whose module is
    private), which has a ``compact`` reactive that gives it the ``-compact`` class."""
    return isinstance(widget, FooterKey)


def footer_bindings_ready(footer: Footer) -> None:
    """Let ``footer`` compose its keys now: Textual's Footer composes none until its
    screen first signals "bindings changed" (a recompose after the first refresh)."""
    footer.set_reactive(Footer._bindings_ready, True)

"""Every private Textual name floorkill uses, in one place (textual is pinned exactly).

Each keeps a frame right (the podium's first layout at its width) or keeps a budget (a
scroll view grown without a layout of the screen, CSS parsed once per process).
``tests/ui/test_compat.py`` has one test per name, so a Textual upgrade that moves one
fails that test by name — not a snapshot hunt. Nothing else in floorkill may
touch a private Textual name.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.css.model import RuleSet
from textual.css.stylesheet import CSSLocation, Stylesheet
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget

# The private names used below, checked by the tests.
PRIVATE_NAMES = {
    Screen: ("_get_breakpoint_classes",),
    Widget: ("_scroll_update",),
    Stylesheet: ("_parse_rules",),
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


# (theme variables, one CSS source) -> its rules, for every podium this process starts
_PARSED: dict[tuple, list[RuleSet]] = {}


class SharedStylesheet(Stylesheet):
    """A Stylesheet that parses each CSS source once per process for the same theme
    variables (budget: the whole suite <= 4 min, which starts ~2,000 podiums). Textual
    parses every source again for each app, though a podium's sources are the same text
    each time. What a parse gives depends only on the source and the variables put into
    it, so its rules are shared (as Textual shares them between the parses of one app)."""

    def __init__(self, *, variables: dict[str, str] | None = None) -> None:
        super().__init__(variables=variables)
        self._variables_key = frozenset((variables or {}).items())

    def set_variables(self, variables: dict[str, str]) -> None:
        super().set_variables(variables)
        self._variables_key = frozenset(variables.items())

    def _parse_rules(
        self,
        css: str,
        read_from: CSSLocation,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        key = (self._variables_key, css, read_from, is_default_rules, tie_breaker, scope)
        rules = _PARSED.get(key)
        if rules is None:
            rules = super()._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
            _PARSED[key] = rules
        return rules

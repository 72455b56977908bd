"""A screen pushed over the podium is styled once, as it mounts.

Textual styles every widget of a new screen as it is mounted, and then twice more before
the first frame: the screen's first resume works out every style again (``refresh_styles``,
there for a screen coming back after a theme or class change while it was away), and the
first resize gives the screen its width's class (``-narrow``, ``-medium``, ``-wide``; the
app's ``HORIZONTAL_BREAKPOINTS``), which styles every widget again and lays the screen out
a second time (the podium under it too). :class:`OpensAtOnce` gives the screen its width's
class as it is made, skips the first resume's restyle and the first resize's second layout
(the screen was just laid out at that size), so a side screen is styled and laid out once
(its first frame is the same; tests/ui/test_side_screens_open_at_once.py).
"""

from __future__ import annotations

from textual import events
from textual.app import active_app
from textual.screen import Screen

from ..compat import breakpoint_classes


class OpensAtOnce:
    """Mixin of a side screen (put it before ``Screen``/``ModalScreen`` in the bases).

    Its ``on_screen_resume`` and ``on_resize`` run after the screen's own handlers of the
    same name (Textual calls each class's handler, nearest first) and before Textual's."""

    _resumed_once = False
    _resized_once = False

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        screen = self if isinstance(self, Screen) else None
        app = active_app.get(None)
        if screen is None or app is None:
            return
        width = app.size.width
        breakpoints = screen.HORIZONTAL_BREAKPOINTS
        if breakpoints is None:
            breakpoints = app.HORIZONTAL_BREAKPOINTS
        if width > 0 and breakpoints:
            screen.set_class(True, *breakpoint_classes(screen, width, breakpoints), update=False)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._resumed_once:
            self._resumed_once = True
            event.refresh_styles = False  # every widget was styled as it mounted, just now

    def on_resize(self, event: events.Resize) -> None:
        if self._resized_once:
            return
        self._resized_once = True
        app = active_app.get(None)
        if app is not None and event.size == app.size:
            # the first layout's own resize, at the size it was laid out at, with the
            # width's class already set: nothing for Textual's handler to do again
            event.prevent_default()

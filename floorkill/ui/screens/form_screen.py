"""A modal form whose Tab keeps up with a fast typist.

Textual hands a key to the focused widget first and lets it bubble up to the screen's Tab
binding later, so keys a terminal delivers in the same burst as a Tab ("As Ks<Tab>Qd Qh")
were already queued for the old field when the focus moved: the cards after the Tab ended
up in the field before it. Priority bindings are checked by the app before a key is
forwarded, so here the focus moves first and every later key goes to the new field
(tests/ui/test_typeahead_forms.py).
"""

from __future__ import annotations

from textual.binding import Binding
from textual.screen import ModalScreen, ScreenResultType

from floorkill.i18n import NC_

from .side_screen import OpensAtOnce


class FormScreen(OpensAtOnce, ModalScreen[ScreenResultType]):
    BINDINGS = [
        Binding(
            "tab", "next_field", NC_("key", "Next field"), show=False, priority=True, id="form.next"
        ),
        Binding(
            "shift+tab",
            "previous_field",
            NC_("key", "Previous field"),
            show=False,
            priority=True,
            id="form.previous",
        ),
    ]

    def action_next_field(self) -> None:
        self.focus_next()

    def action_previous_field(self) -> None:
        self.focus_previous()

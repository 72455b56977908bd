"""The podium's seating diagram with the seat keys.

A seat is picked with the arrows or its number, then a key acts on it: ``j`` join, ``a``
step away / come back, ``x`` leaves the game, ``s`` stack, ``v`` voluntary kill, ``p`` pay
an owed kill, ``r`` rulings. The same actions are in the command palette (they ask for the
seat). The diagram never writes: a key posts :class:`FloorSeating.SeatAction` and the app
opens the form (:mod:`floorkill.ui.screens.seat_forms`), then asks the question the rules
attach, if any (:mod:`floorkill.ui.screens.ask_modal`).
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive

from floorkill.floor.table_view import TableView
from floorkill.rules.questions import voluntary_open

from ..actions import SeatAction, bindings
from .seating import Seating


class FloorSeating(Seating):
    """The podium's seating diagram: the shared drawing, plus keys that act on the seat
    under the cursor (they call the app; the drawing itself never writes)."""

    BINDINGS = [
        *[
            Binding(str(n % 10), f"cursor_to({n})", f"Seat {n}", show=False, id=f"seating.seat_{n}")
            for n in range(1, 11)
        ],
        *bindings("seating"),  # the seat keys and Esc: floorkill/ui/actions.py
    ]

    view: reactive[TableView | None] = reactive(None, init=False, always_update=True, repaint=False)

    def watch_view(self, view: TableView | None) -> None:
        if view is not None and view.lang != self.lang:
            self.set_lang(view.lang)
        if view is not None and view.state is not self.state:
            self.show(view.state)

    def action_cursor_to(self, seat: int) -> None:
        if self.state is not None and 1 <= seat <= len(self.state.players):
            self.cursor = seat

    @dataclass
    class SeatAction(Message):
        """A seat key was pressed: ``what`` (join, away, quit, stack, voluntary, pay,
        rulings) for ``seat``. The app opens the form (the diagram never writes)."""

        what: str
        seat: int

    def action_seat_action(self, what: str) -> None:
        self.post_message(self.SeatAction(what, self.cursor))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The voluntary-kill key is offered only when the rules would take one now (the
        table allows them and the coming hand is not killed already)."""
        if action == "seat_action" and parameters and parameters[0] == SeatAction.VOLUNTARY:
            return self.state is not None and voluntary_open(self.state)
        return True

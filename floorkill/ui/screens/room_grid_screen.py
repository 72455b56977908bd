"""The room at the podium (Ctrl+G): every table's kill status on one screen, following the
floor while open. The cards and the grid are widgets (:mod:`floorkill.ui.widgets.room_grid`);
this screen reads the tables (in the podium's journal work) and pages them."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container
from textual.screen import ModalScreen
from textual.widgets import Static

from floorkill.display.words import room_title
from floorkill.i18n import NC_, error_text, tr
from floorkill.log import log
from floorkill.rules import TableState

from ..widgets.room_grid import RoomGrid, room_states
from .side_screen import OpensAtOnce


class RoomScreen(OpensAtOnce, ModalScreen[None]):
    """The room at the podium: every table's kill status, following the floor while open;
    Esc closes, PgUp/PgDn page."""

    DEFAULT_CSS = """
    RoomScreen { background: $background; }
    RoomScreen > #room-title { height: 1; padding: 0 1; text-style: bold; background: $panel; }
    RoomScreen > #room { height: 1fr; }
    """
    BINDINGS = [
        Binding("escape,ctrl+g", "dismiss", "Close", id="room_close"),
        Binding("pagedown", "page(1)", NC_("key", "Next page"), id="room_next_page"),
        Binding("pageup", "page(-1)", NC_("key", "Previous page"), id="room_previous_page"),
    ]

    def __init__(
        self,
        states: Sequence[TableState] | None = None,
        *,
        floor=None,
        lang: str | None = None,
    ) -> None:
        """``floor`` (the podium's :class:`floorkill.floor.Floor`): the grid follows it
        while open — every change the floor tells (a hand entered here, another podium's
        commit caught up by the podium's follow timer) redraws the cards, no keypress.
        Without ``states`` the floor's tables are read when the screen mounts: off the
        event loop where the app has journal work (the podium: ``journal_work``), the keys
        typed meanwhile kept for the grid. ``lang``: the podium's language."""
        super().__init__()
        self.lang = lang
        self.states = list(states or ())
        self.floor = floor
        self._reload_pending = False
        self._read_first = states is None
        self._reading = False  # the first read is still under way after its frame

    def compose(self) -> ComposeResult:
        yield Static(Text(room_title(len(self.states), lang=self.lang)), id="room-title")
        with Container(id="room"):
            yield RoomGrid(id="room-grid", lang=self.lang)

    def on_mount(self) -> None:
        self.show(self.states)
        if self.floor is not None:
            self.floor.watch(self._floor_changed)
            if self._read_first:
                self._read(hold_keys=True)

    def on_unmount(self) -> None:
        if self.floor is not None:
            self.floor.unwatch(self._floor_changed)

    def _floor_changed(self, _change) -> None:
        """A change at any table: redraw once after this burst (the follow timer tells
        every open table in turn)."""
        if not self._reload_pending:
            self._reload_pending = True
            self.call_later(self.reload)

    def reload(self) -> None:
        """Every table's state again, from the floor's tables (a table another podium
        created meanwhile included)."""
        self._reload_pending = False
        if self.floor is not None and self.is_attached:
            self._read(hold_keys=False)

    def _read(self, hold_keys: bool) -> None:
        """Every table's state, read where the app reads its journal (a thread, when the
        journal is slow), shown once read."""
        assert self.floor is not None
        tables = self.floor.tables
        work = getattr(self.app, "journal_work", None)
        if work is None:
            self.show(room_states(tables))
            return

        def read_failed(exc: Exception) -> None:
            log.error("room grid: the tables could not be read", exc_info=exc)
            self._reading = False
            if self.is_attached:
                self._title()
            self.app.notify(
                tr(
                    "the journal cannot be read just now — press the key again: {error}",
                    error=error_text(exc),
                ),
                severity="error",
                markup=False,
            )

        def slow() -> None:
            if hold_keys:  # the first read: the grid is empty meanwhile, and says why
                self._reading = True
                self._title()

        work.read(
            lambda: room_states(tables),
            self._read_done,
            read_failed,
            slow=slow,
            hold_keys=hold_keys,
        )

    def _read_done(self, states: list[TableState]) -> None:
        self._reading = False
        if self.is_attached:
            self.show(states)

    def show(self, states: Sequence[TableState]) -> None:
        self.states = list(states)
        grid = self.query_one(RoomGrid)
        grid.show(self.states)
        self._title()

    def _title(self) -> None:
        grid = self.query_one(RoomGrid)
        title = (
            tr("Reading the journal…", self.lang)
            if self._reading
            else room_title(len(self.states), grid.page, grid.pages, lang=self.lang)
        )
        self.query_one("#room-title", Static).update(
            Text(title + "  ·  " + tr("Esc closes", self.lang))
        )

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)

    def on_room_grid_paged(self) -> None:
        self._title()

    def action_page(self, step: int) -> None:
        self.query_one(RoomGrid).next_page(step)
        self._title()


__all__ = ["RoomScreen"]

"""The podium's tables: the list (F9), switching (each table keeps its state and its
unfinished line), new tables by form, from a sample or as a copy."""

from __future__ import annotations

from floorkill.i18n import PhraseError, error_text, tr
from floorkill.log import log
from floorkill.rules import load_table_file
from floorkill.rules.names import safe_text
from floorkill.store.session import TableSession

from ..widgets.hand_entry import HandEntry
from .host import PodiumHost


class TableActions(PodiumHost):
    """Mixin of :class:`PodiumApp`."""

    def action_tables(self) -> None:
        from ..screens.table_list import TableListScreen

        self.clear_notifications()  # the list is read at a glance: nothing over it

        def chosen(result: tuple[str, str] | None) -> None:
            if result is None:
                return
            what, name = result
            if what == "open":
                self.switch_table(name)
            elif what == "new":
                self.new_table()
            elif what == "sample":
                self.new_table_from_sample()
            elif what == "copy":
                self.new_table(copy_of=name)

        self.push_screen(TableListScreen(self.tables, self.session.name), chosen)

    def action_room_players(self) -> None:
        """Every player of the room: where, owed, barred or owing, legs; pay from it."""
        from ..screens.room_view import RoomPlayersScreen

        tables = self.tables

        def pay(player: str, table: str) -> None:
            def opened(session: TableSession) -> None:
                self.run_event(
                    {"type": "pay_kill", "name": player},
                    session=session,
                    confirm=safe_text(
                        tr(
                            "{name} pays the owed kill ({table})?",
                            self.lang,
                            name=player,
                            table=table,
                        )
                    ),
                )

            # the table where it is owed: open since the rows were read, else read now
            self.read_then(lambda: tables.get(table), opened, "pay")

        self.push_screen(RoomPlayersScreen(self.tables, pay))

    # -- a table's life cycle ------------------------------------------------------------
    def close_table(self) -> None:
        self.run_event(
            {"type": "close_table"},
            confirm=safe_text(
                tr(
                    "Close {table} for the night? It leaves the table list and the big screens; its "
                    "history stays, and it can be reopened.",
                    self.lang,
                    table=self.session.name,
                )
            ),
        )

    def reopen_table(self) -> None:
        self.run_event({"type": "reopen_table"})

    def action_about(self) -> None:
        from ..screens.about import AboutScreen

        journal = getattr(self.session, "journal", None)
        demo = self.demo_of if self.in_demo(self.session) else None
        self.push_screen(AboutScreen(getattr(journal, "path", None), demo=demo))

    def action_room(self) -> None:
        """Every table's kill status at a glance (the big screen's grid)."""
        from ..screens.room_grid_screen import RoomScreen

        # it reads the tables off the loop
        self.push_screen(RoomScreen(floor=self.floor, lang=self.lang))

    def switch_table(self, name: str) -> None:
        """Show another table; the one left keeps its state (its session stays open). A
        table not open yet is read from the journal in a thread worker (a slow or absent
        journal never holds the screen); the keys typed meanwhile wait and go to it."""
        tables = self.floor.tables
        if tables.journal is None or tables.is_open(name):
            try:
                session = tables.get(name)
            except Exception as exc:  # noqa: BLE001 - logged and said
                self._cannot_open(name, exc)
                return
            # its state is the room it stands in, read from its journal the first time
            # (a table just made in the real journal while the demo's is shown): read in
            # the journal work, done on the spot when the room is already read
            self.journal_work.read(
                lambda: session.state,
                lambda _state: self._show_table(session),
                lambda exc: self._cannot_open(name, exc),
            )
            return
        gate = self.key_gate
        gate.hold()
        self.notify(
            safe_text(tr("Opening {table}…", self.lang, table=name)), timeout=2, markup=False
        )

        def read() -> None:
            try:
                found, failed = tables.get(name), None
            except Exception as exc:  # noqa: BLE001 - logged and said on the loop
                found, failed = None, exc
            try:
                self.call_from_thread(opened, found, failed)
            except RuntimeError:  # the app has stopped meanwhile
                pass

        def opened(session: TableSession, failed: Exception | None) -> None:
            try:
                if failed is not None:
                    self._cannot_open(name, failed)
                elif self.screen_stack:
                    self._show_table(session)
            finally:
                gate.release()

        self.run_worker(read, thread=True, group="open-table", exit_on_error=False)

    def _cannot_open(self, name: str, exc: BaseException) -> None:
        log.error("podium: cannot open table %s", name, exc_info=exc)
        self.notify(
            tr(
                "cannot open {table}: {reason}",
                self.lang,
                table=name,
                reason=error_text(exc, self.lang),
            ),
            severity="error",
            markup=False,
        )

    def _show_table(self, session: TableSession) -> None:
        entry = self.podium.query_one(HandEntry)
        left = self.session
        self._drafts[left.name] = entry.draft()
        if session is left:
            return
        self.floor.switch(session.name)  # the widgets follow through the view
        self.title = self.title_of(session)
        entry.restore(session.state, self._drafts.get(session.name, ""))
        self.notify(
            safe_text(tr("Now at {table}", self.lang, table=session.name)), timeout=3, markup=False
        )

    def _open_editor(self, **kwargs) -> None:
        from ..screens.table_editor import TableEditor

        def saved(name: str | None) -> None:
            if name:
                self.switch_table(name)

        self.push_screen(TableEditor(self.tables, lang=self.lang, **kwargs), saved)

    def new_table(self, copy_of: str | None = None) -> None:
        if copy_of is None:
            self._open_editor()
            return
        tables = self.tables

        def read():  # a table not open yet is read from the journal (journal_work)
            return tables.get(copy_of).config

        def opened(base) -> None:
            # the English title: the editor says it in its language (and again after F3)
            self._open_editor(base=base, name="", title=safe_text(f"New table like {copy_of}"))

        def slow() -> None:
            self.notify(
                safe_text(tr("Opening {table}…", self.lang, table=copy_of)),
                timeout=2,
                markup=False,
            )

        self.journal_work.read(read, opened, lambda exc: self._cannot_open(copy_of, exc), slow=slow)

    def new_table_from_sample(self) -> None:
        from floorkill.resources import sample_tables

        from ..screens.table_list import SampleModal

        def picked(path) -> None:
            if path is None:
                return
            try:
                tf = load_table_file(path)
            except Exception as exc:
                log.exception("podium: cannot read the table file %s", path)
                said = exc.text(self.lang) if isinstance(exc, PhraseError) else str(exc)
                self.notify(said, severity="error", markup=False)
                return
            name, tables = tf.config.name, self.tables

            def opened(taken: bool) -> None:  # (the journal's tables: read in its work)
                self._open_editor(
                    base=tf.config,
                    players=tf.players,
                    name="" if taken else name,
                    title=safe_text(f"New table from the sample {path.name}"),
                )

            self.read_then(lambda: tables.has(name), opened, "sample")

        self.push_screen(SampleModal(sample_tables()), picked)

"""The floor controller: the one write path, without Textual.

Everything that changes a table goes through :class:`Floor`: a hand, a player coming or
going, a paid kill, an undo, a switch to another table. The podium, the command line and
the tests use it alike:

    floor = Floor(session)                    # or Floor(session, journal=j)
    floor.needs({"type": "hand", "winner": 3})   -> the questions the rules ask (if any)
    floor.try_event(raw)                      -> what it would decide (nothing stored)
    floor.commit(raw)                         -> the stored Record (raises Refusal)
    floor.undo(seq, "wrong seat")             -> the void Record (raises Refusal)
    floor.switch("Table 7")                   -> that table's session

Each change is told to every watcher (:meth:`watch`) as a :class:`Change` after it is
stored; the podium's one watcher turns it into the state its widgets read. A write run in
another thread (the podium saves off its event loop: ui/podium/journal_work.py) keeps its changes
(:meth:`Floor.holding`) and they are told where the watchers live (:meth:`Floor.tell`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from floorkill.rules import Applied, TableState
from floorkill.rules.preview import Preview, preview
from floorkill.rules.questions import Question, first_asked, needs
from floorkill.rules.room import Room
from floorkill.store.errors import RoomChanged, TableChanged
from floorkill.store.session import Record

from .tables import TableRegistry

if TYPE_CHECKING:
    from floorkill.store.backend import JournalBackend
    from floorkill.store.session import TableSession


@dataclass(frozen=True, slots=True)
class Change:
    """One change of the floor: ``kind`` is ``event``, ``undo``, ``correct``, ``switch`` or
    ``followed``."""

    kind: str
    session: TableSession
    record: Record | None = None
    before: TableState | None = None  # the table's state before the change

    @property
    def table(self) -> str:
        return self.session.name


class Floor:
    """The tables of an evening, the current one, and the one way to change them."""

    def __init__(
        self,
        session: TableSession,
        journal: JournalBackend | None = None,
        others: Iterable[TableSession] = (),
    ) -> None:
        self.tables = TableRegistry(
            session, journal if journal is not None else getattr(session, "journal", None), others
        )
        self.session = session
        self._watchers: list[Callable[[Change], None]] = []
        self._held = threading.local()  # .changes: a thread's changes kept, not told

    # -- reading -------------------------------------------------------------------
    @property
    def state(self) -> TableState:
        return self.session.state

    def last_undoable(self, session: TableSession | None = None) -> Record | None:
        return (session or self.session).last_undoable()

    def watch(self, callback: Callable[[Change], None]) -> None:
        """Call ``callback(change)`` after every stored change and every switch."""
        self._watchers.append(callback)

    def unwatch(self, callback: Callable[[Change], None]) -> None:
        """Stop calling ``callback`` (a screen that watched while it was open)."""
        if callback in self._watchers:
            self._watchers.remove(callback)

    def _tell(self, change: Change) -> None:
        held = getattr(self._held, "changes", None)
        if held is not None:  # a write in another thread: told later, where the watchers are
            held.append(change)
            return
        for watcher in tuple(self._watchers):  # a watcher may stop watching meanwhile
            watcher(change)

    @contextmanager
    def holding(self) -> Iterator[list[Change]]:
        """The changes made on this thread inside the block are kept in the list it gives,
        not told: :meth:`tell` them afterwards on the watchers' thread."""
        changes: list[Change] = []
        self._held.changes = changes
        try:
            yield changes
        finally:
            self._held.changes = None

    def tell(self, changes: Iterable[Change]) -> None:
        """Tell the watchers the changes a :meth:`holding` block kept, in their order."""
        for change in changes:
            self._tell(change)

    def room_shown(self) -> Room:
        """The room the previews are worked out with now (as last read: no query); what a
        write is checked against at the journal's head (:meth:`commit`'s ``room``)."""
        return self.tables.room_seen()

    # -- trying (pure: nothing is stored) -------------------------------------------------
    def try_event(self, raw: Mapping[str, Any], session: TableSession | None = None) -> Applied:
        """What ``raw`` would decide (raises Refusal)."""
        return self.tables.try_event(session or self.session, raw)

    def needs(self, raw: Mapping[str, Any], session: TableSession | None = None) -> list[Question]:
        """The questions the rules ask about ``raw`` (:func:`floorkill.rules.questions.needs`)."""
        table = session or self.session
        return needs(table.state, raw, self.tables.elsewhere(table.name))

    def preview(self, raw: Mapping[str, Any], session: TableSession | None = None) -> Preview:
        """What committing ``raw`` would record and decide (:func:`floorkill.rules.preview`),
        at the table it is stored at (a pay_kill where the kill is owed)."""
        table = self.tables.target(session or self.session, raw)
        return preview(table.state, raw, self.tables.elsewhere(table.name))

    def question(
        self, raw: Mapping[str, Any], session: TableSession | None = None
    ) -> Question | None:
        """The first question the rules cannot decide without, or None. Refusals are raised
        by :meth:`try_event` and :meth:`commit`, not here."""
        table = session or self.session
        return first_asked(table.state, raw, self.tables.elsewhere(table.name))

    # -- writing ---------------------------------------------------------------------------
    def commit(
        self,
        raw: Mapping[str, Any],
        session: TableSession | None = None,
        seen: int | None = None,
        room: Room | None = None,
    ) -> Record:
        """Store ``raw`` at the current table (or ``session``'s); raises Refusal, nothing
        stored. Storage errors propagate as they are. ``seen``: the table's length when the
        floorperson saw what ⏎ records; if another podium's entry was followed since,
        TableChanged and nothing is stored. ``room``: the room that preview was worked out
        with (:meth:`room_shown`); if what the decision reads of it (a bar at another table,
        where a kill is owed) is not so at the journal's head, RoomChanged and nothing is
        stored."""
        table = session or self.session
        before = table.state
        try:
            record = self.tables.append(table, raw, seen, room)
        except (TableChanged, RoomChanged):  # another podium was first: show what it changed
            self._tell(Change("followed", table))
            raise
        self._tell(Change("event", table, record, before))
        return record

    def undo(
        self, seq: int, reason: str, session: TableSession | None = None, seen: int | None = None
    ) -> Record:
        """Void record ``seq`` with ``reason`` (appends a void; raises Refusal). ``seen``:
        the table's length when the undo was offered; if another podium wrote since,
        TableChanged and nothing is voided."""
        table = session or self.session
        before = table.state
        try:
            record = self.tables.void(table, seq, reason, seen)
        except TableChanged:
            self._tell(Change("followed", table))
            raise
        self._tell(Change("undo", table, record, before))
        return record

    # -- corrections ------------------------------------------------------------------------
    def history(self, session: TableSession | None = None):
        """The table's records with the state after each (rules/corrections.py)."""
        table = session or self.session
        return table.history()

    def impact(
        self,
        record: int,
        event: Mapping[str, Any] | None,
        session: TableSession | None = None,
        history=None,
        settle: Mapping[int, str] | None = None,
        answers: Sequence[Mapping[str, Any]] = (),
    ):
        """What correcting ``record`` to ``event`` (None: strike it) would change, and the
        later records it would make impossible (:func:`floorkill.rules.corrections.impact`;
        pure: nothing is stored)."""
        from floorkill.rules import corrections

        table_history = history if history is not None else self.history(session)
        raw = corrections.proposal(table_history, record, event, settle=settle, answers=answers)
        return corrections.impact(table_history, raw)

    def correct(
        self,
        record: int,
        event: Mapping[str, Any] | None,
        *,
        settle: Mapping[int, str] | None = None,
        reason: str | None = None,
        session: TableSession | None = None,
        seen: int | None = None,
        answers: Sequence[Mapping[str, Any]] = (),
    ) -> Record:
        """Append a correction of ``record`` (raises Refusal, nothing stored). ``seen``: the
        table's length when the form was opened; another podium's entry since raises
        TableChanged and nothing is stored."""
        table = session or self.session
        before = table.state
        kw: dict[str, Any] = {"settle": settle, "reason": reason}
        if answers:
            kw["answers"] = answers
        if seen is not None and getattr(table, "journal", None) is not None:
            kw["expect_seq"] = seen
        try:
            record_ = table.correct(record, event, **kw)
        except TableChanged:
            self._tell(Change("followed", table))
            raise
        self._tell(Change("correct", table, record_, before))
        return record_

    def seal(self, head: str, report: str | None = None) -> list[Record]:
        """Record the shift's seal (the chain head ``HASH@SEQ`` a shift report was made at)
        at every open table of the journal, each a ``seal`` event appended and chained, so
        every podium knows which records are older than the seal. Tables kept in memory
        have no chain to seal: nothing is recorded."""
        journal = getattr(self.session, "journal", None)
        if journal is None:
            return []
        raw: dict[str, Any] = {"type": "seal", "head": head}
        if report:
            raw["report"] = report
        out = []
        for name in journal.open_table_names():
            session = journal.session(name)
            out.append(session.append(raw))
            self._tell(Change("followed", session))
        return out

    def switch(self, name: str):
        """Make ``name`` the current table (opened from the journal if need be); the one
        left keeps its state. Raises KeyError or the journal's error for an unknown table."""
        session = self.tables.get(name)
        if session is not self.session:
            self.session = session
            self._tell(Change("switch", session))
        return session

    def follow(self) -> bool:
        """Catch up with other podiums' commits (the journal says whether there were any):
        each open table is told to the watchers as ``followed`` (another table's bar may
        change what it shows). True when anything was committed."""
        moved = self.tables.follow()
        for session in moved:
            self.followed(session)
        return any(session is self.session for session in moved)

    def followed(self, session: TableSession | None = None) -> None:
        """Another process wrote to ``session``'s table (the session has caught up): tell the
        watchers as for a change made here (kind ``followed``), so the screens follow it."""
        table = session or self.session
        self._tell(Change("followed", table))

    def create(self, table_file, toml_text: str | None = None):
        """A new table (in the journal, or in memory without one); not yet current."""
        return self.tables.create(table_file, toml_text)

"""The tables of an evening and where new table files go: no Textual, no rules decided.

:class:`TableRegistry` keeps each opened table's session (so each keeps its state) and
gives every session the players barred at the other tables (rrop-13.6): the journal's
sessions ask their journal, in-memory sessions are given a source here — so every
session's ``append(raw)`` is the same call.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from floorkill.i18n import N_, PhraseError
from floorkill.rules import Applied, apply
from floorkill.rules import room as room_rules
from floorkill.rules.room import Room
from floorkill.store.errors import table_changed
from floorkill.store.session import MemorySession

if TYPE_CHECKING:
    from floorkill.store.backend import JournalBackend, JournalTable
    from floorkill.store.session import Record, TableSession


def _folded(session: TableSession):
    return session.folded if hasattr(session, "folded") else session.state


def room_of(sessions: Iterable[TableSession]) -> Room:
    """The room of in-memory sessions (what the journal keeps for its own tables)."""
    return Room.of_states({session.name: _folded(session) for session in sessions})


def barred_in(
    sessions: Iterable[TableSession], exclude: str | None = None
) -> dict[str, tuple[int, str]]:
    """{name key: (owed cents, table)} of players barred (an unposted kill) at ``sessions``
    other than ``exclude`` (what the journal computes for its own tables)."""
    return room_of(sessions).elsewhere(exclude)


class TableRegistry:
    """The tables of an evening: the journal's (opened lazily, then kept open so each
    keeps its state) or, without a journal, sessions kept in memory.

    ``append`` passes players barred at the other tables to the rules (the journal does
    it itself; in memory it is done here)."""

    def __init__(
        self,
        current: TableSession,
        journal: JournalBackend | None = None,
        others: Iterable[TableSession] = (),
    ) -> None:
        self.journal = journal
        self._open: dict[str, TableSession] = {}
        self._order: list[str] = []
        self._room_memo: tuple[tuple, Room] | None = None
        for session in (current, *others):
            self._keep(session)

    def _keep(self, session: TableSession) -> None:
        if session.name not in self._open:
            self._order.append(session.name)
        self._open[session.name] = session
        if self.journal is None and hasattr(session, "bars_elsewhere"):
            name = session.name
            session.bars_elsewhere = lambda: self.elsewhere(name)

    def names(self) -> list[str]:
        """The tables of the lists (the table switcher, the room, the big screens, the
        report): the journal's, and tables open in memory. A table of another journal (the
        demo's sample) is listed only while the journal has none of its own: the demo
        never shows among a real journal's tables."""
        if self.journal is None:
            return list(self._order)
        names = list(self.journal.table_names())
        journal = self.journal
        extra = [
            name
            for name in self._order
            if name not in names
            and (not names or getattr(self._open[name], "journal", None) in (None, journal))
        ]
        return names + extra

    def get(self, name: str):
        session = self._open.get(name)
        if session is None:
            folded = {open_name.casefold(): open_name for open_name in self._open}
            if name.casefold() in folded:
                return self._open[folded[name.casefold()]]
            if self.journal is None:
                raise KeyError(name)
            opener = getattr(self.journal, "session", None) or self.journal.open_table
            session = opener(name)  # the session already open in this process
            self._keep(session)
        return session

    def open_sessions(self) -> list[Any]:
        return list(self._open.values())

    def room(self) -> Room:
        """Every table's own owed kills: the journal's, or the open in-memory tables'."""
        if self.journal is not None:
            return self.journal.room()
        states = tuple(_folded(session) for session in self._open.values())
        memo = self._room_memo
        if (
            memo is not None
            and len(memo[0]) == len(states)
            and all(was is now for was, now in zip(memo[0], states, strict=True))
        ):
            return memo[1]
        room = room_of(self._open.values())
        self._room_memo = (states, room)
        return room

    def room_seen(self) -> Room:
        """The room as this podium last read it, without a query: what the previews, the
        questions and the tries of an event are worked out with — as the screens show it.
        A journal reads its room again when another podium has committed (``changed()``, in
        the podium's follow worker), its own writes keep it current, and a write decides
        with the room at the journal's head, under its lock."""
        journal = self.journal
        if journal is not None and hasattr(journal, "room_cached"):
            return journal.room_cached
        return self.room()

    def target(self, session: TableSession, raw: Mapping[str, Any], room: Room | None = None):
        """The session an event is stored at: a pay_kill goes where the kill is owed in
        ``room`` (else the room as last read; the journal routes it again with the room at
        its head when it stores it)."""
        if not isinstance(raw, Mapping) or raw.get("type") != "pay_kill":
            return session
        name = room_rules.route(session.name, raw, self.room_seen() if room is None else room)
        return session if name == session.name else self.get(name)

    def near_match(self, raw: Mapping[str, Any]):
        """The question a join asks before seating ("is this …, barred at … for …?")."""
        if not isinstance(raw, Mapping) or raw.get("type") != "join":
            return None
        return room_rules.near_match_question(raw, self.room_seen())

    def is_open(self, name: str) -> bool:
        return name in self._open

    def has(self, name: str) -> bool:
        key = name.casefold()
        return any(open_name.casefold() == key for open_name in self.names())

    def elsewhere(self, exclude: str | None) -> dict[str, tuple[int, str]]:
        """Players barred at the tables other than ``exclude``, as last read
        (:meth:`room_seen`: a preview per key never waits for the journal)."""
        return self.room_seen().elsewhere(exclude)

    def try_event(self, session: TableSession, raw: Mapping[str, Any]) -> Applied:
        session = self.target(session, raw)
        return apply(session.state, raw, self.elsewhere(session.name))

    def append(
        self,
        session: TableSession,
        raw: Mapping[str, Any],
        seen: int | None = None,
        room: Room | None = None,
    ):
        """Store ``raw`` at its table (a pay_kill where the kill is owed; each session knows
        where its bars come from and stamps its events with them: rules/room.py). On a journal
        only if that table is still where this podium saw it (``seen``, the session's length
        then, when the event is stored at the session itself): another podium's entry since
        raises TableChanged (nothing written, the session caught up); and, given ``room``
        (the room its preview was worked out with: :meth:`room_seen` then), only if what the
        decision reads of the room is so at the journal's head: else RoomChanged."""
        target = self.target(session, raw, room)
        if getattr(target, "journal", None) is not None:
            expect = seen if seen is not None and target is session else len(target)
            if room is None:
                return target.append(raw, expect_seq=expect)
            return target.append(raw, expect_seq=expect, shown_room=room)
        if seen is not None and target is session and len(target) != seen:
            latest = target.records(-1)
            raise table_changed(target.name, seen, len(target), latest[0] if latest else None)
        return target.append(raw)

    def void(self, session: TableSession, seq: int, reason: str, seen: int | None = None) -> Record:
        """Void ``seq``; on a journal, with ``seen`` given, only if the table is still at
        ``seen`` (what the floorperson saw when the undo was offered)."""
        if seen is not None and getattr(session, "journal", None) is not None:
            return cast("JournalTable", session).void(seq, reason, expect_seq=seen)
        return session.void(seq, reason)

    def follow(self) -> list[Any]:
        """After another process committed to the journal (its ``changed()``; cheap when
        nothing was): every open table, caught up. All of them, not only those whose own
        records moved: a bar or a payment at another table changes what each table shows
        (rules/room.py)."""
        journal = self.journal
        if journal is None or not hasattr(journal, "changed") or not journal.changed():
            return []
        sessions = self.open_sessions()
        rest = sessions
        together = getattr(journal, "refresh_sessions", None)
        if together is not None:  # the journal's own: one query for all
            together(
                [session for session in sessions if getattr(session, "journal", None) is journal]
            )
            rest = [
                session for session in sessions if getattr(session, "journal", None) is not journal
            ]
        for session in rest:
            refresh = getattr(session, "refresh", None)
            if refresh is not None:
                refresh()
        return sessions

    def create(self, table_file, toml_text: str | None = None, who: str | None = None):
        """A new table: in the journal, or in memory without one."""
        session: TableSession
        if self.journal is not None:
            session = self.journal.create_table(table_file, toml_text)
        else:
            if self.has(table_file.config.name):
                raise PhraseError(
                    N_("a table named {name} is already open"), name=repr(table_file.config.name)
                )
            session = MemorySession(table_file.config, table_file.players, who=who)
        self._keep(session)
        return session

    def owed_everywhere(self, current: TableSession) -> list[tuple[str, int, str, str]]:
        """(player, owes, mode, table) of every owed kill in the room: this table's first."""
        bars = self.room().bars()
        here = [bar for bar in bars if bar.table == current.name]
        there = sorted((bar for bar in bars if bar.table != current.name), key=lambda b: b.table)
        return [(bar.player, bar.owes, bar.mode, bar.table) for bar in (*here, *there)]


# ---------------------------------------------------------------------------
# where new table files go


def tables_dir() -> Path:
    """``$FLOORKILL_TABLES_DIR``, else ``tables_dir`` of the settings file, else
    ``<user data dir>/floorkill/tables``."""
    from floorkill.settings import current

    return current().tables_dir


def slug(name: str) -> str:
    text = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
    return text[:48].strip("-") or "table"


def new_table_path(
    name: str, folder: Path | None = None, exists: Callable[[Path], bool] = Path.exists
) -> Path:
    """A file name for a new table that does not overwrite any file already there."""
    folder = tables_dir() if folder is None else folder
    base = slug(name)
    path = folder / f"{base}.toml"
    number = 2
    while exists(path):
        path = folder / f"{base}-{number}.toml"
        number += 1
    return path

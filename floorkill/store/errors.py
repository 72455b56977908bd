"""Errors of the journal: each ``str()`` is one line a command or a screen can show."""

from __future__ import annotations

from typing import Self

from floorkill.i18n import N_, Amount, Phrase, Spoken
from floorkill.i18n import said as spoken
from floorkill.rules.room import NEAR, PAID_AT, Bar, RoomChange


class JournalError(Exception):
    """The journal cannot do what was asked (bad path, unknown table, duplicate table...).
    Its message is a :class:`~floorkill.i18n.Phrase` where one was given (:meth:`text` says
    it in a language; ``str()`` is the English), else the text given."""

    def __init__(self, message: str | Phrase = "", *args: object) -> None:
        self.phrase = message if isinstance(message, Phrase) else None
        super().__init__(str(message), *args)

    def text(self, lang: str | None = None) -> str:
        return self.phrase.text(lang) if self.phrase is not None else str(self)

    reason: Phrase | str | None = None  # what is wrong, without where (:meth:`at`)

    @classmethod
    def at(cls, where: object, reason: Phrase | str) -> Self:
        """ "{where}: {reason}": an error at a journal's location, its ``reason`` kept apart
        (a caller that says it again elsewhere takes the reason, never cuts the text)."""
        error = cls(Phrase("{where}: {reason}", where=str(where), reason=reason))
        error.reason = reason
        return error

    def said(self) -> Phrase | str:
        """What it says, to give another error or phrase: the phrase, else the text."""
        return self.phrase if self.phrase is not None else str(self)


class JournalBusy(JournalError):
    """Another process held the journal locked for longer than the busy timeout."""


class JournalUnavailable(JournalError):
    """A viewer cannot read the journal right now (missing, locked, not a journal).
    A UI shows the message and retries later."""


class UnknownTable(JournalError):
    """No table of that name in the journal."""


class TableExists(JournalError):
    """A table of that name is already in the journal."""


class ConfigMismatch(JournalError):
    """A table file names a journal table whose config or initial players differ."""

    def __init__(self, message: str | Phrase, differences: list[str]) -> None:
        super().__init__(message)
        self.differences = differences


class TableChanged(JournalError):
    """Optimistic concurrency: the table moved on since the podium last saw it (another
    podium entered or undid something). Nothing was written; the session has caught up."""

    def __init__(self, message: str | Phrase, table: str, expected: int, actual: int) -> None:
        super().__init__(message)
        self.table = table
        self.expected = expected
        self.actual = actual


def table_changed(
    table: str, expected: int, actual: int, latest=None, *, undo: bool = False
) -> TableChanged:
    """The refusal a podium shows when ``table`` is at ``actual`` instead of the ``expected``
    seq it saw: "Table 7 changed: hand 41 was just entered by ann — check and enter again",
    in the screen's language (:meth:`TableChanged.text`). ``latest`` is the table's newest
    Record (or None)."""
    if latest is None:
        what = Phrase("record #{seq}", seq=actual)
    elif latest.type == "void":
        what = Phrase("an undo of #{seq}", seq=latest.event.get("target"))
    elif latest.type == "hand":
        what = Phrase("hand {n}", n=latest.hand)
    else:
        what = Phrase("#{seq} {type}", seq=latest.seq, type=latest.type)
    who = getattr(latest, "who", None) or Phrase("another podium")
    said = (
        Phrase(
            "{table} changed: {what} was just entered by {who} — check and undo again",
            table=table,
            what=what,
            who=who,
        )
        if undo
        else Phrase(
            "{table} changed: {what} was just entered by {who} — check and enter again",
            table=table,
            what=what,
            who=who,
        )
    )
    return TableChanged(said, table, expected, actual)


class RoomChanged(JournalError):
    """What an event's decision reads of the room (a player's bar at another table, the
    table a kill is owed at) is not, at the journal's head, what the podium's preview read:
    another podium changed it since. Nothing was written; the room has been read again.
    ``changes``: the :class:`floorkill.rules.room.RoomChange` of each fact; said as the
    podium's line (:meth:`text`: what each fact is now)."""

    def __init__(self, table: str, changes: tuple) -> None:
        said = [room_change_phrase(change) for change in changes]
        super().__init__(
            Phrase(
                ROOM_CHANGED,
                changes=Spoken(lambda lang: "; ".join(spoken(one, lang) for one in said)),
            )
        )
        self.table = table
        self.changes = changes


ROOM_CHANGED = N_(
    "Not recorded: the room changed since this was shown — {changes}. Check it, then enter "
    "it again."
)
NOW_BARRED = N_("{name} is now barred at {table} (owes {amount})")
NO_LONGER_BARRED = N_("{name} is no longer barred at {table}")
NOW_OWED_AT = N_("{name}'s kill is now owed at {table}")
NOTHING_OWED = N_("{name} no longer owes a kill")
NOW_NEAR = N_("{player}, barred at {table}, has a name close to {name}")


def room_change_phrase(change: RoomChange) -> Phrase | str:
    """One :class:`floorkill.rules.room.RoomChange` in words: what it is now."""
    now, shown = change.now, change.shown
    if change.kind == PAID_AT:
        if isinstance(now, str):
            return Phrase(NOW_OWED_AT, name=change.player, table=now)
        return Phrase(NOTHING_OWED, name=change.player)
    if isinstance(now, Bar):
        if change.kind == NEAR:
            return Phrase(NOW_NEAR, player=now.player, table=now.table, name=change.player)
        return Phrase(NOW_BARRED, name=change.player, table=now.table, amount=Amount(now.owes))
    if isinstance(shown, Bar):
        return Phrase(NO_LONGER_BARRED, name=shown.player, table=shown.table)
    return change.player

"""Errors of the journal: each ``str()`` is one line a command or a screen can show."""

from __future__ import annotations

from floorkill.i18n import Phrase


class JournalError(Exception):
    """The journal cannot do what was asked (bad path, unknown table, duplicate table...).
    Its message is a :class:`~floorkill.i18n.Phrase` where one was given (:meth:`text` says
    it in a language; ``str()`` is the English), else the text given."""

    def __init__(self, message: str | Phrase = "", *args: object) -> None:
        self.phrase = message if isinstance(message, Phrase) else None
        super().__init__(str(message), *args)

    def text(self, lang: str | None = None) -> str:
        return self.phrase.text(lang) if self.phrase is not None else str(self)


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

    def __init__(self, message: str, differences: list[str]) -> None:
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
    ``changes``: the :class:`floorkill.rules.room.RoomChange` of each fact."""

    def __init__(self, table: str, changes: tuple) -> None:
        said = "; ".join(
            f"{change.player}: {_fact(change.shown)} -> {_fact(change.now)}" for change in changes
        )
        super().__init__(
            f"{table}: the room changed since this was shown ({said}) — check and enter again"
        )
        self.table = table
        self.changes = changes


def _fact(value) -> str:
    if value is None:
        return "none"
    if isinstance(value, str):
        return value
    return f"owes {value.owes} cents at {value.table}"

"""Errors of the journal: each ``str()`` is one line a command or a screen can show."""

from __future__ import annotations


class JournalError(Exception):
    """The journal cannot do what was asked (bad path, unknown table, duplicate table...)."""


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

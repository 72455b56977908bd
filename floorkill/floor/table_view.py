"""What the podium's widgets read: one immutable view of the current table.

The app holds one :class:`TableView` in a reactive; each widget binds it with
``data_bind`` and redraws what changed in its ``watch_view``. A change of the floor (a
hand, an undo, a switch of table, the language) is one new view: no widget is told by
hand, and none keeps a copy the others could disagree with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from floorkill.rules import TableState
from floorkill.store.session import Record

if TYPE_CHECKING:
    from floorkill.store.session import TableSession


@dataclass(frozen=True, eq=False, slots=True)
class TableView:
    """The current table as the widgets show it (compared by identity: every change is a
    new view)."""

    session: TableSession  # its records, for the history
    state: TableState
    record: Record | None  # the last record (the rules panel explains it)
    lang: str = "en"

    @classmethod
    def of(cls, session: TableSession, lang: str = "en", last: Record | None = None) -> TableView:
        """``session`` as it is now; ``last``: its last record when the caller holds it
        (the floor's change that just stored it), else read from the session."""
        length = len(session)
        if last is None or last.seq != length:
            recs = session.records(length - 1, length) if length else ()
            last = recs[0] if recs else None
        return cls(session, session.state, last, lang)

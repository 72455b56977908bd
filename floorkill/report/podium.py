"""The podium's "Shift report" action, without Textual: which tables, where the file goes.

A journal's tables are read back from the journal file (read-only, sealed with its chain
head); tables kept in memory (no journal) are folded from their sessions' records and
the report says it has no seal. It counts the last ``SHIFT_HOURS`` hours (any shift,
without a month of journal in it; ``floorkill report`` chooses any window). The file goes
to ``reports/`` beside the journal, or in the user data folder, named by the local time:
``shift-20261130-071200.html``.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from .gather import Room, fold_table, gather_journal, rows_of_records, utc_text
from .render import render

if TYPE_CHECKING:
    from floorkill.store.session import TableSession

SHIFT_HOURS = 24


def reports_dir(journal_path: Path | None) -> Path:
    if journal_path is not None:
        return Path(journal_path).absolute().parent / "reports"
    from platformdirs import user_data_path

    return user_data_path("floorkill", appauthor=False) / "reports"


def memory_room(sessions: Iterable[TableSession], start: str | None = None) -> Room:
    tz = datetime.now().astimezone().tzinfo or UTC  # (astimezone always sets one)
    tables = [
        fold_table(
            s.name, s.config, s.players, rows_of_records(s.records(0, len(s))), start=start, tz=tz
        )
        for s in sessions
    ]
    return Room(
        path="",
        tables=tables,
        head_seq=0,
        head_hash="",
        start=start,
        end=None,
        generated=utc_text(datetime.now(UTC)),
        tz=tz,
    )


def report_for_podium(session: TableSession, registry=None, lang: str = "en") -> tuple[Path, Room]:
    """(file written, the room): every table of the evening, the last SHIFT_HOURS hours."""
    from floorkill.store.atomic import atomic_write_text
    from floorkill.store.history import journal_location

    where = journal_location(session)  # a file, a postgresql:// URL or None
    start = utc_text(datetime.now(UTC) - timedelta(hours=SHIFT_HOURS))
    if where is not None:
        room = gather_journal(where, start=start)
    else:
        sessions = (
            [registry.get(n) for n in registry.names()] if registry is not None else [session]
        )
        room = memory_room(sessions, start)
    folder = reports_dir(where if isinstance(where, Path) else None)
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / f"shift-{datetime.now().strftime('%Y%m%d-%H%M%S')}.html"
    atomic_write_text(out, render(room, lang))
    return out, room

"""The podium's "Shift report" action, without Textual: which tables, where the file goes.

A journal's tables are read back from the journal file (read-only, sealed with its chain
head); tables kept in memory (no journal) are folded from their sessions' records and
the report says it has no seal. The file goes to ``reports/`` beside the journal, or in
the user data folder, named by the local time: ``shift-20261130-0712.html``.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from .gather import Room, fold_table, gather_journal, rows_of_records, utc_text
from .render import render


def reports_dir(journal_path: Path | None) -> Path:
    if journal_path is not None:
        return Path(journal_path).absolute().parent / "reports"
    from platformdirs import user_data_path

    return user_data_path("floorkill", appauthor=False) / "reports"


def memory_room(sessions) -> Room:
    tz = datetime.now().astimezone().tzinfo
    tables = [fold_table(s.name, s.config, s.players, rows_of_records(s.records(0, len(s))), tz=tz)
              for s in sessions]
    return Room(path="", tables=tables, head_seq=0, head_hash="", start=None, end=None,
                generated=utc_text(datetime.now(timezone.utc)), tz=tz)


def report_for_podium(session, registry=None, lang: str = "en") -> tuple[Path, Room]:
    from floorkill.store.atomic import atomic_write_text

    journal = getattr(session, "journal", None)
    path = getattr(journal, "path", None)
    if path is not None:
        room = gather_journal(path)
    else:
        sessions = ([registry.get(n) for n in registry.names()] if registry is not None
                    else [session])
        room = memory_room(sessions)
    folder = reports_dir(path)
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / f"shift-{datetime.now().strftime('%Y%m%d-%H%M%S')}.html"
    atomic_write_text(out, render(room, lang))
    return out, room

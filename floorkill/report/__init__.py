"""The shift report: the night's tables folded from the journal, as one HTML file.

Textual-free and read-only: :func:`gather_journal` reads through the store's guarded
read-only connection. ``floorkill report --journal J [--from T] [--to T] [--table NAME]…
[--lang ru] [--paper letter] -o report.html`` is :func:`cmd_report`.
"""

from __future__ import annotations

from pathlib import Path

from .gather import Room, TableStats, gather, gather_journal, read_bound
from .render import render

__all__ = ["Room", "TableStats", "gather", "gather_journal", "read_bound", "render", "write_report"]


def write_report(
    journal: str | Path, output, *, tables=(), start=None, end=None, lang="en", paper="a4", tz=None
) -> Room:
    """Gather ``journal`` and write the report to ``output`` atomically; returns the room."""
    from floorkill.store.atomic import atomic_write_text

    room = gather_journal(journal, tables=tables, start=start, end=end, tz=tz)
    atomic_write_text(output, render(room, lang, paper))
    return room


def cmd_report(
    journal: str | Path,
    output,
    *,
    tables=(),
    start=None,
    end=None,
    lang="en",
    paper="a4",
    out=None,
    err=None,
) -> int:
    """``floorkill report``: 0 written; 2 bad input (one line on stderr)."""
    import sys

    from floorkill.i18n import N_, ntr, said, tr
    from floorkill.rules.names import safe_text
    from floorkill.store.errors import JournalError
    from floorkill.system_errors import os_cause

    from .gather import BadTime

    out = out or sys.stdout
    err = err or sys.stderr
    try:
        lo = read_bound(start) if start else None
        hi = read_bound(end) if end else None
        if lo is not None and hi is not None and hi <= lo:
            raise BadTime(N_("--to ({end}) is not after --from ({start})"), end=end, start=start)
        room = write_report(
            journal, output, tables=tables, start=lo, end=hi, lang=lang, paper=paper
        )
    except (BadTime, JournalError) as exc:
        print(safe_text(f"floorkill: {exc.text()}"), file=err)
        return 2
    except OSError as exc:
        print(
            safe_text(
                "floorkill: "
                + tr("{file}: cannot write: {reason}", file=output, reason=said(os_cause(exc)))
            ),
            file=err,
        )
        return 2
    for note in room.notes:
        text = getattr(note, "text", None)
        words = text(lang) if callable(text) else str(note)
        print(safe_text("floorkill: " + tr("warning: {text}", lang, text=words)), file=err)
    hands = room.total("hands")
    kills = room.total("kill_pots")
    print(
        safe_text(
            tr(
                "{file}: {tables}, {hands}, {kills}; seal {seal}",
                lang,
                file=output,
                tables=ntr("{n} table", "{n} tables", len(room.tables), lang),
                hands=ntr("{n} hand", "{n} hands", hands, lang),
                kills=ntr("{n} kill pot", "{n} kill pots", kills, lang),
                seal=room.seal,
            )
        ),
        file=out,
    )
    return 0

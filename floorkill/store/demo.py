"""The demo journal: where the built-in sample table lives when the podium starts with no
table file and an empty real journal. Its recorded events are never written into the
user's real journal; the real journal stays empty until a real table is created.

``$FLOORKILL_DEMO_JOURNAL`` names the file; by default ``demo-journal.db`` in the user data
directory (next to the default ``journal.db``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def demo_journal_path() -> Path:
    from floorkill.settings import current

    return current().demo_journal


def has_tables(path: str | Path) -> bool:
    """Whether the journal file at ``path`` holds any table, read without writing anything.

    A missing or empty file has none; a file that cannot be read as a journal counts as
    having tables, so the podium opens it and says what is wrong with it."""
    path = Path(path)
    if not path.exists() or (path.is_file() and path.stat().st_size == 0):
        return False
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return True
    try:
        row = conn.execute("SELECT count(*) FROM tables").fetchone()
        return bool(row and row[0])
    except sqlite3.Error:
        return True
    finally:
        conn.close()


def use_demo(table_path, journal_path: str | Path) -> Path | None:
    """The demo journal to open instead of ``journal_path``, or None: only with no table file
    and a real journal without tables."""
    if table_path is not None or has_tables(journal_path):
        return None
    demo = demo_journal_path()
    try:
        if demo.resolve() == Path(journal_path).resolve():
            return None
    except OSError:
        return None
    return demo

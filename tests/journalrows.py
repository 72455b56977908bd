"""How many event rows a SQLite journal file holds (0 when there is no file): the tests'
check that a refused command wrote nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def journal_rows(path: str | Path) -> int:
    path = Path(path)
    if not path.exists():
        return 0
    c = sqlite3.connect(path)
    try:
        return c.execute("SELECT count(*) FROM events").fetchone()[0]
    finally:
        c.close()

"""A snapshot edited with the sqlite3 shell, as an attacker (or a bad disk) would: the newest
snapshot of a SQLite journal rewritten to say "hands = 9999, KILL by seat 2" — valid JSON
of a state, but not the state its row records in the hash chain."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from floorkill.store.schema import canonical_json

# the words the podium's notice about a skipped snapshot has in each language
NOTICE_WORDS = [("en", "the snapshot at seq"), ("ru", "снимок состояния на seq")]


def forge_newest_snapshot(path: str | Path) -> tuple[str, int]:
    """(table, seq) of the snapshot rewritten."""
    c = sqlite3.connect(path)
    try:
        row = c.execute(
            "SELECT tbl, seq, state FROM snapshots ORDER BY seq DESC LIMIT 1"
        ).fetchone()
        assert row is not None, "the journal holds no snapshot to tamper with"
        tbl, seq, state = row
        forged = json.loads(state)
        forged["hands"] = 9999
        forged["button"].update({"status": "killed", "seat": 2, "killer": 2})
        c.execute(
            "UPDATE snapshots SET state = ? WHERE tbl = ? AND seq = ?",
            (canonical_json(forged), tbl, seq),
        )
        c.commit()
        return tbl, seq
    finally:
        c.close()


def forge_snapshot(path: str | Path, tbl: str, seq: int) -> None:
    """The snapshot of ``tbl`` at ``seq`` rewritten the same way (any snapshot, not only the
    newest: one a reader meets only later, on an undo or a refold)."""
    c = sqlite3.connect(path)
    try:
        row = c.execute(
            "SELECT state FROM snapshots WHERE tbl = ? AND seq = ?", (tbl, seq)
        ).fetchone()
        assert row is not None, f"no snapshot of {tbl!r} at seq {seq}"
        forged = json.loads(row[0])
        forged["hands"] = 9999
        forged["button"].update({"status": "killed", "seat": 2, "killer": 2})
        c.execute(
            "UPDATE snapshots SET state = ? WHERE tbl = ? AND seq = ?",
            (canonical_json(forged), tbl, seq),
        )
        c.commit()
    finally:
        c.close()

"""The attacker's toolkit of the tampering tests: what one can do to a journal with the
sqlite3 shell and the published hash formula, but without the user's key.

``scene(path)`` builds the journal every tampering test starts from: two tables whose
events interleave, a big-pot hand (pot 120, a leg; 1200 would kill), an undo of a kill,
snapshots every 4 rows, every row MAC'd with ``KEY``.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from storehelp import table_text

from floorkill.rules import load_table_text
from floorkill.store.journal import Journal
from floorkill.store.schema import (
    GENESIS,
    canonical_json,
    chain_seed,
    row_content,
    row_hash,
    seed_point,
)

KEY = bytes(range(32))
ALL_TRIGGERS = (
    "events_no_update",
    "events_no_delete",
    "tables_no_update",
    "tables_no_delete",
    "meta_no_update",
    "meta_no_delete",
)


def big_pot_table(name: str = "Table 12"):
    return load_table_text(
        table_text(name, triggers='["two-pots", "big-pot"]', extra_kill="big_pot_minimum = 1000"),
        f"<{name}>",
    )


def scene(path: Path, key: bytes | None = KEY) -> dict[str, int]:
    """Build the scene; returns gseqs worth naming."""
    at = {}
    with Journal(path, "fp-ann", snapshot_every=4, mac_key=key) as j:
        a = j.create_table(big_pot_table("Table 12"))  # gseq 1
        b = j.create_table(big_pot_table("Table 7"))  # gseq 2
        a.append({"type": "hand", "winner": 1, "pot": 50})  # 3: A#1 leg-up 1
        at["pot120"] = a.append({"type": "hand", "winner": 3, "pot": 120}).gseq  # 4: A#2
        b.append({"type": "hand", "winner": 2, "pot": 40})  # 5: B#1
        at["kill"] = a.append(
            {"type": "hand", "winner": 3, "pot": 300, "qualifies": True}
        ).gseq  # 6: A#3 kill seat 3
        b.append({"type": "hand", "winner": 5, "pot": 40})  # 7: B#2
        at["void"] = a.void(3, "wrong winner").gseq  # 8: A#4 void of A#3
        a.append({"type": "hand", "winner": 4, "pot": 60})  # 9: A#5
        b.append({"type": "hand", "winner": 5, "pot": 80, "qualifies": False})  # 10: B#3
        at["last"] = a.append({"type": "hand", "winner": 6, "pot": 70}).gseq  # 11: A#6
        at["head"] = j.head()[0]
    return at


def head(path: Path) -> str:
    with Journal(path, mac_key=None) as j:
        seq, h = j.head()
    return f"{h}@{seq}"


class Shell:
    """A raw read-write connection with the append-only triggers dropped."""

    def __init__(self, path: Path) -> None:
        self.c = sqlite3.connect(path, isolation_level=None)
        for t in ALL_TRIGGERS:
            self.c.execute(f"DROP TRIGGER IF EXISTS {t}")

    def __call__(self, sql: str, *args):
        return self.c.execute(sql, args)

    def rechain(self) -> None:
        """Recompute every prev_hash/hash from the first row (the published formula, the
        meta seed included). MACs stay as they were: making new ones needs the key."""
        c = self.c
        meta = {k: v for k, v in c.execute("SELECT key, value FROM meta")}
        seed_at = seed_point(meta)
        prev = chain_seed(GENESIS, meta) if seed_at == 0 else GENESIS
        rows = c.execute(
            "SELECT gseq, tbl, seq, type, schema, payload, rules, decisions, "
            "result, hand, who, at, target, state_hash FROM events "
            "ORDER BY gseq"
        ).fetchall()
        for r in rows:
            h = row_hash(prev, row_content(*r[:13], r[13]))
            c.execute("UPDATE events SET prev_hash = ?, hash = ? WHERE gseq = ?", (prev, h, r[0]))
            prev = chain_seed(h, meta) if r[0] == seed_at else h

    def renumber(self) -> None:
        """Close the gaps in gseq and in every table's seq (void targets follow their row)."""
        c = self.c
        rows = c.execute("SELECT gseq, tbl, seq FROM events ORDER BY gseq").fetchall()
        off = 1_000_000
        c.execute("UPDATE events SET gseq = gseq + ?, seq = seq + ?", (off, off))
        new_seq: dict[str, dict[int, int]] = {}
        for g, (old_g, tbl, seq) in enumerate(rows, start=1):
            m = new_seq.setdefault(tbl, {})
            m[seq] = len(m)
            c.execute(
                "UPDATE events SET gseq = ?, seq = ? WHERE gseq = ?", (g, m[seq], old_g + off)
            )
        for gseq, tbl, payload, target in c.execute(
            "SELECT gseq, tbl, payload, target FROM events WHERE target IS NOT NULL"
        ).fetchall():
            new = new_seq[tbl].get(target, target)
            data = json.loads(payload)
            data["target"] = new
            c.execute(
                "UPDATE events SET target = ?, payload = ? WHERE gseq = ?",
                (new, canonical_json(data), gseq),
            )

    def close(self) -> None:
        self.c.close()


def edit_one(sh: Shell, gseq: int, column: str) -> None:
    """Change one value of one row: a number by one, a text by its last character, a
    NULL to something."""
    value = sh(f"SELECT {column} FROM events WHERE gseq = ?", gseq).fetchone()[0]
    if value is None:
        new = 1 if column in ("target",) else "x"
    elif isinstance(value, int):
        new = value + 1
    else:
        new = value[:-1] + ("0" if value[-1:] != "0" else "1")  # one character changed
    sh(f"UPDATE events SET {column} = ? WHERE gseq = ?", new, gseq)

"""The journal's SQLite schema, canonical JSON and the hash chain.

One file holds many tables. ``tables`` has one row per table (its name, the TOML text
of its config and initial players, when and by whom it was created). ``events`` is the
append-only journal of every table: a global sequence ``gseq`` (the order of the hash
chain), the table, a per-table sequence ``seq`` (0 is the table's creation row, whose
payload carries the TOML text, so the chain covers the config too; 1.. are events and
voids), the event type, the event schema version, the canonical payload, the rules
version, the decisions the model made, the hand result, the hand count after the row,
who entered it, the UTC time, the void target (void rows only), and ``prev_hash`` /
``hash``: ``hash = sha256(prev_hash + "\\n" + canonical JSON of the row's content)``.

Triggers forbid UPDATE and DELETE on ``events`` and ``tables``. ``snapshots`` and
``obligations`` are caches (rebuilt from ``events`` when missing or stale).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

SCHEMA_VERSION = 1          # the database layout (meta 'schema')
EVENT_SCHEMA = 1            # the shape of stored payloads (events.schema)
GENESIS = "0" * 64          # prev_hash of the first row
CREATE_TYPE = "create"      # type of a table's seq-0 row
VOID_TYPE = "void"

DDL = """
CREATE TABLE IF NOT EXISTS meta(
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tables(
    name     TEXT PRIMARY KEY,
    name_key TEXT NOT NULL UNIQUE,
    toml     TEXT NOT NULL,
    created  TEXT NOT NULL,
    who      TEXT
);
CREATE TABLE IF NOT EXISTS events(
    gseq      INTEGER PRIMARY KEY,
    tbl       TEXT NOT NULL REFERENCES tables(name),
    seq       INTEGER NOT NULL CHECK (seq >= 0),
    type      TEXT NOT NULL,
    schema    INTEGER NOT NULL,
    payload   TEXT NOT NULL,
    rules     TEXT NOT NULL,
    decisions TEXT NOT NULL,
    result    TEXT,
    hand      INTEGER NOT NULL,
    who       TEXT,
    at        TEXT NOT NULL,
    target    INTEGER,
    prev_hash TEXT NOT NULL,
    hash      TEXT NOT NULL,
    UNIQUE (tbl, seq)
);
CREATE INDEX IF NOT EXISTS events_void ON events(tbl, target) WHERE target IS NOT NULL;
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'journal events are append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'journal events are append-only'); END;
CREATE TRIGGER IF NOT EXISTS tables_no_update BEFORE UPDATE ON tables
BEGIN SELECT RAISE(ABORT, 'journal tables are append-only'); END;
CREATE TRIGGER IF NOT EXISTS tables_no_delete BEFORE DELETE ON tables
BEGIN SELECT RAISE(ABORT, 'journal tables are append-only'); END;
CREATE TABLE IF NOT EXISTS snapshots(
    tbl   TEXT NOT NULL,
    seq   INTEGER NOT NULL,
    rules TEXT NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (tbl, seq)
);
CREATE TABLE IF NOT EXISTS obligations(
    tbl    TEXT PRIMARY KEY,
    seq    INTEGER NOT NULL,
    barred TEXT NOT NULL
) WITHOUT ROWID;
"""

TRIGGERS = ("events_no_update", "events_no_delete", "tables_no_update", "tables_no_delete")

EVENT_COLUMNS = ("gseq", "tbl", "seq", "type", "schema", "payload", "rules", "decisions",
                 "result", "hand", "who", "at", "target", "prev_hash", "hash")
INSERT_EVENT = (f"INSERT INTO events({', '.join(EVENT_COLUMNS)}) "
                f"VALUES ({', '.join('?' * len(EVENT_COLUMNS))})")


def canonical_json(value: Any) -> str:
    """Sorted keys, no spaces, UTF-8 text: the same value always gives the same string."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def row_content(gseq: int, tbl: str, seq: int, type_: str, schema: int, payload: str,
                rules: str, decisions: str, result: str | None, hand: int, who: str | None,
                at: str, target: int | None) -> str:
    """The canonical JSON of a row's own content (stored text columns taken byte for byte)."""
    return canonical_json({
        "gseq": gseq, "table": tbl, "seq": seq, "type": type_, "schema": schema,
        "payload": payload, "rules": rules, "decisions": decisions, "result": result,
        "hand": hand, "who": who, "at": at, "target": target,
    })


def row_hash(prev_hash: str, content: str) -> str:
    return hashlib.sha256((prev_hash + "\n" + content).encode("utf-8")).hexdigest()


def make_row(prev_hash: str, gseq: int, tbl: str, seq: int, type_: str, payload: str,
             rules: str, decisions: str, result: str | None, hand: int, who: str | None,
             at: str, target: int | None, schema: int = EVENT_SCHEMA) -> tuple:
    """A full ``events`` row (in EVENT_COLUMNS order) with its hash."""
    h = row_hash(prev_hash, row_content(gseq, tbl, seq, type_, schema, payload, rules,
                                        decisions, result, hand, who, at, target))
    return (gseq, tbl, seq, type_, schema, payload, rules, decisions, result, hand, who, at,
            target, prev_hash, h)

"""Reading a journal: shared by the writer (journal.py) and the viewers (readonly.py).

Everything here only SELECTs, so it works through the read-only connection and its
deny-by-default authorizer.

Snapshot rule: a snapshot at ``seq = s`` is the state after every live row with
``seq <= s``. A void written later whose target is ``<= s`` makes it stale; stale
snapshots are skipped (the writer also deletes them when it writes the void).
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any, Iterable

import floorkill
from floorkill.rules import TableConfig, TableState, apply, initial_state, load_table_text
from floorkill.rules.config import PlayerSpec
from floorkill.store.errors import UnknownTable
from floorkill.store.schema import CREATE_TYPE, VOID_TYPE
from floorkill.store.session import Record, decision_from_json, fold_records
from floorkill.store.snapshot import state_from_dict

RECORD_SELECT = (
    "SELECT e.gseq, e.seq, e.type, e.payload, e.decisions, e.result, e.hand, e.who, e.at, "
    "EXISTS (SELECT 1 FROM events v WHERE v.tbl = e.tbl AND v.target = e.seq) "
    "FROM events e ")


def find_table(conn: sqlite3.Connection, name: str) -> tuple[str, str]:
    """(stored name, toml text) of a table, by exact or case-insensitive name."""
    row = conn.execute("SELECT name, toml FROM tables WHERE name = ?", (name,)).fetchone()
    if row is None:
        row = conn.execute("SELECT name, toml FROM tables WHERE name_key = ?",
                           (name.casefold(),)).fetchone()
    if row is None:
        names = [r[0] for r in conn.execute("SELECT name FROM tables ORDER BY rowid")]
        known = ", ".join(repr(n) for n in names) if names else "none"
        raise UnknownTable(f"no table {name!r} in the journal (tables: {known})")
    return row[0], row[1]


def table_names(conn: sqlite3.Connection) -> list[str]:
    return [r[0] for r in conn.execute("SELECT name FROM tables ORDER BY rowid")]


def parse_table_toml(name: str, text: str) -> tuple[TableConfig, tuple[PlayerSpec, ...]]:
    tf = load_table_text(text, f"<journal table {name!r}>")
    return tf.config, tf.players


def max_seq(conn: sqlite3.Connection, tbl: str) -> int:
    return conn.execute("SELECT coalesce(max(seq), 0) FROM events WHERE tbl = ?",
                        (tbl,)).fetchone()[0]


def row_to_record(row: tuple) -> Record:
    gseq, seq, type_, payload, decisions, result, hand, who, at, voided = row
    res = None
    if result is not None:
        r = json.loads(result)
        res = (tuple(r["high"]), tuple(r["low"]), r["scoop"])
    return Record(seq=seq, type=type_, event=json.loads(payload),
                  decisions=tuple(decision_from_json(d) for d in json.loads(decisions)),
                  result=res, hand=hand, who=who, at=at, voided=bool(voided), gseq=gseq)


def read_records(conn: sqlite3.Connection, tbl: str, length: int, start: int = 0,
                 stop: int | None = None) -> list[Record]:
    """Records by 0-based index with slice semantics (negative indexes count from the end);
    one paged query, cheap for the last N of any history."""
    a, b, _ = slice(start, stop).indices(length)
    if b <= a:
        return []
    rows = conn.execute(RECORD_SELECT + "WHERE e.tbl = ? AND e.seq > ? AND e.seq <= ? "
                        "ORDER BY e.seq", (tbl, a, b)).fetchall()
    return [row_to_record(r) for r in rows]


def last_undoable(conn: sqlite3.Connection, tbl: str, upto: int) -> Record | None:
    row = conn.execute(
        RECORD_SELECT + "WHERE e.tbl = ? AND e.seq > 0 AND e.seq <= ? AND e.type != ? "
        "AND NOT EXISTS (SELECT 1 FROM events v WHERE v.tbl = e.tbl AND v.target = e.seq) "
        "ORDER BY e.seq DESC LIMIT 1", (tbl, upto, VOID_TYPE)).fetchone()
    return None if row is None else row_to_record(row)


def live_events(conn: sqlite3.Connection, tbl: str, after: int = 0, upto: int | None = None,
                exclude: Iterable[int] = ()) -> list[dict[str, Any]]:
    """Payloads of the rows ``after < seq <= upto`` that no void (anywhere) names."""
    upto = max_seq(conn, tbl) if upto is None else upto
    voided = {r[0] for r in conn.execute(
        "SELECT target FROM events WHERE tbl = ? AND target IS NOT NULL AND target > ? "
        "AND seq <= ?", (tbl, after, upto))}
    voided.update(exclude)
    out = []
    for seq, type_, payload in conn.execute(
            "SELECT seq, type, payload FROM events WHERE tbl = ? AND seq > ? AND seq <= ? "
            "ORDER BY seq", (tbl, after, upto)):
        if seq == 0 or type_ in (VOID_TYPE, CREATE_TYPE) or seq in voided:
            continue
        out.append(json.loads(payload))
    return out


def best_snapshot(conn: sqlite3.Connection, tbl: str, config: TableConfig, upto: int,
                  before: int | None = None) -> tuple[TableState, int] | None:
    """The newest usable snapshot at ``seq <= upto`` (and ``< before``), or None."""
    limit = upto if before is None else min(upto, before - 1)
    for seq, state_json in conn.execute(
            "SELECT seq, state FROM snapshots WHERE tbl = ? AND seq <= ? AND rules = ? "
            "ORDER BY seq DESC", (tbl, limit, floorkill.RULES_VERSION)).fetchall():
        stale = conn.execute(
            "SELECT 1 FROM events WHERE tbl = ? AND target IS NOT NULL AND target <= ? "
            "AND seq > ? AND seq <= ? LIMIT 1", (tbl, seq, seq, upto)).fetchone()
        if stale is not None:
            continue
        try:
            return state_from_dict(config, json.loads(state_json)), seq
        except (ValueError, KeyError, TypeError):
            continue                      # an unreadable cache entry: fall back further
    return None


def load_state(conn: sqlite3.Connection, tbl: str, config: TableConfig,
               players: tuple[PlayerSpec, ...], upto: int | None = None,
               exclude: Iterable[int] = ()) -> tuple[TableState, int]:
    """(state, seq) of a table at ``upto`` (default: its last row): the newest valid snapshot
    plus the live tail. ``exclude`` names rows to fold as if voided (a void being checked);
    raises Refusal if a live row no longer applies."""
    exclude = tuple(exclude)
    upto = max_seq(conn, tbl) if upto is None else upto
    snap = best_snapshot(conn, tbl, config, upto, before=min(exclude) if exclude else None)
    if snap is None:
        base, after = initial_state(config, players), 0
    else:
        base, after = snap
    return fold_records(config, players, live_events(conn, tbl, after, upto, exclude), base), upto


def barred_of(state: TableState) -> list[list[Any]]:
    """A state's owed kills as stored in the obligations cache."""
    return [[o.player, o.owes, o.mode] for o in state.barred]



def void_rows(conn: sqlite3.Connection, tbl: str) -> list[tuple[int, int]]:
    """(seq, target) of every void row of a table."""
    return conn.execute("SELECT seq, target FROM events WHERE tbl = ? AND target IS NOT NULL",
                        (tbl,)).fetchall()


def snapshot_is_valid(voids: list[tuple[int, int]], seq: int) -> bool:
    """A snapshot at ``seq`` is valid unless a void written after it names a row ``<= seq``."""
    return not any(v > seq and t <= seq for v, t in voids)


def replay_table(conn: sqlite3.Connection, tbl: str, config: TableConfig,
                 players: tuple[PlayerSpec, ...], voids: list[tuple[int, int]]):
    """Fold a whole table from its first row, ignoring every snapshot; yield ``(seq, state)``
    after each row, voided rows skipped wherever their void sits. At a seq where a snapshot is
    valid, this is exactly the state the snapshot must hold. Raises Refusal if a live row
    does not apply."""
    voided = {t for _, t in voids}
    state = initial_state(config, players)
    rows = conn.execute("SELECT seq, type, payload FROM events WHERE tbl = ? AND seq > 0 "
                        "ORDER BY seq", (tbl,)).fetchall()
    for seq, type_, payload in rows:
        if type_ != VOID_TYPE and seq not in voided:
            state = apply(state, json.loads(payload)).state
        yield seq, state

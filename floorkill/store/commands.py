"""`floorkill import`, `export` and `verify` (spec section 9).

Each returns an exit code: 0 done; 2 bad input (one line on stderr, no traceback) or, for
import, when some event was refused (each refusal is printed with its clause);
1 from verify when the journal is not whole (every broken row is named).
"""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path
from typing import Any, TextIO

from floorkill.rules import ConfigError, load_table_file
from floorkill.rules.config import table_file_to_dict
from floorkill.rules.decisions import Refusal
from floorkill.rules.names import safe_text
from floorkill.store import reading
from floorkill.store.errors import ConfigMismatch, JournalError
from floorkill.store.schema import (CREATE_TYPE, GENESIS, TRIGGERS, VOID_TYPE, row_content,
                                    row_hash)
from floorkill.store.session import Record, fold_records

MAX_PROBLEMS = 50


def _fail(message: str, err: TextIO | None = None) -> int:
    print(f"floorkill: {safe_text(message)}", file=err or sys.stderr)
    return 2


def record_line(table: str, rec: Record) -> str:
    """`Table 12 #3 hand: leg-up seat 4 [rrop-13.3]`"""
    parts = []
    for d in rec.decisions:
        text = d.code + (f" seat {d.seat}" if d.seat is not None else "")
        if d.cites:
            text += f" [{', '.join(d.cites)}]"
        parts.append(text)
    return safe_text(f"{table} #{rec.seq} {rec.type}: " + ("; ".join(parts) or "recorded"))


# ---------------------------------------------------------------------------
# import

def cmd_import(file: str | Path, journal_path: str | Path, floorperson: str | None = None,
               out: TextIO | None = None, err: TextIO | None = None) -> int:
    from floorkill.store.journal import Journal

    out = out or sys.stdout
    err = err or sys.stderr
    try:
        tf = load_table_file(file)
    except ConfigError as exc:
        return _fail(str(exc), err)
    try:
        journal = Journal(journal_path, floorperson)
    except JournalError as exc:
        return _fail(str(exc), err)
    refused = 0
    try:
        try:
            session, created = journal.open_or_create(tf)
        except ConfigMismatch as exc:
            return _fail(f"{file}: {exc}", err)
        if created:
            print(safe_text(f"{session.name}: new table in {journal_path}"), file=out)
        lines = tf.event_lines
        for index, raw in enumerate(tf.events, start=1):
            try:
                rec = session.append(raw)
            except Refusal as refusal:
                refused += 1
                line = lines[index - 1] if index - 1 < len(lines) else None
                where = f"{file}:{line}" if line else str(file)
                etype = raw.get("type") if isinstance(raw, dict) else None
                cites = f" [{', '.join(refusal.cites)}]" if refusal.cites else ""
                print(safe_text(f"floorkill: {where}: event {index} ({etype}) refused: "
                                f"{refusal.text('en')}{cites}"), file=err)
                continue
            print(record_line(session.name, rec), file=out)
            out.flush()
    except (JournalError, ConfigError) as exc:
        return _fail(str(exc), err)
    finally:
        journal.close()
    if refused:
        print(f"floorkill: {refused} event(s) refused and not written", file=err)
        return 2
    return 0


# ---------------------------------------------------------------------------
# export

def export_doc(journal_path: str | Path, table: str) -> tuple[str, dict[str, Any], Any]:
    """(stored name, the table file as a dict, the journal's state) of a journal table."""
    from floorkill.store.readonly import ReadOnlyJournal

    with ReadOnlyJournal(journal_path) as ro:
        session = ro.open_table(table)
        events = ro._run(lambda c: reading.live_events(c, session.name, 0, session.seq))
    return session.name, table_file_to_dict(session.config, session.players, events), session


def cmd_export(journal_path: str | Path, table: str, output: str | Path | None = None,
               out: TextIO | None = None, err: TextIO | None = None) -> int:
    import tomli_w

    from floorkill.rules import load_table_text
    from floorkill.store.atomic import write_toml

    out = out or sys.stdout
    err = err or sys.stderr
    if not Path(journal_path).exists():
        return _fail(f"{journal_path}: no journal there", err)
    try:
        name, doc, session = export_doc(journal_path, table)
    except (JournalError, ConfigError) as exc:
        return _fail(str(exc), err)
    text = tomli_w.dumps(doc)
    # The promise: `floorkill replay` of this file reproduces the journal's table.
    tf = load_table_text(text, "<export>")
    try:
        replayed = fold_records(tf.config, tf.players, tf.events)
    except Refusal as exc:
        return _fail(f"table {name!r}: exported events do not replay: {exc}", err)
    if replayed != session.state:
        return _fail(f"table {name!r}: exported events do not reproduce the journal's state", err)
    if output is None:
        out.write(text)
        out.flush()
        return 0
    try:
        write_toml(output, doc)
    except OSError as exc:
        return _fail(f"{output}: cannot write: {exc.strerror or exc}", err)
    print(safe_text(f"{name}: {len(doc.get('events', []))} events written to {output}"), file=out)
    return 0


# ---------------------------------------------------------------------------
# verify

def _where(gseq: int, tbl: str, seq: int) -> str:
    return f"row gseq {gseq} (table {tbl!r}, seq {seq})"


def verify_journal(journal_path: str | Path) -> tuple[list[str], list[str], dict[str, int]]:
    """(problems, warnings, counts). Raises JournalError when the file is no journal."""
    import urllib.parse

    path = Path(journal_path)
    if not path.exists():
        raise JournalError(f"{path}: no journal there")
    if not path.is_file():
        raise JournalError(f"{path}: not a file")
    uri = "file:" + urllib.parse.quote(str(path.absolute())) + "?mode=ro"
    problems: list[str] = []
    warnings: list[str] = []
    try:
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=5.0)
    except sqlite3.Error as exc:
        raise JournalError(f"{path}: cannot open: {exc}") from None
    try:
        conn.execute("PRAGMA query_only = ON")
        try:
            conn.execute("BEGIN")                 # one read snapshot while a writer goes on
            integrity = [r[0] for r in conn.execute("PRAGMA integrity_check")]
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"{path}: not a floorkill journal ({exc})") from None
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not {"meta", "tables", "events"} <= names:
            raise JournalError(f"{path}: not a floorkill journal (no journal tables)")
        if integrity != ["ok"]:
            problems.extend(f"integrity_check: {line}" for line in integrity[:MAX_PROBLEMS])
        triggers = {r[0] for r in conn.execute("SELECT name FROM sqlite_master "
                                               "WHERE type='trigger'")}
        missing = [t for t in TRIGGERS if t not in triggers]
        if missing:
            warnings.append(f"append-only triggers missing: {', '.join(missing)}")
        tables = {name: toml for name, toml in conn.execute("SELECT name, toml FROM tables")}
        problems.extend(_check_chain(conn, tables))
        counts = {"tables": len(tables),
                  "rows": conn.execute("SELECT count(*) FROM events").fetchone()[0]}
        if not problems:
            problems.extend(_check_folds(conn, tables))
        head = conn.execute("SELECT hash FROM events ORDER BY gseq DESC LIMIT 1").fetchone()
        counts["head"] = head[0] if head else GENESIS  # type: ignore[assignment]
    except sqlite3.Error as exc:
        raise JournalError(f"{path}: cannot read: {exc}") from None
    finally:
        conn.close()
    return problems, warnings, counts


def _check_chain(conn: sqlite3.Connection, tables: dict[str, str]) -> list[str]:
    problems: list[str] = []
    prev_hash = GENESIS
    expect_gseq = 1
    last_seq: dict[str, int] = {}
    kinds: dict[tuple[str, int], tuple[str, bool]] = {}      # (tbl, seq) -> (type, voided)
    for row in conn.execute(
            "SELECT gseq, tbl, seq, type, schema, payload, rules, decisions, result, hand, "
            "who, at, target, prev_hash, hash FROM events ORDER BY gseq"):
        (gseq, tbl, seq, type_, schema, payload, rules, decisions, result, hand, who, at,
         target, stored_prev, stored_hash) = row
        where = _where(gseq, tbl, seq)
        if gseq != expect_gseq:
            problems.append(f"{where}: global sequence jumps from {expect_gseq - 1} to {gseq}")
        expect_gseq = gseq + 1
        if stored_prev != prev_hash:
            problems.append(f"{where}: prev_hash does not match the previous row's hash "
                            "(a row was changed, removed or inserted before it)")
        try:
            content = row_content(gseq, tbl, seq, type_, schema, payload, rules, decisions,
                                  result, hand, who, at, target)
            if row_hash(stored_prev, content) != stored_hash:
                problems.append(f"{where}: hash does not match the row's content "
                                "(the row was changed)")
        except (TypeError, ValueError) as exc:
            problems.append(f"{where}: unreadable row: {exc}")
        prev_hash = stored_hash
        expected = last_seq.get(tbl, -1) + 1
        if seq != expected:
            problems.append(f"{where}: per-table sequence jumps from {expected - 1} to {seq}")
        last_seq[tbl] = max(seq, last_seq.get(tbl, -1))
        try:
            data = json.loads(payload)
            json.loads(decisions)
            if result is not None:
                json.loads(result)
        except (TypeError, ValueError):
            problems.append(f"{where}: payload, decisions or result is not valid JSON")
            continue
        if not isinstance(data, dict) or data.get("type") != type_:
            problems.append(f"{where}: payload type does not match the row type {type_!r}")
            continue
        if tbl not in tables:
            problems.append(f"{where}: no table {tbl!r} in the tables list")
        if seq == 0:
            if type_ != CREATE_TYPE:
                problems.append(f"{where}: first row of a table is not its creation")
            elif tables.get(tbl) != data.get("toml"):
                problems.append(f"{where}: the table's config differs from the one recorded "
                                "when it was created")
        elif type_ == CREATE_TYPE:
            problems.append(f"{where}: a second creation row")
        elif type_ == VOID_TYPE:
            aim = kinds.get((tbl, target))
            if target != data.get("target") or aim is None or aim[0] == VOID_TYPE or aim[1]:
                problems.append(f"{where}: void names no live event ({target!r})")
            else:
                kinds[(tbl, target)] = (aim[0], True)
        kinds[(tbl, seq)] = (type_, False)
        if len(problems) > MAX_PROBLEMS:
            break
    for tbl in tables:
        if tbl not in last_seq:
            problems.append(f"table {tbl!r}: no creation row in the chain")
    return problems


def _check_folds(conn: sqlite3.Connection, tables: dict[str, str]) -> list[str]:
    """Every table's live events replay, and the caches agree with them: each snapshot a
    reader would use equals the state the events give at its seq, and the obligations row
    (what other tables are told about barred players) equals the table's owed kills."""
    import floorkill
    from floorkill.rules import initial_state
    from floorkill.store.snapshot import state_from_dict

    problems = []
    for name, text in tables.items():
        try:
            cfg, players = reading.parse_table_toml(name, text)
        except ConfigError as exc:
            problems.append(f"table {name!r}: config does not load: {exc}")
            continue
        snaps = dict(conn.execute("SELECT seq, state FROM snapshots WHERE tbl = ? AND rules = ?",
                                  (name, floorkill.RULES_VERSION)))
        voids = reading.void_rows(conn, name)
        seq, state = 0, initial_state(cfg, players)
        try:
            for seq, state in reading.replay_table(conn, name, cfg, players, voids):
                if seq in snaps and reading.snapshot_is_valid(voids, seq):
                    try:
                        same = state_from_dict(cfg, json.loads(snaps[seq])) == state
                    except (ValueError, KeyError, TypeError):
                        same = False
                    if not same:
                        problems.append(f"table {name!r}: the snapshot at seq {seq} differs "
                                        "from what the events give (a changed cache; "
                                        "Journal.rebuild_caches() rewrites it)")
        except Refusal as exc:
            problems.append(f"table {name!r}: live events do not replay after seq {seq}: {exc}")
            continue
        row = conn.execute("SELECT seq, barred FROM obligations WHERE tbl = ?", (name,)).fetchone()
        if row is not None and row[0] == seq and json.loads(row[1]) != reading.barred_of(state):
            problems.append(f"table {name!r}: the obligations cache differs from the table's "
                            "owed kills (Journal.rebuild_caches() rewrites it)")
    return problems


def cmd_verify(journal_path: str | Path, out: TextIO | None = None,
               err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        problems, warnings, counts = verify_journal(journal_path)
    except JournalError as exc:
        return _fail(str(exc), err)
    for w in warnings:
        print(f"floorkill: warning: {w}", file=err)
    if problems:
        for p in problems[:MAX_PROBLEMS]:
            print(safe_text(p), file=out)
        print(f"floorkill: {journal_path}: journal NOT whole ({len(problems)} problem(s))",
              file=err)
        return 1
    print(f"{journal_path}: ok — integrity_check ok, hash chain whole: {counts['rows']} rows, "
          f"{counts['tables']} table(s), head {str(counts['head'])[:16]}", file=out)
    return 0

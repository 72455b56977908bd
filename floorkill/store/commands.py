"""`floorkill import`, `export` and `verify` (spec section 9).

Each returns an exit code: 0 done; 2 bad input (one line on stderr, no traceback) or, for
import, when some event was refused (each refusal is printed with its clause);
1 from verify when the journal is not whole (every broken row is named).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, TextIO

from floorkill.i18n import get_lang, ntr, tr
from floorkill.rules import ConfigError, load_table_file
from floorkill.rules.config import table_file_to_dict
from floorkill.rules.decisions import Refusal
from floorkill.rules.names import safe_text
from floorkill.store import reading
from floorkill.store.errors import ConfigMismatch, JournalError
from floorkill.store.session import Record, fold_records

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
            print(safe_text(tr("{table}: new table in {journal}", table=session.name,
                                journal=journal_path)), file=out)
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
                print(safe_text("floorkill: " + tr("{where}: event {index} ({type}) refused: "
                                                   "{reason}", where=where, index=index,
                                                   type=etype, reason=refusal.text(get_lang()))
                                + cites), file=err)
                continue
            print(record_line(session.name, rec), file=out)
            out.flush()
    except (JournalError, ConfigError) as exc:
        return _fail(str(exc), err)
    finally:
        journal.close()
    if refused:
        print("floorkill: " + ntr("{n} event refused and not written",
                                  "{n} events refused and not written", refused), file=err)
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
        return _fail(tr("{journal}: no journal there", journal=journal_path), err)
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
        return _fail(tr("table {name}: exported events do not replay: {reason}", name=repr(name),
                        reason=exc), err)
    if replayed != session.state:
        return _fail(tr("table {name}: exported events do not reproduce the journal's state",
                        name=repr(name)), err)
    if output is None:
        out.write(text)
        out.flush()
        return 0
    try:
        write_toml(output, doc)
    except OSError as exc:
        return _fail(tr("{file}: cannot write: {reason}", file=output,
                        reason=exc.strerror or exc), err)
    n = len(doc.get("events", []))
    print(safe_text(ntr("{table}: {n} event written to {file}",
                        "{table}: {n} events written to {file}", n, table=name, file=output)),
          file=out)
    return 0


# ---------------------------------------------------------------------------
# verify (the checks themselves: floorkill.store.audit)

def verify_journal(journal_path: str | Path, *, key: bytes | None = None,
                   anchor: tuple[int, str] | None = None
                   ) -> tuple[list[str], list[str], dict[str, Any]]:
    """(problems, warnings, counts). Raises JournalError when the file is no journal."""
    from floorkill.store.audit import verify_sqlite

    result, _ = verify_sqlite(journal_path, key=key, anchor=anchor)
    counts = {"tables": result.tables, "rows": result.rows, "head": result.head[1],
              "head_seq": result.head[0], "schema": result.schema, "macs": result.macs}
    return result.problems, result.warnings, counts


def cmd_verify(journal_path: str | Path, anchor: str | None = None,
               key_file: str | Path | None = None, no_key: bool = False,
               out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Exit 0 only if the journal is whole; 1 naming each broken row; 2 on bad input.
    The user's key (keys.key_path()) is used when it exists, unless ``no_key``."""
    from floorkill.store import keys
    from floorkill.store.audit import MAX_PROBLEMS
    from floorkill.store.schema import format_anchor, parse_anchor

    out = out or sys.stdout
    err = err or sys.stderr
    try:
        parsed = None if anchor is None else parse_anchor(anchor)
    except ValueError as exc:
        return _fail(f"--head: {exc}", err)
    try:
        key = None if no_key else (keys.read_key(key_file) if key_file is not None
                                   else keys.load_key())
        problems, warnings, counts = verify_journal(journal_path, key=key, anchor=parsed)
    except JournalError as exc:
        return _fail(str(exc), err)
    for w in warnings:
        print(safe_text("floorkill: " + tr("warning: {text}", text=w)), file=err)
    if problems:
        for p in problems[:MAX_PROBLEMS]:
            print(safe_text(p), file=out)
        more = tr(" (the first ones)") if len(problems) > MAX_PROBLEMS else ""
        print("floorkill: " + ntr("{journal}: journal NOT whole ({n} problem{more})",
                                  "{journal}: journal NOT whole ({n} problems{more})",
                                  len(problems), journal=journal_path, more=more), file=err)
        return 1
    guards = [tr("every table replayed through the rules")]
    if key is not None:
        guards.append(tr("every MAC checked"))
    if parsed is not None:
        guards.append(tr("anchor @{seq} matches", seq=parsed[0]))
    print(tr("{journal}: ok — integrity_check ok, hash chain whole: {rows}, {tables}, "
             "{guards}; head {head}", journal=journal_path,
             rows=ntr("{n} row", "{n} rows", counts["rows"]),
             tables=ntr("{n} table", "{n} tables", counts["tables"]),
             guards=", ".join(guards),
             head=format_anchor(counts["head_seq"], counts["head"])), file=out)
    return 0


def cmd_head(journal_path: str | Path, out: TextIO | None = None,
             err: TextIO | None = None) -> int:
    """Print the chain head ``HASH@SEQ`` (read-only; works on read-only media)."""
    from floorkill.store.readonly import ReadOnlyJournal
    from floorkill.store.schema import format_anchor

    out = out or sys.stdout
    err = err or sys.stderr
    if not Path(journal_path).exists():
        return _fail(tr("{journal}: no journal there", journal=journal_path), err)
    try:
        with ReadOnlyJournal(journal_path) as ro:
            seq, hash_ = ro.head()
            notice = ro.notice
    except JournalError as exc:
        return _fail(str(exc), err)
    if notice:
        print(safe_text("floorkill: " + tr("note: {text}", text=notice)), file=err)
    print(format_anchor(seq, hash_), file=out)
    return 0


def cmd_key(new: bool = False, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Show (or with ``new`` create) the key that MACs every row this user writes."""
    from floorkill.store import keys

    out = out or sys.stdout
    err = err or sys.stderr
    path = keys.key_path()
    try:
        if new:
            keys.create_key(path)
        key = keys.load_key(path)
    except JournalError as exc:
        return _fail(str(exc), err)
    if key is None:
        print(safe_text(tr("no key at {path} (floorkill key --new makes one; without it rows "
                           "carry no MAC)", path=path)), file=out)
        return 1
    print(safe_text(tr("{path}: key {id} (every row written by this user is MAC'd with it; "
                       "keep a copy away from the journal)", path=path, id=keys.key_id(key))),
          file=out)
    return 0

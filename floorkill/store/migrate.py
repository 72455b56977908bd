"""`floorkill migrate --from journal.db --to postgresql://…`: copy a journal, verified.

1. The source is verified (hash chain, sequences, folds); a source that is not whole is
   not copied.
2. Its ``tables`` and ``events`` rows are read in one consistent read and written to the
   target, which must be empty, in ONE transaction: every column byte for byte, so every
   hash, ``gseq`` and ``seq`` is the same on both sides.
3. The target's caches (snapshots, obligations) are rebuilt from its events, and the
   target is verified; its head hash and row count must equal the source's.

Either side may be a file or a ``postgresql://`` URL (so a room can also go back to a
file, or copy between servers). Exit codes: 0 copied, 2 bad input / refused, 1 the copy
does not verify (then it is left in place for inspection and said so).
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from floorkill.i18n import NPhrase, Phrase, tr
from floorkill.rules.names import safe_text
from floorkill.store import reading
from floorkill.store.backend import is_url, location_text, open_journal
from floorkill.store.commands import verify_journal
from floorkill.store.errors import JournalError
from floorkill.store.schema import (
    DDL,
    EVENT_COLUMNS,
    INSERT_EVENT,
    META_TRIGGERS_DDL,
    SCHEMA_VERSION,
)
from floorkill.system_errors import sqlite_cause

if TYPE_CHECKING:
    from floorkill.store.journal_core import CoreJournal

TABLE_COLUMNS = ("name", "name_key", "toml", "created", "who")
BATCH = 2000


def _fail(message: str, err: TextIO) -> int:
    print(f"floorkill: {safe_text(message)}", file=err)
    return 2


Rows = tuple[dict[str, str], list[tuple], list[tuple], tuple[int, str]]


def _read(c) -> Rows:
    meta = reading.read_meta(c)
    tables = c.execute(f"SELECT {', '.join(TABLE_COLUMNS)} FROM tables ORDER BY rowid").fetchall()
    events = [
        tuple(row)
        for row in c.execute(
            f"SELECT {', '.join(EVENT_COLUMNS)} FROM events ORDER BY gseq"
        ).fetchall()
    ]
    return meta, [tuple(table) for table in tables], events, reading.chain_head(c, meta)


def read_rows(source: str | Path) -> Rows:
    """(meta, tables rows, events rows, chain head) of a journal, in creation / gseq order,
    from one consistent read."""
    if is_url(source):
        import psycopg

        from floorkill.store.pg import PgConn, connect, pg_error

        raw = connect(str(source), readonly=True)
        try:
            with raw.transaction():
                raw.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                return _read(PgConn(raw))
        except psycopg.Error as exc:
            raise pg_error(location_text(source), exc) from None
        finally:
            raw.close()
    import urllib.parse

    uri = "file:" + urllib.parse.quote(str(Path(source).absolute())) + "?mode=ro"
    try:
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=5.0)
        try:
            conn.execute("BEGIN")
            return _read(conn)
        finally:
            conn.close()
    except sqlite3.Error as exc:
        raise JournalError(
            Phrase("{path}: cannot read: {error}", path=str(source), error=sqlite_cause(exc))
        ) from None


def _write_rows(
    journal: CoreJournal, meta: dict[str, str], tables: list[tuple], events: list[tuple]
) -> None:
    """Insert the rows into an empty journal made with the source's meta (the chain's seed
    mixes the meta in: it must be the same), in one transaction."""
    with journal._read() as conn:
        _refuse_nonempty(conn, journal.location)
    if journal.meta != meta:
        raise JournalError(
            Phrase(
                "{where}: an empty journal of its own is already there (another id); migrate "
                "copies into an empty database schema or a new file",
                where=journal.location,
            )
        )
    table_insert = (
        f"INSERT INTO tables({', '.join(TABLE_COLUMNS)}) "
        f"VALUES ({', '.join('?' * len(TABLE_COLUMNS))})"
    )
    with journal._write() as tx:
        conn = tx.conn
        _refuse_nonempty(conn, journal.location)
        conn.executemany(table_insert, tables)
        for start in range(0, len(events), BATCH):
            conn.executemany(INSERT_EVENT, events[start : start + BATCH])
        if events:
            gseq, head = reading.chain_head(conn, meta)
            tx.advance(gseq, head, events[-1][1], events[-1][2])


def _new_file(path: Path, meta: dict[str, str]) -> None:
    """A journal file made with the source's meta (what Journal() makes, but this meta)."""
    from floorkill.store.journal import _statements

    conn = sqlite3.connect(str(path), isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("BEGIN IMMEDIATE")
        for stmt in _statements(DDL):
            conn.execute(stmt)
        conn.executemany("INSERT INTO meta(key, value) VALUES (?, ?)", sorted(meta.items()))
        for stmt in _statements(META_TRIGGERS_DDL):
            conn.execute(stmt)
        conn.execute("COMMIT")
    finally:
        conn.close()


def _refuse_nonempty(c, where: str) -> None:
    rows = c.execute("SELECT count(*) FROM events").fetchone()[0]
    names = c.execute("SELECT count(*) FROM tables").fetchone()[0]
    if rows or names:
        raise JournalError(
            NPhrase(
                "{where}: already holds a journal ({tables} table(s), {n} rows); migrate "
                "copies into an empty one",
                "{where}: already holds a journal ({tables} table(s), {n} rows); migrate "
                "copies into an empty one",
                rows,
                where=where,
                tables=names,
            )
        )


def migrate(source: str | Path, target: str | Path) -> dict[str, Any]:
    """Copy ``source`` into the empty journal at ``target``; returns the counts and head.
    Raises JournalError (one line) when either side refuses or a check fails."""
    src, dst = location_text(source), location_text(target)
    if not is_url(source) and not Path(source).exists():
        raise JournalError(Phrase("{journal}: no journal there", journal=src))
    if not is_url(target) and Path(target).exists():
        raise JournalError(
            Phrase("{path}: a file is already there; migrate writes a new journal", path=dst)
        )
    from floorkill.store import keys

    key = keys.load_key()  # MACs are checked when the user has the key
    problems, _warnings, _counts = verify_journal(source, key=key)
    if problems:
        raise JournalError(
            NPhrase(
                "{path}: journal NOT whole, nothing copied ({n} problem(s), first: {first})",
                "{path}: journal NOT whole, nothing copied ({n} problem(s), first: {first})",
                len(problems),
                path=src,
                first=problems[0],
            )
        )
    meta, tables, events, (head_seq, head) = read_rows(source)
    if meta.get("schema") != str(SCHEMA_VERSION):
        raise JournalError(
            Phrase(
                "{path}: a schema-{version} journal: open it once with this floorkill's podium "
                "(it brings the file to schema {schema} in place), then migrate",
                path=src,
                version=meta.get("schema"),
                schema=SCHEMA_VERSION,
            )
        )
    options: dict[str, Any] = {"floorperson": "migrate", "mac_key": None}
    if is_url(target):
        options["create_meta"] = meta
    else:
        _new_file(Path(target), meta)
    with open_journal(target, **options) as journal:
        _write_rows(journal, meta, tables, events)
        journal.rebuild_caches()
    problems, _warnings, counts = verify_journal(target, key=key)
    if problems:
        raise CopyNotWhole(copy_does_not_verify(dst, problems))
    if (counts["head_seq"], counts["head"]) != (head_seq, head) or counts["rows"] != len(events):
        raise CopyNotWhole(
            Phrase(
                "{path}: the copy's head {head} / {rows} rows differ from the source's "
                "{source_head} / {source_rows} rows",
                path=dst,
                head=str(counts["head"])[:16],
                rows=counts["rows"],
                source_head=head[:16],
                source_rows=len(events),
            )
        )
    return {"tables": len(tables), "rows": len(events), "head": head}


def copy_does_not_verify(path: str, problems: list[str]) -> NPhrase:
    """A copy written whole that does not verify (a migrated journal, a backup): said with
    its first problem; the copy stays where it is, for inspection."""
    return NPhrase(
        "{path}: the copy does NOT verify ({n} problem(s), first: {first}); it is "
        "left there for inspection",
        "{path}: the copy does NOT verify ({n} problem(s), first: {first}); it is "
        "left there for inspection",
        len(problems),
        path=path,
        first=problems[0],
    )


class CopyNotWhole(JournalError):
    """The target was written but does not verify as the source's copy."""


def cmd_migrate(
    source: str | Path, target: str | Path, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        done = migrate(source, target)
    except CopyNotWhole as exc:
        print(f"floorkill: {safe_text(exc.text())}", file=err)
        return 1
    except JournalError as exc:
        return _fail(exc.text(), err)
    print(
        safe_text(
            tr(
                "{src} -> {dst}: {rows} rows of {tables} table(s) copied; hash chain verified "
                "on both sides, head {head}",
                src=location_text(source),
                dst=location_text(target),
                rows=done["rows"],
                tables=done["tables"],
                head=done["head"][:16],
            )
        ),
        file=out,
    )
    return 0

"""`floorkill backup --journal J --to FILE`: a consistent copy of a journal while podiums
write, verified, its head printed.

* A file journal is copied with SQLite's online backup API in ONE step: the copy is the
  journal as one read transaction saw it (every COMMIT before it began, none after),
  the ``-wal`` included, and writers are never stopped (a WAL reader blocks no writer).
* A PostgreSQL journal is copied with ``migrate`` into a new file (one REPEATABLE READ
  read, verified on both sides).

The copy is written beside ``FILE`` under a temporary name, verified (hash chain, every
table replayed, MACs with the user's key), and only then renamed to ``FILE``: a backup
that does not verify never takes the name. Exit codes: 0 copied; 2 bad input or
refused; 1 the copy does not verify (left under its temporary name, said so).

Why not ``cp``: a journal in WAL mode keeps its newest commits in ``JOURNAL-wal`` until a
checkpoint moves them into the file. A writer checkpoints when it closes (the last one
out leaves a whole file), but while a podium is open the file alone misses what is in
the ``-wal``, and copying the two while a podium writes can tear them.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path
from typing import Any, TextIO

from floorkill.i18n import Phrase, Spoken, said, tr
from floorkill.rules.names import safe_text
from floorkill.store import reading
from floorkill.store.backend import is_url, location_text
from floorkill.store.errors import JournalError
from floorkill.store.migrate import copy_does_not_verify
from floorkill.store.readonly import UNREAD_WAL, Notice
from floorkill.store.schema import format_anchor
from floorkill.system_errors import os_cause, sqlite_cause


class BackupNotWhole(JournalError):
    """The copy was written but does not verify."""


def _copy_file(source: Path, part: Path) -> None:
    from floorkill.store.readonly import open_readonly

    try:
        src, notice = open_readonly(source, busy_timeout=5.0, guarded=False)
    except sqlite3.Error as exc:
        raise JournalError(
            Phrase("{path}: cannot read: {error}", path=str(source), error=sqlite_cause(exc))
        ) from None
    try:
        if isinstance(notice, Notice) and any(part[0] == UNREAD_WAL for part in notice.parts):
            raise JournalError(
                Phrase(
                    "{path}: {notice}; no backup made (run it as an account that can write "
                    "the journal's folder, or after the podiums closed it)",
                    path=str(source),
                    notice=Spoken(notice.text),
                )
            )
        reading.check_schema(source, reading.schema_version(src))
        dst = sqlite3.connect(str(part))
        try:
            src.backup(dst)  # pages=-1: every page in one step, one consistent read
        finally:
            dst.close()
    except sqlite3.Error as exc:
        raise JournalError(
            Phrase("{path}: cannot copy: {error}", path=str(source), error=sqlite_cause(exc))
        ) from None
    finally:
        src.close()


def _one_file(part: Path) -> None:
    """The copy as one file (rollback-journal mode: no -wal or -shm beside it; a podium
    that opens it puts it back in WAL)."""
    conn = sqlite3.connect(str(part))
    try:
        conn.execute("PRAGMA journal_mode = DELETE").fetchone()
    finally:
        conn.close()


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def backup(source: str | Path, target: str | Path) -> dict[str, Any]:
    """Copy ``source`` (a file or a ``postgresql://`` URL) into the new file ``target``,
    verified; returns its counts and head. Raises JournalError (one line)."""
    from floorkill.store import keys
    from floorkill.store.commands import verify_journal

    target = Path(target)
    if not is_url(source):
        source = Path(source)
        if not source.is_file():
            raise JournalError(Phrase("{journal}: no journal there", journal=str(source)))
        if target.absolute() == source.absolute():
            raise JournalError(Phrase("{path}: is the journal itself", path=str(target)))
    if target.exists():
        raise JournalError(
            Phrase("{path}: a file is already there; backup writes a new file", path=str(target))
        )
    if not target.parent.is_dir():
        raise JournalError(Phrase("{path}: no such folder", path=str(target.parent)))
    part = target.with_name(f".{target.name}.part-{os.getpid()}")
    for leftover in (part, Path(f"{part}-wal"), Path(f"{part}-shm")):
        leftover.unlink(missing_ok=True)
    if is_url(source):
        from floorkill.store.migrate import migrate

        migrate(source, part)
    else:
        _copy_file(Path(source), part)
    _one_file(part)
    problems, _warnings, counts = verify_journal(part, key=keys.load_key())
    if problems:
        raise BackupNotWhole(copy_does_not_verify(str(part), problems))
    _fsync(part)
    os.replace(part, target)
    _fsync(target.parent)
    return counts


def cmd_backup(
    source: str | Path, target: str | Path, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        counts = backup(source, target)
    except BackupNotWhole as exc:
        print(f"floorkill: {safe_text(exc.text())}", file=err)
        return 1
    except JournalError as exc:
        print(f"floorkill: {safe_text(exc.text())}", file=err)
        return 2
    except OSError as exc:
        print(
            "floorkill: "
            + safe_text(
                tr(
                    "{file}: cannot write: {reason}",
                    file=target,
                    reason=said(os_cause(exc)),
                )
            ),
            file=err,
        )
        return 2
    print(
        safe_text(
            tr(
                "{src} -> {dst}: {rows} rows of {tables} table(s), verified; head {head}",
                src=location_text(source),
                dst=target,
                rows=counts["rows"],
                tables=counts["tables"],
                head=format_anchor(counts["head_seq"], counts["head"]),
            )
        ),
        file=out,
    )
    return 0

"""`floorkill import`, `export` and `verify` (docs/rules.md section 9).

Each returns an exit code: 0 done; 2 bad input (one line on stderr, no traceback) or, for
import, when some event was refused (each refusal is printed with its clause);
1 from verify when the journal is not whole (every broken row is named).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from floorkill.event_words import decisions_line
from floorkill.i18n import PhraseError, get_lang, in_lang, ntr, said, tr
from floorkill.rules import ConfigError, load_table_file
from floorkill.rules.config import table_file_to_dict
from floorkill.rules.corrections import file_records
from floorkill.rules.decisions import Refusal
from floorkill.rules.names import one_line, safe_text
from floorkill.store import reading
from floorkill.store.backend import JournalTable, is_url, location_text
from floorkill.store.errors import JournalError
from floorkill.store.session import AllRecords, Record, fold_records
from floorkill.system_errors import os_cause


def _fail(message: str, err: TextIO | None = None) -> int:
    print(f"floorkill: {one_line(message, MAX_LINE)}", file=err or sys.stderr)
    return 2


MAX_LINE = 1500  # characters of one message line (nothing is echoed whole)


# ---------------------------------------------------------------------------
# import


def cmd_import(
    file: str | Path,
    journal_path: str | Path,
    floorperson: str | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Append a table file's events to the journal's table of that name (created from the
    file when new): the whole file checked first, nothing written unless all of it can be;
    events already in the journal are not written again (see floorkill.store.importing)."""
    from floorkill.store.backend import open_journal
    from floorkill.store.importing import plan_import, write_plan

    out = out or sys.stdout
    err = err or sys.stderr
    try:
        tf = load_table_file(file)
    except ConfigError as exc:
        return _fail(exc.text(), err)
    try:
        journal = open_journal(journal_path, floorperson=floorperson)
    except JournalError as exc:
        return _fail(exc.text(), err)
    try:
        plan = plan_import(journal, tf)
        problem = plan_problem(file, plan)
        if problem is not None:
            for line in problem[:-1]:
                print(f"floorkill: {one_line(line, MAX_LINE)}", file=err)
            return _fail(problem[-1], err)
        name = plan.name
        if not plan.exists:
            print(
                safe_text(
                    tr(
                        "{table}: new table in {journal}",
                        table=name,
                        journal=location_text(journal_path),
                    )
                ),
                file=out,
            )
        elif not plan.tail:
            more = (
                tr(" (the journal's table has {n})", n=plan.in_journal)
                if plan.in_journal > plan.in_file
                else ""
            )
            print(
                safe_text(
                    ntr(
                        "{table}: already in the journal: {n} event{more}",
                        "{table}: already in the journal: {n} events{more}",
                        plan.in_file,
                        table=name,
                        more=more,
                    )
                ),
                file=out,
            )
            return 0
        else:
            print(
                safe_text(
                    ntr(
                        "{table}: already in the journal: {n} event; appending {tail}",
                        "{table}: already in the journal: {n} events; appending {tail}",
                        plan.in_journal,
                        table=name,
                        tail=len(plan.tail),
                    )
                ),
                file=out,
            )
        out.flush()

        # called after each COMMIT
        def acknowledged(session: JournalTable, records: Sequence[Record]) -> None:
            out.write("".join(decisions_line(session.name, rec) + "\n" for rec in records))
            out.flush()

        write_plan(journal, tf, plan, acknowledged)
    except Refusal as refusal:  # another writer changed the table meanwhile
        return _fail(
            tr(
                "{file}: refused while writing: {reason}; run the import again",
                file=file,
                reason=refusal.text(get_lang()),
            ),
            err,
        )
    except (JournalError, ConfigError) as exc:
        return _fail(exc.text(), err)
    finally:
        journal.close()
    return 0


MAX_REFUSALS_SHOWN = 20


def plan_problem(file: str | Path, plan) -> list[str] | None:
    """Why a plan cannot be written, as lines (the last one the summary), or None."""
    if plan.changes:
        return [
            tr(
                "{file}: table {name} is in the journal with another set-up (journal → file): "
                "{changes}; nothing written (give the file another [table] name to import it "
                "as a new table)",
                None,
                file=file,
                name=repr(plan.name),
                changes="; ".join(plan.changes),
            )
        ]
    if plan.conflict is not None:
        conflict = plan.conflict
        where = f"{file}:{conflict.line}" if conflict.line else str(file)
        return [
            tr(
                "{where}: event {index} differs from event {index} of table {name} in the "
                'journal: journal has "{journal}", the file "{theirs}"; nothing written '
                "(the journal is the record)",
                None,
                where=where,
                index=conflict.index,
                name=repr(plan.name),
                journal=conflict.journal,
                theirs=conflict.file,
            )
        ]
    if plan.refused:
        lines = []
        for refused in plan.refused[:MAX_REFUSALS_SHOWN]:
            where = f"{file}:{refused.line}" if refused.line else str(file)
            cites = f" [{', '.join(refused.cites)}]" if refused.cites else ""
            etype = one_line(refused.type, 40) if refused.type else tr("no type")
            lines.append(
                tr(
                    "{where}: event {index} ({type}) refused: {text}",
                    None,
                    where=where,
                    index=refused.index,
                    type=etype,
                    text=refused.text,
                )
                + cites
            )
        if len(plan.refused) > MAX_REFUSALS_SHOWN:
            lines.append(
                f"{file}: "
                + ntr(
                    "… and {n} more refused",
                    "… and {n} more refused",
                    len(plan.refused) - MAX_REFUSALS_SHOWN,
                )
            )
        already = (
            " "
            + ntr(
                "({n} event of the file is already in the journal)",
                "({n} events of the file are already in the journal)",
                plan.in_journal,
            )
            if plan.in_journal
            else ""
        )
        lines.append(
            f"{file}: "
            + ntr(
                "{n} event refused; nothing written",
                "{n} events refused; nothing written",
                len(plan.refused),
            )
            + already
        )
        return lines
    return None


# ---------------------------------------------------------------------------
# export


def export_doc(journal_path: str | Path, table: str) -> tuple[str, dict[str, Any], Any, list[str]]:
    """(stored name, the table file as a dict, the journal's state, notes) of a journal
    table; notes, each a line: how the journal was opened when that matters (immutable, on
    read-only media) and each bad snapshot skipped on the way."""
    from floorkill.store.backend import open_journal

    with open_journal(journal_path, readonly=True) as ro:
        session = ro.open_table(table)
        events = ro._run(lambda c: reading.live_events(c, session.name, 0, session.seq))
        if isinstance(events, AllRecords):  # corrections: the file numbers its own records
            events = file_records(events)[0]
        else:  # the shift's seal names this journal's chain: not a table file's event
            events = [event for event in events if event.get("type") != "seal"]
        notice = getattr(ro, "notice", None)
        notes = [tr("note: {text}", text=notice)] if notice else []
        notes += [tr("warning: {text}", text=problem) for problem in getattr(ro, "problems", ())]
    return (
        session.name,
        table_file_to_dict(session.config, session.players, events),
        session,
        notes,
    )


def cmd_export(
    journal_path: str | Path,
    table: str,
    output: str | Path | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    import tomli_w

    from floorkill.rules import load_table_text
    from floorkill.store.atomic import write_toml

    out = out or sys.stdout
    err = err or sys.stderr
    if not is_url(journal_path) and not Path(journal_path).exists():
        return _fail(tr("{journal}: no journal there", journal=journal_path), err)
    try:
        name, doc, session, notes = export_doc(journal_path, table)
    except (JournalError, ConfigError) as exc:
        return _fail(exc.text(), err)
    for note in notes:  # as verify and head say it: one line each
        print(safe_text("floorkill: " + note), file=err)
    text = tomli_w.dumps(doc)
    # The promise: `floorkill replay` of this file reproduces the journal's table.
    tf = load_table_text(text, "<export>")
    try:
        replayed = fold_records(tf.config, tf.players, tf.events)
    except Refusal as exc:
        return _fail(
            tr(
                "table {name}: exported events do not replay: {reason}",
                name=repr(name),
                reason=exc.text(get_lang()),
            ),
            err,
        )
    if replayed != getattr(session, "folded", session.state):
        return _fail(
            tr(
                "table {name}: exported events do not reproduce the journal's state",
                name=repr(name),
            ),
            err,
        )
    if output is None:
        out.write(text)
        out.flush()
        return 0
    try:
        write_toml(output, doc)
    except OSError as exc:
        return _fail(
            tr("{file}: cannot write: {reason}", file=output, reason=said(os_cause(exc))), err
        )
    events = len(doc.get("events", []))
    print(
        safe_text(
            ntr(
                "{table}: {n} event written to {file}",
                "{table}: {n} events written to {file}",
                events,
                table=name,
                file=output,
            )
        ),
        file=out,
    )
    return 0


# ---------------------------------------------------------------------------
# verify (the checks themselves: floorkill.store.audit)


def verify_journal(
    journal_path: str | Path, *, key: bytes | None = None, anchor: tuple[int, str] | None = None
) -> tuple[list[str], list[str], dict[str, Any]]:
    """(problems, warnings, counts). Raises JournalError when the file is no journal.
    A ``postgresql://`` URL is verified on its server (:func:`floorkill.store.pg.verify_pg`)."""
    if is_url(journal_path):
        from floorkill.store.pg import verify_pg

        result = verify_pg(str(journal_path), key=key, anchor=anchor)
    else:
        from floorkill.store.audit import verify_sqlite

        result, _ = verify_sqlite(journal_path, key=key, anchor=anchor)
    counts = {
        "tables": result.tables,
        "rows": result.rows,
        "head": result.head[1],
        "head_seq": result.head[0],
        "schema": result.schema,
        "macs": result.macs,
    }
    return result.problems, result.warnings, counts


def cmd_verify(
    journal_path: str | Path,
    anchor: str | None = None,
    key_file: str | Path | None = None,
    no_key: bool = False,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Exit 0 only if the journal is whole; 1 naming each broken row; 2 on bad input.
    The user's key (keys.key_path()) is used when it exists, unless ``no_key``."""
    from floorkill.store import keys
    from floorkill.store.audit import MAX_PROBLEMS
    from floorkill.store.schema import format_anchor, parse_anchor

    out = out or sys.stdout
    err = err or sys.stderr
    try:
        parsed = None if anchor is None else parse_anchor(anchor)
    except PhraseError as exc:
        return _fail(tr("{what}: {reason}", what="--head", reason=exc.text()), err)
    try:
        key = (
            None
            if no_key
            else (keys.read_key(key_file) if key_file is not None else keys.load_key())
        )
        problems, warnings, counts = verify_journal(journal_path, key=key, anchor=parsed)
    except JournalError as exc:
        return _fail(exc.text(), err)
    for warning in warnings:
        print(safe_text("floorkill: " + tr("warning: {text}", text=in_lang(warning))), file=err)
    if problems:
        for problem in problems[:MAX_PROBLEMS]:
            print(safe_text(in_lang(problem)), file=out)
        more = tr(" (the first ones)") if len(problems) > MAX_PROBLEMS else ""
        print(
            "floorkill: "
            + ntr(
                "{journal}: journal NOT whole ({n} problem{more})",
                "{journal}: journal NOT whole ({n} problems{more})",
                len(problems),
                journal=location_text(journal_path),
                more=more,
            ),
            file=err,
        )
        return 1
    guards = [tr("every table replayed through the rules")]
    if key is not None:
        guards.append(tr("every MAC checked"))
    if parsed is not None:
        guards.append(tr("anchor @{seq} matches", seq=parsed[0]))
    check = "" if is_url(journal_path) else tr("integrity_check ok, ")
    print(
        tr(
            "{journal}: ok — {check}hash chain whole: {rows}, {tables}, {guards}; head {head}",
            journal=location_text(journal_path),
            check=check,
            rows=ntr("{n} row", "{n} rows", counts["rows"]),
            tables=ntr("{n} table", "{n} tables", counts["tables"]),
            guards=", ".join(guards),
            head=format_anchor(counts["head_seq"], counts["head"]),
        ),
        file=out,
    )
    return 0


def cmd_head(journal_path: str | Path, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Print the chain head ``HASH@SEQ`` (read-only; works on read-only media)."""
    from floorkill.store.backend import open_journal
    from floorkill.store.schema import format_anchor

    out = out or sys.stdout
    err = err or sys.stderr
    if not is_url(journal_path) and not Path(journal_path).exists():
        return _fail(tr("{journal}: no journal there", journal=journal_path), err)
    try:
        with open_journal(journal_path, readonly=True) as ro:
            seq, hash_ = ro.head()
            notice = getattr(ro, "notice", None)
    except JournalError as exc:
        return _fail(exc.text(), err)
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
        return _fail(exc.text(), err)
    if key is None:
        print(
            safe_text(
                tr(
                    "no key at {path} (floorkill key --new makes one; without it rows "
                    "carry no MAC)",
                    path=path,
                )
            ),
            file=out,
        )
        return 1
    print(
        safe_text(
            tr(
                "{path}: key {id} (every row written by this user is MAC'd with it; "
                "keep a copy away from the journal)",
                path=path,
                id=keys.key_id(key),
            )
        ),
        file=out,
    )
    return 0

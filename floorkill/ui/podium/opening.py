"""Opening the podium's session from the command line: a table file, the journal, or the
built-in sample. No Textual here until :func:`run_podium` builds the app."""

from __future__ import annotations

import os
from pathlib import Path

from floorkill.i18n import get_lang
from floorkill.floor import Floor
from floorkill.rules import Refusal, load_table_file
from floorkill.store.session import MemorySession


def _load_events(session, path: Path, events) -> list[str]:
    """Commit a table file's recorded events through the floor controller; a refused one is
    skipped and reported."""
    floor = Floor(session)
    notices: list[str] = []
    for i, ev in enumerate(events, start=1):
        try:
            floor.commit(ev)
        except Refusal as refusal:
            cites = f" [{', '.join(refusal.cites)}]" if refusal.cites else ""
            notices.append(f"{path.name}: event {i} refused and skipped: {refusal.text('en')}{cites}")
    return notices


def memory_session(table_path: str | Path | None, floorperson: str | None
                   ) -> tuple[MemorySession, list[str]]:
    """A table file (or the built-in sample) with its recorded events, in memory."""
    from floorkill.resources import default_sample

    path = Path(table_path) if table_path is not None else default_sample()
    tf = load_table_file(path)
    session = MemorySession(tf.config, tf.players, who=floorperson)
    return session, _load_events(session, path, tf.events)


def open_session(table_path: str | Path | None, journal_path: str | Path,
                 floorperson: str | None):
    """(session, notices, closer).

    With a table file: that table in the journal, created from the file (and its
    recorded events) when new. Without: the journal's first table, else the built-in
    sample. Without a journal module (an early build): in memory.
    """
    try:
        from floorkill.store.journal import Journal
    except ImportError:
        session, notices = memory_session(table_path, floorperson)
        notices.insert(0, "No journal in this build: this session is kept in memory only.")
        return session, notices, None
    from floorkill.resources import default_sample

    Path(journal_path).parent.mkdir(parents=True, exist_ok=True)
    journal = Journal(journal_path, floorperson)
    closer = getattr(journal, "close", None)
    try:
        known = {n.casefold(): n for n in journal.table_names()}
        if table_path is None:
            if known:
                session = journal.open_table(next(iter(known.values())))
                return session, list(getattr(journal, "problems", ())), closer
            table_path = default_sample()
        path = Path(table_path)
        tf = load_table_file(path)
        name = known.get(tf.config.name.casefold())
        if name is not None:
            session = journal.open_table(name)     # a bad snapshot skipped is said once
            return session, list(getattr(journal, "problems", ())), closer
        session = journal.create_table(tf, path.read_text(encoding="utf-8"))
        return session, _load_events(session, path, tf.events), closer
    except BaseException:
        if closer is not None:
            closer()
        raise


def run_podium(table_path: str | Path | None, journal_path: str | Path,
               floorperson: str | None) -> int:
    from .app import make_podium_app

    session, notices, closer = open_session(table_path, journal_path, floorperson)
    try:
        app = make_podium_app(session, lang=get_lang(),
                              theme=os.environ.get("FLOORKILL_THEME") or None, notices=notices)
        app.run()
        return app.return_code or 0
    finally:
        if closer is not None:
            closer()

"""Opening the podium's session from the command line: a table file, the journal, or the
built-in sample. No Textual here until :func:`run_podium` builds the app."""

from __future__ import annotations

from pathlib import Path

from floorkill.floor import Floor
from floorkill.i18n import get_lang, tr
from floorkill.rules import Refusal, load_table_file
from floorkill.store.backend import JournalBackend
from floorkill.store.session import MemorySession, TableSession


def _load_events(session: TableSession, path: Path, events) -> list[str]:
    """Commit a table file's recorded events through the floor controller; a refused one is
    skipped and reported."""
    floor = Floor(session)
    notices: list[str] = []
    for number, ev in enumerate(events, start=1):
        try:
            floor.commit(ev)
        except Refusal as refusal:
            cites = f" [{', '.join(refusal.cites)}]" if refusal.cites else ""
            notices.append(
                tr(
                    "{file}: event {n} refused and skipped: {reason}",
                    file=path.name,
                    n=number,
                    reason=refusal.text(get_lang()),
                )
                + cites
            )
    return notices


def memory_session(
    table_path: str | Path | None, floorperson: str | None
) -> tuple[MemorySession, list[str]]:
    """A table file (or the built-in sample) with its recorded events, in memory."""
    from floorkill.resources import default_sample

    path = Path(table_path) if table_path is not None else default_sample()
    tf = load_table_file(path)
    session = MemorySession(tf.config, tf.players, who=floorperson)
    return session, _load_events(session, path, tf.events)


def open_session(table_path: str | Path | None, journal_path: str | Path, floorperson: str | None):
    """(session, notices, closer): :func:`open_podium` without the demo's second journal."""
    opening = open_podium(table_path, journal_path, floorperson)
    return opening.session, opening.notices, opening.closer


class Opening:
    """What the podium starts with: the session shown, notices, how to close the files, the
    journal new tables go to, and (demo) the real journal the demo leaves untouched."""

    def __init__(
        self,
        session: TableSession,
        notices,
        closer,
        journal: JournalBackend | None = None,
        demo_of=None,
    ) -> None:
        self.session, self.notices, self.closer = session, notices, closer
        self.journal, self.demo_of = journal, demo_of


def demo_notice(demo: Path, real: Path) -> str:
    """Short: it shares the side column with the rules panel on a narrow screen (About and
    the status line say the rest)."""
    return tr(
        "DEMO journal ({demo}): your journal {real} stays empty until you add a table (F9, n).",
        demo=demo.name,
        real=str(real),
    )


def open_podium(
    table_path: str | Path | None, journal_path: str | Path, floorperson: str | None
) -> Opening:
    """With a table file: that table in the journal, created from the file (and its
    recorded events) when new. Without: the journal's first open table; with a journal
    that holds no table, the built-in sample in the demo journal (never in the real one).
    Without a journal module (an early build): in memory.
    """
    try:
        from floorkill.store.backend import is_url, open_journal, podium_options
    except ImportError:
        session, notices = memory_session(table_path, floorperson)
        notices.insert(0, tr("No journal in this build: this session is kept in memory only."))
        return Opening(session, notices, None)
    from floorkill.resources import default_sample
    from floorkill.store.demo import use_demo

    demo = None if is_url(journal_path) else use_demo(table_path, journal_path)
    if demo is not None:
        return _open_demo(demo, Path(journal_path), floorperson)
    if not is_url(journal_path):
        Path(journal_path).parent.mkdir(parents=True, exist_ok=True)
    journal = open_journal(journal_path, floorperson=floorperson, **podium_options(journal_path))
    closer = getattr(journal, "close", None)
    try:
        known = {known_name.casefold(): known_name for known_name in journal.table_names()}
        if table_path is None:
            if known:
                names = journal.open_table_names() or list(known.values())[-1:]
                session = journal.open_table(names[0])
                notices = list(getattr(journal, "problems", ()))
                if session.state.closed:
                    notices.append(
                        tr(
                            "Every table of this journal is closed: reopen this one "
                            "(Ctrl+P, Reopen) or create a table (F9, then n)."
                        )
                    )
                return Opening(session, notices, closer, journal)
            table_path = default_sample()
        path = Path(table_path)
        tf = load_table_file(path)
        from floorkill.store.importing import open_file  # never ignores the file

        session, notices = open_file(journal, tf, path.name, path.read_text(encoding="utf-8"))
        # a bad snapshot skipped is said once, like every note about the file
        return Opening(session, list(getattr(journal, "problems", ())) + notices, closer, journal)
    except BaseException:
        if closer is not None:
            closer()
        raise


def _open_demo(demo: Path, real: Path, floorperson: str | None) -> Opening:
    """The sample table in the demo journal; the real journal is opened for the tables the
    floorperson creates (it holds none yet)."""
    from floorkill.resources import default_sample
    from floorkill.store.backend import COMMIT_TIMEOUT
    from floorkill.store.journal import Journal

    demo.parent.mkdir(parents=True, exist_ok=True)
    real.parent.mkdir(parents=True, exist_ok=True)
    dj = Journal(demo, floorperson, busy_timeout=COMMIT_TIMEOUT)
    try:
        rj = Journal(real, floorperson, busy_timeout=COMMIT_TIMEOUT)
    except BaseException:
        dj.close()
        raise

    def closer() -> None:
        try:
            dj.close()
        finally:
            rj.close()

    try:
        path = default_sample()
        tf = load_table_file(path)
        known = {known_name.casefold(): known_name for known_name in dj.table_names()}
        name = known.get(tf.config.name.casefold())
        if name is not None:
            session, notices = dj.open_table(name), list(getattr(dj, "problems", ()))
        else:
            session = dj.create_table(tf, path.read_text(encoding="utf-8"))
            notices = _load_events(session, path, tf.events)
        notices.insert(0, demo_notice(demo, real))
        return Opening(session, notices, closer, rj, demo_of=real)
    except BaseException:
        closer()
        raise


def run_podium(
    table_path: str | Path | None, journal_path: str | Path, floorperson: str | None
) -> int:
    from floorkill.settings import current as current_settings

    from .app import make_podium_app

    opening = open_podium(table_path, journal_path, floorperson)
    try:
        app = make_podium_app(
            opening.session,
            lang=get_lang(),
            theme=current_settings().theme,
            notices=opening.notices,
            journal=opening.journal,
        )
        app.demo_of = opening.demo_of
        app.run()
        return app.return_code or 0
    finally:
        if opening.closer is not None:
            opening.closer()

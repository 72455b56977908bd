"""The podium: the screen a floorperson lives in.

:func:`make_podium_app` builds the app around any ``TableSession`` (the SQLite
journal, or a ``MemorySession`` in tests); :func:`run_podium` is what
``floorkill [TABLE] [--journal P]`` calls. The app renders ``session.state`` and
sends events with ``session.append`` / ``session.void``; every rule is decided in
:mod:`floorkill.rules`.
"""

from __future__ import annotations

import gc
import os
from pathlib import Path
from typing import Any, Iterable, Mapping

from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer

from floorkill.rules import Refusal, load_table_file
from floorkill.rules.names import safe_text
from floorkill.store.session import MemorySession, Record

from .hand_entry import HandEntry
from .history import HistoryView
from .modals import ShowdownModal, UndoModal
from .questions import EntryError, showdown_event
from .rules_panel import RulesPanel
from .seating import Seating
from .status_line import StatusLine
from .themes import DEFAULT_THEME, load_themes

LANGS = ("en", "ru")


class PodiumScreen(Screen, inherit_bindings=False):
    """The default screen, with its focus keys given ids like every other binding."""

    BINDINGS = [
        Binding("tab", "app.focus_next", "Focus next", show=False, id="focus_next"),
        Binding("shift+tab", "app.focus_previous", "Focus previous", show=False, id="focus_previous"),
        Binding("ctrl+c,super+c", "screen.copy_text", "Copy selected text", show=False, id="copy_text"),
    ]


class PodiumApp(App[int], inherit_bindings=False):
    """One table: status line, seating diagram, rules panel, history, hand entry."""

    CSS_PATH = str(Path(__file__).with_name("podium.tcss"))   # absolute: subclasses live elsewhere
    TITLE = "floorkill"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True, id="quit"),
        Binding("ctrl+c", "help_quit", show=False, system=True, id="help_quit"),
        Binding("ctrl+p", "command_palette", "Commands", show=False, priority=True, id="command_palette"),
        Binding("ctrl+z", "undo", "Undo", id="undo"),
        Binding("f2", "showdown", "Showdown", id="showdown"),
        Binding("f3", "language", "EN/RU", id="language"),
        Binding("f4", "side_panel", "Rules/Hist", id="side_panel"),
        Binding("f5", "focus_entry", "Entry", id="focus_entry"),
        Binding("f6", "focus_seats", "Seats", id="focus_seats"),
        Binding("f7", "focus_history", "History", id="focus_history"),
        Binding("f8", "next_theme", "Theme", id="next_theme"),
    ]

    def __init__(self, session, *, lang: str = "en", theme: str | None = None,
                 notices: Iterable[str] = (), on_exit=None) -> None:
        super().__init__()
        self.session = session
        self.lang = lang if lang in LANGS else "en"
        self._wanted_theme = theme
        self._notices = list(notices)
        self._on_exit = on_exit
        self._showdown_values: dict | None = None
        self.floorkill_themes: list[str] = []
        self.theme_problems: list[str] = []
        loaded = load_themes()
        for t in loaded.themes.values():
            self.register_theme(t)
            self.floorkill_themes.append(t.name)
        self.theme_problems = loaded.problems
        name = theme or DEFAULT_THEME
        if name in self.available_themes:
            self.theme = name
        elif theme is not None:
            self.theme_problems.append(f"theme {theme!r} not found; using {self.theme}")

    # -- layout --------------------------------------------------------------------
    def get_default_screen(self) -> Screen:
        return PodiumScreen(id="_default")

    def compose(self) -> ComposeResult:
        state = self.session.state
        yield StatusLine(state, id="status")
        with Horizontal(id="main"):
            yield Seating(state, id="seating")
            with Vertical(id="side"):
                yield RulesPanel(self.lang, state=state, record=self.last_record(), id="rules")
                yield HistoryView(self.session, self.lang, id="history")
        yield HandEntry(state, self.submit_event, self.lang, id="entry")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.title = safe_text(f"floorkill — {self.session.name}")
        self.query_one(HandEntry).focus_input()      # the panels were built with the state
        self.call_after_refresh(self._freeze_startup_objects)
        for problem in self.theme_problems:          # each reported once, never fatal
            self.notify(problem, title="Theme not loaded", severity="error", timeout=10, markup=False)
        for notice in self._notices:
            self.notify(notice, severity="warning", timeout=10, markup=False)

    def _freeze_startup_objects(self) -> None:
        """Move everything alive after the first frame (Textual's widgets and styles, the
        session's records) out of the garbage collector's way: a full collection over them
        took ~40 ms, the p99 of entering a hand."""
        gc.freeze()

    # -- the session -------------------------------------------------------------------
    def submit_event(self, raw: Mapping[str, Any]) -> Record:
        """Store one event (raises Refusal), then update every panel."""
        record = self.session.append(raw)
        self.refresh_panels()
        return record

    def last_record(self) -> Record | None:
        n = len(self.session)
        recs = self.session.records(n - 1, n) if n else ()
        return recs[0] if recs else None

    def refresh_panels(self) -> None:
        state = self.session.state
        self.query_one(StatusLine).show(state)
        self.query_one(Seating).show(state)
        self.query_one(HandEntry).show(state)
        self.query_one(HistoryView).reload()
        self.query_one(RulesPanel).show(state, self.last_record())

    # -- messages from the panels ------------------------------------------------------------
    def on_seating_seat_chosen(self, message: Seating.SeatChosen) -> None:
        self.query_one(HandEntry).add_seat(message.seat)

    def on_history_view_record_highlighted(self, message: HistoryView.RecordHighlighted) -> None:
        self.query_one(RulesPanel).show(self.session.state, message.record)

    def on_hand_entry_refused(self, message: HandEntry.Refused) -> None:
        self.query_one(RulesPanel).show_refusal(message.refusal)

    # -- actions -------------------------------------------------------------------------------
    def action_undo(self) -> None:
        record = self.session.last_undoable()
        if record is None:
            self.notify("Nothing to undo.", markup=False)
            return

        def done(reason: str | None) -> None:
            if not reason:
                return
            try:
                self.session.void(record.seq, reason)
            except Refusal as refusal:
                self.notify(safe_text(refusal.text(self.lang)), title="Undo refused",
                            severity="error", markup=False)
                return
            self.refresh_panels()
            self.notify(f"Record #{record.seq} undone.", markup=False)

        self.push_screen(UndoModal(record, self.lang), done)

    def action_showdown(self) -> None:
        def done(values: dict | None) -> None:
            entry = self.query_one(HandEntry)
            if values is None:
                entry.focus_input()
                return
            self._showdown_values = values
            try:
                raw = showdown_event(values.get("board", ""), values.get("hands", {}))
            except EntryError as exc:
                entry.refuse_text(exc.text(self.lang), keep="")
                return
            if entry.proceed(raw, typed=""):
                self._showdown_values = None
            entry.focus_input()

        self.push_screen(ShowdownModal(self.session.state, self._showdown_values), done)

    def action_language(self) -> None:
        self.lang = LANGS[(LANGS.index(self.lang) + 1) % len(LANGS)]
        self.query_one(RulesPanel).set_lang(self.lang)
        self.query_one(HistoryView).set_lang(self.lang)
        self.query_one(HandEntry).set_lang(self.lang)

    def action_side_panel(self) -> None:
        side = self.query_one("#side")
        side.toggle_class("-history")

    def action_focus_entry(self) -> None:
        self.query_one(HandEntry).focus_input()

    def action_focus_seats(self) -> None:
        self.query_one(Seating).focus()

    def action_focus_history(self) -> None:
        side = self.query_one("#side")
        if self.screen.has_class("-narrow"):
            side.add_class("-history")
        self.query_one(HistoryView).focus()

    def action_next_theme(self) -> None:
        names = self.floorkill_themes or [self.theme]
        i = names.index(self.theme) if self.theme in names else -1
        self.theme = names[(i + 1) % len(names)]

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Undo the last event", "Void the last event after asking for a reason",
                            self.action_undo)
        yield SystemCommand("Showdown", "Type the cards shown; the evaluator finds the winners",
                            self.action_showdown)
        yield SystemCommand("Language: English / Russian", "Switch decisions and clause summaries",
                            self.action_language)
        yield SystemCommand("Rules / History", "Swap the side panel on narrow terminals",
                            self.action_side_panel)
        yield SystemCommand("Focus hand entry", "Type the winner of the next hand",
                            self.action_focus_entry)
        yield SystemCommand("Focus seats", "Move a cursor over the seats with the arrow keys",
                            self.action_focus_seats)
        yield SystemCommand("Focus history", "Read every record; the rules panel follows the cursor",
                            self.action_focus_history)
        yield SystemCommand("Next floorkill theme", "Cycle felt-green, high-contrast, light, "
                            "colour-blind-safe and your own themes", self.action_next_theme)


def make_podium_app(session, *, lang: str = "en", theme: str | None = None,
                    notices: Iterable[str] = ()) -> PodiumApp:
    """The podium around ``session`` (used by the CLI and the tests)."""
    return PodiumApp(session, lang=lang, theme=theme, notices=notices)


# ---------------------------------------------------------------------------
# opening a session from the command line

def _load_events(session, path: Path, events) -> list[str]:
    """Append a table file's recorded events; a refused one is skipped and reported."""
    notices: list[str] = []
    for i, ev in enumerate(events, start=1):
        try:
            session.append(ev)
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
                return journal.open_table(next(iter(known.values()))), [], closer
            table_path = default_sample()
        path = Path(table_path)
        tf = load_table_file(path)
        name = known.get(tf.config.name.casefold())
        if name is not None:
            return journal.open_table(name), [], closer
        session = journal.create_table(tf, path.read_text(encoding="utf-8"))
        return session, _load_events(session, path, tf.events), closer
    except BaseException:
        if closer is not None:
            closer()
        raise


def run_podium(table_path: str | Path | None, journal_path: str | Path,
               floorperson: str | None) -> int:
    session, notices, closer = open_session(table_path, journal_path, floorperson)
    try:
        app = make_podium_app(session, lang=os.environ.get("FLOORKILL_LANG", "en"),
                              theme=os.environ.get("FLOORKILL_THEME") or None, notices=notices)
        app.run()
        return app.return_code or 0
    finally:
        if closer is not None:
            closer()

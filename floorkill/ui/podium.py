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

from textual import events
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer

from floorkill.rules import Refusal, load_table_file
from floorkill.rules.names import safe_text
from floorkill.rules.options import FIELD_CITES
from floorkill.store.session import MemorySession, Record

from .floor import TableRegistry, decision_lines, floor_text, refusal_line
from .hand_entry import HandEntry
from .history import HistoryView
from .modals import ShowdownModal, UndoModal
from .players import (AskModal, FloorSeating, FormModal, PayKillModal, build_join, build_seat_event,
                      build_stack, build_voluntary, join_fields)
from .questions import EntryError, showdown_event
from .rules_panel import RulesPanel, event_words
from .seating import Seating
from .status_line import StatusLine, seat_name
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
        Binding("f4", "side_panel", "Panel", id="side_panel"),
        Binding("f5", "focus_entry", "Entry", id="focus_entry"),
        Binding("f6", "focus_seats", "Seats", id="focus_seats"),
        Binding("f7", "focus_history", "History", id="focus_history"),
        Binding("f8", "next_theme", "Theme", id="next_theme"),
        Binding("f9,ctrl+t", "tables", "Tables", id="tables"),
        Binding("f10,ctrl+r", "rulings", "Rulings", id="rulings"),
        Binding("f12", "dispute", "Dispute", show=False, id="dispute"),
        Binding("ctrl+g", "room", "All tables", show=False, id="room"),
    ]

    def __init__(self, session, *, lang: str = "en", theme: str | None = None,
                 notices: Iterable[str] = (), on_exit=None, journal=None,
                 others: Iterable[Any] = (), cursor_blink: bool = True) -> None:
        super().__init__()
        self.cursor_blink = cursor_blink
        self.session = session
        self.tables = TableRegistry(session, journal if journal is not None
                                    else getattr(session, "journal", None), others)
        self._drafts: dict[str, str] = {}
        self.lang = lang if lang in LANGS else "en"
        self._wanted_theme = theme
        self._notices = list(notices)
        self._on_exit = on_exit
        self._showdown_values: dict | None = None
        self._collect_pending = False
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
        screen = PodiumScreen(id="_default")
        # the width's class now, not after the first layout: "-wide" widens the side
        # column, and applying it after the first frame's layout lays out and paints twice
        width = self.size.width
        if width > 0:
            screen.set_class(True, *screen._get_breakpoint_classes(width, self.HORIZONTAL_BREAKPOINTS),
                             update=False)
        return screen

    def compose(self) -> ComposeResult:
        state = self.session.state
        yield StatusLine(state, id="status")
        with Horizontal(id="main"):
            yield FloorSeating(state, id="seating")
            with Vertical(id="side"):
                yield RulesPanel(self.lang, state=state, record=self.last_record(), id="rules")
                yield HistoryView(self.session, self.lang, id="history")
        yield HandEntry(state, self.submit_event, self.lang, id="entry")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.title = safe_text(f"floorkill — {self.session.name}")
        self.podium.query_one(HandEntry).focus_input()      # the panels were built with the state
        self.call_after_refresh(self._freeze_startup_objects)
        for problem in self.theme_problems:          # each reported once, never fatal
            self.notify(problem, title="Theme not loaded", severity="error", timeout=10, markup=False)
        for notice in self._notices:
            self.notify(notice, severity="warning", timeout=10, markup=False)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """``cursor_blink=False`` (the snapshot tests): every input, in every screen and
        modal, keeps a steady cursor, so a screenshot never catches it half-way."""
        if not self.cursor_blink and getattr(event.widget, "cursor_blink", False):
            event.widget.cursor_blink = False

    def _freeze_startup_objects(self) -> None:
        """Move everything alive after the first frame (Textual's widgets and styles, the
        session's records) out of the garbage collector's way: a full collection over them
        took ~40 ms, the p99 of entering a hand."""
        gc.freeze()

    @property
    def podium(self) -> Screen:
        """The podium screen (at the bottom of the stack, whatever is on top of it)."""
        return self.screen_stack[0] if self.screen_stack else self.screen

    PODIUM_ACTIONS = frozenset({"undo", "showdown", "language", "side_panel", "focus_entry",
                                "focus_seats", "focus_history", "tables", "rulings",
                                "dispute", "report"})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The podium's keys act only on the podium screen (the table list, the rulings and
        the editor have their own)."""
        if action in self.PODIUM_ACTIONS and not isinstance(self.screen, PodiumScreen):
            return False
        return True

    # -- the session -------------------------------------------------------------------
    def submit_event(self, raw: Mapping[str, Any]) -> Record:
        """Store one event (raises Refusal), then update every panel."""
        record = self.tables.append(self.session, raw)
        self.refresh_panels()
        return record

    def last_record(self) -> Record | None:
        n = len(self.session)
        recs = self.session.records(n - 1, n) if n else ()
        return recs[0] if recs else None

    def refresh_panels(self) -> None:
        state = self.session.state
        self.podium.query_one(StatusLine).show(state)
        self.podium.query_one(Seating).show(state)
        self.podium.query_one(HandEntry).show(state)
        self.podium.query_one(HistoryView).reload()
        self.podium.query_one(RulesPanel).show(state, self.last_record())
        if not self._collect_pending:
            self._collect_pending = True
            self.call_after_refresh(self.call_later, self._collect_after_paint)

    def _collect_after_paint(self) -> None:
        """Collect garbage once the panels are on screen, while the floorperson reads them:
        a hand's work then starts with empty young generations, and the collector's full
        pass (5 ms and more, every ten hands or so) no longer lands between Enter and
        the screen updated."""
        self._collect_pending = False
        gc.collect()

    # -- messages from the panels ------------------------------------------------------------
    def on_seating_seat_chosen(self, message: Seating.SeatChosen) -> None:
        self.podium.query_one(HandEntry).add_seat(message.seat)

    def on_history_view_record_highlighted(self, message: HistoryView.RecordHighlighted) -> None:
        self.podium.query_one(RulesPanel).show(self.session.state, message.record)

    def on_hand_entry_refused(self, message: HandEntry.Refused) -> None:
        self.podium.query_one(RulesPanel).show_refusal(message.refusal)

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
            entry = self.podium.query_one(HandEntry)
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
        self.podium.query_one(RulesPanel).set_lang(self.lang)
        self.podium.query_one(HistoryView).set_lang(self.lang)
        self.podium.query_one(HandEntry).set_lang(self.lang)

    def action_side_panel(self) -> None:
        side = self.podium.query_one("#side")
        side.toggle_class("-history")

    def action_focus_entry(self) -> None:
        self.podium.query_one(HandEntry).focus_input()

    def action_focus_seats(self) -> None:
        self.podium.query_one(Seating).focus()

    def action_focus_history(self) -> None:
        side = self.podium.query_one("#side")
        if self.screen.has_class("-narrow"):
            side.add_class("-history")
        self.podium.query_one(HistoryView).focus()

    def action_next_theme(self) -> None:
        names = self.floorkill_themes or [self.theme]
        i = names.index(self.theme) if self.theme in names else -1
        self.theme = names[(i + 1) % len(names)]

    # -- the floor: players coming and going ------------------------------------------------
    def floor_try(self, raw: Mapping[str, Any]):
        """Try ``raw`` on the current table (pure; raises Refusal)."""
        return self.tables.try_event(self.session, raw)

    def report_refusal(self, refusal: Refusal, title: str = "Refused") -> None:
        """A refused player event: the reason and its clause in the rules panel and a notice."""
        self.podium.query_one(RulesPanel).show_refusal(refusal)
        self.notify(refusal_line(refusal, self.lang), title=title, severity="error",
                    timeout=8, markup=False)

    def run_event(self, raw: Mapping[str, Any] | None, *, session=None,
                  confirm: str | None = None) -> None:
        """Try ``raw``; ask the question the rules attach (or confirm), then store it."""
        if raw is None:
            return
        session = session or self.session
        try:
            applied = self.tables.try_event(session, raw)
        except Refusal as refusal:
            self.report_refusal(refusal)
            return
        choice = self.tables.choice(session, raw)
        if choice is not None:
            lang = self.lang
            options = [("y", floor_text("yes", lang), decision_lines(choice.consequences(True), lang), True),
                       ("n", floor_text("no", lang), decision_lines(choice.consequences(False), lang), False)]

            def answered(yes: bool | None) -> None:
                if yes is not None:
                    self.commit(choice.answered(raw, yes), session)

            self.push_screen(AskModal(safe_text(session.name), safe_text(choice.text(lang)), options,
                                      choice.cites, lang), answered)
            return
        if confirm is not None:
            lines = decision_lines(applied.decisions, self.lang) or [
                floor_text("nothing-decided", self.lang)]

            def confirmed(yes: bool | None) -> None:
                if yes:
                    self.commit(raw, session)

            cites = [c for d in applied.decisions for c in d.cites]
            self.push_screen(AskModal(safe_text(session.name), confirm,
                                      [("enter", "Enter — yes", lines, True)], cites, self.lang),
                             confirmed)
            return
        self.commit(raw, session)

    def commit(self, raw: Mapping[str, Any], session=None) -> Record | None:
        session = session or self.session
        before = session.state
        try:
            record = self.tables.append(session, raw)
        except Refusal as refusal:
            self.report_refusal(refusal)
            return None
        except Exception as exc:    # storage trouble: say it, never crash
            self.notify(f"not recorded: {type(exc).__name__}: {exc}", title="Not recorded",
                        severity="error", timeout=10, markup=False)
            return None
        if session is self.session:
            self.refresh_panels()
        what = f"#{record.seq} {event_words(record.event)}"
        seat = record.event.get("seat")
        if record.type != "join" and before.player(seat) is not None:
            what += f" — {before.player(seat).name}"
        lines = [what, *decision_lines(record.decisions, self.lang)]
        self.notify("\n".join(safe_text(line) for line in lines), title=safe_text(session.name),
                    timeout=5, markup=False)
        if record.type == "join":
            self._seated_elsewhere(session, record.event["name"])
        return record

    def _seated_elsewhere(self, session, name: str) -> None:
        """A name that sits at another table too: not a rule, but worth a look."""
        for other in self.tables.names():
            if other == session.name:
                continue
            try:
                seat = self.tables.get(other).state.seat_of(name)
            except Exception:
                continue
            if seat is not None:
                self.notify(safe_text(f"{name} is also seated at {other}, seat {seat}"),
                            title="Two tables?", severity="warning", timeout=8, markup=False)

    def _cursor(self) -> int:
        return self.podium.query_one(Seating).cursor

    def _form(self, title: str, fields, build, note: str = "", focus: str | None = None,
              confirm=None) -> None:
        state = self.session.state
        form = FormModal(title, fields, lambda v: build(state, v), self.floor_try, note=note,
                         lang=self.lang, focus=focus)
        self.push_screen(form, lambda raw: self.run_event(raw, confirm=confirm(raw) if confirm and raw else None))

    def floor_join(self, seat: int | None = None) -> None:
        st = self.session.state
        seat = self._cursor() if seat is None else seat
        note = ""
        if st.button.killed:
            note = f"The coming hand is a kill pot ({seat_name(st, st.button.seat, st.button.player)})."
        self._form("Join — a player sits down", join_fields(st, seat), build_join, note=note)

    def floor_away(self, seat: int | None = None) -> None:
        if seat is None:
            self._form("Step away / come back", [("seat", "Seat", str(self._cursor()), "")],
                       lambda st, v: build_seat_event(st, v, "away"))
            return
        p = self.session.state.player(seat)
        self.run_event({"type": "back" if p is not None and p.away else "away", "seat": seat})

    def _quit_question(self, raw) -> str:
        return floor_text("confirm-quit", self.lang, seat=raw["seat"],
                          name=safe_text(getattr(self.session.state.player(raw["seat"]), "name", "?")))

    def floor_quit(self, seat: int | None = None) -> None:
        if seat is None:
            self._form("A player leaves the game", [("seat", "Seat", str(self._cursor()), "")],
                       lambda st, v: build_seat_event(st, v, "quit"), confirm=self._quit_question)
            return
        raw = {"type": "quit", "seat": seat}
        self.run_event(raw, confirm=self._quit_question(raw))

    def floor_stack(self, seat: int | None = None) -> None:
        st = self.session.state
        seat = self._cursor() if seat is None else seat
        p = st.player(seat)
        from floorkill.rules.money import fmt
        current = fmt(p.stack) if p is not None and p.stack is not None else ""
        self._form("Record a stack", [("seat", "Seat", str(seat), ""),
                                      ("amount", "Stack", current, "e.g. 200")],
                   build_stack, focus="amount")

    def floor_voluntary(self, seat: int | None = None) -> None:
        st = self.session.state
        seat = self._cursor() if seat is None else seat
        from floorkill.rules.money import dollars
        cfg = st.config
        note = (f"[{', '.join(FIELD_CITES['voluntary_kill'])}] declared after seeing at most "
                f"{cfg.kill.voluntary_cards} cards, before "
                f"anyone has one more; stack at least {dollars(4 * cfg.kill_blind)} = 4 × "
                f"{dollars(cfg.kill_blind)}; the killer acts last on the first round.")
        self._form("Voluntary kill of the hand being dealt",
                   [("seat", "Seat", str(seat), ""),
                    ("seen", "Cards seen", "2", "the cards the player has looked at"),
                    ("third", "Third card out?", "n", "y if anyone has received a third card")],
                   build_voluntary, note=note)

    def floor_pay(self, seat: int | None = None) -> None:
        owed = self.tables.owed_everywhere(self.session)
        if not owed:
            self.notify("Nobody owes a kill at any table.", markup=False)
            return
        p = self.session.state.player(seat if seat is not None else self._cursor())

        def paid(choice: tuple[str, str] | None) -> None:
            if choice is None:
                return
            player, table = choice
            self.run_event({"type": "pay_kill", "name": player}, session=self.tables.get(table))
            self.refresh_panels()

        self.push_screen(PayKillModal(owed, preselect=p.name if p is not None else None), paid)

    def floor_rulings(self, seat: int | None = None) -> None:
        from .rulings_screen import RulingsScreen

        def record(raw):
            return self.commit(raw)

        self.push_screen(RulingsScreen(self.tables, self.session, lang=self.lang, seat=seat,
                                       record=record))

    def action_rulings(self) -> None:
        seat = self._cursor()
        self.floor_rulings(seat if self.session.state.player(seat) is not None else None)

    def action_dispute(self) -> None:
        from .dispute import open_dispute
        open_dispute(self)

    def action_report(self) -> None:
        from .dispute import podium_report
        podium_report(self)

    # -- several tables ----------------------------------------------------------------------
    def action_tables(self) -> None:
        from .tables import TableListScreen

        self.clear_notifications()            # the list is read at a glance: nothing over it

        def chosen(result: tuple[str, str] | None) -> None:
            if result is None:
                return
            what, name = result
            if what == "open":
                self.switch_table(name)
            elif what == "new":
                self.new_table()
            elif what == "sample":
                self.new_table_from_sample()
            elif what == "copy":
                self.new_table(copy_of=name)

        self.push_screen(TableListScreen(self.tables, self.session.name), chosen)

    def action_room(self) -> None:
        """Every table's kill status at a glance (the big screen's grid)."""
        from .grid import RoomScreen, room_states

        self.push_screen(RoomScreen(room_states(self.tables)))

    def switch_table(self, name: str) -> None:
        """Show another table; the one left keeps its state (its session stays open)."""
        try:
            session = self.tables.get(name)
        except Exception as exc:
            self.notify(f"cannot open {name}: {type(exc).__name__}: {exc}", severity="error",
                        markup=False)
            return
        entry = self.podium.query_one(HandEntry)
        self._drafts[self.session.name] = entry.draft()
        if session is self.session:
            return
        self.session = session
        self.title = safe_text(f"floorkill — {session.name}")
        entry.restore(session.state, self._drafts.get(session.name, ""))
        self.podium.query_one(HistoryView).set_session(session)
        self.refresh_panels()
        self.notify(safe_text(f"Now at {session.name}"), timeout=3, markup=False)

    def _open_editor(self, **kwargs) -> None:
        from .table_editor import TableEditor

        def saved(name: str | None) -> None:
            if name:
                self.switch_table(name)

        self.push_screen(TableEditor(self.tables, lang=self.lang, **kwargs), saved)

    def new_table(self, copy_of: str | None = None) -> None:
        if copy_of is None:
            self._open_editor()
            return
        base = self.tables.get(copy_of).config
        self._open_editor(base=base, name="", title=safe_text(f"New table like {copy_of}"))

    def new_table_from_sample(self) -> None:
        from floorkill.resources import sample_tables

        from .tables import SampleModal

        def picked(path) -> None:
            if path is None:
                return
            try:
                tf = load_table_file(path)
            except Exception as exc:
                self.notify(str(exc), severity="error", markup=False)
                return
            name = tf.config.name
            if self.tables.has(name):
                name = ""
            self._open_editor(base=tf.config, players=tf.players, name=name,
                              title=safe_text(f"New table from the sample {path.name}"))

        self.push_screen(SampleModal(sample_tables()), picked)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        if not isinstance(screen, PodiumScreen):
            return
        yield SystemCommand("Tables", "Every table: game, stakes, kill status; switch, or add one",
                            self.action_tables)
        yield SystemCommand("Rulings", "Short post, killer in a blind, same game, one kill per deal",
                            self.action_rulings)
        yield SystemCommand("Dispute: step back through this table", "The table as it stood after "
                            "any record; filter by player or decision (F12)", self.action_dispute)
        yield SystemCommand("Shift report", "Every table's night as an HTML file for the manager",
                            self.action_report)
        yield SystemCommand("New table", "A table by form: structure, kill, house options, preset",
                            self.new_table)
        yield SystemCommand("New table from a sample", "Start from a shipped table structure",
                            self.new_table_from_sample)
        yield SystemCommand("Join a player", "Name, seat, stack; asks what the rules need",
                            self.floor_join)
        yield SystemCommand("Step away / come back", "A player leaves the seat held, or returns",
                            self.floor_away)
        yield SystemCommand("Player leaves the game", "Quit; a pending killer is asked about the kill",
                            self.floor_quit)
        yield SystemCommand("Record a stack", "A player's chips", self.floor_stack)
        yield SystemCommand("Voluntary kill", "Kill the hand being dealt (a voluntary kill)",
                            self.floor_voluntary)
        yield SystemCommand("Pay an owed kill", "A barred player posts the missed kill",
                            self.floor_pay)
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
        yield SystemCommand("All tables at a glance", "Every table's kill status (Ctrl+G)",
                            self.action_room)
        yield SystemCommand("Next floorkill theme", "Cycle felt-green, high-contrast, light, "
                            "colour-blind-safe and your own themes", self.action_next_theme)


def make_podium_app(session, *, lang: str = "en", theme: str | None = None,
                    notices: Iterable[str] = (), journal=None, others: Iterable[Any] = (),
                    cursor_blink: bool = True) -> PodiumApp:
    """The podium around ``session`` (used by the CLI and the tests); ``journal`` (default:
    the session's own) or ``others`` (in-memory sessions) are the evening's other tables."""
    return PodiumApp(session, lang=lang, theme=theme, notices=notices, journal=journal,
                     others=others, cursor_blink=cursor_blink)


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
    session, notices, closer = open_session(table_path, journal_path, floorperson)
    try:
        app = make_podium_app(session, lang=os.environ.get("FLOORKILL_LANG", "en"),
                              theme=os.environ.get("FLOORKILL_THEME") or None, notices=notices)
        app.run()
        return app.return_code or 0
    finally:
        if closer is not None:
            closer()

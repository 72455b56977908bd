"""The podium's shell: layout, keys, theme, language — and the one view its widgets read.

The app owns a :class:`floorkill.floor.Floor` (the one write path) and one reactive
:class:`~floorkill.floor.table_view.TableView`. Every change the floor reports becomes a new view;
the widgets are bound to it (``data_bind``) and each redraws what changed. Widgets talk
back with messages (``@on``). The jobs live in mixins: :mod:`.entry` (hands, undo,
showdown, the player-event flow), :mod:`.forms` (seat keys), :mod:`.tables` (switching,
new tables), :mod:`.palette` (commands).
"""

from __future__ import annotations

import gc
from collections.abc import Iterable
from pathlib import Path
from typing import Any, cast

from textual import events, on
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen

from floorkill.floor import Change, Floor
from floorkill.floor.late_problems import LateProblems
from floorkill.floor.table_view import TableView
from floorkill.i18n import LANGS, tr
from floorkill.log import log
from floorkill.rules.names import safe_text
from floorkill.store.backend import JournalBackend
from floorkill.store.session import Record, TableSession

from ..actions import PODIUM_ONLY, bindings
from ..compat import breakpoint_classes
from ..themes import DEFAULT_THEME, load_themes
from ..widgets.floor_seating import FloorSeating
from ..widgets.footer import PodiumFooter
from ..widgets.hand_entry import HandEntry
from ..widgets.history_view import HistoryView
from ..widgets.rules_panel import RulesPanel
from ..widgets.seating import Seating
from ..widgets.status_line import StatusLine
from .entry_actions import EntryActions
from .footer_keys import footer_bindings
from .form_actions import FloorForms
from .journal_work import JournalWork
from .key_gate import KeyGate, gated
from .palette import podium_commands, textual_commands
from .table_actions import TableActions

FOLLOW_EVERY = 0.25  # seconds between looks at the journal for other podiums' commits


class PodiumScreen(Screen, inherit_bindings=False):
    """The default screen, with its focus keys given ids like every other binding.

    The focus model: after every action — a form, a question or a screen closed with
    something recorded (the table list, a switch, a new table, a ruling, undo), a seat
    key's event recorded — the hand entry has the focus, so the next hand is the winner's
    seat and Enter. Only a question keeps it (the entry's own question is in the entry; a
    modal question has it until answered). A form or screen cancelled (Esc) with nothing
    recorded gives the focus back where it was. F6/F7 move it to the seats or the history
    on purpose; it stays there until the next action. Tested action by action in
    tests/ui/test_focus_model.py."""

    BINDINGS = [
        Binding("tab", "app.focus_next", "Focus next", show=False, id="focus_next"),
        Binding(
            "shift+tab", "app.focus_previous", "Focus previous", show=False, id="focus_previous"
        ),
        Binding(
            "ctrl+c,super+c", "screen.copy_text", "Copy selected text", show=False, id="copy_text"
        ),
    ]

    # the hand entry has the focus from the start: Textual's default ("*") focused the
    # seating first and the app moved it to the entry on mount — the seats' styles
    # worked out twice more before the first frame
    AUTO_FOCUS = "#entry-input"

    _shown = False
    _left: tuple | None = None

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys as the Footer shows them: in the podium's language, as many as the
        width holds (:mod:`.keys`; a hidden key still works, the palette lists it)."""
        app = self.app
        return footer_bindings(
            super().active_bindings,
            getattr(app, "lang", "en"),
            self.size.width or app.size.width,
            app.get_key_display,
        )

    def on_resize(self) -> None:
        self.refresh_bindings()  # the footer's keys fit the new width

    def on_screen_suspend(self) -> None:
        app = cast("PodiumApp", self.app)
        self._left = (app.session, len(app.session))

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """Back on the podium from a screen or modal: the entry, at once (a key typed right
        after goes there), when something was recorded or the table changed meanwhile. Not
        at the start: the app focuses the entry on mount, and a late refocus would steal
        F6 from a quick floorperson. (Runs before Textual's own handler of the event.)"""
        if not self._shown:
            self._shown = True
            # the first resume is the start: every widget was styled as it was mounted,
            # a moment ago — not styled all over again (their component classes too)
            event.refresh_styles = False
            return
        app = cast("PodiumApp", self.app)
        if self._left is None or self._left != (app.session, len(app.session)):
            app.action_focus_entry()


class PodiumApp(EntryActions, FloorForms, TableActions, App[int], inherit_bindings=False):
    """One table at a time: status line, seating diagram, rules panel, history, hand entry."""

    CSS_PATH = str(Path(__file__).with_name("podium.tcss"))  # absolute: subclasses live elsewhere
    TITLE = "floorkill"
    # 100-119 columns: the history stays, the side column gives the seats' names room
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-medium"), (120, "-wide")]
    # every podium action once, in floorkill/ui/actions.py: the keys, the footer's words,
    # the palette and which act on the podium screen only
    BINDINGS = bindings("app")
    PODIUM_ACTIONS = PODIUM_ONLY

    demo_of = None  # the real journal, when the session shown lives in the demo journal

    # the current table as every widget shows it (a new view per change: see TableView)
    table_view: reactive[TableView | None] = reactive(
        None, init=False, always_update=True, repaint=False
    )

    def __init__(
        self,
        session: TableSession,
        *,
        lang: str = "en",
        theme: str | None = None,
        notices: Iterable[str] = (),
        on_exit=None,
        journal: JournalBackend | None = None,
        others: Iterable[TableSession] = (),
        cursor_blink: bool = True,
    ) -> None:
        self._gc_paused = False
        super().__init__()
        self.cursor_blink = cursor_blink
        self.floor = Floor(session, journal, others)
        self.floor.watch(self._floor_changed)
        self.key_gate = KeyGate(self, super().on_event)
        self.journal_work = JournalWork(self, self.floor, self.key_gate, self._show_saving)
        self._drafts: dict[str, str] = {}
        self.lang = lang if lang in LANGS else "en"
        self.set_reactive(PodiumApp.table_view, TableView.of(session, self.lang))
        self._notices = list(notices)
        self._late = LateProblems(self._notices)  # the journal's, found after the opening
        self._following = False  # a follow worker is reading the journal
        self._on_exit = on_exit
        self.floorkill_themes: list[str] = []
        loaded = load_themes()
        for t in loaded.themes.values():
            self.register_theme(t)
            self.floorkill_themes.append(t.name)
        self.theme_problems: list[str] = loaded.problems
        name = theme or DEFAULT_THEME
        if name in self.available_themes:
            self.theme = name
        elif theme is not None:
            self.theme_problems.append(
                tr(
                    "theme {theme} not found; using {used}",
                    self.lang,
                    theme=repr(theme),
                    used=self.theme,
                )
            )

    async def on_event(self, event: events.Event) -> None:
        """The terminal's keys one at a time, each to where the screen is by then
        (:mod:`.key_gate`)."""
        if gated(event):
            await self.key_gate.take(event)
        else:
            await super().on_event(event)

    # -- the floor ---------------------------------------------------------------------
    @property
    def session(self):
        """The current table's session (the floor's)."""
        return self.floor.session

    @property
    def tables(self):
        return self.floor.tables

    def _floor_changed(self, change: Change) -> None:
        """A stored change or a switch: the current table's new view."""
        self._say_late_problems()
        # a pay, or a correction (which may lift or create a bar), reaches every table
        paid = change.record is not None and change.record.type in ("pay_kill", "correct")
        if change.session is not self.floor.session and not paid:
            return  # another table
        self._say_where(self.floor.session)
        # the record just stored here is the table's last: not read back (a pay may be
        # stored at the table that owes the kill; it lifts bars here too)
        self._show_view(change.record if change.session is self.floor.session else None)

    def _show_view(self, last: Record | None = None) -> None:
        """The current table's new view. Its last record (the rules panel explains it) is
        ``last``, or the one shown while it is still the last; else it is read in the
        journal work: the view is made at once when the journal answers within a frame,
        else it shows the new state at once and the record once it is read."""
        session = self.floor.session
        length = len(session)
        shown = self.table_view
        if last is None and shown is not None and shown.session is session:
            last = shown.record
        if length == 0 or (last is not None and last.seq == length):
            self.table_view = TableView(session, session.state, last, self.lang)
            return

        def read() -> Record | None:
            recs = session.records(length - 1, length)
            return recs[0] if recs else None

        def done(record: Record | None) -> None:
            if self.floor.session is session and len(session) == length:  # (not moved on)
                self.table_view = TableView(session, session.state, record, self.lang)

        def failed(exc: Exception) -> None:  # the panel explains no record meanwhile
            log.warning("podium: the table's last record could not be read", exc_info=exc)
            done(None)

        if not self.journal_work.read(read, done, failed, hold_keys=False):
            self.table_view = TableView(session, session.state, None, self.lang)

    def _say_late_problems(self) -> None:
        """A bad snapshot the journal skipped since the opening (following, undo, a switch):
        said as the opening says one, once (not while no screen is up to say it on)."""
        if not self.screen_stack:
            return
        tables = self.floor.tables
        journals = [tables.journal, *(getattr(s, "journal", None) for s in tables.open_sessions())]
        for text in self._late.new(journals, self.lang):
            self.notify(text, severity="warning", timeout=10, markup=False)

    # -- where we are: the demo journal, a closed table (from the state, every change) -----
    def in_demo(self, session: TableSession) -> bool:
        return (
            self.demo_of is not None
            and getattr(session, "journal", None) is not self.tables.journal
        )

    def title_of(self, session: TableSession) -> str:
        lang = self.lang
        closed = " — " + tr("CLOSED", lang) if session.state.closed else ""
        demo = " — " + tr("DEMO journal", lang) if self.in_demo(session) else ""
        return safe_text(f"floorkill — {session.name}{closed}{demo}")

    def _say_where(self, session: TableSession) -> None:
        self.title = self.title_of(session)
        if self.screen_stack:
            self.podium.query_one(StatusLine).badge = (
                tr("DEMO journal", self.lang) if self.in_demo(session) else ""
            )

    # -- layout --------------------------------------------------------------------
    def get_default_screen(self) -> Screen:
        screen = PodiumScreen(id="_default")
        # the width's class now, not after the first layout: "-wide" widens the side
        # column, and applying it after the first frame's layout lays out and paints twice
        width = self.size.width
        if width > 0:
            screen.set_class(
                True, *breakpoint_classes(screen, width, self.HORIZONTAL_BREAKPOINTS), update=False
            )
        return screen

    def compose(self) -> ComposeResult:
        view = self.table_view
        assert view is not None  # set in __init__
        state = view.state
        yield StatusLine(state, id="status", lang=self.lang).data_bind(view=PodiumApp.table_view)
        with Horizontal(id="main"):
            yield FloorSeating(state, id="seating", lang=self.lang).data_bind(
                view=PodiumApp.table_view
            )
            with Vertical(id="side"):
                yield RulesPanel(self.lang, state=state, record=view.record, id="rules").data_bind(
                    view=PodiumApp.table_view
                )
                yield HistoryView(view.session, self.lang, id="history").data_bind(
                    view=PodiumApp.table_view
                )
        yield HandEntry(self.floor, self.lang, id="entry").data_bind(view=PodiumApp.table_view)
        yield PodiumFooter()

    def on_mount(self) -> None:
        self._say_where(self.session)
        self.podium.query_one(StatusLine).show(self.session.state)
        self.podium.query_one(HandEntry).focus_input()
        self.call_after_refresh(self._freeze_startup_objects)
        for problem in self.theme_problems:  # each reported once, never fatal
            self.notify(
                problem,
                title=tr("Theme not loaded", self.lang),
                severity="error",
                timeout=10,
                markup=False,
            )
        if self._notices:  # (imported only when there is one)
            from ..screens.config_diff import ask_about_file

            for notice in self._notices:
                if not ask_about_file(self, notice):  # a file set up unlike the journal's table
                    self.notify(str(notice), severity="warning", timeout=10, markup=False)
        if self.floor.tables.journal is not None:  # other podiums on this journal
            self.follow_timer = self.set_interval(
                FOLLOW_EVERY, self._follow_tick, name="follow-podiums"
            )

    def _follow_tick(self) -> None:
        """The timer: the journal is read in a thread worker (a slow or absent server never
        holds the keyboard), one look at a time; what moved is shown on the event loop."""
        if self._following:
            return
        self._following = True
        self.run_worker(self._follow_in_thread, thread=True, group="follow", exit_on_error=False)

    def _follow_in_thread(self) -> None:
        moved: list[Any] | None = None
        try:
            moved = self.floor.tables.follow()
        except Exception:  # noqa: BLE001 - logged; the journal is away: the next tick tries again
            log.exception("following the journal")
        finally:
            try:
                self.call_from_thread(self._followed, moved)
            except RuntimeError:  # the app has stopped meanwhile
                self._following = False

    def _followed(self, moved: list[Any] | None) -> bool:
        """On the event loop: tell the screens which tables another podium moved."""
        self._following = False
        if not moved:
            return False
        for s in moved:
            self.floor.followed(s)
        here = any(s is self.session for s in moved)
        stack = self.screen_stack  # empty while the app shuts down
        if here and stack:
            from ..screens.room_view import RoomPlayersScreen

            if isinstance(stack[-1], RoomPlayersScreen):
                stack[-1].reload()
        return here

    def follow_journal(self) -> bool:
        """Show what other podiums committed now, on the calling thread (tests; the timer
        reads in a worker); True if this table moved."""
        try:
            moved = self.floor.tables.follow()
        except Exception:  # noqa: BLE001 - logged; the journal is away: the next tick tries again
            log.exception("following the journal")
            return False
        return self._followed(moved)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """``cursor_blink=False`` (the snapshot tests): every input, in every screen and
        modal, keeps a steady cursor, so a screenshot never catches it half-way."""
        if not self.cursor_blink and getattr(event.widget, "cursor_blink", False):
            event.widget.cursor_blink = False  # type: ignore[attr-defined]  # an Input

    def _freeze_startup_objects(self) -> None:
        """The start budget (<= 1.6x a bare Textual app, bench/ui_bench.py) fails without
        it: no cyclic collection until the first frame (:meth:`on_load`), then what is
        alive frozen out of the collector's way, and the collector on again."""
        gc.freeze()
        self._resume_gc()

    def on_load(self) -> None:
        """The app starts: no cyclic collection until its first frame."""
        if gc.isenabled():
            gc.disable()
            self._gc_paused = True

    def _resume_gc(self) -> None:
        if self._gc_paused:
            self._gc_paused = False
            gc.enable()

    def on_unmount(self) -> None:
        """The app ends: the collector runs again if the first frame never came. (What was
        frozen stays frozen, as it always has: unfrozen, the interpreter's last collection
        at exit walked all of it, and a test worker's shutdown fell in the middle of it.)"""
        self._resume_gc()
        self.journal_work.close()

    def _show_saving(self, saving: bool) -> None:
        """ "saving…" in the status line while a write to the journal is still under way."""
        if self.screen_stack:
            for status in self.podium.query(StatusLine):  # (none while the podium recomposes)
                status.set_saving(saving)

    @property
    def podium(self) -> Screen:
        """The podium screen (at the bottom of the stack, whatever is on top of it)."""
        return self.screen_stack[0] if self.screen_stack else self.screen

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The podium's keys act only on the podium screen (the table list, the rulings and
        the editor have their own)."""
        if action in self.PODIUM_ACTIONS and not isinstance(self.screen, PodiumScreen):
            return False
        return True

    # -- messages from the widgets -------------------------------------------------------
    # (each may come after the app began to close, a click or key still in a queue: no
    # screen is left then, and nothing to do)
    @on(Seating.SeatChosen)
    def _seat_chosen(self, message: Seating.SeatChosen) -> None:
        if not self.screen_stack:
            return
        self.podium.query_one(HandEntry).add_seat(message.seat)

    @on(FloorSeating.SeatAction)
    def _seat_action(self, message: FloorSeating.SeatAction) -> None:
        if not self.screen_stack:
            return
        handler = getattr(self, f"floor_{message.what}", None)
        if handler is not None:
            handler(message.seat)

    @on(HistoryView.RecordHighlighted)
    def _record_highlighted(self, message: HistoryView.RecordHighlighted) -> None:
        if not self.screen_stack:
            return
        self.podium.query_one(RulesPanel).show(self.floor.state, message.record)

    @on(HistoryView.RecordChosen)
    def _record_chosen(self, message: HistoryView.RecordChosen) -> None:
        """Enter in the history: the dispute view at that record (as F12 there)."""
        if not self.screen_stack:
            return
        from ..screens.dispute import open_dispute

        open_dispute(self, message.record.seq)

    @on(HistoryView.CorrectChosen)
    def _correct_chosen(self, message: HistoryView.CorrectChosen) -> None:
        """C in the history: the correction form for that record."""
        if not self.screen_stack:
            return
        self.correct_record(message.record)

    @on(HandEntry.Refused)
    def _entry_refused(self, message: HandEntry.Refused) -> None:
        if not self.screen_stack:
            return
        self.podium.query_one(RulesPanel).show_refusal(message.refusal)

    # -- view actions -----------------------------------------------------------------------
    def action_language(self) -> None:
        self.lang = LANGS[(LANGS.index(self.lang) + 1) % len(LANGS)]
        self._say_where(self.session)  # the demo badge, before the status line redraws
        self._show_view()  # (nothing read again)
        self.podium.refresh_bindings()  # the podium footer's words (F3 on a side screen too)

    def action_side_panel(self) -> None:
        self.podium.query_one("#side").toggle_class("-history")

    def action_keys_help(self) -> None:
        """The keys panel (every key of the focused widget and the screen), or away again."""
        if self.screen.query("HelpPanel"):
            self.action_hide_help_panel()
        else:
            self.action_show_help_panel()

    def action_focus_entry(self) -> None:
        self.podium.query_one(HandEntry).focus_input()

    def action_focus_seats(self) -> None:
        # at once, not Widget.focus()'s deferred call: a digit typed right after F6 picks a
        # seat, never lands in the entry ("86")
        self.podium.set_focus(self.podium.query_one(Seating))

    def action_focus_history(self) -> None:
        side = self.podium.query_one("#side")
        if self.screen.has_class("-narrow"):
            side.add_class("-history")
        self.podium.set_focus(self.podium.query_one(HistoryView))

    def action_next_theme(self) -> None:
        names = self.floorkill_themes or [self.theme]
        i = names.index(self.theme) if self.theme in names else -1
        self.theme = names[(i + 1) % len(names)]

    def action_dispute(self) -> None:
        from ..screens.dispute import open_dispute

        open_dispute(self)

    def action_placard(self) -> None:
        """This table's placard in player words (the rules model's, F3 for Russian)."""
        from ..screens.placard_screen import PlacardScreen

        self.push_screen(PlacardScreen(self.session.config, self.lang))

    def action_report(self) -> None:
        from ..screens.dispute import podium_report

        podium_report(self)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from textual_commands(self, screen)  # Textual's own, in the language
        if isinstance(screen, PodiumScreen):
            yield from podium_commands(self)

    def action_command_palette(self) -> None:
        """The palette, its search line in the language on screen."""
        from textual.command import CommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]  # Textual asks App[object]; App is invariant
            self.push_screen(
                CommandPalette(
                    id="--command-palette", placeholder=tr("Search for commands…", self.lang)
                )
            )


def make_podium_app(
    session: TableSession,
    *,
    lang: str = "en",
    theme: str | None = None,
    notices: Iterable[str] = (),
    journal: JournalBackend | None = None,
    others: Iterable[TableSession] = (),
    cursor_blink: bool = True,
) -> PodiumApp:
    """The podium around ``session`` (used by the CLI and the tests); ``journal`` (default:
    the session's own) or ``others`` (in-memory sessions) are the evening's other tables.
    ``cursor_blink=False`` for snapshot tests."""
    return PodiumApp(
        session,
        lang=lang,
        theme=theme,
        notices=notices,
        journal=journal,
        others=others,
        cursor_blink=cursor_blink,
    )

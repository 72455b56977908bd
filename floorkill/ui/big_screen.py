"""Big screen: a read-only display for the players that follows the podium live.

``floorkill big-screen [--journal PATH] [--table NAME] [--serve [--host H] [--port P]]``
(spec section 9). It shows the seating diagram with the kill button, the limits of the
coming hand in large digits, a banner when the coming hand is a kill pot or someone has a
leg up — KILL POT / LEG UP, the seat and the name in block letters (:mod:`.bigtext`) over
the sentence ("KILL POT — Seat 3 Cy — $20-$40") — and the last decision in a sentence
with its clause. With no ``--table``: every table of the journal in a grid of cards
(:mod:`.grid`) when they all fit at a readable size (or ``grid=True``), else one table at
a time in turn (``rotate`` seconds each; grid pages turn at the same pace). High-contrast
theme by default; laid out for 100×27 cells and up. ``placard=True`` (``--placard``)
shows instead each table's placard — its game, limits and kill rules in player words with
the clauses, from the rules model (:mod:`floorkill.rules.placard`), English or Russian —
following the journal (an edited table's placard changes with it).

Following the podium: every ``poll`` seconds (0.1 by default) a worker thread asks the
read-only journal whether anything was committed (``PRAGMA data_version``) and, if so,
folds the new rows. A journal being written, checkpointed or briefly locked is retried
quietly and the last good picture stays up; a journal that is missing (or not a journal
yet) is said in words — "Waiting for the podium journal …" — and retried until it is back. A
snapshot the journal skipped because it is not the state its row records in the hash chain
(an edited file) is never shown: the table is folded from the events, and a line at the
foot of every page says which table and row.

Read-only by construction:

* the journal is opened only through :class:`~floorkill.store.readonly.ReadOnlyJournal`
  (``mode=ro``, no ATTACH, deny-by-default authorizer);
* the app and its screen have no key bindings at all (Textual's ``ctrl+q`` quit,
  ``ctrl+c`` help-quit / copy, ``tab`` focus and ``ctrl+p`` palette are gone), no command
  palette, nothing focusable, no text selection, and :meth:`BigScreenApp.run_action`
  refuses every action — whether from a key, a click or ``@click`` markup;
* screenshots, file delivery (the browser download of textual-serve), clipboard and URL
  opening are disabled;
* names are text, never markup (``Content``), with control characters replaced
  (``safe_text``).

The deliberate way out, since no single key quits: **type the word ``quit`` and press
Enter** (letters typed in a row, any case; any other key in between starts over), or send
the process SIGTERM / SIGINT from a shell (``kill PID``). In a served browser session,
``quit`` + Enter only ends that browser's own display process; the page reconnects and
starts a fresh one.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.events import Click, Key
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Digits, Static

from floorkill import vocab
from floorkill.i18n import N_, get_lang, normalize, ntr, tr
from floorkill.rules import TableState, next_hand
from floorkill.rules.clauses import title as clause_title
from floorkill.rules.names import safe_text
from floorkill.rules.placard import placard as table_placard
from floorkill.store.backend import is_url, location_text
from floorkill.store.backend import open_journal as open_any_journal
from floorkill.store.errors import JournalError, UnknownTable
from floorkill.store.readonly import ReadOnlyJournal

from .bigtext import big_lines, big_width
from .grid import RoomGrid, fits_big, room_title
from .seating import Seating
from .status_line import barred_text, game_text, seat_name
from .themes import load_themes

BIG_SCREEN_THEME = "high-contrast"
DEFAULT_POLL = 0.1  # seconds between data_version checks
DEFAULT_ROTATE = 12.0  # seconds per table when showing every table
GRACE = 3.0  # a readable-but-locked journal keeps the last picture this long
PARENT_ENV = "FLOORKILL_DISPLAY_PARENT"  # served: the server's pid (see serve.py)
QUIT_WORD = "quit"  # typed, then Enter: the deliberate way out
WAITING_JOURNAL = N_("Waiting for the podium journal …")
WAITING_TABLE = N_("Waiting for the podium to open a table …")
SNAPSHOT_SKIPPED = N_(
    "⚠ {table}: a saved snapshot (seq {seq}) does not match the journal — not "
    "used; shown from the events. Check with floorkill verify."
)
LAST_RECORDS = 200  # how far back to look for the last decision


# ---------------------------------------------------------------------------
# what the screen shows (plain data, no Textual)


@dataclass(frozen=True)
class LastDecision:
    hand: int | None  # the hand it followed, for hand records
    text: str  # sentence(s), plain text
    cites: tuple[str, ...]


@dataclass(frozen=True)
class TableView:
    name: str
    state: TableState
    seq: int
    last: LastDecision | None


@dataclass(frozen=True)
class Picture:
    """One poll's result: the tables to show, or why there is nothing to show yet."""

    tables: tuple[TableView, ...] = ()
    waiting: str | None = None  # headline when nothing can be shown
    detail: str = ""  # a quieter second line
    problems: tuple[str, ...] = ()  # bad snapshots skipped, said on screen
    at: float = field(default=0.0, compare=False)


def last_decision(records: Iterable[Any], lang: str | None = None) -> LastDecision | None:
    """The newest live record that carries decisions (records in seq order)."""
    lang = lang or get_lang()
    for rec in reversed(list(records)):
        if rec.type == "void" or rec.voided or not rec.decisions:
            continue
        texts = [safe_text(d.text(lang)) for d in rec.decisions]
        cites: list[str] = []
        for d in rec.decisions:
            cites += [c for c in d.cites if c not in cites]
        text = "; ".join(t[:1].upper() + t[1:] for t in texts if t)
        return LastDecision(rec.hand if rec.type == "hand" else None, text, tuple(cites))
    return None


def problem_text(problem: Any, lang: str | None = None) -> str:
    """A journal problem as the big screen says it: a bad snapshot skipped in a short line
    of its own (the journal reports it with its table and seq), anything else as given."""
    table, seq = getattr(problem, "table", None), getattr(problem, "seq", None)
    if isinstance(table, str) and isinstance(seq, int):
        return tr(SNAPSHOT_SKIPPED, lang, table=safe_text(table), seq=seq)
    return safe_text(str(problem))


def _table_view(session, lang: str | None = None) -> TableView:
    n = len(session)
    last = last_decision(session.records(max(0, n - LAST_RECORDS), n), lang) if n else None
    return TableView(session.name, session.state, session.seq, last)


class Follower:
    """Follows a journal through the read-only path; one :meth:`poll` per timer tick.

    ``poll()`` returns a new :class:`Picture` when there is something new to show and
    ``None`` when the screen should stay as it is. It never raises: a journal that cannot
    be read is retried on the next poll (quietly while it exists and the last picture is
    younger than ``grace`` seconds; in words otherwise). Thread-safe enough for one
    poller at a time (the app awaits each poll before the next).
    """

    def __init__(
        self,
        path: str | Path,
        table: str | None = None,
        *,
        grace: float = GRACE,
        clock: Callable[[], float] = time.monotonic,
        open_journal: Callable[[Path], ReadOnlyJournal] | None = None,
        lang: str | None = None,
    ) -> None:
        self.path = path if is_url(path) else Path(path)  # a file, or postgresql://
        self.lang = lang or get_lang()
        self.table = table
        self.grace = grace
        self.clock = clock
        self._open_journal = open_journal or (
            lambda p: open_any_journal(p, readonly=True, busy_timeout=0.1, retry_for=1.0)
        )
        self._ro: ReadOnlyJournal | None = None
        self._ident: tuple[int, int] | None = None
        self._sessions: dict[str, Any] = {}
        self._views: dict[str, TableView] = {}  # reused while a table's seq is unchanged
        self._last: Picture | None = None
        self._last_ok = 0.0
        self.polls = 0

    # -- helpers ---------------------------------------------------------------
    def _file_ident(self) -> tuple[int, int] | None:
        if is_url(self.path):
            return (0, 0)  # a server: the connection says if it is gone
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return st.st_dev, st.st_ino

    def _drop(self) -> None:
        ro, self._ro, self._sessions, self._ident = self._ro, None, {}, None
        self._views = {}
        if ro is not None:
            try:
                ro.close()
            except Exception:
                pass

    def close(self) -> None:
        self._drop()

    def _open(self) -> None:
        self._ident = self._file_ident()
        self._ro = self._open_journal(self.path)

    def _sync_tables(self) -> None:
        ro = self._ro
        assert ro is not None
        names = [self.table] if self.table is not None else ro.open_table_names()  # closed: hidden
        for name in list(self._sessions):
            if name not in names:
                del self._sessions[name]
        for name in names:
            s = self._sessions.get(name)
            if s is None:
                try:
                    self._sessions[name] = ro.open_table(name)
                except UnknownTable:
                    continue
            else:
                ro.refresh(s)

    def _picture(self) -> Picture:
        now = self.clock()
        self._last_ok = now
        if not self._sessions:
            if self.table is not None:
                return Picture(
                    waiting=tr(
                        "Waiting for table “{name}” …", self.lang, name=safe_text(self.table)
                    ),
                    detail=tr("The podium has not opened it in this journal yet.", self.lang),
                    at=now,
                )
            return Picture(
                waiting=tr(WAITING_TABLE, self.lang),
                detail=tr("The journal has no table yet.", self.lang),
                at=now,
            )
        views = []
        for name, s in self._sessions.items():
            view = self._views.get(name)
            if view is None or view.seq != s.seq or view.state is not s.state:  # room bars too
                view = self._views[name] = _table_view(s, self.lang)
            views.append(view)
        return Picture(tables=tuple(views), at=now, problems=self._problems())

    def _problems(self) -> tuple[str, ...]:
        """What the journal skipped while reading (a snapshot that is not what its row
        records): never shown as the table, always said."""
        found = getattr(self._ro, "problems", None) or ()
        return tuple(problem_text(p, self.lang) for p in found)

    # -- the poll ----------------------------------------------------------------
    def poll(self) -> Picture | None:
        self.polls += 1
        try:
            if self._ro is not None and self._file_ident() != self._ident:
                self._drop()  # gone or replaced: start again
                if self._file_ident() is None:
                    return self._unavailable(missing=True)
            if self._ro is None:
                self._open()
                self._sync_tables()
            elif self._ro.changed():
                self._sync_tables()
            elif self._last is not None and self._last.waiting is None:
                return None
            elif self.table is None or not self._sessions:
                self._sync_tables()  # a table may appear without a commit we saw
            picture = self._picture()
        except Exception as exc:  # never an error in front of the players
            self._drop()
            why = str(exc) if isinstance(exc, JournalError) else None
            return self._unavailable(missing=self._file_ident() is None, why=why)
        if picture == self._last:
            return None
        self._last = picture
        return picture

    def _unavailable(self, *, missing: bool, why: str | None = None) -> Picture | None:
        now = self.clock()
        last = self._last
        if (
            not missing
            and last is not None
            and last.waiting is None
            and now - self._last_ok < self.grace
        ):
            return None  # written, checkpointed or locked: wait quietly
        if missing:
            detail = tr(
                "No journal at {path} yet. Retrying …",
                self.lang,
                path=safe_text(location_text(self.path)),
            )
        else:
            where = safe_text(location_text(self.path))
            detail = tr(
                "The journal at {path} cannot be read yet. Retrying …", self.lang, path=where
            )
            if why:  # the journal's own words (newer schema…)
                why = why.removeprefix(f"{self.path}: ")
                detail = tr(
                    "The journal at {path} cannot be read yet: {reason}. Retrying …",
                    self.lang,
                    path=where,
                    reason=safe_text(why),
                )
        picture = Picture(waiting=tr(WAITING_JOURNAL, self.lang), detail=detail, at=now)
        if picture == last:
            return None
        self._last = picture
        return picture


# ---------------------------------------------------------------------------
# texts (plain strings; every name passed through safe_text)


def limits_text(state: TableState) -> str:
    return state.config.stakes_text(next_hand(state).limits)


def banner_parts(state: TableState, lang: str | None = None) -> tuple[str, str]:
    """(kind, text): kind is "kill", "leg" or "neutral"."""
    b = state.button
    cfg = state.config

    def who() -> str:
        return (
            seat_name(state, b.seat, b.player, lang)
            if b.seat is not None
            else safe_text(b.player or "")
        )

    if b.killed:
        text = tr("KILL POT — {who} — {limits}", lang, who=who(), limits=limits_text(state))
        if b.kind and b.kind != "required":
            text += f" ({vocab.word(vocab.BY_KIND, b.kind, lang)})"
        return "kill", text
    if b.status == "leg-up":
        return "leg", tr("LEG UP — {who}", lang, who=who())
    if not cfg.is_kill_game:
        return "neutral", tr("No kill in this game — {limits}", lang, limits=limits_text(state))
    return "neutral", tr("No kill — {limits}", lang, limits=limits_text(state))


def big_banner_parts(state: TableState, lang: str | None = None) -> tuple[str, str, str]:
    """(status, seat, name) for the block letters: "KILL POT", "SEAT 3", "CY"; empty
    strings where there is nothing to say."""
    b = state.button
    if b.killed or b.status == "leg-up":
        status = tr("KILL POT", lang) if b.killed else tr("LEG UP", lang)
        if b.seat is None:
            return status, "", ""
        p = state.player(b.seat)
        name = safe_text(p.name if p is not None else (b.player or ""))
        return status, tr("SEAT {seat}", lang, seat=b.seat), name.upper()
    return tr("NO KILL", lang), "", ""


def headline(state: TableState, lang: str | None = None) -> tuple[str, str]:
    """(table name, game line)."""
    return safe_text(state.config.name), safe_text(game_text(state.config, lang))


def decision_content(last: LastDecision | None, lang: str | None = None) -> Content:
    if last is None:
        return Content.assemble((tr("Last decision: ", lang), "bold"), tr("none yet", lang))
    parts: list[str | tuple[str, str]] = [(tr("Last decision", lang), "bold")]
    if last.hand is not None:
        parts.append((" · " + tr("hand {n}", lang, n=last.hand), "bold"))
    parts += [": ", last.text]
    if last.cites:
        first = last.cites[0]
        cite = ", ".join(last.cites)
        title = clause_title(first, normalize(lang) or get_lang())
        parts += ["  ", (f"({cite} — {title})", "bold $accent")]
    return Content.assemble(*parts)


# ---------------------------------------------------------------------------
# widgets


class BigSeating(Seating, can_focus=False, inherit_bindings=False):
    """The podium's seating diagram without its keys, cursor or click messages."""

    BINDINGS: ClassVar[list[BindingType]] = []

    def on_click(self, event: Click) -> None:
        event.prevent_default()  # no SeatChosen, no cursor move
        event.stop()

    def action_choose(self) -> None:  # unreachable (no binding), kept inert
        return None

    def action_cursor(self, step: int) -> None:
        return None


class BigBanner(Widget):
    """The kill status in block letters: KILL POT / LEG UP, the seat, and the name when
    the name can be drawn and fits (else the sentence below the letters names it)."""

    DEFAULT_CSS = """
    BigBanner { height: 3; width: 1fr; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.parts: tuple[str, str, str] = ("", "", "")

    def show(self, parts: tuple[str, str, str]) -> None:
        if parts != self.parts:
            self.parts = parts
            self.refresh()

    def lines(self, width: int) -> list[str]:
        status, seat, name = self.parts
        for words in ((status, seat, name), (status, seat), (status,), (status.split(" ")[0],)):
            words = tuple(w for w in words if w)
            if not words:
                return ["", "", ""]
            text = "    ".join(words)  # parts apart more than words
            rows = big_lines(text, width)
            if rows is not None:
                pad = max(0, (width - big_width(text)) // 2)
                return [" " * pad + r for r in rows]
        return ["", "", ""]

    def render(self) -> Text:
        return Text("\n".join(self.lines(self.content_region.width)), no_wrap=True, end="")


class BigScreenScreen(Screen, inherit_bindings=False):
    """The default screen, without Screen's tab / shift+tab / ctrl+c bindings."""

    BINDINGS: ClassVar[list[BindingType]] = []
    AUTO_FOCUS = None
    ALLOW_SELECT = False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return False


# ---------------------------------------------------------------------------
# the app


class BigScreenApp(App[int], inherit_bindings=False):
    """The big screen. See the module docstring for how to leave it."""

    CSS_PATH = str(Path(__file__).with_name("big_screen.tcss"))
    TITLE = "floorkill big screen"
    BINDINGS: ClassVar[list[BindingType]] = []
    ENABLE_COMMAND_PALETTE = False
    COMMANDS: ClassVar[set] = set()
    AUTO_FOCUS = None
    ALLOW_SELECT = False

    def __init__(
        self,
        follower: Follower,
        *,
        poll: float = DEFAULT_POLL,
        rotate: float = DEFAULT_ROTATE,
        theme: str | None = None,
        handle_signals: bool = False,
        grid: bool | None = None,
        placard: bool = False,
        lang: str | None = None,
    ) -> None:
        super().__init__()
        self.follower = follower
        self.placard_mode = placard  # the tables' placards, not their play
        self.lang = normalize(lang) or follower.lang
        self.title = tr("floorkill big screen", self.lang)
        self.grid_mode = grid  # True always, False never, None when it fits
        self.in_grid = False  # the grid is on screen
        self.grid_at = 0.0  # monotonic time the grid was last updated
        parent = os.environ.get(PARENT_ENV, "")
        self._server_pid = int(parent) if parent.isdigit() else None
        self.poll_interval = poll
        self.rotate_interval = rotate
        self.picture: Picture | None = None
        self.index = 0  # which table is on screen
        self.shown: TableView | None = None
        self.shown_at = 0.0  # monotonic time the shown view was set
        self._typed = ""
        self._handle_signals = handle_signals
        self._polling = False
        loaded = load_themes()
        for t in loaded.themes.values():
            self.register_theme(t)
        wanted = theme or BIG_SCREEN_THEME
        if wanted in self.available_themes:
            self.theme = wanted

    def get_default_screen(self) -> Screen:
        return BigScreenScreen(id="_default")

    def compose(self) -> ComposeResult:
        with Vertical(id="table"):
            with Horizontal(id="top"):
                with Vertical(id="names"):
                    yield Static("", id="table-name", markup=False)
                    yield Static("", id="game", markup=False)
                    yield Static("", id="hand", markup=False)
                with Vertical(id="limits-box"):
                    yield Static(tr("LIMITS", self.lang), id="limits-label", markup=False)
                    yield Digits("", id="limits")
            with Vertical(id="banner-box"):
                yield BigBanner(id="banner-big")
                yield Static("", id="banner", markup=False)
            yield BigSeating(id="seating", lang=self.lang)
            yield Static("", id="last", markup=False)
            yield Static("", id="barred", markup=False)
            yield Static("", id="rotation", markup=False)
        with Vertical(id="room"):
            yield Static("", id="room-title", markup=False)
            yield RoomGrid(id="room-grid", lang=self.lang)
        with Vertical(id="placard"):
            yield Static("", id="placard-title", markup=False)
            yield Static("", id="placard-lines", markup=False)
            yield Static("", id="placard-rotation", markup=False)
        with Vertical(id="waiting"):
            yield Static(tr(WAITING_JOURNAL, self.lang), id="waiting-text", markup=False)
            yield Static("", id="waiting-detail", markup=False)
        yield Static("", id="problems", markup=False)

    async def on_mount(self) -> None:
        self.query_one("#table").display = False
        self.query_one("#room").display = False
        self.query_one("#placard").display = False
        self.query_one("#problems").display = False
        await self._poll()  # the first picture before the first frame
        self.set_interval(self.poll_interval, self._poll, name="follow-journal")
        if self.rotate_interval > 0:
            self.set_interval(self.rotate_interval, self._rotate, name="rotate-tables")
        if self._handle_signals:
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
                try:
                    loop.add_signal_handler(sig, self.exit, 0)
                except (NotImplementedError, RuntimeError, ValueError):
                    pass

    def on_unmount(self) -> None:
        self.follower.close()

    # -- following -------------------------------------------------------------
    def _orphaned(self) -> bool:
        """Served: the server that started this display is gone (killed outright)."""
        return self._server_pid is not None and os.getppid() != self._server_pid

    async def _poll(self) -> None:
        if self._orphaned():
            self.exit(0)
            return
        if self._polling:
            return
        self._polling = True
        try:
            picture = await asyncio.to_thread(self.follower.poll)
        except Exception:  # the follower never raises; belt and braces
            picture = None
        finally:
            self._polling = False
        if picture is not None and self.screen_stack:  # none while the app shuts down
            self.show_picture(picture)

    def _rotate(self) -> None:
        if not self.screen_stack:  # a last tick while the app shuts down
            return
        p = self.picture
        if self.in_grid:
            grid = self.query_one(RoomGrid)
            if grid.pages > 1:
                grid.next_page()
                self._grid_title(p)
            return
        if p is None or len(p.tables) < 2:
            return
        self.index = (self.index + 1) % len(p.tables)
        if self.placard_mode:
            self._show_placard(p)
            return
        self._show_table(p)

    def show_picture(self, picture: Picture) -> None:
        """Put a picture on screen (also used by tests to show a crafted state)."""
        previous = self.shown.name if self.shown is not None else None
        self.picture = picture
        self._show_problems(picture.problems)
        table = self.query_one("#table")
        waiting = self.query_one("#waiting")
        if picture.waiting is not None or not picture.tables:
            self.shown = None
            self.in_grid = False
            table.display = False
            self.query_one("#room").display = False
            self.query_one("#placard").display = False
            waiting.display = True
            self.query_one("#waiting-text", Static).update(
                Content(picture.waiting or tr(WAITING_JOURNAL, self.lang))
            )
            self.query_one("#waiting-detail", Static).update(Content(picture.detail))
            return
        waiting.display = False
        if self.placard_mode:
            table.display = False
            self.query_one("#room").display = False
            names = [t.name for t in picture.tables]
            self.index = (
                names.index(previous) if previous in names else min(self.index, len(names) - 1)
            )
            self._show_placard(picture)
            return
        if self._wants_grid(picture):
            table.display = False
            self._show_grid(picture)
            return
        self.in_grid = False
        self.query_one("#room").display = False
        names = [t.name for t in picture.tables]
        if previous in names:
            self.index = names.index(previous)
        else:
            self.index = min(self.index, len(names) - 1)
        waiting.display = False
        table.display = True
        self._show_table(picture)

    def _show_problems(self, problems: tuple[str, ...]) -> None:
        """One line at the foot of every page while the journal reports a problem (the
        first one, and how many more)."""
        line = self.query_one("#problems", Static)
        line.display = bool(problems)
        if problems:
            more = len(problems) - 1
            text = problems[0] + (
                (" " + ntr("(+{n} more)", "(+{n} more)", more, self.lang)) if more else ""
            )
            line.update(Content(text))

    def _show_placard(self, picture: Picture) -> None:
        """The shown table's placard: lines and clauses as the rules model words them."""
        view = picture.tables[self.index]
        card = table_placard(view.state.config)
        lang = self.lang
        self.query_one("#placard").display = True
        self.query_one("#placard-title", Static).update(
            Content.assemble((card.title.get(lang) or card.title["en"], "bold"))
        )
        parts: list = []
        for i, line in enumerate(card.lines):
            if i:
                parts.append("\n")
            parts.append(("• " + line.render(lang), ""))
            if line.cites:
                parts.append(("  " + ", ".join(line.cites), "dim"))
        self.query_one("#placard-lines", Static).update(Content.assemble(*parts))
        rotation = self.query_one("#placard-rotation", Static)
        n = len(picture.tables)
        rotation.display = n > 1
        if n > 1:
            rotation.update(Content(f"{self.index + 1} / {n}"))
        self.shown = view
        self.shown_at = time.monotonic()

    def _wants_grid(self, picture: Picture) -> bool:
        if self.placard_mode:
            return False
        if self.grid_mode is not None:
            return self.grid_mode
        if self.follower.table is not None or len(picture.tables) < 2:
            return False
        size = self.size
        return fits_big(len(picture.tables), size.width, size.height - 1)

    def _show_grid(self, picture: Picture) -> None:
        self.in_grid = True
        self.shown = None
        room = self.query_one("#room")
        room.display = True
        self.query_one(RoomGrid).show([t.state for t in picture.tables])
        self._grid_title(picture)
        self.grid_at = time.monotonic()

    def _grid_title(self, picture: Picture | None) -> None:
        grid = self.query_one(RoomGrid)
        n = len(picture.tables) if picture is not None else 0
        self.query_one("#room-title", Static).update(
            Content(room_title(n, grid.page, grid.pages, self.lang))
        )

    def on_room_grid_paged(self) -> None:
        self._grid_title(self.picture)

    def on_resize(self) -> None:
        if self.picture is not None and self.is_mounted:
            self.call_after_refresh(self._reshow)

    def _reshow(self) -> None:
        if self.picture is not None and self._wants_grid(self.picture) != self.in_grid:
            self.show_picture(self.picture)

    def _show_table(self, picture: Picture) -> None:
        view = picture.tables[self.index]
        st = view.state
        lang = self.lang
        name, game = headline(st, lang)
        self.query_one("#table-name", Static).update(Content.assemble((name, "bold")))
        self.query_one("#game", Static).update(Content(game))
        self.query_one("#hand", Static).update(
            Content.assemble(tr("Next hand: ", lang), (f"{st.hands + 1}", "bold"))
        )
        kind, text = banner_parts(st, lang)
        self.query_one("#banner-box").set_classes(f"-{kind}")
        self.query_one(BigBanner).show(big_banner_parts(st, lang))
        self.query_one("#banner", Static).update(Content(text))
        label = tr("KILL LIMITS", lang) if st.button.killed else tr("LIMITS", lang)
        self.query_one("#limits-label", Static).update(Content(label))
        limits = self.query_one("#limits", Digits)
        limits.update(limits_text(st))
        limits.set_class(st.button.killed, "-kill")
        self.query_one(BigSeating).show(st)
        self.query_one("#last", Static).update(decision_content(view.last, lang))
        barred = barred_text(st, lang)
        barred_w = self.query_one("#barred", Static)
        barred_w.display = bool(barred)
        barred_w.update(Content(barred))
        rotation = self.query_one("#rotation", Static)
        n = len(picture.tables)
        rotation.display = n > 1
        if n > 1:
            nxt = picture.tables[(self.index + 1) % n].name
            rotation.update(
                Content(
                    tr(
                        "Table {index} of {count} · next: {name}",
                        lang,
                        index=self.index + 1,
                        count=n,
                        name=safe_text(nxt),
                    )
                )
            )
        self.shown = view
        self.shown_at = time.monotonic()

    # -- the only input: the deliberate way out ------------------------------------
    def on_key(self, event: Key) -> None:
        event.stop()
        event.prevent_default()
        if event.key == "enter":
            if self._typed == QUIT_WORD:
                self.exit(0)
            self._typed = ""
            return
        ch = event.character
        if event.is_printable and ch and len(ch) == 1:
            self._typed = (self._typed + ch.lower())[-len(QUIT_WORD) :]
        else:
            self._typed = ""

    # -- no action, no write path --------------------------------------------------
    async def run_action(self, action, default_namespace=None, namespaces=None) -> bool:
        """Every action is refused: keys, clicks and ``@click`` markup do nothing."""
        return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return False

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        return None

    def deliver_screenshot(self, *args, **kwargs) -> None:
        return None

    def save_screenshot(self, *args, **kwargs) -> str:
        raise PermissionError("the big screen saves no files")

    def deliver_text(self, *args, **kwargs) -> None:
        return None

    def deliver_binary(self, *args, **kwargs) -> None:
        return None

    def copy_to_clipboard(self, text: str) -> None:
        return None

    def open_url(self, url: str, *, new_tab: bool = True) -> None:
        return None

    def action_command_palette(self) -> None:
        return None

    def action_suspend_process(self) -> None:
        return None

    def action_change_theme(self) -> None:
        return None

    def action_toggle_dark(self) -> None:
        return None

    def action_show_help_panel(self) -> None:
        return None

    async def action_quit(self) -> None:
        return None

    def action_help_quit(self) -> None:
        return None


# ---------------------------------------------------------------------------
# entry points


def make_big_screen_app(
    journal_path: str | Path,
    table_name: str | None = None,
    *,
    poll: float = DEFAULT_POLL,
    rotate: float = DEFAULT_ROTATE,
    theme: str | None = None,
    grace: float = GRACE,
    handle_signals: bool = False,
    grid: bool | None = None,
    placard: bool = False,
    lang: str | None = None,
) -> BigScreenApp:
    """The big-screen app following ``journal_path``: one table, or all of them — in a
    grid (``grid`` True, or None and they fit) or in turn; ``placard``: their placards; in
    ``lang`` (default: the language in use, :func:`floorkill.i18n.get_lang`)."""
    follower = Follower(journal_path, table_name, grace=grace, lang=lang)
    return BigScreenApp(
        follower,
        poll=poll,
        rotate=rotate,
        theme=theme,
        handle_signals=handle_signals,
        grid=grid,
        placard=placard,
        lang=lang,
    )


def run_big_screen(
    journal_path: str | Path,
    table_name: str | None = None,
    *,
    serve: bool = False,
    host: str = "127.0.0.1",
    port: int = 8000,
    rotate: float = DEFAULT_ROTATE,
    grid: bool | None = None,
    token: str | None = None,
    max_displays: int | None = None,
    placard: bool = False,
    lang: str = "en",
) -> int:
    """``floorkill big-screen``: run in this terminal, or serve to browsers (``serve``)."""
    if serve:
        from .serve import DEFAULT_MAX_DISPLAYS, serve_big_screen

        os.environ["FLOORKILL_LANG"] = get_lang()  # every display runs in this language

        return serve_big_screen(
            journal_path,
            table_name,
            host=host,
            port=port,
            rotate=rotate,
            grid=grid,
            token=token,
            max_displays=max_displays or DEFAULT_MAX_DISPLAYS,
            placard=placard,
            lang=lang,
        )
    app = make_big_screen_app(
        journal_path,
        table_name,
        rotate=rotate,
        handle_signals=True,
        grid=grid,
        placard=placard,
        lang=lang,
    )
    result = app.run()
    return int(result or 0) if app.return_code in (None, 0) else int(app.return_code)


__all__ = [
    "BigScreenApp",
    "BigSeating",
    "Follower",
    "JournalError",
    "LastDecision",
    "Picture",
    "TableView",
    "banner_parts",
    "last_decision",
    "limits_text",
    "make_big_screen_app",
    "run_big_screen",
]

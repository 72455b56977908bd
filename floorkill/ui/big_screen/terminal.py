"""Big screen: a read-only display for the players that follows the podium live.

``floorkill big-screen [--journal PATH] [--table NAME] [--serve [--host H] [--port P]]``
(docs/rules.md section 9). It shows the seating diagram with the kill button, the limits of the
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

What it shows is the big screen's view model (:mod:`floorkill.display.view`), built from
the journal follower's pictures (:mod:`floorkill.display.follow`, polled in a worker
thread every ``poll`` seconds); the TV page (:mod:`floorkill.web`, ``--serve``) draws the
same view in a browser.

Read-only by construction:

* the journal is opened only through :class:`~floorkill.store.readonly.ReadOnlyJournal`
  (``mode=ro``, no ATTACH, deny-by-default authorizer);
* the app and its screen have no key bindings at all (Textual's ``ctrl+q`` quit,
  ``ctrl+c`` help-quit / copy, ``tab`` focus and ``ctrl+p`` palette are gone), no command
  palette, nothing focusable, no text selection, and :meth:`BigScreenApp.run_action`
  refuses every action — whether from a key, a click or ``@click`` markup;
* screenshots, file delivery, clipboard and URL opening are disabled;
* names are text, never markup (``Content``), with control characters replaced
  (``safe_text``).

The deliberate way out, since no single key quits: **type the word ``quit`` and press
Enter** (letters typed in a row, any case; any other key in between starts over), or send
the process SIGTERM / SIGINT from a shell (``kill PID``).
"""

from __future__ import annotations

import asyncio
import signal
import time
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.events import Click, Key
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Digits, Static

from floorkill.display.block_letters import big_lines, big_width
from floorkill.display.follow import (
    DEFAULT_POLL,
    GRACE,
    WAITING_JOURNAL,
    WAITING_TABLE,
    Follower,
    LastDecision,
    Picture,
    TableView,
    last_decision,
)
from floorkill.display.view import BigScreenView, Decision, ViewBuilder
from floorkill.display.words import banner_parts, limits_text
from floorkill.i18n import normalize, tr
from floorkill.log import log
from floorkill.store.errors import JournalError

from ..themes import load_themes
from ..widgets.room_grid import RoomGrid, fits_big
from ..widgets.seating import Seating

BIG_SCREEN_THEME = "high-contrast"
DEFAULT_ROTATE = 12.0  # seconds per table when showing every table
QUIT_WORD = "quit"  # typed, then Enter: the deliberate way out


def decision_content(last: Decision) -> Content:
    """The last decision's line as the view words it: the head in bold, the clauses in
    the accent colour."""
    if last.none:
        return Content.assemble((last.head, "bold"), last.text)
    parts: list[str | tuple[str, str]] = [(last.head, "bold")]
    if last.hand:
        parts.append((last.hand, "bold"))
    parts += [": ", last.text]
    if last.cite:
        parts += ["  ", (last.cite, "bold $accent")]
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
        choices: tuple[tuple[str, ...], ...] = (
            (status, seat, name),
            (status, seat),
            (status,),
            (status.split(" ")[0],),
        )
        for words in choices:
            words = tuple(word for word in words if word)
            if not words:
                return ["", "", ""]
            text = "    ".join(words)  # parts apart more than words
            rows = big_lines(text, width)
            if rows is not None:
                pad = max(0, (width - big_width(text)) // 2)
                return [" " * pad + row for row in rows]
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
        self.poll_interval = poll
        self.rotate_interval = rotate
        self.picture: Picture | None = None
        self.views = ViewBuilder(self.lang)
        self.view: BigScreenView | None = None  # what the picture says, in words
        self.index = 0  # which table is on screen
        self.shown: TableView | None = None
        self.shown_at = 0.0  # monotonic time the shown view was set
        self._typed = ""
        self._handle_signals = handle_signals
        self._polling = False
        loaded = load_themes()
        for loaded_theme in loaded.themes.values():
            self.register_theme(loaded_theme)
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
            yield Static("", id="corrected", markup=False)
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
    async def _poll(self) -> None:
        if self._polling:
            return
        self._polling = True
        try:
            picture = await asyncio.to_thread(self.follower.poll)
        except Exception:  # noqa: BLE001 - the follower never raises; belt and braces
            log.exception("big screen: the journal could not be followed")
            picture = None
        finally:
            self._polling = False
        if picture is not None and self.screen_stack:  # none while the app shuts down
            self.show_picture(picture)

    def _rotate(self) -> None:
        if not self.screen_stack:  # a last tick while the app shuts down
            return
        picture, view = self.picture, self.view
        if self.in_grid:
            grid = self.query_one(RoomGrid)
            if grid.pages > 1:
                grid.next_page()
                self._grid_title()
            return
        if picture is None or view is None or len(picture.tables) < 2:
            return
        self.index = (self.index + 1) % len(picture.tables)
        if self.placard_mode:
            self._show_placard()
            return
        self._show_table()

    def show_picture(self, picture: Picture) -> None:
        """Put a picture on screen (also used by tests to show a crafted state): its view
        (:class:`~floorkill.display.view.BigScreenView`), the one the TV page draws too."""
        previous = self.shown.name if self.shown is not None else None
        self.picture = picture
        view = self.view = self.views.build(picture)
        self._show_problems(view.problems)
        table = self.query_one("#table")
        waiting = self.query_one("#waiting")
        if not view.tables:
            self.shown = None
            self.in_grid = False
            table.display = False
            self.query_one("#room").display = False
            self.query_one("#placard").display = False
            waiting.display = True
            self.query_one("#waiting-text", Static).update(Content(view.waiting))
            self.query_one("#waiting-detail", Static).update(Content(view.detail))
            return
        waiting.display = False
        names = [shown.name for shown in picture.tables]
        if previous in names:
            self.index = names.index(previous)
        else:
            self.index = min(self.index, len(names) - 1)
        if self.placard_mode:
            table.display = False
            self.query_one("#room").display = False
            self._show_placard()
            return
        if self._wants_grid(picture):
            table.display = False
            self._show_grid()
            return
        self.in_grid = False
        self.query_one("#room").display = False
        table.display = True
        self._show_table()

    def _show_problems(self, line_text: str) -> None:
        """At the foot of every page while the journal reports a problem (wrapped, up to
        four lines: a read-only opening's notice ends with the head it shows)."""
        line = self.query_one("#problems", Static)
        line.display = bool(line_text)
        if line_text:
            line.update(Content(line_text))

    def _show_placard(self) -> None:
        """The shown table's placard: lines and clauses as the rules model words them."""
        assert self.picture is not None and self.view is not None
        card = self.view.placards[self.index]
        self.query_one("#placard").display = True
        self.query_one("#placard-title", Static).update(Content.assemble((card.title, "bold")))
        parts: list = []
        for index, line in enumerate(card.lines):
            if index:
                parts.append("\n")
            parts.append(("• " + line.text, ""))
            if line.cites:
                parts.append(("  " + line.cites, "dim"))
        self.query_one("#placard-lines", Static).update(Content.assemble(*parts))
        rotation = self.query_one("#placard-rotation", Static)
        rotation.display = bool(card.rotation)
        if card.rotation:
            rotation.update(Content(card.rotation))
        self.shown = self.picture.tables[self.index]
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

    def _show_grid(self) -> None:
        assert self.view is not None
        self.in_grid = True
        self.shown = None
        room = self.query_one("#room")
        room.display = True
        self.query_one(RoomGrid).show_cards(self.view.grid.cards)
        self._grid_title()

    def _grid_title(self) -> None:
        if self.view is None:
            return
        grid = self.query_one(RoomGrid)
        self.query_one("#room-title", Static).update(
            Content(self.view.grid.title_for(grid.page, grid.pages))
        )

    def on_room_grid_paged(self) -> None:
        self._grid_title()

    def on_resize(self) -> None:
        if self.picture is not None:
            self.call_after_refresh(self._reshow)

    def _reshow(self) -> None:
        if self.picture is not None and self._wants_grid(self.picture) != self.in_grid:
            self.show_picture(self.picture)

    def _show_table(self) -> None:
        assert self.picture is not None and self.view is not None
        shown = self.picture.tables[self.index]
        screen = self.view.tables[self.index]
        self.query_one("#table-name", Static).update(Content.assemble((screen.name, "bold")))
        self.query_one("#game", Static).update(Content(screen.game))
        self.query_one("#hand", Static).update(
            Content.assemble(screen.hand_label, (f"{screen.hand}", "bold"))
        )
        banner = screen.banner
        self.query_one("#banner-box").set_classes(f"-{banner.kind}")
        self.query_one(BigBanner).show((banner.status, banner.seat, banner.name))
        self.query_one("#banner", Static).update(Content(banner.text))
        self.query_one("#limits-label", Static).update(Content(screen.limits_label))
        limits = self.query_one("#limits", Digits)
        limits.update(screen.limits)
        limits.set_class(screen.killed, "-kill")
        self.query_one(BigSeating).show(shown.state)
        corrected = self.query_one("#corrected", Static)
        corrected.display = bool(screen.corrected)
        corrected.update(Content(screen.corrected))
        self.query_one("#last", Static).update(decision_content(screen.last))
        barred_w = self.query_one("#barred", Static)
        barred_w.display = bool(screen.barred)
        barred_w.update(Content(screen.barred))
        rotation = self.query_one("#rotation", Static)
        rotation.display = bool(screen.rotation)
        if screen.rotation:
            rotation.update(Content(screen.rotation))
        self.shown = shown
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
    rotate: float = DEFAULT_ROTATE,
    grid: bool | None = None,
    placard: bool = False,
    lang: str = "en",
) -> int:
    """``floorkill big-screen`` in this terminal (``--serve`` is :mod:`floorkill.web`)."""
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
    "WAITING_JOURNAL",
    "WAITING_TABLE",
    "banner_parts",
    "last_decision",
    "limits_text",
    "make_big_screen_app",
    "run_big_screen",
]

"""The history: every record of the session, one line each, newest at the bottom.

A virtual list (Textual's Line API): only the visible lines are rendered, read in
pages through ``session.records(start, stop)``, so a table with 10,000 records
opens as fast as one with 10. Up/Down move a cursor; the highlighted record is
posted as :class:`HistoryView.RecordHighlighted` (the rules panel shows it).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from floorkill.event_words import record_line, record_parts
from floorkill.floor.keyboard import key_letters
from floorkill.floor.table_view import TableView
from floorkill.i18n import N_, NC_, tr
from floorkill.log import log
from floorkill.store.session import Record

from ..compat import grow_in_place

PAGE = 64
RETRY = 2.0  # seconds before a page the journal could not give is asked for again
TITLE = N_("History  (# · hands · result → decisions)")


def fit_line(line: str, width: int, keep: int = 8) -> str:
    """``line`` in ``width`` cells, cut only between words (then "…"), never mid-word (but
    within the first ``keep`` characters, the record's numbers)."""
    if width <= 0 or cell_len(line) <= width:
        return line
    cut = line[: max(0, width - 1)]
    while cell_len(cut) > width - 1:
        cut = cut[:-1]
    space = cut.rstrip().rfind(" ")
    head = cut[:space].rstrip(" ,→") if space > keep else cut[:0] if keep == 0 else cut
    return head + "…"


def fit_record(rec: Record, width: int, lang: str = "en") -> str:
    """The record's line in ``width`` cells: the decision words keep their room first, the
    event's words give way (cut between words, "…"), then the decisions' own."""
    line = record_line(rec, lang)
    if width <= 0 or cell_len(line) <= width:
        return line
    head, what, decided = record_parts(rec, lang)
    if not decided:
        return fit_line(line, width)
    tail = f"  → {decided}"
    room = width - cell_len(head) - 1 - cell_len(tail)
    if room >= 6:  # a few words of the event, then all decisions
        short = fit_line(what, room, keep=0)
        return f"{head} {short}{tail}"
    bare = f"{head} …{tail}"  # no room for the event: the decisions stay
    if cell_len(bare) <= width:
        return bare
    return fit_line(line, width)


class RecordSource(Protocol):
    """What the history lists: a table's records by number (its session, or the dispute
    view's records that match its filter)."""

    def __len__(self) -> int: ...
    def records(self, start: int = 0, stop: int | None = None) -> Sequence[Record]: ...


class HistoryView(ScrollView, can_focus=True):
    """All records, virtually rendered."""

    DEFAULT_CSS = """
    HistoryView {
        height: 1fr;
        scrollbar-gutter: stable;
        scrollbar-size-vertical: 1;
        border: round $primary;
        border-title-color: $accent;
        background: $background;
    }
    HistoryView > .history--header { color: $text-muted; text-style: bold; }
    HistoryView > .history--voided { color: $text-muted; text-style: strike; }
    HistoryView > .history--kill { color: $error; text-style: bold; }
    HistoryView > .history--cursor { background: $accent 40%; }
    """
    COMPONENT_CLASSES = {"history--header", "history--voided", "history--kill", "history--cursor"}
    BINDINGS = [
        Binding("up", "move(-1)", "Previous record", show=False, id="history.up"),
        Binding("down", "move(1)", "Next record", show=False, id="history.down"),
        Binding("pageup", "move(-10)", "Page up", show=False, id="history.page_up"),
        Binding("pagedown", "move(10)", "Page down", show=False, id="history.page_down"),
        Binding("home", "first", "First record", show=False, id="history.first"),
        Binding("end", "last", "Last record", show=False, id="history.last"),
        Binding(
            "enter", "choose", NC_("key", "Dispute at this record"), show=False, id="history.choose"
        ),
        Binding("escape", "app.focus_entry", "Entry", show=False, id="history.back"),
        Binding(
            key_letters("c"), "correct", "Correct this record", show=False, id="history.correct"
        ),
    ]

    cursor: reactive[int] = reactive(-1, init=False)

    @dataclass
    class RecordHighlighted(Message):
        """The cursor is on ``record`` (the rules panel explains it)."""

        record: Record

    @dataclass
    class RecordChosen(Message):
        """Enter on ``record``: the podium opens the dispute view at it."""

        record: Record

    @dataclass
    class CorrectChosen(Message):
        """C on ``record``: the podium opens the correction form for it."""

        record: Record

    view: reactive[TableView | None] = reactive(None, init=False, always_update=True, repaint=False)

    def watch_view(self, view: TableView | None) -> None:
        if view is None:
            return
        if view.session is not self._session:
            if view.lang != self.lang:
                self.set_lang(view.lang)
            self.set_session(view.session)
            return
        if view.lang != self.lang:
            self.set_lang(view.lang)
        n = len(view.session)
        if n != self._total:  # a new record (an undo is one too)
            rec = view.record
            if n == self._total + 1 and rec is not None and rec.seq == n and rec.type != "void":
                self.reload(appended=rec)  # nothing read before it changed
            else:
                self.reload()

    def __init__(self, session: RecordSource | None = None, lang: str = "en", **kwargs) -> None:
        super().__init__(**kwargs)
        self._session = session
        self.lang = lang
        self._pages: dict[int, list[Record]] = {}
        self._reading: set[int] = set()  # pages asked of the journal, not back yet
        self._unread: dict[int, float] = {}  # pages the journal could not give: when
        self._epoch = 0  # which reload a page read belongs to
        self._total = 0
        self._follow = True
        self._strips: dict[tuple, Strip] = {}  # a line drawn once (submit -> every panel
        # p99 <= 20 ms, bench/ui_bench.py: a hand scrolls every line up one)
        self._base: tuple | None = None

    def on_mount(self) -> None:
        self.border_title = tr(TITLE, self.lang)
        self.reload()

    # -- data --------------------------------------------------------------------
    def set_session(self, session: RecordSource) -> None:
        self._session = session
        self._strips.clear()  # keyed by record number: another table's differ
        self.cursor = -1
        self.reload()

    def reload(self, appended: Record | None = None) -> None:
        """The session changed (a new record, or an undo marked an old one): re-read lazily.
        ``appended``: the one record added at the end, nothing else changed (not a void):
        the pages read stay, the new record joins its page if that one is read."""
        self._epoch += 1  # a page still being read was read before this change
        self._unread.clear()
        if appended is None:
            self._pages.clear()
        else:
            page, off = divmod(appended.seq - 1, PAGE)
            recs = self._pages.get(page)
            if recs is not None:
                if len(recs) == off:
                    recs.append(appended)
                else:
                    del self._pages[page]
        follow = self.cursor < 0 or self.cursor >= self._total - 1
        self._total = len(self._session) if self._session is not None else 0
        size = Size(self.size.width, self._total)
        if self.is_mounted and self.size.height:
            grow_in_place(self, size)
        else:
            self.virtual_size = size
        self._follow = follow
        if follow:
            self.cursor = self._total - 1 if self.has_focus else -1
            self._to_end()  # on_resize does it again once the size is known
        if appended is not None and self.size.height:
            self.refresh(self.size.region)  # the lines: the border and scrollbars stay as drawn
        else:
            self.refresh()

    def _to_end(self) -> None:
        if self._follow:
            self.scroll_to(
                y=max(0, self._total - self.scrollable_content_region.height),
                animate=False,
                immediate=True,
            )

    def on_resize(self) -> None:
        # (grown in place: the screen was just laid out; a layout again only if a
        # scrollbar comes or goes)
        grow_in_place(self, Size(self.size.width, self._total))
        self._to_end()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        if self.is_mounted:
            self.border_title = tr(TITLE, lang)
        self.refresh()

    def record(self, index: int) -> Record | None:
        """The record at ``index``, or None while its page is being read (or could not be:
        the journal away)."""
        if self._session is None or not 0 <= index < self._total:
            return None
        page = index // PAGE
        recs = self._pages.get(page)
        if recs is None:
            recs = self._read_page(page)
            if recs is None:
                return None
        off = index - page * PAGE
        return recs[off] if off < len(recs) else None

    def _read_page(self, page: int) -> list[Record] | None:
        """Read a page of records: in the podium's journal work where the app has one (off
        the event loop once the journal is slow; drawn when it lands), else here. None while
        it is read, and for :data:`RETRY` seconds after it could not be (said in the log;
        its lines stay blank, the podium goes on)."""
        session = self._session
        assert session is not None
        start, stop = page * PAGE, min(self._total, (page + 1) * PAGE)
        failed_at = self._unread.get(page)
        if page in self._reading or (
            failed_at is not None and time.monotonic() - failed_at < RETRY
        ):
            return None
        work = getattr(self.app, "journal_work", None) if self.is_attached else None
        epoch = self._epoch
        inline = [True]  # (done within the call: drawn by the caller, no refresh)

        def done(recs: list[Record]) -> None:
            self._reading.discard(page)
            if epoch != self._epoch:  # reloaded meanwhile: read again, drawn again
                if not inline[0]:
                    self.refresh()
                return
            if len(self._pages) > 16:
                self._pages.clear()
            self._pages[page] = recs
            self._unread.pop(page, None)
            if not inline[0]:
                self.refresh()
                if start <= self.cursor < stop:
                    self.post_message(self.RecordHighlighted(recs[self.cursor - start]))

        def failed(exc: Exception) -> None:
            self._reading.discard(page)
            log.warning("history: records %d-%d could not be read", start + 1, stop, exc_info=exc)
            self._unread[page] = time.monotonic()
            if self.is_attached:
                self.set_timer(RETRY, self.refresh)

        def read() -> list[Record]:
            return list(session.records(start, stop))

        self._reading.add(page)
        if work is None:
            try:
                done(read())
            except Exception as exc:  # noqa: BLE001 - the journal away: blank lines, logged
                failed(exc)
        else:
            work.read(read, done, failed, hold_keys=False)
        inline[0] = False
        return self._pages.get(page)

    @property
    def total(self) -> int:
        return self._total

    # -- keys --------------------------------------------------------------------
    def action_move(self, step: int) -> None:
        if not self._total:
            return
        start = self.cursor if self.cursor >= 0 else self._total - 1
        self.cursor = min(self._total - 1, max(0, start + step))

    def action_first(self) -> None:
        if self._total:
            self.cursor = 0

    def action_last(self) -> None:
        if self._total:
            self.cursor = self._total - 1

    def action_choose(self) -> None:
        rec = self.record(self.cursor) if self.cursor >= 0 else None
        if rec is not None:
            self.post_message(self.RecordChosen(rec))

    def action_correct(self) -> None:
        rec = self.record(self.cursor) if self.cursor >= 0 else None
        if rec is not None:
            self.post_message(self.CorrectChosen(rec))

    def watch_cursor(self, cursor: int) -> None:
        self._follow = cursor < 0 or cursor >= self._total - 1
        if cursor < 0:
            self.refresh()
            return
        height = self.scrollable_content_region.height
        y = self.scroll_offset.y
        if cursor < y:
            self.scroll_to(y=cursor, animate=False, immediate=True)
        elif cursor >= y + height:
            self.scroll_to(y=cursor - height + 1, animate=False, immediate=True)
        rec = self.record(cursor)
        if rec is not None:
            self.post_message(self.RecordHighlighted(rec))
        self.refresh()

    def on_focus(self) -> None:
        if self.cursor < 0 and self._total:
            self.cursor = self._total - 1
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    # -- Line API ---------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        width = self.scrollable_content_region.width
        theme = self.app.theme
        if self._base is None or self._base[0] != theme:
            self._base = (theme, self.rich_style)  # once per theme, not per line
        base = self._base[1]
        rec = self.record(index)
        if rec is None:
            return Strip.blank(width, base)
        cursor = index == self.cursor and self.has_focus
        key = (rec.seq, rec.voided, cursor, self.lang, theme, scroll_x, width)
        strip = self._strips.get(key)
        if strip is None:
            strip = self._line_strip(rec, cursor).crop_extend(scroll_x, scroll_x + width, base)
            if len(self._strips) > 512:
                self._strips.clear()
            self._strips[key] = strip
        return strip

    def _line_strip(self, rec: Record, cursor: bool) -> Strip:
        base = self.rich_style
        line = fit_record(rec, self.scrollable_content_region.width, self.lang)
        text = Text(line, no_wrap=True, end="")
        text.stylize(base)
        if rec.voided or rec.type == "void":
            text.stylize(self.get_component_rich_style("history--voided"))
        elif any(d.code in ("kill", "kill-again") for d in rec.decisions):
            text.stylize(self.get_component_rich_style("history--kill"))
        if cursor:
            text.stylize(self.get_component_rich_style("history--cursor"))
        return Strip(text.render(self.app.console), cell_len(line))

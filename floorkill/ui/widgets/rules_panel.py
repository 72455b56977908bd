"""The rules panel: what the rules decided, which clauses say so, and what is pending.

Shows the decisions of one record (the last event, or the one picked in the
history) with their texts and clause ids; below, what is pending — who must kill the
coming hand, the leg up, who is barred or owes a kill, leg credits, an agreed kill;
then the cited clauses as a list: Up/Down move onto a clause and its full summary is
shown under the list. English or Russian (:meth:`set_lang`). It sends no event.

One Line-API widget (text wrapped to the width, drawn line by line, scrolled
virtually) rather than a column of Static widgets: a hand whose decisions take more
lines than the last one's then needs no screen layout.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from floorkill.event_words import record_head
from floorkill.floor.table_view import TableView
from floorkill.floor.text_tables import pick
from floorkill.i18n import N_
from floorkill.rules import Refusal, TableState
from floorkill.rules import clauses as catalogue
from floorkill.rules.decisions import Decision
from floorkill.rules.names import safe_text
from floorkill.rules.pending import pending
from floorkill.store.session import Record

from ..compat import grow_in_place
from .repaint import style_lookup

PANEL_TEXT: dict[str, str | tuple[str, str]] = {  # key -> message id (or (context, id))
    "title": N_("Rules"),
    "decisions": N_("Decisions"),
    "clauses": N_("Clauses cited (↑↓ to read)"),
    "pending": N_("Pending"),
    "none-yet": N_("No event yet: enter the first hand."),
    "no-decision": N_("No decision: nothing changes for the kill button."),
    "refused": N_("Refused"),
    "undone": N_("Undo of #{target}: {reason}"),
    "voided": N_("(this record was undone)"),
}


def panel_text(key: str, lang: str, **params) -> str:
    return pick(PANEL_TEXT, key, lang, **params)


def pending_lines(state: TableState, lang: str = "en") -> list[tuple[str, tuple[str, ...]]]:
    """(text, clause ids) of what is pending, as the rules say it (:func:`rules.pending.pending`)."""
    return [(safe_text(decision.text(lang)), decision.cites) for decision in pending(state)]


class RulesPanel(ScrollView, can_focus=True):
    """Decisions with clause ids, what is pending, the cited clauses and their summaries."""

    DEFAULT_CSS = """
    RulesPanel {
        height: 1fr;
        padding: 0 1;
        border: round $primary;
        border-title-color: $accent;
        scrollbar-gutter: stable;
        scrollbar-size-vertical: 1;
        background: $background;
    }
    RulesPanel:focus { border: round $accent; }
    RulesPanel > .rules--heading { color: $accent; text-style: bold; }
    RulesPanel > .rules--record { text-style: bold; }
    RulesPanel > .rules--refused { color: $error; text-style: bold; }
    RulesPanel > .rules--cite { color: $text-muted; }
    RulesPanel > .rules--clause { color: $foreground; }
    RulesPanel > .rules--clause-cursor { background: $accent 30%; text-style: bold; }
    RulesPanel:focus > .rules--clause-cursor { background: $accent; color: $background; text-style: bold; }
    RulesPanel > .rules--summary { color: $text-muted; }
    """
    COMPONENT_CLASSES = {
        "rules--heading",
        "rules--record",
        "rules--refused",
        "rules--cite",
        "rules--clause",
        "rules--clause-cursor",
        "rules--summary",
    }
    BINDINGS = [
        Binding("up", "clause(-1)", "Previous clause", show=False, id="rules.previous_clause"),
        Binding("down", "clause(1)", "Next clause", show=False, id="rules.next_clause"),
        Binding("pageup", "scroll_page(-1)", "Page up", show=False, id="rules.page_up"),
        Binding("pagedown", "scroll_page(1)", "Page down", show=False, id="rules.page_down"),
    ]

    view: reactive[TableView | None] = reactive(None, init=False, always_update=True, repaint=False)
    lang: str

    def watch_view(self, view: TableView | None) -> None:
        if view is None:
            return
        if view.lang != self.lang:
            self.lang = view.lang
            if self.is_mounted:
                self.border_title = panel_text("title", view.lang)
            if view.state is self._state and view.record is self._record:
                self._changed()
                return
        if view.state is not self._state or view.record is not self._record:
            self.show(view.state, view.record)

    def __init__(
        self,
        lang: str = "en",
        state: TableState | None = None,
        record: Record | None = None,
        **kwargs,
    ) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self._state: TableState | None = state
        self._record: Record | None = record
        self._refusal: Refusal | None = None
        self._cites: list[str] = []
        self.clause_cursor = 0
        self._lines: list[Strip] = []
        # a paragraph's wrapped lines, by its text, styles and width: a hand changes the
        # record and its decisions; the pending lines and the clauses mostly stay (budget:
        # submit -> every panel p99 <= 20 ms, bench/ui_bench.py)
        self._paragraphs: dict[tuple, list[tuple[Strip, str]]] = {}
        self._plain: list[str] = []
        self._clause_rows: dict[int, int] = {}  # row -> index into cited
        self._built_for: tuple | None = None
        self._base_style: Style | None = None

    def on_mount(self) -> None:
        self.border_title = panel_text("title", self.lang)

    # -- public ------------------------------------------------------------------
    def show(self, state: TableState, record: Record | None) -> None:
        """The decisions of ``record`` and what is pending in ``state``."""
        self._state = state
        self._record = record
        self._refusal = None
        self._changed()

    def show_refusal(self, refusal: Refusal) -> None:
        """A refused entry: its reason and clauses take the decisions' place."""
        self._refusal = refusal
        self._changed()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        if self.is_mounted:
            self.border_title = panel_text("title", lang)
        self._changed()

    @property
    def cited(self) -> list[str]:
        self._build()
        return list(self._cites)

    @property
    def selected_clause(self) -> str | None:
        cites = self.cited
        return cites[self.clause_cursor] if cites else None

    def plain_text(self) -> str:
        """Everything the panel shows, as plain text (for tests and exports)."""
        self._build()
        return "\n".join(self._plain)

    # -- keys and mouse ----------------------------------------------------------------
    def action_clause(self, step: int) -> None:
        cites = self.cited
        if not cites:
            return
        self.clause_cursor = max(0, min(len(cites) - 1, self.clause_cursor + step))
        self._changed(keep_cursor=True)
        for row, index in self._clause_rows.items():
            if index == self.clause_cursor:
                self.scroll_to_region_row(row)

    def action_scroll_page(self, step: int) -> None:
        self.scroll_to(
            y=self.scroll_offset.y + step * max(1, self.scrollable_content_region.height - 1),
            animate=False,
        )

    def scroll_to_region_row(self, row: int) -> None:
        height = self.scrollable_content_region.height
        scrolled = self.scroll_offset.y
        # keep the clause and as much of its summary as fits in view
        if row < scrolled:
            self.scroll_to(y=row, animate=False, immediate=True)
        elif row >= scrolled + height:
            self.scroll_to(y=row - height + 1, animate=False, immediate=True)

    def on_click(self, event: Click) -> None:
        row = self.scroll_offset.y + event.y
        if row in self._clause_rows:
            self.clause_cursor = self._clause_rows[row]
            self._changed(keep_cursor=True)

    # -- content -----------------------------------------------------------------
    def _changed(self, keep_cursor: bool = False) -> None:
        before = list(self._cites)
        texts = None
        if not keep_cursor:
            texts = self._texts()
            if texts[1] != before:
                self.clause_cursor = 0
        drawn = self._lines
        self._built_for = None
        self._build(texts)
        self._repaint_changed(drawn)

    def _repaint_changed(self, drawn: list[Strip]) -> None:
        """Repaint only the visible rows drawn differently from ``drawn`` (a hand changes
        the record and its decisions; the pending lines and the clauses mostly stay)."""
        lines = self._lines
        if not self.is_mounted or len(lines) != len(drawn):
            self.refresh()
            return
        region = self.scrollable_content_region
        top = self.scroll_offset.y
        line = 0
        while line < region.height:  # one region per run of changed rows
            row = top + line
            if row >= len(lines) or lines[row] == drawn[row]:
                line += 1
                continue
            start = line
            while (
                line < region.height
                and top + line < len(lines)
                and lines[top + line] != drawn[top + line]
            ):
                line += 1
            self.refresh(Region(0, start, region.width, line - start))

    def on_resize(self) -> None:
        self._built_for = None
        self._build()

    def _texts(self) -> tuple[list[tuple[Text, str]], list[str]]:
        """(text, component class) paragraphs before the clause list, and the cited ids."""
        lang = self.lang
        rec = self._record
        decisions: Iterable[Decision] = rec.decisions if rec is not None else ()
        out: list[tuple[Text, str]] = []
        cites: list[str] = []
        cite = self.get_component_rich_style("rules--cite") if self.is_mounted else None
        if self._refusal is not None:
            refusal = self._refusal
            out.append((Text(panel_text("refused", lang)), "rules--refused"))
            paragraph = Text("✗ " + safe_text(refusal.text(lang)))
            if refusal.cites:
                paragraph.append(f" [{', '.join(refusal.cites)}]")
            out.append((paragraph, "rules--refused"))
            cites.extend(refusal.cites)
        elif rec is None:
            out.append((Text(panel_text("none-yet", lang)), "rules--record"))
        else:
            head = safe_text(record_head(rec, lang))
            if rec.voided:
                head += " " + panel_text("voided", lang)
            out.append((Text(head), "rules--record"))
            out.append((Text(""), ""))
            out.append((Text(panel_text("decisions", lang)), "rules--heading"))
            if rec.type == "void":
                out.append(
                    (
                        Text(
                            safe_text(
                                panel_text(
                                    "undone",
                                    lang,
                                    target=rec.event.get("target"),
                                    reason=rec.event.get("reason", ""),
                                )
                            )
                        ),
                        "",
                    )
                )
            any_decision = False
            for decision in decisions:
                any_decision = True
                paragraph = Text("• " + safe_text(decision.text(lang)))
                if decision.cites:
                    paragraph.append(f" [{', '.join(decision.cites)}]", style=cite)
                out.append((paragraph, ""))
                cites.extend(decision.cites)
            if not any_decision and rec.type == "hand":
                out.append((Text(panel_text("no-decision", lang)), ""))
        if self._state is not None:
            out.append((Text(""), ""))
            out.append((Text(panel_text("pending", lang)), "rules--heading"))
            for line, ids in pending_lines(self._state, lang):
                paragraph = Text("• " + line)
                paragraph.append(f" [{', '.join(ids)}]", style=cite)
                out.append((paragraph, ""))
                cites.extend(ids)
        seen: list[str] = []
        for cited in cites:
            if cited not in seen and cited in catalogue.CLAUSES:
                seen.append(cited)
        return out, seen

    def _build(self, texts: tuple[list[tuple[Text, str]], list[str]] | None = None) -> None:
        """The panel's lines; ``texts``: :meth:`_texts` when the caller just made them."""
        width = max(1, self.scrollable_content_region.width) if self.is_mounted else 40
        key = (
            width,
            self.lang,
            self.clause_cursor,
            self.has_focus if self.is_mounted else False,
            self.app.theme if self.is_mounted else None,
        )
        if self._built_for == key:
            return
        made, seen = texts if texts is not None else self._texts()
        self._cites = seen
        if self.clause_cursor >= len(seen):
            self.clause_cursor = max(0, len(seen) - 1)
        paragraphs: list[tuple[Text, str]] = list(made)
        clause_rows: list[int] = []
        if seen:
            paragraphs.append((Text(""), ""))
            paragraphs.append((Text(panel_text("clauses", self.lang)), "rules--heading"))
            for position, clause_id in enumerate(seen):
                clause_rows.append(len(paragraphs))
                cls = "rules--clause-cursor" if position == self.clause_cursor else "rules--clause"
                paragraphs.append(
                    (Text(f"{clause_id} — {catalogue.title(clause_id, self.lang)}"), cls)
                )
            cid = seen[self.clause_cursor]
            paragraphs.append((Text(""), ""))
            summary = Text(catalogue.summary(cid, self.lang))
            summary.append(f"\n— {catalogue.clause(cid).source}", style="italic")
            paragraphs.append((summary, "rules--summary"))
        lines: list[Strip] = []
        plain: list[str] = []
        rows: dict[int, int] = {}
        mounted = self.is_mounted
        # before mounting (a test's panel) Rich takes no style and no console
        base: Any = self.rich_style if mounted else None
        console: Any = self.app.console if mounted else None
        component = style_lookup(self)
        for index, (text, cls) in enumerate(paragraphs):
            style: Any = component(cls) if (mounted and cls) else None
            first_row = len(lines)
            if index in clause_rows:
                rows[first_row] = clause_rows.index(index)
            if not mounted:
                plain.extend(text.plain.split("\n") or [""])
                continue
            pkey = (cls, style, base, width, text.plain, text.style, tuple(text.spans))
            drawn = self._paragraphs.get(pkey)
            if drawn is None:
                drawn = []
                styled = text.copy()
                if style is not None:
                    styled.stylize_before(style)
                styled.stylize_before(base)
                wrapped = styled.wrap(console, width) if styled.plain else [Text("")]
                for line in wrapped:
                    line.end = ""
                    if cls == "rules--clause-cursor":
                        line.pad_right(width - line.cell_len)
                        line.stylize_before(style)
                    strip = Strip(line.render(console), cell_len(line.plain))
                    drawn.append((strip.crop_extend(0, width, base), line.plain))
                if len(self._paragraphs) > 256:
                    self._paragraphs.clear()
                self._paragraphs[pkey] = drawn
            for strip, line_plain in drawn:
                plain.append(line_plain)
                lines.append(strip)
            for extra in range(first_row + 1, len(lines)):
                if index in clause_rows:
                    rows[extra] = clause_rows.index(index)
        self._lines = lines
        self._base_style = base
        self._plain = plain
        self._clause_rows = rows
        self._built_for = key if mounted else None
        if mounted:
            size = Size(width, len(lines))
            if self.size.height:
                grow_in_place(self, size)
            else:
                self.virtual_size = size

    def on_focus(self) -> None:
        self._changed(keep_cursor=True)

    def on_blur(self) -> None:
        self._changed(keep_cursor=True)

    def render_line(self, y: int) -> Strip:
        self._build()
        row = self.scroll_offset.y + y
        if 0 <= row < len(self._lines):
            return self._lines[row]  # already exactly the width
        return Strip.blank(self.scrollable_content_region.width, self._base_style)

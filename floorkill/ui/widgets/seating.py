"""The seating diagram: an oval table with up to 10 seats around it.

Read-only and reusable (the podium and the big screen): it draws a
:class:`~floorkill.rules.TableState` given with :meth:`Seating.show` and never
sends an event. Arrow keys move a seat cursor; Enter (or a click) posts
:class:`Seating.SeatChosen` for the screen to act on.

Each seat shows its number, the name (always plain text), the stack when known,
the D / SB / BB markers of the coming hand, the kill button with its side
readable without colour (``▽leg`` face down in front of the leg holder, ``▲KILL``
face up in front of the killer) and the statuses ``away``, ``BARRED``, ``owes``,
``sits out`` (a new player sitting out a kill pot) and ``acts last`` (a killer who
acts last: a voluntary kill, or the house's ``killer_acts = "last"``).
The layout is computed from the widget's size at every render, so it redraws
correctly from 80×24 to large terminals.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from floorkill.display.words import KILL_FACE_UP, SeatView, felt_lines, seat_views
from floorkill.i18n import tr
from floorkill.rules import TableState

from .repaint import style_lookup

LABEL_LINES = 3
# ---------------------------------------------------------------------------
# geometry (pure)


@dataclass(frozen=True, eq=False)
class Geometry:
    width: int
    height: int
    label_width: int
    boxes: dict[int, tuple[int, int]]  # seat -> (x, y) of its label's top-left cell
    cx: float
    cy: float
    rx: float  # the table's half-width, in cells
    ry: float  # the table's half-height, in cells
    compact: bool = False

    @property
    def spans(self) -> tuple[tuple[int, int, int], ...]:
        """(y, first x, last x + 1) of the table on each row it covers."""
        return _spans(self)

    def inside_table(self, x: int, y: int) -> bool:
        if self.rx <= 0 or self.ry <= 0:
            return False
        dx = (x + 0.5 - self.cx) / self.rx
        dy = (y + 0.5 - self.cy) / self.ry
        return dx * dx + dy * dy <= 1.0


@lru_cache(maxsize=32)
def _spans(g: Geometry) -> tuple[tuple[int, int, int], ...]:
    # An ellipse's cells on a row are one run: found from where the ellipse's edge falls
    # on that row and checked cell by cell at both ends (not every cell of every row).
    out = []
    if g.rx <= 0 or g.ry <= 0:
        return ()
    for row in range(g.height):
        dy = (row + 0.5 - g.cy) / g.ry
        if dy * dy > 1.0:
            continue
        half = g.rx * math.sqrt(1.0 - dy * dy)
        x0 = max(0, min(g.width - 1, math.floor(g.cx - 0.5 - half)))
        while x0 > 0 and g.inside_table(x0 - 1, row):
            x0 -= 1
        while x0 < g.width and not g.inside_table(x0, row):
            x0 += 1
        if x0 >= g.width:
            continue
        x1 = max(x0, min(g.width - 1, math.ceil(g.cx - 0.5 + half)))
        while x1 > x0 and not g.inside_table(x1, row):
            x1 -= 1
        while x1 + 1 < g.width and g.inside_table(x1 + 1, row):
            x1 += 1
        out.append((row, x0, x1 + 1))
    return tuple(out)


def _spans_cell_by_cell(g: Geometry) -> tuple[tuple[int, int, int], ...]:
    """:func:`_spans` the slow way, every cell tested (the tests compare the two)."""
    out = []
    for row in range(g.height):
        xs = [column for column in range(g.width) if g.inside_table(column, row)]
        if xs:
            out.append((row, xs[0], xs[-1] + 1))
    return tuple(out)


def _compact(seats: int, width: int, height: int) -> Geometry:
    rows = max(1, height)
    cols = -(-seats // rows)
    lw = max(1, width // cols)
    boxes = {seat: (((seat - 1) // rows) * lw, (seat - 1) % rows) for seat in range(1, seats + 1)}
    return Geometry(width, height, lw, boxes, 0, 0, 0, 0, compact=True)


def _place(
    seats: int, width: int, height: int, lw: int, lh: int, rx_s: float, ry_s: float
) -> dict[int, tuple[int, int]]:
    cx, cy = width / 2, height / 2
    boxes: dict[int, tuple[int, int]] = {}
    for seat in range(1, seats + 1):
        theta = 2 * math.pi * seat / (seats + 1)
        mid_x = cx + rx_s * math.sin(theta)
        mid_y = cy - ry_s * math.cos(theta)
        bx = min(max(0, round(mid_x - lw / 2)), width - lw)
        by = min(max(0, round(mid_y - lh / 2)), height - lh)
        boxes[seat] = (bx, by)
    return boxes


def _overlap(boxes: dict[int, tuple[int, int]], lw: int, lh: int) -> bool:
    items = list(boxes.values())
    for index, (ax, ay) in enumerate(items):
        for bx, by in items[index + 1 :]:
            if ax < bx + lw + 1 and bx < ax + lw + 1 and ay < by + lh and by < ay + lh:
                return True
    return False


# A layout is searched once per size and names' width (this cache, _geometry's and
# _spans'): every hand draws the diagram again at the same size (budget: submit -> every
# panel p99 <= 20 ms, bench/ui_bench.py).
@lru_cache(maxsize=32)
def geometry(seats: int, width: int, height: int, want: int = 0) -> Geometry:
    """Where each seat's label goes for a widget of ``width`` × ``height`` cells.

    Seats go clockwise from the dealer's place at the top centre, seat 1 on the
    dealer's left. The labels hug the table when there is room, move out to the
    widget's edges when not, then get narrower; too small for that: one seat per
    line (compact).

    ``want``: the label width the players' names need ("5 Sung-min Park"). Names get the
    room first: when the usual layout would cut one, labels as wide as ``want`` are tried
    with the crowded ones pushed apart sideways (:func:`_spread`), before any is cut.
    """
    usual = _geometry(seats, width, height)
    if usual.compact or usual.label_width >= want:
        return usual
    for lw in range(min(want, width // 3), usual.label_width, -1):
        wider = _spread_geometry(seats, width, height, lw)
        if wider is not None:
            return wider
    return usual


def _spread(
    boxes: dict[int, tuple[int, int]], lw: int, lh: int, width: int, height: int | None = None
) -> dict[int, tuple[int, int]] | None:
    """``boxes`` with overlapping labels pushed apart — up and down when they stand at
    different heights and there is room, else sideways (each by half of what is missing,
    within the widget) — or None when that cannot clear them."""
    out = dict(boxes)
    for _ in range(6 * len(out)):
        clash = None
        items = sorted(out.items(), key=lambda kv: kv[1][0])
        for index, (left_seat, (ax, ay)) in enumerate(items):
            for right_seat, (bx, by) in items[index + 1 :]:
                if ax < bx + lw + 1 and bx < ax + lw + 1 and ay < by + lh and by < ay + lh:
                    clash = (left_seat, right_seat)
                    break
            if clash:
                break
        if clash is None:
            return out
        left_seat, right_seat = clash  # the left one, or level with the right one
        (ax, ay), (bx, by) = out[left_seat], out[right_seat]
        if height is not None and ay != by:  # apart vertically, if there is room
            (upper, (tx, ty)), (lower, (ux, uy)) = sorted(
                ((left_seat, (ax, ay)), (right_seat, (bx, by))), key=lambda kv: kv[1][1]
            )
            need = ty + lh - uy
            down = min(height - lh - uy, (need + 1) // 2)
            up = min(ty, need - down)
            down = min(height - lh - uy, need - up)
            if up + down >= need:
                out[upper] = (tx, ty - up)
                out[lower] = (ux, uy + down)
                continue
        need = ax + lw + 1 - bx
        left = min(ax, (need + 1) // 2)
        right = min(width - lw - bx, need - left)
        left = min(ax, need - right)
        if left + right < need:
            return None
        out[left_seat] = (ax - left, ay)
        out[right_seat] = (bx + right, by)
    return None


def _spread_geometry(seats: int, width: int, height: int, lw: int) -> Geometry | None:
    lh = LABEL_LINES
    cx, cy = width / 2, height / 2
    rx = max(2.0, (width - lw) / 2 - lw / 2 - 1)
    ry = max(1.0, min((height - lh) / 2 - lh / 2 - 0.5, rx / 3.2))
    boxes = _spread(
        _place(seats, width, height, lw, lh, (width - lw) / 2, (height - lh) / 2),
        lw,
        lh,
        width,
        height,
    )
    if boxes is None:
        return None
    trx, try_ = rx, ry
    for _ in range(60):
        candidate = Geometry(width, height, lw, boxes, cx, cy, trx, try_)
        if not any(
            candidate.inside_table(column, row)
            for bx, by in boxes.values()
            for row in range(max(0, by - 1), by + lh)
            for column in range(bx - 1, bx + lw + 1)
        ):
            return candidate if trx >= 6 else None  # a table still worth drawing
        trx *= 0.94
        try_ *= 0.96
    return None


@lru_cache(maxsize=32)
def _geometry(seats: int, width: int, height: int) -> Geometry:
    lh = LABEL_LINES
    if width < 30 or height < 9:
        return _compact(seats, width, height)
    cx, cy = width / 2, height / 2
    widest = max(10, min(20, width // 4))
    tries = [("hug", lw) for lw in range(widest, 11, -1)] + [
        ("full", lw) for lw in range(widest, 7, -1)
    ]
    for ring, lw in tries:
        # The table: as wide as the labels at its sides allow, and no taller than a real
        # table looks (a cell is about twice as tall as wide: rx/ry = 3.2 looks 1.6:1).
        rx = max(2.0, (width - lw) / 2 - lw / 2 - 1)
        ry = max(1.0, min((height - lh) / 2 - lh / 2 - 0.5, rx / 3.2))
        if ring == "hug":
            rx_s = min((width - lw) / 2, rx + lw / 2 + 1)
            ry_s = min((height - lh) / 2, ry + lh / 2 + 1)
        else:
            rx_s, ry_s = (width - lw) / 2, (height - lh) / 2
        boxes = _place(seats, width, height, lw, lh, rx_s, ry_s)
        if _overlap(boxes, lw, lh):
            continue
        # Shrink the table until it stays clear of every label (with a cell of air).
        trx, try_ = rx, ry
        for _ in range(60):
            candidate = Geometry(width, height, lw, boxes, cx, cy, trx, try_)
            if not any(
                candidate.inside_table(column, row)
                for bx, by in boxes.values()
                for row in range(max(0, by - 1), by + lh)
                for column in range(bx - 1, bx + lw + 1)
            ):
                return candidate
            trx *= 0.94
            try_ *= 0.96
        return Geometry(width, height, lw, boxes, cx, cy, 0, 0)
    return _compact(seats, width, height)


# ---------------------------------------------------------------------------
# a character canvas that knows double-width cells


class _Canvas:
    def __init__(self, width: int, height: int, style: Style) -> None:
        self.width = width
        self.height = height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[Style]] = [[style] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: Style, limit: int | None = None) -> int:
        """Write ``text`` from (x, y), at most ``limit`` cells; return the cells written."""
        if not 0 <= y < self.height:
            return 0
        end = self.width if limit is None else min(self.width, x + limit)
        row, srow = self.chars[y], self.styles[y]
        pos = x
        for ch in text:
            cells = cell_len(ch)
            if cells == 0:
                if pos > x and pos - 1 < self.width:
                    row[pos - 1] += ch
                continue
            if pos + cells > end:
                break
            if pos >= 0:
                if row[pos] == "" and pos > 0:
                    row[pos - 1] = " "
                row[pos] = ch
                srow[pos] = style
                if cells == 2:
                    row[pos + 1] = ""
                    srow[pos + 1] = style
            pos += cells
        return pos - x

    def fill(self, x: int, y: int, n: int, style: Style) -> None:
        if 0 <= y < self.height:
            for column in range(max(0, x), min(self.width, x + n)):
                self.styles[y][column] = style

    def strips(self, before: tuple[_Canvas, list[Strip]] | None = None) -> list[Strip]:
        """One strip per row; ``before``: an earlier canvas of the same size and its strips,
        whose strip a row drawn exactly alike keeps (a hand redraws a seat or two)."""
        out = []
        if before is not None and (before[0].width, before[0].height) != (self.width, self.height):
            before = None
        for line in range(self.height):
            row, srow = self.chars[line], self.styles[line]
            if (
                before is not None
                and row == before[0].chars[line]
                and srow == before[0].styles[line]
            ):
                out.append(before[1][line])
                continue
            segments = []
            run_start = 0
            for column in range(1, self.width + 1):
                if column == self.width or srow[column] is not srow[run_start]:
                    segments.append(Segment("".join(row[run_start:column]), srow[run_start]))
                    run_start = column
            out.append(Strip(segments, self.width))
        return out

    def text(self) -> Text:
        out = Text(no_wrap=True, overflow="crop", end="")
        for line in range(self.height):
            if line:
                out.append("\n")
            row, srow = self.chars[line], self.styles[line]
            run_start = 0
            for column in range(1, self.width + 1):
                if column == self.width or srow[column] is not srow[run_start]:
                    out.append("".join(row[run_start:column]), srow[run_start])
                    run_start = column
        return out


def fit(text: str, cells: int) -> str:
    """``text`` cut to ``cells`` terminal cells, ending in "…" when cut."""
    if cell_len(text) <= cells:
        return text
    if cells <= 1:
        return "…"[: max(0, cells)]
    out, used = [], 0
    for ch in text:
        width = cell_len(ch)
        if used + width > cells - 1:
            break
        out.append(ch)
        used += width
    return "".join(out) + "…"


# ---------------------------------------------------------------------------
# the widget


def names_width(views) -> int:
    """The label width that shows every seated player's whole name (" 5 Sung-min Park")."""
    return max(
        (1 + len(str(view.seat)) + 1 + cell_len(view.name) for view in views if view.name),
        default=0,
    )


class Seating(Widget, can_focus=True):
    """The table drawn as an oval, seats around it."""

    DEFAULT_CSS = """
    Seating {
        width: 1fr;
        height: 1fr;
        min-height: 9;
        background: $background;
        color: $foreground;
    }
    Seating > .seating--felt { background: $success-darken-2; color: $success-lighten-1; }
    Seating > .seating--felt-text { background: $success-darken-2; color: $text; text-style: bold; }
    Seating > .seating--felt-kill { background: $error; color: $text; text-style: bold; }
    Seating > .seating--seat { background: $surface; color: $foreground; }
    Seating > .seating--name { background: $surface; color: $foreground; text-style: bold; }
    Seating > .seating--empty { background: $background; color: $text-muted; }
    Seating > .seating--dealer { background: $surface; color: $accent; text-style: bold; }
    Seating > .seating--kill { background: $error; color: $text; text-style: bold; }
    Seating > .seating--leg { background: $warning; color: $background; text-style: bold; }
    Seating > .seating--status { background: $surface; color: $error; text-style: bold italic; }
    Seating > .seating--cursor { background: $accent; color: $background; text-style: bold; }
    Seating:focus > .seating--cursor { background: $accent; color: $background; text-style: bold reverse; }
    """
    COMPONENT_CLASSES = {
        "seating--felt",
        "seating--felt-text",
        "seating--felt-kill",
        "seating--seat",
        "seating--name",
        "seating--empty",
        "seating--dealer",
        "seating--kill",
        "seating--leg",
        "seating--status",
        "seating--cursor",
    }
    BINDINGS = [
        Binding("right,down", "cursor(1)", "Next seat", show=False, id="seating.next"),
        Binding("left,up", "cursor(-1)", "Previous seat", show=False, id="seating.previous"),
        Binding("enter,space", "choose", "Choose seat", show=False, id="seating.choose"),
    ]

    cursor: reactive[int] = reactive(1)

    @dataclass
    class SeatChosen(Message):
        """The floorperson chose a seat (Enter on the cursor, or a click)."""

        seat: int

    def __init__(
        self, state: TableState | None = None, *, lang: str | None = None, **kwargs
    ) -> None:
        super().__init__(**kwargs)
        self._state = state
        self.lang = lang
        self._views: list[SeatView] = seat_views(state, lang) if state is not None else []
        self._cache: tuple | None = None

    def set_lang(self, lang: str | None) -> None:
        """Draw every label in ``lang`` from now on."""
        self.lang = lang
        if self._state is not None:
            self._views = seat_views(self._state, lang)
            self._cache = None
            self.refresh()

    # -- data --------------------------------------------------------------
    def show(self, state: TableState) -> None:
        """Draw ``state`` (in place: nothing is remounted)."""
        self._state = state
        self._views = seat_views(state, self.lang)
        if not 1 <= self.cursor <= len(state.players):
            self.cursor = 1
        self._refresh_changed_rows()

    def _key(self) -> tuple:
        return (
            id(self._state),
            self._state.events if self._state is not None else 0,
            self.size,
            self.cursor,
            self.has_focus,
            self.app.theme,
            self.lang,
        )

    def _refresh_changed_rows(self) -> None:
        """Repaint only the rows the new state draws differently (a hand changes a seat
        or two and the felt's hand count: not the whole diagram). Budget: submit -> every
        panel p99 <= 20 ms, bench/ui_bench.py."""
        old = self._cache
        width, height = self.size
        if (
            old is None
            or self._state is None
            or not self.is_mounted
            or width < 4
            or height < 1
            or old[0][2:] != (key := self._key())[2:]
        ):
            self.refresh()
            return
        canvas = self._render_canvas()
        strips = canvas.strips((old[2], old[1]))
        self._cache = (key, strips, canvas)
        before = old[1]
        if len(before) != len(strips):
            self.refresh()
            return
        line = 0
        while line < len(strips):  # one region per run of changed rows
            if strips[line] == before[line]:
                line += 1
                continue
            start = line
            while line < len(strips) and strips[line] != before[line]:
                line += 1
            self.refresh(Region(0, start, width, line - start))

    @property
    def state(self) -> TableState | None:
        return self._state

    # -- keys and mouse ----------------------------------------------------------
    def action_cursor(self, step: int) -> None:
        if self._state is None:
            return
        seats = len(self._state.players)
        self.cursor = (self.cursor - 1 + step) % seats + 1

    def action_choose(self) -> None:
        self.post_message(self.SeatChosen(self.cursor))

    def watch_cursor(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def seat_box(self, seat: int) -> tuple[int, int, int, int]:
        """(x, y, width, height) of a seat's label in widget cells."""
        layout = self._geometry()
        left, top = layout.boxes[seat]
        return left, top, layout.label_width, 1 if layout.compact else LABEL_LINES

    def seat_at(self, x: int, y: int) -> int | None:
        if self._state is None:
            return None
        for seat in range(1, len(self._state.players) + 1):
            bx, by, width, height = self.seat_box(seat)
            if bx <= x < bx + width and by <= y < by + height:
                return seat
        return None

    def on_click(self, event: Click) -> None:
        seat = self.seat_at(event.x, event.y)
        if seat is not None:
            self.cursor = seat
            self.post_message(self.SeatChosen(seat))

    # -- drawing -----------------------------------------------------------------
    def _geometry(self) -> Geometry:
        seats = len(self._state.players) if self._state is not None else 0
        return geometry(
            seats, max(1, self.size.width), max(1, self.size.height), names_width(self._views)
        )

    def render_line(self, y: int) -> Strip:
        """Line API: the diagram is drawn once per change into strips, then read by line."""
        width, height = self.size
        if self._state is None or width < 4 or height < 1:
            return Strip.blank(width, self.rich_style)
        key = self._key()
        if self._cache is None or self._cache[0] != key:
            canvas = self._render_canvas()
            self._cache = (key, canvas.strips(), canvas)
        strips = self._cache[1]
        return strips[y] if 0 <= y < len(strips) else Strip.blank(width, self.rich_style)

    def render_text(self) -> Text:
        """The diagram as rich Text (for tests and plain-text exports)."""
        if self._state is None or self.size.width < 4 or self.size.height < 1:
            return Text("")
        return self._render_canvas().text()

    def _render_canvas(self) -> _Canvas:
        layout = self._geometry()
        style = style_lookup(self)
        base = self.rich_style
        canvas = _Canvas(layout.width, layout.height, base)
        if layout.compact:
            for view in self._views:
                self._draw_compact(canvas, layout, view, style)
            return canvas
        self._draw_table(canvas, layout, style)
        for view in self._views:
            self._draw_seat(canvas, layout, view, style)
        return canvas

    def _draw_table(self, canvas: _Canvas, g: Geometry, style) -> None:
        felt = style("seating--felt")
        for row, x0, x1 in g.spans:
            canvas.chars[row][x0:x1] = ["░"] * (x1 - x0)
            canvas.styles[row][x0:x1] = [felt] * (x1 - x0)
        st = self._state
        assert st is not None
        # centre text, most important first; each line only if it fits on the felt
        first, hand = felt_lines(st, self.lang)
        first_style = style("seating--felt-kill" if st.button.killed else "seating--felt-text")
        wanted: list[tuple[str, Style]] = [
            (f" {first} ", first_style),
            (f" {hand} ", style("seating--felt-text")),
        ]
        top = round(g.cy - len(wanted) / 2)
        for index, (text, text_style) in enumerate(wanted):
            width = cell_len(text)
            x0 = round(g.cx - width / 2)
            for row in (top + index, round(g.cy - 0.5)) if index == 0 else (top + index,):
                if g.inside_table(x0, row) and g.inside_table(x0 + width - 1, row):
                    if all(canvas.chars[row][column] == "░" for column in range(x0, x0 + width)):
                        canvas.put(x0, row, text, text_style)
                        break
        # the dealer's place at the top of the table
        row = round(g.cy - g.ry)
        if g.inside_table(round(g.cx), row):
            canvas.put(round(g.cx) - 1, row, "▼", style("seating--felt-text"))

    def _draw_seat(self, canvas: _Canvas, g: Geometry, v: SeatView, style) -> None:
        left, top = g.boxes[v.seat]
        width = g.label_width
        cursor = v.seat == self.cursor and self.has_focus
        if v.name is None:
            empty_style = style("seating--empty")
            for line in range(LABEL_LINES):
                canvas.fill(left, top + line, width, empty_style)
            lead = " " if width >= 11 else ""
            canvas.put(
                left,
                top,
                f"{lead}{v.seat} ·",
                style("seating--cursor") if cursor else empty_style,
                width,
            )
            canvas.put(left, top + 1, lead + tr("empty", self.lang), empty_style, width)
            return
        seat_s = style("seating--seat")
        for line in range(LABEL_LINES):
            canvas.fill(left, top + line, width, seat_s)
        head = style("seating--cursor") if cursor else style("seating--name")
        canvas.fill(left, top, width, head)
        lead = " " if width >= 11 else ""
        used = canvas.put(left, top, f"{lead}{v.seat} ", head, width)
        canvas.put(left + used, top, fit(v.name, width - used), head, width - used)
        pad = 1 if width >= 11 else 0  # narrow labels use every cell
        # line 2: stack, then the dealer and blind markers on the right
        if v.markers:
            mw = cell_len(v.markers) + pad
            canvas.put(left + width - mw, top + 1, v.markers, style("seating--dealer"), mw)
            room = width - mw - pad - 1
            canvas.put(left + pad, top + 1, fit(v.stack, room), seat_s, room)
        else:
            canvas.put(left + pad, top + 1, fit(v.stack, width - pad), seat_s, width - pad)
        # line 3: the kill button's side (the amount only if it fits), and statuses
        pos = left + pad
        if v.kill:
            ks = (
                style("seating--kill") if v.kill.startswith(KILL_FACE_UP) else style("seating--leg")
            )
            room = left + width - pos
            # the amount goes first when the label cannot hold it and the statuses too
            need = cell_len(v.kill) + (1 + cell_len(v.status) if v.status else 0)
            kill = v.kill if need <= room else v.kill.split(" ")[0]
            pos += canvas.put(pos, top + 2, kill, ks, left + width - pos) + 1
        if v.status:
            status = v.status
            if cell_len(status) > left + width - pos:  # short words before an ellipsis
                status = v.short or status
            canvas.put(
                pos,
                top + 2,
                fit(status, max(0, left + width - pos)),
                style("seating--status"),
                max(0, left + width - pos),
            )

    def _draw_compact(self, canvas: _Canvas, g: Geometry, v: SeatView, style) -> None:
        left, top = g.boxes[v.seat]
        width = g.label_width
        cursor = v.seat == self.cursor and self.has_focus
        if v.name is None:
            canvas.put(
                left,
                top,
                f"{v.seat:>2} ·",
                style("seating--cursor") if cursor else style("seating--empty"),
                width,
            )
            return
        used = canvas.put(
            left,
            top,
            f"{v.seat:>2} ",
            style("seating--cursor") if cursor else style("seating--name"),
            width,
        )
        used += canvas.put(
            left + used, top, fit(v.name, width - used), style("seating--name"), width - used
        )
        for part, class_name in (
            (v.markers, "seating--dealer"),
            (v.kill, "seating--kill"),
            (v.status, "seating--status"),
        ):
            if part:
                used += canvas.put(left + used, top, " ", style("seating--seat"), width - used)
                used += canvas.put(left + used, top, part, style(class_name), width - used)

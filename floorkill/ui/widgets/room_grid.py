"""Every table at a glance: a grid of cards, one per table (big screen and podium).

A card shows the table's name, the coming hand's limits, the kill status in large block
letters when the card is big enough (``KILL POT`` / ``LEG UP`` / ``NO KILL``, else one
bold line), who killed or holds the leg, and how many players are barred. Everything is
said in words and shapes (reverse video for a kill pot, a thick border, bold), so it
reads without colour. Read-only: give it states with :meth:`RoomGrid.show`; it sends no
event and takes no key of its own.

Too many tables for one screen: the grid shows pages (:meth:`RoomGrid.next_page`); the
big screen turns them, the podium pages with keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import ceil, sqrt

from rich.text import Text
from textual.message import Message
from textual.widget import Widget

from floorkill.display.block_letters import HEIGHT as BIG_HEIGHT
from floorkill.display.block_letters import big_lines
from floorkill.display.words import Card, card_of, room_title
from floorkill.log import log
from floorkill.rules import TableState

from .repaint import style_lookup

CARD_MIN_WIDTH = 22  # cells (border included): below this a page holds fewer cards
CARD_MIN_HEIGHT = 6  # border + name/limits + status + who + barred
BIG_CARD_WIDTH = 30  # a card this big (and 2 rows taller) shows the status in block letters
BIG_CARD_HEIGHT = 8


def grid_shape(n: int, width: int, height: int) -> tuple[int, int, int]:
    """(columns, rows, cards per page) for ``n`` cards in ``width``×``height`` cells."""
    if n <= 0:
        return 1, 1, 1
    max_cols = max(1, width // CARD_MIN_WIDTH)
    max_rows = max(1, height // CARD_MIN_HEIGHT)
    cols = min(max_cols, max(1, ceil(sqrt(n))))
    rows = min(max_rows, ceil(n / cols))
    if cols * rows < n and cols < max_cols:  # a page holds more with more columns
        cols = min(max_cols, ceil(n / rows))
    return cols, rows, cols * rows


def fits_big(n: int, width: int, height: int) -> bool:
    """True when ``n`` cards all fit on one page, each big enough for block letters."""
    if n <= 0:
        return False
    cols, rows, per_page = grid_shape(n, width, height)
    return per_page >= n and width // cols >= BIG_CARD_WIDTH and height // rows >= BIG_CARD_HEIGHT


class TableCard(Widget):
    """One table's card; lays its lines out for the size it was given."""

    DEFAULT_CSS = """
    TableCard {
        border: round $foreground 60%;
        padding: 0 1;
        background: $panel;
        color: $foreground;
        height: 1fr;
        width: 1fr;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    TableCard.-kill { border: heavy $error; }
    TableCard.-leg { border: double $warning; }
    TableCard > .card--name { text-style: bold; }
    TableCard > .card--kill { text-style: bold; color: #ffffff; background: $error-darken-3; }
    TableCard > .card--leg { text-style: bold; color: $warning; }
    TableCard > .card--big-kill { text-style: bold; color: #ffffff; background: $error-darken-3; }
    TableCard > .card--neutral { color: $text-muted; }
    TableCard > .card--barred { text-style: bold; color: #ffffff; background: $error-darken-3; }
    TableCard > .card--dim { color: $text-muted; }
    """
    COMPONENT_CLASSES = {
        "card--name",
        "card--kill",
        "card--big-kill",
        "card--leg",
        "card--neutral",
        "card--barred",
        "card--dim",
    }

    def __init__(self, card: Card, **kwargs) -> None:
        super().__init__(**kwargs)
        self.card = card
        self.add_class(f"-{card.kind}")

    def show(self, card: Card) -> None:
        if card == self.card:
            return
        if card.kind != self.card.kind:
            self.set_classes(f"-{card.kind}")
        self.card = card
        self.refresh()

    def render(self) -> Text:
        c = self.card
        width, height = self.content_region.width, self.content_region.height
        style = style_lookup(self)
        lines: list[Text] = []
        room = max(1, width - len(c.limits) - 1)  # the limits always show in full
        name = c.name if len(c.name) <= room else c.name[: max(0, room - 1)] + "…"
        top = Text(no_wrap=True, end="")
        top.append(name, style=style("card--name"))
        top.append(" " * max(1, width - len(name) - len(c.limits)))
        top.append(c.limits, style="bold")
        lines.append(top)
        kind_style = style(f"card--{c.kind}")
        big_style = style("card--big-kill") if c.kind == "kill" else kind_style
        rest = 1 + (1 if c.who else 0) + (1 if c.barred else 0)
        big = None
        if height - len(lines) - rest >= BIG_HEIGHT + 1:
            big = big_lines(c.status, width) or (
                big_lines(c.status.split()[0], width) if c.kind != "neutral" else None
            )
        if big is not None:
            lines.append(Text(""))
            pad = " " * max(0, (width - len(big[0])) // 2)
            for row in big:  # a kill: a full-width band (white on red)
                row = pad + row
                if c.kind == "kill":
                    row = row.ljust(width)
                lines.append(Text(row, style=big_style, no_wrap=True))
        else:
            status = Text(f" {c.status} ", style=kind_style, no_wrap=True)
            lines.append(status)
        if c.who:
            lines.append(Text(c.who, no_wrap=True, overflow="ellipsis"))
        if c.barred:
            lines.append(
                Text(
                    f" {c.barred_text} ",
                    style=style("card--barred"),
                    no_wrap=True,
                )
            )
        lines = lines[: max(1, height)]
        full = 3 + (BIG_HEIGHT + 1 if big is not None else 1)  # every card's lines level
        if full < height:  # centred top to bottom
            lines = [Text("")] * ((height - full) // 2) + lines
        out = Text("\n", end="").join(lines)
        out.no_wrap = True
        out.overflow = "ellipsis"
        return out


class RoomGrid(Widget):
    """All tables as cards, laid out for the grid's size; pages when they do not fit."""

    DEFAULT_CSS = """
    RoomGrid {
        layout: grid;
        grid-gutter: 0;
        height: 1fr;
        width: 1fr;
    }
    """

    class Paged(Message):
        """The page or the number of pages changed (titles say "page 2 of 3")."""

    def __init__(self, *, lang: str | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self.cards: list[Card] = []
        self.page = 0
        self._shape: tuple[int, int, int] | None = None
        self._paged: tuple[int, int] = (0, 1)

    @property
    def pages(self) -> int:
        per_page = self._shape[2] if self._shape else max(1, len(self.cards))
        return max(1, ceil(len(self.cards) / per_page))

    def show(self, states: Sequence[TableState]) -> None:
        """Show one card per state, in order (in place: unchanged cards are not redrawn)."""
        self.show_cards([card_of(s, self.lang) for s in states])

    def show_cards(self, cards: Sequence[Card]) -> None:
        """Show these cards, in order (the big screen's view has them worded already)."""
        self.cards = list(cards)
        self._sync()

    def next_page(self, step: int = 1) -> None:
        self.page = (self.page + step) % self.pages
        self._sync()

    def on_resize(self) -> None:
        self._sync()

    def _sync(self) -> None:
        if not self.is_mounted:
            return
        width, height = self.content_region.width, self.content_region.height
        if width <= 0 or height <= 0:
            return
        shape = grid_shape(len(self.cards), width, height)
        cols, rows, per_page = shape
        if shape != self._shape:
            self._shape = shape
            self.styles.grid_size_columns = cols
            self.styles.grid_size_rows = rows
        self.page = min(self.page, self.pages - 1)
        start = self.page * per_page
        page = self.cards[start : start + per_page]
        widgets = list(self.query_children(TableCard))
        for w, card in zip(widgets, page, strict=False):
            w.show(card)
        if len(widgets) > len(page):
            for w in widgets[len(page) :]:
                w.remove()
        elif len(page) > len(widgets):
            self.mount_all([TableCard(c) for c in page[len(widgets) :]])
        if (self.page, self.pages) != self._paged:
            self._paged = (self.page, self.pages)
            self.post_message(self.Paged())


def room_states(registry) -> list[TableState]:
    """Every table's state from the podium's table registry (``names()``/``get(name)``);
    a table that cannot be opened is left out (the table list reports it)."""
    out = []
    for name in registry.names():
        try:
            out.append(registry.get(name).state)
        except Exception:
            log.debug("room grid: table %s cannot be opened", name, exc_info=True)
            continue
    return out


__all__ = [
    "Card",
    "RoomGrid",
    "TableCard",
    "card_of",
    "fits_big",
    "grid_shape",
    "room_states",
    "room_title",
]

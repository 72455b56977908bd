"""The big screen's view model: everything a big screen shows, as plain frozen data.

One source, two renderers: the terminal big screen (:mod:`floorkill.ui.big_screen`) draws a
:class:`BigScreenView` with Textual widgets, and the TV page's server (:mod:`floorkill.web`)
sends the same view to browsers as JSON (:func:`view_json`), where a small script draws it.
The view holds every table of the picture — its play (:class:`TableScreen`), its placard
(:class:`PlacardScreen`) and its card in the grid of every table (:class:`GridScreen`) — so
a screen picks what to show (one table, the grid, the placards, in turn) without asking
for other words. Texts are in the view's language, names are plain text.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace

from floorkill.i18n import get_lang, normalize, ntr, tr
from floorkill.rules.clauses import title as clause_title
from floorkill.rules.placard import placard as table_placard

from .follow import WAITING_JOURNAL, Corrected, LastDecision, Picture, TableView
from .words import (
    Card,
    SeatView,
    banner_parts,
    barred_text,
    big_banner_parts,
    card_of,
    felt_lines,
    headline,
    limits_text,
    seat_views,
)
from .words import room_title as grid_title


@dataclass(frozen=True)
class Banner:
    """The kill status: a band in block letters over a sentence."""

    kind: str  # "kill" | "leg" | "neutral"
    text: str  # "KILL POT — Seat 3 Cy — $20-$40"
    status: str  # "KILL POT" (block letters)
    seat: str  # "SEAT 3", or ""
    name: str  # "CY", or ""


@dataclass(frozen=True)
class Decision:
    """The last decision's line: ``head`` and ``hand`` in bold, the sentence, its clauses."""

    head: str  # "Last decision" (or "Last decision: " when there is none)
    hand: str  # " · hand 3", or ""
    text: str  # the sentence, or "none yet"
    cite: str  # "(rrop-4 — Kill pot)", or ""
    none: bool = False


@dataclass(frozen=True)
class TableScreen:
    """One table's play, as the big screen shows it."""

    name: str
    game: str
    hand_label: str  # "Next hand: "
    hand: int
    limits_label: str  # "LIMITS" / "KILL LIMITS"
    limits: str
    killed: bool
    banner: Banner
    felt: tuple[str, ...]  # the words on the table: "KILL $20-$40" or the stakes; "Hand 3"
    seats: tuple[SeatView, ...]
    last: Decision
    barred: str  # "Barred: …", or ""
    rotation: str = ""  # "Table 1 of 3 · next: Table 2" when there are several
    # the newest correction, until the next hand: "Corrected: hand 31 — …", or ""
    corrected: str = ""


@dataclass(frozen=True)
class PlacardLine:
    text: str
    cites: str  # "rrop-4, rrop-5", or ""


@dataclass(frozen=True)
class PlacardScreen:
    title: str
    lines: tuple[PlacardLine, ...]
    rotation: str = ""  # "2 / 3" when there are several


@dataclass(frozen=True)
class GridScreen:
    """Every table as a card. ``page_of`` keeps its ``{page}`` and ``{pages}`` for the
    screen that pages (the page size is the screen's)."""

    title: str  # "All tables · 3"
    page_of: str  # "page {page} of {pages}", in the view's language
    cards: tuple[Card, ...]

    def title_for(self, page: int, pages: int) -> str:
        """The title over ``page`` (0-based) of ``pages``."""
        if pages <= 1:
            return self.title
        return self.title + " · " + self.page_of.format(page=page + 1, pages=pages)


@dataclass(frozen=True)
class BigScreenView:
    """What a big screen shows now: the tables, or why there is nothing to show yet."""

    lang: str
    waiting: str  # headline when nothing can be shown, else ""
    detail: str  # a quieter second line under it
    problems: str  # a line at the foot of every page, or ""
    tables: tuple[TableScreen, ...]
    placards: tuple[PlacardScreen, ...]
    grid: GridScreen


# ---------------------------------------------------------------------------
# building it


def decision_of(last: LastDecision | None, lang: str) -> Decision:
    if last is None:
        return Decision(tr("Last decision: ", lang), "", tr("none yet", lang), "", none=True)
    hand = " · " + tr("hand {n}", lang, n=last.hand) if last.hand is not None else ""
    cite = ""
    if last.cites:
        title = clause_title(last.cites[0], lang)
        cite = f"({', '.join(last.cites)} — {title})"
    return Decision(tr("Last decision", lang), hand, last.text, cite)


CORRECTED_CHANGES = 2  # the changes said in full; the rest counted


def corrected_text(fix: Corrected | None, lang: str) -> str:
    """The big screen's line for the newest correction: which hand (or record), and
    what it changed (the first few changes, then how many more)."""
    if fix is None:
        return ""
    if fix.hand is not None:
        head = (
            tr("Corrected: hand {hand} struck", lang, hand=fix.hand)
            if fix.struck
            else tr("Corrected: hand {hand}", lang, hand=fix.hand)
        )
    else:
        head = tr("Corrected: record {record}", lang, record=fix.record)
    if not fix.changes:
        return head + " — " + tr("no ruling changes", lang)
    said = "; ".join(fix.changes[:CORRECTED_CHANGES])
    more = len(fix.changes) - CORRECTED_CHANGES
    if more > 0:
        said += " " + ntr("(+{n} more)", "(+{n} more)", more, lang)
    return head + " — " + said


def table_screen(view: TableView, lang: str) -> TableScreen:
    st = view.state
    name, game = headline(st, lang)
    kind, text = banner_parts(st, lang)
    status, seat, who = big_banner_parts(st, lang)
    killed = bool(st.button.killed)
    return TableScreen(
        name=name,
        game=game,
        hand_label=tr("Next hand: ", lang),
        hand=st.hands + 1,
        limits_label=tr("KILL LIMITS", lang) if killed else tr("LIMITS", lang),
        limits=limits_text(st),
        killed=killed,
        banner=Banner(kind, text, status, seat, who),
        felt=felt_lines(st, lang),
        seats=tuple(seat_views(st, lang)),
        last=decision_of(view.last, lang),
        barred=barred_text(st, lang),
        corrected=corrected_text(view.corrected, lang),
    )


def placard_screen(view: TableView, lang: str) -> PlacardScreen:
    card = table_placard(view.state.config)
    return PlacardScreen(
        card.title.get(lang) or card.title["en"],
        tuple(PlacardLine(line.render(lang), ", ".join(line.cites)) for line in card.lines),
    )


def problems_line(problems: tuple[str, ...], lang: str) -> str:
    """The first problem and how many more."""
    if not problems:
        return ""
    more = len(problems) - 1
    return problems[0] + ((" " + ntr("(+{n} more)", "(+{n} more)", more, lang)) if more else "")


class ViewBuilder:
    """Builds :class:`BigScreenView` from the follower's pictures, in one language; a table
    whose :class:`TableView` is the one it saw last time is not worded again."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = normalize(lang) or get_lang()
        self._seen: dict[str, tuple[TableView, TableScreen, PlacardScreen, Card]] = {}

    def _parts(self, view: TableView) -> tuple[TableScreen, PlacardScreen, Card]:
        seen = self._seen.get(view.name)
        if seen is not None and seen[0] is view:
            return seen[1], seen[2], seen[3]
        parts = (
            table_screen(view, self.lang),
            placard_screen(view, self.lang),
            card_of(view.state, self.lang),
        )
        self._seen[view.name] = (view, *parts)
        return parts

    def build(self, picture: Picture) -> BigScreenView:
        lang = self.lang
        grid = GridScreen(
            grid_title(len(picture.tables), lang=lang),
            tr("page {page} of {pages}", lang, page="{page}", pages="{pages}"),
            (),
        )
        problems = problems_line(picture.problems, lang)
        if picture.waiting is not None or not picture.tables:
            self._seen.clear()
            return BigScreenView(
                lang,
                picture.waiting or tr(WAITING_JOURNAL, lang),
                picture.detail,
                problems,
                (),
                (),
                grid,
            )
        names = {table.name for table in picture.tables}
        for gone in [seen for seen in self._seen if seen not in names]:
            del self._seen[gone]
        parts = [self._parts(table) for table in picture.tables]
        count = len(parts)
        tables, placards = [], []
        for index, (screen, placard, _card) in enumerate(parts):
            if count > 1:
                nxt = parts[(index + 1) % count][0].name
                screen = replace(
                    screen,
                    rotation=tr(
                        "Table {index} of {count} · next: {name}",
                        lang,
                        index=index + 1,
                        count=count,
                        name=nxt,
                    ),
                )
                placard = replace(placard, rotation=f"{index + 1} / {count}")
            tables.append(screen)
            placards.append(placard)
        return BigScreenView(
            lang,
            "",
            "",
            problems,
            tuple(tables),
            tuple(placards),
            replace(grid, cards=tuple(part[2] for part in parts)),
        )


def view_json(view: BigScreenView) -> bytes:
    """The view as the TV page receives it: UTF-8 JSON, one line."""
    return json.dumps(asdict(view), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def view_dict(view: BigScreenView) -> dict:
    """The view as the page's script reads it (JSON's lists and objects)."""
    return json.loads(view_json(view))


__all__ = [
    "Banner",
    "BigScreenView",
    "Decision",
    "GridScreen",
    "PlacardLine",
    "PlacardScreen",
    "TableScreen",
    "ViewBuilder",
    "decision_of",
    "view_dict",
    "view_json",
]

"""The room view: every player of the journal's tables at a glance, and paying from it.

One row per seated player (where they sit, away or not, leg held) and per owed kill
(barred until paid, or owing to post later): a player barred at Table 14 and seated at
Table 7 shows on both rows as barred, with the table where the kill is owed; a barred
player who sits nowhere still has a row. Typing filters by name (the one name key: case,
spacing and Unicode form do not matter). Enter (or ``p``) on a row with an owed kill asks
to record the payment: one ``pay_kill`` event at the table where it is owed; the bar
lifts everywhere at once.

Also here, so the podium only hooks it in: :func:`ask_near_match` (the question a join
close to a barred player's name asks before seating). Another process's commit shows
without a keypress through the floor controller's ``follow``. Nothing here
decides a rule: the rows are read from the tables' states and the room
(:mod:`floorkill.rules.room`), the question comes from the rules model.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from floorkill.floor.tables import TableRegistry
from floorkill.floor.wording import floor_text
from floorkill.i18n import N_, NC_, error_text, money, ptr, tr
from floorkill.log import log
from floorkill.rules.codes import ButtonStatus, OwedMode
from floorkill.rules.names import name_key, safe_text
from floorkill.rules.room import RROP_BAR, bar_of
from floorkill.store.session import TableSession

from ..widgets.key_line import KeyLine
from .language import LANGUAGE_KEY, Speaks
from .side_screen import OpensAtOnce

COLUMNS = (N_("Player"), N_("Table"), N_("Seat"), N_("Status"), N_("Owes"), N_("Legs"))


@dataclass(frozen=True)
class RoomRow:
    player: str
    table: str
    seat: int | None
    status: str  # BARRED … | owes … | away | playing | not seated
    owes: int | None  # cents, when an owed kill is on this row
    owed_at: str | None  # the table where that kill is owed (where a payment goes)
    legs: str
    barred: bool

    @property
    def key(self) -> str:
        return name_key(self.player)


def _barred(owes: int, table: str, lang: str | None) -> str:
    return tr("BARRED — owes {amount} at {table}", lang, amount=money(owes, lang), table=table)


def _owes(owes: int, lang: str | None) -> str:
    return tr("owes {amount} (posts later)", lang, amount=money(owes, lang))


def room_rows(tables: TableRegistry, lang: str | None = "en") -> tuple[list[RoomRow], list[str]]:
    """(rows, problems): every seated player and every owed kill, table by table, said in
    ``lang``."""
    rows: list[RoomRow] = []
    problems: list[str] = []
    seated_keys: set[str] = set()
    room = tables.room()
    for name in tables.names():
        try:
            state = tables.get(name).state
        except Exception as exc:  # a table that cannot be opened: said, never fatal
            log.debug("room view: table %s cannot be opened", name, exc_info=True)
            problems.append(
                safe_text(
                    tr(
                        "{name}: cannot open ({error})",
                        lang,
                        name=name,
                        error=error_text(exc, lang),
                    )
                )
            )
            continue
        button = state.button
        for player in state.players:
            if player is None:
                continue
            seated_keys.add(name_key(player.name))
            legs = []
            if (button.status == ButtonStatus.LEG_UP and button.seat == player.seat) or (
                button.killed and button.leg_seat == player.seat
            ):
                legs.append(tr("leg up", lang))
            if button.killed and button.seat == player.seat:
                legs.append(tr("kill: {amount}", lang, amount=money(button.amount or 0, lang)))
            if player.name in state.credits:
                legs.append(tr("leg credit", lang))
            owed = bar_of(state, player.name) or state.owed(player.name)
            if owed is not None and owed.mode == OwedMode.BARRED:
                at = owed.table or name
                status = _barred(owed.owes, at, lang)
            elif owed is not None:
                at = owed.table or name
                status = _owes(owed.owes, lang)
            else:
                at = None
                status = (
                    ptr("room", ROOM_WORDS["away"], lang)
                    if player.away
                    else ptr("room", ROOM_WORDS["sits out"], lang)
                    if player.sitting_out
                    else ptr("room", ROOM_WORDS["playing"], lang)
                )
            if owed is not None and player.away:
                status += " · " + ptr("room", ROOM_WORDS["away"], lang)
            rows.append(
                RoomRow(
                    player.name,
                    name,
                    player.seat,
                    status,
                    owed.owes if owed else None,
                    at,
                    ", ".join(legs),
                    bool(owed and owed.mode == OwedMode.BARRED),
                )
            )
    for bar in room.bars():  # owed kills of players seated nowhere
        if name_key(bar.player) in seated_keys:
            continue
        status = _barred(bar.owes, bar.table, lang) if bar.barred else _owes(bar.owes, lang)
        rows.append(
            RoomRow(
                bar.player,
                bar.table,
                None,
                status + " · " + ptr("room", ROOM_WORDS["not seated"], lang),
                bar.owes,
                bar.table,
                "",
                bar.barred,
            )
        )
    rows.sort(key=lambda row: (row.key, row.table))
    return rows, problems


ROOM_WORDS = {
    "away": NC_("room", "away"),
    "sits out": NC_("room", "sits out"),
    "playing": NC_("room", "playing"),
    "not seated": NC_("room", "not seated"),
}


def filter_rows(rows: list[RoomRow], typed: str) -> list[RoomRow]:
    key = name_key(typed) if typed.strip() else ""
    if not key:
        return rows
    return [row for row in rows if key in row.key or key in name_key(row.table)]


class RoomPlayersScreen(OpensAtOnce, Speaks, Screen[None]):
    """Every player of the room; type to filter; Enter or p on an owed kill pays it."""

    DEFAULT_CSS = """
    RoomPlayersScreen { layout: vertical; }
    RoomPlayersScreen #room-title { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    RoomPlayersScreen #room-filter { height: 3; }
    RoomPlayersScreen DataTable { height: 1fr; }
    RoomPlayersScreen #room-help { height: auto; padding: 0 1; color: $text-muted; }
    RoomPlayersScreen #room-error { height: auto; padding: 0 1; color: $error; text-style: bold; }
    """
    BINDINGS = [
        Binding("escape", "back", NC_("key", "Back"), id="room.back"),
        Binding("enter", "pay", NC_("key", "Pay kill"), id="room.pay", priority=True),
        Binding("f3", "language", LANGUAGE_KEY, show=False, id="room.language"),
        Binding("down", "move(1)", NC_("key", "Down"), show=False, id="room.down", priority=True),
        Binding("up", "move(-1)", NC_("key", "Up"), show=False, id="room.up", priority=True),
    ]

    def __init__(
        self, tables: TableRegistry, pay: Callable[[str, str], None], lang: str | None = None
    ) -> None:
        super().__init__()
        self.lang = lang
        self.tables = tables
        self._pay = pay
        self.rows: list[RoomRow] = []
        self.shown: list[RoomRow] = []
        self.problems: list[str] = []
        self._columns_for: tuple | None = None  # (language, widths) the columns have
        self._filtered_by = ""  # the filter the rows shown were made by

    def compose(self) -> ComposeResult:
        yield Static("", id="room-title", markup=False)
        yield Input(id="room-filter")
        yield DataTable(id="room-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="room-error", markup=False)
        yield Static("", id="room-help", markup=False)
        yield KeyLine()

    def on_mount(self) -> None:
        self.speak()
        self.query_one(Input).focus()

    def speak(self) -> None:
        """Every word in ``self.lang`` (F3)."""
        lang = self.lang
        self.query_one("#room-title", Static).update(
            tr(
                "Room — every player at every table; barred players are barred everywhere ({cite})",
                lang,
                cite=RROP_BAR,
            )
        )
        self.query_one(Input).placeholder = tr("type a name or table to filter", lang)
        self.query_one("#room-help", Static).update(
            tr(
                "↑↓ choose · Enter: the owed kill is paid (recorded at the table where it is owed; "
                "the bar lifts everywhere) · Esc: back",
                lang,
            )
        )
        self._columns_for = None  # the headers in the new language
        self.reload()

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if self.is_mounted and self.rows:  # back from the pay question: read again
            self.reload()

    def reload(self) -> None:
        """Every row again, read where the app reads its journal (the podium's journal
        work: a thread once the journal is slow); the first read keeps the keys typed
        meanwhile for the rows it brings (a name and ⏎ pay from the rows, never from none)."""
        tables, lang = self.tables, self.lang
        work = getattr(self.app, "journal_work", None)
        if work is None:
            self._rows_read(room_rows(tables, lang))
            return
        first = not self.rows

        def slow() -> None:
            if first and self.is_attached:  # the rows are empty meanwhile, and say why
                self.query_one("#room-error", Static).update(tr("Reading the journal…", lang))

        work.read(
            lambda: room_rows(tables, lang),
            self._rows_read,
            self._rows_not_read,
            slow=slow,
            hold_keys=first,
        )

    def _rows_read(self, read: tuple[list[RoomRow], list[str]]) -> None:
        if not self.is_attached:
            return
        self.rows, self.problems = read
        self._columns()
        self.show_rows()
        self.query_one("#room-error", Static).update(Text("\n".join(self.problems)))

    def _rows_not_read(self, exc: Exception) -> None:
        log.error("room view: the journal could not be read", exc_info=exc)
        if self.is_attached:
            self.query_one("#room-error", Static).update(
                Text(
                    safe_text(
                        tr(
                            "the journal cannot be read just now — press the key again: {error}",
                            self.lang,
                            error=error_text(exc, self.lang),
                        )
                    )
                )
            )

    def _cells(self, r: RoomRow) -> tuple[Text, ...]:
        status = Text(
            safe_text(r.status),
            style="bold reverse" if r.barred else ("bold" if r.owes is not None else ""),
        )
        return (
            Text(safe_text(r.player)),
            Text(safe_text(r.table)),
            Text("" if r.seat is None else str(r.seat)),
            status,
            Text(money(r.owes, self.lang) if r.owes is not None else ""),
            Text(r.legs),
        )

    def _columns(self) -> None:
        """The columns, each as wide as its header and every row (not only the rows the
        filter shows: typing does not make the table jump). Set here, not measured by the
        DataTable when idle: a frame drawn before that measure was kept, and F3 left every
        column as narrow as its header ("Tabl", "playin")."""
        lang = self.lang
        labels = [tr(label, lang) for label in COLUMNS]
        widths = [cell_len(label) for label in labels]
        for row in self.rows:
            widths = [
                max(widest, cell.cell_len)
                for widest, cell in zip(widths, self._cells(row), strict=True)
            ]
        if self._columns_for == (lang, widths):
            return
        self._columns_for = (lang, widths)
        dt = self.query_one(DataTable)
        dt.clear(columns=True)
        for key, label, width in zip(COLUMNS, labels, widths, strict=True):
            dt.add_column(Text(label), key=key, width=width)

    def show_rows(self) -> None:
        dt = self.query_one(DataTable)
        self._filtered_by = self.query_one(Input).value
        self.shown = filter_rows(self.rows, self._filtered_by)
        dt.clear()
        for index, row in enumerate(self.shown):
            dt.add_row(*self._cells(row), key=str(index))

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.show_rows()

    def after_typing(self, then: Callable[[], None]) -> None:
        """Run ``then`` once the filter has every key typed before it. ↑↓ and Enter are the
        screen's keys and act at once, while the letters typed just before them still wait
        in the filter's queue ("cy⏎" in one breath paid the first row of the whole list):
        ``then`` is queued behind them, and the rows are filtered by what the field holds."""
        field = self.query_one(Input)

        def run() -> None:
            if self.is_attached and self.app.screen is self:
                if field.value != self._filtered_by:
                    self.show_rows()
                then()

        field.call_later(run)

    def action_move(self, step: int) -> None:
        self.after_typing(lambda: self._move(step))

    def _move(self, step: int) -> None:
        dt = self.query_one(DataTable)
        if self.shown:
            dt.move_cursor(row=max(0, min(len(self.shown) - 1, dt.cursor_row + step)))

    def selected(self) -> RoomRow | None:
        dt = self.query_one(DataTable)
        if not self.shown or not 0 <= dt.cursor_row < len(self.shown):
            return None
        return self.shown[dt.cursor_row]

    def action_pay(self) -> None:
        self.after_typing(self._pay_selected)

    def _pay_selected(self) -> None:
        row = self.selected()
        if row is None or row.owes is None or row.owed_at is None:
            self.app.notify(tr("No owed kill on this row.", self.lang), markup=False)
            return
        self._pay(row.player, row.owed_at)

    def action_back(self) -> None:
        """Esc: a filter typed is cleared first; Esc on an empty filter closes the view."""
        self.after_typing(self._back)

    def _back(self) -> None:
        field = self.query_one(Input)
        if field.value:
            field.value = ""
            self.show_rows()
        else:
            self.dismiss(None)


# ---------------------------------------------------------------------------
# hooks the podium calls


def ask_near_match(
    app, session: TableSession, raw: Mapping[str, Any], proceed: Callable[[str], None]
) -> bool:
    """Before seating: "is this Наталья Смирнова, barred at Table 14 for $20?" when the
    rules model says a join's name is close to a barred player's. True when it asked
    (``proceed`` then runs on "no", with the barred player's name, which the join records;
    "yes" shows the refusal)."""
    from .ask_modal import AskModal

    question = app.tables.near_match(raw)
    if question is None:
        return False
    lang = app.lang
    options = [
        ("y", floor_text("yes", lang), [question.yes_text(lang)], True),
        ("n", floor_text("no", lang), [question.no_text(lang)], False),
    ]

    def answered(same: bool | None) -> None:
        if same is None:
            return
        if same:
            app.report_refusal(question.refusal)
        else:
            proceed(question.bar.player)

    app.push_screen(
        AskModal(
            safe_text(session.name), safe_text(question.text(lang)), options, question.cites, lang
        ),
        answered,
    )
    return True

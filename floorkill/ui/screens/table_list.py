"""The table list: every table of the journal with its game, stakes, kill status and
whether it counts as a kill game; Enter switches to it (each table keeps its state:
the sessions stay open). New tables: by form, from a sample, or as a copy.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from floorkill import vocab
from floorkill.floor.keyboard import key_letters
from floorkill.floor.tables import TableRegistry
from floorkill.i18n import N_, NC_, error_text, money, ntr, ptr, tr
from floorkill.log import log
from floorkill.rules import ConfigError, load_table_file
from floorkill.rules.codes import ButtonStatus, OwedMode
from floorkill.rules.config import TableConfig, game_name
from floorkill.rules.names import safe_text
from floorkill.rules.options import FIELD_CITES

from ..widgets.key_line import KeyLine
from .language import LANGUAGE_KEY, Speaks
from .side_screen import OpensAtOnce

# (key, message id): every column, when they fit the width (else see LAYOUTS)
COLUMNS = (
    ("mark", "#"),
    ("table", N_("Table")),
    ("status", N_("Kill status")),
    ("barred", N_("Barred")),
    ("game", N_("Game")),
    ("stakes", N_("Stakes")),
    ("kill_game", N_("Kill game")),
    ("seated", N_("Seated")),
    ("hands", N_("Hands")),
)
# what each narrower list leaves out (said below the list for the highlighted table; the
# first narrower one puts the game and the stakes in one column): the kill status right
# after the table's name is never cut, in either language, down to 80 columns
LAYOUTS = ((), ("stakes", "kill_game"), ("stakes", "kill_game", "game", "seated", "hands"))


def kill_game_words(cfg: TableConfig, lang: str | None = None) -> str:
    """ "full kill, two pots" / "no" in the floor's words."""
    if not cfg.is_kill_game:
        return ptr("tables", "no", lang)
    triggers = ", ".join(vocab.word(vocab.TRIGGERS, trigger, lang) for trigger in cfg.kill.triggers)
    return tr(
        "{kind}, {triggers}",
        lang,
        kind=vocab.word(vocab.KILL_KINDS, cfg.kill.kind, lang),
        triggers=triggers or tr("no trigger", lang),
    )


def status_cell(state, lang: str | None = None) -> Text:
    """The kill status as the list shows it: KILL (reverse), leg up (bold), neutral, closed;
    who killed or holds the leg, with the kill's amount."""
    from ..widgets.status_line import seat_name

    button = state.button
    if state.closed:
        return Text(ptr("tables", "closed", lang), style="dim italic")
    if not state.config.is_kill_game:
        return Text(tr("no kill", lang), style="dim")
    if button.killed:
        text = Text(tr("KILL", lang), style="bold reverse")
        text.append(
            " "
            + safe_text(
                tr(
                    "{seat}, {amount}",
                    lang,
                    seat=seat_name(state, button.seat, button.player, lang),
                    amount=money(button.amount or 0, lang),
                )
            )
        )
        return text
    if button.status == ButtonStatus.LEG_UP:
        text = Text(tr("leg up", lang), style="bold")
        text.append(" " + seat_name(state, button.seat, button.player, lang))
        return text
    return Text(tr("neutral", lang))


def barred_cell(state, lang: str | None = None) -> str:
    return safe_text(
        ", ".join(
            (
                tr(
                    "{player} {amount} ({table})",
                    lang,
                    player=bar.player,
                    amount=money(bar.owes, lang),
                    table=bar.table,
                )
                if bar.table
                else f"{bar.player} {money(bar.owes, lang)}"
            )
            for bar in state.barred
            if bar.mode == OwedMode.BARRED
        )
    )


class TableListScreen(OpensAtOnce, Speaks, Screen[tuple[str, str] | None]):
    """Each table of the evening; dismisses with ("open", name) or ("new"|"sample"|"copy", name)."""

    DEFAULT_CSS = """
    TableListScreen { layout: vertical; }
    TableListScreen #tables-title { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    TableListScreen DataTable { height: 1fr; }
    TableListScreen #tables-detail { height: auto; padding: 0 1; }
    TableListScreen #tables-help { height: auto; padding: 0 1; color: $text-muted; }
    TableListScreen #tables-error { height: auto; padding: 0 1; color: $error; text-style: bold; }
    """
    BINDINGS = [
        Binding("escape", "back", NC_("key", "Back"), id="tables.back"),
        Binding(key_letters("n"), "new", NC_("key", "New table"), id="tables.new"),
        Binding(key_letters("s"), "sample", NC_("key", "From sample"), id="tables.sample"),
        Binding(key_letters("c"), "copy", NC_("key", "Copy table"), id="tables.copy"),
        Binding(
            key_letters("a"),
            "show_closed",
            NC_("key", "Closed tables"),
            show=False,
            id="tables.closed",
        ),  # said when any is hidden
        Binding("f3", "language", LANGUAGE_KEY, show=False, id="tables.language"),
        *[
            Binding(
                str(number),
                f"open_nth({number})",
                f"Table {number}",
                show=False,
                id=f"tables.open_{number}",
            )
            for number in range(1, 10)
        ],
    ]

    def __init__(self, registry: TableRegistry, current: str, lang: str | None = None) -> None:
        super().__init__()
        self.registry = registry
        self.current = current
        self.lang = lang
        self.names: list[str] = []
        self.problems: list[str] = []
        self.show_closed = False  # closed tables (close_table) are hidden until asked for
        self.hidden = 0
        self.narrow: int | None = None  # the layout: 0 every column, 1, 2 narrower
        self.details: list[tuple[str, str]] = []
        self._cells: list[dict[str, Text]] = []
        self._read: list[tuple[str, object]] | None = None  # (name, session or error) read

    def compose(self) -> ComposeResult:
        yield Static("", id="tables-title", markup=False)
        yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        yield Static("", id="tables-detail", markup=False)
        yield Static("", id="tables-error", markup=False)
        yield Static("", id="tables-help", markup=False)
        yield KeyLine()

    def on_mount(self) -> None:
        self.speak()
        self.query_one(DataTable).focus()

    def on_resize(self, event) -> None:
        if self.narrow is not None and self.layout_for(self.size.width) != self.narrow:
            self.reload()  # too narrow now, or wide enough again

    def speak(self) -> None:
        """Every word on the list in ``self.lang`` (F3)."""
        lang = self.lang
        self.query_one("#tables-title", Static).update(
            tr("Tables — its number or Enter switches (each table keeps its state)", lang)
        )
        self.query_one("#tables-help", Static).update(
            tr(
                "Kill game: counts as a different game from the same game without a kill for "
                "broken-game lists [{cites}].",
                lang,
                cites=", ".join(FIELD_CITES["kill_game"]),
            )
        )
        self.reload()

    def columns(self, layout: int | None = None) -> list[tuple[str, str]]:
        drop = LAYOUTS[(self.narrow or 0) if layout is None else layout]
        return [column for column in COLUMNS if column[0] not in drop]

    def header(self, key: str, label: str) -> str:
        if label == "#":
            return label
        if key == "game" and self.narrow:
            return tr("Game and stakes", self.lang)
        return tr(label, self.lang)

    def layout_for(self, width: int) -> int:
        """The first layout whose columns (each as wide as its widest cell) fit ``width``."""
        if not self._cells or not width:
            return 0
        for layout in range(len(LAYOUTS)):
            need = 0
            for key, label in self.columns(layout):
                cells = [row_cells[key].cell_len for row_cells in self._cells]
                if key == "game" and layout:
                    cells = [
                        row_cells["game"].cell_len + 1 + row_cells["stakes"].cell_len
                        for row_cells in self._cells
                    ]
                need += max(len(tr(label, self.lang)), *cells) + 2
            if need <= width - 2:  # the scroll bar
                return layout
        return len(LAYOUTS) - 1

    def rows(self) -> list[dict[str, Text]]:
        """Every table's cells by column key (the current table first to be marked), from
        what :func:`read_tables` read."""
        lang = self.lang
        out = []
        self.problems = []
        self.names = []
        self.details = []
        self.hidden = 0
        for name, session in self._read or ():
            try:
                if isinstance(session, Exception):
                    raise session
                state = session.state  # type: ignore[attr-defined]
                closed = state.closed
                if closed and not self.show_closed and name != self.current:
                    self.hidden += 1
                    continue
                cfg = state.config
                number = len(self.names) + 1
                mark = f"{number} ●" if name == self.current else f"{number}" if number <= 9 else ""
                game = game_name(cfg.game, lang)
                cells = {
                    "mark": Text(mark),
                    "table": Text(safe_text(name)),
                    "status": status_cell(state, lang),
                    "barred": Text(barred_cell(state, lang)),
                    "game": Text(game),
                    "stakes": Text(cfg.stakes_text()),
                    "kill_game": Text(kill_game_words(cfg, lang)),
                    "seated": Text(f"{len(state.occupied)}/{cfg.seats}"),
                    "hands": Text(str(state.hands)),
                }
                detail = (
                    safe_text(
                        f"{name}: {game} {cfg.stakes_text()} · "
                        + tr("kill game: {what}", lang, what=kill_game_words(cfg, lang))
                    ),
                    " · "
                    + ntr("{n} hand", "{n} hands", state.hands, lang)
                    + " · "
                    + tr("seated {seated}", lang, seated=cells["seated"].plain),
                )
            except Exception as exc:  # a table that cannot be opened is reported, never fatal
                log.debug("table list: a table cannot be opened", exc_info=True)
                self.problems.append(
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
            self.names.append(name)
            self.details.append(detail)
            out.append(cells)
        return out

    def reload(self) -> None:
        """The rows again; every column when they fit the width, else the narrow list
        (the game and stakes in one column, the kill game below for the highlighted table).
        The tables are read once, when the list opens: where the app reads its journal (the
        podium's journal work — a thread once the journal is slow), the keys typed meanwhile
        (F9 and a table's number) kept for the rows it brings."""
        if self._read is None:
            self._read_tables()
            return
        dt = self.query_one(DataTable)
        self._cells = self.rows()
        self.narrow = self.layout_for(self.size.width)
        dt.clear(columns=True)
        keys = []
        for key, label in self.columns():
            dt.add_column(Text(self.header(key, label)), key=key)
            keys.append(key)
        for index, cells in enumerate(self._cells):
            if self.narrow:  # the game and the stakes in one column
                cells = {**cells, "game": Text(f"{cells['game'].plain} {cells['stakes'].plain}")}
            dt.add_row(*(cells[column_key] for column_key in keys), key=str(index))
        if self.current in self.names:
            dt.move_cursor(row=self.names.index(self.current))
        lines = list(self.problems)
        if self.hidden:
            lines.append(
                ntr(
                    "{n} closed table hidden — a shows it (a closed table keeps its "
                    "history; reopen it from the palette at that table)",
                    "{n} closed tables hidden — a shows them (a closed table keeps its "
                    "history; reopen it from the palette at that table)",
                    self.hidden,
                    self.lang,
                )
            )
        self.query_one("#tables-error", Static).update(Text("\n".join(lines)))
        self._show_detail()

    def _read_tables(self) -> None:
        registry, lang = self.registry, self.lang
        work = getattr(self.app, "journal_work", None)

        def read(tables: list[tuple[str, object]]) -> None:
            self._read = tables
            if self.is_attached:
                self.reload()

        def failed(exc: Exception) -> None:  # the journal away: said here, never fatal
            log.error("table list: the journal could not be read", exc_info=exc)
            self._read = []
            if self.is_attached:
                self.reload()
                self.query_one("#tables-error", Static).update(
                    Text(
                        safe_text(
                            tr(
                                "the journal cannot be read just now — press the key again: {error}",
                                lang,
                                error=error_text(exc, lang),
                            )
                        )
                    )
                )

        def slow() -> None:
            if self.is_attached:
                self.query_one("#tables-error", Static).update(tr("Reading the journal…", lang))

        if work is None:
            try:
                tables = read_tables(registry)
            except Exception as exc:  # noqa: BLE001 - logged and said
                failed(exc)
                return
            read(tables)
            return
        work.read(lambda: read_tables(registry), read, failed, slow=slow)

    def _show_detail(self) -> None:
        """Narrow: the highlighted table's game, stakes and kill game under the list."""
        box = self.query_one("#tables-detail", Static)
        row = self.query_one(DataTable).cursor_row
        box.display = bool(self.narrow and self.details)
        if box.display and row is not None and 0 <= row < len(self.details):
            detail, counts = self.details[row]
            box.update(Text(detail + (counts if self.narrow == len(LAYOUTS) - 1 else "")))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_detail()

    def action_show_closed(self) -> None:
        self.show_closed = not self.show_closed
        self.reload()

    def selected(self) -> str | None:
        dt = self.query_one(DataTable)
        if not self.names or dt.cursor_row is None or not 0 <= dt.cursor_row < len(self.names):
            return None
        return self.names[dt.cursor_row]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        name = self.selected()
        if name is not None:
            self.dismiss(("open", name))

    def action_open_nth(self, n: int) -> None:
        """The n-th table of the list, at once (F9 then its number)."""
        if 1 <= n <= len(self.names):
            self.dismiss(("open", self.names[n - 1]))

    def action_back(self) -> None:
        self.dismiss(None)

    def action_new(self) -> None:
        self.dismiss(("new", ""))

    def action_sample(self) -> None:
        self.dismiss(("sample", ""))

    def action_copy(self) -> None:
        name = self.selected()
        if name is not None:
            self.dismiss(("copy", name))


def read_tables(registry: TableRegistry) -> list[tuple[str, object]]:
    """(name, session — or the error opening it) of every table of the lists: the
    journal's names and each table opened (folded once, then kept by the registry)."""
    out: list[tuple[str, object]] = []
    for name in registry.names():
        try:
            out.append((name, registry.get(name)))
        except Exception as exc:  # noqa: BLE001 - a table that cannot be opened is said
            log.debug("table list: table %s cannot be opened", name, exc_info=True)
            out.append((name, exc))
    return out


class SampleModal(OpensAtOnce, Speaks, ModalScreen[Path | None]):
    """The shipped sample tables: pick one to start a new table from (the editor opens)."""

    DEFAULT_CSS = """
    SampleModal { align: center middle; }
    SampleModal > #sample-box {
        width: 96; max-width: 98%; height: auto; max-height: 90%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    SampleModal #sample-title { text-style: bold; color: $accent; }
    SampleModal OptionList { height: auto; max-height: 14; margin: 1 0; }
    SampleModal #sample-help { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "cancel", NC_("key", "Cancel"), id="sample.cancel")]

    def __init__(self, paths: Sequence[Path], lang: str | None = None) -> None:
        super().__init__()
        self.lang = lang
        self.paths: list[Path] = []
        self.configs: list[TableConfig] = []
        for path in paths:
            try:
                cfg = load_table_file(path).config
            except ConfigError:
                continue
            self.paths.append(path)
            self.configs.append(cfg)

    @property
    def labels(self) -> list[str]:
        lang = self.lang
        out = []
        for cfg in self.configs:
            if cfg.is_kill_game:
                kill = tr(
                    "{kind}: {triggers}",
                    lang,
                    kind=vocab.word(vocab.KILL_KINDS, cfg.kill.kind, lang),
                    triggers=", ".join(
                        vocab.word(vocab.TRIGGERS, trigger, lang) for trigger in cfg.kill.triggers
                    ),
                )
            else:
                kill = tr("no kill", lang)
            out.append(safe_text(f"{cfg.name} — {game_name(cfg.game, lang)}, {kill}"))
        return out

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="sample-box"):
            yield Static(
                tr("New table from a sample — the editor opens with its structure", lang),
                id="sample-title",
                markup=False,
            )
            yield OptionList(
                *[Option(Text(label), id=str(index)) for index, label in enumerate(self.labels)],
                id="sample-list",
                markup=False,
            )
            yield Static(
                tr("↑↓ choose · Enter: edit it as a new table · Esc: cancel", lang),
                id="sample-help",
                markup=False,
            )

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        ol.focus()
        if self.paths:
            ol.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.paths[int(event.option.id or 0)])

    def action_cancel(self) -> None:
        self.dismiss(None)

"""The table list: every table of the journal with its game, stakes, kill status and
whether it counts as a kill game; Enter switches to it (each table keeps its state:
the sessions stay open). New tables: by form, from a sample, or as a copy.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Footer, OptionList, Static
from textual.widgets.option_list import Option

from floorkill.rules import ConfigError, load_table_file
from floorkill.rules.config import GAME_NAMES
from floorkill.rules.names import safe_text
from floorkill.rules.options import FIELD_CITES

from .floor import TableRegistry, table_row

COLUMNS = ("#", "Table", "Game", "Stakes", "Kill status", "Barred", "Kill game", "Seated", "Hands")


class TableListScreen(Screen[tuple[str, str] | None]):
    """Each table of the evening; dismisses with ("open", name) or ("new"|"sample"|"copy", name)."""

    DEFAULT_CSS = """
    TableListScreen { layout: vertical; }
    TableListScreen #tables-title { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    TableListScreen DataTable { height: 1fr; }
    TableListScreen #tables-help { height: auto; padding: 0 1; color: $text-muted; }
    TableListScreen #tables-error { height: auto; padding: 0 1; color: $error; text-style: bold; }
    """
    BINDINGS = [
        Binding("escape", "back", "Back", id="tables.back"),
        Binding("n", "new", "New table", id="tables.new"),
        Binding("s", "sample", "From sample", id="tables.sample"),
        Binding("c", "copy", "Copy table", id="tables.copy"),
        Binding("a", "show_closed", "Closed tables", show=False, id="tables.closed"),  # said when any is hidden
        *[Binding(str(n), f"open_nth({n})", f"Table {n}", show=False, id=f"tables.open_{n}")
          for n in range(1, 10)],
    ]

    def __init__(self, registry: TableRegistry, current: str) -> None:
        super().__init__()
        self.registry = registry
        self.current = current
        self.names: list[str] = []
        self.problems: list[str] = []
        self.show_closed = False       # closed tables (close_table) are hidden until asked for
        self.hidden = 0

    def compose(self) -> ComposeResult:
        yield Static("Tables — its number or Enter switches (each table keeps its state)", id="tables-title",
                     markup=False)
        yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        yield Static("", id="tables-error", markup=False)
        yield Static("Kill game: counts as a different game from the same game without a kill "
                     f"for broken-game lists [{', '.join(FIELD_CITES['kill_game'])}].", id="tables-help",
                     markup=False)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        dt = self.query_one(DataTable)
        for label in COLUMNS:
            dt.add_column(Text(label), key=label)
        self.reload()
        dt.focus()

    def rows(self) -> list[tuple]:
        out = []
        self.problems = []
        self.names = []
        self.hidden = 0
        for name in self.registry.names():
            try:
                session = self.registry.get(name)
                closed = session.state.closed
                if closed and not self.show_closed and name != self.current:
                    self.hidden += 1
                    continue
                r = table_row(session)
            except Exception as exc:   # a table that cannot be opened is reported, never fatal
                self.problems.append(safe_text(f"{name}: cannot open ({type(exc).__name__}: {exc})"))
                continue
            self.names.append(name)
            if closed:
                status = Text("closed", style="dim italic")
            else:
                status = Text(r.status.upper() if r.status == "KILL" else r.status,
                              style="bold reverse" if r.status == "KILL" else
                              ("bold" if r.status == "leg up" else ""))
            if r.who and not closed:
                status.append(" " + r.who)
            number = len(self.names)
            mark = f"{number} ●" if name == self.current else f"{number}" if number <= 9 else ""
            out.append((Text(mark), Text(r.name), Text(r.game),
                        Text(r.stakes), status, Text(r.barred), Text(r.kill_game),
                        Text(f"{r.seated}/{r.seats}"), Text(str(r.hands))))
        return out

    def reload(self) -> None:
        dt = self.query_one(DataTable)
        dt.clear()
        for i, row in enumerate(self.rows()):
            dt.add_row(*row, key=str(i))
        if self.current in self.names:
            dt.move_cursor(row=self.names.index(self.current))
        lines = list(self.problems)
        if self.hidden:
            lines.append(f"{self.hidden} closed table(s) hidden — a shows them (a closed table "
                         "keeps its history; reopen it from the palette at that table)")
        self.query_one("#tables-error", Static).update(Text("\n".join(lines)))

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


class SampleModal(ModalScreen[Path | None]):
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
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="sample.cancel")]

    def __init__(self, paths: Sequence[Path]) -> None:
        super().__init__()
        self.paths: list[Path] = []
        self.labels: list[str] = []
        for p in paths:
            try:
                cfg = load_table_file(p).config
            except ConfigError:
                continue
            self.paths.append(p)
            kill = (f"{cfg.kill.kind} kill: {', '.join(t.replace('-', ' ') for t in cfg.kill.triggers)}"
                    if cfg.is_kill_game else "no kill")
            self.labels.append(safe_text(f"{cfg.name} — {GAME_NAMES.get(cfg.game, cfg.game)}, {kill}"))

    def compose(self) -> ComposeResult:
        with Vertical(id="sample-box"):
            yield Static("New table from a sample — the editor opens with its structure",
                         id="sample-title", markup=False)
            yield OptionList(*[Option(Text(label), id=str(i)) for i, label in enumerate(self.labels)],
                             id="sample-list", markup=False)
            yield Static("↑↓ choose · Enter: edit it as a new table · Esc: cancel", id="sample-help",
                         markup=False)

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

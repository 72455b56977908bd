"""The table's placard at the podium (F11): its game, limits and kill rules in player
words with the clauses, as the rules model words them (:mod:`floorkill.rules.placard`),
to read out or show a player. Esc closes; F3 switches English / Russian.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from floorkill.i18n import NC_
from floorkill.rules.config import TableConfig
from floorkill.rules.names import safe_text
from floorkill.rules.placard import placard

from ..widgets.key_line import KeyLine
from .language import LANGUAGE_KEY, Speaks
from .side_screen import OpensAtOnce


def placard_rich(cfg: TableConfig, lang: str) -> tuple[Text, Text]:
    """Title and lines as plain rich Text (never markup)."""
    card = placard(cfg)
    title = Text(safe_text(card.title.get(lang) or card.title["en"]), style="bold")
    body = Text()
    for i, line in enumerate(card.lines):
        if i:
            body.append("\n")
        body.append("• " + safe_text(line.render(lang)))
        if line.cites:
            body.append("  " + ", ".join(line.cites), style="dim")
    return title, body


class PlacardScreen(OpensAtOnce, Speaks, ModalScreen[None]):
    DEFAULT_CSS = """
    PlacardScreen { background: $background; }
    PlacardScreen #placard-title { height: 1; padding: 0 1; background: $panel; }
    PlacardScreen #placard-body { height: 1fr; padding: 1 2; }
    """
    BINDINGS = [
        Binding("escape,f11", "dismiss", NC_("key", "Close"), id="placard_close"),
        Binding("f3", "language", LANGUAGE_KEY, id="placard_language"),
    ]

    def __init__(self, config: TableConfig, lang: str | None = None) -> None:
        super().__init__()
        self.config = config
        self.lang = lang

    def compose(self) -> ComposeResult:
        yield Static("", id="placard-title", markup=False)
        with VerticalScroll(id="placard-body"):
            yield Static("", id="placard-lines", markup=False)
        yield KeyLine()

    def on_mount(self) -> None:
        self._show()

    def speak(self) -> None:
        self._show()

    def _show(self) -> None:
        title, body = placard_rich(self.config, self.lang)
        self.query_one("#placard-title", Static).update(title)
        self.query_one("#placard-lines", Static).update(body)

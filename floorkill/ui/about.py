"""The About screen: the version, the journal file in use (and whether it is the demo
journal), and the rulebooks the clause summaries paraphrase, with their credits."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from floorkill import RULES_VERSION, __version__
from floorkill.rules.names import safe_text

CREDITS = (
    ("Robert's Rules of Poker", "by Robert (Bob) Ciaffone — the \"Kill Pots\" chapter and the "
     "glossary (free to use with credit)"),
    ("House rules", "a cardroom's rules for spread-limit and kill games, with their Alternate Rules"),
    ("Joker rules", "the joker (bug) rules of a cardroom that spreads games with a joker"),
    ("WSOP Live Action Rules", "the kill-pot section"),
)


def about_lines(journal: Path | str | None, demo: Path | str | None = None) -> list[str]:
    """The screen's text, line by line (plain text: paths are never markup)."""
    lines = [f"floorkill {__version__} (rules version {RULES_VERSION})",
             "Kill-pot games by the book, for the cardroom podium.", ""]
    if journal is None:
        lines.append("Journal: none — this session is kept in memory only.")
    else:
        lines.append(f"Journal: {journal}")
    if demo is not None:
        lines.append(f"This is the DEMO journal: your own journal ({demo}) is untouched.")
    lines += ["", "Rulebooks (clause summaries are in our own words, in English and Russian):"]
    lines += [f"  • {title} — {credit}" for title, credit in CREDITS]
    return [safe_text(line) for line in lines]


class AboutScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    AboutScreen { align: center middle; }
    AboutScreen > #about-box {
        width: 90; max-width: 98%; height: auto; max-height: 95%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    AboutScreen #about-help { color: $text-muted; }
    """
    BINDINGS = [Binding("escape,enter,q", "close", "Close", id="about.close")]

    def __init__(self, journal: Path | str | None, demo: Path | str | None = None) -> None:
        super().__init__()
        self.lines = about_lines(journal, demo)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="about-box"):
            yield Static(Text("\n".join(self.lines)), id="about-text", markup=False)
            yield Static("Esc or Enter: back to the table", id="about-help", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)

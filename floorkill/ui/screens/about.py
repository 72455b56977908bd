"""The About screen: the version, the journal file in use (and whether it is the demo
journal), the log file, and the rulebooks the clause summaries paraphrase, with their credits."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from floorkill import RULES_VERSION, __version__
from floorkill.i18n import N_, NC_, tr
from floorkill.rules.names import safe_text

from .language import LANGUAGE_KEY, Speaks
from .side_screen import OpensAtOnce

# (title, credit) — message ids; a rulebook's own title stays in its language where a
# floor would quote it ("Robert's Rules of Poker"): the catalogue says how
CREDITS = (
    (
        N_("Robert's Rules of Poker"),
        N_(
            'by Robert (Bob) Ciaffone — the "Kill Pots" chapter and '
            "the glossary (free to use with credit)"
        ),
    ),
    (
        N_("House rules"),
        N_("a cardroom's rules for spread-limit and kill games, with their Alternate Rules"),
    ),
    (N_("Joker rules"), N_("the joker (bug) rules of a cardroom that spreads games with a joker")),
    (N_("WSOP Live Action Rules"), N_("the kill-pot section")),
)


def about_lines(
    journal: Path | str | None, demo: Path | str | None = None, lang: str | None = "en"
) -> list[str]:
    """The screen's text, line by line, in ``lang`` (plain text: paths are never markup)."""
    lines = [
        tr(
            "floorkill {version} (rules version {rules})",
            lang,
            version=__version__,
            rules=RULES_VERSION,
        ),
        tr("Kill-pot games by the book, for the cardroom podium.", lang),
        "",
    ]
    if journal is None:
        lines.append(tr("Journal: none — this session is kept in memory only.", lang))
    else:
        lines.append(tr("Journal: {path}", lang, path=journal))
    if demo is not None:
        lines.append(
            tr("This is the DEMO journal: your own journal ({path}) is untouched.", lang, path=demo)
        )
    from floorkill import log_file

    logged = log_file.current() if log_file.started() else log_file.log_path()
    if logged is None:
        lines.append(tr("Log: none (no log file can be made here)", lang))
    else:
        lines.append(tr("Log: {path}", lang, path=logged))
    lines += [
        "",
        tr("Rulebooks (clause summaries are in our own words, in English and Russian):", lang),
    ]
    lines += [f"  • {tr(title, lang)} — {tr(credit, lang)}" for title, credit in CREDITS]
    return [safe_text(line) for line in lines]


class AboutScreen(OpensAtOnce, Speaks, ModalScreen[None]):
    DEFAULT_CSS = """
    AboutScreen { align: center middle; }
    AboutScreen > #about-box {
        width: 90; max-width: 98%; height: auto; max-height: 95%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    AboutScreen #about-help { color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape,enter,q", "close", NC_("key", "Close"), id="about.close"),
        Binding("f3", "language", LANGUAGE_KEY, show=False, id="about.language"),
    ]

    def __init__(
        self, journal: Path | str | None, demo: Path | str | None = None, lang: str | None = None
    ) -> None:
        super().__init__()
        self.journal = journal
        self.demo = demo
        self.lang = lang

    @property
    def lines(self) -> list[str]:
        return about_lines(self.journal, self.demo, self.lang)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="about-box"):
            yield Static(Text("\n".join(self.lines)), id="about-text", markup=False)
            yield Static(
                tr("Esc or Enter: back to the table", self.lang), id="about-help", markup=False
            )

    def speak(self) -> None:
        self.query_one("#about-text", Static).update(Text("\n".join(self.lines)))
        self.query_one("#about-help", Static).update(
            tr("Esc or Enter: back to the table", self.lang)
        )

    def action_close(self) -> None:
        self.dismiss(None)

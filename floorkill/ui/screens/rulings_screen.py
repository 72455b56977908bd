"""Rulings: the floorperson picks a situation and reads the decision, with its clause,
for the table as it stands now (nothing is stored unless asked: ``u`` records a
short-post ruling as an ``underpost`` event).

Situations (:mod:`floorkill.rules.rulings` decides each):

1. a short post in a kill pot — pick the seat;
2. a kill pot with the killer in a blind (the killer_in_blind option);
3. whether two tables are the same game for broken-game lists — pick the table;
4. one kill per deal.
(Each ruling is one function of floorkill.rules.rulings; its clauses come with it.)

English or Russian (F3), like the rules panel.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from floorkill.floor.keyboard import key_letters
from floorkill.floor.tables import TableRegistry
from floorkill.floor.text_tables import pick
from floorkill.floor.wording import unique
from floorkill.i18n import N_, NC_, language_codes, tr
from floorkill.log import log
from floorkill.rules import TableState, rulings
from floorkill.rules import clauses as catalogue
from floorkill.rules.decisions import Decision
from floorkill.rules.names import safe_text
from floorkill.store.session import TableSession

from ..widgets.choice_line import ChoiceLine
from ..widgets.key_line import KeyLine
from ..widgets.rules_panel import pending_lines
from ..widgets.status_line import seat_name
from .language import LANGUAGE_KEY, Speaks
from .side_screen import OpensAtOnce

SITUATIONS = ("short-post", "killer-in-blind", "same-game", "one-kill-per-deal")
RULING_TEXT: dict[str, str | tuple[str, str]] = {  # key -> message id (or (context, id))
    "title": N_("Rulings"),
    "short-post": N_("Short post in a kill pot"),
    "killer-in-blind": N_("Kill pot, killer in a blind"),
    "same-game": N_("Same game? (broken-game lists)"),
    "one-kill-per-deal": N_("One kill per deal"),
    "seat": N_("Seat that put in too little"),
    "table": N_("The other table"),
    "no-table": N_("No other table in this journal: add one from the table list (F9)."),
    "no-seat": N_("Nobody is seated."),
    "decision": N_("Decision"),
    "clauses": N_("Clauses"),
    "now": N_("Now: hand {hand} · {status}"),
    "help": N_(
        "1-4 or ↑↓ Enter: situation · Tab: seat/table · F3: {languages} · u: record the short-post ruling · Esc: back"
    ),
    "recorded": N_("Ruling recorded as record #{seq}."),
}


def rtext(key: str, lang: str, **params: Any) -> str:
    return pick(RULING_TEXT, key, lang, **params)


# where a clause comes from (clauses.Clause.source: "book, chapter, rule N"), in the
# floor's language: the books, their chapters and the rule numbers
SOURCE_BOOKS = {
    "Robert's Rules of Poker (Bob Ciaffone)": N_("Robert's Rules of Poker (Bob Ciaffone)"),
    "WSOP Live Action Rules 2024": N_("WSOP Live Action Rules 2024"),
    "House rules (cardroom)": N_("House rules (cardroom)"),
}
SOURCE_CHAPTERS = {
    "Kill Pots": N_("Kill Pots"),
    "The Joker": N_("The Joker"),
    "Kill Defined": N_("Kill Defined"),
    "Kill Games": N_("Kill Games"),
    "Kill Pot Games": N_("Kill Pot Games"),
    "Scooping High and Low": N_("Scooping High and Low"),
    "Spread Limit Poker": N_("Spread Limit Poker"),
    "Winning Two Consecutive Pots (Natural Kill)": N_(
        "Winning Two Consecutive Pots (Natural Kill)"
    ),
    "Winning a Big Pot": N_("Winning a Big Pot"),
    "preamble": N_("preamble"),
    "Glossary": N_("Glossary"),
}


def source_words(source: str, lang: str | None) -> str:
    """A clause's source in ``lang``: "Robert's Rules of Poker (Bob Ciaffone), Kill Pots,
    rule 3" → "Правила покера Роберта (Боб Чиаффоне), килл-поты, правило 3" (a source it
    does not know is shown as it is)."""
    book = next(
        (known_book for known_book in SOURCE_BOOKS if source.startswith(known_book + ", ")), None
    )
    if book is None or lang in (None, "en"):
        return source
    out = [tr(SOURCE_BOOKS[book], lang)]
    rest = source[len(book) + 2 :]
    if rest.startswith("Glossary"):  # the glossary's English terms are not said
        return ", ".join(out + [tr(SOURCE_CHAPTERS["Glossary"], lang)])
    for part in rest.split(", "):
        match = re.fullmatch(r"rule (\S+)", part)
        if match:
            out.append(tr("rule {n}", lang, n=match.group(1)))
        elif part in SOURCE_CHAPTERS:
            out.append(tr(SOURCE_CHAPTERS[part], lang))
        else:
            return source
    return ", ".join(out)


def decide(
    situation: str, state: TableState, *, seat: int | None = None, other=None
) -> list[Decision]:
    """The rules' decision for ``situation`` on ``state`` (pure)."""
    if situation == "short-post":
        return rulings.short_post(state, seat)
    if situation == "killer-in-blind":
        return rulings.killer_in_blind(state)
    if situation == "same-game":
        return rulings.same_game(state.config, other) if other is not None else []
    if situation == "one-kill-per-deal":
        return rulings.one_kill_per_deal(state)
    raise ValueError(situation)


def ruling_text(situation: str, decisions: list[Decision], lang: str, empty: str = "") -> Text:
    """The decision lines, then each cited clause with its title and summary (plain text)."""
    out = Text()
    out.append(rtext("decision", lang) + "\n", style="bold")
    if not decisions:
        out.append(empty + "\n")
    for decision in decisions:
        out.append("• " + safe_text(decision.text(lang)))
        if decision.cites:
            out.append(f" [{', '.join(decision.cites)}]", style="dim")
        out.append("\n")
    cites = unique(
        cite for decision in decisions for cite in decision.cites if cite in catalogue.CLAUSES
    )
    if cites:
        out.append("\n" + rtext("clauses", lang) + "\n", style="bold")
        for cid in cites:
            out.append(f"{cid} — {catalogue.title(cid, lang)}\n", style="bold")
            out.append(catalogue.summary(cid, lang) + "\n")
            out.append(
                f"— {source_words(catalogue.clause(cid).source, lang)}\n\n", style="italic dim"
            )
    return out


class RulingsScreen(OpensAtOnce, Speaks, Screen[None]):
    DEFAULT_CSS = """
    RulingsScreen { layout: vertical; }
    RulingsScreen #rl-now { height: auto; padding: 0 1; background: $panel; text-style: bold; }
    RulingsScreen #rl-main { height: 1fr; }
    RulingsScreen #rl-list { width: 36; height: 1fr; border: round $primary; }
    RulingsScreen #rl-list:focus { border: round $accent; }
    RulingsScreen #rl-right { width: 1fr; height: 1fr; }
    RulingsScreen #rl-param-row { height: auto; padding: 0 1; }
    RulingsScreen #rl-param-label { width: auto; padding: 0 1 0 0; }
    RulingsScreen #rl-param { width: 1fr; }
    RulingsScreen #rl-result { height: 1fr; border: round $primary; padding: 0 1; }
    RulingsScreen #rl-help { height: auto; padding: 0 1; color: $text-muted; }
    RulingsScreen.-narrow #rl-list { width: 26; }
    """
    BINDINGS = [
        Binding("escape", "back", NC_("key", "Back"), id="rulings.back"),
        Binding("f3", "language", LANGUAGE_KEY, id="rulings.language"),
        Binding(key_letters("u"), "record", NC_("key", "Record ruling"), id="rulings.record"),
        *[
            Binding(
                str(index + 1),
                f"situation({index})",
                pick(RULING_TEXT, situation, "en"),
                show=False,
                id=f"rulings.situation_{index + 1}",
            )
            for index, situation in enumerate(SITUATIONS)
        ],
    ]

    def __init__(
        self,
        registry: TableRegistry,
        session: TableSession,
        *,
        lang: str | None = None,
        seat: int | None = None,
        situation: str = "short-post",
        record: Callable[[dict], Any] | None = None,
        names: list[str] | None = None,
    ) -> None:
        """``names``: the tables of the lists, already read (else read from ``registry``)."""
        super().__init__()
        self.registry = registry
        self.session = session
        self.lang = lang
        self.situation = situation
        self._record = record
        state = session.state
        occupied = list(state.occupied)
        if seat is None or seat not in occupied:
            button = state.button
            seat = next(
                (dealt for dealt in state.dealt_in() if dealt != button.seat),
                occupied[0] if occupied else None,
            )
        self.seat = seat
        names = registry.names() if names is None else names
        self.others = [other_name for other_name in names if other_name != session.name]
        self.other = self.others[0] if self.others else None
        self.decisions: list[Decision] = []
        self._configs: dict[str, Any] = {}  # the other tables' configs, read once each
        self._reading: str | None = None  # the table whose config is being read

    @property
    def state(self) -> TableState:
        return self.session.state

    def compose(self) -> ComposeResult:
        yield Static("", id="rl-now", markup=False)
        with Horizontal(id="rl-main"):
            yield OptionList(*self._options(), id="rl-list", markup=False)
            with Vertical(id="rl-right"):
                with Horizontal(id="rl-param-row"):
                    yield Static("", id="rl-param-label", markup=False)
                    yield ChoiceLine(id="rl-param")
                with VerticalScroll(id="rl-result"):
                    yield Static("", id="rl-text", markup=False)
        yield Static("", id="rl-help", markup=False)
        yield KeyLine()

    def _options(self) -> list[Option]:
        return [
            Option(Text(f"{index + 1}  {rtext(situation, self.lang)}"), id=situation)
            for index, situation in enumerate(SITUATIONS)
        ]

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        ol.highlighted = SITUATIONS.index(self.situation)
        ol.focus()
        self.show()

    # -- content -----------------------------------------------------------------------
    def show(self) -> None:
        lang = self.lang
        st = self.state
        status = pending_lines(st, lang)[0][0]  # the kill status, in this language
        self.query_one("#rl-now", Static).update(
            Text(
                safe_text(
                    f"{self.session.name} · " + rtext("now", lang, hand=st.hands + 1, status=status)
                )
            )
        )
        self.query_one("#rl-help", Static).update(
            Text(rtext("help", lang, languages=language_codes()))
        )
        self._param()
        other_cfg = None
        if self.situation == "same-game" and self.other is not None:
            other_cfg, unread = self._config_of(self.other)
            if other_cfg is None:  # being read in the journal work, or it could not be
                self.decisions = []
                self.query_one("#rl-text", Static).update(Text(safe_text(unread)))
                self.refresh_bindings()
                return
        empty = ""
        if self.situation == "same-game" and self.other is None:
            empty = rtext("no-table", lang)
        if self.situation == "short-post" and self.seat is None:
            empty = rtext("no-seat", lang)
        if self.situation == "short-post" and self.seat is None:
            self.decisions = []
        else:
            self.decisions = decide(self.situation, st, seat=self.seat, other=other_cfg)
        self.query_one("#rl-text", Static).update(
            ruling_text(self.situation, self.decisions, lang, empty)
        )
        self.refresh_bindings()

    def _config_of(self, name: str) -> tuple[Any, str]:
        """(the config of table ``name``, or None and why not yet). A table not open on this
        podium is read from the journal in the podium's journal work (at once when it
        answers within a frame; the ruling is shown once it has)."""
        known = self._configs.get(name)
        if known is not None:
            return known, ""
        registry, lang = self.registry, self.lang
        work = getattr(self.app, "journal_work", None)
        said = [tr("Reading the journal…", lang)]
        inline = [True]

        def got(config) -> None:
            self._reading = None
            self._configs[name] = config
            if not inline[0] and self.is_attached:
                self.show()

        def failed(exc: Exception) -> None:
            self._reading = None
            log.error("rulings: table %s could not be read", name, exc_info=exc)
            said[0] = tr(
                "the journal cannot be read just now — press the key again: {error}",
                lang,
                error=type(exc).__name__,
            )
            if not inline[0] and self.is_attached and self.other == name:
                self.query_one("#rl-text", Static).update(Text(safe_text(said[0])))

        if work is None or registry.is_open(name):  # (kept open here: nothing to read)
            try:
                got(registry.get(name).config)
            except Exception as exc:  # noqa: BLE001 - logged and said
                failed(exc)
        elif self._reading != name:
            self._reading = name
            work.read(lambda: registry.get(name).config, got, failed)
        inline[0] = False
        return self._configs.get(name), said[0]

    def _param(self) -> None:
        label = self.query_one("#rl-param-label", Static)
        sel = self.query_one("#rl-param", ChoiceLine)
        row = self.query_one("#rl-param-row")
        if self.situation == "short-post":
            row.display = True
            label.update(Text(rtext("seat", self.lang)))
            opts = [
                (seat_name(self.state, player.seat, player.name, self.lang), player.seat)
                for player in self.state.players
                if player is not None
            ]
            self._set_options(sel, opts, self.seat)
        elif self.situation == "same-game":
            row.display = True
            label.update(Text(rtext("table", self.lang)))
            self._set_options(
                sel,
                [(safe_text(other_name), other_name) for other_name in self.others],
                self.other,
            )
        else:
            row.display = False

    def _set_options(self, sel: ChoiceLine, opts, value) -> None:
        sel.display = bool(opts)
        if opts and (sel.options != opts or sel.value != value):
            sel.set_options(opts, value)

    @property
    def text(self) -> str:
        return str(self.query_one("#rl-text", Static).render())

    # -- keys --------------------------------------------------------------------------
    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option.id and event.option.id != self.situation:
            self.situation = event.option.id
            self.show()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.query_one("#rl-param-row").display:
            self.query_one("#rl-param", ChoiceLine).focus()

    def on_choice_line_changed(self, event: ChoiceLine.Changed) -> None:
        event.stop()
        value = event.value
        if value != event.choice.value:
            return  # already stale
        if self.situation == "short-post" and isinstance(value, int) and value != self.seat:
            self.seat = value
            self.show()
        elif self.situation == "same-game" and value in self.others and value != self.other:
            self.other = str(value)
            self.show()

    def action_situation(self, index: int) -> None:
        self.query_one(OptionList).highlighted = index
        self.situation = SITUATIONS[index]
        self.show()

    def speak(self) -> None:
        """F3 (:class:`Speaks`): the situations and the ruling in the new language."""
        ol = self.query_one(OptionList)
        highlighted = ol.highlighted
        ol.clear_options()
        ol.add_options(self._options())
        ol.highlighted = highlighted
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "record":
            return (
                self.situation == "short-post"
                and self.seat is not None
                and self.state.button.killed
                and self._record is not None
            )
        return True

    def action_record(self) -> None:
        if self._record is None or self.seat is None:
            return
        rec = self._record({"type": "underpost", "seat": self.seat})
        if rec is not None:
            self.notify(rtext("recorded", self.lang, seq=rec.seq), markup=False)
        self.show()

    def action_back(self) -> None:
        self.dismiss(None)

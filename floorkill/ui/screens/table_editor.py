"""The table editor: a new table by form, from a sample, or as a copy of another.

Every field of a table file: name, game, seats, structure, bets, blinds, the kill
kind and triggers, the rule preset, and every house option with its default and the
clause behind it. The form is checked by the rules' own config loader at every change
(:func:`floorkill.rules.config.config_from_dict`: its ConfigError message is shown);
options that differ from the chosen preset are marked (``differs_from_preset``).
Saving writes the table file atomically (tomli-w, :func:`floorkill.store.atomic.write_toml`)
into the tables folder (:func:`floorkill.floor.wording.tables_dir`), reads it back through
the loader, and creates the table in the journal.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Static

from floorkill import vocab
from floorkill.floor.tables import TableRegistry, new_table_path, tables_dir
from floorkill.i18n import LANGS, N_, NC_, money, ntr, ptr, tr
from floorkill.log import log
from floorkill.resources import sample_tables_dir
from floorkill.rules import ConfigError, TableConfig, load_table_file
from floorkill.rules import clauses as catalogue
from floorkill.rules.config import (
    AMOUNT_OPTIONS,
    BLINDLESS_GAMES,
    GAME_NAMES,
    GAMES,
    KILL_OPTIONS,
    PRESET_TITLES,
    TRIGGERS,
    PlayerSpec,
    TableFile,
    config_from_dict,
    table_file_to_dict,
)
from floorkill.rules.money import MoneyError, fmt, parse_amount, to_toml
from floorkill.rules.names import safe_text
from floorkill.rules.option_sources import describe
from floorkill.rules.options import FIELD_CITES, LABELS, kill_options, trigger_cites
from floorkill.rules.table_diff import VALUE_WORDS, preset_title
from floorkill.rules.table_diff import word as value_word
from floorkill.rules.whatif import WhatIf, summary

from ..widgets.choice import Choice
from .language import LangFooter, Speaks


def cites_note(text: str, cites, lang: str | None = "en") -> str:
    """A note with the clauses behind it, as the rules catalogue them (rules/options.py)."""
    ids = " · ".join(
        f"{cid} {catalogue.title(cid, lang or 'en')}" if cid in catalogue.CLAUSES else cid
        for cid in cites
    )
    return f"{text} ({ids})" if text else ids


def show_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int) and not isinstance(v, bool):
        return str(v)
    return str(v)


def option_text(name: str, value: Any, lang: str | None = "en") -> str:
    """An option's value as typed in the form (amount options: the keyword or dollars; in
    another language the keyword in its words, read back by :func:`option_keyword`)."""
    if name in AMOUNT_OPTIONS and isinstance(value, int):
        return fmt(value)
    if lang not in (None, "en") and isinstance(value, str) and value in VALUE_WORDS:
        return value_word(value, lang)
    return show_value(value)


def option_keyword(name: str, text: str) -> str:
    """What was typed in an amount option's field: its keyword when it is one, in any
    language ("5 верхних лимитов" → "5x-upper"), else the text as it is (an amount)."""
    text = text.strip()
    allowed = KILL_OPTIONS[name][0] or ()
    if text in allowed:
        return text
    folded = text.casefold()
    for kw in allowed:
        if any(value_word(kw, lang).casefold() == folded for lang in LANGS):
            return kw
    return text


def _amounts(text: str) -> list[Any]:
    out: list[Any] = []
    for tok in re.split(r"[\s,/]+|(?<=\d)-(?=\$?\d)", text.strip()):
        tok = tok.lstrip("$")
        if not tok:
            continue
        out.append(int(tok) if tok.isdigit() else tok)
    return out


def form_doc(values: dict[str, Any]) -> dict[str, Any]:
    """The form's values as a table-file document (what the config loader reads)."""
    seats = values.get("seats", "").strip()
    table: dict[str, Any] = {
        "name": values.get("name", ""),
        "game": values.get("game"),
        "seats": int(seats) if seats.isdigit() else seats,
        "joker": bool(values.get("joker")),
    }
    button = str(values.get("button", "")).strip()
    if button:
        table["button"] = int(button) if button.isdigit() else button
    stakes: dict[str, Any] = {
        "structure": values.get("structure"),
        "bets": _amounts(values.get("bets", "")),
    }
    blinds = _amounts(values.get("blinds", ""))
    if blinds:
        stakes["blinds"] = blinds
    kill: dict[str, Any] = {
        "kind": values.get("kind"),
        "triggers": list(values.get("triggers", ())),
        "preset": values.get("preset", "robert"),
    }
    for name in KILL_OPTIONS:
        v = values.get(name)
        if v is None:
            continue
        if name in AMOUNT_OPTIONS:
            v = option_keyword(name, str(v))
            v = int(v) if v.isdigit() else v
        kill[name] = v
    return {"table": table, "stakes": stakes, "kill": kill}


def check_form(values: dict[str, Any], players: Sequence[PlayerSpec] = ()) -> TableFile:
    """The form through the rules' config loader (raises ConfigError)."""
    doc = form_doc(values)
    if players:
        doc["players"] = [
            {
                "seat": p.seat,
                "name": p.name,
                **({"stack": to_toml(p.stack)} if p.stack is not None else {}),
            }
            for p in players
        ]
    return config_from_dict(doc, file="table")


def config_values(cfg: TableConfig) -> dict[str, Any]:
    values: dict[str, Any] = {
        "name": cfg.name,
        "game": cfg.game,
        "seats": str(cfg.seats),
        "joker": cfg.joker,
        "button": str(cfg.button) if cfg.button is not None else "",
        "structure": cfg.structure,
        "bets": " ".join(fmt(b) for b in cfg.bets),
        "blinds": " ".join(fmt(b) for b in cfg.blinds) if cfg.blinds[1] else "",
        "kind": cfg.kill.kind,
        "triggers": tuple(cfg.kill.triggers),
        "preset": cfg.kill.preset,
    }
    for name in KILL_OPTIONS:
        v = getattr(cfg.kill, name)
        values[name] = option_text(name, v) if name in AMOUNT_OPTIONS else v
    return values


def preset_values(preset: str) -> dict[str, Any]:
    out = {}
    for opt in kill_options():
        v = opt.preset_value(preset)
        out[opt.name] = option_text(opt.name, v) if opt.amount else v
    return out


def table_doc(tf: TableFile) -> dict[str, Any]:
    """What a new table file holds: its config and players (no events)."""
    doc = table_file_to_dict(tf.config, tf.players, ())
    if tf.config.game in BLINDLESS_GAMES:
        # to_toml_dict writes blinds = [0, 0] for stud games, which the loader refuses
        doc["stakes"].pop("blinds", None)
    return doc


DEFAULT_VALUES: dict[str, Any] = {
    "name": "",
    "game": "holdem",
    "seats": "9",
    "joker": False,
    "button": "",
    "structure": "fixed",
    "bets": "10 20",
    "blinds": "5 10",
    "kind": "full",
    "triggers": ("two-pots",),
    "preset": "robert",
    **preset_values("robert"),
}


_SAMPLES = {True: "holdem-4-8-half-two-pots.toml", False: "california-lowball-2-4.toml"}
_WHATIF_CACHE: dict[str, WhatIf] = {}


def preview_changes(cfg: TableConfig, changed: dict[str, Any], lang: str = "en") -> list[str]:
    """What the changed options would decide differently on a recorded sample session (a
    flop game's for flop games, a draw game's otherwise): the rules model's what-if."""
    sample = _SAMPLES[cfg.has_flop]
    w = _WHATIF_CACHE.get(sample)
    if w is None:
        w = _WHATIF_CACHE[sample] = WhatIf.of(load_table_file(sample_tables_dir() / sample))
    head = tr("What-if on a recorded sample ({name}):", lang, name=w.config.name)
    try:
        diffs = w.change(**changed)
    except (ConfigError, KeyError) as exc:
        return [head, str(exc)]
    return [head, *summary(diffs, lang).splitlines()]


# The loader's reasons for the fields of this form ([section] key: reason), said in the
# form's words in another language (an unknown reason is shown as the loader gives it).
FORM_REASONS = (
    (
        r"must be a whole number from (?P<lo>\d+) to (?P<hi>\d+)",
        N_("a whole number from {lo} to {hi}"),
    ),
    (
        r"must be a seat number from (?P<lo>\d+) to (?P<hi>\d+)",
        N_("a seat number from {lo} to {hi}"),
    ),
    (r"fixed limit needs \[lower, upper\]", N_("a fixed limit needs two bets: lower and upper")),
    (r"'(?P<text>.*)' is not an amount(?:; .*)?", N_("{text} is not an amount")),
    (
        r"'?(?P<text>.*?)'? is not one of: (?P<choices>.+) or an amount",
        N_("{text} is not one of: {choices} or an amount"),
    ),
    (r"'?(?P<text>.*?)'? is negative", N_("{text} is negative")),
    (r"'?(?P<text>.*?)'? has more than two decimals", N_("{text} has more than two decimals")),
    (r"must be more than zero", N_("must be more than zero")),
    (r"must be \[small, big\], e\.g\. \[5, 10\]", N_("two amounts, small and big, e.g. 5 10")),
    (
        r"stud is played without blinds \((?P<cite>[\w.-]+)\)",
        N_("stud is played without blinds ({cite})"),
    ),
    (
        r"the joker is allowed only in lowball-a5 and draw-high \((?P<cite>[\w.-]+)\)",
        N_("the joker is allowed only in A-5 lowball and draw high ({cite})"),
    ),
    (r"upper bet is smaller than the lower bet", N_("the upper bet is smaller than the lower bet")),
    (r'kind = "none" cannot have triggers', N_("no kill, so no trigger")),
    (
        r"table name is (?P<n>\d+) characters; at most (?P<most>\d+)",
        N_("the name is {n} characters long; at most {most}"),
    ),
)
FIELD_LABELS = {
    "name": N_("Name"),
    "seats": N_("Seats"),
    "button": N_("Dealer button at seat"),
    "joker": N_("Joker in the deck"),
    "bets": N_("Bets"),
    "blinds": N_("Blinds"),
    "triggers": N_("Kill triggers"),
}


def form_error(problem: ConfigError, lang: str | None) -> str:
    """The loader's message; in another language the field's label and the reason in the
    form's words when the reason is one of :data:`FORM_REASONS` (``problem.key`` is the
    table file's key the loader names: a field of this form, not a rules refusal)."""
    if lang in (None, "en"):
        return problem.message
    reason = problem.message.split(": ", 1)[1] if ": " in problem.message else problem.message
    for pattern, msgid in FORM_REASONS:
        m = re.fullmatch(pattern, reason)
        if m:
            key = problem.key or ""
            label = (
                tr(FIELD_LABELS[key], lang)
                if key in FIELD_LABELS
                else tr(LABELS[key], lang)
                if key in LABELS
                else key
            )
            args = m.groupdict()
            if "choices" in args and key in KILL_OPTIONS:  # the words this field takes
                args["choices"] = ", ".join(
                    f"«{value_word(w, lang)}»" for w in KILL_OPTIONS[key][0]
                )
            return f"{label}: {tr(msgid, lang, **args)}"
    return problem.message


# the titles the podium gives the editor, said in the editor's language
_TITLES = (
    (re.compile(r"New table like (?P<name>.+)"), N_("New table like {name}")),
    (re.compile(r"New table from the sample (?P<name>.+)"), N_("New table from the sample {name}")),
    (re.compile(r"New table"), N_("New table")),
)


def title_words(title: str, lang: str | None) -> str:
    for pattern, msgid in _TITLES:
        m = pattern.fullmatch(title)
        if m:
            return tr(msgid, lang, **m.groupdict())
    return title


class Column(Widget):
    """A column of one-line texts, each cut at a word to the column's width (a clause id
    is never shown in part): the labels or the notes of a section, one widget for all."""

    DEFAULT_CSS = "Column { height: auto; }"

    def __init__(self, lines: list[Text], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lines = lines

    def set_lines(self, lines: list[Text]) -> None:
        self.lines = lines
        self.refresh()

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return len(self.lines)

    def render(self) -> Text:
        width = max(1, self.size.width)
        out = []
        for line in self.lines:
            if line.cell_len > width:
                cut = line.plain.rfind(" ", 0, width)
                line = line[: cut if cut > 0 else width - 1]
                line.append("…")
            out.append(line)
        return Text("\n").join(out)


class Row(NamedTuple):
    """A field of the editor: its label, its widget, the note beside it (and the note's
    name, for the notes the editor rewrites)."""

    label: str
    widget: Widget
    note: str
    note_id: str | None = None


class TableEditor(Speaks, Screen[str | None]):
    """A new table; dismisses with its name once saved and created, or None."""

    DEFAULT_CSS = """
    TableEditor { layout: vertical; }
    TableEditor #ed-title { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    TableEditor #ed-form { height: 1fr; padding: 0 1; }
    TableEditor .ed-rows { height: auto; }
    TableEditor .ed-labels { width: 26; margin: 0 1 0 0; }
    TableEditor .ed-fields { width: 32; height: auto; margin: 0 1 0 0; }
    TableEditor .ed-fields > * { height: 1; }
    TableEditor .ed-notes { width: 1fr; color: $text-muted; }
    TableEditor .ed-head { height: 1; margin: 1 0 0 0; color: $accent; text-style: bold; }
    TableEditor Input { height: 1; border: none; }
    TableEditor #ed-about { height: auto; max-height: 6; padding: 0 1; color: $text; }
    TableEditor #ed-whatif { height: auto; max-height: 6; padding: 0 1; color: $text-muted; }
    TableEditor #ed-status { height: auto; max-height: 4; padding: 0 1; background: $panel; }
    TableEditor #ed-status.-error { color: $error; text-style: bold; }
    """
    BINDINGS = [
        Binding("ctrl+s", "save", NC_("key", "Save table"), id="editor.save"),
        Binding("escape", "cancel", NC_("key", "Cancel"), id="editor.cancel"),
        Binding("f3", "language", "EN/RU", show=False, id="editor.language"),
    ]
    # The name takes the first key at once; focusing the scrolling form first (Textual's
    # default: the first focusable widget) restyled every field twice before it.
    AUTO_FOCUS = "#e-name"

    def __init__(
        self,
        registry: TableRegistry,
        *,
        base: TableConfig | None = None,
        players: Sequence[PlayerSpec] = (),
        title: str = "New table",
        name: str | None = None,
        folder: Path | None = None,
        lang: str | None = None,
    ) -> None:
        super().__init__()
        self.registry = registry
        self.values: dict[str, Any] = dict(DEFAULT_VALUES) if base is None else config_values(base)
        if name is not None:
            self.values["name"] = name
        self.players = tuple(players)
        self.title_text = title
        self.folder = folder
        self.lang = lang
        self._preset_shown = self.values["preset"]
        self._opened: TableConfig | None = None  # the options as the editor opened
        self._about: str | None = None  # the option explained below the form
        self.whatif_lines: list[str] = []
        self.checked: TableFile | None = None
        self.error = ""
        self.saved_path: Path | None = None
        self._sections: list[list[Text]] = []  # each section's notes, a line per field
        self._note_at: dict[str, tuple[int, int]] = {}  # a field's note: (section, line)
        self._dirty_notes: set[int] = set()

    # -- layout ----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        v = self.values
        lang = self.lang
        self._sections, self._note_at, self._dirty_notes = [], {}, set()
        yield Static(
            Text(
                safe_text(
                    tr(
                        "{title} — Ctrl+S saves it and opens it · Esc cancels",
                        lang,
                        title=title_words(self.title_text, lang),
                    )
                )
            ),
            id="ed-title",
            markup=False,
        )
        with VerticalScroll(id="ed-form"):
            yield Static(ptr("editor", "Table", lang), classes="ed-head", markup=False)
            rows = []
            rows.append(
                self._row(
                    tr("Rule preset", lang),
                    Choice(
                        [(preset_title(k, lang), k) for k in PRESET_TITLES],
                        v["preset"],
                        id="e-preset",
                    ),
                    tr("start from it: options reset to its readings", lang),
                    "preset",
                )
            )
            rows.append(
                self._row(
                    tr("Name", lang),
                    Input(
                        v["name"],
                        id="e-name",
                        compact=True,
                        placeholder=tr("e.g. {name}", lang, name="Table 3"),
                    ),
                    tr("shown everywhere", lang),
                )
            )
            rows.append(
                self._row(
                    tr("Game", lang),
                    Choice(
                        [(GAME_NAMES[g], g) for g in GAMES],
                        v["game"],
                        id="e-game",
                    ),
                    cites_note(
                        tr("stud games have no blinds, so no kill", lang), FIELD_CITES["game"], lang
                    ),
                )
            )
            rows.append(
                self._row(
                    tr("Seats", lang),
                    Input(v["seats"], id="e-seats", compact=True),
                    tr("2 to 10", lang),
                )
            )
            rows.append(
                self._row(
                    tr("Dealer button at seat", lang),
                    Input(
                        v["button"],
                        id="e-button",
                        compact=True,
                        placeholder=value_word("lowest", lang),
                    ),
                    tr("optional", lang),
                )
            )
            rows.append(
                self._row(
                    tr("Joker in the deck", lang),
                    self._yes_no("e-joker", v["joker"]),
                    cites_note(
                        tr("A-5 lowball and draw high only", lang), FIELD_CITES["joker"], lang
                    ),
                )
            )
            yield from self._section(rows)
            yield Static(ptr("editor", "Stakes", lang), classes="ed-head", markup=False)
            rows = []
            rows.append(
                self._row(
                    tr("Structure", lang),
                    Choice(
                        [(tr("fixed limit", lang), "fixed"), (tr("spread limit", lang), "spread")],
                        v["structure"],
                        id="e-structure",
                    ),
                    cites_note(
                        tr("spread kills raise the minimum and every maximum", lang),
                        FIELD_CITES["structure"],
                        lang,
                    ),
                )
            )
            rows.append(
                self._row(
                    tr("Bets", lang),
                    Input(v["bets"], id="e-bets", compact=True),
                    tr("fixed: 10 20 · spread: 2 6 or 1 4 4 8 8", lang),
                )
            )
            rows.append(
                self._row(
                    tr("Blinds", lang),
                    Input(v["blinds"], id="e-blinds", compact=True),
                    tr("small big, e.g. 5 10 (empty in stud games)", lang),
                )
            )
            yield from self._section(rows)
            yield Static(ptr("editor", "Kill", lang), classes="ed-head", markup=False)
            rows = []
            rows.append(
                self._row(
                    ptr("editor", "Kill", lang),
                    Choice(
                        [
                            (tr("full kill (2x big blind)", lang), "full"),
                            (tr("half kill (1.5x)", lang), "half"),
                            (tr("no kill", lang), "none"),
                        ],
                        v["kind"],
                        id="e-kind",
                    ),
                    " · ".join(FIELD_CITES["kind"]),
                )
            )
            for trig in TRIGGERS:
                rows.append(
                    self._row(
                        tr(
                            "Trigger: {trigger}",
                            lang,
                            trigger=vocab.word(vocab.TRIGGERS, trig, lang),
                        ),
                        self._yes_no(f"e-trigger-{trig}", trig in v["triggers"]),
                        cites_note("", trigger_cites(trig), lang),
                    )
                )
            yield from self._section(rows)
            yield Static(
                tr("House options (default · clause)", lang), classes="ed-head", markup=False
            )
            rows = []
            for opt in kill_options():
                rows.append(
                    self._row(
                        tr(opt.label, lang),
                        self._option_widget(opt.name, opt.allowed),
                        "",
                        opt.name,
                    )
                )
            yield from self._section(rows)
        yield Static("", id="ed-about", markup=False)
        yield Static("", id="ed-whatif", markup=False)
        yield Static("", id="ed-status", markup=False)
        yield LangFooter(compact=True)

    def _row(self, label: str, widget: Widget, note: str, note_id: str | None = None) -> Row:
        return Row(label, widget, note, note_id)

    def _section(self, rows: list[Row]) -> ComposeResult:
        """A section's rows: its labels in one column, its fields, its notes in one column
        (one widget per column, not one per cell: the editor opens fast enough to type in)."""
        number = len(self._sections)
        notes = [Text(r.note) for r in rows]
        self._sections.append(notes)
        for line, r in enumerate(rows):
            if r.note_id:
                self._note_at[r.note_id] = (number, line)
        with Horizontal(classes="ed-rows"):
            yield Column([Text(r.label) for r in rows], classes="ed-labels")
            with Vertical(classes="ed-fields"):
                yield from (r.widget for r in rows)
            yield Column(notes, id=f"ed-notes-{number}", classes="ed-notes")

    def note(self, name: str) -> str:
        """The note beside a field (its default, its clause, how it differs from the preset)."""
        number, line = self._note_at[name]
        return self._sections[number][line].plain

    def _set_note(self, name: str, text: Text) -> None:
        number, line = self._note_at[name]
        if self._sections[number][line] != text:
            self._sections[number][line] = text
            self._dirty_notes.add(number)

    def _yes_no(self, wid: str, value: bool) -> Choice:
        """A yes/no switch that reads the same without colour (a checkbox's X does not)."""
        return Choice(
            [(value_word("yes", self.lang), True), (value_word("no", self.lang), False)],
            bool(value),
            id=wid,
        )

    def _option_widget(self, name: str, allowed):
        value = self.values.get(name)
        lang = self.lang
        if name in AMOUNT_OPTIONS:
            return Input(
                option_text(name, option_keyword(name, str(value)), lang),
                id=f"e-{name}",
                compact=True,
                placeholder=" | ".join(
                    [value_word(a, lang) for a in allowed] + [tr("amount", lang)]
                ),
            )
        return Choice(
            [(value_word(a, lang), a) for a in allowed],
            value,
            id=f"e-{name}",
        )

    async def action_language(self) -> None:  # type: ignore[override]  # Textual awaits it
        """F3: the podium's language switches, and the form is said again in it (what was
        typed kept)."""
        self.values = self.read()
        Speaks.action_language(self)
        await self.recompose()
        self._ready()

    def on_mount(self) -> None:
        try:  # the options as the editor opened
            self._opened = check_form(
                {**self.values, "name": self.values["name"] or "?"}, self.players
            ).config
        except ConfigError:
            self._opened = None
        self._ready()

    def _ready(self) -> None:
        self.query_one("#ed-about", Static).display = False
        self.query_one("#ed-whatif", Static).display = False
        self.query_one("#e-name", Input).focus()
        self.validate()

    # -- values ----------------------------------------------------------------------
    def read(self) -> dict[str, Any]:
        q = self.query_one
        v: dict[str, Any] = {
            "name": q("#e-name", Input).value,
            "game": q("#e-game", Choice).value,
            "seats": q("#e-seats", Input).value,
            "button": q("#e-button", Input).value,
            "joker": q("#e-joker", Choice).value,
            "structure": q("#e-structure", Choice).value,
            "bets": q("#e-bets", Input).value,
            "blinds": q("#e-blinds", Input).value,
            "kind": q("#e-kind", Choice).value,
            "preset": q("#e-preset", Choice).value,
            "triggers": tuple(t for t in TRIGGERS if q(f"#e-trigger-{t}", Choice).value is True),
        }
        for name in KILL_OPTIONS:
            w: Any = q(f"#e-{name}")  # an Input or a Choice
            v[name] = w.value
        return v

    def set_option(self, name: str, value: Any) -> None:
        w: Any = self.query_one(f"#e-{name}")  # an Input or a Choice
        if name in AMOUNT_OPTIONS:
            value = option_text(name, option_keyword(name, str(value)), self.lang)
        w.value = value

    def validate(self) -> TableFile | None:
        """Check the form with the rules' loader; mark options that differ from the preset."""
        values = self.read()
        self.values = values
        status = self.query_one("#ed-status", Static)
        unnamed = not str(values.get("name", "")).strip()
        try:  # no name yet: the rest is checked all the same
            tf = check_form({**values, "name": "?"} if unnamed else values, self.players)
        except ConfigError as exc:
            self.checked = None
            self.error = form_error(exc, self.lang)
            self._show_about()
            status.set_class(True, "-error")
            status.update(Text("✗ " + safe_text(self.error)))
            self._mark({})
            return None
        self.checked = None if unnamed else tf
        self.error = tr("the table needs a name", self.lang) if unnamed else ""
        self._show_about()
        self._show_whatif(tf.config)
        differs = tf.config.differs_from_preset()
        self._mark(differs)
        cfg = tf.config
        lang = self.lang
        text = (
            "✗ " + self.error + " · " if unnamed else "✓ "
        ) + f"{'' if unnamed else cfg.name + ' — '}{GAME_NAMES[cfg.game]} {cfg.stakes_text()}"
        if cfg.is_kill_game:
            text += ", " + tr(
                "{kind} {stakes}",
                lang,
                kind=vocab.word(vocab.KILL_KINDS, cfg.kill.kind, lang),
                stakes=cfg.stakes_text(cfg.killed_limits()),
            )
        text += f" · {preset_title(cfg.kill.preset, lang)}"
        text += (
            ", " + ntr("{n} option differs", "{n} options differ", len(differs), lang)
            if differs
            else ", " + tr("as the preset reads", lang)
        )
        if self.players:
            text += " · " + ntr("{n} player seated", "{n} players seated", len(self.players), lang)
        text += " · " + tr("saved in {folder}", lang, folder=self.folder or tables_dir())
        status.set_class(unnamed, "-error")
        status.update(Text(safe_text(text)))
        return self.checked

    def _mark(self, differs: dict[str, tuple[Any, Any]]) -> None:
        warning = f"bold {self.app.theme_variables.get('warning', 'yellow')}"
        for opt in kill_options():
            name = opt.name
            lang = self.lang
            text = (
                tr("default {value}", lang, value=self._value_words(name, opt.default))
                + " · "
                + cites_note("", opt.cites, lang)
            )
            if name in differs:
                text = (
                    tr("≠ preset ({value})", lang, value=self._value_words(name, differs[name][0]))
                    + " · "
                    + text
                )
            self._set_note(name, Text(text, style=warning if name in differs else ""))
        for number in sorted(self._dirty_notes):
            self.query_one(f"#ed-notes-{number}", Column).set_lines(self._sections[number])
        self._dirty_notes.clear()

    def _value_words(self, name: str, value: Any) -> str:
        """An option's value as the notes say it: an amount in money, a keyword in words."""
        if name in AMOUNT_OPTIONS and isinstance(value, int) and not isinstance(value, bool):
            return money(value, self.lang)
        return value_word(value, self.lang)

    # -- every option explained from its source, and what changing it would do ----------
    def on_descendant_focus(self, event) -> None:
        widget = event.widget
        while widget is not None and widget is not self:
            wid = widget.id or ""
            # a [kill] option's field is e-NAME, a trigger's row e-trigger-ID
            name = wid.removeprefix("e-trigger-") if wid.startswith("e-trigger-") else wid[2:]
            if wid.startswith("e-") and (name in KILL_OPTIONS or name in TRIGGERS):
                if name != self._about:
                    self._about = name
                    self._show_about()
                return
            widget = widget.parent

    def _form_value(self, name: str) -> Any:
        field = f"#e-trigger-{name}" if name in TRIGGERS else f"#e-{name}"
        widget: Any = self.query_one(field)  # an Input or a Choice
        value = widget.value
        if name in AMOUNT_OPTIONS and isinstance(value, str):
            text = option_keyword(name, value)
            if text in KILL_OPTIONS[name][0]:
                return text
            try:
                return parse_amount(text.lstrip("$"))
            except MoneyError:
                return None
        return value

    def _show_about(self) -> None:
        about = self.query_one("#ed-about", Static)
        name = self._about
        value = self._form_value(name) if name is not None else None
        if name is None or value is None:
            about.display = False
            return
        about.display = True
        about.update(Text("\n".join(safe_text(line) for line in describe(name, value, self.lang))))

    def _show_whatif(self, cfg: TableConfig) -> None:
        """Options changed since the editor opened, replayed on a recorded sample session
        (the shipped 29-event one of the same kind of game), by the rules model."""
        box = self.query_one("#ed-whatif", Static)
        base = self._opened
        changed = {
            n: getattr(cfg.kill, n)
            for n in KILL_OPTIONS
            if base is not None and getattr(cfg.kill, n) != getattr(base.kill, n)
        }
        if not changed or not cfg.is_kill_game:
            self.whatif_lines = []
            box.display = False
            return
        lines = preview_changes(cfg, changed, self.lang)
        self.whatif_lines = lines
        box.display = True
        box.update(Text("\n".join(safe_text(line) for line in lines[:6])))

    @property
    def differing(self) -> list[str]:
        return list(self.checked.config.differs_from_preset()) if self.checked else []

    # -- events ----------------------------------------------------------------------
    def _unchanged(self) -> bool:
        """The form reads as it was last checked: a field set to the value it had (every
        field says so once as it mounts) is not checked again."""
        return self.read() == self.values

    def on_input_changed(self, event: Input.Changed) -> None:
        if not self._unchanged():
            self.validate()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def on_choice_changed(self, event: Choice.Changed) -> None:
        sid = event.choice.id
        if sid == "e-preset" and event.value != self._preset_shown:
            self._preset_shown = event.value
            for name, value in preset_values(str(event.value)).items():
                self.set_option(name, value)
        elif sid == "e-kind":
            none = event.value == "none"
            if none:
                for t in TRIGGERS:
                    self.query_one(f"#e-trigger-{t}", Choice).value = False
                self.set_option("voluntary", False)
            elif not any(self.query_one(f"#e-trigger-{t}", Choice).value is True for t in TRIGGERS):
                self.query_one("#e-trigger-two-pots", Choice).value = True
        if not self._unchanged():
            self.validate()

    # -- saving ----------------------------------------------------------------------
    def action_save(self) -> None:
        self.save()

    def save(self) -> str | None:
        from floorkill.store.atomic import write_toml

        tf = self.validate()
        status = self.query_one("#ed-status", Static)

        def fail(message: str) -> None:
            self.error = message
            status.set_class(True, "-error")
            status.update(Text("✗ " + safe_text(message)))

        if tf is None:
            return None
        cfg = tf.config
        if self.registry.has(cfg.name):
            fail(
                tr(
                    "a table named {name} is already in the journal: give this one another name",
                    self.lang,
                    name=repr(cfg.name),
                )
            )
            return None
        try:
            folder = self.folder or tables_dir()
            folder.mkdir(parents=True, exist_ok=True)
            path = new_table_path(cfg.name, folder)
            write_toml(path, table_doc(tf))
            saved = load_table_file(path)  # validated again, as written
            session = self.registry.create(saved, path.read_text(encoding="utf-8"))
        except ConfigError as exc:
            fail(str(exc))
            return None
        except Exception as exc:  # disk or journal trouble: say it
            log.exception("table editor: not saved")
            fail(tr("not saved: {error}", self.lang, error=f"{type(exc).__name__}: {exc}"))
            return None
        self.saved_path = path
        self.dismiss(session.name)
        return session.name

    def action_cancel(self) -> None:
        self.dismiss(None)

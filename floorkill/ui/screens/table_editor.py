"""The table editor: a new table by form, from a sample, or as a copy of another.

Every field of a table file: name, game, seats, structure, bets, blinds, the kill
kind and triggers, the rule preset, and every house option with its default and the
clause behind it. The form is checked by the rules' own config loader at every change
(:func:`floorkill.rules.config.config_from_dict`: its ConfigError message is shown);
options that differ from the chosen preset are marked (``differs_from_preset``). The form
is one widget, a line per field (:mod:`floorkill.ui.widgets.field_list`): a screen of a
few widgets opens within the 100 ms a key may take to be answered (bench/editor_bench.py).
Saving writes the table file atomically (tomli-w, :func:`floorkill.store.atomic.write_toml`)
into the tables folder (:func:`floorkill.floor.wording.tables_dir`), reads it back through
the loader, and creates the table in the journal.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from floorkill import vocab
from floorkill.floor.tables import TableRegistry, new_table_path, tables_dir
from floorkill.i18n import LANGS, N_, NC_, Phrase, error_text, money, ntr, ptr, tr
from floorkill.log import log
from floorkill.resources import sample_tables_dir
from floorkill.rules import ConfigError, TableConfig, load_table_file
from floorkill.rules import clauses as catalogue
from floorkill.rules.config import (
    AMOUNT_OPTIONS,
    BLINDLESS_GAMES,
    GAMES,
    KILL_OPTIONS,
    PRESET_TITLES,
    TRIGGERS,
    PlayerSpec,
    TableFile,
    config_from_dict,
    game_name,
    table_file_to_dict,
)
from floorkill.rules.money import MoneyError, fmt, parse_amount, to_toml
from floorkill.rules.names import safe_text
from floorkill.rules.option_sources import describe
from floorkill.rules.options import FIELD_CITES, LABELS, kill_options, trigger_cites
from floorkill.rules.table_diff import VALUE_WORDS, preset_title
from floorkill.rules.table_diff import word as value_word
from floorkill.rules.whatif import WhatIf, summary
from floorkill.store.atomic import write_toml

from ..widgets.field_list import ChoiceField, Field, FieldList, Head, TextField
from ..widgets.key_line import KeyLine
from ..widgets.repaint import update_static
from .language import LANGUAGE_KEY, Speaks
from .side_screen import OpensAtOnce


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
        value = values.get(name)
        if value is None:
            continue
        if name in AMOUNT_OPTIONS:
            value = option_keyword(name, str(value))
            value = int(value) if value.isdigit() else value
        kill[name] = value
    return {"table": table, "stakes": stakes, "kill": kill}


def check_form(values: dict[str, Any], players: Sequence[PlayerSpec] = ()) -> TableFile:
    """The form through the rules' config loader (raises ConfigError)."""
    doc = form_doc(values)
    if players:
        doc["players"] = [
            {
                "seat": player.seat,
                "name": player.name,
                **({"stack": to_toml(player.stack)} if player.stack is not None else {}),
            }
            for player in players
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
        "bets": " ".join(fmt(amount) for amount in cfg.bets),
        "blinds": " ".join(fmt(amount) for amount in cfg.blinds) if cfg.blinds[1] else "",
        "kind": cfg.kill.kind,
        "triggers": tuple(cfg.kill.triggers),
        "preset": cfg.kill.preset,
    }
    for name in KILL_OPTIONS:
        value = getattr(cfg.kill, name)
        values[name] = option_text(name, value) if name in AMOUNT_OPTIONS else value
    return values


def preset_values(preset: str) -> dict[str, Any]:
    out = {}
    for opt in kill_options():
        value = opt.preset_value(preset)
        out[opt.name] = option_text(opt.name, value) if opt.amount else value
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
# each sample's session folded once per process, then asked of each change (budget: a
# what-if per option change, bench/whatif_bench.py)
_WHATIF_CACHE: dict[str, WhatIf] = {}


def preview_changes(cfg: TableConfig, changed: dict[str, Any], lang: str = "en") -> list[str]:
    """What the changed options would decide differently on a recorded sample session (a
    flop game's for flop games, a draw game's otherwise): the rules model's what-if."""
    sample = _SAMPLES[cfg.has_flop]
    whatif = _WHATIF_CACHE.get(sample)
    if whatif is None:
        whatif = _WHATIF_CACHE[sample] = WhatIf.of(load_table_file(sample_tables_dir() / sample))
    head = tr("What-if on a recorded sample ({name}):", lang, name=whatif.config.name)
    try:
        diffs = whatif.change(**changed)
    except ConfigError as exc:
        return [head, exc.text(lang)]
    except KeyError as exc:
        return [head, str(exc)]
    return [head, *summary(diffs, lang).splitlines()]


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
    """The loader's message; in another language the field's label and the loader's reason
    said in that language (``problem.key`` is the table file's key the loader names: a
    field of this form, not a rules refusal)."""
    if lang in (None, "en"):
        return problem.message
    key = problem.key or ""
    label = (
        tr(FIELD_LABELS[key], lang)
        if key in FIELD_LABELS
        else tr(LABELS[key], lang)
        if key in LABELS
        else key
    )
    reason = problem.reason
    if "choices" in reason.params and key in KILL_OPTIONS:  # the words this field takes
        choices = ", ".join(f"«{value_word(word, lang)}»" for word in KILL_OPTIONS[key][0])
        reason = Phrase(reason.msgid, reason.context, **{**reason.params, "choices": choices})
    return f"{label}: {reason.text(lang)}"


# the titles the podium gives the editor, said in the editor's language
_TITLES = (
    (re.compile(r"New table like (?P<name>.+)"), N_("New table like {name}")),
    (re.compile(r"New table from the sample (?P<name>.+)"), N_("New table from the sample {name}")),
    (re.compile(r"New table"), N_("New table")),
)


class _NameTaken(Exception):
    """The journal already has a table of that name (checked where the table is created)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def title_words(title: str, lang: str | None) -> str:
    for pattern, msgid in _TITLES:
        match = pattern.fullmatch(title)
        if match:
            return tr(msgid, lang, **match.groupdict())
    return title


class TableEditor(OpensAtOnce, Speaks, Screen[str | None]):
    """A new table; dismisses with its name once saved and created, or None.

    The form is one :class:`~floorkill.ui.widgets.field_list.FieldList` (a line per
    field): the editor opens as fast as a screen of a few widgets, and the name field takes
    the first key typed."""

    DEFAULT_CSS = """
    TableEditor { layout: vertical; }
    TableEditor #ed-title { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    TableEditor #ed-form { height: 1fr; }
    TableEditor #ed-about { height: auto; max-height: 6; padding: 0 1; color: $text; }
    TableEditor #ed-whatif { height: auto; max-height: 6; padding: 0 1; color: $text-muted; }
    TableEditor #ed-status { height: auto; max-height: 4; padding: 0 1; background: $panel; }
    TableEditor #ed-status.-error { color: $error; text-style: bold; }
    """
    BINDINGS = [
        Binding("ctrl+s", "save", NC_("key", "Save table"), id="editor.save"),
        Binding("escape", "cancel", NC_("key", "Cancel"), id="editor.cancel"),
        Binding("f3", "language", LANGUAGE_KEY, show=False, id="editor.language"),
    ]
    AUTO_FOCUS = "#ed-form"  # its cursor starts on the name

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
        try:
            self._opened = check_form(
                {**self.values, "name": self.values["name"] or "?"}, self.players
            ).config
        except ConfigError:
            pass
        self._about: str | None = None  # the option explained below the form
        self._at = "name"  # the field the cursor is on (kept through F3)
        self.whatif_lines: list[str] = []
        self.checked: TableFile | None = None
        self.error = ""
        self.saved_path: Path | None = None
        self._folder_shown: Path | None = None  # the folder the status names (read once)
        self._marked: tuple[str, dict] | None = None  # what the options' notes were made for
        self._form: FieldList | None = None
        self._status = Static("", id="ed-status", markup=False)
        self._boxes: dict[str, Static] = {}  # the option's source, the what-if: when shown

    # -- layout ----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        """The title, the form, the status line and the keys — checked, its notes and
        status written, before its first frame (nothing to update once it shows)."""
        self._marked = None  # new fields: their notes to be written
        self._form = FieldList(self._rows(), current=self._at, id="ed-form")
        self._status = Static("", id="ed-status", markup=False)
        self._boxes = {}
        if self._folder_shown is None:
            self._folder_shown = self.folder or tables_dir()
        self.validate()
        yield Static(
            Text(
                safe_text(
                    tr(
                        "{title} — Ctrl+S saves it and opens it · Esc cancels",
                        self.lang,
                        title=title_words(self.title_text, self.lang),
                    )
                )
            ),
            id="ed-title",
            markup=False,
        )
        yield self._form
        yield from (
            self._boxes[box_id] for box_id in ("ed-about", "ed-whatif") if box_id in self._boxes
        )
        yield self._status
        yield KeyLine()

    def _box(self, bid: str) -> Static:
        """The box below the form (``ed-about``: the option's source; ``ed-whatif``),
        made when first shown: a screen of fewer widgets opens sooner."""
        box = self._boxes.get(bid)
        if box is None:
            box = self._boxes[bid] = Static("", id=bid, markup=False)
            if self._status.is_attached:  # composed: mount it above the status line
                after = self._boxes.get("ed-whatif") if bid == "ed-about" else None
                self.mount(box, before=after if after is not None else self._status)
        return box

    def show_box(self, bid: str, text: Text | None) -> None:
        """A box below the form shown with ``text``, or hidden (None); a layout only when
        its height changes: the editor checks the form at every key."""
        if text is None:
            box = self._boxes.get(bid)
            if box is not None and box.display:
                box.display = False
            return
        box = self._box(bid)
        if not box.display:
            box.display = True
            box.update(text)
        else:
            update_static(box, text)

    def _rows(self) -> list[Head | Field]:
        """Every field of a table file, in sections, with the note beside each."""
        values = self.values
        lang = self.lang
        rows: list[Head | Field] = [
            Head(ptr("editor", "Table", lang)),
            ChoiceField(
                "preset",
                tr("Rule preset", lang),
                [(preset_title(preset, lang), preset) for preset in PRESET_TITLES],
                values["preset"],
                note=tr("start from it: options reset to its readings", lang),
            ),
            TextField(
                "name",
                tr("Name", lang),
                values["name"],
                placeholder=tr("e.g. {name}", lang, name="Table 3"),
                note=tr("shown everywhere", lang),
            ),
            ChoiceField(
                "game",
                tr("Game", lang),
                [(game_name(game, lang), game) for game in GAMES],
                values["game"],
                note=cites_note(
                    tr("stud games have no blinds, so no kill", lang), FIELD_CITES["game"], lang
                ),
            ),
            TextField("seats", tr("Seats", lang), values["seats"], note=tr("2 to 10", lang)),
            TextField(
                "button",
                tr("Dealer button at seat", lang),
                values["button"],
                placeholder=value_word("lowest", lang),
                note=tr("optional", lang),
            ),
            self._yes_no(
                "joker",
                tr("Joker in the deck", lang),
                values["joker"],
                cites_note(tr("A-5 lowball and draw high only", lang), FIELD_CITES["joker"], lang),
            ),
            Head(ptr("editor", "Stakes", lang)),
            ChoiceField(
                "structure",
                tr("Structure", lang),
                [(tr("fixed limit", lang), "fixed"), (tr("spread limit", lang), "spread")],
                values["structure"],
                note=cites_note(
                    tr("spread kills raise the minimum and every maximum", lang),
                    FIELD_CITES["structure"],
                    lang,
                ),
            ),
            TextField(
                "bets",
                tr("Bets", lang),
                values["bets"],
                note=tr("fixed: 10 20 · spread: 2 6 or 1 4 4 8 8", lang),
            ),
            TextField(
                "blinds",
                tr("Blinds", lang),
                values["blinds"],
                note=tr("small big, e.g. 5 10 (empty in stud games)", lang),
            ),
            Head(ptr("editor", "Kill", lang)),
            ChoiceField(
                "kind",
                ptr("editor", "Kill", lang),
                [
                    (tr("full kill (2x big blind)", lang), "full"),
                    (tr("half kill (1.5x)", lang), "half"),
                    (tr("no kill", lang), "none"),
                ],
                values["kind"],
                note=" · ".join(FIELD_CITES["kind"]),
            ),
        ]
        for trig in TRIGGERS:
            rows.append(
                self._yes_no(
                    f"trigger-{trig}",
                    tr("Trigger: {trigger}", lang, trigger=vocab.word(vocab.TRIGGERS, trig, lang)),
                    trig in values["triggers"],
                    cites_note("", trigger_cites(trig), lang),
                )
            )
        rows.append(Head(tr("House options (default · clause)", lang)))
        for opt in kill_options():
            rows.append(self._option_field(opt.name, tr(opt.label, lang), opt.allowed))
        return rows

    def _yes_no(self, fid: str, label: str, value: bool, note: str) -> ChoiceField:
        """A yes/no switch that reads the same without colour (a checkbox's X does not)."""
        yes_no = [(value_word("yes", self.lang), True), (value_word("no", self.lang), False)]
        return ChoiceField(fid, label, yes_no, bool(value), note=note)

    def _option_field(self, name: str, label: str, allowed) -> Field:
        value = self.values.get(name)
        lang = self.lang
        if name in AMOUNT_OPTIONS:
            return TextField(
                name,
                label,
                option_text(name, option_keyword(name, str(value)), lang),
                placeholder=" | ".join(
                    [value_word(choice, lang) for choice in allowed] + [tr("amount", lang)]
                ),
            )
        return ChoiceField(
            name, label, [(value_word(choice, lang), choice) for choice in allowed], value
        )

    @property
    def form(self) -> FieldList:
        assert self._form is not None, "composed"
        return self._form

    def field(self, fid: str) -> Field:
        """A field of the form by its id: ``name``, ``game``, ``trigger-scoop``, an option's
        name (``walk``)."""
        return self.form.field(fid)

    def note(self, name: str) -> str:
        """The note beside a field (its default, its clause, how it differs from the preset)."""
        return self.field(name).note.plain

    async def action_language(self) -> None:  # type: ignore[override]  # Textual awaits it
        """F3: the podium's language switches, and the form is said again in it (what was
        typed kept, the cursor where it was)."""
        self.values = self.read()
        self._at = self.form.current.id
        Speaks.action_language(self)
        await self.recompose()
        self.form.focus()

    # -- values ----------------------------------------------------------------------
    def read(self) -> dict[str, Any]:
        fields = self.form.fields
        values: dict[str, Any] = {
            key: fields[key].value
            for key in ("name", "game", "seats", "button", "joker", "structure", "bets")
        }
        values.update(
            blinds=fields["blinds"].value,
            kind=fields["kind"].value,
            preset=fields["preset"].value,
            triggers=tuple(
                trigger for trigger in TRIGGERS if fields[f"trigger-{trigger}"].value is True
            ),
        )
        for name in KILL_OPTIONS:
            values[name] = fields[name].value
        return values

    def set_option(self, name: str, value: Any) -> None:
        """An option set by the form itself (a preset, no kill): checked once after."""
        if name in AMOUNT_OPTIONS:
            value = option_text(name, option_keyword(name, str(value)), self.lang)
        self.field(name).set(value, post=False)

    def validate(self) -> TableFile | None:
        """Check the form with the rules' loader; mark options that differ from the preset."""
        values = self.read()
        self.values = values
        status = self._status
        unnamed = not str(values.get("name", "")).strip()
        try:  # no name yet: the rest is checked all the same
            tf = check_form({**values, "name": "?"} if unnamed else values, self.players)
        except ConfigError as exc:
            self.checked = None
            self.error = form_error(exc, self.lang)
            self._show_about()
            status.set_class(True, "-error")
            update_static(status, Text("✗ " + safe_text(self.error)))
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
        ) + f"{'' if unnamed else cfg.name + ' — '}{game_name(cfg.game, lang)} {cfg.stakes_text()}"
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
        text += " · " + tr("saved in {folder}", lang, folder=self._folder_shown)
        status.set_class(unnamed, "-error")
        update_static(status, Text(safe_text(text)))
        return self.checked

    def _mark(self, differs: dict[str, tuple[Any, Any]]) -> None:
        lang = self.lang
        if self._marked == (lang, differs):
            return  # the notes say it already (the form is checked at every key)
        self._marked = (lang, differs)
        warning = f"bold {self.app.theme_variables.get('warning', 'yellow')}"
        fields = self.form.fields
        for opt in kill_options():
            name = opt.name
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
            fields[name].note = Text(text, style=warning if name in differs else "")

    def _value_words(self, name: str, value: Any) -> str:
        """An option's value as the notes say it: an amount in money, a keyword in words."""
        if name in AMOUNT_OPTIONS and isinstance(value, int) and not isinstance(value, bool):
            return money(value, self.lang)
        return value_word(value, self.lang)

    # -- every option explained from its source, and what changing it would do ----------
    def on_field_list_moved(self, event: FieldList.Moved) -> None:
        # a [kill] option's field is its NAME, a trigger's row trigger-ID
        fid = event.field.id
        name = fid.removeprefix("trigger-")
        if fid in KILL_OPTIONS or (fid.startswith("trigger-") and name in TRIGGERS):
            if name != self._about:
                self._about = name
                self._show_about()

    def _form_value(self, name: str) -> Any:
        value = self.field(f"trigger-{name}" if name in TRIGGERS else name).value
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
        name = self._about
        value = self._form_value(name) if name is not None else None
        if name is None or value is None:
            self.show_box("ed-about", None)
            return
        lines = describe(name, value, self.lang)
        self.show_box("ed-about", Text("\n".join(safe_text(line) for line in lines)))

    def _show_whatif(self, cfg: TableConfig) -> None:
        """Options changed since the editor opened, replayed on a recorded sample session
        (the shipped 29-event one of the same kind of game), by the rules model."""
        base = self._opened
        changed = {
            name: getattr(cfg.kill, name)
            for name in KILL_OPTIONS
            if base is not None and getattr(cfg.kill, name) != getattr(base.kill, name)
        }
        if not changed or not cfg.is_kill_game:
            self.whatif_lines = []
            self.show_box("ed-whatif", None)
            return
        lines = preview_changes(cfg, changed, self.lang)
        self.whatif_lines = lines
        self.show_box("ed-whatif", Text("\n".join(safe_text(line) for line in lines[:6])))

    @property
    def differing(self) -> list[str]:
        return list(self.checked.config.differs_from_preset()) if self.checked else []

    # -- events ----------------------------------------------------------------------
    def on_field_list_changed(self, event: FieldList.Changed) -> None:
        fid, value = event.field.id, event.field.value
        fields = self.form.fields
        if fid == "preset" and value != self._preset_shown:
            self._preset_shown = value
            for name, preset_value in preset_values(str(value)).items():
                self.set_option(name, preset_value)
        elif fid == "kind":
            if value == "none":
                for trigger in TRIGGERS:
                    fields[f"trigger-{trigger}"].set(False, post=False)
                self.set_option("voluntary", False)
            elif not any(fields[f"trigger-{trigger}"].value is True for trigger in TRIGGERS):
                fields["trigger-two-pots"].set(True, post=False)
        if self.read() != self.values:  # (a field set back to what it was: nothing to check)
            self.validate()

    # -- saving ----------------------------------------------------------------------
    def action_save(self) -> None:
        self.save()

    def save(self) -> None:
        """Ctrl+S: the form checked here; the file written, read back and the table created
        in the podium's journal work (off the event loop once the journal is slow: the
        status says "saving…" meanwhile, the keys wait); then the editor closes with the
        table's name, or says why not and stays."""
        tf = self.validate()
        if tf is None:
            return
        registry, folder, lang = self.registry, self.folder, self.lang

        def write() -> tuple[Path, str]:
            if registry.has(tf.config.name):
                raise _NameTaken(tf.config.name)
            where = folder or tables_dir()
            where.mkdir(parents=True, exist_ok=True)
            path = new_table_path(tf.config.name, where)
            write_toml(path, table_doc(tf))
            saved = load_table_file(path)  # validated again, as written
            return path, registry.create(saved, path.read_text(encoding="utf-8")).name

        def done(written: tuple[Path, str]) -> None:
            self.saved_path, name = written
            self.dismiss(name)

        def failed(exc: Exception) -> None:
            if isinstance(exc, _NameTaken):
                message = tr(
                    "a table named {name} is already in the journal: give this one another name",
                    lang,
                    name=repr(exc.name),
                )
            elif isinstance(exc, ConfigError):
                message = exc.text(lang)
            else:  # disk or journal trouble: say it
                log.error("table editor: not saved", exc_info=exc)
                message = tr("not saved: {error}", lang, error=error_text(exc, lang))
            self.error = message
            self._status.set_class(True, "-error")
            update_static(self._status, Text("✗ " + safe_text(message)))

        work = getattr(self.app, "journal_work", None)
        if work is None:  # (an app without a journal's work: done here)
            try:
                written = write()
            except Exception as exc:  # noqa: BLE001 - said in the status line
                failed(exc)
                return
            done(written)
            return
        work.save(write, done, failed, saying=self._saying)

    def _saying(self, saving: bool) -> None:
        """ "saving…" in the editor's status line while the journal has the table."""
        if saving:
            update_static(self._status, Text(tr("saving…", self.lang)))

    def action_cancel(self) -> None:
        self.dismiss(None)

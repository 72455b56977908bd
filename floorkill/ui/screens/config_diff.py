"""The podium opened a table file whose set-up differs from the journal's table of that name.

:class:`ConfigDiffModal` shows the differences in the floor's words and dollars (worded by
:func:`floorkill.rules.table_diff.setup_changes`, the same lines `floorkill import`
prints) and asks: keep the journal's table, start a new table from the file under a new
name, or cancel (quit without changing anything). :func:`ask_about_file` is the podium's
one hook: it asks about a :class:`~floorkill.store.importing.FileDiffers` notice.
"""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from floorkill.floor.keyboard import key_letters
from floorkill.floor.text_tables import pick
from floorkill.i18n import N_, NC_
from floorkill.log import log
from floorkill.rules.config import validate_table_name
from floorkill.rules.names import NameError_, safe_text
from floorkill.store.errors import JournalError
from floorkill.store.importing import FileDiffers, free_table_name

from .side_screen import OpensAtOnce

TEXTS: dict[str, str | tuple[str, str]] = {  # key -> message id (the catalogue has the words)
    "title": N_("{file} is not the journal's table {name}"),
    "intro": N_("The journal's table of that name is set up differently (journal → file):"),
    "keep": N_("Keep the journal's table"),
    "new": N_("New table from the file"),
    "cancel": N_("Cancel"),
    "name": N_("Name of the new table:"),
    "help": N_("k: keep · n: new table (name above) · Esc: cancel, quit without changes"),
    "taken": N_("a table named {name} is already in the journal"),
    "kept": N_("Kept the journal's table {name}; {file} was not used."),
    "made": N_("New table {name} from {file}."),
    "unread": N_(
        "the journal's tables cannot be read just now: a name already taken there is refused "
        "when the new table is made"
    ),
}


def name_problem(problem: NameError_, lang: str | None) -> str:
    """Why a typed table name is refused, in ``lang`` (the rules' own words for names)."""
    return problem.text(lang or "en")


class ConfigDiffModal(OpensAtOnce, ModalScreen[tuple[str, str] | None]):
    """Dismisses with ("keep", ""), ("new", name) or None (cancel)."""

    DEFAULT_CSS = """
    ConfigDiffModal { align: center middle; }
    ConfigDiffModal > #cd-box {
        width: 84; max-width: 98%; height: auto; max-height: 95%;
        border: thick $warning; background: $surface; padding: 0 1;
    }
    ConfigDiffModal #cd-title { text-style: bold; color: $warning; }
    ConfigDiffModal #cd-changes { height: auto; max-height: 14; margin: 1 0; }
    ConfigDiffModal #cd-error { color: $error; height: auto; }
    ConfigDiffModal #cd-buttons { height: auto; }
    ConfigDiffModal Button { margin-right: 1; }
    ConfigDiffModal #cd-help { color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="config_diff.cancel"),
        Binding(
            key_letters("k"), "keep", NC_("key", "Keep the journal's table"), id="config_diff.keep"
        ),
        Binding(
            key_letters("n"), "new", NC_("key", "New table from the file"), id="config_diff.new"
        ),
    ]

    def __init__(
        self, question: FileDiffers, taken, lang: str = "en", *, unread: bool = False
    ) -> None:
        """``taken``: the journal's table names, read before it opens (``unread``: the
        journal could not give them; those known here, and the line says so)."""
        super().__init__()
        self.question = question
        self.taken = list(taken)
        self.lang = lang
        self.unread = unread

    def t(self, key: str, **params) -> str:
        return pick(TEXTS, key, self.lang, **params)

    def compose(self) -> ComposeResult:
        q = self.question
        with Vertical(id="cd-box"):
            yield Static(
                Text(safe_text(self.t("title", file=q.file, name=repr(q.name)))),
                id="cd-title",
                markup=False,
            )
            yield Static(Text(self.t("intro")), markup=False)
            with VerticalScroll(id="cd-changes"):
                for change in q.lines(self.lang):
                    yield Static(Text(safe_text(f"  {change}")), classes="cd-change", markup=False)
            yield Static(Text(self.t("name")), markup=False)
            yield Input(
                free_table_name(self.taken, q.table.config.name), id="cd-name", compact=True
            )
            yield Static(self.t("unread") if self.unread else "", id="cd-error", markup=False)
            with Horizontal(id="cd-buttons"):
                yield Button(self.t("keep"), id="cd-keep", variant="primary", compact=True)
                yield Button(self.t("new"), id="cd-new", compact=True)
                yield Button(self.t("cancel"), id="cd-cancel", compact=True)
            yield Static(Text(self.t("help")), id="cd-help", markup=False)

    def on_mount(self) -> None:
        self.query_one("#cd-keep", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        {"cd-keep": self.action_keep, "cd-new": self.action_new, "cd-cancel": self.action_cancel}[
            event.button.id or "cd-cancel"
        ]()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_new()

    def check_action(self, action: str, parameters) -> bool | None:
        # letters typed into the name field are text, not the k / n keys
        if action in ("keep", "new") and isinstance(self.focused, Input):
            return False
        return True

    def new_name(self) -> str | None:
        """The typed name if a new table may take it; else says why (and None)."""
        error = self.query_one("#cd-error", Static)
        try:
            name = validate_table_name(self.query_one("#cd-name", Input).value)
        except NameError_ as exc:
            error.update(Text(safe_text(name_problem(exc, self.lang))))
            return None
        if name.casefold() in {n.casefold() for n in self.taken}:
            error.update(Text(safe_text(self.t("taken", name=repr(name)))))
            return None
        return name

    def action_keep(self) -> None:
        self.dismiss(("keep", ""))

    def action_new(self) -> None:
        name = self.new_name()
        if name is not None:
            self.dismiss(("new", name))

    def action_cancel(self) -> None:
        self.dismiss(None)


def ask_about_file(app, notice) -> bool:
    """The podium's hook: ask about a file set up unlike the journal's table (True), or
    leave any other notice to the caller (False)."""
    if not isinstance(notice, FileDiffers):
        return False
    lang = getattr(app, "lang", "en")
    registry = app.tables

    def answered(choice: tuple[str, str] | None) -> None:
        if choice is None:
            app.exit(0)
            return
        kind, name = choice
        if kind == "keep":
            app.notify(
                safe_text(pick(TEXTS, "kept", lang, name=notice.name, file=notice.file)),
                timeout=6,
                markup=False,
            )
            return
        open_new_table(app, notice, name)

    def ask(names: list[str], unread: bool = False) -> None:
        app.push_screen(ConfigDiffModal(notice, names, lang, unread=unread), answered)

    def not_read(exc: Exception) -> None:  # asked all the same, with the names known here
        log.error("config diff: the journal's table names could not be read", exc_info=exc)
        ask([session.name for session in registry.open_sessions()], unread=True)

    work = getattr(app, "journal_work", None)
    if work is None:
        ask(registry.names())
    else:  # the names are read in the journal work; the keys typed meanwhile go to it
        work.read(registry.names, ask, not_read)
    return True


def open_new_table(app, notice: FileDiffers, name: str) -> None:
    """Create a journal table ``name`` from the file (its events too, all or none) and
    show it."""
    from floorkill.store.importing import open_file

    registry = app.tables
    tf = notice.table
    tf = replace(tf, config=replace(tf.config, name=name))

    def made(opened) -> None:
        _session, notices = opened
        app.switch_table(name)
        app.notify(
            safe_text(pick(TEXTS, "made", getattr(app, "lang", "en"), name=name, file=notice.file)),
            timeout=6,
            markup=False,
        )
        for line in notices:
            app.notify(safe_text(str(line)), severity="warning", timeout=10, markup=False)

    def not_made(exc: Exception) -> None:  # a journal error: said, never fatal
        log.error("config diff: table %s not made from %s", name, notice.file, exc_info=exc)
        said = exc.text(getattr(app, "lang", "en")) if isinstance(exc, JournalError) else exc
        app.notify(safe_text(f"{name}: {said}"), severity="error", markup=False)

    def write():
        return open_file(registry.journal, tf, notice.file)

    work = getattr(app, "journal_work", None)
    if work is None:
        try:
            opened = write()
        except JournalError as exc:
            not_made(exc)
            return
        made(opened)
        return
    work.save(write, made, not_made)  # "saving…" while the journal is slow

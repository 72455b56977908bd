"""Hand entry: keyboard first.

The plain case is the winning seat and Enter. A split is ``3 5``, hi-lo is
``h3 l5`` (``h3 l-``: no qualifying low), a showdown is one key away (the app's
showdown form). The form asks only what this hand's decision needs: it tries the
event on the current state (pure, nothing stored) and, when the rules need the
pot, the flop or the second-leg answer, asks that one question with the clause
that makes it matter (:func:`floorkill.rules.questions.needs`). A refused entry shows
the reason and its clauses and keeps what was typed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Input, Static

from floorkill.floor import Floor
from floorkill.floor.table_view import TableView
from floorkill.floor.text_tables import pick
from floorkill.floor.typed_entry import EntryError, answer, parse_entry, read_line
from floorkill.floor.wording import room_changed_line
from floorkill.i18n import N_, money, tr
from floorkill.log import log
from floorkill.rules import Refusal, TableState
from floorkill.rules import clauses as catalogue
from floorkill.rules.names import safe_text
from floorkill.rules.preview import ASKS, EMPTY, RECORDS, UNREAD, Preview
from floorkill.rules.preview import REFUSED as REFUSES
from floorkill.rules.questions import Question
from floorkill.store.errors import RoomChanged, TableChanged

from .repaint import update_static

PROMPTS: dict[str, str | tuple[str, str]] = {  # key -> message id (or (context, id))
    "winner": N_("Winner"),
    "pot": N_("Pot $"),
    "flop": N_("Flop? y/n"),
    "qualifies": N_("2nd leg? y/n"),
    "kill_posted": N_("Kill posted? y/n"),
    "posts_kill": N_("Posts kill? y/n"),
    "agrees_to_kill": N_("Agrees? y/n"),
    "low": N_("Low? y/seat"),
}
HINT = N_(
    "seat + Enter · split: 3 5 · hi-lo: h3 l5 (h3 l- no low) · pot: $140 · F2 showdown · Esc clear"
)
KILL_HINT = N_(" · k-: kill not posted")
RECORDED = N_("Recorded #{seq}.")
REFUSED = N_("Refused")
PREVIEW_RECORDS = N_("⏎ records: {what} → {decided}")
PREVIEW_ASKS = N_("⏎ asks: {question}")
PREVIEW_REFUSED = N_("⏎ records nothing: {reason}")
PREVIEW_FAR = N_(
    "{amount} is {bets} big bets at this table: ⏎ again to record it, or correct the amount."
)
PREVIEW_CHANGED = N_("The table changed since this was shown: check it, then ⏎ again.")


class EntryInput(Input):
    """The entry's line: the keys panel (Ctrl+P, Keys) heads its keys in the podium's
    language, not with Textual's class name "Input"."""

    @property
    def BINDING_GROUP_TITLE(self) -> str:  # type: ignore[override]
        return tr("Entry line", getattr(self.app, "lang", None))

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """ "?" is the podium's key list, never part of a hand."""
        return character != "?" and super().check_consume_key(key, character)

    @property
    def content_width(self) -> int:
        """At least the field's own width: typing or clearing a line that fits then leaves
        the virtual size as it was, so Textual lays out the screen only when a line outgrows
        the field: a layout each hand would spend much of the Enter → every panel budget
        (bench/ui_bench.py)."""
        return max(super().content_width, self.scrollable_content_region.width)


class HandEntry(Widget):
    """One input line, a prompt that turns into the question being asked, and a message line."""

    DEFAULT_CSS = """
    HandEntry {
        height: auto;
        padding: 0 1;
        background: $panel;
    }
    HandEntry > #entry-row { height: 1; }
    HandEntry #entry-prompt { width: auto; min-width: 8; padding: 0 1 0 0; color: $accent; text-style: bold; }
    HandEntry #entry-input { width: 1fr; height: 1; border: none; padding: 0 1; }
    HandEntry > #entry-message { height: auto; max-height: 3; color: $text-muted; }
    HandEntry.-question > #entry-message { color: $warning; text-style: bold; }
    HandEntry.-refused > #entry-message { color: $error; text-style: bold; }
    HandEntry.-question #entry-prompt { color: $warning; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Clear", show=False, id="entry.cancel"),
    ]

    @dataclass
    class Recorded(Message):
        """An event was accepted and stored."""

        record: Any

    @dataclass
    class Refused(Message):
        """The rules refused what was typed."""

        refusal: Refusal

    view: reactive[TableView | None] = reactive(None, init=False, always_update=True, repaint=False)

    def __init__(self, floor: Floor, lang: str = "en", **kwargs) -> None:
        super().__init__(**kwargs)
        self._floor = floor
        self._state = floor.state
        self.lang = lang
        self.question: Question | None = None
        self._draft: dict[str, Any] | None = None
        self._typed = ""  # what was typed before a question took the line
        self.message = ""
        self._prompt = pick(PROMPTS, "winner", lang)
        self._recorded_at: tuple[int, int] | None = (
            None  # (events, hands) when "Recorded #n" was said
        )
        self._committing = False
        self._saving: asyncio.Event | None = None  # set once a slow ⏎'s commit has landed
        self._shown: Preview | None = None  # what the preview line shows now
        self._far_asked: tuple | None = None  # the preview whose far amount was asked about
        self._base: str | Text = ""  # the message under the preview (hint, question, …)

    def compose(self) -> ComposeResult:
        with Horizontal(id="entry-row"):
            yield Static(pick(PROMPTS, "winner", self.lang), id="entry-prompt", markup=False)
            yield EntryInput(id="entry-input", compact=True, select_on_focus=False)
        self.message = self._hint()
        yield Static(self.message, id="entry-message", markup=False)

    # -- public --------------------------------------------------------------------
    @property
    def input(self) -> Input:
        return self.query_one("#entry-input", Input)

    def watch_view(self, view: TableView | None) -> None:
        if view is None:
            return
        hint = self._hint()
        # (a view of the same state — a session's state is a new one when its room
        # changes — brings only the record the rules panel explains, read later: what the
        # line says, a refusal too, still stands)
        moved = view.state is not self._state
        self._state = view.state
        if view.lang != self.lang:
            self.set_lang(view.lang)
        if self._committing:  # this entry's own record: its line is cleared next
            pass
        elif moved and self.is_mounted and self.input.value.strip():  # so may the preview
            self._show_preview(self.input.value)
        elif self.message == hint and self._hint() != hint:  # a kill pot came or went
            self._say(self._hint())
        # "Recorded #7." belongs to the state it was said in: any later event or undo drops it
        state = view.state
        if self._recorded_at is not None and (state.events, state.hands) != self._recorded_at:
            self._recorded_at = None
            # (not while this entry commits: "Recorded #n+1." replaces it at once, and a
            # message one line shorter for an instant would lay out the screen each hand)
            if self.question is None and not self.has_class("-refused") and not self._committing:
                self._say(self._hint())

    def draft(self) -> str:
        """What is typed (the original line while a question is open)."""
        return self._typed if self.question is not None else self.input.value

    def restore(self, state: TableState, text: str = "") -> None:
        """Another table: its state and its unfinished line (no question open)."""
        self._state = state
        self._reset()
        self.input.value = text
        self.input.cursor_position = len(text)
        self._say(self._hint())

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self._update_prompt()
        if self.question is not None:
            self._say_question(self.question)
        elif not self.has_class("-refused"):
            self._say(self._hint())

    def _hint(self) -> str:
        """The syntax line; in a kill pot also how to say the kill was not posted."""
        killed = self._state is not None and self._state.button.killed
        return tr(HINT, self.lang) + (tr(KILL_HINT, self.lang) if killed else "")

    def focus_input(self) -> None:
        """At once (Widget.focus() is deferred: a key already typed would go elsewhere)."""
        if self.is_attached and self.screen.is_current:
            self.screen.set_focus(self.input)
        else:
            self.input.focus()

    def add_seat(self, seat: int) -> None:
        """Append a seat number (picked on the seating diagram) to the line."""
        inp = self.input
        value = inp.value.rstrip()
        inp.value = f"{value} {seat}".strip()
        inp.cursor_position = len(inp.value)
        inp.focus()

    # -- the preview: what Enter records, as it is typed -----------------------------------
    def reading(self, text: str) -> Preview:
        """What Enter does with ``text`` now (:func:`floorkill.floor.typed_entry.read_line`)."""
        floor = self._floor
        elsewhere = floor.tables.elsewhere(floor.session.name)
        return read_line(floor.state, text, self.question, self._draft, elsewhere)

    def on_input_changed(self, event: Input.Changed) -> None:
        self._show_preview(event.value)

    def _show_preview(self, text: str) -> None:
        try:
            shown = self.reading(text)
        except Exception as exc:  # noqa: BLE001 — the journal away: say so, record nothing unseen
            self._shown = None
            self._say(Text("✗ " + safe_text(not_recorded(exc, self.lang))), base=False)
            return
        self._shown = shown
        if shown.outcome == EMPTY:
            self._say(self._base, base=False)
            return
        # (an open question stays in sight in the prompt: the lines are the reading's, so
        # what the rules decide fits at 80 columns too)
        self._say(Text(preview_text(shown, self.lang)), base=False)

    @property
    def preview(self) -> Preview | None:
        """What the preview line shows (None before anything was typed)."""
        return self._shown

    def enter_text(self, text: str, off_the_loop: bool = False) -> bool:
        """Handle a line as if typed and Entered; True when an event was recorded. When
        the preview on screen is not what Enter would do now, nothing is recorded: the new
        preview is shown. ``off_the_loop`` (Enter typed): the journal is written in a thread
        (:meth:`_save_off_the_loop`; then False is returned)."""
        shown = self._shown
        if shown is not None and shown.outcome != EMPTY:
            try:
                now = self.reading(text)
            except Exception as exc:  # noqa: BLE001 — the journal away: nothing recorded
                self.refuse_text(not_recorded(exc, self.lang), keep=text)
                return False
            if not now.same(shown):
                self._show_preview(text)
                self._say(Text(tr(PREVIEW_CHANGED, self.lang) + "\n" + self.message), base=False)
                return False
            if shown.records and shown.far is not None and self._far_asked != shown.key():
                self._far_asked = shown.key()  # asked once: the next Enter records it
                bets = shown.far // max(1, self._floor.state.config.upper_limit)
                far = tr(PREVIEW_FAR, self.lang, amount=money(shown.far, self.lang), bets=bets)
                self._say(Text(far + "\n" + self.message), base=False)
                return False
        if self.question is not None:
            try:
                raw = answer(self.question, text, self._draft or {})
            except EntryError as exc:  # the question stays open
                self.set_class(True, "-refused")
                self._say(
                    Text(
                        "✗ "
                        + exc.text(self.lang)
                        + " — "
                        + safe_text(self.question.text(self.lang))
                    )
                )
                return False
            return self.proceed(raw, typed=self._typed, off_the_loop=off_the_loop)
        try:
            raw = parse_entry(text)
        except EntryError as exc:
            self.refuse_text(exc.text(self.lang), keep=text)
            return False
        return self.proceed(raw, typed=text, off_the_loop=off_the_loop)

    def proceed(self, raw: Mapping[str, Any], typed: str = "", off_the_loop: bool = False) -> bool:
        """Ask the next question the rules need, or submit the completed event."""
        self._typed = typed
        try:
            q = next((q for q in self._floor.needs(raw) if q.ask), None)
        except Refusal as refusal:
            self._refuse(refusal, keep=typed)
            return False
        except Exception as exc:  # the journal away (bars at other tables are read there)
            log.exception("hand entry: the rules' questions could not be read")
            self.refuse_text(not_recorded(exc, self.lang), keep=typed)
            return False
        if q is not None:
            self.question = q
            self._draft = dict(raw)
            self.set_class(True, "-question")
            self.set_class(False, "-refused")
            self._update_prompt()
            self.input.value = ""
            self._say_question(q)
            return False
        if off_the_loop and self.is_attached:
            self._save_off_the_loop(raw, typed)
            return False
        return self._commit(raw, typed)

    def _save_off_the_loop(self, raw: Mapping[str, Any], typed: str) -> None:
        """⏎ typed: the commit goes through the podium's journal work
        (ui/podium/journal_work.py): done within a frame it is shown at once; slower (a
        lock, a server away), the screen says "saving…" and stays live, and this widget
        takes its next message only once the journal has answered
        (:meth:`on_input_submitted` awaits it). The keys typed meanwhile wait (the key gate)
        and then go to the fresh line. A table that moved since its preview was shown
        (another podium's entry followed) records nothing: check, ⏎ again."""
        work = getattr(self.app, "journal_work", None)
        floor = self._floor
        session = floor.session
        seen, room = len(session), floor.room_shown()  # what the preview was worked out on
        if work is None:  # (a bare app around the entry)
            self._commit(raw, typed)
            return
        landed = asyncio.Event()

        def done(record: Any) -> None:
            self._committing = False
            self._recorded(record)
            landed.set()

        def failed(error: Exception) -> None:
            self._committing = False
            self._not_recorded(error, typed)
            landed.set()

        self._committing = True  # (its own record: the line is cleared, not previewed)
        if not work.save(lambda: floor.commit(raw, session, seen, room), done, failed):
            self._saving = landed

    def _commit(self, raw: Mapping[str, Any], typed: str) -> bool:
        self._committing = True
        try:
            record = self._floor.commit(raw)  # the widgets follow through the view
        except Exception as error:  # noqa: BLE001 - said on the line (and logged): never a crash
            self._not_recorded(error, typed)
            return False
        finally:
            self._committing = False
        self._recorded(record)
        return True

    def _not_recorded(self, error: Exception, typed: str) -> None:
        """The rules refused it, another podium was first, or the journal did not take it:
        said on the message line, the typed line kept for ⏎ again."""
        if isinstance(error, Refusal):
            self._refuse(error, keep=typed)
            return
        if isinstance(error, RoomChanged) and self.question is None:
            # what the room now says, previewed again: the next ⏎ records that
            self.input.value = typed
            self.input.cursor_position = len(typed)
            self._show_preview(typed)
            why = room_changed_line(error, self.lang)
            self._say(Text("✗ " + safe_text(why) + "\n" + self.message), base=False)
            return
        if not isinstance(error, (TableChanged, RoomChanged)):  # storage trouble: logged
            log.error("hand entry: not recorded", exc_info=error)
        self.refuse_text(not_recorded(error, self.lang), keep=typed)

    def _recorded(self, record: Any) -> None:
        self._reset()
        seq = getattr(record, "seq", "?")
        self._say(tr(RECORDED, self.lang, seq=seq) + "  " + self._hint())
        state = self._floor.state
        self._recorded_at = (state.events, state.hands)
        self.post_message(self.Recorded(record))

    def action_cancel(self) -> None:
        if self.question is not None:
            typed = self._typed
            self._reset()
            self.input.value = typed
            self.input.cursor_position = len(typed)
        else:
            self._reset()
            self.input.value = ""
        self._say(self._hint())

    # -- internals -------------------------------------------------------------------
    async def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.enter_text(event.value, off_the_loop=True)
        landed, self._saving = self._saving, None
        if landed is not None:  # a slow journal: the next message waits for its answer
            await landed.wait()

    def _reset(self) -> None:
        self.question = None
        self._draft = None
        self.set_class(False, "-question")
        self.set_class(False, "-refused")
        self._update_prompt()
        self.input.value = ""

    def _update_prompt(self) -> None:
        kind = self.question.kind if self.question is not None else "winner"
        prompt = pick(PROMPTS, kind, self.lang)
        if prompt != self._prompt:  # the prompt's width sets the input's
            self._prompt = prompt
            update_static(self.query_one("#entry-prompt", Static), prompt)

    def _say(self, text: str | Text, base: bool = True) -> None:
        """Show ``text`` on the message line; ``base``: it is what the line returns to when
        the preview is empty (a hint, a question, "Recorded #n", a refusal)."""
        if base:
            self._base = text
            self._shown = None
        self.message = text.plain if isinstance(text, Text) else text
        update_static(self.query_one("#entry-message", Static), text)

    def _say_question(self, q: Question) -> None:
        text = Text(safe_text(q.text(self.lang)))
        for cid in q.cites:
            text.append(
                f"  [{cid}] {catalogue.title(cid, self.lang) if cid in catalogue.CLAUSES else ''}"
            )
        text.append("  · " + tr("Esc cancels", self.lang), style="dim")
        self._say(text)

    def _refuse(self, refusal: Refusal, keep: str) -> None:
        text = Text(f"✗ {tr(REFUSED, self.lang)}: " + safe_text(refusal.text(self.lang)))
        for cid in refusal.cites:
            title = catalogue.title(cid, self.lang) if cid in catalogue.CLAUSES else ""
            text.append(f"  [{cid}] {title}")
        self._show_refused(text, keep)
        self.post_message(self.Refused(refusal))

    def refuse_text(self, message: str, keep: str) -> None:
        """Show a refusal that is not the rules' (unreadable input, storage trouble)."""
        self._show_refused(Text("✗ " + safe_text(message)), keep)

    def _show_refused(self, text: Text, keep: str) -> None:
        was_question = self.question is not None
        self.question = None
        self._draft = None
        self.set_class(False, "-question")
        self.set_class(True, "-refused")
        self._update_prompt()
        self._say(text)
        # keep what was typed: the original line (an unreadable answer puts the line back)
        value = self._typed if was_question and self._typed else keep
        self.input.value = value
        self.input.cursor_position = len(value)


def preview_text(shown: Preview, lang: str = "en") -> str:
    """The preview line in ``lang``: "⏎ records: hand: winner 3 → Cy won …" (plain text)."""
    from floorkill.event_words import event_words
    from floorkill.floor.wording import floor_text

    if shown.outcome == RECORDS and shown.raw is not None:
        decided = "; ".join(d.text(lang) for d in shown.decisions) or floor_text(
            "nothing-decided", lang
        )
        return safe_text(
            tr(PREVIEW_RECORDS, lang, what=event_words(shown.raw, lang), decided=decided)
        )
    if shown.outcome == ASKS and shown.question is not None:
        return safe_text(tr(PREVIEW_ASKS, lang, question=shown.question.text(lang)))
    if shown.outcome == REFUSES and shown.refusal is not None:
        return safe_text(tr(PREVIEW_REFUSED, lang, reason=shown.refusal.text(lang)))
    if shown.outcome == UNREAD and isinstance(shown.error, EntryError):
        return "✗ " + safe_text(shown.error.text(lang))
    return ""


def not_recorded(exc: Exception, lang: str | None = None) -> str:
    """One line for an entry the journal did not take (kept on the line for a retry)."""
    from floorkill.store.errors import JournalBusy, JournalError, JournalUnavailable

    if isinstance(exc, TableChanged):
        return exc.text(lang)
    if isinstance(exc, RoomChanged):
        return room_changed_line(exc, lang)
    # the journal away or busy: said in the screen's language (the details go to the log)
    if isinstance(exc, JournalUnavailable):
        return tr(
            "not recorded: the journal cannot be reached — the entry is kept; "
            "⏎ again once it is back",
            lang,
        )
    if isinstance(exc, JournalBusy):
        return tr("not recorded: the journal is busy — the entry is kept; ⏎ again", lang)
    if isinstance(exc, JournalError):
        return tr("not recorded: {reason}", lang, reason=exc.text(lang))
    return tr("not recorded: {reason}", lang, reason=f"{type(exc).__name__}: {exc}")

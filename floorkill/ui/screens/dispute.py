"""The dispute view: step a table back to any record and see it as it stood then.

Pushed over the podium (F12, or the command palette; from the history, F12 or Enter
opens it at the record under the cursor). It shows the seating diagram, the status line (kill
button, limits, barred players) and the rules panel exactly as they stood right after
the chosen record, with who entered it and when; a record undone later says so (when, by
whom, why), and a void names what it undid. ←/→ step a record, [ / ] (Ctrl+←/→) a hand,
Home/End the first/last record, / filters the history by player or decision
("ann won", "kill", "barred ann"); Esc returns to the live table, which this screen
never touches.

Nothing here decides a rule or writes: the states come from
:mod:`floorkill.report.rewind` (the store's snapshots + tail, through a read-only
connection), drawn with the podium's own read-only widgets.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from floorkill.event_words import event_words
from floorkill.floor.text_tables import pick
from floorkill.i18n import N_, NC_, ntr, tr
from floorkill.log import log
from floorkill.report.rewind import Moment, Rewind, open_rewind
from floorkill.rules import Refusal
from floorkill.rules.names import safe_text
from floorkill.store.errors import JournalError
from floorkill.store.session import Record, TableSession

from ..widgets.history_view import HistoryView
from ..widgets.key_line import KeyLine
from ..widgets.rules_panel import RulesPanel
from ..widgets.seating import Seating
from ..widgets.status_line import StatusLine
from .language import LANGUAGE_KEY, Speaks
from .side_screen import OpensAtOnce

DISPUTE_TEXT: dict[str, str | tuple[str, str]] = {  # key -> message id (or (context, id))
    "title": N_("DISPUTE"),
    "start": N_("before the first record"),
    "at": N_("after record #{seq} of {total} · hand {hand} played"),
    "entered": N_("entered by {who} at {at}"),
    "nobody": NC_("dispute", "(not named)"),
    "live-note": N_("the live table is untouched · Esc: back to live"),
    "voided": N_("UNDONE later by #{seq} ({who}, {at}): {reason}"),
    "void": N_("this record undid #{target} ({what}): {reason}"),
    "corrected-by": N_("ENTERED: {was}  │  CORRECTED by #{seq} ({who}, {at}): {now}{why}"),
    "corrects": N_("this record corrected #{target}: {was} → {now}{why}"),
    "struck": NC_("dispute", "struck"),
    "filter": N_("filter: player and/or decision — ann won · kill · barred"),
    "matches": N_("{n} of {total} records match"),
    "history": N_("Records (←/→ record · [ ] hand · / filter)"),
    "refused": N_("this record no longer applies under the current rules: {text}"),
    "unreadable": N_("the journal cannot be read just now — press the key again: {error}"),
}


def dtext(key: str, lang: str, **params: Any) -> str:
    return pick(DISPUTE_TEXT, key, lang, **params)


def when(at: str) -> str:
    """A journal time (UTC) as ``2026-11-30 21:04:07 UTC``."""
    return f"{at[:10]} {at[11:19]} UTC" if len(at) >= 19 else at


class _Listing:
    """The records the history shows: all of them, or those matching the filter. A page
    the journal cannot give just now is drawn empty (``missed`` says so: the screen reads
    it again once a step reads the journal)."""

    def __init__(self, records: Sequence[Record] | None, rewind: Rewind) -> None:
        self._records = records
        self._rewind = rewind
        self.seqs = [record.seq for record in records] if records is not None else None
        self.missed = False

    def __len__(self) -> int:
        return len(self._records) if self._records is not None else len(self._rewind)

    def records(self, start: int = 0, stop: int | None = None) -> Sequence[Record]:
        if self._records is None:
            try:
                return self._rewind.records(start, stop)
            except JournalError:
                self.missed = True
                return []
        return self._records[start:stop]

    def index_of(self, seq: int) -> int:
        """The list index of record ``seq`` (the nearest at or before it when filtered; -1)."""
        if self.seqs is None:
            return seq - 1
        index = bisect.bisect_right(self.seqs, seq) - 1
        return index


class DisputeScreen(OpensAtOnce, Speaks, Screen[None], inherit_bindings=False):
    """A table at any record; the live table stays as it is."""

    DEFAULT_CSS = """
    DisputeScreen { layout: vertical; }
    #dispute-banner { height: auto; padding: 0 1; background: $warning 35%; color: $foreground; }
    #dispute-main { height: 1fr; }
    #dispute-seating { width: 1fr; height: 1fr; }
    #dispute-side { width: 54; height: 1fr; }
    DisputeScreen.-narrow #dispute-side { width: 42; }
    DisputeScreen.-narrow #dispute-filter { height: 1; border: none; padding: 0 1; }
    #dispute-side RulesPanel { height: 1fr; }
    #dispute-side HistoryView { height: 1fr; }
    #dispute-filter { height: 3; }
    """
    # the stepping keys win over the focused history (its Home is record 1, ours the
    # table before it) but not over the filter box, where they edit the text
    BINDINGS = [
        Binding("escape", "live", NC_("key", "Live"), id="dispute.live"),
        Binding("left", "step(-1)", NC_("key", "◀ Record"), priority=True, id="dispute.back"),
        Binding("right", "step(1)", NC_("key", "Record ▶"), priority=True, id="dispute.forward"),
        Binding(
            "left_square_bracket,ctrl+left",
            "hand(-1)",
            NC_("key", "◀ Hand"),
            priority=True,
            id="dispute.hand_back",
        ),
        Binding(
            "right_square_bracket,ctrl+right",
            "hand(1)",
            NC_("key", "Hand ▶"),
            priority=True,
            id="dispute.hand_forward",
        ),
        Binding(
            "home", "first", NC_("key", "First"), show=False, priority=True, id="dispute.first"
        ),
        Binding("end", "last", NC_("key", "Last"), show=False, priority=True, id="dispute.last"),
        Binding("slash,ctrl+f", "filter", NC_("key", "Filter"), id="dispute.filter"),
        Binding("f3", "language", LANGUAGE_KEY, id="dispute.language"),
        Binding("tab", "app.focus_next", "Focus next", show=False, id="dispute.focus_next"),
        Binding(
            "shift+tab",
            "app.focus_previous",
            "Focus previous",
            show=False,
            id="dispute.focus_previous",
        ),
    ]
    STEP_ACTIONS = frozenset({"step", "hand", "first", "last"})
    # the focus is given on mount (the history, else the seats): Textual's default ("*")
    # focused the seats first, and moving it to the history styled the seats twice more
    AUTO_FOCUS = ""

    def __init__(
        self,
        session: TableSession,
        seq: int | None = None,
        *,
        lang: str | None = None,
        rewind: Rewind | None = None,
    ) -> None:
        super().__init__()
        self.rewind = rewind if rewind is not None else open_rewind(session)
        self.lang = lang
        self.seq = self.rewind.total if seq is None else max(0, min(seq, self.rewind.total))
        self.moment: Moment | None = None
        self._listing = _Listing(None, self.rewind)
        self._problem: str | None = None
        self._echo: int | None = None

    # -- layout ----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        moment = self._moment(self.seq)
        yield Static(self._banner(moment), id="dispute-banner", markup=False)
        yield StatusLine(moment.state, id="dispute-status", lang=self.lang)
        with Horizontal(id="dispute-main"):
            yield Seating(moment.state, id="dispute-seating", lang=self.lang)
            with Vertical(id="dispute-side"):
                yield RulesPanel(
                    self.lang, state=moment.state, record=moment.record, id="dispute-rules"
                )
                yield Input(placeholder=dtext("filter", self.lang), id="dispute-filter")
                yield HistoryView(self._listing, self.lang, id="dispute-history")
        yield KeyLine()

    def on_mount(self) -> None:
        history = self.query_one(HistoryView)
        history.border_title = dtext("history", self.lang)
        self._sync_history()  # before the focus: a focused empty cursor jumps to the end
        if history.cursor >= 0:
            history.focus()
        else:
            self.query_one(Seating).focus()

    def on_unmount(self) -> None:
        self.rewind.close()

    # -- the moment --------------------------------------------------------------------
    @property
    def state(self):
        return self.moment.state if self.moment is not None else None

    def _moment(self, seq: int) -> Moment:
        try:
            moment = self.rewind.moment(seq)
            self._problem = None
        except Refusal as refusal:  # a record the current rules no longer accept
            self._problem = dtext("refused", self.lang, text=refusal.text(self.lang))
            moment = self.moment if self.moment is not None else self._fallback()
        except JournalError as exc:  # the server went away, the file is locked
            moment = self.moment if self.moment is not None else self.rewind.blank()
            self._problem = dtext("unreadable", self.lang, error=str(exc))
            self.seq = moment.seq  # the same key tries that step again
        self.moment = moment
        return moment

    def _fallback(self) -> Moment:
        try:
            return self.rewind.moment(0)
        except JournalError:
            return self.rewind.blank()

    def go(self, seq: int) -> None:
        """Show the table as it stood right after record ``seq`` (0: before the first)."""
        seq = max(0, min(seq, self.rewind.total))
        self.seq = seq
        moment = self._moment(seq)
        if self._listing.missed and self._problem is None:  # the journal reads again
            self._listing.missed = False
            self.query_one(HistoryView).set_session(self._listing)
        self.query_one("#dispute-banner", Static).update(self._banner(moment))
        self.query_one(StatusLine).show(moment.state)
        self.query_one(Seating).show(moment.state)
        self.query_one(RulesPanel).show(moment.state, moment.record)
        self._sync_history()

    def _sync_history(self) -> None:
        history = self.query_one(HistoryView)
        index = self._listing.index_of(self.seq) if self.seq > 0 else -1
        if history.cursor != index:
            rec = history.record(index) if index >= 0 else None
            self._echo = rec.seq if rec is not None else None  # our own move, not the user's
            history.cursor = index

    def _banner(self, m: Moment) -> Text:
        lang = self.lang
        text = Text()
        text.append(f" {dtext('title', lang)} ", style="bold reverse")
        text.append(" " + safe_text(self.rewind.name) + " · ", style="bold")
        rec = m.record
        if rec is None:
            text.append(dtext("start", lang))
        else:
            text.append(dtext("at", lang, seq=rec.seq, total=m.total, hand=rec.hand), style="bold")
            text.append(" · " + safe_text(event_words(rec.event, lang) + self._winner_names(m)))
            text.append(
                "\n"
                + safe_text(
                    dtext("entered", lang, who=rec.who or dtext("nobody", lang), at=when(rec.at))
                )
            )
        text.append(" · " + dtext("live-note", lang), style="italic")
        if rec is not None and rec.type == "void" and m.target is not None:
            text.append(
                "\n"
                + safe_text(
                    dtext(
                        "void",
                        lang,
                        target=m.target.seq,
                        what=event_words(m.target.event, lang),
                        reason=rec.event.get("reason", ""),
                    )
                ),
                style="bold",
            )
        if rec is not None:
            for line in self._correction_lines(rec):
                text.append("\n" + safe_text(line), style="bold")
        if m.voided_by is not None:
            void = m.voided_by
            text.append(
                "\n"
                + safe_text(
                    dtext(
                        "voided",
                        lang,
                        seq=void.seq,
                        who=void.who or dtext("nobody", lang),
                        at=when(void.at),
                        reason=void.event.get("reason", ""),
                    )
                ),
                style="bold",
            )
        if self._problem:
            text.append("\n" + safe_text(self._problem), style="bold")
        return text

    def _corrections(self) -> dict[int, list[Record]]:
        """{record: its live corrections, oldest first} (a correction of a correction
        counts for the record it corrects in the end)."""
        found = getattr(self, "_fixes", None)
        if found is None:
            found = {}
            origin: dict[int, int] = {}
            try:
                records = self.rewind.all_records()
            except JournalError:
                return {}
            for record in records:
                if record.type == "correct" and not record.voided:
                    named: Any = record.event.get("record")
                    original = origin.get(named, named)
                    origin[record.seq] = original
                    found.setdefault(original, []).append(record)
            self._fixes = found
        return found

    def _correction_lines(self, rec: Record) -> list[str]:
        """The original and its correction side by side (or, at a correction, what it
        replaced)."""
        lang = self.lang

        def words(ev) -> str:
            return event_words(ev, lang) if isinstance(ev, dict) else dtext("struck", lang)

        def why(r: Record) -> str:
            reason = r.event.get("reason")
            return f" · {reason}" if reason else ""

        fixes = self._corrections()
        if rec.type == "correct":
            original = next(
                (
                    target
                    for target, rs in fixes.items()
                    if any(correction.seq == rec.seq for correction in rs)
                ),
                None,
            )
            if original is None:
                return []
            chain = fixes[original]
            place = next(
                index for index, correction in enumerate(chain) if correction.seq == rec.seq
            )
            if place:
                was: object = chain[place - 1].event.get("event")
            else:
                first = self.rewind.record(original)
                assert first is not None  # a correction names a record of the table
                was = first.event
            return [
                dtext(
                    "corrects",
                    lang,
                    target=original,
                    was=words(was),
                    now=words(rec.event.get("event")),
                    why=why(rec),
                )
            ]
        out = []
        was = rec.event
        for fix in fixes.get(rec.seq, ()):
            out.append(
                dtext(
                    "corrected-by",
                    lang,
                    was=words(was),
                    seq=fix.seq,
                    who=fix.who or dtext("nobody", lang),
                    at=when(fix.at),
                    now=words(fix.event.get("event")),
                    why=why(fix),
                )
            )
            was = fix.event.get("event")
        return out

    @staticmethod
    def _winner_names(m: Moment) -> str:
        """ " (Ann, Cy)": who won the hand of this record (nobody leaves the table in a hand,
        so the state after it still seats them)."""
        rec = m.record
        if rec is None or rec.type != "hand" or rec.result is None:
            return ""
        high, low, _scoop = rec.result
        names = []
        for seat in (*high, *low):
            player = m.state.player(seat)
            if player is not None and player.name not in names:
                names.append(player.name)
        return f" ({', '.join(names)})" if names else ""

    # -- keys -----------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.STEP_ACTIONS and isinstance(self.focused, Input):
            return False  # the key goes on to the filter box
        return True

    def action_live(self) -> None:
        self.dismiss(None)

    def action_step(self, step: int) -> None:
        listing = self._listing
        if listing.seqs is None:
            self.go(self.seq + step)
            return
        seqs = listing.seqs  # filtered: step through the matches
        if step > 0:
            index = bisect.bisect_right(seqs, self.seq)
            if index < len(seqs):
                self.go(seqs[index])
        else:
            index = bisect.bisect_left(seqs, self.seq) - 1
            if index >= 0:
                self.go(seqs[index])

    def action_hand(self, step: int) -> None:
        try:
            seq = self.rewind.hand_step(self.seq, step > 0)
        except JournalError as exc:
            self._problem = dtext("unreadable", self.lang, error=str(exc))
            assert self.moment is not None  # shown since the screen mounted
            self.query_one("#dispute-banner", Static).update(self._banner(self.moment))
            return
        self.go(seq)

    def action_first(self) -> None:
        self.go(0)

    def action_last(self) -> None:
        self.go(self.rewind.total)

    def action_filter(self) -> None:
        self.query_one("#dispute-filter", Input).focus()

    def speak(self) -> None:
        """F3 (:class:`Speaks`): every panel in the new language."""
        self.query_one(StatusLine).set_lang(self.lang)
        self.query_one(Seating).set_lang(self.lang)
        self.query_one(RulesPanel).set_lang(self.lang)
        self.query_one(HistoryView).set_lang(self.lang)
        self.query_one(HistoryView).border_title = dtext("history", self.lang)
        self.query_one("#dispute-filter", Input).placeholder = dtext("filter", self.lang)
        self.go(self.seq)

    def set_filter(self, query: str) -> None:
        """Show only the records matching ``query`` (empty: all)."""
        query = query.strip()
        try:
            records = self.rewind.matching(query) if query else None
        except JournalError as exc:
            self._problem = dtext("unreadable", self.lang, error=str(exc))
            assert self.moment is not None  # shown since the screen mounted
            self.query_one("#dispute-banner", Static).update(self._banner(self.moment))
            return
        self._listing = _Listing(records, self.rewind)
        history = self.query_one(HistoryView)
        history.set_session(self._listing)
        if records is not None:
            history.border_title = dtext(
                "matches", self.lang, n=len(records), total=self.rewind.total
            )
            if records and self.seq not in (self._listing.seqs or ()):
                self.go(records[0].seq)
                return
        else:
            history.border_title = dtext("history", self.lang)
        self._sync_history()

    # -- messages -------------------------------------------------------------------
    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.set_filter(event.value)
        self.query_one(HistoryView).focus()

    def on_history_view_record_highlighted(self, message: HistoryView.RecordHighlighted) -> None:
        message.stop()  # the podium's live rules panel must not follow
        echo, self._echo = self._echo, None
        if message.record.seq == echo:
            return  # the cursor followed a step (filtered: nearest match)
        if message.record.seq != self.seq:
            self.go(message.record.seq)

    def on_history_view_record_chosen(self, message: HistoryView.RecordChosen) -> None:
        message.stop()  # Enter here: that record (already shown)
        self.go(message.record.seq)

    def on_seating_seat_chosen(self, message: Seating.SeatChosen) -> None:
        message.stop()  # no seat acts on the live table from here


def open_dispute(app, seq: int | None = None) -> None:
    """The podium's action: the current table at record ``seq`` (Enter in the history),
    else at the record under the history cursor (when the history has the focus), else at
    its last record."""
    if seq is None:
        try:
            history = app.podium.query_one(HistoryView)
            if history.has_focus and history.cursor >= 0:
                rec = history.record(history.cursor)
                seq = rec.seq if rec is not None else None
        except Exception:
            log.debug("dispute: no record under the history cursor", exc_info=True)
            seq = None
    session, lang = app.session, getattr(app, "lang", None)

    def opened(rewind: Rewind) -> None:
        app.push_screen(DisputeScreen(session, seq, lang=lang, rewind=rewind))

    read_then = getattr(app, "read_then", None)
    if read_then is None:
        opened(open_rewind(session))
        return
    read_then(lambda: open_rewind(session), opened, "dispute")  # off the loop, once slow


def podium_report(app) -> None:
    """The podium's action: the shift report of every table over the last 24 hours, written
    next to the journal (or to the user data folder for tables kept in memory); a notice
    names the file."""
    lang = getattr(app, "lang", None)
    app.notify(
        tr("writing the shift report…", lang),
        title=tr("Shift report", lang),
        timeout=3,
        markup=False,
    )
    app.run_worker(
        lambda: _report_in_thread(app, lang), thread=True, group="report", exit_on_error=False
    )


def _report_in_thread(app, lang) -> None:
    """The report is read and written off the event loop; its notice is said on it."""
    from floorkill.report.podium import report_for_podium

    try:
        done: object = report_for_podium(app.session, app.tables, lang)
    except Exception as exc:  # noqa: BLE001 - logged, and said in a notice
        log.exception("writing the shift report")
        done = exc
    try:
        app.call_from_thread(_report_written, app, lang, done)
    except RuntimeError:
        pass  # the app has stopped meanwhile


def _report_written(app, lang, done) -> None:
    if isinstance(done, Exception):
        exc = done
        app.notify(
            safe_text(
                tr("report not written: {error}", lang, error=f"{type(exc).__name__}: {exc}")
            ),
            title=tr("Shift report", lang),
            severity="error",
            timeout=10,
            markup=False,
        )
        return
    path, room = done
    if room.head_hash:  # a journal's report: its seal recorded
        # at every open table (a write: "saving…" while the journal is slow), then said
        def unsealed(exc: Exception) -> None:  # the report stands; the seal is said missing
            log.error("recording the shift's seal", exc_info=exc)
            app.notify(
                tr("the seal was not recorded in the journal", lang),
                title=tr("Shift report", lang),
                severity="warning",
                timeout=10,
                markup=False,
            )
            _report_said(app, lang, path, room)

        app.journal_work.save(
            lambda: app.floor.seal(room.seal, path.name),
            lambda _records: _report_said(app, lang, path, room),
            unsealed,
        )
        return
    _report_said(app, lang, path, room)


def _report_said(app, lang, path, room) -> None:
    counts = ", ".join(
        (
            ntr("{n} table", "{n} tables", len(room.tables), lang),
            ntr("{n} hand", "{n} hands", room.total("hands"), lang),
            ntr("{n} kill pot", "{n} kill pots", room.total("kill_pots"), lang),
        )
    )
    app.notify(
        safe_text(
            tr("{path} — {counts}; seal {seal}", lang, path=path, counts=counts, seal=room.seal)
        ),
        title=tr("Shift report written", lang),
        timeout=12,
        markup=False,
    )

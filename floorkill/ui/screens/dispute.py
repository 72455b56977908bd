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
connection), drawn with the podium's own read-only widgets. Every read of the journal —
the moment a key steps to, the history's pages, the filter's matches, the corrections — is
made in the podium's journal work (:mod:`floorkill.ui.podium.journal_work`: off the event
loop once the journal is slow), never while the screen is drawn.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from floorkill.event_words import event_words
from floorkill.floor.text_tables import pick
from floorkill.i18n import N_, NC_, error_text, ntr, tr
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

T = TypeVar("T")

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
    not read yet is read by the history in the podium's journal work (a page the journal
    cannot give just now stays blank there and is asked for again)."""

    def __init__(self, records: Sequence[Record] | None, rewind: Rewind) -> None:
        self._records = records
        self._rewind = rewind
        self.seqs = [record.seq for record in records] if records is not None else None

    def __len__(self) -> int:
        return len(self._records) if self._records is not None else len(self._rewind)

    def records(self, start: int = 0, stop: int | None = None) -> Sequence[Record]:
        if self._records is None:
            return self._rewind.records(start, stop)  # (in the journal work)
        return self._records[start:stop]

    def index_of(self, seq: int) -> int:
        """The list index of record ``seq`` (the nearest at or before it when filtered; -1)."""
        if self.seqs is None:
            return seq - 1
        index = bisect.bisect_right(self.seqs, seq) - 1
        return index

    def seq_at(self, index: int) -> int:
        """The record number at list index ``index`` (known without reading the journal)."""
        return self.seqs[index] if self.seqs is not None else index + 1


@dataclass(frozen=True)
class Fixes:
    """A table's live corrections: {record: its corrections, oldest first} (a correction of
    a correction counts for the record it corrects in the end), and each corrected record
    as it was first entered."""

    of: dict[int, list[Record]]
    originals: dict[int, Record]


def corrections_of(records: Sequence[Record]) -> Fixes:
    """The live corrections among a table's ``records`` (all of them, in order)."""
    found: dict[int, list[Record]] = {}
    origin: dict[int, int] = {}
    for record in records:
        if record.type == "correct" and not record.voided:
            named: Any = record.event.get("record")
            original = origin.get(named, named)
            origin[record.seq] = original
            found.setdefault(original, []).append(record)
    originals = {
        seq: records[seq - 1] for seq in found if isinstance(seq, int) and 1 <= seq <= len(records)
    }
    return Fixes(found, originals)


@dataclass(frozen=True)
class Seen:
    """What one read of the journal gives the screen: the moment at ``seq`` — or, at a
    record the current rules no longer accept, the moment shown before with the refusal —
    and the table's corrections."""

    seq: int
    moment: Moment
    refusal: Refusal | None
    fixes: Fixes


def read_at(rewind: Rewind, seq: int, shown: Moment | None, fixes: Fixes | None) -> Seen:
    """The journal read of a step (in the podium's journal work): the moment at ``seq``;
    the corrections too while they are not read. Raises JournalError when the journal
    cannot be read just now."""
    seq = max(0, min(seq, rewind.total))
    if fixes is None:
        fixes = corrections_of(rewind.all_records())
    try:
        return Seen(seq, rewind.moment(seq), None, fixes)
    except Refusal as refusal:  # a record the current rules no longer accept
        if shown is None:
            try:
                shown = rewind.moment(0)
            except JournalError:
                shown = rewind.blank()
        return Seen(seq, shown, refusal, fixes)


@dataclass(frozen=True)
class Opening:
    """What the dispute view opens with, read in the journal work: the table frozen at its
    last record, and what it shows first (None with ``error`` when the journal could not be
    read: the view opens before the first record and says so)."""

    rewind: Rewind
    seen: Seen | None
    error: Exception | None = None


def read_opening(session: TableSession, seq: int | None) -> Opening:
    """The dispute view's first read (in the podium's journal work): its own read-only
    connection, the moment at ``seq`` (default: the last record), the corrections."""
    rewind = open_rewind(session)
    try:
        return Opening(rewind, read_at(rewind, rewind.total if seq is None else seq, None, None))
    except JournalError as exc:  # the server went away, the file is locked
        return Opening(rewind, None, exc)
    except BaseException:
        rewind.close()
        raise


class DisputeScreen(OpensAtOnce, Speaks, Screen[None], inherit_bindings=False):
    """A table at any record; the live table stays as it is.

    Every read of the journal is made in the podium's journal work (off the event loop once
    the journal is slow): the keys typed meanwhile wait and then go in order, the screen
    paints, and after half a second the banner says it is reading. A read the journal
    cannot give just now is said on the banner; the same key tries again."""

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

    def __init__(self, opening: Opening, *, lang: str | None = None) -> None:
        super().__init__()
        self.rewind = opening.rewind
        self.lang = lang
        # why the view is not where a key asked: a Refusal, or the read that failed
        self._problem: Exception | None = None
        self._reading = False  # a read still out after half a second: the banner says so
        self._fixes: Fixes | None = None
        seen = opening.seen
        if seen is None:  # nothing could be read: before the first record, and why
            self.seq = 0
            self.moment: Moment = self.rewind.blank()
            self._problem = opening.error or JournalError()
        else:
            self.seq, self.moment = seen.seq, seen.moment
            self._fixes = seen.fixes
            self._problem = seen.refusal
        self._listing = _Listing(None, self.rewind)
        self._placed = -1  # where the view put the history's cursor (its own move)

    # -- layout ----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        moment = self.moment
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
        """Its read-only connection is closed after the reads already asked of it."""
        rewind = self.rewind
        work = getattr(self.app, "journal_work", None)
        if work is None:
            rewind.close()
            return
        work.read(
            rewind.close,
            lambda _closed: None,
            lambda exc: log.warning("dispute: closing its journal reader", exc_info=exc),
            hold_keys=False,
        )

    # -- reading the journal -------------------------------------------------------------
    @property
    def state(self):
        return self.moment.state

    def _read(self, read: Callable[[], T], done: Callable[[T], Any]) -> None:
        """``read`` (of :attr:`rewind`) in the podium's journal work, then ``done(value)``
        on the event loop; a read the journal cannot give just now is said on the banner."""
        work = getattr(self.app, "journal_work", None)
        if work is None:  # (an app without a journal thread: read here)
            try:
                value = read()
            except Exception as exc:  # noqa: BLE001 - said on the banner and logged
                self._not_read(exc)
                return
            done(value)
            return

        def landed(value: T) -> None:
            if self.is_attached:  # (else the view was left meanwhile: nothing to show)
                done(value)

        work.read(read, landed, self._not_read, slow=self._slow)

    def _slow(self) -> Callable[[], None]:
        """The read goes on: the banner says the journal is being read until it is done."""
        self._reading = True
        self._redraw_banner()

        def done() -> None:
            self._reading = False
            self._redraw_banner()

        return done

    def _not_read(self, exc: Exception) -> None:
        if isinstance(exc, JournalError):
            log.warning("dispute: the journal cannot be read just now", exc_info=exc)
        else:
            log.error("dispute: reading the journal", exc_info=exc)
        self._problem = exc  # the same key tries that step again
        self._redraw_banner()

    def _problem_said(self) -> str:
        """Why the view is not where the key asked, in the screen's language."""
        problem = self._problem
        if isinstance(problem, Refusal):
            return dtext("refused", self.lang, text=problem.text(self.lang))
        if isinstance(problem, JournalError) and problem.phrase is not None:
            said = problem.text(self.lang)
        else:  # (the database's own words, in English, are in the log)
            said = type(problem).__name__
        return dtext("unreadable", self.lang, error=said)

    def _redraw_banner(self) -> None:
        if self.is_attached:
            self.query_one("#dispute-banner", Static).update(self._banner(self.moment))

    # -- the moment --------------------------------------------------------------------
    def go(self, seq: int) -> None:
        """Show the table as it stood right after record ``seq`` (0: before the first),
        once it is read."""
        rewind, shown, fixes = self.rewind, self.moment, self._fixes
        self._read(lambda: read_at(rewind, seq, shown, fixes), self._show)

    def _show(self, seen: Seen) -> None:
        self.seq, self.moment, self._fixes = seen.seq, seen.moment, seen.fixes
        self._problem = seen.refusal
        self._draw()

    def _draw(self) -> None:
        moment = self.moment
        self.query_one("#dispute-banner", Static).update(self._banner(moment))
        self.query_one(StatusLine).show(moment.state)
        self.query_one(Seating).show(moment.state)
        self.query_one(RulesPanel).show(moment.state, moment.record)
        self._sync_history()

    def _sync_history(self) -> None:
        history = self.query_one(HistoryView)
        index = self._listing.index_of(self.seq) if self.seq > 0 else -1
        self._placed = index  # the cursor follows the view: not a move of the user's
        if history.cursor != index:
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
        if self._problem is not None:
            text.append("\n" + safe_text(self._problem_said()), style="bold")
        if self._reading:
            text.append("\n" + tr("Reading the journal…", lang), style="italic")
        return text

    def _correction_lines(self, rec: Record) -> list[str]:
        """The original and its correction side by side (or, at a correction, what it
        replaced) — from the corrections read with the moments (none while unread)."""
        lang = self.lang
        if self._fixes is None:
            return []
        fixes, originals = self._fixes.of, self._fixes.originals

        def words(ev) -> str:
            return event_words(ev, lang) if isinstance(ev, dict) else dtext("struck", lang)

        def why(r: Record) -> str:
            reason = r.event.get("reason")
            return f" · {reason}" if reason else ""

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
                first = originals.get(original)
                if first is None:  # a correction names a record of the table
                    return []
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
        rewind, seq, shown, fixes = self.rewind, self.seq, self.moment, self._fixes

        def read() -> Seen:
            return read_at(rewind, rewind.hand_step(seq, step > 0), shown, fixes)

        self._read(read, self._show)

    def action_first(self) -> None:
        self.go(0)

    def action_last(self) -> None:
        self.go(self.rewind.total)

    def action_filter(self) -> None:
        self.query_one("#dispute-filter", Input).focus()

    def speak(self) -> None:
        """F3 (:class:`Speaks`): every panel in the new language (nothing read again)."""
        self.query_one(StatusLine).set_lang(self.lang)
        self.query_one(Seating).set_lang(self.lang)
        self.query_one(RulesPanel).set_lang(self.lang)
        history = self.query_one(HistoryView)
        history.set_lang(self.lang)
        self._title_history()
        self.query_one("#dispute-filter", Input).placeholder = dtext("filter", self.lang)
        self._draw()

    def set_filter(self, query: str) -> None:
        """Show only the records matching ``query`` (empty: all), once they are read."""
        query = query.strip()
        if not query:
            self._filtered(None)
            return
        rewind = self.rewind
        self._read(lambda: rewind.matching(query), self._filtered)

    def _filtered(self, records: list[Record] | None) -> None:
        self._listing = _Listing(records, self.rewind)
        self.query_one(HistoryView).set_session(self._listing)
        self._title_history()
        if records and self.seq not in (self._listing.seqs or ()):
            self.go(records[0].seq)
            return
        self._sync_history()

    def _title_history(self) -> None:
        seqs = self._listing.seqs
        self.query_one(HistoryView).border_title = (
            dtext("history", self.lang)
            if seqs is None
            else dtext("matches", self.lang, n=len(seqs), total=self.rewind.total)
        )

    # -- messages -------------------------------------------------------------------
    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.set_filter(event.value)
        self.query_one(HistoryView).focus()

    def on_history_view_record_highlighted(self, message: HistoryView.RecordHighlighted) -> None:
        message.stop()  # the podium's live rules panel must not follow
        index = self.query_one(HistoryView).cursor
        if index < 0 or index == self._placed or self._listing.seq_at(index) != message.record.seq:
            # the cursor followed a step (filtered: the nearest match), or the message is
            # of a record it has left since (its page was read meanwhile)
            return
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
                seq = history.cursor + 1  # (the podium's history lists every record)
        except Exception:
            log.debug("dispute: no record under the history cursor", exc_info=True)
            seq = None
    session, lang = app.session, getattr(app, "lang", None)

    def opened(opening: Opening) -> None:
        app.push_screen(DisputeScreen(opening, lang=lang))

    read_then = getattr(app, "read_then", None)
    if read_then is None:
        opened(read_opening(session, seq))
        return
    read_then(lambda: read_opening(session, seq), opened, "dispute")  # off the loop, once slow


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
            safe_text(tr("report not written: {error}", lang, error=error_text(exc, lang))),
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

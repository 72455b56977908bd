"""The podium's entry flow: events tried, asked about, committed or undone — always
through the floor controller (:class:`floorkill.floor.Floor`), never a session directly."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from floorkill.event_words import record_words
from floorkill.floor.typed_entry import EntryError, showdown_event
from floorkill.floor.wording import decision_lines, floor_text, refusal_line
from floorkill.i18n import tr
from floorkill.log import log
from floorkill.rules import Refusal, TableState
from floorkill.rules.names import safe_text
from floorkill.rules.preview import Preview
from floorkill.store.errors import RoomChanged
from floorkill.store.session import Record, TableSession

from ..screens.ask_modal import AskModal
from ..screens.undo_and_showdown import ShowdownModal, UndoModal
from ..widgets.hand_entry import PREVIEW_CHANGED, HandEntry, not_recorded
from ..widgets.rules_panel import RulesPanel
from .host import PodiumHost

T = TypeVar("T")


class EntryActions(PodiumHost):
    """Mixin of :class:`PodiumApp`: undo, showdown, and the player-event flow."""

    def action_undo(self) -> None:
        seen = len(self.floor.session)  # the undo must hit what is on the screen
        floor, session = self.floor, self.floor.session
        self.read_then(
            lambda: floor.last_undoable(session), lambda rec: self._ask_undo(rec, seen), "undo"
        )

    def _ask_undo(self, record: Record | None, seen: int) -> None:
        if record is None:
            self.notify(tr("Nothing to undo.", self.lang), markup=False)
            return

        def done(reason: str | None) -> None:
            if not reason:
                return
            self.journal_work.save(
                lambda: self.floor.undo(record.seq, reason, seen=seen), undone, not_undone
            )

        def undone(_void: Record) -> None:
            self.notify(tr("Record #{seq} undone.", self.lang, seq=record.seq), markup=False)

        def not_undone(exc: Exception) -> None:
            if isinstance(exc, Refusal):
                self.notify(
                    safe_text(exc.text(self.lang)),
                    title=tr("Undo refused", self.lang),
                    severity="error",
                    markup=False,
                )
                return
            # the table moved on, or the journal is away
            log.error("podium: undo not recorded", exc_info=exc)
            self.report_not_recorded(exc, tr("Undo refused", self.lang))

        self.push_screen(UndoModal(record, self.lang), done)

    # -- corrections ------------------------------------------------------------------
    def action_correct(self) -> None:
        """Ctrl+Y: which of the last hands to correct (one digit), then the form."""
        from ..screens.correct_form import recent_hands

        session = self.session
        self.read_then(lambda: recent_hands(session), self._pick_hand, "correct")

    def _pick_hand(self, hands: list[Record]) -> None:
        from ..screens.correct_form import PickRecordModal

        if not hands:
            self.notify(tr("No hand to correct.", self.lang), markup=False)
            return

        def picked(record: Record | None) -> None:
            if record is not None:
                self.correct_record(record)

        self.push_screen(PickRecordModal(hands, self.lang), picked)

    def correct_record(self, record: Record) -> None:
        """The correction form for ``record``, opened once the table's records are read (in
        the journal work: the keys typed meanwhile wait for the form); what it returns is
        recorded through the floor."""
        from ..screens.correct_form import CorrectModal, change_lines

        if record.type == "void":
            self.notify(
                tr("An undo is not corrected: enter the event again.", self.lang), markup=False
            )
            return
        who = getattr(getattr(self.session, "journal", None), "floorperson", None) or getattr(
            self.session, "who", None
        )

        def done(result: dict | None) -> None:
            if result is None:
                return
            self.journal_work.save(
                lambda: self.floor.correct(
                    result["record"],
                    result["event"],
                    settle=result["settle"],
                    reason=result["reason"],
                    seen=result["seen"],
                    answers=result.get("answers", ()),
                ),
                corrected,
                not_corrected,
            )

        def corrected(rec: Record) -> None:
            lines = [
                tr("Record #{seq} corrected.", self.lang, seq=rec.event.get("record")),
                *change_lines(rec.decisions[1:], self.lang),  # a name's fix: one line
            ]
            self.notify("\n".join(safe_text(x) for x in lines), timeout=8, markup=False)

        def not_corrected(exc: Exception) -> None:
            if isinstance(exc, Refusal):
                self.report_refusal(exc, title=tr("Correction refused", self.lang))
                return
            # the table moved on, or the journal is away
            log.error("podium: correction not recorded", exc_info=exc)
            self.report_not_recorded(exc, tr("Correction refused", self.lang))

        floor, session = self.floor, self.session

        def opened(history) -> None:  # the table's records, read in the journal work
            self.push_screen(CorrectModal(floor, record, self.lang, who, history), done)

        self.read_then(lambda: floor.history(session), opened, "correct")

    def action_showdown(self) -> None:
        def preview(raw: dict):
            return self.floor.preview(raw)

        # Always an empty form: cards left from another table or an earlier submit could
        # change a winner.
        modal = ShowdownModal(self.floor.state, lang=self.lang, preview=preview)

        def moved(_change) -> None:  # the preview follows the table while the form is open
            modal.refresh_preview()

        def done(values: dict | None) -> None:
            self.floor.unwatch(moved)
            entry = self.podium.query_one(HandEntry)
            if values is None:
                entry.focus_input()
                return
            try:
                raw = showdown_event(values.get("board", ""), values.get("hands", {}))
            except EntryError as exc:
                entry.refuse_text(exc.text(self.lang), keep="")
                return
            if modal.shown is not None and not self.floor.preview(raw).same(modal.shown):
                entry.refuse_text(tr(PREVIEW_CHANGED, self.lang), keep="")
                return
            entry.proceed(raw, typed="", off_the_loop=True)  # (saved in the journal work)
            entry.focus_input()

        self.floor.watch(moved)
        self.push_screen(modal, done)

    # -- player events ---------------------------------------------------------------
    def floor_try(self, raw: Mapping[str, Any]):
        """Try ``raw`` on the current table (pure; raises Refusal)."""
        return self.floor.try_event(raw)

    def report_refusal(self, refusal: Refusal, title: str | None = None) -> None:
        """A refused player event: the reason and its clause in the rules panel and a notice."""
        self.podium.query_one(RulesPanel).show_refusal(refusal)
        self.notify(
            refusal_line(refusal, self.lang),
            title=title or tr("Refused", self.lang),
            severity="error",
            timeout=8,
            markup=False,
        )

    def read_then(self, read: Callable[[], T], then: Callable[[T], Any], what: str) -> None:
        """``read`` (what a key opens a screen with) in the journal work — off the event loop
        once the journal is slow, the keys typed meanwhile kept for that screen — then
        ``then(value)`` on the loop. A journal away or busy is said, never fatal."""

        def failed(exc: Exception) -> None:
            log.error("podium: %s: the journal could not be read", what, exc_info=exc)
            self.notify(
                safe_text(
                    tr(
                        "the journal cannot be read just now — press the key again: {error}",
                        self.lang,
                        error=type(exc).__name__,
                    )
                ),
                severity="error",
                timeout=8,
                markup=False,
            )

        self.journal_work.read(read, then, failed)

    def report_not_recorded(self, exc: Exception, title: str) -> None:
        """An event the journal did not take (the table moved on, the journal is away): why,
        in the screen's language, as a notice; the caller has logged it."""
        self.notify(
            safe_text(not_recorded(exc, self.lang)),
            title=title,
            severity="error",
            timeout=10,
            markup=False,
        )

    def run_event(
        self,
        raw: Mapping[str, Any] | None,
        *,
        session: TableSession | None = None,
        confirm: str | None = None,
        near_asked: bool = False,
        shown: Preview | None = None,
        again: Callable[[], None] | None = None,
    ) -> None:
        """Try ``raw``; ask the question the rules ask (or confirm), then commit it.
        ``shown``: the preview a form showed when Enter closed it — recorded straight away
        only while it is still what the rules say (else the notice says the table moved).
        ``again``: opens that form again as it was typed, when the room moved under the
        write (:meth:`commit`)."""
        if raw is None:
            return
        session = session or self.session
        try:
            applied = self.floor.try_event(raw, session)
            question = self.floor.question(raw, session)
        except Refusal as refusal:
            self.report_refusal(refusal)
            return
        except Exception as exc:  # the journal away (bars at other tables are read there)
            log.exception("podium: the question could not be asked")
            self.report_not_recorded(exc, tr("Not recorded", self.lang))
            return
        if not near_asked:  # "is this …, barred at … for …?"
            from ..screens.room_view import ask_near_match

            if ask_near_match(
                self,
                session,
                raw,
                lambda barred: self.run_event(
                    {**raw, "not_same_as": barred},
                    session=session,
                    confirm=confirm,
                    near_asked=True,
                    again=again,
                ),
            ):
                return
        if question is not None:
            lang = self.lang
            options = [
                (
                    key,
                    floor_text(word, lang),
                    decision_lines(question.consequences(value), lang),
                    value,
                )
                for key, word, value in (("y", "yes", True), ("n", "no", False))
            ]

            def answered(yes: bool | None) -> None:
                if yes is not None:
                    self.commit(question.answered(raw, yes), session, again)

            self.push_screen(
                AskModal(
                    safe_text(session.name),
                    safe_text(question.text(lang)),
                    options,
                    question.cites,
                    lang,
                ),
                answered,
            )
            return
        if confirm is not None:
            lines = decision_lines(applied.decisions, self.lang) or [
                floor_text("nothing-decided", self.lang)
            ]

            def confirmed(yes: bool | None) -> None:
                if yes:
                    self.commit(raw, session, again)

            cites = [c for d in applied.decisions for c in d.cites]
            self.push_screen(
                AskModal(
                    safe_text(session.name),
                    confirm,
                    [("enter", tr("Enter — yes", self.lang), lines, True)],
                    cites,
                    self.lang,
                ),
                confirmed,
            )
            return
        if shown is not None and not self.floor.preview(raw, session).same(shown):
            self.notify(
                tr(PREVIEW_CHANGED, self.lang),
                title=tr("Not recorded", self.lang),
                severity="warning",
                timeout=8,
                markup=False,
            )
            return
        self.commit(raw, session, again)

    def commit(
        self,
        raw: Mapping[str, Any],
        session: TableSession | None = None,
        again: Callable[[], None] | None = None,
    ) -> None:
        """Commit through the floor (:mod:`.journal_work`: "saving…" while the journal is slow);
        then say what was decided (or why not), never crash. The room the screen showed is
        what the journal checks at its head: if another podium changed what the event reads
        of it, nothing is recorded, the notice says what changed and ``again()`` shows the
        form again (its preview worked out on the room as it now is)."""
        session = session or self.session
        before = session.state
        room = self.floor.room_shown()  # what the screen's preview was worked out on
        self.journal_work.save(
            lambda: self.floor.commit(raw, session, room=room),
            lambda record: self._committed(record, session, before),
            lambda exc: self._not_committed(exc, again),
        )

    def _not_committed(self, exc: Exception, again: Callable[[], None] | None = None) -> None:
        if isinstance(exc, Refusal):
            self.report_refusal(exc)
            return
        log.error("podium: event not recorded", exc_info=exc)  # storage trouble: say it
        self.report_not_recorded(exc, tr("Not recorded", self.lang))
        if isinstance(exc, RoomChanged) and again is not None:
            again()

    def _committed(self, record: Record, session: TableSession, before: TableState) -> None:
        """Recorded (durable): back to the entry, and what was decided in a notice."""
        if self.screen is self.podium:  # a seat key's event: back to the entry
            self.action_focus_entry()
        what = record_words(record, self.lang)  # "#5 · hand 5: winner 3"
        seat = record.event.get("seat")
        player = before.player(seat) if record.type != "join" else None
        if player is not None:
            what += f" — {player.name}"
        lines = [what, *decision_lines(record.decisions, self.lang)]
        self.notify(
            "\n".join(safe_text(line) for line in lines),
            title=safe_text(session.name),
            timeout=5,
            markup=False,
        )
        if record.type == "join":
            self._seated_elsewhere(session, record.event["name"])

    def _seated_elsewhere(self, session: TableSession, name: str) -> None:
        """A name that sits at another table too: not a rule, but worth a look (the other
        tables read in the journal work; the keys are not kept for it)."""
        tables = self.tables

        def read() -> list[tuple[str, int]]:
            found = []
            for other in tables.names():
                if other == session.name:
                    continue
                try:
                    seat = tables.get(other).state.seat_of(name)
                except Exception:
                    log.debug("podium: table %s cannot be read", other, exc_info=True)
                    continue
                if seat is not None:
                    found.append((other, seat))
            return found

        def said(found: list[tuple[str, int]]) -> None:
            for other, seat in found:
                self.notify(
                    safe_text(
                        tr(
                            "{name} is also seated at {table}, seat {seat}",
                            self.lang,
                            name=name,
                            table=other,
                            seat=seat,
                        )
                    ),
                    title=tr("Two tables?", self.lang),
                    severity="warning",
                    timeout=8,
                    markup=False,
                )

        def unread(exc: Exception) -> None:
            log.error("podium: the other tables could not be read", exc_info=exc)

        self.journal_work.read(read, said, unread, hold_keys=False)

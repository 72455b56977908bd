"""The correction form: the record as it would have been typed, edited in place, with
every ruling the correction changes listed before Enter records it (rules/corrections.py).

:class:`PickRecordModal` (Ctrl+Y) lists the last hands, one digit each (1 = the last);
:class:`CorrectModal` is the form. It dismisses with what the podium passes to
:meth:`floorkill.floor.Floor.correct` — ``{"record", "event", "settle", "reason"}`` — after
asking the questions the corrected history asks (yes / no, or the pot typed:
:class:`~floorkill.ui.screens.amount_modal.AmountModal`), how to settle each later record
the correction makes impossible, and, for a record older than the table's last close or
the shift's seal, for confirmation.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from floorkill.event_words import record_line
from floorkill.floor.correcting import LineError, read_line, typed_line
from floorkill.floor.typed_entry import parse_entry
from floorkill.floor.typed_entry import read_line as read_answer
from floorkill.floor.wording import decision_lines, floor_text, refusal_line
from floorkill.i18n import N_, NC_, tr
from floorkill.rules.corrections import History, sealed_after
from floorkill.rules.names import safe_text
from floorkill.rules.preview import ASKS, RECORDS
from floorkill.store.session import Record, TableSession
from floorkill.vocab import EVENT_TYPES, word

from ..widgets.hand_entry import preview_text
from .amount_modal import AmountModal
from .ask_modal import AskModal
from .side_screen import OpensAtOnce


def _asks_line(seq: int, event, question, lang: str) -> str:
    return tr(
        "Record #{seq} ({type}) asks: {question}",
        lang,
        seq=seq,
        type=word(EVENT_TYPES, str(event.get("type", "?")), lang),
        question=question.text(lang),
    )


RENAMED = N_(
    "hands {first}–{last}: the kill button at seat {seat} is {player}'s, not {name}'s — "
    "the same rulings under the corrected name"
)


def _renamed(d) -> tuple[str, str, int] | None:
    """(name, corrected name, seat) of a hand's change that only renames the button's
    holder (the same button, at the same seat), else None."""
    params = dict(d.params)
    if d.key != "fix-hand-both" or params.get("before") != params.get("after"):
        return None
    if params.get("seat") != params.get("to_seat") or params.get("name") == params.get("player"):
        return None
    return str(params.get("name")), str(params.get("player")), int(params.get("seat") or 0)


def change_lines(changes, lang: str) -> list[str]:
    """The changes as lines; a name corrected (a join's typo) makes every later hand its
    holder held the button name him otherwise: those hands are one line, not one each."""
    runs: dict[tuple[str, str, int], list] = {}  # -> [first hand, last hand, count, cites]
    for change in changes:
        who = _renamed(change)
        if who is not None:
            hand = dict(change.params).get("hand")
            run = runs.setdefault(who, [hand, hand, 0, change.cites])
            run[1], run[2] = hand, run[2] + 1
    out: list[str] = []
    said: set[tuple[str, str, int]] = set()
    for change in changes:
        who = _renamed(change)
        found = runs.get(who) if who is not None else None
        if who is None or found is None or found[2] < 2:
            out.extend(decision_lines([change], lang))
        elif who not in said:  # the first of them: the one line
            said.add(who)
            name, player, seat = who
            first, last, _n, cites = found
            line = tr(RENAMED, lang, first=first, last=last, seat=seat, player=player, name=name)
            out.append(safe_text(line) + (f" [{', '.join(cites)}]" if cites else ""))
    return out


def _impact_lines(impact, lang: str) -> list[str]:
    if impact.refusal is not None:
        return [refusal_line(impact.refusal, lang)]
    lines = change_lines(impact.changes, lang)
    for seq, event, question in impact.questions:
        lines.append(_asks_line(seq, event, question, lang) + " — " + tr("to answer", lang))
    for seq, etype, refusal in impact.impossible:
        lines.append(
            tr(
                "record #{seq} ({type}) no longer applies: {reason} — to settle",
                lang,
                seq=seq,
                type=word(EVENT_TYPES, etype, lang),
                reason=refusal.text(lang),
            )
        )
    return lines or [tr("No later ruling changes.", lang)]


class CorrectModal(OpensAtOnce, ModalScreen[dict | None]):
    """Correct one record: the entry line prefilled, what changes listed as it is edited."""

    DEFAULT_CSS = """
    CorrectModal { align: center middle; }
    CorrectModal > #fix-box {
        width: 90; max-width: 98%; height: auto; max-height: 95%;
        border: thick $warning; background: $surface; padding: 0 1;
    }
    CorrectModal #fix-title { text-style: bold; color: $warning; }
    CorrectModal #fix-now { color: $text-muted; }
    CorrectModal Input { height: 1; border: none; }
    CorrectModal #fix-impact { height: auto; margin: 1 0 0 0; }
    CorrectModal #fix-error { color: $error; height: auto; }
    CorrectModal #fix-help { color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape", "cancel", NC_("key", "Cancel the correction"), id="correct.cancel")
    ]

    def __init__(
        self,
        floor,
        record: Record,
        lang: str = "en",
        who: str | None = None,
        history: History | None = None,
    ) -> None:
        """``history``: the table's records as read in the podium's journal work (read here,
        on the caller's thread, when not given)."""
        super().__init__()
        self.floor = floor
        self.lang = lang
        self.who = who
        self.history = floor.history() if history is None else history
        self.seen = len(self.history)
        table_history = self.history
        self.original = table_history.original_of(record.seq)
        # the record to name: the newest correction of this one, else the record itself
        self.named = table_history.resolved.newest.get(self.original, self.original)
        self.record = record
        current = table_history.resolved.events[self.original - 1]
        self.current = current if current is not None else table_history.records[self.original - 1]
        self.event: dict | None = None
        self.impact = None
        # the answers to the questions later records ask (rules/corrections.py answers),
        # for the line as typed
        self.answers: list[dict[str, Any]] = []

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="fix-box"):
            chain = self.history.chain(self.original)
            title = tr("Correct record #{seq}", lang, seq=self.original)
            if chain:
                title += " — " + tr(
                    "corrected before at #{seqs}", lang, seqs=", #".join(map(str, chain))
                )
            yield Static(title, id="fix-title", markup=False)
            yield Static(Text(record_line(self.record, lang).strip()), id="fix-now", markup=False)
            yield Static(tr("As it should have been (- strikes it):", lang), markup=False)
            yield Input(typed_line(self.current), id="fix-line", compact=True)
            yield Static(tr("Reason (optional):", lang), markup=False)
            yield Input(id="fix-reason", compact=True)
            yield Static("", id="fix-impact", markup=False)
            yield Static("", id="fix-error", markup=False)
            who = safe_text(self.who) if self.who else tr("(no floorperson named)", lang)
            yield Static(
                tr("By {who} · Enter: record the correction · Esc: cancel", lang, who=who),
                id="fix-help",
                markup=False,
            )

    def on_mount(self) -> None:
        line = self.query_one("#fix-line", Input)
        line.focus()
        line.cursor_position = len(line.value)
        self._weigh(line.value)

    @on(Input.Changed, "#fix-line")
    def _changed(self, event: Input.Changed) -> None:
        self.answers = []  # answered for another line
        self._weigh(event.value)

    def _weigh(self, text: str) -> None:
        """What the line as typed would change (shown before Enter)."""
        error = self.query_one("#fix-error", Static)
        shown = self.query_one("#fix-impact", Static)
        try:
            self.event = read_line(text, self.current, parse_entry)
        except LineError as exc:
            self.impact = None
            error.update(safe_text(exc.text(self.lang)))
            shown.update("")
            return
        error.update("")
        self._reweigh()

    def _reweigh(self) -> None:
        self.impact = self.floor.impact(
            self.named, self.event, history=self.history, answers=self.answers
        )
        shown = self.query_one("#fix-impact", Static)
        shown.update(Text("\n".join(_impact_lines(self.impact, self.lang))))

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        impact = self.impact
        if impact is None:
            return
        self._go_on()

    def _go_on(self) -> None:
        """The next step once Enter was pressed: the questions later records ask, one at a
        time (each answer weighed again: another may follow), then how to settle each
        impossible record, then the confirmation of an old record."""
        impact = self.impact
        if impact is None:
            return
        if impact.refusal is not None:
            self.query_one("#fix-error", Static).update(refusal_line(impact.refusal, self.lang))
            return
        lang = self.lang
        left = [
            (
                seq,
                tr(
                    "Record #{seq} ({type}) no longer applies: {reason}",
                    lang,
                    seq=seq,
                    type=word(EVENT_TYPES, etype, lang),
                    reason=refusal.text(lang),
                ),
                refusal.cites,
            )
            for seq, etype, refusal in impact.impossible
        ]
        for number, (seq, event, question) in enumerate(impact.questions):
            if question.answers:  # answered yes or no, each with what it decides
                self._ask(seq, question)
                return
            if question.amount and number < len(impact.asked_on):  # the pot: typed, previewed
                self._ask_amount(seq, event, question, impact.asked_on[number])
                return
            # answered by neither (the low half's seats): settled like an impossible record
            left.append((seq, _asks_line(seq, event, question, lang), question.cites))
        self._settle(sorted(left), {})

    def _ask_amount(self, seq: int, event, question, before) -> None:
        """An amount asked as the entry asks it: typed, what the record then decides
        previewed on the state it is weighed on (the corrected history's), the clauses."""
        lang = self.lang

        def read(text: str) -> tuple[Any, str]:
            shown = read_answer(before, text, question, event)
            ok = shown.outcome in (RECORDS, ASKS) and shown.raw is not None
            return (dict(shown.raw) if ok and shown.raw is not None else None), preview_text(
                shown, lang
            )

        def answered(filled: dict | None) -> None:
            if filled is None or self.impact is None:
                return  # back to the form
            self._take(self.impact.fill({"event": self.event, "answers": self.answers}, filled))

        self.app.push_screen(
            AmountModal(
                tr("Record #{seq} asks", lang, seq=seq),
                question.text(lang),
                read,
                question.cites,
                lang,
            ),
            answered,
        )

    def _take(self, now: dict[str, Any]) -> None:
        """An answer taken: back to the form, which lists what the correction now changes
        (the answer may change later rulings the question hid); the next Enter goes on
        (another question, the settling, the record). The corrected record's own answer
        is written into its line, so the line says what Enter records."""
        own = now["event"] != self.event
        self.event, self.answers = now["event"], list(now.get("answers", ()))
        if own and self.event is not None:
            self.query_one("#fix-line", Input).value = typed_line(self.event)  # re-weighed
        else:
            self._reweigh()

    def _ask(self, seq: int, question) -> None:
        lang = self.lang
        options = [
            (key, floor_text(word, lang), decision_lines(question.consequences(value), lang), value)
            for key, word, value in (("y", "yes", True), ("n", "no", False))
        ]

        def answered(yes: bool | None) -> None:
            if yes is None or self.impact is None:
                return  # back to the form
            self._take(self.impact.answer({"event": self.event, "answers": self.answers}, yes))

        self.app.push_screen(
            AskModal(
                tr("Record #{seq} asks", lang, seq=seq),
                safe_text(question.text(lang)),
                options,
                question.cites,
                lang,
            ),
            answered,
        )

    def _settle(self, left: list, settle: dict[int, str]) -> None:
        """Ask how to settle each impossible later record, one at a time."""
        if not left:
            self._confirm_old(settle)
            return
        seq, question, cites = left[0]
        lang = self.lang

        def answered(strike: bool | None) -> None:
            if strike is None:
                return  # back to the form
            self._settle(left[1:], {**settle, seq: "strike" if strike else "keep"})

        self.app.push_screen(
            AskModal(
                tr("Settle record #{seq}", lang, seq=seq),
                safe_text(question),
                [
                    ("y", tr("strike it", lang), [], True),
                    ("n", tr("keep it as entered (passed over)", lang), [], False),
                ],
                cites,
                lang,
            ),
            answered,
        )

    def _confirm_old(self, settle: dict[int, str]) -> None:
        """A record older than the shift's seal or the table's last close asks for
        confirmation."""
        table_history = self.history
        sealed = sealed_after(table_history, self.original)
        closed_after = any(
            (raw.get("type") == "close_table")
            for raw in table_history.records[self.original :]
            if raw is not None
        )
        result = {
            "record": self.named,
            "event": self.event,
            "settle": settle,
            "reason": self.query_one("#fix-reason", Input).value.strip() or None,
            "seen": self.seen,
            "answers": list(self.answers),
        }
        if not closed_after and sealed is None:
            self.dismiss(result)
            return
        lang = self.lang
        if sealed is not None:
            short = sealed if len(sealed) < 24 else f"{sealed[:12]}…@{sealed.rpartition('@')[2]}"
            asked = tr(
                "This record is older than the shift's seal ({head}). Correct it anyway?",
                lang,
                head=short,
            )
        else:
            asked = tr("This record is older than the table's last close. Correct it anyway?", lang)

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.dismiss(result)

        self.app.push_screen(
            AskModal(
                tr("Correct record #{seq}", lang, seq=self.original),
                asked,
                [("enter", tr("Enter — yes", lang), [], True)],
                (),
                lang,
            ),
            confirmed,
        )

    def action_cancel(self) -> None:
        self.dismiss(None)


class PickRecordModal(OpensAtOnce, ModalScreen[Record | None]):
    """Which hand to correct: the last nine, one digit each (1 = the last hand)."""

    DEFAULT_CSS = """
    PickRecordModal { align: center middle; }
    PickRecordModal > #pick-box {
        width: 90; max-width: 98%; height: auto;
        border: thick $warning; background: $surface; padding: 0 1;
    }
    PickRecordModal #pick-title { text-style: bold; color: $warning; }
    PickRecordModal #pick-help { color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="pick.cancel"),
        *(
            Binding(
                str(number),
                f"pick({number})",
                f"Hand {number}",
                show=False,
                id=f"pick.hand_{number}",
            )
            for number in range(1, 10)
        ),
    ]

    def __init__(self, records: list[Record], lang: str = "en") -> None:
        super().__init__()
        self.records = records  # newest first
        self.lang = lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="pick-box"):
            yield Static(tr("Correct which hand?", lang), id="pick-title", markup=False)
            for number, rec in enumerate(self.records, start=1):
                yield Static(Text(f"{number}  {record_line(rec, lang).strip()}"), markup=False)
            yield Static(
                tr("1-9: that hand (1 = the last) · Esc: cancel", lang),
                id="pick-help",
                markup=False,
            )

    def action_pick(self, n: int) -> None:
        if 1 <= n <= len(self.records):
            self.dismiss(self.records[n - 1])

    def action_cancel(self) -> None:
        self.dismiss(None)


def recent_hands(session: TableSession, count: int = 9) -> list[Record]:
    """The table's last ``count`` live hand records, newest first."""
    out: list[Record] = []
    length = len(session)
    start = length
    while start > 0 and len(out) < count:
        lo = max(0, start - 50)
        for rec in reversed(session.records(lo, start)):
            if rec.type == "hand" and not rec.voided:
                out.append(rec)
                if len(out) == count:
                    break
        start = lo
    return out


__all__: list[Any] = ["CorrectModal", "PickRecordModal", "recent_hands"]

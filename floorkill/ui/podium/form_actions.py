"""The podium's player forms: join, away/back, leaves, stack, voluntary kill, pay an
owed kill, rulings. Each builds a raw event, tries it, and goes through
:meth:`EntryActions.run_event` (the rules' question, then the floor controller)."""

from __future__ import annotations

from floorkill.floor.seat_events import (
    build_join,
    build_move,
    build_seat_event,
    build_stack,
    build_voluntary,
    join_fields,
)
from floorkill.floor.wording import floor_text
from floorkill.i18n import money, tr
from floorkill.rules import Refusal
from floorkill.rules.money import fmt
from floorkill.rules.names import safe_text
from floorkill.rules.options import FIELD_CITES
from floorkill.rules.questions import voluntary_open

from ..screens.seat_forms import FormModal, PayKillModal
from ..widgets.seating import Seating
from ..widgets.status_line import seat_name
from .host import PodiumHost


class FloorForms(PodiumHost):
    """Mixin of :class:`PodiumApp`: ``floor_<what>(seat)`` for each seat key."""

    def _cursor(self) -> int:
        return self.podium.query_one(Seating).cursor

    def _form(
        self, title: str, fields, build, note: str = "", focus: str | None = None, confirm=None
    ) -> None:
        state = self.floor.state
        form = FormModal(
            title,
            fields,
            lambda v: build(state, v),
            self.floor_try,
            note=note,
            lang=self.lang,
            focus=focus,
            preview=self.floor.preview,
            near=self.tables.near_match,
        )

        def moved(_change) -> None:  # another podium, an undo: the preview follows the table
            form.refresh_preview()

        def closed(raw) -> None:
            self.floor.unwatch(moved)
            if raw is None:
                return
            typed = [
                (fid, label, form.typed.get(fid, value), hint) for fid, label, value, hint in fields
            ]

            def again() -> None:  # the room moved under it: the form, as typed, previewed anew
                self._form(title, typed, build, note, focus, confirm)

            self.run_event(
                raw, confirm=confirm(raw) if confirm else None, shown=form.shown, again=again
            )

        self.floor.watch(moved)
        self.push_screen(form, closed)

    def floor_join(self, seat: int | None = None) -> None:
        st = self.floor.state
        seat = self._cursor() if seat is None else seat
        note = ""
        if st.button.killed:
            note = tr(
                "The coming hand is a kill pot ({who}).",
                self.lang,
                who=seat_name(st, st.button.seat, st.button.player, self.lang),
            )
        self._form(
            tr("Join — a player sits down", self.lang),
            join_fields(st, seat, self.lang),
            build_join,
            note=note,
        )

    def floor_away(self, seat: int | None = None) -> None:
        if seat is None:
            self._form(
                tr("Step away / come back", self.lang),
                [("seat", tr("Seat", self.lang), str(self._cursor()), "")],
                lambda st, v: build_seat_event(st, v, "away"),
            )
            return
        p = self.floor.state.player(seat)
        self.run_event({"type": "back" if p is not None and p.away else "away", "seat": seat})

    def _quit_question(self, raw) -> str:
        return floor_text(
            "confirm-quit",
            self.lang,
            seat=raw["seat"],
            name=safe_text(getattr(self.floor.state.player(raw["seat"]), "name", "?")),
        )

    def floor_quit(self, seat: int | None = None) -> None:
        if seat is None:
            self._form(
                tr("A player leaves the game", self.lang),
                [("seat", tr("Seat", self.lang), str(self._cursor()), "")],
                lambda st, v: build_seat_event(st, v, "quit"),
                confirm=self._quit_question,
            )
            return
        raw = {"type": "quit", "seat": seat}
        self.run_event(raw, confirm=self._quit_question(raw))

    def floor_move(self, seat: int | None = None) -> None:
        seat = self._cursor() if seat is None else seat
        self._form(
            tr("Seat change — a player moves", self.lang),
            [
                ("seat", tr("Seat", self.lang), str(seat), ""),
                ("to", tr("To seat", self.lang), "", tr("an empty seat", self.lang)),
            ],
            build_move,
            focus="to",
        )

    def floor_stack(self, seat: int | None = None) -> None:
        st = self.floor.state
        seat = self._cursor() if seat is None else seat
        p = st.player(seat)
        current = fmt(p.stack) if p is not None and p.stack is not None else ""
        self._form(
            tr("Record a stack", self.lang),
            [
                ("seat", tr("Seat", self.lang), str(seat), ""),
                ("amount", tr("Stack", self.lang), current, tr("e.g. 200", self.lang)),
            ],
            build_stack,
            focus="amount",
        )

    def floor_voluntary(self, seat: int | None = None) -> None:
        st = self.floor.state
        seat = self._cursor() if seat is None else seat
        if not voluntary_open(st):  # the rules' reason now, not after a form
            try:
                self.floor.try_event({"type": "voluntary_kill", "seat": seat})
            except Refusal as refusal:
                self.report_refusal(refusal)
            return
        cfg = st.config
        lang = self.lang
        note = f"[{', '.join(FIELD_CITES['voluntary_kill'])}] " + tr(
            "declared after seeing at most {cards} cards, before anyone has one more; stack at "
            "least {stack} = 4 × {kill}; the killer acts last on the first round.",
            lang,
            cards=cfg.kill.voluntary_cards,
            stack=money(4 * cfg.kill_blind, lang),
            kill=money(cfg.kill_blind, lang),
        )
        self._form(
            tr("Voluntary kill of the hand being dealt", lang),
            [
                ("seat", tr("Seat", lang), str(seat), ""),
                (
                    "seen",
                    tr("Cards seen", lang),
                    "2",
                    tr("the cards the player has looked at", lang),
                ),
                (
                    "third",
                    tr("Third card out?", lang),
                    "n",
                    tr("y if anyone has received a third card", lang),
                ),
            ],
            build_voluntary,
            note=note,
        )

    def floor_pay(self, seat: int | None = None) -> None:
        tables, session = self.tables, self.session

        def read() -> list[tuple[str, int, str, str]]:
            owed = tables.owed_everywhere(session)
            for table in {table for _player, _owes, _mode, table in owed}:
                tables.get(table)  # opened here (and kept): the previews then read nothing
            return owed

        self.read_then(read, lambda owed: self._pay(owed, seat), "pay")

    def _pay(self, owed: list[tuple[str, int, str, str]], seat: int | None) -> None:
        if not owed:
            self.notify(tr("Nobody owes a kill at any table.", self.lang), markup=False)
            return
        p = self.floor.state.player(seat if seat is not None else self._cursor())

        def preview(player: str, table: str):
            raw = {"type": "pay_kill", "name": player}
            return self.floor.preview(raw, self.tables.get(table))

        modal = PayKillModal(
            owed, preselect=p.name if p is not None else None, lang=self.lang, preview=preview
        )

        def moved(_change) -> None:
            modal.refresh_preview()

        def paid(choice: tuple[str, str] | None) -> None:
            self.floor.unwatch(moved)
            if choice is None:
                return
            player, table = choice
            self.run_event(
                {"type": "pay_kill", "name": player},
                session=self.tables.get(table),
                shown=modal.shown,
            )

        self.floor.watch(moved)
        self.push_screen(modal, paid)

    def floor_rulings(self, seat: int | None = None) -> None:
        from ..screens.rulings_screen import RulingsScreen

        tables, session = self.tables, self.session

        def opened(names: list[str]) -> None:
            screen = RulingsScreen(
                tables, session, lang=self.lang, seat=seat, record=self.commit, names=names
            )
            self.push_screen(screen)

        self.read_then(tables.names, opened, "rulings")

    def action_rulings(self) -> None:
        """F10: the short post of the seat under the seat cursor — never the killer's own seat
        (the one who posted the kill is not the one who put in too little); the screen then
        picks the first other seat dealt in."""
        seat: int | None = self._cursor()
        state = self.floor.state
        if state.player(seat) is None or (state.button.killed and seat == state.button.seat):
            seat = None
        self.floor_rulings(seat)

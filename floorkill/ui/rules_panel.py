"""The rules panel: what the rules decided, which clauses say so, and what is pending.

Shows the decisions of one record (the last event, or the one picked in the
history) with their texts and clause ids; the cited clauses are a list, and
moving onto one shows its full summary. English or Russian (:meth:`set_lang`).
Below: what is pending — who must kill the coming hand, the leg up, who is barred
or owes a kill, leg credits, an agreed kill. It sends no event.
"""

from __future__ import annotations

from typing import Iterable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from floorkill.rules import Refusal, TableState, next_hand
from floorkill.rules import clauses as catalogue
from floorkill.rules.decisions import Decision
from floorkill.rules.money import dollars
from floorkill.rules.names import safe_text
from floorkill.store.session import Record

from .status_line import seat_name

PANEL_TEXT = {
    "title": {"en": "Rules", "ru": "Правила"},
    "decisions": {"en": "Decisions", "ru": "Решения"},
    "clauses": {"en": "Clauses cited (↑↓ to read)", "ru": "Статьи правил (↑↓ — читать)"},
    "pending": {"en": "Pending", "ru": "Ожидается"},
    "none-yet": {"en": "No event yet: enter the first hand.", "ru": "Событий пока нет: введите первую раздачу."},
    "no-decision": {"en": "No decision: nothing changes for the kill button.",
                    "ru": "Решений нет: килл-баттон не меняется."},
    "refused": {"en": "Refused", "ru": "Отклонено"},
    "undone": {"en": "Undo of #{target}: {reason}", "ru": "Отмена #{target}: {reason}"},
    "voided": {"en": "(this record was undone)", "ru": "(эта запись отменена)"},
    "record": {"en": "#{seq} {what} — after it: hand {hand} played",
               "ru": "#{seq} {what} — после неё сыграно раздач: {hand}"},
    "p-kill": {"en": "Coming hand is a KILL POT: {who} posts {amount}; limits {limits}; killer {acts}",
               "ru": "Следующая раздача — КИЛЛ-ПОТ: {who} ставит {amount}; лимиты {limits}; киллер {acts}"},
    "acts-last": {"en": "acts last", "ru": "ходит последним"},
    "acts-in-turn": {"en": "acts in turn", "ru": "ходит в свою очередь"},
    "p-leg": {"en": "Leg up: {who} — a second qualifying win in a row kills the next hand",
              "ru": "«Нога»: {who} — вторая засчитанная победа подряд даёт килл следующей раздачи"},
    "p-leg-kept": {"en": "Leg kept by {who} under this kill", "ru": "«Нога» сохраняется за {who}"},
    "p-neutral": {"en": "Neutral: no kill pending", "ru": "Нейтрально: килла не ожидается"},
    "p-barred": {"en": "BARRED until the kill is posted: {name} owes {amount}",
                 "ru": "НЕ ДОПУСКАЕТСЯ, пока не внесёт килл: {name} должен {amount}"},
    "p-owes": {"en": "{name} owes a kill of {amount}, posted at the first hand off the button and blinds",
               "ru": "{name} должен килл {amount}: ставит в первой раздаче не на баттоне и не на блайндах"},
    "p-credit": {"en": "{name} stepped away with a leg up: gets it back on return",
                 "ru": "{name} отошёл с «ногой»: получит её по возвращении"},
    "p-agreed": {"en": "{who} agreed to kill the next pot", "ru": "{who} согласился убить следующий банк"},
}


def panel_text(key: str, lang: str, **params) -> str:
    entry = PANEL_TEXT[key]
    return (entry.get(lang) or entry["en"]).format(**params)


def pending_lines(state: TableState, lang: str = "en") -> list[tuple[str, str]]:
    """(text, clause id) lines describing what is pending."""
    out: list[tuple[str, str]] = []
    b = state.button
    if b.killed:
        nh = next_hand(state)
        out.append((panel_text("p-kill", lang, who=seat_name(state, b.seat, b.player),
                               amount=dollars(b.amount or 0),
                               limits=state.config.stakes_text(nh.limits),
                               acts=panel_text("acts-last" if nh.killer_acts_last else "acts-in-turn", lang)),
                    "rrop-13.10" if b.kind == "voluntary" else "rrop-13.2"))
        if b.leg_seat is not None:
            out.append((panel_text("p-leg-kept", lang, who=seat_name(state, b.leg_seat, b.leg_player)),
                        "rrop-13.3"))
    elif b.status == "leg-up":
        out.append((panel_text("p-leg", lang, who=seat_name(state, b.seat, b.player)), "rrop-13.3"))
    else:
        out.append((panel_text("p-neutral", lang), "house-button"))
    for o in state.barred:
        key = "p-barred" if o.mode == "barred" else "p-owes"
        out.append((panel_text(key, lang, name=safe_text(o.player), amount=dollars(o.owes)),
                    "rrop-13.6" if o.mode == "barred" else "wsop-197"))
    for name in state.credits:
        out.append((panel_text("p-credit", lang, name=safe_text(name)), "rrop-13.5"))
    if state.agreed is not None:
        out.append((panel_text("p-agreed", lang, who=seat_name(state, state.agreed)), "rrop-13.12"))
    return out


def event_words(event) -> str:
    """A record's event in a few words (seats only: names live in the decisions)."""
    t = event.get("type")
    if t == "hand":
        if "showdown" in event:
            words = "showdown " + ", ".join(f"seat {s}" for s in event["showdown"].get("hands", {}))
        elif "high" in event:
            low = event.get("low") or []
            words = "high " + ",".join(map(str, event["high"])) + " low " + (
                ",".join(map(str, low)) if low else "none")
        elif "winners" in event:
            words = "split " + ",".join(map(str, event["winners"]))
        else:
            words = f"winner {event.get('winner')}"
        if "pot" in event:
            words += f" pot ${event['pot']}"
        if "qualifies" in event:
            words += " 2nd leg " + ("yes" if event["qualifies"] else "no")
        if "won_beyond_blinds" in event:
            words += f" won ${event['won_beyond_blinds']} beyond blinds"
        if event.get("flop") is False:
            words += " no flop"
        if event.get("kill_posted") is False:
            words += " kill not posted"
        return "hand: " + words
    if t == "void":
        return f"undo #{event.get('target')}"
    if t == "pay_kill":
        return f"pay kill: {event.get('name')}"
    if t == "join":
        return f"join seat {event.get('seat')}: {event.get('name')}"
    seat = event.get("seat")
    return f"{t} seat {seat}" if seat is not None else str(t)


class RulesPanel(VerticalScroll):
    """Decisions with clause ids, the cited clauses, their summaries, and what is pending."""

    DEFAULT_CSS = """
    RulesPanel {
        height: 1fr;
        padding: 0 1;
        scrollbar-gutter: stable;
        scrollbar-size-vertical: 1;
        border-title-color: $accent;
        border: round $primary;
    }
    RulesPanel > .rules--heading { color: $accent; text-style: bold; margin-top: 1; }
    RulesPanel > #rules-record { text-style: bold; }
    RulesPanel > #rules-decisions { height: auto; }
    RulesPanel > #rules-clauses { height: auto; max-height: 6; border: none; padding: 0; }
    RulesPanel > #rules-summary { height: auto; color: $text-muted; padding: 0 0 0 2; }
    RulesPanel > #rules-pending { height: auto; }
    RulesPanel .rules--refused { color: $error; text-style: bold; }
    """

    def __init__(self, lang: str = "en", state: TableState | None = None,
                 record: Record | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self._state = state
        self._record = record
        self._refusal: Refusal | None = None
        self._cites: list[str] = []
        self._shown: dict[str, Text] = {}
        self._options: tuple | None = None

    def compose(self) -> ComposeResult:
        # Built with its content, so the first frame needs no second layout.
        parts, seen = self._build()
        self._cites = seen
        self._shown = dict(parts)
        self._options = (tuple(seen), self.lang)
        summary = self._summary_text(seen[0] if seen else None)
        self._shown["#rules-summary"] = summary
        for selector in ("#rules-record", "#rules-decisions-title", "#rules-decisions",
                         "#rules-pending-title", "#rules-pending", "#rules-clauses-title"):
            classes = "rules--heading" if selector.endswith("-title") else None
            yield Static(parts[selector], id=selector[1:], classes=classes, markup=False)
        ol = OptionList(*self._option_list(seen), id="rules-clauses", markup=False)
        if seen:
            ol.highlighted = 0
        yield ol
        yield Static(summary, id="rules-summary", markup=False)

    def on_mount(self) -> None:
        self.border_title = panel_text("title", self.lang)

    # -- public ------------------------------------------------------------------
    def show(self, state: TableState, record: Record | None) -> None:
        """The decisions of ``record`` and what is pending in ``state``."""
        self._state = state
        self._record = record
        self._refusal = None
        if self.is_mounted:
            self._render_all()

    def show_refusal(self, refusal: Refusal) -> None:
        """A refused entry: its reason and clauses take the decisions' place."""
        self._refusal = refusal
        if self.is_mounted:
            self._render_all()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        if self.is_mounted:
            self.border_title = panel_text("title", lang)
            self._render_all()

    @property
    def cited(self) -> list[str]:
        return list(self._cites)

    # -- drawing -----------------------------------------------------------------
    def _render_all(self) -> None:
        parts, seen = self._build()
        self._cites = seen
        for selector, text in parts.items():
            self._set(selector, text)
        ol = self.query_one("#rules-clauses", OptionList)
        options = (tuple(seen), self.lang)
        if options != self._options:            # unchanged lists keep the reader's place
            self._options = options
            keep = ol.highlighted_option.id if ol.highlighted_option is not None else None
            ol.set_options(self._option_list(seen))
            if seen:
                ol.highlighted = seen.index(keep) if keep in seen else 0
            self._show_summary(seen[ol.highlighted] if seen and ol.highlighted is not None else None)

    def _option_list(self, seen: list[str]) -> list[Option]:
        return [Option(Text(f"{c} — {catalogue.title(c, self.lang)}"), id=c) for c in seen]

    def _summary_text(self, cid: str | None) -> Text:
        if cid is None:
            return Text("")
        c = catalogue.clause(cid)
        text = Text(catalogue.summary(cid, self.lang))
        text.append(f"\n— {c.source}", style="italic")
        return text

    def _build(self) -> tuple[dict[str, Text], list[str]]:
        """Every part's text, and the cited clause ids in order."""
        lang = self.lang
        rec = self._record
        decisions: Iterable[Decision] = rec.decisions if rec is not None else ()
        head = Text()
        body = Text()
        cites: list[str] = []
        if self._refusal is not None:
            r = self._refusal
            head.append(panel_text("refused", lang), style="bold")
            body.append("✗ " + safe_text(r.text(lang)), style="bold")
            if r.cites:
                body.append(f" [{', '.join(r.cites)}]")
            cites.extend(r.cites)
        elif rec is None:
            head.append(panel_text("none-yet", lang))
        else:
            head.append(safe_text(panel_text("record", lang, seq=rec.seq, what=event_words(rec.event),
                                             hand=rec.hand)))
            if rec.voided:
                head.append(" " + panel_text("voided", lang))
            if rec.type == "void":
                body.append(safe_text(panel_text("undone", lang, target=rec.event.get("target"),
                                                 reason=rec.event.get("reason", ""))))
            first = True
            for d in decisions:
                if not first:
                    body.append("\n")
                first = False
                body.append("• " + safe_text(d.text(lang)))
                if d.cites:
                    body.append(f" [{', '.join(d.cites)}]", style="dim")
                cites.extend(d.cites)
            if first and rec.type == "hand":
                body.append(panel_text("no-decision", lang))
        pending = Text()
        if self._state is not None:
            for i, (line, cid) in enumerate(pending_lines(self._state, lang)):
                if i:
                    pending.append("\n")
                pending.append("• " + line)
                pending.append(f" [{cid}]", style="dim")
                cites.append(cid)
        seen: list[str] = []
        for c in cites:
            if c not in seen and c in catalogue.CLAUSES:
                seen.append(c)
        parts = {
            "#rules-record": head,
            "#rules-decisions-title": Text(panel_text("decisions", lang)),
            "#rules-decisions": body,
            "#rules-pending-title": Text(panel_text("pending", lang)),
            "#rules-pending": pending,
            "#rules-clauses-title": Text(panel_text("clauses", lang)),
        }
        return parts, seen

    def _set(self, selector: str, text: Text) -> None:
        """Update a part only when it changed (each update costs a layout)."""
        if self._shown.get(selector) != text:
            self._shown[selector] = text
            self.query_one(selector, Static).update(text)

    def _show_summary(self, cid: str | None) -> None:
        self._set("#rules-summary", self._summary_text(cid))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._show_summary(event.option.id)

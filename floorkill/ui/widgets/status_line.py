"""The status line: hand number, game and stakes, kill status in player words, barred players.

Read-only and reusable (the podium and the big screen): give it a state with
:meth:`StatusLine.show`; it never sends an event. The wording lives in plain
functions (:func:`kill_status_text`, :func:`game_text`, :func:`barred_text`) so
other screens can reuse it.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from floorkill import vocab
from floorkill.display.words import barred_text, game_text, seat_name
from floorkill.floor.table_view import TableView
from floorkill.i18n import N_, money, tr
from floorkill.rules import TableState, next_hand
from floorkill.rules.codes import ButtonStatus, KillBy
from floorkill.rules.names import safe_text

from .repaint import refresh_in_place, style_lookup

SAVING = N_("saving…")


def kill_status_text(state: TableState, lang: str | None = None) -> str:
    """The kill status as a player would say it."""
    b = state.button
    cfg = state.config
    if b.status == ButtonStatus.LEG_UP:
        return tr("Leg up: {seat}", lang, seat=seat_name(state, b.seat, b.player, lang))
    if b.killed:
        nh = next_hand(state)
        kind = "" if b.kind == KillBy.REQUIRED else f" ({vocab.word(vocab.BY_KIND, b.kind, lang)})"
        words = {
            "seat": seat_name(state, b.seat, b.player, lang),
            "amount": money(b.amount or 0, lang),
            "kind": kind,
            "limits": cfg.stakes_text(nh.limits),
        }
        if nh.killer_acts_last:
            text = tr(
                "KILL POT — {seat} posts {amount}{kind} — playing {limits}, killer acts last",
                lang,
                **words,
            )
        else:
            text = tr(
                "KILL POT — {seat} posts {amount}{kind} — playing {limits}, killer acts in turn",
                lang,
                **words,
            )
        if b.leg_seat is not None:
            text += " · " + tr(
                "leg up: {seat}", lang, seat=seat_name(state, b.leg_seat, b.leg_player, lang)
            )
        return text
    return tr("Neutral", lang)


class StatusLine(Widget):
    """Two lines: table, hand and game; then the kill status and anyone barred."""

    DEFAULT_CSS = """
    StatusLine {
        height: auto;
        min-height: 2;
        padding: 0 1;
        background: $panel;
        color: $foreground;
    }
    StatusLine > .status--neutral { text-style: bold; }
    StatusLine > .status--leg { color: $warning; text-style: bold; }
    StatusLine > .status--kill { background: $error; color: $text; text-style: bold; }
    StatusLine > .status--barred { color: $error; text-style: bold; }
    StatusLine > .status--dim { color: $text-muted; }
    """
    COMPONENT_CLASSES = {
        "status--neutral",
        "status--leg",
        "status--kill",
        "status--barred",
        "status--dim",
    }

    view: reactive[TableView | None] = reactive(None, init=False, always_update=True, repaint=False)

    def __init__(
        self, state: TableState | None = None, *, lang: str | None = None, **kwargs
    ) -> None:
        super().__init__(**kwargs)
        self._state = state
        self.badge = ""  # e.g. "DEMO journal": said first, in the warning colour
        self.saving = False  # a write to the journal under way: "saving…" before the badge
        self.lang = lang  # None: the language in use (floorkill.i18n.get_lang)

    def set_lang(self, lang: str | None) -> None:
        self.lang = lang
        refresh_in_place(self)

    def watch_view(self, view: TableView | None) -> None:
        if view is not None and view.lang != self.lang:
            self.lang = view.lang
            if view.state is self._state:
                refresh_in_place(self)
        if view is not None and view.state is not self._state:
            self.show(view.state)

    def set_saving(self, saving: bool) -> None:
        """ "saving…" on (a write to the journal is under way) or off."""
        if saving != self.saving:
            self.saving = saving
            refresh_in_place(self)

    def show(self, state: TableState) -> None:
        """Show ``state`` (in place: the widget is never remounted)."""
        self._state = state
        refresh_in_place(self)

    def render(self) -> Group | Text:
        if self._state is None:
            return Text("")
        return self.build_text(self._state)

    def build_text(self, state: TableState) -> Group:
        """Line 1 (cropped with an ellipsis when narrow): table, hand, game. Line 2 (wraps):
        the kill status and anyone barred."""
        cfg = state.config
        style = style_lookup(self)
        top = Text(no_wrap=True, overflow="ellipsis")
        lang = self.lang
        if self.saving:
            top.append(tr(SAVING, lang), style=style("status--leg"))
            top.append(" · ")
        if self.badge:
            top.append(self.badge, style=style("status--leg"))
            top.append(" · ")
        if state.closed:
            top.append(tr("CLOSED (Ctrl+P: Reopen)", lang), style=style("status--barred"))
            top.append(" · ")
        top.append(tr("Hand {n}", lang, n=state.hands + 1), style="bold")
        top.append(" · ")
        top.append(safe_text(cfg.name), style="bold")
        top.append(" · " + game_text(cfg, lang))
        line = Text()
        status = kill_status_text(state, lang)
        kind = {"neutral": "status--neutral", "leg-up": "status--leg", "killed": "status--kill"}[
            state.button.status
        ]
        line.append(" " + status + " " if state.button.killed else status, style=style(kind))
        extra = barred_text(state, lang)
        if extra:
            line.append("  ·  ")
            line.append(extra, style=style("status--barred"))
        return Group(top, line)

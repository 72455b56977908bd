"""The words a big screen shows for a table, as plain text (no Textual, no Rich).

Shared by the podium's panels, the terminal big screen (:mod:`floorkill.ui.big_screen`)
and the TV page (:mod:`floorkill.web`): every name passes through
:func:`~floorkill.rules.names.safe_text`, never markup.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorkill import vocab
from floorkill.i18n import NC_, money, pgettext, ptr, tr
from floorkill.rules import TableState, next_hand
from floorkill.rules.codes import ButtonStatus, OwedMode
from floorkill.rules.config import TableConfig, game_name
from floorkill.rules.money import dollars
from floorkill.rules.names import safe_text

KILL_FACE_UP = "▲"  # the kill button face up ("▲KILL"), face down for a leg ("▽leg")
LEG_FACE_DOWN = "▽"
# seat statuses: (label, the word a narrow label uses), in the catalogue's "seat" context
STATUS_WORDS = {
    "away": (NC_("seat", "away"), NC_("seat", "away")),
    "sits out": (NC_("seat", "sits out"), NC_("seat", "out")),
    "waits": (NC_("seat", "waits for the button"), NC_("seat", "waits")),
    "posts": (NC_("seat", "posts to come in"), NC_("seat", "posts")),
    "leg credit": (NC_("seat", "leg credit"), NC_("seat", "credit")),
    "acts last": (NC_("seat", "acts last"), NC_("seat", "last")),
}


def seat_name(
    state: TableState, seat: int | None, fallback: str | None = None, lang: str | None = None
) -> str:
    """ "Seat 3 Cy" / "Место 3 Cy" (the name as plain text, control characters filtered)."""
    player = state.player(seat)
    name = player.name if player is not None else (fallback or "?")
    return safe_text(tr("Seat {seat} {name}", lang, seat=seat, name=name))


def game_text(cfg: TableConfig, lang: str | None = None) -> str:
    blinds = (
        (
            " · "
            + tr(
                "blinds {small}/{big}",
                lang,
                small=dollars(cfg.blinds[0]),
                big=dollars(cfg.blinds[1]),
            )
        )
        if cfg.blinds[1]
        else ""
    )
    if cfg.is_kill_game:
        triggers = (
            ", ".join(vocab.word(vocab.TRIGGERS, trigger, lang) for trigger in cfg.kill.triggers)
            or "—"
        )
        kill = f" · {vocab.word(vocab.KILL_KINDS, cfg.kill.kind, lang)} ({triggers})"
    else:
        kill = " · " + tr("no kill", lang)
    joker = " · " + tr("with the joker", lang) if cfg.joker else ""  # the bug plays (joker-1)
    return f"{game_name(cfg.game, lang)} {cfg.stakes_text()}{blinds}{joker}{kill}"


def barred_text(state: TableState, lang: str | None = None) -> str:
    parts = []
    for bar in state.barred:
        if bar.mode == OwedMode.BARRED:
            parts.append(
                tr(
                    "{player} owes {amount} at {table}",
                    lang,
                    player=bar.player,
                    amount=money(bar.owes, lang),
                    table=bar.table,
                )
                if bar.table
                else tr(
                    "{player} owes {amount}", lang, player=bar.player, amount=money(bar.owes, lang)
                )
            )
    owing = [
        f"{bar.player} {money(bar.owes, lang)}" for bar in state.barred if bar.mode != "barred"
    ]
    out = ""
    if parts:
        out = tr("Barred: {players}", lang, players=", ".join(parts))
    if owing:
        out += (" · " if out else "") + tr(
            "Owes a kill (posts later): {players}", lang, players=", ".join(owing)
        )
    if state.credits:  # from the state: away now, or back and waiting

        def where(name: str) -> str:
            player = state.player(state.seat_of(name))
            back = player is not None and not player.away
            return (
                tr("{name} (back)", lang, name=name)
                if back
                else tr("{name} (away)", lang, name=name)
            )

        out += (" · " if out else "") + tr(
            "Leg credit: {players}",
            lang,
            players=", ".join(where(credited) for credited in state.credits),
        )
    return safe_text(out)


# ---------------------------------------------------------------------------
# seats


@dataclass(frozen=True)
class SeatView:
    """What one seat shows, as plain text (no markup anywhere)."""

    seat: int
    name: str | None
    stack: str
    markers: str
    kill: str  # "▲KILL $20", "▽leg" or ""
    status: str  # "away", "BARRED", "owes $20", "sits out"
    short: str = ""  # the same in a narrow label's words ("out", "last")


def seat_views(state: TableState, lang: str | None = None) -> list[SeatView]:
    nh = next_hand(state)
    button = state.button
    views = []
    for index, player in enumerate(state.players):
        seat = index + 1
        if player is None:
            views.append(SeatView(seat, None, "", "", "", ""))
            continue
        marks = []
        if nh.dealer == seat:
            marks.append(pgettext("seat mark", "D", lang))
        if nh.small_blind == seat:
            marks.append(pgettext("seat mark", "SB", lang))
        if nh.big_blind == seat:
            marks.append(pgettext("seat mark", "BB", lang))
        kill = ""
        if button.killed and button.seat == seat:
            kill = f"{KILL_FACE_UP}{tr('KILL', lang)} {money(button.amount or 0, lang)}"
        elif (button.status == ButtonStatus.LEG_UP and button.seat == seat) or (
            button.killed and button.leg_seat == seat
        ):
            kill = f"{LEG_FACE_DOWN}{tr('leg', lang)}"
        status: list[str] = []
        codes = []
        owed = state.owed(player.name)
        if state.is_barred(player.name):  # here or at another table (rrop-13.6)
            status.append(tr("BARRED", lang))
        elif owed is not None:
            status.append(tr("owes {amount}", lang, amount=money(owed.owes, lang)))
        if player.away:
            codes.append("away")
        if player.sitting_out:
            codes.append("sits out")
        if player.entry == "posts":  # a big blind to be dealt in at once (button_gap = "posts")
            codes.append("posts")
        elif (
            player.waiting and not player.entry
        ):  # between the button and the blinds (room-dealer-button)
            codes.append("waits")
        if player.name in state.credits:
            codes.append("leg credit")
        if button.killed and button.seat == seat and nh.killer_acts_last:
            codes.append("acts last")  # a voluntary killer (rrop-13.10) or the house
        long = status + [ptr("seat", STATUS_WORDS[code][0], lang) for code in codes]
        short = status + [ptr("seat", STATUS_WORDS[code][1], lang) for code in codes]
        views.append(
            SeatView(
                seat,
                safe_text(player.name),
                money(player.stack, lang) if player.stack is not None else "",
                " ".join(marks),
                kill,
                " ".join(long),
                " ".join(short),
            )
        )
    return views


# ---------------------------------------------------------------------------
# the grid's cards


@dataclass(frozen=True)
class Card:
    """What one card says, in plain text (names filtered, never markup)."""

    name: str
    limits: str
    kind: str  # "kill" | "leg" | "neutral"
    status: str  # "KILL POT" | "LEG UP" | "NO KILL"
    who: str  # "Killer: Seat 3 Cy" / "Leg up: Seat 2 Bo" / ""
    barred: int
    barred_text: str  # "Barred: 2", or "" when nobody is
    hand: int


def card_of(state: TableState, lang: str | None = None) -> Card:
    button = state.button
    cfg = state.config
    limits = cfg.stakes_text(next_hand(state).limits)
    if button.killed:
        who = tr("Killer: {seat}", lang, seat=seat_name(state, button.seat, button.player, lang))
        if button.leg_seat is not None:
            who += " · " + tr(
                "leg: {seat}", lang, seat=seat_name(state, button.leg_seat, button.leg_player, lang)
            )
        kind, status = "kill", tr("KILL POT", lang)
    elif button.status == ButtonStatus.LEG_UP:
        kind, status = "leg", tr("LEG UP", lang)
        who = tr("Leg up: {seat}", lang, seat=seat_name(state, button.seat, button.player, lang))
    else:
        kind, status = "neutral", tr("NO KILL", lang)
        who = "" if cfg.is_kill_game else tr("No kill in this game", lang)
    barred = sum(1 for bar in state.barred if bar.mode == OwedMode.BARRED)
    barred_words = tr("Barred: {n}", lang, n=barred) if barred else ""
    return Card(
        safe_text(cfg.name), limits, kind, status, who, barred, barred_words, state.hands + 1
    )


def room_title(n: int, page: int = 0, pages: int = 1, lang: str | None = None) -> str:
    text = tr("All tables · {n}", lang, n=n)
    return text + (
        " · " + tr("page {page} of {pages}", lang, page=page + 1, pages=pages) if pages > 1 else ""
    )


# ---------------------------------------------------------------------------
# the big screen's lines


def limits_text(state: TableState) -> str:
    return state.config.stakes_text(next_hand(state).limits)


def banner_parts(state: TableState, lang: str | None = None) -> tuple[str, str]:
    """(kind, text): kind is "kill", "leg" or "neutral"."""
    button = state.button
    cfg = state.config

    def who() -> str:
        return (
            seat_name(state, button.seat, button.player, lang)
            if button.seat is not None
            else safe_text(button.player or "")
        )

    if button.killed:
        text = tr("KILL POT — {who} — {limits}", lang, who=who(), limits=limits_text(state))
        if button.kind and button.kind != "required":
            text += f" ({vocab.word(vocab.BY_KIND, button.kind, lang)})"
        return "kill", text
    if button.status == ButtonStatus.LEG_UP:
        return "leg", tr("LEG UP — {who}", lang, who=who())
    if not cfg.is_kill_game:
        return "neutral", tr("No kill in this game — {limits}", lang, limits=limits_text(state))
    return "neutral", tr("No kill — {limits}", lang, limits=limits_text(state))


def big_banner_parts(state: TableState, lang: str | None = None) -> tuple[str, str, str]:
    """(status, seat, name) for the block letters: "KILL POT", "SEAT 3", "CY"; empty
    strings where there is nothing to say."""
    button = state.button
    if button.killed or button.status == ButtonStatus.LEG_UP:
        status = tr("KILL POT", lang) if button.killed else tr("LEG UP", lang)
        if button.seat is None:
            return status, "", ""
        player = state.player(button.seat)
        name = safe_text(player.name if player is not None else (button.player or ""))
        return status, tr("SEAT {seat}", lang, seat=button.seat), name.upper()
    return tr("NO KILL", lang), "", ""


def headline(state: TableState, lang: str | None = None) -> tuple[str, str]:
    """(table name, game line)."""
    return safe_text(state.config.name), safe_text(game_text(state.config, lang))


def felt_lines(state: TableState, lang: str | None = None) -> tuple[str, ...]:
    """The words on the felt, most important first."""
    first = (
        f"{tr('KILL', lang)} {limits_text(state)}"
        if state.button.killed
        else state.config.stakes_text()
    )
    return first, tr("Hand {n}", lang, n=state.hands + 1)

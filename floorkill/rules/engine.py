"""apply(state, event) -> (state, decisions): the kill-pot rules.

Each rule lives in a small function named after what it decides; each decision
cites its clause ids (see :mod:`floorkill.rules.clauses`). A refused event raises
:class:`Refusal` and changes nothing (states are immutable).
Rules: docs/rules.md sections 4 and 5.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Protocol

from . import room
from .built_once import BuiltOnce
from .codes import KillBy, OwedMode, TriggerId
from .config import HILO_GAMES
from .decisions import Decision, Refusal
from .events import (
    Away,
    Back,
    CloseTable,
    Event,
    Hand,
    Join,
    Move,
    PayKill,
    Quit,
    ReopenTable,
    Seal,
    Stack,
    Underpost,
    VoluntaryKill,
    parse_event,
)
from .money import Cents
from .names import name_key
from .rulings import underpost
from .state import (
    KILLED,
    LEG_UP,
    NEUTRAL,
    NEUTRAL_BUTTON,
    REQUIRED_KINDS,
    KillButton,
    Owed,
    Player,
    Streak,
    TableState,
    dealer_index,
    in_button_gap,
    is_dealt_in,
    positions,
)
from .texts import outcome_keys
from .triggers import pot_triggers, streak_triggers

Result = tuple[tuple[int, ...], tuple[int, ...], int | None]  # high, low, scoop
# players barred at other tables: name key -> (owed amount, table name) (rules/room.py)
Elsewhere = Mapping[str, tuple[Cents, str]] | None
# what a handler gives back: the new state, the decisions, the hand's result (a hand only)
Step = tuple[TableState, list[Decision], Result | None]


class Say(Protocol):
    """Adds one decision of the hand being settled."""

    def __call__(
        self, code: str, seat: int | None, key: str, cites: tuple[str, ...], **params: Any
    ) -> None: ...


class Neutral(Protocol):
    """Says why the button goes to the middle and gives the neutral button."""

    def __call__(self, key: str, cites: tuple[str, ...], **params: Any) -> KillButton: ...


LOWBALL_GAMES = ("lowball-a5", "lowball-27", "razz")


class HandResult(tuple[tuple[int, ...], tuple[int, ...], int | None]):
    """(high, low, scoop) of a hand, with ``hands``: what each seat showed at a showdown
    (:class:`floorkill.cards.HandValue`), empty when the winners were typed."""

    hands: tuple[Any, ...] = ()


@dataclass(slots=True)
class Applied:
    """What one accepted event did: the new state, the decisions, the hand result, and
    the room stamp it was applied with (rules/room.py; None when it carried none)."""

    state: TableState
    decisions: list[Decision]
    result: Result | None
    event: Event
    room: tuple[Owed, ...] | None = None

    @property
    def hands(self) -> tuple[Any, ...]:
        """The showdown's hands in words (seat, value, joker use), or ()."""
        return getattr(self.result, "hands", ())


def apply(
    state: TableState,
    raw: Mapping[str, Any] | Event,
    barred_elsewhere: Mapping[str, tuple[Cents, str]] | None = None,
) -> Applied:
    """Apply one event. ``barred_elsewhere`` maps name keys of players barred at other
    tables to (owed amount, table name) so a join can be refused (rrop-13.6). An event's
    ``room`` stamp sets the bars of seated players at other tables first (rules/room.py)."""
    bare, stamp = room.split(raw)
    return apply_parsed(state, parse_event(bare, state.config.seats), stamp, barred_elsewhere)


def apply_parsed(
    state: TableState,
    event: Event,
    stamp: tuple[Owed, ...] | None = None,
    barred_elsewhere: Mapping[str, tuple[Cents, str]] | None = None,
) -> Applied:
    """:func:`apply` of an event already read (:func:`parse_event` of the raw event less
    its room stamp, and that stamp: :func:`room.split`). A reader that meets the same
    payload text again reads it once."""
    if stamp is not None:
        state = room.with_mirrors(state, stamp)
    if state.closed and event.type not in _WHILE_CLOSED:
        raise Refusal("table-closed", type=event.type)
    handler = _HANDLERS[event.type]
    new, decisions, result = handler(state, event, barred_elsewhere)
    new = room.drop_unseated(_settle(new, decisions))
    if decisions and not (state.button.status != NEUTRAL and new.button.status == NEUTRAL):
        decisions = _not_neutral(decisions)
    return Applied(new, decisions, result, event, stamp)


# ---------------------------------------------------------------------------
# helpers


def _name(state: TableState, seat: int | None) -> str:
    player = state.player(seat)
    return player.name if player is not None else "?"


def _seated(state: TableState, seat: int) -> Player:
    """The player the rules already know sits at ``seat``."""
    player = state.player(seat)
    assert player is not None, f"seat {seat} is empty"
    return player


def _blind(button: KillButton) -> Cents:
    """A killed button's kill blind (a killed button always has one)."""
    assert button.amount is not None, "a killed button without its kill blind"
    return button.amount


def _occupied(state: TableState, seat: int) -> Player:
    player = state.player(seat)
    if player is None:
        raise Refusal("seat-empty", seat=seat)
    return player


def _set_player(players: tuple[Any, ...], seat: int, player: Player | None) -> tuple[Any, ...]:
    lst = list(players)
    lst[seat - 1] = player
    return tuple(lst)


def _sitting_out(players: tuple[Any, ...]) -> bool:
    """Whether a seated player sits out the kill pot (a loop: this runs every event)."""
    for player in players:
        if player is not None and player.sitting_out:
            return True
    return False


def _waiting(players: tuple[Player | None, ...]) -> bool:
    """Whether a seated player waits for the dealer button to pass."""
    for player in players:
        if player is not None and player.waiting:
            return True
    return False


def _not_neutral(decisions: list[Decision]) -> list[Decision]:
    """A `neutral` decision appears exactly when the button becomes neutral (docs/rules.md 6): when
    the event leaves the button neutral as it was, or a later rule of the same event places
    it (a returning leg credit, an agreed or owed kill), the decision keeps its text and
    clauses under another code."""
    for decision in decisions:
        if decision.code == "neutral":
            break
    else:
        return decisions
    return [
        Decision(
            "leg-lost" if decision.key == "leg-holder-quit" else "no-kill",
            decision.seat,
            decision.key,
            decision.params,
            decision.cites,
        )
        if decision.code == "neutral"
        else decision
        for decision in decisions
    ]


def _new(state: TableState, **changes: Any) -> TableState:
    """``state`` after one more event, with ``changes`` (field name -> value). Every field
    named, as a hand names them (cheaper than dataclasses.replace: verify's budget)."""
    fields: dict[str, Any] = {
        "config": state.config,
        "players": state.players,
        "button": state.button,
        "hands": state.hands,
        "dealer_pos": state.dealer_pos,
        "barred": state.barred,
        "credits": state.credits,
        "agreed": state.agreed,
        "held_seat": state.held_seat,
        "events": state.events + 1,
        "closed": state.closed,
        "streak": state.streak,
    }
    fields.update(changes)
    return TableState(**fields)


def _leg_of(button: KillButton) -> KillButton:
    """The button as it would stand without this hand's kill (docs/rules.md 5.5, 5.7)."""
    if button.status == KILLED and button.leg_seat is not None:
        return _leg_up_button(button.leg_seat, button.leg_player)
    return NEUTRAL_BUTTON


def _leg_holder(button: KillButton) -> tuple[int | None, str | None]:
    if button.status == LEG_UP:
        return button.seat, button.player
    if button.status == KILLED:
        return button.leg_seat, button.leg_player
    return None, None


def _kill(
    state: TableState,
    seat: int,
    kind: KillBy,
    amount: Cents | None = None,
    leg: tuple[int | None, str | None] = (None, None),
) -> KillButton:
    return KillButton(
        status=KILLED,
        seat=seat,
        player=_name(state, seat),
        kind=kind,
        amount=state.config.kill_blind if amount is None else amount,
        leg_seat=leg[0],
        leg_player=leg[1],
    )


def _new_leg_up(seat: int, player: str | None) -> KillButton:
    return KillButton(status=LEG_UP, seat=seat, player=player)


# most hands give the leg to their winner, or say what the button does, as hands before did
_leg_up_button: BuiltOnce[KillButton] = BuiltOnce(_new_leg_up, 1024)  # (seat, player)
_said: BuiltOnce[Decision] = BuiltOnce(Decision, 4096)  # (code, seat, key, params, cites)


def _leg_up(state: TableState, seat: int) -> KillButton:
    return _leg_up_button(seat, _name(state, seat))


def _miss_kill(
    state: TableState, button: KillButton, decisions: list[Decision]
) -> tuple[Owed, ...]:
    """A bound killer did not post (rrop-13.6): barred, or owing under wsop-197."""
    name = button.player or "?"
    amount = button.amount or state.config.kill_blind
    mode = OwedMode(state.config.kill.missed_kill)
    if mode == OwedMode.BARRED:
        decisions.append(
            Decision(
                "barred",
                button.seat,
                "barred",
                (("name", name), ("amount", amount)),
                ("rrop-13.6",),
            )
        )
    else:
        decisions.append(
            Decision(
                "owes",
                button.seat,
                "owes-later",
                (("name", name), ("amount", amount)),
                ("wsop-197",),
            )
        )
    key = name_key(name)
    others = tuple(
        bar for bar in state.barred if bar.table is not None or name_key(bar.player) != key
    )
    return others + (Owed(player=name, owes=amount, mode=mode),)


# ---------------------------------------------------------------------------
# hand


def _result(state: TableState, ev: Hand) -> Result:
    cfg = state.config
    if ev.showdown is not None:
        from floorkill.cards import CardError
        from floorkill.cards import showdown as decide

        try:
            sd = decide(cfg.game, ev.showdown.board, dict(ev.showdown.hands), joker=cfg.joker)
        except CardError as exc:
            raise Refusal("bad-cards", reason=exc.phrase) from None
        out = HandResult((tuple(sd.high), tuple(sd.low), sd.scoop))
        out.hands = sd.values
        return out
    if ev.high is not None:
        if cfg.game not in HILO_GAMES:
            raise Refusal("high-low-not-hilo", game=cfg.game)
        high, low = ev.high, ev.low or ()
    else:
        high, low = ev.winners or (), ()
    scoop = high[0] if len(high) == 1 and (not low or low == high) else None
    return high, low, scoop


def _hand(
    state: TableState, ev: Hand, _ctx: Elsewhere
) -> tuple[TableState, list[Decision], Result]:
    cfg = state.config
    kill = cfg.kill
    dealt, dealer, players = _deal(state)
    if len(dealt) < 2:
        raise Refusal("too-few-players")
    if ev.showdown is not None:
        for seat, _cards in ev.showdown.hands:
            _check_winner(state, seat, dealt)
    result = _result(state, ev)
    high, low, scoop = result
    for seat in high:
        if seat not in dealt:  # a dealt-in seat is seated: nothing to check
            _check_winner(state, seat, dealt)
    for seat in low:
        if seat not in dealt:
            _check_winner(state, seat, dealt)
    if not high:
        raise Refusal("no-winner")

    decisions: list[Decision] = _explain(state, result) if ev.showdown is not None else []
    button = state.button
    barred = state.barred
    credits = state.credits

    # The kill of this hand: posted, or missed (docs/rules.md 5.5, 5.7). A missed kill leaves the
    # hand at the ordinary limits and the leg where it was; a bound killer who missed is
    # barred (or owes), and was not dealt in; a voluntary one changes nothing else.
    was_killed = button.killed
    killed_now = was_killed and ev.kill_posted
    if was_killed and not ev.kill_posted:
        if button.kind in REQUIRED_KINDS:
            if button.seat in (*high, *low):
                raise Refusal(
                    "missed-killer-won", ("rrop-13.6",), seat=button.seat, name=button.player
                )
            barred = _miss_kill(state, button, decisions)
        else:
            decisions.append(
                Decision(
                    "kill-not-posted",
                    button.seat,
                    "voluntary-not-posted",
                    (("name", button.player or "?"),),
                    ("rrop-13.10", "rrop-13.6"),
                )
            )
        before = _leg_of(button)
    elif was_killed and button.kind == KillBy.OWED:
        key = name_key(button.player or "")
        barred = tuple(
            bar for bar in barred if bar.table is not None or name_key(bar.player) != key
        )
        before = button
    else:
        before = button

    # both said: they must agree, unless the house alternate lets the pot answer
    # (_second_leg_by_pot, when at stake)
    if ev.won_beyond_blinds is not None and ev.qualifies is not None and cfg.second_leg_pot is None:
        minimum = _second_leg_min(state, killed_now)
        if (ev.won_beyond_blinds >= minimum) != ev.qualifies:
            raise Refusal("qualify-disagree", ("rrop-13.3",), minimum=minimum)

    # A leg holder who is away keeps the credit for the return (rrop-13.5).
    leg_seat, leg_name = _leg_holder(before)
    if (
        leg_seat is not None and leg_seat not in dealt
    ):  # away, barred, gone: not playing (rrop-13.5)
        holder = state.player(leg_seat)
        if leg_name and leg_name not in credits and holder is not None:
            credits = credits + (leg_name,)
        before = (
            KillButton(
                status=KILLED,
                seat=before.seat,
                player=before.player,
                kind=before.kind,
                amount=before.amount,
            )
            if before.killed
            else NEUTRAL_BUTTON
        )

    in_a_row = _in_a_row(state, scoop)
    if kill.kind == "none":
        new_button = NEUTRAL_BUTTON
    else:
        new_button = _next_button(
            state, ev, before, high, low, scoop, decisions, killed_now, in_a_row
        )

    # Agreed kills (rrop-13.12) wait for the first hand without a required kill (rrop-13.11,
    # docs/rules.md 5.8), one a hand, in the order agreed.
    agreed = (
        tuple(seat for seat in state.agreed if state.player(seat) is not None)
        if state.agreed
        else ()
    )
    if agreed:
        seat = agreed[0]
        agreer = _seated(state, seat)
        if new_button.status == KILLED:
            decisions.append(
                Decision(
                    "agreement-waits",
                    seat,
                    "agreement-waits",
                    (("name", agreer.name),),
                    ("rrop-13.11", "rrop-13.12"),
                )
            )
        else:
            leg = (
                (new_button.seat, new_button.player)
                if new_button.status == LEG_UP
                else (None, None)
            )
            new_button = _kill(state, seat, KillBy.AGREED, leg=leg)
            decisions.append(
                Decision(
                    "kill",
                    seat,
                    "agreed-kill",
                    (("name", agreer.name), ("amount", _blind(new_button))),
                    ("rrop-13.12",),
                )
            )
            agreed = agreed[1:]

    # every field of the state, named (cheaper than dataclasses.replace: verify's budget)
    new = TableState(
        config=cfg,
        players=players,
        button=new_button,
        hands=state.hands + 1,
        dealer_pos=(dealer % cfg.seats) + 1 if dealer is not None else state.dealer_pos,
        barred=barred,
        credits=credits,
        agreed=agreed,
        held_seat=None,
        events=state.events + 1,
        closed=state.closed,
        streak=_streak_after(state, scoop, in_a_row, new_button),
    )
    return new, decisions, result


def _deal(
    state: TableState,
) -> tuple[tuple[int, ...], int | None, tuple[Player | None, ...]]:
    """What a hand dealt now needs of the seats, in one look at each (verify's budget:
    bench/verify_bench.py): the seats dealt in and the dealer among them, by the predicate
    and the search :meth:`TableState.dealt_in` and :func:`positions` use (:func:`is_dealt_in`,
    :func:`dealer_index`), and the players after the deal, the same tuple when no one
    changed. Who is dealt is no longer new (rrop-13.12); who is not (away, barred, sitting
    out) misses the hand, and back in play may have to wait for the dealer button
    (room-dealer-button). A new player who sat out the kill pot still sits out the next one
    if it is killed too; _settle deals them in once the coming hand is not a kill pot."""
    barred = state.barred_names()
    dealt: list[int] = []
    buttons: list[int] = []  # dealt in and not waiting: the seats the button may land on
    after = list(state.players)
    changed = False
    for index, player in enumerate(state.players):
        if player is None:
            continue
        if is_dealt_in(player, barred):
            dealt.append(player.seat)
            if not player.waiting:  # dealt in while waiting: passed by, button and blinds
                buttons.append(player.seat)
            if player.new or player.entry:
                after[index] = replace(player, new=False, entry="posted" if player.entry else "")
                changed = True
        elif not player.missed and not player.waiting:
            after[index] = replace(player, missed=True)
            changed = True
    players = tuple(after) if changed else state.players
    dealer = (
        buttons[dealer_index(buttons, state.dealer_pos, state.config.seats)] if buttons else None
    )
    return tuple(dealt), dealer, players


def _in_a_row(state: TableState, winner: int | None) -> int:
    """How many pots in a row ``winner`` has won alone with this one (docs/rules.md 5.13):
    0 at a table with no streak trigger, or when nobody won alone."""
    if winner is None or not streak_triggers(state.config.kill.triggers):
        return 0
    streak = state.streak
    if streak is not None and name_key(streak.player) == name_key(_name(state, winner)):
        return streak.wins + 1
    return 1


def _streak_after(
    state: TableState, winner: int | None, in_a_row: int, button: KillButton
) -> Streak | None:
    """The streak the next hand continues: the winner's, unless nobody won alone or the
    winner must kill the next hand (the count starts again after a kill it is bound to;
    a required killer who wins again kills again, rrop-13.7)."""
    if winner is None or in_a_row == 0:
        return None
    if button.killed and button.seat == winner and button.kind == KillBy.REQUIRED:
        return None
    return Streak(_name(state, winner), in_a_row)


def _explain(state: TableState, result: Result) -> list[Decision]:
    """One `shows` decision a seat at a showdown: the hand in words, how the joker played
    (joker-1...joker-4) and what the hand took. The clauses: who won is who the kill button
    follows (rrop-13.0); lowball and hi-lo words (scoop, California and Kansas City
    lowball) are the glossary's (rrop-glossary)."""
    hands = getattr(result, "hands", ())
    if not hands:
        return []
    high, low, scoop = result
    cfg = state.config
    hilo = cfg.game in HILO_GAMES
    base = ("rrop-13.0", "rrop-glossary") if hilo or cfg.game in LOWBALL_GAMES else ("rrop-13.0",)
    out = []
    for shown in hands:
        part_high = ("takes" if len(high) == 1 else "shares") if shown.seat in high else None
        part_low = ("takes" if len(low) == 1 else "shares") if shown.seat in low else None
        cites = base + tuple(
            cite
            for cite in (shown.joker.cites if shown.joker is not None else ())
            if cite not in base
        )
        # language-neutral: what the hand was and took, put in words when shown
        params: list[tuple[str, str | int]] = [
            ("name", _name(state, shown.seat)),
            ("kind", shown.kind),
            ("key", shown.key),
        ]
        if shown.low is not None:
            params.append(("low_key", shown.low))
        if shown.joker is not None:
            params += [("joker", shown.joker.how), ("joker_as", shown.joker.card)]
        params.append(
            ("outcome", outcome_keys(hilo, part_high, part_low, scoop == shown.seat, not low))
        )
        out.append(Decision("shows", shown.seat, "shows", tuple(params), cites))
    return out


def _check_winner(state: TableState, seat: int, dealt: tuple[int, ...]) -> None:
    player = state.player(seat)
    if player is None:
        raise Refusal("seat-empty", seat=seat)
    if seat not in dealt:
        barred = room.winner_refusal(state, seat, player.name)  # rrop-13.6, naming the table
        if barred is not None:
            raise barred
        why = (
            "away"
            if player.away
            else "barred"
            if state.is_barred(player.name)
            else "waiting for the dealer button"
            if player.waiting
            else "sitting out the kill pot"
        )
        cites = (
            ("rrop-13.6",)
            if why == "barred"
            else ("room-dealer-button",)
            if player.waiting
            else ("rrop-13.12",)
            if player.sitting_out
            else ()
        )
        raise Refusal("not-dealt-in", cites, seat=seat, name=player.name, why=why)


def _second_leg_min(state: TableState, killed: bool) -> Cents:
    """One full bet at the limits actually played this hand (rrop-13.3, docs/rules.md 5.5), or the
    house amount."""
    cfg = state.config
    spec = cfg.kill.second_leg_minimum
    limits = cfg.killed_limits() if killed else cfg.bets
    if spec == "lower-bet":
        return min(limits) if cfg.structure == "spread" else limits[0]
    if spec == "upper-bet":
        return max(limits)
    return int(spec)


def _next_button(
    state: TableState,
    ev: Hand,
    before: KillButton,
    high: tuple[int, ...],
    low: tuple[int, ...],
    scoop: int | None,
    decisions: list[Decision],
    killed_now: bool,
    in_a_row: int,
) -> KillButton:
    cfg = state.config
    kill = cfg.kill
    two_pots = TriggerId.TWO_POTS in kill.triggers
    winner = scoop
    shared = (*high, *low)  # who won a share (membership only)

    # Pot-size triggers (rrop-13.8, house-scoop, house-big-pot): their records say the
    # minimum's option and what a kill they fire cites.
    fired: list[str] = []
    by_pot = pot_triggers(kill.triggers)
    if winner is not None and by_pot:
        if ev.pot is None:
            raise Refusal("pot-needed", by_pot[0].clauses)
        for trig in by_pot:
            if trig.minimum_option is not None and ev.pot >= cfg.minimum(trig.minimum_option):
                fired += trig.fired_cites
    # Streak triggers: the winner has won their number of pots in a row alone (5.13); none
    # can fire when in_a_row is 0 (nobody won alone, or the table has none).
    if in_a_row:
        for trig in streak_triggers(kill.triggers):
            if in_a_row >= trig.in_a_row:
                fired += [cite for cite in trig.fired_cites if cite not in fired]
    if fired and two_pots:
        fired.append("rrop-13.11")

    def say(code: str, seat: int | None, key: str, cites: tuple[str, ...], **params: Any) -> None:
        decisions.append(_said(code, seat, key, tuple(params.items()), cites))

    def neutral(key: str, cites: tuple[str, ...], **params: Any) -> KillButton:
        say("neutral", None, key, cites, **params)
        return NEUTRAL_BUTTON

    # Killed by a bound killer (docs/rules.md 5.2).
    if before.status == KILLED and before.kind == KillBy.REQUIRED:
        killer = before.seat
        assert killer is not None, "a killed button without its killer"
        kname = before.player
        if winner == killer:
            # rrop-13.7: wins again -> kills again; in scoop games "wins" means a qualifying scoop.
            if two_pots or fired or TriggerId.SCOOP not in kill.triggers:
                again = _kill(state, killer, KillBy.REQUIRED, before.amount)
                say(
                    "kill-again",
                    killer,
                    "kill-again",
                    ("rrop-13.7", *fired),
                    name=kname,
                    amount=_blind(again),
                )
                return again
            return neutral(
                "killer-scoop-too-small",
                ("rrop-13.8",),
                name=kname,
                minimum=cfg.minimum("scoop_minimum"),
            )
        if killer in shared:
            if two_pots and kill.split_by_killer == "kills-again":
                again = _kill(state, killer, KillBy.REQUIRED, before.amount)
                say(
                    "kill-again",
                    killer,
                    "killer-split-kills-again",
                    ("rrop-13.4",),
                    name=kname,
                    amount=_blind(again),
                )
                return again
            if two_pots:
                return neutral("killer-split-neutral", ("house-natural",), name=kname)
            return neutral("split-no-kill", _sole_winner_clauses(kill.triggers), name=kname)
        if winner is not None:
            return _ordinary_win(state, winner, fired, two_pots, say)
        return neutral("split-neutral", ("rrop-13.1c",))

    # Neutral, leg up, or killed by a voluntary, agreed or owed kill (docs/rules.md 5.3–5.5, 5.7).
    leg_seat, lname = _leg_holder(before)
    if winner is not None:
        if winner == leg_seat and not fired and two_pots:
            # winner is the leg holder
            return _second_leg(state, ev, winner, lname, say, neutral, killed_now)
        return _ordinary_win(state, winner, fired, two_pots, say)
    if leg_seat is not None and leg_seat in shared and two_pots:
        if kill.split_with_leg == "keeps":
            say("leg-up", leg_seat, "split-keeps-leg", ("rrop-13.4",), name=lname)
            return _leg_up(state, leg_seat)
        return neutral("split-leg-neutral", ("house-natural",), name=lname)
    if before.status == KILLED and before.seat in shared and not two_pots:
        # The killer shared the pot: what decides is that only a sole winner kills (the
        # scoop or big-pot requirement), not rrop-13.1c (nobody with the button shared).
        return neutral("split-no-kill", _sole_winner_clauses(kill.triggers), name=before.player)
    return neutral("split-neutral", ("rrop-13.1c",))


def _sole_winner_clauses(triggers: tuple[str, ...]) -> tuple[str, ...]:
    cites = tuple(cite for trig in pot_triggers(triggers) for cite in trig.fired_cites)
    return cites or ("rrop-13.0",)


def _ordinary_win(
    state: TableState, winner: int, fired: list[str], two_pots: bool, say: Say
) -> KillButton:
    name = _name(state, winner)
    if fired:
        killed = _kill(state, winner, KillBy.REQUIRED)
        say("kill", winner, "kill-trigger", tuple(fired), name=name, amount=_blind(killed))
        return killed
    if two_pots:
        say("leg-up", winner, "leg-up", ("rrop-13.3",), name=name)
        return _leg_up_button(winner, name)
    cfg = state.config
    by_pot = pot_triggers(cfg.kill.triggers)
    if not by_pot or by_pot[0].minimum_option is None:
        say("neutral", None, "no-required-kill", ("rrop-13.0",), name=name)
    else:  # the first pot-size trigger of the table says how big a pot kills
        say(
            "neutral",
            None,
            "no-kill-small-pot",
            by_pot[0].clauses,
            name=name,
            minimum=cfg.minimum(by_pot[0].minimum_option),
        )
    return NEUTRAL_BUTTON


def _second_leg(
    state: TableState,
    ev: Hand,
    leg_seat: int,
    lname: str | None,
    say: Say,
    neutral: Neutral,
    killed_now: bool,
) -> KillButton:
    kill = state.config.kill
    # A walk (house-natural): the walk option is the flop rule's own question, "what
    # happens to the leg when the flop rule stops a second win", so it applies only with
    # second_leg_needs_flop. Without the flop rule a flopless second win is weighed like
    # any other (by money or by pot size), whichever walk value the table has (one reading
    # for both values).
    if not ev.flop and kill.second_leg_needs_flop:
        if kill.walk == "keeps":
            say("leg-up", leg_seat, "walk-keeps", ("house-natural",), name=lname)
            return _leg_up(state, leg_seat)
        return neutral("walk-neutral", ("house-natural",), name=lname)
    pot_size = state.config.second_leg_pot
    if pot_size is not None:
        return _second_leg_by_pot(state, ev, leg_seat, lname, pot_size, say, neutral)
    minimum = _second_leg_min(state, killed_now)
    if ev.qualifies is not None:
        ok = ev.qualifies
    elif ev.won_beyond_blinds is not None:
        ok = ev.won_beyond_blinds >= minimum
    else:
        raise Refusal(
            "second-leg-question",
            ("rrop-13.3",),
            seat=leg_seat,
            name=lname,
            minimum=minimum,
        )
    if ok:
        cites = ("rrop-13.3", "house-natural") if kill.second_leg_needs_flop else ("rrop-13.3",)
        killed = _kill(state, leg_seat, KillBy.REQUIRED)
        say("kill", leg_seat, "second-leg-kill", cites, name=lname, amount=_blind(killed))
        return killed
    if kill.unqualified_second_win == "keeps-leg":
        say(
            "leg-up",
            leg_seat,
            "second-leg-short",
            ("rrop-13.3", "rrop-glossary"),
            name=lname,
            minimum=minimum,
        )
        return _leg_up(state, leg_seat)
    return neutral("second-leg-short-neutral", ("house-button",), name=lname, minimum=minimum)


def _second_leg_by_pot(
    state: TableState,
    ev: Hand,
    leg_seat: int,
    lname: str | None,
    pot_size: Cents,
    say: Say,
    neutral: Neutral,
) -> KillButton:
    """The house alternate (house-natural): "a player must win a pot of a certain size to be
    set by the house for the pot to qualify as the second leg of a kill". The pot (uncalled
    bets excluded) is measured against the game's own limits, like the scoop and big-pot
    minimums; money beyond the blinds is not asked."""
    if ev.pot is not None and ev.qualifies is not None and (ev.pot >= pot_size) != ev.qualifies:
        raise Refusal("qualify-disagree-pot", ("house-natural",), minimum=pot_size)
    if ev.pot is not None:
        ok = ev.pot >= pot_size
    elif ev.qualifies is not None:
        ok = ev.qualifies
    else:
        raise Refusal(
            "second-leg-pot-question",
            ("house-natural",),
            seat=leg_seat,
            name=lname,
            minimum=pot_size,
        )
    if ok:
        killed = _kill(state, leg_seat, KillBy.REQUIRED)
        say(
            "kill",
            leg_seat,
            "second-leg-pot-kill",
            ("house-natural",),
            name=lname,
            amount=_blind(killed),
            minimum=pot_size,
        )
        return killed
    if state.config.kill.unqualified_second_win == "keeps-leg":
        say(
            "leg-up",
            leg_seat,
            "second-leg-pot-short",
            ("house-natural", "rrop-glossary"),
            name=lname,
            minimum=pot_size,
        )
        return _leg_up(state, leg_seat)
    return neutral(
        "second-leg-pot-short-neutral",
        ("house-natural", "house-button"),
        name=lname,
        minimum=pot_size,
    )


# ---------------------------------------------------------------------------
# players


def _voluntary_check(
    state: TableState, seat: int, stack: Cents | None, cards_seen: int, cards_dealt: int
) -> None:
    cfg = state.config
    kill = cfg.kill
    if not kill.voluntary:
        raise Refusal("voluntary-off", ("rrop-13.10",))
    if state.button.killed:
        raise Refusal(
            "one-kill-per-deal", ("rrop-13.11",), name=state.button.player, seat=state.button.seat
        )
    if cards_seen > kill.voluntary_cards:
        raise Refusal(
            "voluntary-too-many-seen",
            ("rrop-13.10",),
            seen=cards_seen,
            allowed=kill.voluntary_cards,
        )
    if cards_dealt > kill.voluntary_cards:
        raise Refusal(
            "voluntary-closed", ("rrop-13.10",), dealt=cards_dealt, allowed=kill.voluntary_cards
        )
    need = 4 * cfg.kill_blind
    if stack is None:
        raise Refusal(
            "voluntary-stack-unknown",
            ("rrop-13.10",),
            seat=seat,
            need=need,
            blind=cfg.kill_blind,
        )
    if stack < need:
        raise Refusal(
            "voluntary-stack-short",
            ("rrop-13.10",),
            stack=stack,
            need=need,
            blind=cfg.kill_blind,
        )


def _voluntary_kill(state: TableState, ev: VoluntaryKill, _ctx: Elsewhere) -> Step:
    player = _occupied(state, ev.seat)
    if ev.seat not in state.dealt_in():
        _check_winner(state, ev.seat, state.dealt_in())
    _voluntary_check(state, ev.seat, player.stack, ev.cards_seen, ev.cards_dealt)
    killed = _kill(state, ev.seat, KillBy.VOLUNTARY, leg=_leg_holder(state.button))
    decision = Decision(
        "kill",
        ev.seat,
        "voluntary-kill",
        (("name", player.name), ("amount", _blind(killed))),
        ("rrop-13.10",),
    )
    return _new(state, button=killed), [decision], None


def _join(state: TableState, ev: Join, ctx: Elsewhere) -> Step:
    cfg = state.config
    if state.player(ev.seat) is not None:
        raise Refusal("seat-taken", seat=ev.seat, name=_name(state, ev.seat))
    if state.held_seat == ev.seat:
        raise Refusal("seat-held", ("rrop-13.6",), seat=ev.seat, name=state.button.player)
    if state.seat_of(ev.name) is not None:
        raise Refusal("name-taken", name=ev.name, seat=state.seat_of(ev.name))
    owed = state.owed(ev.name)
    if owed is not None and owed.mode == OwedMode.BARRED:
        raise Refusal(
            "join-barred",
            ("rrop-13.6",),
            name=ev.name,
            amount=owed.owes,
            table=owed.table or cfg.name,  # the table the kill is owed at
        )
    if ctx:
        other = ctx.get(name_key(ev.name))
        if other is not None:
            raise Refusal(
                "join-barred",
                ("rrop-13.6",),
                name=ev.name,
                amount=other[0],
                table=other[1],
            )
    decisions: list[Decision] = []
    player = Player(seat=ev.seat, name=ev.name, stack=ev.stack, new=True)
    button = state.button
    agreed = state.agreed
    if button.killed:
        if ev.posts_kill:
            raise Refusal(
                "one-kill-per-deal", ("rrop-13.11",), name=button.player, seat=button.seat
            )
        if cfg.kill.new_player == "may-sit":
            decisions.append(
                Decision(
                    "dealt-in", ev.seat, "new-player-may-sit", (("name", ev.name),), ("wsop-201",)
                )
            )
        elif ev.agrees_to_kill:
            # Several agreements queue in the order made, one kill a hand (docs/rules.md 5.8).
            agreed = agreed + (ev.seat,)
            decisions.append(
                Decision(
                    "agrees-to-kill",
                    ev.seat,
                    "agrees-to-kill",
                    (("name", ev.name), ("amount", cfg.kill_blind)),
                    ("rrop-13.12",),
                )
            )
        else:
            player = replace(player, sitting_out=True)
            decisions.append(
                Decision(
                    "not-dealt-in",
                    ev.seat,
                    "new-player-sits-out",
                    (("name", ev.name),),
                    ("rrop-13.12",),
                )
            )
    elif ev.posts_kill:
        _voluntary_check(state, ev.seat, ev.stack, 0, 0)
    if not ev.posts_kill and not player.sitting_out and ev.seat not in agreed:
        player = _wait_for_the_button(state, player, decisions)
    players = _set_player(state.players, ev.seat, player)
    new = _new(state, players=players, agreed=agreed)
    if ev.posts_kill and not button.killed:
        killed = _kill(new, ev.seat, KillBy.VOLUNTARY, leg=_leg_holder(button))
        new = _new(new, button=killed, events=new.events)
        decisions.append(
            Decision(
                "kill",
                ev.seat,
                "voluntary-kill",
                (("name", ev.name), ("amount", _blind(killed))),
                ("rrop-13.10",),
            )
        )
    return new, decisions, None


def _leave(
    state: TableState, seat: int, posts_kill: bool, decisions: list[Decision], quitting: bool
) -> tuple[KillButton, tuple[Owed, ...], int | None]:
    """What happens to the kill button when ``seat`` steps away or quits."""
    button = state.button
    barred = state.barred
    held = state.held_seat
    player = _seated(state, seat)
    if button.killed and button.seat == seat:
        bound = button.kind in REQUIRED_KINDS
        if posts_kill:
            decisions.append(
                Decision(
                    "kill",
                    seat,
                    "kill-stays-quit" if quitting else "kill-stays-away",
                    (("name", player.name), ("amount", _blind(button))),
                    ("rrop-13.6",) if bound else ("rrop-13.10",),
                )
            )
            if quitting:
                held = seat
        else:
            # No kill this hand: the leg stays where it was (docs/rules.md 5.5, 5.7), on this path
            # as on the hand's `kill_posted = false`.
            if bound:
                barred = _miss_kill(state, button, decisions)
            else:
                decisions.append(
                    Decision(
                        "withdrawn",
                        seat,
                        "voluntary-withdrawn",
                        (("name", player.name),),
                        ("rrop-13.10",),
                    )
                )
            cites = ("rrop-13.6",) if bound else ("rrop-13.10",)
            button = _leg_of(button)
            if button.status == LEG_UP and not (quitting and button.seat == seat):
                decisions.append(
                    Decision(
                        "leg-up",
                        button.seat,
                        "kill-gone-leg-stays",
                        (("name", button.player),),
                        (*cites, "rrop-13.3"),
                    )
                )
            else:
                decisions.append(Decision("neutral", None, "kill-gone-neutral", (), cites))
    if quitting:
        holder, _name_held = _leg_holder(button)
        if holder == seat:
            if button.status == LEG_UP:
                button = NEUTRAL_BUTTON
                decisions.append(
                    Decision(
                        "neutral",
                        seat,
                        "leg-holder-quit",
                        (("name", player.name),),
                        ("rrop-13.1b",),
                    )
                )
            else:
                button = KillButton(
                    status=KILLED,
                    seat=button.seat,
                    player=button.player,
                    kind=button.kind,
                    amount=button.amount,
                )
                decisions.append(
                    Decision(
                        "leg-lost",
                        seat,
                        "leg-holder-quit-killed",
                        (("name", player.name), ("killer", button.player)),
                        ("rrop-13.1b",),
                    )
                )
    elif button.status == LEG_UP and button.seat == seat:
        decisions.append(
            Decision("leg-up", seat, "leg-kept-away", (("name", player.name),), ("rrop-13.5",))
        )
    return button, barred, held


def _away(state: TableState, ev: Away, _ctx: Elsewhere) -> Step:
    player = _occupied(state, ev.seat)
    if player.away:
        raise Refusal("already-away", seat=ev.seat, name=player.name)
    decisions: list[Decision] = []
    button, barred, held = _leave(state, ev.seat, ev.posts_kill, decisions, quitting=False)
    players = _set_player(state.players, ev.seat, replace(player, away=True))
    return (
        _new(state, players=players, button=button, barred=barred, held_seat=held),
        decisions,
        None,
    )


def _back(state: TableState, ev: Back, _ctx: Elsewhere) -> Step:
    player = _occupied(state, ev.seat)
    if not player.away:
        raise Refusal("not-away", seat=ev.seat, name=player.name)
    owed = room.bar_of(state, player.name)
    if owed is not None:
        raise room.back_refusal(owed)
    decisions: list[Decision] = []
    back = replace(player, away=False)
    if player.missed:
        back = replace(back, missed=False)
        if not (state.button.killed and state.button.seat == ev.seat):  # a killer posts anyway
            back = _wait_for_the_button(state, back, decisions)
    players = _set_player(state.players, ev.seat, back)
    button = state.button
    credits = state.credits
    if player.name in credits:
        if button.status == NEUTRAL and not back.waiting:
            credits = tuple(credit for credit in credits if credit != player.name)
            button = _leg_up_button(ev.seat, player.name)
            decisions.append(
                Decision(
                    "leg-up",
                    ev.seat,
                    "leg-returns",
                    (("name", player.name),),
                    ("rrop-13.5", "house-natural"),
                )
            )
        else:
            decisions.append(
                Decision(
                    "leg-credit",
                    ev.seat,
                    "leg-credit-waits",
                    (("name", player.name),),
                    ("rrop-13.5", "house-natural"),
                )
            )
    return _new(state, players=players, button=button, credits=credits), decisions, None


def _wait_for_the_button(state: TableState, player: Player, decisions: list[Decision]) -> Player:
    """``player`` taking their seat now: waiting when the seat lies between the last dealer
    and the coming big blind (room-dealer-button: the button never moves backwards, nobody
    posts the same blind twice running because someone sat down)."""
    if not in_button_gap(state, player.seat):
        return replace(player, entry="") if player.entry else player
    if state.config.kill.button_gap == "posts":
        decisions.append(
            Decision(
                "posts",
                player.seat,
                "posts-to-come-in",
                (("name", player.name), ("amount", state.config.blinds[1])),
                ("room-dealer-button",),
            )
        )
        return replace(player, waiting=True, entry="posts")
    decisions.append(
        Decision(
            "not-dealt-in",
            player.seat,
            "waits-for-the-button",
            (("name", player.name),),
            ("room-dealer-button",),
        )
    )
    return replace(player, waiting=True)


def _quit(state: TableState, ev: Quit, _ctx: Elsewhere) -> Step:
    player = _occupied(state, ev.seat)
    decisions: list[Decision] = []
    button, barred, held = _leave(state, ev.seat, ev.posts_kill, decisions, quitting=True)
    credits = tuple(credit for credit in state.credits if credit != player.name)
    agreed = state.agreed
    if ev.seat in agreed:
        agreed = tuple(seat for seat in agreed if seat != ev.seat)
        decisions.append(
            Decision(
                "agreement-lapses",
                ev.seat,
                "agreement-lapses-quit",
                (("name", player.name),),
                ("rrop-13.12",),
            )
        )
    players = _set_player(state.players, ev.seat, None)
    streak = state.streak  # a streak ends when its player quits (docs/rules.md 5.13)
    if streak is not None and name_key(streak.player) == name_key(player.name):
        streak = None
    return (
        _new(
            state,
            players=players,
            button=button,
            barred=barred,
            held_seat=held,
            credits=credits,
            agreed=agreed,
            streak=streak,
        ),
        decisions,
        None,
    )


def _move(state: TableState, ev: Move, _ctx: Elsewhere) -> Step:
    """A seat change at this table (rrop-13.1b: a seat change is not quitting the game). The
    player takes everything along: the leg or the kill (the button's seat follows), a leg
    credit and an owed kill (kept by name), an agreement to kill, away status."""
    player = _occupied(state, ev.from_seat)
    to = ev.to_seat
    if state.player(to) is not None:
        raise Refusal("seat-taken", seat=to, name=_name(state, to))
    if state.held_seat == to:
        raise Refusal("seat-held", ("rrop-13.6",), seat=to, name=state.button.player)
    players = _set_player(state.players, ev.from_seat, None)
    players = _set_player(players, to, replace(player, seat=to))

    def moved(seat: int | None) -> int | None:
        return to if seat == ev.from_seat else seat

    before = state.button
    button = replace(before, seat=moved(before.seat), leg_seat=moved(before.leg_seat))
    agreed = tuple(moved(seat) for seat in state.agreed)
    decisions = [
        Decision(
            "moved",
            to,
            "moved",
            (("name", player.name), ("from", ev.from_seat), ("to", to)),
            ("rrop-13.1b",),
        )
    ]
    new = _new(state, players=players, button=button, agreed=agreed)
    mover = new.player(to)
    if mover is not None and (mover.waiting or to in new.dealt_in()):
        # A seat the blinds have passed is taken as a newcomer takes it (room-dealer-button:
        # otherwise a move into it dodges the blinds and the same players post them twice
        # running); a killer posts the kill wherever they sit.
        if button.killed and button.seat == to:
            waiting = replace(mover, waiting=False, entry="")
        else:
            waiting = _wait_for_the_button(new, replace(mover, waiting=False, entry=""), decisions)
        if waiting != mover:
            new = _new(new, players=_set_player(new.players, to, waiting), events=new.events)
    return new, decisions, None


def _stack(state: TableState, ev: Stack, _ctx: Elsewhere) -> Step:
    player = _occupied(state, ev.seat)
    players = _set_player(state.players, ev.seat, replace(player, stack=ev.amount))
    return _new(state, players=players), [], None


def _pay_kill(state: TableState, ev: PayKill, _ctx: Elsewhere) -> Step:
    owed = state.owed(ev.name)
    if owed is None:
        raise Refusal("nothing-owed", name=ev.name)
    if owed.table is not None:
        raise room.pay_elsewhere_refusal(owed)
    kill_button = state.button
    if (
        kill_button.killed
        and kill_button.kind == KillBy.OWED
        and name_key(kill_button.player or "") == name_key(owed.player)
    ):
        # wsop-197: the owed kill is paid by posting it at the first chance; once it is the
        # coming hand's kill, that post is the payment (paying too would take it twice).
        raise Refusal(
            "owed-kill-being-posted",
            ("wsop-197",),
            name=owed.player,
            amount=owed.owes,
        )
    barred = tuple(bar for bar in state.barred if bar is not owed)
    seat = state.seat_of(owed.player)
    decision = Decision(
        "paid",
        seat,
        "kill-paid",
        (("name", owed.player), ("amount", owed.owes)),
        ("rrop-13.6",) if owed.mode == OwedMode.BARRED else ("wsop-197",),
    )
    # back in play: one who missed hands while barred waits for the button as anyone coming
    # back does (room-dealer-button, _settle)
    return _new(state, barred=barred), [decision], None


def _underpost(state: TableState, ev: Underpost, _ctx: Elsewhere) -> Step:
    _occupied(state, ev.seat)
    if not state.button.killed:
        raise Refusal("underpost-not-killed", ("rrop-13.9",))
    return _new(state), [underpost(state, ev.seat)], None


def _close_table(state: TableState, ev: CloseTable, _ctx: Elsewhere) -> Step:
    if state.closed:
        raise Refusal("table-closed-already")
    kill_button = state.button
    params: tuple[tuple[str, Any], ...]
    if kill_button.killed:
        key, params = (
            "closed-kill-kept",
            (("name", kill_button.player or ""), ("seat", kill_button.seat)),
        )
    elif kill_button.status == LEG_UP:
        key, params = (
            "closed-leg-kept",
            (("name", kill_button.player or ""), ("seat", kill_button.seat)),
        )
    else:
        key, params = "closed", ()
    decision = Decision("table-closed", None, key, (("hands", state.hands),) + params, ())
    return _new(state, closed=True), [decision], None


def _reopen_table(state: TableState, ev: ReopenTable, _ctx: Elsewhere) -> Step:
    if not state.closed:
        raise Refusal("table-open-already")
    return (
        _new(state, closed=False),
        [Decision("table-reopened", None, "reopened", (("hands", state.hands),), ())],
        None,
    )


def _seal(state: TableState, ev: Seal, _ctx: Elsewhere) -> Step:
    return state, [], None  # the seal is the journal's: nothing of play changes


# a closed table takes only these: its reopening, a kill owed here being paid, the seal
_WHILE_CLOSED = frozenset({"reopen_table", "pay_kill", "seal"})

_HANDLERS: dict[str, Callable[..., tuple[TableState, list[Decision], Any]]] = {
    "close_table": _close_table,
    "reopen_table": _reopen_table,
    "seal": _seal,
    "hand": _hand,
    "join": _join,
    "away": _away,
    "back": _back,
    "quit": _quit,
    "voluntary_kill": _voluntary_kill,
    "pay_kill": _pay_kill,
    "stack": _stack,
    "underpost": _underpost,
    "move": _move,
}


# ---------------------------------------------------------------------------
# after every event


def _settle(state: TableState, decisions: list[Decision]) -> TableState:
    """Obligations that take effect by themselves: a returning leg credit when the button is
    neutral (rrop-13.5) and an owed kill posted at the first chance (wsop-197); a player back
    in play after missing hands waits for the dealer button (room-dealer-button), a new
    player sits out a killed pot (rrop-13.12)."""
    if not state.credits and not state.barred and _nobody_pending(state.players):
        return state  # nothing here takes effect by itself (verify's budget: most events)
    state, changed = _back_in_play(state, decisions)
    button = state.button
    credits = state.credits
    if credits:
        # A leg credit is used up once its holder has the button again (rrop-13.5).
        holders = {button.leg_player}
        if button.status == LEG_UP or (button.status == KILLED and button.kind == KillBy.REQUIRED):
            holders.add(button.player)
        if any(credit in holders for credit in credits):
            for name in credits:
                if name in holders:
                    decisions.append(
                        Decision(
                            "leg-credit",
                            state.seat_of(name),
                            "leg-credit-used",
                            (("name", name),),
                            ("rrop-13.5",),
                        )
                    )
            credits = tuple(credit for credit in credits if credit not in holders)
            changed = True
    if button.status == NEUTRAL and credits:
        playing = state.dealt_in()  # not away, not barred here or at another table
        for name in credits:
            seat = state.seat_of(name)
            player = state.player(seat)
            if player is not None and seat in playing:
                button = _leg_up_button(seat, player.name)
                credits = tuple(credit for credit in credits if credit != name)
                decisions.append(
                    Decision(
                        "leg-up",
                        seat,
                        "leg-returns",
                        (("name", player.name),),
                        ("rrop-13.5", "house-natural"),
                    )
                )
                changed = True
                break
    if (
        button.status != KILLED
        and state.barred
        and any(bar.mode == OwedMode.POST_LATER for bar in state.barred)
    ):
        probe = (
            state
            if not changed
            else _new(state, button=button, credits=credits, events=state.events)
        )
        dealt = probe.dealt_in()
        dealer, sb, bb = positions(probe, dealt)
        for bar in state.barred:
            if bar.mode != OwedMode.POST_LATER:
                continue
            seat = state.seat_of(bar.player)
            if seat is None or seat not in dealt or seat in (dealer, sb, bb):
                continue
            leg = (button.seat, button.player) if button.status == LEG_UP else (None, None)
            button = _kill(state, seat, KillBy.OWED, bar.owes, leg=leg)
            decisions.append(
                Decision(
                    "kill",
                    seat,
                    "owed-kill-posted",
                    (("name", bar.player), ("amount", bar.owes)),
                    ("wsop-197",),
                )
            )
            changed = True
            break
    players = state.players
    if _waiting(players):
        # released in seat order, each seen with those released before it
        seats = list(players)
        for index, player in enumerate(seats):
            if player is None or not player.waiting:
                continue
            probe = _new(
                state, players=tuple(seats), button=button, credits=credits, events=state.events
            )
            if not in_button_gap(probe, player.seat):
                seats[index] = replace(player, waiting=False, entry="")
        players = tuple(seats)
        changed = changed or players != state.players
    if (
        button.killed
        and button.kind != "voluntary"  # declared once the cards are out: they are dealt
        and state.config.kill.new_player != "may-sit"
        and any(player is not None and player.new and not player.sitting_out for player in players)
    ):
        # A kill placed between hands (an owed kill, a kill made by a hand a newcomer waited
        # out): a player never dealt a hand here is not entitled to play it (rrop-13.12).
        out = []
        for player in players:
            if (
                player is not None
                and player.new
                and not player.sitting_out
                and player.seat != button.seat
                and player.seat not in state.agreed
            ):
                decisions.append(
                    Decision(
                        "not-dealt-in",
                        player.seat,
                        "new-player-sits-out-kill",
                        (("name", player.name),),
                        ("rrop-13.12",),
                    )
                )
                player = replace(player, sitting_out=True)
            out.append(player)
        players = tuple(out)
        changed = changed or players != state.players
    if button.status != KILLED and _sitting_out(players):
        # nobody sits out a hand that is no longer a kill pot (rrop-13.12 applies to kill pots)
        players = tuple(
            replace(player, sitting_out=False) if player is not None else None for player in players
        )
        changed = True
    if not changed:
        return state
    new = _new(state, players=players, button=button, credits=credits, events=state.events)
    return _back_in_play(new, decisions)[0]


def _nobody_pending(players: tuple[Player | None, ...]) -> bool:
    """Whether no seated player missed hands, waits for the dealer button, is new or sits
    out the kill pot: then nothing of theirs can take effect by itself (:func:`_settle`)."""
    for player in players:
        if player is not None and (
            player.missed or player.waiting or player.new or player.sitting_out
        ):
            return False
    return True


def _back_in_play(state: TableState, decisions: list[Decision]) -> tuple[TableState, bool]:
    """Players who missed hands (away, barred here or at another table, sitting out a kill pot)
    and can play again now — a bar paid or lifted elsewhere, a kill pot over — take their
    seat as a newcomer does: waiting when it lies between the last dealer and the coming
    small blind (room-dealer-button). A killer posts the kill anyway. (`back` does the same
    for a player coming back from away, at once.)"""
    changed = False
    for player in state.players:
        if (
            player is None
            or not player.missed
            or player.away
            or player.sitting_out
            or player.waiting
        ):
            continue
        if state.is_barred(player.name):
            continue
        back = replace(player, missed=False)
        kill_button = state.button
        if not (kill_button.killed and kill_button.seat == player.seat):
            back = _wait_for_the_button(state, back, decisions)
        state = _new(
            state, players=_set_player(state.players, player.seat, back), events=state.events
        )
        changed = True
    return state, changed

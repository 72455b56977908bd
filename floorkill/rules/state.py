"""Table state: seats, the dealer button, the kill button, obligations.

Every state is immutable; :func:`floorkill.rules.engine.apply` returns a new one.
:func:`next_hand` describes the coming hand (dealer, blinds, posts, limits).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .codes import ButtonStatus, KillBy, OwedMode
from .config import BLINDLESS_GAMES, PlayerSpec, TableConfig
from .money import Cents, fmt
from .names import name_key

NEUTRAL, LEG_UP, KILLED = ButtonStatus.NEUTRAL, ButtonStatus.LEG_UP, ButtonStatus.KILLED
BUTTON_STATUSES = tuple(ButtonStatus)
# kills a player is bound to post (rrop-13.6)
REQUIRED_KINDS = (KillBy.REQUIRED, KillBy.OWED, KillBy.AGREED)


@dataclass(frozen=True, slots=True)
class Player:
    seat: int
    name: str
    stack: Cents | None = None
    away: bool = False
    sitting_out: bool = False  # joined into a kill pot without agreeing to kill (rrop-13.12)
    # sat down or came back between the last dealer and the coming big blind: not dealt in
    # until the button has passed the seat (room-dealer-button: it never moves backwards)
    waiting: bool = False
    # not dealt in (away, barred here or at another table, sitting out) while a hand was
    # played: back in play, may have to wait as above
    missed: bool = False
    new: bool = False  # joined and never dealt a hand here: sits out killed pots (rrop-13.12)
    # waiting, but dealt in under button_gap = "posts": "posts" a big blind the coming hand,
    # "posted" once dealt; the button and the blinds still pass the seat by ("" otherwise)
    entry: str = ""


@dataclass(frozen=True, slots=True)
class KillButton:
    """The kill button: neutral, leg up (face down) or killed (face up in the pot)."""

    status: ButtonStatus = NEUTRAL
    seat: int | None = None  # leg holder, or the killer
    player: str | None = None
    kind: KillBy | None = None  # killed: why
    amount: Cents | None = None  # killed: the kill blind
    leg_seat: int | None = None  # killed by a non-required kill: who keeps the leg
    leg_player: str | None = None

    @property
    def killed(self) -> bool:
        return self.status == KILLED


NEUTRAL_BUTTON = KillButton()


@dataclass(frozen=True, slots=True)
class Streak:
    """The pots one player has won alone in a row, kept only at a table with a streak
    trigger (rules/triggers.py ``in_a_row``; docs/rules.md 5.13)."""

    player: str
    wins: int


@dataclass(frozen=True, slots=True)
class Owed:
    """A kill a player failed to post (rrop-13.6) or owes to post later (wsop-197)."""

    player: str
    owes: Cents
    mode: OwedMode = OwedMode.BARRED
    table: str | None = None  # owed at another table of the room (rules/room.py)


@dataclass(frozen=True, slots=True)
class TableState:
    config: TableConfig
    players: tuple[Player | None, ...]  # index = seat - 1
    button: KillButton = NEUTRAL_BUTTON
    hands: int = 0
    dealer_pos: int = 1  # the dealer button stands at or before this seat
    barred: tuple[Owed, ...] = ()
    credits: tuple[str, ...] = ()  # leg credits of players who stepped away (rrop-13.5)
    agreed: tuple[int, ...] = ()  # seats that agreed to kill a pot, in order (rrop-13.12)
    held_seat: int | None = None  # seat of a killer who quit after posting
    events: int = 0  # events applied
    closed: bool = False  # closed for the night (close_table); nothing deleted
    streak: Streak | None = None  # a table with a streak trigger: who has won pots in a row

    # -- lookups ---------------------------------------------------------
    def player(self, seat: int | None) -> Player | None:
        if seat is None or not 1 <= seat <= len(self.players):
            return None
        return self.players[seat - 1]

    def seat_of(self, name: str) -> int | None:
        key = name_key(name)
        for player in self.players:
            if player is not None and name_key(player.name) == key:
                return player.seat
        return None

    def owed(self, name: str) -> Owed | None:
        """The kill ``name`` owes: at this table first, else at another (a room bar)."""
        key = name_key(name)
        found = None
        for bar in self.barred:
            if name_key(bar.player) == key:
                if bar.table is None:
                    return bar
                found = found or bar
        return found

    def is_barred(self, name: str) -> bool:
        key = name_key(name)
        return any(
            bar.mode == OwedMode.BARRED and name_key(bar.player) == key for bar in self.barred
        )

    def barred_names(self) -> frozenset[str]:
        """The name keys of the players barred from play here: an unposted kill
        (rrop-13.6), at this table or at another of the room."""
        return frozenset(name_key(bar.player) for bar in self.barred if bar.mode == OwedMode.BARRED)

    def dealt_in(self) -> tuple[int, ...]:
        """The seats dealt the coming hand, in seat order (:func:`is_dealt_in`)."""
        barred = self.barred_names()
        return tuple(
            player.seat
            for player in self.players
            if player is not None and is_dealt_in(player, barred)
        )

    @property
    def occupied(self) -> tuple[int, ...]:
        return tuple(player.seat for player in self.players if player is not None)


def is_dealt_in(player: Player, barred: frozenset[str]) -> bool:
    """Whether ``player`` is dealt the coming hand: not away, not sitting out, not barred
    (``barred``: :meth:`TableState.barred_names`), and not waiting for the dealer button
    unless entering by posting (button_gap = "posts", room-dealer-button)."""
    return (
        not player.away
        and not player.sitting_out
        and (not player.waiting or player.entry != "")
        and (not barred or name_key(player.name) not in barred)
    )


def dealer_index(seats: list[int] | tuple[int, ...], dealer_pos: int, table_seats: int) -> int:
    """Where the dealer button lands among ``seats`` (in seat order, not empty): the first
    of them at or after ``dealer_pos``, clockwise (docs/rules.md 5.11)."""
    pos = (dealer_pos - 1) % table_seats + 1
    for index, seat in enumerate(seats):
        if seat >= pos:
            return index
    return 0


def initial_state(config: TableConfig, players: tuple[PlayerSpec, ...] = ()) -> TableState:
    seats: list[Player | None] = [None] * config.seats
    for spec in players:
        seats[spec.seat - 1] = Player(seat=spec.seat, name=spec.name, stack=spec.stack)
    pos = config.button if config.button is not None else 1
    return TableState(config=config, players=tuple(seats), dealer_pos=pos)


@dataclass(frozen=True, slots=True)
class NextHand:
    """What the coming hand looks like."""

    killed: bool
    killer: int | None
    kill_blind: Cents | None
    kind: str | None
    limits: tuple[Cents, ...]
    blinds: tuple[Cents, ...]  # () in a game without blinds (stud, stud8, razz)
    killer_acts_last: bool
    dealer: int | None
    small_blind: int | None
    big_blind: int | None
    posts: dict[int, Cents]
    dealt_in: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "killed": self.killed,
            "killer": self.killer,
            "kill_blind": fmt(self.kill_blind) if self.kill_blind is not None else None,
            "limits": [fmt(limit) for limit in self.limits],
            "blinds": [fmt(blind) for blind in self.blinds],
            "killer_acts_last": self.killer_acts_last,
            "dealer": self.dealer,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "posts": {str(seat): fmt(amount) for seat, amount in sorted(self.posts.items())},
        }


def positions(
    state: TableState, dealt: tuple[int, ...] | None = None
) -> tuple[int | None, int | None, int | None]:
    """(dealer, small blind, big blind) seats for the coming hand (docs/rules.md 5.11).
    ``dealt``: the seats dealt in, in seat order (:meth:`TableState.dealt_in`)."""
    dealt = state.dealt_in() if dealt is None else dealt
    # a seat dealt in while waiting (button_gap = "posts") is passed by, button and blinds
    waiting = {player.seat for player in state.players if player is not None and player.waiting}
    if waiting:
        dealt = tuple([seat for seat in dealt if seat not in waiting])
    if not dealt:
        return None, None, None
    idx = dealer_index(dealt, state.dealer_pos, state.config.seats)
    dealer = dealt[idx]
    if len(dealt) < 2:
        return dealer, None, None
    if len(dealt) == 2:
        return dealer, dealer, dealt[(idx + 1) % 2]
    return dealer, dealt[(idx + 1) % len(dealt)], dealt[(idx + 2) % len(dealt)]


def in_button_gap(state: TableState, seat: int) -> bool:
    """Whether a player taking ``seat`` now would get the dealer button or a blind out of turn:
    the seat lies after the last hand's dealer and before the coming hand's small blind (seen
    without that player), clockwise (room-dealer-button). Never before the first hand, and
    never in a game without blinds."""
    cfg = state.config
    if state.hands == 0 or cfg.game in BLINDLESS_GAMES:
        return False
    dealt = tuple(other for other in state.dealt_in() if other != seat)
    _dealer, sb, bb = positions(state, dealt)
    if bb is None or sb is None:
        return False
    seats = cfg.seats
    last = (state.dealer_pos - 2) % seats + 1  # the seat before dealer_pos: the last dealer
    # Without this player the button goes to the last small blind and the small blind to the
    # last big blind; a seat before that small blind would take the button or a blind out of
    # turn. A seat after it takes the big blind in turn.
    return 0 < (seat - last) % seats < (sb - last) % seats


def killer_acts_last(state: TableState) -> bool:
    button = state.button
    if not button.killed:
        return False
    if button.kind == KillBy.VOLUNTARY:
        return True  # rrop-13.10
    return state.config.kill.killer_acts == "last"  # rrop-13.2 / house practice


def next_hand(state: TableState) -> NextHand:
    cfg = state.config
    dealt = state.dealt_in()
    dealer, sb, bb = positions(state, dealt)
    blindless = cfg.game in BLINDLESS_GAMES
    if blindless:  # stud games: antes and a bring-in, no blinds
        sb = bb = None
    button = state.button
    posts: dict[int, Cents] = {}
    if sb is not None:
        posts[sb] = cfg.blinds[0]
    if bb is not None:
        posts[bb] = cfg.blinds[1]
    for seat in dealt:  # posting a big blind to be dealt in at once (button_gap = "posts")
        player = state.players[seat - 1]
        if player is not None and player.entry == "posts":
            posts[seat] = cfg.blinds[1]
    if button.killed and button.seat is not None and button.amount is not None:
        if button.seat in posts and cfg.kill.killer_in_blind == "both":
            posts[button.seat] = posts[button.seat] + button.amount
        else:
            posts[button.seat] = button.amount
    return NextHand(
        killed=button.killed,
        killer=button.seat if button.killed else None,
        kill_blind=button.amount if button.killed else None,
        kind=button.kind if button.killed else None,
        limits=cfg.killed_limits() if button.killed else cfg.bets,
        blinds=() if blindless else cfg.blinds,
        killer_acts_last=killer_acts_last(state),
        dealer=dealer,
        small_blind=sb,
        big_blind=bb,
        posts=posts,
        dealt_in=dealt,
    )


def button_json(state: TableState) -> dict[str, Any]:
    button = state.button
    out: dict[str, Any] = {"status": button.status, "seat": button.seat, "player": button.player}
    if button.killed:
        out["kind"] = button.kind
        out["leg"] = (
            {"seat": button.leg_seat, "player": button.leg_player}
            if button.leg_player is not None
            else None
        )
    if state.credits:
        out["credits"] = list(state.credits)
    return out


def barred_json(state: TableState) -> list[dict[str, Any]]:
    out = []
    for bar in state.barred:
        item: dict[str, Any] = {"player": bar.player, "owes": fmt(bar.owes)}
        if bar.mode != OwedMode.BARRED:
            item["mode"] = bar.mode
        if bar.table is not None:
            item["table"] = bar.table
        out.append(item)
    return out

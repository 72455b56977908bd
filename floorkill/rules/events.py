"""Events: the ordered facts a session is made of (docs/rules.md section 4).

:func:`parse_event` turns a raw mapping (from TOML, JSON or the app) into a typed,
validated event, or raises :class:`Refusal`. ``event.to_dict()`` gives the
canonical mapping back: what the journal stores and what export writes.
"""

from __future__ import annotations

from collections.abc import Mapping  # not typing's alias: isinstance through it is slow
from dataclasses import dataclass
from typing import Any

from floorkill.i18n import N_, Phrase

from .built_once import BuiltOnce
from .codes import EventType
from .decisions import Refusal
from .money import Cents, MoneyError, parse_amount, to_toml
from .names import NameError_, validate_name

Seats = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Showdown:
    board: str | None
    hands: tuple[tuple[int, str], ...]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.board is not None:
            out["board"] = self.board
        out["hands"] = {str(seat): cards for seat, cards in self.hands}
        return out


@dataclass(frozen=True, slots=True)
class Hand:
    """The result of one hand."""

    winners: Seats | None = None  # `winner` / `winners`
    high: Seats | None = None  # hi-lo: seats that won the high half
    low: Seats | None = None  # hi-lo: seats that won the low half; () = no qualifying low
    showdown: Showdown | None = None
    pot: Cents | None = None
    won_beyond_blinds: Cents | None = None
    qualifies: bool | None = None
    flop: bool = True
    kill_posted: bool = True
    type = EventType.HAND

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"type": "hand"}
        if self.showdown is not None:
            doc["showdown"] = self.showdown.to_dict()
        elif self.high is not None:
            doc["high"] = list(self.high)
            doc["low"] = list(self.low or ())
        elif self.winners is not None:
            if len(self.winners) == 1:
                doc["winner"] = self.winners[0]
            else:
                doc["winners"] = list(self.winners)
        if self.pot is not None:
            doc["pot"] = to_toml(self.pot)
        if self.won_beyond_blinds is not None:
            doc["won_beyond_blinds"] = to_toml(self.won_beyond_blinds)
        if self.qualifies is not None:
            doc["qualifies"] = self.qualifies
        if not self.flop:
            doc["flop"] = False
        if not self.kill_posted:
            doc["kill_posted"] = False
        return doc


@dataclass(frozen=True, slots=True)
class Join:
    seat: int
    name: str
    stack: Cents | None = None
    agrees_to_kill: bool = False
    posts_kill: bool = False
    # the barred player the floorperson was asked about and said this is not (a near match
    # of the name, rrop-13.6): kept with the join, decides nothing
    not_same_as: str | None = None
    type = EventType.JOIN

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"type": "join", "seat": self.seat, "name": self.name}
        if self.stack is not None:
            doc["stack"] = to_toml(self.stack)
        if self.agrees_to_kill:
            doc["agrees_to_kill"] = True
        if self.posts_kill:
            doc["posts_kill"] = True
        if self.not_same_as is not None:
            doc["not_same_as"] = self.not_same_as
        return doc


@dataclass(frozen=True, slots=True)
class Away:
    seat: int
    posts_kill: bool = True
    type = EventType.AWAY

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"type": "away", "seat": self.seat}
        if not self.posts_kill:
            doc["posts_kill"] = False
        return doc


@dataclass(frozen=True, slots=True)
class Back:
    seat: int
    type = EventType.BACK

    def to_dict(self) -> dict[str, Any]:
        return {"type": "back", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Quit:
    seat: int
    posts_kill: bool = True
    type = EventType.QUIT

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"type": "quit", "seat": self.seat}
        if not self.posts_kill:
            doc["posts_kill"] = False
        return doc


@dataclass(frozen=True, slots=True)
class VoluntaryKill:
    seat: int
    cards_seen: int = 2
    cards_dealt: int = 2
    type = EventType.VOLUNTARY_KILL

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"type": "voluntary_kill", "seat": self.seat}
        if self.cards_seen != 2:
            doc["cards_seen"] = self.cards_seen
        if self.cards_dealt != self.cards_seen:
            doc["cards_dealt"] = self.cards_dealt
        return doc


@dataclass(frozen=True, slots=True)
class PayKill:
    name: str
    type = EventType.PAY_KILL

    def to_dict(self) -> dict[str, Any]:
        return {"type": "pay_kill", "name": self.name}


@dataclass(frozen=True, slots=True)
class Stack:
    seat: int
    amount: Cents
    type = EventType.STACK

    def to_dict(self) -> dict[str, Any]:
        return {"type": "stack", "seat": self.seat, "amount": to_toml(self.amount)}


@dataclass(frozen=True, slots=True)
class Underpost:
    seat: int
    type = EventType.UNDERPOST

    def to_dict(self) -> dict[str, Any]:
        return {"type": "underpost", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Move:
    """A seat change at the same table (rrop-13.1b: not quitting the game): the player keeps
    the leg, a leg credit, an owed kill and away status."""

    from_seat: int
    to_seat: int
    type = EventType.MOVE

    def to_dict(self) -> dict[str, Any]:
        return {"type": "move", "from": self.from_seat, "to": self.to_seat}


@dataclass(frozen=True, slots=True)
class CloseTable:
    """The table is closed for the night: nothing is deleted, it only leaves the lists."""

    type = EventType.CLOSE_TABLE

    def to_dict(self) -> dict[str, Any]:
        return {"type": "close_table"}


@dataclass(frozen=True, slots=True)
class ReopenTable:
    type = EventType.REOPEN_TABLE

    def to_dict(self) -> dict[str, Any]:
        return {"type": "reopen_table"}


@dataclass(frozen=True, slots=True)
class Seal:
    """The shift's seal reached this table: the journal's chain head ``HASH@SEQ`` a shift
    report was made at. It changes nothing of play; a correction of a record before it
    asks for confirmation (docs/rules.md 4.1)."""

    head: str
    report: str | None = None
    type = EventType.SEAL

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "seal", "head": self.head}
        if self.report:
            out["report"] = self.report
        return out


Event = (
    Hand
    | Join
    | Away
    | Back
    | Quit
    | VoluntaryKill
    | PayKill
    | Stack
    | Underpost
    | Move
    | CloseTable
    | ReopenTable
    | Seal
)
EVENT_TYPES = {
    cls.type: cls
    for cls in (
        Hand,
        Join,
        Away,
        Back,
        Quit,
        VoluntaryKill,
        PayKill,
        Stack,
        Underpost,
        Move,
        CloseTable,
        ReopenTable,
        Seal,
    )
}
FIELDS = {
    "hand": (
        "winner",
        "winners",
        "high",
        "low",
        "showdown",
        "pot",
        "won_beyond_blinds",
        "qualifies",
        "flop",
        "kill_posted",
    ),
    "join": ("seat", "name", "stack", "agrees_to_kill", "posts_kill", "not_same_as"),
    "away": ("seat", "posts_kill"),
    "back": ("seat",),
    "quit": ("seat", "posts_kill"),
    "voluntary_kill": ("seat", "cards_seen", "cards_dealt", "third_card_dealt"),
    "pay_kill": ("name",),
    "stack": ("seat", "amount"),
    "underpost": ("seat",),
    "move": ("from", "to"),
    "close_table": (),
    "reopen_table": (),
    "seal": ("head", "report"),
}

_KNOWN = {etype: frozenset(("type", *fields)) for etype, fields in FIELDS.items()}
_HAND_FORMS = ("winner", "winners", "high", "showdown")


# ---------------------------------------------------------------------------
# parsing


def _seat(raw: Mapping[str, Any], key: str, seats: int) -> int:
    if key not in raw:
        raise Refusal("missing-field", field=key)
    value = raw[key]
    if type(value) is int and 1 <= value <= seats:  # the common case
        return value
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():  # not "²"
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refusal("bad-seat", value=repr(value), seats=seats)
    if not 1 <= value <= seats:
        raise Refusal("seat-out-of-range", seat=value, seats=seats)
    return value


def _seat_list(raw: Mapping[str, Any], key: str, seats: int, *, allow_empty: bool = False) -> Seats:
    value = raw[key]
    items = value if isinstance(value, list) else [value]
    if not items and not allow_empty:
        raise Refusal("empty-seats", field=key)
    out = tuple(_seat({key: item}, key, seats) for item in items)
    if len(set(out)) != len(out):
        raise Refusal("seat-twice", field=key)
    return tuple(sorted(out))


def _bool(raw: Mapping[str, Any], key: str, default: bool) -> bool:
    value = raw.get(key, default)
    if not isinstance(value, bool):
        raise Refusal("bad-bool", field=key, value=repr(value))
    return value


def _amount(raw: Mapping[str, Any], key: str, *, positive: bool = False) -> Cents | None:
    if key not in raw or raw[key] is None:
        return None
    try:
        cents = parse_amount(raw[key])
    except MoneyError as exc:
        raise Refusal("bad-amount", field=key, reason=exc.phrase) from None
    if positive and cents <= 0:
        raise Refusal("bad-amount", field=key, reason=Phrase(N_("must be more than zero")))
    return cents


def _int(raw: Mapping[str, Any], key: str, default: int, lo: int, hi: int) -> int:
    value = raw.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise Refusal("bad-number", field=key, value=repr(value), lo=lo, hi=hi)
    return value


def _other_name(raw: Mapping[str, Any], field: str) -> str | None:
    """An optional player name field (kept as validated, never decided on)."""
    if field not in raw:
        return None
    try:
        return validate_name(raw[field])
    except NameError_ as exc:
        raise Refusal("bad-name", reason=exc.phrase) from None


def parse_event(raw: Mapping[str, Any], seats: int) -> Event:
    """Validate the shape of one event (not yet its rules); raise :class:`Refusal`."""
    if type(raw) is not dict:  # a file's or the app's event is a dict
        if isinstance(
            raw,
            (
                Hand,
                Join,
                Away,
                Back,
                Quit,
                VoluntaryKill,
                PayKill,
                Stack,
                Underpost,
                Move,
                CloseTable,
                ReopenTable,
            ),
        ):
            return raw
        if not isinstance(raw, Mapping):
            raise Refusal("not-an-event")
    etype = raw.get("type")
    if not isinstance(etype, str) or etype not in FIELDS:
        raise Refusal("unknown-type", value=repr(etype), types=", ".join(FIELDS))
    known = _KNOWN[etype]
    for key in raw:
        if key not in known:
            allowed = FIELDS[etype]
            raise Refusal("unknown-field", field=key, type=etype, allowed=", ".join(allowed))
    if etype == "hand":
        return _parse_hand(raw, seats)
    if etype == "join":
        try:
            name = validate_name(raw.get("name"))
        except NameError_ as exc:
            raise Refusal("bad-name", reason=exc.phrase) from None
        return Join(
            seat=_seat(raw, "seat", seats),
            name=name,
            stack=_amount(raw, "stack"),
            agrees_to_kill=_bool(raw, "agrees_to_kill", False),
            posts_kill=_bool(raw, "posts_kill", False),
            not_same_as=_other_name(raw, "not_same_as"),
        )
    if etype == "away":
        return Away(seat=_seat(raw, "seat", seats), posts_kill=_bool(raw, "posts_kill", True))
    if etype == "back":
        return Back(seat=_seat(raw, "seat", seats))
    if etype == "quit":
        return Quit(seat=_seat(raw, "seat", seats), posts_kill=_bool(raw, "posts_kill", True))
    if etype == "voluntary_kill":
        seen = _int(raw, "cards_seen", 2, 0, 7)
        dealt = _int(raw, "cards_dealt", seen, 0, 7)
        if _bool(raw, "third_card_dealt", False):
            dealt = max(dealt, 3)
        if dealt < seen:
            raise Refusal("bad-cards-dealt", seen=seen, dealt=dealt)
        return VoluntaryKill(seat=_seat(raw, "seat", seats), cards_seen=seen, cards_dealt=dealt)
    if etype == "pay_kill":
        try:
            name = validate_name(raw.get("name"))
        except NameError_ as exc:
            raise Refusal("bad-name", reason=exc.phrase) from None
        return PayKill(name=name)
    if etype == "stack":
        amount = _amount(raw, "amount")
        if amount is None:
            raise Refusal("missing-field", field="amount")
        return Stack(seat=_seat(raw, "seat", seats), amount=amount)
    if etype == "move":
        move = Move(from_seat=_seat(raw, "from", seats), to_seat=_seat(raw, "to", seats))
        if move.from_seat == move.to_seat:
            raise Refusal("move-same-seat", seat=move.from_seat)
        return move
    if etype == "close_table":
        return CloseTable()
    if etype == "reopen_table":
        return ReopenTable()
    if etype == "seal":
        head, report = raw.get("head"), raw.get("report")
        if not isinstance(head, str) or not head.strip():
            raise Refusal("missing-field", field="head")
        if len(head) > 200 or (report is not None and not isinstance(report, str)):
            raise Refusal("bad-seal")
        return Seal(head=head.strip(), report=report[:500] if report else None)
    return Underpost(seat=_seat(raw, "seat", seats))


def _parse_hand(raw: Mapping[str, Any], seats: int) -> Hand:
    if "winner" in raw and "winners" not in raw and "high" not in raw and "showdown" not in raw:
        form: str | None = "winner"  # the common case, without building a list
    else:
        forms = [hand_form for hand_form in _HAND_FORMS if hand_form in raw]
        form = forms[0] if len(forms) == 1 else None
    if "low" in raw and "high" not in raw:
        raise Refusal("low-without-high")
    if form is None:
        raise Refusal("hand-needs-one-result")
    winners: tuple[int, ...] | None = None
    high: tuple[int, ...] | None = None
    low: tuple[int, ...] | None = None
    showdown = None
    if form == "winner":
        winners = (_seat(raw, "winner", seats),)
    elif form == "winners":
        winners = _seat_list(raw, "winners", seats)
    elif form == "high":
        high = _seat_list(raw, "high", seats)
        low = _seat_list(raw, "low", seats, allow_empty=True) if "low" in raw else ()
    else:
        sd = raw["showdown"]
        if (
            not isinstance(sd, Mapping)
            or not isinstance(sd.get("hands"), Mapping)
            or not sd["hands"]
        ):
            raise Refusal("bad-showdown")
        for key in sd:
            if key not in ("board", "hands"):
                raise Refusal(
                    "unknown-field", field=f"showdown.{key}", type="hand", allowed="board, hands"
                )
        board = sd.get("board")
        if board is not None and not isinstance(board, str):
            raise Refusal("bad-showdown")
        hands = []
        for seat_raw, cards in sd["hands"].items():
            seat = _seat({"seat": seat_raw}, "seat", seats)
            if not isinstance(cards, str):
                raise Refusal("bad-showdown")
            hands.append((seat, cards.strip()))
        showdown = Showdown(board=board.strip() if board else None, hands=tuple(sorted(hands)))
        if board_saw_flop(showdown.board):
            # A board is a fact: three or more community cards mean the hand saw the flop.
            if raw.get("flop") is False:
                raise Refusal("board-contradicts-flop", ("house-natural",))
            raw = {**raw, "flop": True}
    pot = _amount(raw, "pot", positive=True) if "pot" in raw else None
    wbb = _amount(raw, "won_beyond_blinds") if "won_beyond_blinds" in raw else None
    qual = raw.get("qualifies")
    if qual is not None and not isinstance(qual, bool):
        raise Refusal("bad-bool", field="qualifies", value=repr(qual))
    flop, kill_posted = _bool(raw, "flop", True), _bool(raw, "kill_posted", True)
    if showdown is None:  # typed winners: the same few hands come back
        return _typed_hand(winners, high, low, None, pot, wbb, qual, flop, kill_posted)
    return Hand(winners, high, low, showdown, pot, wbb, qual, flop, kill_posted)


_typed_hand: BuiltOnce[Hand] = BuiltOnce(Hand, 4096)  # Hand's fields, in their order


def board_saw_flop(board: object) -> bool:
    """True when a showdown board shows three or more cards (the flop was dealt)."""
    if not isinstance(board, str) or not board.strip():
        return False
    from floorkill.cards import CardError, parse_cards

    try:
        return len(parse_cards(board, joker=True)) >= 3
    except CardError:
        return False


def flop_known(raw: Mapping[str, Any]) -> bool | None:
    """Whether a raw ``hand`` event says the hand saw a flop: its ``flop`` field, or its
    showdown board (three or more cards); None when it does not say."""
    flop = raw.get("flop")
    if isinstance(flop, bool):
        return flop
    sd = raw.get("showdown")
    if isinstance(sd, Mapping) and board_saw_flop(sd.get("board")):
        return True
    return None


def event_from_dict(raw: Mapping[str, Any], seats: int = 10) -> Event:
    return parse_event(raw, seats)


__all__ = [
    "Event",
    "EVENT_TYPES",
    "FIELDS",
    "Hand",
    "Join",
    "Away",
    "Back",
    "Quit",
    "VoluntaryKill",
    "PayKill",
    "Stack",
    "Underpost",
    "Move",
    "CloseTable",
    "ReopenTable",
    "Seal",
    "Showdown",
    "parse_event",
    "event_from_dict",
    "board_saw_flop",
    "flop_known",
]

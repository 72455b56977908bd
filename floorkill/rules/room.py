"""The room: every table of one journal, and who is barred where (rrop-13.6).

Robert's Rules, Kill Pots rule 6: a player who does not post a required kill is barred
"from every game" until it is paid. A bar is owed at ONE table (where the kill was
missed; that table's state keeps it as an :class:`~floorkill.rules.state.Owed` with
``table = None``) and holds at EVERY table where the same person sits (one
:func:`~floorkill.rules.names.name_key` per person).

How a bar at one table reaches the others and each table stays a fold of its own events
(the global order, mirrors, stamps, the view between events, paying, undo):
docs/rules.md 4.2.

Near matches (one letter off, look-alike letters, a dropped diacritic) are never
guessed: :func:`near_match_question` returns the question to ask before seating.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from floorkill.i18n import N_, Phrase

from .codes import OwedMode
from .decisions import Refusal
from .money import Cents, MoneyError, parse_amount, to_toml
from .names import NameError_, name_key, near_match, validate_name
from .state import Owed, TableState
from .texts import MESSAGES

if TYPE_CHECKING:
    from .engine import Applied

ROOM_FIELD = "room"
RROP_BAR = "rrop-13.6"

ROOM_MESSAGES: dict[str, str | tuple[str, str]] = {
    "bad-room": N_("'room' must be a list of {{ player, owes, table }}: {reason}"),
    "winner-barred-at": N_(
        "seat {seat} {name} is barred from every game: owes a kill of {amount} at {table}, "
        "so was not dealt in"
    ),
    "back-barred-at": N_("{name} owes a kill of {amount} at {table}: pay it before coming back"),
    "owed-at-other-table": N_(
        "{name} owes the kill of {amount} at {table}: the payment is recorded there"
    ),
    "q-near-barred": N_("Is this {player}, barred at {table} for {amount}?"),
    # said under the key's own "y — yes" / "n — no": the words do not repeat it
    "near-yes": N_("the same person: not seated until the kill is paid"),
    "near-no": N_("someone else: seat {name}"),
}
MESSAGES.update(ROOM_MESSAGES)


# ---------------------------------------------------------------------------
# the room


@dataclass(frozen=True, slots=True)
class Bar:
    """A kill owed at ``table`` by ``player`` (as written there)."""

    player: str
    owes: Cents
    table: str
    mode: OwedMode = OwedMode.BARRED  # barred (rrop-13.6) | post-later (wsop-197: owing)

    @property
    def barred(self) -> bool:
        return self.mode == OwedMode.BARRED


class Room:
    """Every table's own owed kills, by name key: "is this player barred anywhere, at
    which table, for how much?" Immutable; built from each table's state."""

    __slots__ = ("_by_table", "_index", "_elsewhere")

    def __init__(self, by_table: Mapping[str, Iterable[Bar]] | None = None) -> None:
        # in table-name order, whatever order the tables were read in: the bar a stamp
        # names for a player barred at two tables must not depend on the reader's history
        self._by_table: dict[str, tuple[Bar, ...]] = {
            table: tuple(bars) for table, bars in sorted((by_table or {}).items()) if bars
        }
        index: dict[str, list[Bar]] = {}
        for bars in self._by_table.values():
            for bar in bars:
                index.setdefault(name_key(bar.player), []).append(bar)
        self._index = {key: tuple(bars) for key, bars in index.items()}
        self._elsewhere: dict[str | None, dict[str, tuple[Cents, str]]] = {}

    @classmethod
    def of_states(cls, states: Mapping[str, TableState]) -> Room:
        return cls({table: own_bars(table, st) for table, st in states.items()})

    def with_table(self, table: str, bars: Iterable[Bar]) -> Room:
        """This room with ``table``'s own bars replaced."""
        by = dict(self._by_table)
        by[table] = tuple(bars)
        return Room(by)

    def bars(self) -> tuple[Bar, ...]:
        return tuple(bar for bars in self._by_table.values() for bar in bars)

    def tables(self) -> dict[str, tuple[Bar, ...]]:
        return dict(self._by_table)

    def bars_at(self, table: str) -> tuple[Bar, ...]:
        """``table``'s own bars (no copy of the whole room: the writer asks after each commit)."""
        return self._by_table.get(table, ())

    def owed(self, name: str) -> tuple[Bar, ...]:
        """Every kill this person owes, at any table (barred or owing)."""
        return self._index.get(name_key(name), ())

    def barred_at(self, name: str, exclude: str | None = None) -> Bar | None:
        """Where this person is barred (the first table), or None."""
        for bar in self._index.get(name_key(name), ()):
            if bar.barred and bar.table != exclude:
                return bar
        return None

    def elsewhere(self, table: str | None) -> dict[str, tuple[Cents, str]]:
        """{name key: (owed cents, table)} of players barred at tables other than ``table``:
        what :func:`floorkill.rules.engine.apply` takes as ``barred_elsewhere``."""
        memo = self._elsewhere.get(table)
        if memo is not None:
            return memo
        out: dict[str, tuple[Cents, str]] = {}
        for key, bars in self._index.items():
            for bar in bars:
                if bar.barred and bar.table != table:
                    out.setdefault(key, (bar.owes, bar.table))
                    break
        self._elsewhere[table] = out
        return out

    def near(self, name: str) -> list[tuple[Bar, str]]:
        """Barred players whose names are close to ``name`` but not the same key."""
        out = []
        for bar in self.bars():
            if bar.barred:
                why = near_match(name, bar.player)
                if why is not None:
                    out.append((bar, why))
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Room) and self._by_table == other._by_table

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._by_table.items())))

    def __bool__(self) -> bool:
        return bool(self._by_table)

    def __repr__(self) -> str:
        return f"Room({self._by_table!r})"


def own_bars(table: str, state: TableState) -> tuple[Bar, ...]:
    """A table's own owed kills (mirrors of other tables' bars left out)."""
    return tuple(
        Bar(bar.player, bar.owes, table, bar.mode) for bar in state.barred if bar.table is None
    )


def where_owed(name: str, room: Room, here: str | None = None) -> str | None:
    """The table where ``name``'s kill is recorded as paid: here when owed here, else the
    first table where it is owed. None when nothing is owed anywhere."""
    bars = room.owed(name)
    if not bars:
        return None
    for bar in bars:
        if bar.table == here:
            return here
    return bars[0].table


def route(table: str, raw: Any, room: Room) -> str:
    """The table an event is stored at: a ``pay_kill`` goes to the table where the kill is
    owed (one event, whichever table or screen it was entered from); anything else stays."""
    if (
        isinstance(raw, Mapping)
        and raw.get("type") == "pay_kill"
        and isinstance(raw.get("name"), str)
    ):
        return where_owed(raw["name"], room, here=table) or table
    return table


# ---------------------------------------------------------------------------
# mirrors and stamps


def mirrors(state: TableState) -> tuple[Owed, ...]:
    return tuple(bar for bar in state.barred if bar.table is not None)


# the last answer of seated_bars: (players, elsewhere, table, mirrors). A hand changes
# neither who sits nor the room, and the writer asks twice per event (stamp and apply):
# with many bars in the room the loop is a visible part of a submit (bench/room_bench.py).
# The objects themselves are kept, so ``is`` cannot be fooled by a reused id.
_seated_memo: list[Any] = [None]


def seated_bars(
    state: TableState, elsewhere: Mapping[str, tuple[Cents, str]] | None
) -> tuple[Owed, ...]:
    """The mirrors ``state`` should hold: its seated players barred at other tables."""
    if not elsewhere:
        return ()
    players, table = state.players, state.config.name
    memo = _seated_memo[0]
    if memo is not None and memo[0] is players and memo[1] is elsewhere and memo[2] == table:
        return memo[3]  # type: ignore[no-any-return]
    out = []
    for player in players:
        if player is None:
            continue
        hit = elsewhere.get(name_key(player.name))
        if hit is not None and hit[1] != table:
            out.append(Owed(player=player.name, owes=hit[0], mode=OwedMode.BARRED, table=hit[1]))
    found = tuple(out)
    _seated_memo[0] = (players, elsewhere, table, found)
    return found


def with_mirrors(state: TableState, new: tuple[Owed, ...]) -> TableState:
    """``state`` with its mirrors replaced (its own bars first, untouched)."""
    if mirrors(state) == new:
        return state
    own = tuple(bar for bar in state.barred if bar.table is None)
    return replace(state, barred=own + new)


def view(state: TableState, elsewhere: Mapping[str, tuple[Cents, str]] | Room | None) -> TableState:
    """What a table looks like now: its state with the room's bars of its seated players."""
    if isinstance(elsewhere, Room):
        elsewhere = elsewhere.elsewhere(state.config.name)
    return with_mirrors(state, seated_bars(state, elsewhere))


def drop_unseated(state: TableState) -> TableState:
    """After an event: mirrors of players no longer seated go (a quit)."""
    if not state.barred:
        return state
    ms = mirrors(state)
    if not ms:
        return state
    keep = tuple(bar for bar in ms if state.seat_of(bar.player) is not None)
    return with_mirrors(state, keep)


def room_json(bars: Iterable[Owed]) -> list[dict[str, Any]]:
    return [{"player": bar.player, "owes": to_toml(bar.owes), "table": bar.table} for bar in bars]


def stamp(
    state: TableState,
    raw: Mapping[str, Any],
    elsewhere: Mapping[str, tuple[Cents, str]] | Room | None,
) -> Mapping[str, Any]:
    """``raw`` with the ``room`` field the writer stores: the bars of this table's seated
    players at other tables, when they differ from the mirrors ``state`` holds. Any
    ``room`` field ``raw`` came with (an imported file's) is replaced."""
    if isinstance(elsewhere, Room):
        elsewhere = elsewhere.elsewhere(state.config.name)
    if not isinstance(raw, Mapping):
        return raw
    want = seated_bars(state, elsewhere)
    base = raw
    if ROOM_FIELD in raw:
        base = {key: value for key, value in raw.items() if key != ROOM_FIELD}
    if want == mirrors(state):
        return base
    return {**base, ROOM_FIELD: room_json(want)}


def split(raw: Any) -> tuple[Any, tuple[Owed, ...] | None]:
    """(the event without its ``room`` field, the mirrors it sets or None). Raises
    Refusal for a malformed field."""
    if not (type(raw) is dict or isinstance(raw, Mapping)) or ROOM_FIELD not in raw:
        return raw, None
    items = raw[ROOM_FIELD]
    rest = {key: value for key, value in raw.items() if key != ROOM_FIELD}
    if not isinstance(items, list):
        raise Refusal("bad-room", reason=Phrase(N_("not a list")))
    out = []
    for item in items:
        if not isinstance(item, Mapping) or set(item) != {"player", "owes", "table"}:
            raise Refusal(
                "bad-room", reason=Phrase(N_("each entry needs exactly player, owes and table"))
            )
        try:
            player = validate_name(item["player"])
        except NameError_ as exc:
            raise Refusal("bad-room", reason=exc.phrase) from None
        try:
            owes = parse_amount(item["owes"])
        except MoneyError as exc:
            raise Refusal(
                "bad-room", reason=Phrase(N_("owes: {reason}"), reason=exc.phrase)
            ) from None
        table = item["table"]
        if not isinstance(table, str) or not table.strip():
            raise Refusal("bad-room", reason=Phrase(N_("table must be a table's name")))
        out.append(Owed(player=player, owes=owes, mode=OwedMode.BARRED, table=table.strip()))
    return rest, tuple(out)


def stored_event(applied: Applied) -> dict[str, Any]:
    """The payload a writer stores for an applied event: its canonical mapping, plus the
    room stamp it was applied with."""
    doc: dict[str, Any] = applied.event.to_dict()
    room = getattr(applied, "room", None)
    if room is not None:
        doc[ROOM_FIELD] = room_json(room)
    return doc


# ---------------------------------------------------------------------------
# refusals the engine raises for room bars


def bar_of(state: TableState, name: str) -> Owed | None:
    """The bar (rrop-13.6) that keeps ``name`` out: this table's own first, else a room bar;
    None when the player is not barred (owing to post later is no bar)."""
    key = name_key(name)
    found = None
    for bar in state.barred:
        if bar.mode == OwedMode.BARRED and name_key(bar.player) == key:
            if bar.table is None:
                return bar
            found = found or bar
    return found


def winner_refusal(state: TableState, seat: int, name: str) -> Refusal | None:
    """A winner (or voluntary killer) barred here or at another table: refused naming the
    table where the kill is owed."""
    bar = bar_of(state, name)
    if bar is None:
        return None
    return Refusal(
        "winner-barred-at",
        (RROP_BAR,),
        seat=seat,
        name=name,
        amount=bar.owes,
        table=bar.table or state.config.name,
    )


def back_refusal(owed: Owed) -> Refusal:
    if owed.table is None:
        return Refusal("back-barred", (RROP_BAR,), name=owed.player, amount=owed.owes)
    return Refusal(
        "back-barred-at", (RROP_BAR,), name=owed.player, amount=owed.owes, table=owed.table
    )


def pay_elsewhere_refusal(owed: Owed) -> Refusal:
    return Refusal(
        "owed-at-other-table",
        (RROP_BAR,),
        name=owed.player,
        amount=owed.owes,
        table=owed.table,
    )


# ---------------------------------------------------------------------------
# near matches


@dataclass(frozen=True)
class NearMatchQuestion:
    """ "Is this Наталья Смирнова, barred at Table 14 for $20?" — asked before seating a
    player whose name is close to a barred player's. ``yes`` is the refusal of the join
    (the same person: barred); ``no`` seats the player as typed."""

    name: str  # the name typed
    bar: Bar
    why: str  # diacritics | look-alike | one-letter
    cites: tuple[str, ...] = (RROP_BAR,)

    def text(self, lang: str = "en") -> str:
        from .texts import render

        return render(
            "q-near-barred",
            {"player": self.bar.player, "table": self.bar.table, "amount": self.bar.owes},
            lang,
        )

    def yes_text(self, lang: str = "en") -> str:
        from .texts import render

        return render("near-yes", {}, lang)

    def no_text(self, lang: str = "en") -> str:
        from .texts import render

        return render("near-no", {"name": self.name}, lang)

    @property
    def refusal(self) -> Refusal:
        return Refusal(
            "join-barred",
            self.cites,
            name=self.bar.player,
            amount=self.bar.owes,
            table=self.bar.table,
        )


def near_match_question(raw: Mapping[str, Any], room: Room) -> NearMatchQuestion | None:
    """The question a ``join`` asks before seating, or None. Exact matches are not asked
    (the rules refuse them); a join already answered (``"not_near": True`` is not an event
    field — the UI simply does not ask twice) is the caller's business."""
    if not isinstance(raw, Mapping) or raw.get("type") != "join":
        return None
    name = raw.get("name")
    if not isinstance(name, str):
        return None
    try:
        name = validate_name(name)
    except NameError_:
        return None
    if room.barred_at(name) is not None:
        return None
    near = room.near(name)
    if not near:
        return None
    bar, why = near[0]
    return NearMatchQuestion(name, bar, why)


# ---------------------------------------------------------------------------
# what an event's decision reads of the room (a writer checks it at the journal's head)

BARRED_ELSEWHERE = "barred"  # the bar that keeps a person out at another table (rrop-13.6)
PAID_AT = "paid-at"  # the table a payment is recorded at (where the kill is owed)
NEAR = "near"  # the barred player a join's name is close to (asked before seating)


@dataclass(frozen=True, slots=True)
class RoomChange:
    """A fact of the room an event's decision reads that is not what its preview read:
    ``shown`` as the preview read it, ``now`` at the journal's head (a :class:`Bar`, a
    table's name for :data:`PAID_AT`, or None: no bar, nothing owed)."""

    kind: str  # BARRED_ELSEWHERE | PAID_AT | NEAR
    player: str
    shown: Bar | str | None
    now: Bar | str | None


def read_facts(
    state: TableState, raw: Any, room: Room
) -> dict[tuple[str, str], tuple[str, Bar | str | None]]:
    """{(kind, name key): (player, fact)}: what ``raw``'s decision at ``state``'s table
    reads of ``room`` — the bar at another table of every seated player (the event is
    stamped with them) and of a joining player, the barred player a join's name is close
    to (unless the join answered "someone else"), the table a payment is recorded at."""
    table = state.config.name
    facts: dict[tuple[str, str], tuple[str, Bar | str | None]] = {}

    def barred(name: str) -> None:
        facts[(BARRED_ELSEWHERE, name_key(name))] = (name, room.barred_at(name, exclude=table))

    for player in state.players:
        if player is not None:
            barred(player.name)
    if not isinstance(raw, Mapping) or raw.get("type") not in ("join", "pay_kill"):
        return facts
    try:
        name = validate_name(raw.get("name"))
    except NameError_:
        return facts  # (refused by the rules whatever the room says)
    key = name_key(name)
    if raw.get("type") == "pay_kill":
        facts[(PAID_AT, key)] = (name, where_owed(name, room, here=table))
        return facts
    barred(name)
    asked = near_match_question(raw, room)
    other = raw.get("not_same_as")
    if (
        asked is not None
        and isinstance(other, str)
        and name_key(other) == name_key(asked.bar.player)
    ):
        asked = None  # answered: someone else
    facts[(NEAR, key)] = (name, None if asked is None else asked.bar)
    return facts


def room_changes(
    state: TableState, raws: Iterable[Any], shown: Room, now: Room
) -> tuple[RoomChange, ...]:
    """What ``raws``' decisions at ``state``'s table read of the room that differs between
    ``shown`` (the room the preview was worked out with) and ``now`` (the journal's head):
    empty when the decision is the one the screen showed."""
    if shown is now or shown == now:
        return ()
    out: dict[tuple[str, str], RoomChange] = {}
    for raw in raws:
        before, after = read_facts(state, raw, shown), read_facts(state, raw, now)
        for key, (player, was) in before.items():
            fact = after[key][1]
            if fact != was and key not in out:
                out[key] = RoomChange(key[0], player, was, fact)
    return tuple(out.values())


# ---------------------------------------------------------------------------
# the reference fold of a whole room


@dataclass(frozen=True)
class RoomStep:
    gseq: int
    table: str
    raw: Mapping[str, Any]
    stamped: Mapping[str, Any] | None  # what was stored (None when refused)
    state_before: TableState  # the table's view before the event
    room_before: Room  # the whole room before the event
    applied: Any = None  # engine Applied, or None
    refusal: Refusal | None = None


def fold_room(
    tables: Mapping[str, TableState], events: Iterable[tuple[str, Mapping[str, Any]]]
) -> Iterator[RoomStep]:
    """The room's reference fold: ``events`` (table, raw) in global order, each tried on
    its table's view of the room at that point and stamped as a writer stores it.
    Refused events change nothing. ``tables`` (initial states) is updated in place."""
    from .engine import apply

    states = dict(tables)
    room = Room.of_states(states)
    for gseq, (table, raw) in enumerate(events, start=1):
        table = route(table, raw, room)
        state = states[table]
        elsewhere = room.elsewhere(table)
        before = view(state, elsewhere)
        try:
            stamped = stamp(state, raw, elsewhere)
            applied = apply(state, stamped, elsewhere)
        except Refusal as refusal:
            yield RoomStep(gseq, table, raw, None, before, room, refusal=refusal)
            continue
        states[table] = applied.state
        if isinstance(tables, dict):
            tables[table] = applied.state
        step = RoomStep(gseq, table, raw, stored_event(applied), before, room, applied)
        new_own = own_bars(table, applied.state)
        if new_own != own_bars(table, state):
            room = room.with_table(table, new_own)
        yield step

"""Time travel for disputes: a table's state as it stood after any of its records.

Textual-free and read-only. :func:`open_rewind` takes the podium's session:

* a journal table (``JournalSession`` or ``ReadOnlySession``, on a journal file or on
  PostgreSQL) is read through a NEW read-only connection
  (:func:`floorkill.store.history.open_reader`: a file's guarded ``mode=ro`` connection
  with its deny-by-default authorizer; on PostgreSQL a read-only session that sends only
  SELECTs), so stepping can never write, and the same reading code serves both. The
  state after record ``s`` is the store's own
  :func:`~floorkill.store.reading.load_state` at ``upto = s``: the newest valid snapshot at
  or before ``s`` plus the live tail (at most one snapshot interval of ``apply``), and a
  step forward over a non-void record is one ``apply`` on the state already shown;
* an in-memory session is folded once, record by record (a void refolds, as
  ``MemorySession.void`` does).

"As it stood" is what the podium showed right after that record: a record voided LATER
still counts before its void (the view says it was undone, when, by whom and why), and
a void counts from its own record on.

Room-wide bars (rrop-13.6, :mod:`floorkill.rules.room`) as they stood then: a journal
table's :attr:`Moment.state` is its own fold with the bars of its seated players at
OTHER tables as the room stood right after the record, in the journal's global order
(``gseq``): each other table as it stood at its last row up to that point. The stamps
alone are not enough — they are written with a table's events, so a void (which refolds
the table from older stamps) or a bar made before the table was opened would otherwise
show the wrong bars. Only the tables that can hold a bar then are folded, once per row
that can change their bars (a ``barred`` decision, a payment, a void), and only where one
of the seated players ever sat (:class:`_RoomAt`); the ones a step needs are folded
together (:func:`floorkill.store.history.states_at`: a few queries for all of them, not a
few per table — on a database server each is a round trip).
An in-memory table (no global order) shows its stamped bars (:attr:`Rewind.room_wide`
is False).

A read the database refuses just now (a PostgreSQL server gone, a file locked too long)
raises :class:`~floorkill.store.errors.JournalUnavailable` with one line; the next step
tries again (PostgreSQL reconnects).

Position 0 is the table before its first record. :meth:`Rewind.matching` filters the
records by player and/or decision ("ann won", "barred", "kill ann").
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Iterable, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from floorkill.i18n import Phrase
from floorkill.rules import Refusal, TableState, apply, initial_state
from floorkill.rules.corrections import History
from floorkill.rules.names import name_key
from floorkill.rules.room import Room, own_bars, view
from floorkill.store import history
from floorkill.store.errors import JournalError, JournalUnavailable
from floorkill.store.reading import best_snapshot, load_state, parse_table_toml, read_records
from floorkill.store.session import Record

if TYPE_CHECKING:
    from floorkill.store.session import TableSession

VOID = "void"
WON_WORDS = frozenset({"won", "wins", "win", "winner", "выиграл", "выиграла", "победил"})
EVENT_TYPES = frozenset(
    {
        "hand",
        "join",
        "away",
        "back",
        "quit",
        "voluntary_kill",
        "pay_kill",
        "stack",
        "underpost",
        "move",
        "void",
    }
)


@dataclass(frozen=True)
class Moment:
    """What the dispute view shows at position ``seq``."""

    seq: int  # 0: before the first record
    total: int
    state: TableState
    record: Record | None  # the record at ``seq`` (None at 0)
    voided_by: Record | None  # the later void of this record, if any
    target: Record | None  # for a void record: the record it undid


class _JournalSource:
    """Reads one journal table through a read-only connection of its own
    (:func:`floorkill.store.history.open_reader`: a journal file or PostgreSQL, the same
    reading code), or through ``conn``, shared with the table being disputed: then closing
    this source leaves it open."""

    def __init__(self, conn, name: str, config, players, total: int, *, own: bool) -> None:
        self._own = own
        self.conn = conn
        self.name, self.config, self.players, self.total = name, config, players, total
        self._room: _RoomAt | None = None

    def close(self) -> None:
        if self._own:
            self.conn.close()

    def room_at(self, seq: int, state: TableState, gseq: int | None = None) -> TableState:
        """``state`` (the fold after record ``seq``, whose global sequence is ``gseq`` when
        known) with its seated players' bars at the other tables as the room stood right
        after that record."""
        if self._room is None:
            self._room = _RoomAt(self.conn, self.name)
        if not self._room.any_bars:
            return state  # no table of the journal ever barred anyone
        if gseq is None:
            gseq = history.gseq_of(self.conn, self.name, max(0, seq))
        if gseq is None:
            return state
        keys = {name_key(player.name) for player in state.players if player is not None}
        return view(state, self._room.at(gseq, keys))

    def records(self, start: int, stop: int) -> list[Record]:
        return read_records(self.conn, self.name, self.total, start, stop)

    def state_at(self, seq: int) -> TableState:
        if seq <= 0:
            return initial_state(self.config, self.players)
        return load_state(self.conn, self.name, self.config, self.players, seq)[0]

    def states_to(self, seq: int) -> dict[int, TableState] | None:
        """Every state from the newest usable snapshot up to ``seq``, in one fold — exactly
        what :meth:`state_at` gives for each of them — when no void was entered in that
        stretch (then a state part-way is not the fold up to ``seq``); else None."""
        if seq <= 0:
            return None
        snap = best_snapshot(self.conn, self.name, self.config, seq)
        state, after = snap if snap is not None else (initial_state(self.config, self.players), 0)
        rows = history.tail_rows(self.conn, self.name, after, seq)
        if any(type_ == VOID for _s, type_, _p in rows):
            return None
        out = {after: state}
        loads = json.loads
        for row_seq, _type, payload in rows:
            state = apply(state, loads(payload)).state
            out[row_seq] = state
        return out

    def void_of(self, seq: int) -> Record | None:
        return history.void_of(self.conn, self.name, seq)

    def next_hand(self, seq: int, forward: bool) -> int | None:
        return history.next_hand(self.conn, self.name, seq, forward, self.total)


class _RoomAt:
    """The other tables of a journal as they stood at any global sequence — only those
    that can bar one of the players asked about (one read-only connection, shared).

    A table's barred players change only at a row that bars someone (its stored decisions
    say ``barred``), a ``pay_kill`` or a void; between two such rows the fold changes
    nothing else about them (the stored decisions are the rules' own for the state as it
    stood: ``floorkill verify`` checks them). So a table at any point is its bars after
    its last such row before it — one fold per such row, kept, the tables a step needs
    folded together (:func:`floorkill.store.history.states_at`: two queries for all of
    them) — and a table with none holds no bar."""

    def __init__(self, conn, name: str) -> None:
        self.conn, self.name = conn, name
        self._rows: dict[str, tuple[list[int], list[int]]] = {}  # table -> (gseqs, seqs)
        barring, self._joined = history.room_rows(conn, name)
        for tbl, gseq, seq in barring:
            gseqs, seqs = self._rows.setdefault(tbl, ([], []))
            gseqs.append(gseq)
            seqs.append(seq)
        self._tables: dict[str, tuple | None] = {}  # table -> (keys, config, players)
        self._bars: dict[tuple[str, int], tuple] = {}

    @property
    def any_bars(self) -> bool:
        """False when no other table ever barred anyone, took a payment or voided a row."""
        return bool(self._rows)

    def close(self) -> None:
        pass

    def _table(self, tbl: str) -> tuple | None:
        """(name keys of everyone who ever sat at ``tbl``, its config, its players); None
        when there is no such table. The first call reads every table's TOML at once (one
        query, not one per table)."""
        if not self._tables:
            texts = history.table_texts(self.conn)
            joined = self._joined
            for table_name in self._rows:
                text = texts.get(table_name)
                if text is None:
                    self._tables[table_name] = None
                    continue
                config, players = parse_table_toml(table_name, text)
                keys = {name_key(player.name) for player in players}
                keys.update(name_key(name) for name in joined.get(table_name, ()))
                self._tables[table_name] = (frozenset(keys), config, players)
        return self._tables.get(tbl)

    def at(self, gseq: int, keys: set[str]) -> Room:
        """The room right after row ``gseq``, as far as players ``keys`` are concerned."""
        at: dict[str, int] = {}
        for tbl, (gseqs, seqs) in self._rows.items():
            index = bisect.bisect_right(gseqs, gseq) - 1
            if index < 0:
                continue  # nothing barred there yet
            known = self._table(tbl)
            if known is not None and keys & known[0]:
                at[tbl] = seqs[index]
        missing = {
            tbl: (self._tables[tbl][1], self._tables[tbl][2], seq)  # type: ignore[index]
            for tbl, seq in at.items()
            if (tbl, seq) not in self._bars
        }
        for tbl, state in history.states_at(self.conn, missing).items():
            # a table that no longer folds (a Refusal): its bars unknown, none shown
            self._bars[(tbl, missing[tbl][2])] = (
                () if isinstance(state, Refusal) else own_bars(tbl, state)
            )
        return Room({tbl: self._bars[(tbl, seq)] for tbl, seq in at.items()})


class _MemorySource:
    """An in-memory session's records, folded once."""

    def __init__(self, session: TableSession, total: int) -> None:
        self.session = session
        self.total = total
        self.config, self.players = session.config, session.players
        self._records = list(session.records(0, total))
        self._voids = {
            record.event.get("target"): record
            for record in session.records(0, len(session))
            if record.type == VOID
        }
        self._states: list[TableState] = [initial_state(self.config, self.players)]
        self._live: list[Record] = []

    def close(self) -> None:
        pass

    def records(self, start: int, stop: int) -> list[Record]:
        return self._records[start:stop]

    def state_at(self, seq: int) -> TableState:
        if any(record.type == "correct" for record in self._records):
            return self._history_state_at(seq)
        while len(self._states) <= seq:
            rec = self._records[len(self._states) - 1]
            if rec.type == VOID:
                target = rec.event.get("target")
                self._live = [record for record in self._live if record.seq != target]
                st = initial_state(self.config, self.players)
                for record in self._live:
                    st = apply(st, record.event).state
            else:
                self._live.append(rec)
                st = apply(self._states[-1], rec.event).state
            self._states.append(st)
        return self._states[max(0, seq)]

    def _history_state_at(self, seq: int) -> TableState:
        """With corrections: the records read as a history, the state as each left it."""
        history = getattr(self, "_history", None)
        if history is None:
            history = self._history = History(self.config, self.players)
            self._hstates = [history.state]
        while len(history) < min(seq, len(self._records)):
            history.add(self._records[len(history)].event)
            self._hstates.append(history.state)
        return self._hstates[max(0, min(seq, len(self._hstates) - 1))]

    def void_of(self, seq: int) -> Record | None:
        return self._voids.get(seq)

    def next_hand(self, seq: int, forward: bool) -> int | None:
        seqs = range(seq + 1, self.total + 1) if forward else range(seq - 1, 0, -1)
        for hand_seq in seqs:
            if self._records[hand_seq - 1].type == "hand":
                return hand_seq
        return None


@contextmanager
def _reading(name: str):
    """A database error of a read as one line (JournalUnavailable); rule refusals pass."""
    try:
        yield
    except JournalUnavailable:
        raise
    except history.read_errors() as exc:
        raise JournalUnavailable(
            Phrase(
                "table {name}: the journal cannot be read just now: {error}",
                name=repr(name),
                error=_cause(exc),
            )
        ) from None


def _cause(exc: BaseException) -> Phrase | str:
    """Why a read failed: SQLite's result code, or the journal's own words."""
    import sqlite3

    from floorkill.system_errors import sqlite_cause

    if isinstance(exc, sqlite3.Error):
        return sqlite_cause(exc)
    said = getattr(exc, "said", None)
    return said() if callable(said) else str(exc)


class Rewind:
    """A table frozen at ``total`` records (the live table may go on; this view does not)."""

    def __init__(self, source, name: str) -> None:
        self._src = source
        self.name = name
        self.total = source.total
        self._state_cache: tuple[int, TableState] | None = None
        self._block: dict[int, TableState] = {}  # states of the last fold, by seq
        self._all: list[Record] | None = None

    def close(self) -> None:
        room = getattr(self._src, "_room", None)
        if room is not None:
            room.close()
        self._src.close()

    def __enter__(self) -> Rewind:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def room_wide(self) -> bool:
        """True when the journal is read (bars at other tables as the room stood after each
        record, snapshots + tail); False for a table folded from its own records in memory
        (the bars its events were stamped with)."""
        return isinstance(self._src, _JournalSource)

    # -- records -------------------------------------------------------------
    def record(self, seq: int) -> Record | None:
        if not 1 <= seq <= self.total:
            return None
        with _reading(self.name):
            found = self._src.records(seq - 1, seq)
        return found[0] if found else None

    def records(self, start: int = 0, stop: int | None = None) -> list[Record]:
        """Records by 0-based index (slice semantics), like a session's."""
        first, last, _ = slice(start, stop).indices(self.total)
        if last <= first:
            return []
        with _reading(self.name):
            return self._src.records(first, last)

    def __len__(self) -> int:
        return self.total

    def all_records(self) -> list[Record]:
        if self._all is None:
            self._all = self.records(0, self.total)
        return self._all

    # -- states --------------------------------------------------------------
    def state_at(self, seq: int) -> TableState:
        """The state right after record ``seq`` (0: before the first)."""
        seq = max(0, min(seq, self.total))
        cached = self._state_cache
        if cached is not None and cached[0] == seq:
            return cached[1]
        if cached is not None and seq == cached[0] + 1:
            rec = self.record(seq)
            if rec is not None and rec.type != VOID:
                state = apply(cached[1], rec.event).state  # one record on: one apply
                self._state_cache = (seq, state)
                return state
        block = self._block.get(seq)
        if block is None:
            states = getattr(self._src, "states_to", lambda _s: None)(seq)
            if states is not None:
                self._block = states  # stepping back from here: no fold at all
                block = states.get(seq)
        state = block if block is not None else self._src.state_at(seq)
        self._state_cache = (seq, state)
        return state

    def view_at(self, seq: int, gseq: int | None = None) -> TableState:
        """What the podium showed right after record ``seq`` (global sequence ``gseq``, when
        known): :meth:`state_at` with the room-wide bars of its seated players as they
        stood then (a journal table)."""
        seq = max(0, min(seq, self.total))
        state = self.state_at(seq)
        room_at = getattr(self._src, "room_at", None)
        return state if room_at is None else room_at(seq, state, gseq)

    def moment(self, seq: int) -> Moment:
        """Everything the view shows at ``seq``. Raises Refusal (a record the rules no
        longer accept) or JournalUnavailable (the journal cannot be read just now)."""
        with _reading(self.name):
            return self._moment(seq)

    def blank(self) -> Moment:
        """Position 0 without reading anything (what a view shows while the journal cannot
        be read at all)."""
        return Moment(
            0, self.total, initial_state(self._src.config, self._src.players), None, None, None
        )

    def _moment(self, seq: int) -> Moment:
        seq = max(0, min(seq, self.total))
        rec = self.record(seq)
        voided_by = target = None
        if rec is not None and rec.voided:
            voided_by = self._src.void_of(rec.seq)  # may be after this view was opened
        if rec is not None and rec.type == VOID:
            target_seq = rec.event.get("target")
            target = self.record(target_seq) if isinstance(target_seq, int) else None
        gseq = rec.gseq if rec is not None else None
        return Moment(seq, self.total, self.view_at(seq, gseq), rec, voided_by, target)

    def hand_step(self, seq: int, forward: bool) -> int:
        """The position of the next (previous) hand record; ``seq`` itself when none."""
        with _reading(self.name):
            found = self._src.next_hand(seq, forward)
        return seq if found is None else found

    # -- filter ----------------------------------------------------------------
    def matching(self, query: str) -> list[Record]:
        """Records that match every word of ``query``: a decision code (``kill``,
        ``leg-up``, ``barred``…) or event type (``hand``, ``join``, ``void``…); ``won``: hands
        the named player won; every other word is part of a player's name."""
        words = query.split()
        if not words:
            return self.all_records()
        recs = self.all_records()
        codes = {decision.code for record in recs for decision in record.decisions}
        want_codes, want_types, name_words, won = [], [], [], False
        for word in words:
            lw = word.casefold()
            if lw in WON_WORDS:
                won = True
            elif lw in codes:
                want_codes.append(lw)
            elif lw in EVENT_TYPES or lw.replace("-", "_") in EVENT_TYPES:
                want_types.append(lw.replace("-", "_"))
            else:
                name_words.append(word)
        who = name_key(" ".join(name_words)) if name_words else None
        out = []
        for rec, seats in _with_seats(recs, self._src.players):
            if want_types and rec.type not in want_types:
                continue
            if want_codes and not all(
                any(decision.code == code for decision in rec.decisions) for code in want_codes
            ):
                continue
            if who is not None:
                if won:
                    if rec.type != "hand" or not any(
                        same_player(seats.get(winner, ""), who) for winner in _winners(rec)
                    ):
                        continue
                elif not _involves(rec, seats, who):
                    continue
            elif won and rec.type != "hand":
                continue
            out.append(rec)
        return out


def same_player(name: str, who: str) -> bool:
    """``who`` (already a name key) names this player: the whole name, or its first words,
    or one of its words ("ngozi" is Ngozi Balogun)."""
    key = name_key(" ".join(name.split()))
    return bool(who) and (key == who or key.startswith(who + " ") or who in key.split())


def _winners(rec: Record) -> Iterable[int]:
    if rec.result is not None:
        high, low, _scoop = rec.result
        return (*high, *low)
    ev = rec.event
    if "winner" in ev:
        return (ev["winner"],)
    return tuple(ev.get("winners", ())) + tuple(ev.get("high", ())) + tuple(ev.get("low", ()))


def _involves(rec: Record, seats: dict[int, str], who: str) -> bool:
    ev = rec.event
    if isinstance(ev.get("name"), str) and same_player(ev["name"], who):
        return True
    seat = ev.get("seat")
    if isinstance(seat, int) and same_player(seats.get(seat, ""), who):
        return True
    if rec.type == "hand" and any(
        same_player(seats.get(winner, ""), who) for winner in _winners(rec)
    ):
        return True
    for decision in rec.decisions:
        if decision.seat is not None and same_player(seats.get(decision.seat, ""), who):
            return True
        for key, value in decision.params:
            if key in ("name", "killer") and isinstance(value, str) and same_player(value, who):
                return True
    return False


def _with_seats(recs: Sequence[Record], players) -> Iterable[tuple[Record, dict[int, str]]]:
    """Each record with the seat -> name map as it stood while it was entered (names change
    only by join and quit; a void of one puts the seat back)."""
    seats = {player.seat: player.name for player in players}
    joined: dict[int, tuple[int, str]] = {}  # join seq -> (seat, name)
    left: dict[int, tuple[int, str]] = {}  # quit seq -> (seat, name)
    for rec in recs:
        ev = rec.event
        if rec.type == VOID:
            target = ev.get("target")
            if target in joined:
                seat, name = joined[target]
                if seats.get(seat) == name:
                    del seats[seat]
            elif target in left:
                seat, name = left[target]
                seats.setdefault(seat, name)
            yield rec, seats
            continue
        if rec.type == "quit":
            yield rec, seats  # the leaver is still seated for the match
            quitter = ev.get("seat")
            if isinstance(quitter, int) and quitter in seats:
                left[rec.seq] = (quitter, seats.pop(quitter))
            continue
        if rec.type == "move" and ev.get("from") in seats:  # a seat change: the name follows
            seats[ev.get("to")] = seats.pop(ev.get("from"))
        if rec.type == "join" and isinstance(ev.get("seat"), int):
            seats[ev["seat"]] = str(ev.get("name", ""))
            joined[rec.seq] = (ev["seat"], seats[ev["seat"]])
        yield rec, seats


def open_rewind(session: TableSession, upto: int | None = None) -> Rewind:
    """A :class:`Rewind` over ``session``'s first ``upto`` records (default: all): through a
    read-only connection of its own to the session's journal, whichever database holds it
    (:mod:`floorkill.store.history`); a table kept in memory — or a journal that cannot be
    opened a second time just now — is folded from the session's records."""
    total = len(session) if upto is None else max(0, min(upto, len(session)))
    where = history.journal_location(session)
    if where is not None:
        try:
            conn = history.open_reader(where)
        except JournalError:
            conn = None
        if conn is not None:
            src = _JournalSource(
                conn, session.name, session.config, session.players, total, own=True
            )
            return Rewind(src, session.name)
    return Rewind(_MemorySource(session, total), session.name)


__all__ = ["Moment", "Rewind", "open_rewind"]

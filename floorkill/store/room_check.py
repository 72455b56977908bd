"""The room's checks of a replay split between two processes (`floorkill verify`).

A table's state is a fold of its own events: a bar at another table reaches it only
through the room stamps in its own payloads (rules/room.py). So two processes can each
replay their own tables with no room at all and reach the states one process reaches —
as long as the journal is whole. What the room decides is only whether each row is
right about it:

* the **stamp** of a row at table B: present exactly when the bars of B's seated players
  at other tables (the room as the rows before it left it) differ from the bars B's
  state holds for them (its mirrors), and then equal to those bars;
* a **join** at B: refused when the player owes a kill at another table (rrop-13.6).

While it replays, each process keeps a :class:`TableLog` of every table it replays (its
rows, the seatings and mirrors they were played under, its stamps and joins) and the
owed-kill changes of its tables (:class:`~floorkill.store.audit.ChainAudit` in a share).
The two processes swap their changes, and :func:`check` then asks of each of its tables
exactly what the one-process pass asks of each row (:meth:`ChainAudit._event`), a stretch
of rows at a time: between two changes of the seating, the mirrors or the room, every row
of the stretch gets the same answer.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Iterable, Mapping
from types import SimpleNamespace
from typing import Any

from floorkill.rules import room as room_rules
from floorkill.rules.names import name_key
from floorkill.store import reading


class TableLog:
    """What the room's checks need of one table's replayed rows."""

    __slots__ = ("config", "rows", "epochs", "stamps", "joins", "_players", "_barred")

    def __init__(self, config: Any) -> None:
        self.config = config
        self.rows = array("q")  # gseq of every replayed event row
        self.epochs: list[tuple[int, tuple, tuple]] = []  # (from gseq, players, mirrors)
        self.stamps: dict[int, Any] = {}  # gseq -> the row's room stamp
        self.joins: list[tuple[int, Any]] = []  # (gseq, the name joining)
        self._players: Any = None
        self._barred: Any = None

    def row(self, gseq: int, before: Any, data: Mapping, event: Any) -> None:
        """An event row about to be applied to ``before`` (``event``: as the rules read
        it, or False)."""
        self.rows.append(gseq)
        if before.players is not self._players or before.barred is not self._barred:
            self._players, self._barred = before.players, before.barred
            mirrors = room_rules.mirrors(before) if before.barred else ()
            last = self.epochs[-1] if self.epochs else None
            if last is None or last[1] != before.players or last[2] != mirrors:
                self.epochs.append((gseq, before.players, mirrors))
        if room_rules.ROOM_FIELD in data:
            self.stamps[gseq] = data[room_rules.ROOM_FIELD]
        if event is not False and event.type == "join":
            self.joins.append((gseq, event.name))


def check(
    logs: Mapping[str, TableLog], changes: Iterable[tuple[int, str, list]], order: list[str]
) -> list[str]:
    """The room's problems of the tables in ``logs`` (each naming a row), given every
    owed-kill change of the journal, ``(gseq, table, owed)`` (from the row after it on),
    and every table whose owed kills make the room (it reads them by table name)."""
    changes = sorted(changes, key=lambda c: c[0])
    change_at = [c[0] for c in changes]
    problems: list[str] = []
    for name, log in logs.items():
        if not log.rows:
            continue
        # where what a row is asked can change: a new seating or mirrors, a new room
        cuts = sorted({e[0] for e in log.epochs} | {g + 1 for g in change_at} | {log.rows[0]})
        cuts = [g for g in cuts if g >= log.rows[0]] + [log.rows[-1] + 1]
        stamped = sorted(log.stamps)
        joins = sorted(log.joins, key=lambda j: j[0])
        bars: dict[str, list] = {}
        applied = 0
        epoch = 0
        for start, end in zip(cuts, cuts[1:]):
            while applied < len(changes) and changes[applied][0] < start:
                _g, table, owed = changes[applied]
                if owed:
                    bars[table] = owed
                else:
                    bars.pop(table, None)
                applied += 1
            while epoch + 1 < len(log.epochs) and log.epochs[epoch + 1][0] <= start:
                epoch += 1
            first = bisect_left(log.rows, start)
            last = bisect_left(log.rows, end)
            if first == last:
                continue  # no row of this table in the stretch
            elsewhere = (
                reading.room_bars(((n, bars[n]) for n in order if n in bars), exclude=name)
                if bars
                else {}
            )
            _from, players, mirrors = log.epochs[epoch]
            seated = room_rules.seated_bars(
                SimpleNamespace(players=players, config=log.config), elsewhere
            )
            want = None if seated == mirrors else room_rules.room_json(seated)
            s0, s1 = bisect_left(stamped, start), bisect_left(stamped, end)
            if want is None:
                if s0 != s1:
                    g = stamped[s0]
                    problems.append(_stamp_problem(g, name, log.stamps[g], None))
            else:
                for i in range(first, last):
                    g = log.rows[i]
                    got = log.stamps.get(g)
                    if got != want:
                        problems.append(_stamp_problem(g, name, got, want))
                        break
            j0, j1 = (bisect_left(joins, (start,)), bisect_left(joins, (end,)))
            for g, who in joins[j0:j1]:
                hit = elsewhere.get(name_key(who)) if isinstance(who, str) else None
                if hit is not None:
                    problems.append(
                        f"row gseq {g} (table {name!r}): the rules refuse this "
                        f"join event now: {who} owes a kill at {hit[1]} "
                        "[rrop-13.6]"
                    )
            if problems:
                return problems
    return problems


def stamp_text(stamp: Any) -> str:
    """A room stamp in a message: its bars, or "none" (never Python's None)."""
    return "none" if stamp is None else repr(stamp)


def stamp_problem_text(got: Any, want: Any) -> str:
    """The end of a stamp problem: what the row holds, and the bars it should hold."""
    return (
        f"its room stamp ({stamp_text(got)}) is not the bars at other tables then "
        f"({stamp_text(want)}) [rrop-13.6]"
    )


def _stamp_problem(gseq: int, table: str, got: Any, want: Any) -> str:
    return f"row gseq {gseq} (table {table!r}): {stamp_problem_text(got, want)}"

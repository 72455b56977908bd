"""Bench: room-wide bars cost a hand submit nothing, however big the room.

    python bench/room_bench.py [--tables 200] [--players 2000] [--bars 60] [--hands 400]
                               [--history 25] [--dir /dev/shm]

Builds two journals in the same run:

* ONE: a single 9-seat hold'em table ("Bench 1");
* ROOM: the same table plus ``tables - 1`` others, ``players`` seated in all (10 a table;
  every tenth person sits at two tables, spelled differently), ``bars`` of them barred
  (rrop-13.6: two qualifying wins, then quitting without posting the kill) at tables
  other than Bench 1, one of them seated at Bench 1's neighbour table too, and
  ``history`` hands already played at each other table (a journal in mid-evening: a
  room query that scanned the whole journal on each submit showed only with it).

Then enters the same hands at Bench 1 in both, interleaved (ONE, ROOM, ONE, ...), through
the podium's write path (``TableRegistry.append`` → ``JournalSession.append``: room
check, stamp, COMMIT with synchronous=FULL), and prints the median submit time of each and
their ratio. Goal: ROOM / ONE <= 1.1.

Also printed (same run): the bar check (``journal.room()`` + ``barred_at``) and a near-match
question for a join, a ``changed()`` poll, and building the room view's rows for every
player of every table (opens all tables once, then again with them open).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from floorkill.floor.tables import TableRegistry  # noqa: E402
from floorkill.rules import load_table_text  # noqa: E402
from floorkill.store.journal import Journal  # noqa: E402

GOAL_RATIO = 1.1
SEATS = 10
WARM = 400  # hands entered in both journals before the timed ones


def table_text(name: str, players: list[str]) -> str:
    lines = [
        "[table]",
        f'name = "{name}"',
        'game = "holdem"',
        f"seats = {SEATS}",
        "button = 1",
        "[stakes]",
        'structure = "fixed"',
        "bets = [10, 20]",
        "blinds = [5, 10]",
        "[kill]",
        'kind = "full"',
        'triggers = ["two-pots"]',
    ]
    for s, who in enumerate(players, start=1):
        lines += ["[[players]]", f"seat = {s}", f'name = "{who}"', "stack = 1000"]
    return "\n".join(lines) + "\n"


BENCH_PLAYERS = [f"Bench Player {s}" for s in range(1, SEATS)]  # seat 10 left empty


def build_one(path: Path) -> Journal:
    j = Journal(path, "bench")
    j.create_table(load_table_text(table_text("Bench 1", BENCH_PLAYERS)))
    return j


def build_room(path: Path, tables: int, players: int, bars: int, history: int = 0) -> Journal:
    j = Journal(path, "bench")
    j.create_table(load_table_text(table_text("Bench 1", BENCH_PLAYERS)))
    per = max(2, players // max(1, tables - 1))
    barred_tables = set(range(2, 2 + bars))
    for t in range(2, tables + 1):
        names = [f"Guest {t}-{i}" for i in range(per)]
        if t % 10 == 0:  # the same person at two tables
            names[-1] = f"guest  {t - 1}-0".upper()
        names = names[:SEATS]
        s = j.create_table(load_table_text(table_text(f"Table {t}", names)))
        if t in barred_tables and len(names) >= 3:
            s.append_many(
                [
                    {"type": "hand", "winner": 1},
                    {"type": "hand", "winner": 1, "qualifies": True},
                    {"type": "quit", "seat": 1, "posts_kill": False},
                ]
            )
        if history and len(names) >= 3:
            # the evening so far (won by neither seat 1 nor the last seat: either may be barred)
            s.append_many(
                [
                    {"type": "hand", "winner": 2 + i % (len(names) - 2), "qualifies": False}
                    for i in range(history)
                ]
            )
    return j


def hand(i: int) -> dict:
    return {"type": "hand", "winner": i % (SEATS - 1) + 1, "qualifies": False}


def timed(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--bars", type=int, default=60)
    ap.add_argument("--hands", type=int, default=400)
    ap.add_argument(
        "--history",
        type=int,
        default=25,
        help="hands already played at each other table (the journal's size)",
    )
    ap.add_argument("--dir", type=Path, default=None)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        tmp = Path(tmp)
        t0 = time.perf_counter()
        room_j = build_room(tmp / "room.db", args.tables, args.players, args.bars, args.history)
        built = time.perf_counter() - t0
        one_j = build_one(tmp / "one.db")
        room_bars = len(room_j.room().bars())
        seated = sum(len(room_j.open_table(n).state.occupied) for n in room_j.table_names())
        rows = room_j.connection.execute("SELECT count(*) FROM events").fetchone()[0]
        print(
            f"room journal: {len(room_j.table_names())} tables, {seated} players seated, "
            f"{room_bars} barred, {rows} rows (built in {built:.1f} s)"
        )

        one_s, room_s = one_j.session("Bench 1"), room_j.session("Bench 1")
        one_reg, room_reg = TableRegistry(one_s, one_j), TableRegistry(room_s, room_j)
        for i in range(WARM):  # warm up both paths (and both WAL files to their size)
            one_reg.append(one_s, hand(i))
            room_reg.append(room_s, hand(i))
        one_t, room_t = [], []
        for i in range(args.hands):
            raw = hand(i + WARM)
            if i % 2:
                room_t.append(timed(lambda raw=raw: room_reg.append(room_s, raw)))
                one_t.append(timed(lambda raw=raw: one_reg.append(one_s, raw)))
            else:
                one_t.append(timed(lambda raw=raw: one_reg.append(one_s, raw)))
                room_t.append(timed(lambda raw=raw: room_reg.append(room_s, raw)))
        assert one_s.folded.hands == room_s.folded.hands
        one_med, room_med = statistics.median(one_t), statistics.median(room_t)
        ratio = room_med / one_med
        print(
            f"hand submit, median of {args.hands}: one table {one_med * 1e3:.3f} ms, "
            f"room {room_med * 1e3:.3f} ms, ratio {ratio:.3f} "
            f"(goal <= {GOAL_RATIO}) {'OK' if ratio <= GOAL_RATIO else 'OVER'}"
        )

        some_bar = room_j.room().bars()[0]
        check = statistics.median(
            timed(lambda: room_j.room().barred_at(some_bar.player)) for _ in range(200)
        )
        near = statistics.median(
            timed(
                lambda: room_reg.near_match(
                    {"type": "join", "seat": 10, "name": some_bar.player + "x"}
                )
            )
            for _ in range(50)
        )
        poll = statistics.median(timed(room_j.changed) for _ in range(200))
        print(
            f"bar check {check * 1e6:.0f} µs · near-match question {near * 1e3:.2f} ms · "
            f"changed() poll {poll * 1e6:.0f} µs (vs one submit {room_med * 1e3:.2f} ms)"
        )

        from floorkill.ui.screens.room_view import room_rows

        cold = timed(lambda: room_rows(room_reg))
        warm = timed(lambda: room_rows(room_reg))
        rows, _problems = room_rows(room_reg)
        print(
            f"room view rows: {len(rows)} rows; first build {cold * 1e3:.0f} ms (opens every "
            f"table), again {warm * 1e3:.0f} ms"
        )
        room_j.close()
        one_j.close()
    return 0 if ratio <= GOAL_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())

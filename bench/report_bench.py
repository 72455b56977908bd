"""Bench: the shift report and the dispute view's steps.

    python bench/report_bench.py [--tables 50] [--hands 1000] [--dispute 10000] [--dir DIR]
        [--pg URL] [--dispute-only]

1. A journal of ``--tables`` hold'em tables x ``--hands`` hands (two-pots kills, seconds
   legs that do and do not qualify, splits, a walk now and then). Same-run baseline:
   reading every one of those records back (``reading.read_records`` for each table,
   the Record objects the podium's history reads), through the read-only connection.
   Measured: the whole report (gather: read + rules fold + counts; render: the HTML).
   Goal: report <= 3x the baseline.
2. One table of ``--dispute`` records (snapshots every 500, as the journal writes them).
   Measured: the dispute view's model at record N (a jump there, one record back, one
   forward, a hand back, the worst spot: just before a snapshot) — each is what a key
   press asks for. Goal: every step <= 50 ms at record 10,000. Then the same keys pressed
   on the dispute screen over the podium (Pilot), key to screen idle, for reference.
3. ``--room N`` (default 20): the same steps when the table shares a journal with N other
   tables seating the same players, each with bars made and paid and undos all night —
   the room-wide bars as they stood at each record (rules/room.py) are folded from them.
4. ``--pg URL`` (default ``$FLOORKILL_TEST_PG``; ``source .ci/postgres.sh`` starts a
   throw-away server): parts 2 and 3 again, same run, on a PostgreSQL journal (a fresh
   schema of that database, dropped afterwards), and each step's PostgreSQL / SQLite
   ratio. ``--dispute-only`` skips part 1.
Prints medians of several runs and the ratio.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from floorkill.report import gather_journal, render  # noqa: E402
from floorkill.report.rewind import open_rewind  # noqa: E402
from floorkill.rules import load_table_text  # noqa: E402
from floorkill.store import reading  # noqa: E402
from floorkill.store.backend import open_journal  # noqa: E402
from floorkill.store.journal import Journal  # noqa: E402
from floorkill.store.readonly import readonly_connect  # noqa: E402

GOAL_RATIO = 3.0
GOAL_STEP_MS = 50.0


def table_text(name: str) -> str:
    lines = [
        "[table]",
        f'name = "{name}"',
        'game = "holdem"',
        "seats = 9",
        "button = 1",
        "[stakes]",
        'structure = "fixed"',
        "bets = [10, 20]",
        "blinds = [5, 10]",
        "[kill]",
        'kind = "full"',
        'triggers = ["two-pots"]',
    ]
    for s in range(1, 10):
        lines += ["[[players]]", f"seat = {s}", f'name = "Player {s}"']
    return "\n".join(lines) + "\n"


def night(n: int, seed: int) -> list[dict]:
    """n hands of a lively game: repeated winners (legs, kills, kills again), splits, walks."""
    out = []
    seat = seed % 9 + 1
    for i in range(n):
        r = (i * 7 + seed * 13) % 20
        if r < 9:
            seat = seat  # the same winner again: second legs and kills
        elif r < 17:
            seat = (seat + r) % 9 + 1
        if r == 17:
            out.append({"type": "hand", "winners": [seat, seat % 9 + 1]})
            continue
        ev = {"type": "hand", "winner": seat, "qualifies": r % 3 != 0}
        if r == 18:
            ev["flop"] = False
        out.append(ev)
    return out


def build(path: Path, tables: int, hands: int) -> list[str]:
    names = []
    with Journal(path, "Bench Floor") as j:
        for t in range(tables):
            s = j.create_table(load_table_text(table_text(f"Table {t + 1}")))
            s.append_many(night(hands, t))
            names.append(s.name)
    return names


def median_time(fn, reps: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(reps):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), out


def read_all(path: Path, names: list[str]) -> int:
    conn = readonly_connect(path)
    try:
        n = 0
        for name in names:
            length = reading.max_seq(conn, name)
            n += len(reading.read_records(conn, name, length, 0, None))
        return n
    finally:
        conn.close()


def report(path: Path) -> str:
    return render(gather_journal(path))


def dispute(where, records: int) -> dict[str, float]:
    """The steps at record ``records`` of one table alone in a journal (``where``: a
    journal file or a PostgreSQL URL)."""
    with open_journal(where, floorperson="Bench Floor") as j:
        s = j.create_table(load_table_text(table_text("Long Table")))
        for start in range(0, records, 5000):
            s.append_many(night(min(5000, records - start), start))
        return _steps(j.open_table("Long Table"), records)


def bar_and_pay(side, rows: list) -> None:
    """At ``side``: a killer leaves without posting (barred, rrop-13.6), pays, sits down
    again; then a hand undone. Refusals skip a step (the bench only needs such rows)."""
    from floorkill.rules import Refusal

    def add(raw) -> None:
        try:
            rows.append(side.append(raw))
        except Refusal:
            pass

    for _ in range(3):
        if side.state.button.killed:
            break
        add({"type": "hand", "winner": 1, "qualifies": True})
    b = side.state.button
    if b.killed and b.seat is not None:
        add({"type": "quit", "seat": b.seat, "posts_kill": False})
        add({"type": "pay_kill", "name": b.player})
        add({"type": "join", "seat": b.seat, "name": b.player, "stack": 1000})
    add({"type": "hand", "winner": 2, "qualifies": False})
    last = side.last_undoable()
    if last is not None:
        side.void(last.seq, "wrong seat")


def dispute_room(where, records: int, tables: int) -> dict[str, float]:
    """The same steps at record ``records`` of a table in a room: ``tables`` other tables
    seating the same people, written in turn with it (1,000 of its records, then 50 hands
    at each other table, one of whose players is barred, pays and sits down again, and one
    undo) — every other table is one the view must fold to know who was barred then."""
    with open_journal(where, floorperson="Bench Floor") as j:
        s = j.create_table(load_table_text(table_text("Long Table")))
        sides = [
            j.create_table(load_table_text(table_text(f"Side {t + 1}"))) for t in range(tables)
        ]
        rows: list = []
        for start in range(0, records, 1000):
            s.append_many(night(min(1000, records - start), start))
            for t, side in enumerate(sides):
                side.append_many(night(50, t + start))
                bar_and_pay(side, rows)
        bars = sum(1 for r in rows if r.type == "quit")
        return _steps(j.open_table("Long Table"), records) | {"bars made and paid": bars}


def _steps(session, records: int) -> dict[str, float]:
    out: dict[str, list[float]] = {
        "jump to N": [],
        "one back": [],
        "one forward": [],
        "hand back": [],
        "just before a snapshot": [],
    }
    opened: list[float] = []
    for _ in range(7):
        t = time.perf_counter()
        rw = open_rewind(session)  # its own read-only connection
        opened.append((time.perf_counter() - t) * 1000)
        assert rw.room_wide, "the dispute view did not read the journal"
        try:
            for label, fn in (
                ("jump to N", lambda rw=rw: rw.moment(records)),
                ("one back", lambda rw=rw: rw.moment(records - 1)),
                ("one forward", lambda rw=rw: rw.moment(records)),
                ("hand back", lambda rw=rw: rw.moment(rw.hand_step(records, False))),
                ("just before a snapshot", lambda rw=rw: rw.moment(records - 501)),
            ):
                t = time.perf_counter()
                fn()
                out[label].append((time.perf_counter() - t) * 1000)
        finally:
            rw.close()
    medians = {k: statistics.median(v) for k, v in out.items()}
    return medians | {
        "slowest step (median)": max(medians.values()),
        "slowest single run": max(max(v) for v in out.values()),
        "opening (not a step: the connection)": statistics.median(opened),
    }


def dispute_keys(where, records: int, presses: int = 15) -> dict[str, float]:
    """The same steps as key presses on the dispute screen over the podium (Pilot): from the
    key to the screen idle again, panels redrawn."""
    import asyncio

    from floorkill.ui.podium import make_podium_app
    from floorkill.ui.screens.dispute import DisputeScreen

    out: dict[str, list[float]] = {
        "z (no binding: the same-run baseline)": [],
        "← one record back": [],
        "→ one forward": [],
        "[ a hand back": [],
    }

    async def run() -> None:
        with open_journal(where, floorperson="Bench Floor") as j:
            s = j.open_table("Long Table")
            app = make_podium_app(s)
            async with app.run_test(size=(140, 44)) as pilot:
                await pilot.press("f12")
                assert isinstance(app.screen, DisputeScreen)
                for _ in range(presses):
                    for label, key in (
                        ("z (no binding: the same-run baseline)", "z"),
                        ("← one record back", "left"),
                        ("→ one forward", "right"),
                        ("[ a hand back", "left_square_bracket"),
                    ):
                        t = time.perf_counter()
                        await pilot.press(key)
                        out[label].append((time.perf_counter() - t) * 1000)
                    await pilot.press("end")

    asyncio.run(run())
    return {k: statistics.median(v) for k, v in out.items()}


def dispute_part(label: str, long_where, room_where, args) -> dict[str, float]:
    """Parts 2 and 3 on one journal backend; every number printed, and returned by label."""
    got: dict[str, float] = {}
    steps = dispute(long_where, args.dispute)
    for name, ms in steps.items():
        print(f"[{label}] dispute at record {args.dispute}: {name}: {ms:.1f} ms")
        got[name] = ms
    for name, ms in dispute_keys(long_where, args.dispute).items():
        print(
            f"[{label}] dispute screen at record {args.dispute}, key {name}: {ms:.1f} ms "
            "(median, key to screen idle)"
        )
        got["key " + name] = ms
    if args.room:
        room = dispute_room(room_where, args.dispute, args.room)
        bars = int(room.pop("bars made and paid"))
        for name, ms in room.items():
            print(
                f"[{label}] dispute at record {args.dispute} in a room ({args.room} more "
                f"tables, same players, {bars} bars made and paid, undos): {name}: {ms:.1f} ms"
            )
            got["room " + name] = ms
    return got


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--dispute", type=int, default=10_000)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument(
        "--room",
        type=int,
        default=20,
        help="other tables seating the same players for the room case (0: skip)",
    )
    ap.add_argument("--dir", type=Path)
    ap.add_argument(
        "--pg",
        default=os.environ.get("FLOORKILL_TEST_PG"),
        help="a PostgreSQL URL: the dispute parts again on a journal there "
        "(a fresh schema, dropped afterwards); default $FLOORKILL_TEST_PG",
    )
    ap.add_argument("--dispute-only", action="store_true", help="skip the report part")
    args = ap.parse_args()
    folder = args.dir or Path(tempfile.mkdtemp(prefix="fk-report-bench-"))
    ok = True
    if not args.dispute_only:
        path = folder / "night.db"
        t = time.perf_counter()
        names = build(path, args.tables, args.hands)
        print(
            f"journal: {args.tables} tables x {args.hands} hands built in "
            f"{time.perf_counter() - t:.1f} s"
        )
        read_all(path, names)  # warm the page cache
        base, n = median_time(lambda: read_all(path, names), args.reps)
        rep, html = median_time(lambda: report(path), args.reps)
        ratio = rep / base
        print(f"reading the {n} records (baseline): {base * 1000:.0f} ms")
        print(f"report (gather + render, {len(html) // 1024} KiB of HTML): {rep * 1000:.0f} ms")
        print(
            f"ratio report / reading: {ratio:.2f}  (goal <= {GOAL_RATIO}) "
            f"{'OK' if ratio <= GOAL_RATIO else 'MISSED'}"
        )
        ok = ratio <= GOAL_RATIO
    parts = {"SQLite": dispute_part("SQLite", folder / "long.db", folder / "room.db", args)}
    if args.pg:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from pg_bench import Schema

        schemas = [Schema(args.pg), Schema(args.pg)]
        try:
            parts["PostgreSQL"] = dispute_part("PostgreSQL", schemas[0].url, schemas[1].url, args)
        finally:
            for sch in schemas:
                sch.drop()
        sq, pg = parts["SQLite"], parts["PostgreSQL"]
        print(f"same run, PostgreSQL (local socket) / SQLite file, at record {args.dispute}:")
        for name in sq:
            if name in pg and sq[name] > 0:
                print(
                    f"  {name}: {sq[name]:.1f} ms / {pg[name]:.1f} ms = {pg[name] / sq[name]:.2f}x"
                )
    for label, got in parts.items():
        worst = max(
            got[k] for k in ("slowest step (median)", "room slowest step (median)") if k in got
        )
        print(
            f"[{label}] dispute: slowest step {worst:.1f} ms (median of 7, room case "
            f"included; goal <= {GOAL_STEP_MS:.0f} ms) "
            f"{'OK' if worst <= GOAL_STEP_MS else 'MISSED'}"
        )
        ok = ok and worst <= GOAL_STEP_MS
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())

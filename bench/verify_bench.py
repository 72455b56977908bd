"""Bench: append cost at 1 vs 100 tables; `verify` time and peak memory as the journal grows.

    python bench/verify_bench.py [--dir DIR] [--sizes 10000,50000] [--appends 200] [--repeat 3]
    python bench/verify_bench.py --dir /tmp/fk-bench --sizes 10000,1000000   # the issue's sizes

Journals are built once into DIR (reused when already there; default: a temp dir): 100
tables of a 9-seat hold'em two-pots game, events interleaved across the tables, hands with
the second-leg answer, a void every 997 rows (so verify refolds). Same-run baselines:

* append: the same append to a journal holding ONE table with as many rows in all, the two
  measured alternately; with synchronous=OFF (our code's cost) and FULL (with fsync);
* verify: reading every row once (SELECT of every column in gseq order, each payload
  json.loads'd) — the least work that reads what the journal holds; and, for scale only,
  a plain full replay (every table's live events folded through the rules, as an open
  without snapshots would: the rules fold alone), measured once.
* memory: peak RSS of a child process running verify, against a child that only imports.

How the verify ratio is read: verify and the read each run in a fresh child process (the
same script, the same read-only SQLite opening of the same file; imports left out of the
timing), alternately, ``--repeat`` times each (read, verify, read, verify, ...). Each
side's figure is its least CPU time (user + sys of that child) over the runs: the run the
machine disturbed least, taken the same way on both sides. The ratio is verify's least CPU
over the read's; wall times (least over the runs) are printed beside it but not judged, as
on a shared machine the wall clock also counts other jobs.

Goals (the exit status): append at 100 tables <= 1.2x one table; verify (one process) at
1,000,000 events <= 6x reading the rows once (the CPU ratio above) and <= 100 MB peak.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from floorkill.rules import load_table_text  # noqa: E402
from floorkill.store.journal import Journal  # noqa: E402

TABLES = 100
GOAL_APPEND = 1.2
GOAL_VERIFY = 6.0
GOAL_MB = 100


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


def hands(start: int, n: int) -> list[dict]:
    out = []
    for i in range(start, start + n):
        seat = (i * 7 // 3) % 9 + 1  # runs of the same winner: kills too
        out.append({"type": "hand", "winner": seat, "qualifies": i % 5 != 0})
    return out


# A bar (rrop-13.6) early in the journal: Sam Solo (seat 9 of T000, seated nowhere else)
# kills and quits without posting, and a new player takes the seat. From then on a table
# owes a kill, which every table's rows are checked against (the room stamps).
BAR = (
    {"type": "hand", "winner": 9, "qualifies": True},
    {"type": "hand", "winner": 9, "qualifies": True},
    {"type": "quit", "seat": 9, "posts_kill": False},
    {"type": "join", "seat": 9, "name": "Player 9"},
)


def build(
    path: Path, events: int, tables: int, chunk: int = 997, bar_at: int | None = None
) -> float:
    """A journal of ``events`` rows over ``tables`` tables (reused if already built); with
    ``bar_at``, the BAR at T000 once that many rows are written."""
    if path.exists():
        with Journal(path, mac_key=None) as j:
            have = j.connection.execute("SELECT count(*) FROM events").fetchone()[0]
        if have >= events:
            return 0.0
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
    t = time.perf_counter()
    want_bar = bar_at is not None
    with Journal(path, "bench", mac_key=None) as j:
        sessions = []
        for i in range(tables):
            text = table_text(f"T{i:03d}")
            if bar_at is not None and i == 0:
                text = text.replace('name = "Player 9"', 'name = "Sam Solo"')
            sessions.append(j.create_table(load_table_text(text)))
        written = tables
        k = 0
        while written < events:
            s = sessions[k % tables]
            if bar_at is not None and written >= bar_at and s is sessions[0]:
                s.append_many(list(BAR))
                written += len(BAR)
                bar_at = None
            n = min(chunk, events - written)
            s.append_many(hands(len(s), n))
            written += n
            if written < events and len(s) > 2:
                s.void(len(s) - 1, "bench undo")  # a void now and then
                written += 1
            k += 1
        assert not want_bar or sessions[0].state.barred, "the bar holds to the end"
    return time.perf_counter() - t


# -- append ---------------------------------------------------------------------------------


def append_ratio(folder: Path, per_table: int, n: int) -> None:
    total = TABLES * (per_table + 1)  # the same number of rows in both journals
    one, many = folder / f"append-1-{total}.db", folder / f"append-{TABLES}-{total}.db"
    build(one, total, 1, chunk=per_table)
    build(many, total, TABLES, chunk=per_table)
    for sync in ("OFF", "FULL"):
        times = {one: [], many: []}
        js = {p: Journal(p, "bench", mac_key=None) for p in (one, many)}
        try:
            ss = {p: js[p].open_table(js[p].table_names()[0]) for p in js}
            for p in js:
                js[p].connection.execute(f"PRAGMA synchronous = {sync}")
                ss[p].append(hands(len(ss[p]), 1)[0])  # warm
            for i in range(n):
                for p in (one, many) if i % 2 else (many, one):
                    ev = hands(len(ss[p]), 1)[0]
                    t = time.perf_counter()
                    ss[p].append(ev)
                    times[p].append(time.perf_counter() - t)
        finally:
            for j in js.values():
                j.close()
        m1, m100 = statistics.median(times[one]), statistics.median(times[many])
        ratio = m100 / m1
        ok = "OK" if ratio <= GOAL_APPEND else "MISSED"
        print(
            f"append (synchronous={sync}): median {m1 * 1e3:.3f} ms at 1 table, "
            f"{m100 * 1e3:.3f} ms at {TABLES} tables (max {max(times[many]) * 1e3:.2f} ms): "
            f"ratio {ratio:.2f} (goal <= {GOAL_APPEND}) {ok if sync == 'OFF' else ''}"
        )


# -- verify ---------------------------------------------------------------------------------


CHILD = """
import json, resource, sqlite3, sys, time
sys.path.insert(0, {root!r})
mode, path = sys.argv[1], sys.argv[2]
if mode in ("verify", "imports"):
    from floorkill.store.audit import verify_sqlite
elif mode == "replay":
    from floorkill.store import reading
t, cpu = time.perf_counter(), time.process_time()
if mode == "read":  # every row once, every column, each payload decoded
    c = sqlite3.connect(f"file:{{path}}?mode=ro", uri=True)
    for row in c.execute("SELECT * FROM events ORDER BY gseq"):
        json.loads(row[5])
    c.close()
elif mode == "verify":
    result, _ = verify_sqlite(path)
    assert not result.problems, result.problems[:3]
elif mode == "replay":  # every table's live events through the rules, nothing checked
    c = sqlite3.connect(f"file:{{path}}?mode=ro", uri=True)
    for name, text in c.execute("SELECT name, toml FROM tables").fetchall():
        cfg, players = reading.parse_table_toml(name, text)
        for _ in reading.replay_table(c, name, cfg, players, reading.void_rows(c, name)):
            pass
    c.close()
wall, cpu = time.perf_counter() - t, time.process_time() - cpu
print(wall, cpu, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def child(mode: str, path: Path | None = None) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak RSS in MB) of ``mode`` ("read", "verify",
    "replay"; "imports": nothing) over ``path`` in a fresh process."""
    r = subprocess.run(
        [sys.executable, "-c", CHILD.format(root=str(ROOT)), mode, str(path or "-")],
        capture_output=True,
        text=True,
        check=True,
    )
    secs, cpu, kb = r.stdout.split()
    return float(secs), float(cpu), int(kb) / 1024


def report(label: str, path: Path, base_mb: float, repeat: int, replay: bool = False) -> bool:
    """Verify ``path`` against reading its rows once, each ``repeat`` times in turn (and a
    plain full replay once); print the figures; whether the goals hold (CPU ratio, RSS)."""
    reads, verifies = [], []
    for _ in range(repeat):
        reads.append(child("read", path))
        verifies.append(child("verify", path))
    r_wall, r_cpu = min(x[0] for x in reads), min(x[1] for x in reads)
    v_wall, v_cpu = min(x[0] for x in verifies), min(x[1] for x in verifies)
    mb = max(x[2] for x in verifies)
    ratio = v_cpu / r_cpu
    good = ratio <= GOAL_VERIFY and mb <= GOAL_MB

    def runs(samples: list) -> str:
        return ", ".join(f"{x[1]:.2f}" for x in samples)

    print(
        f"{label}: verify {v_cpu:.2f} s CPU (runs: {runs(verifies)}), rows read once "
        f"{r_cpu:.2f} s CPU (runs: {runs(reads)}); wall {v_wall:.2f} s and {r_wall:.2f} s; "
        f"peak {mb:.1f} MB (+{mb - base_mb:.1f} over imports)"
    )
    if replay:
        rp_wall, rp_cpu, _ = child("replay", path)
        print(f"  full replay alone (once): CPU {rp_cpu / r_cpu:.2f}x the read")
    print(
        f"  verify / rows read once, least CPU of {repeat}: {ratio:.2f} (goal <= "
        f"{GOAL_VERIFY:g}; wall {v_wall / r_wall:.2f}); {mb:.1f} MB (goal <= {GOAL_MB}): "
        f"{'OK' if good else 'MISSED'} (load average {os.getloadavg()[0]:.1f})"
    )
    return good


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path)
    ap.add_argument(
        "--sizes", default="10000,50000", help="journal sizes (events) for verify, comma-separated"
    )
    ap.add_argument("--appends", type=int, default=200, help="0: no append measure")
    ap.add_argument(
        "--bars",
        type=int,
        default=1000,
        metavar="ROW",
        help="also verify the biggest size with a bar from about this row on (0: not)",
    )
    ap.add_argument(
        "--per-table", type=int, default=200, help="events per table in the append journals"
    )
    ap.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="runs of verify and of the read, in turn; each side's least CPU time is taken",
    )
    args = ap.parse_args()
    sizes = [int(x) for x in args.sizes.split(",") if x.strip()]
    with tempfile.TemporaryDirectory(prefix="floorkill-vbench-") as tmp:
        folder = args.dir or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        if args.appends:
            append_ratio(folder, args.per_table, args.appends)
        _, _, base_mb = child("imports")
        print(f"baseline: a process that only imports floorkill's verify: {base_mb:.1f} MB")
        ok = True
        for n in sizes:
            path = folder / f"verify-{n}.db"
            built = build(path, n, TABLES)
            if built:
                print(
                    f"built {n:,} events over {TABLES} tables in {built:.1f} s "
                    f"({path.stat().st_size / 1e6:.0f} MB)"
                )
            ok = report(f"verify {n:,} events", path, base_mb, args.repeat, replay=True) and ok
        if args.bars:
            n = max(sizes)
            path = folder / f"verify-bar-{n}.db"
            built = build(path, n, TABLES, bar_at=args.bars)
            if built:
                print(f"built {n:,} events with a bar from row {args.bars:,} in {built:.1f} s")
            c = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            at = c.execute(
                'SELECT min(gseq) FROM events WHERE instr(decisions, \'"code":"barred"\') > 0'
            ).fetchone()[0]
            c.close()
            ok = (
                report(
                    f"verify {n:,} events, a table owing a kill from row {at:,} on",
                    path,
                    base_mb,
                    args.repeat,
                )
                and ok
            )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())

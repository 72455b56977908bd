"""Bench: the SQLite journal — opening a table is independent of its history; appends are cheap.

    python bench/journal_bench.py [--dir DIR] [--big 100000] [--small 1000] [--appends 300]

Builds two journals of hand events on a 9-seat hold'em two-pots table ({"type": "hand",
"winner": s, "qualifies": false}, cycling seats), the big one with ``append_many`` (one
transaction, the very rows ``append`` writes: hash chain, snapshots, obligations).
Prints the time to open each table to its current state (new ``Journal`` + ``open_table``;
and the same through the read-only viewer path), their ratio, the worst case (a full
snapshot interval of tail to fold), and the median time of one acknowledged ``append``
(call to return, COMMIT with synchronous=FULL included). Same-run baselines: a bare
SQLite commit with synchronous=FULL in WAL, and reading back every row with json.loads.

Goals: open ratio <= 2 and < 0.2 s at 100,000 events; append < 2 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from floorkill.rules import load_table_text  # noqa: E402
from floorkill.store.journal import SNAPSHOT_EVERY, Journal  # noqa: E402
from floorkill.store.readonly import ReadOnlyJournal  # noqa: E402

GOAL_RATIO = 2.0
GOAL_OPEN_S = 0.2
GOAL_APPEND_MS = 2.0
NAME = "Bench 9"


def table_text() -> str:
    lines = [
        "[table]",
        f'name = "{NAME}"',
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
    return [
        {"type": "hand", "winner": i % 9 + 1, "qualifies": False} for i in range(start, start + n)
    ]


def build(path: Path, n: int) -> float:
    t = time.perf_counter()
    with Journal(path, "bench") as j:
        s = j.create_table(load_table_text(table_text()))
        chunk = 20_000
        for start in range(0, n, chunk):
            s.append_many(hands(start, min(chunk, n - start)))
        assert len(s) == n
    return time.perf_counter() - t


def open_time(path: Path, reps: int = 7) -> tuple[float, int]:
    times = []
    hands_played = 0
    for _ in range(reps):
        t = time.perf_counter()
        with Journal(path) as j:
            st = j.open_table(NAME).state
        times.append(time.perf_counter() - t)
        hands_played = st.hands
    return statistics.median(times), hands_played


def open_time_ro(path: Path, reps: int = 7) -> float:
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        with ReadOnlyJournal(path) as ro:
            _ = ro.open_table(NAME).state
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def append_times(path: Path, n: int, bare: sqlite3.Connection) -> tuple[list[float], list[float]]:
    """Times of n acknowledged appends, each paired with a bare commit timed right before
    it (same disk, same moment: the cost of an fsync varies with the machine's load)."""
    out, base = [], []
    with Journal(path, "bench") as j:
        s = j.open_table(NAME)
        for ev in hands(len(s), n):
            base.append(bare_commit_once(bare))
            t = time.perf_counter()
            s.append(ev)
            out.append(time.perf_counter() - t)
    return out, base


def bare_connection(folder: Path) -> sqlite3.Connection:
    c = sqlite3.connect(folder / "bare.db", isolation_level=None)
    c.execute("PRAGMA journal_mode = WAL")
    c.execute("PRAGMA synchronous = FULL")
    c.execute("CREATE TABLE IF NOT EXISTS t(x TEXT)")
    return c


def bare_commit_once(c: sqlite3.Connection) -> float:
    t = time.perf_counter()
    c.execute("BEGIN IMMEDIATE")
    c.execute("INSERT INTO t VALUES (?)", ('{"type":"hand","winner":1}',))
    c.execute("COMMIT")
    return time.perf_counter() - t


def raw_fsync(folder: Path, n: int = 100) -> float:
    """Median of os.fsync after a 4 KB write: the floor of any durable commit here."""
    path = folder / "fsync.bin"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o644)
    times = []
    try:
        for _ in range(n):
            os.pwrite(fd, b"x" * 4096, 0)
            t = time.perf_counter()
            os.fsync(fd)
            times.append(time.perf_counter() - t)
    finally:
        os.close(fd)
        path.unlink()
    return statistics.median(times)


def read_all(path: Path) -> float:
    c = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    t = time.perf_counter()
    rows = [json.loads(p) for (p,) in c.execute("SELECT payload FROM events ORDER BY gseq")]
    elapsed = time.perf_counter() - t
    c.close()
    assert rows
    return elapsed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path, help="where to build the journals (default: a temp dir)")
    ap.add_argument("--small", type=int, default=1_000)
    ap.add_argument("--big", type=int, default=100_000)
    ap.add_argument("--appends", type=int, default=300)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="floorkill-bench-") as tmp:
        folder = args.dir or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        small, big = folder / "small.db", folder / "big.db"
        for p in (small, big):
            for suffix in ("", "-wal", "-shm"):
                Path(f"{p}{suffix}").unlink(missing_ok=True)
        print(f"building {args.small:,} events: {build(small, args.small):.2f} s")
        print(
            f"building {args.big:,} events: {build(big, args.big):.2f} s "
            f"({big.stat().st_size / 1e6:.1f} MB)"
        )

        bare_conn = bare_connection(folder)
        bare = statistics.median(bare_commit_once(bare_conn) for _ in range(200))
        print(
            f"baseline: bare SQLite commit (WAL, synchronous=FULL): {bare * 1e3:.3f} ms; "
            f"a raw fsync of 4 KB: {raw_fsync(folder) * 1e3:.3f} ms"
        )
        print(f"baseline: read back {args.big:,} rows with json.loads: {read_all(big):.3f} s")

        t_small, h_small = open_time(small)
        t_big, h_big = open_time(big)
        assert (h_small, h_big) == (args.small, args.big)
        ratio = t_big / t_small
        print(f"open to current state, {args.small:,} events: {t_small * 1e3:.2f} ms")
        print(f"open to current state, {args.big:,} events: {t_big * 1e3:.2f} ms")
        print(
            f"ratio big/small: {ratio:.2f} (goal <= {GOAL_RATIO})  "
            f"{'OK' if ratio <= GOAL_RATIO else 'MISSED'}"
        )
        print(
            f"open at {args.big:,} under {GOAL_OPEN_S} s: "
            f"{'OK' if t_big < GOAL_OPEN_S else 'MISSED'}"
        )
        ro_small, ro_big = open_time_ro(small), open_time_ro(big)
        print(
            f"read-only viewer open: {ro_small * 1e3:.2f} ms / {ro_big * 1e3:.2f} ms "
            f"(ratio {ro_big / ro_small:.2f})"
        )

        a_small, b_small = append_times(small, args.appends, bare_conn)
        a_big, b_big = append_times(big, args.appends, bare_conn)
        m_small, m_big = statistics.median(a_small), statistics.median(a_big)
        p95 = sorted(a_big)[int(len(a_big) * 0.95) - 1]
        paired = statistics.median(b_small + b_big)
        over = statistics.median(
            [a - b for a, b in zip(a_small + a_big, b_small + b_big, strict=True)]
        )
        print(
            f"acknowledged append, median: {m_small * 1e3:.3f} ms at {args.small:,}, "
            f"{m_big * 1e3:.3f} ms at {args.big:,} (p95 {p95 * 1e3:.3f} ms) "
            f"goal < {GOAL_APPEND_MS} ms  "
            f"{'OK' if max(m_small, m_big) < GOAL_APPEND_MS * 1e-3 else 'MISSED'}"
        )
        print(
            f"  paired bare commits (timed just before each append), median: "
            f"{paired * 1e3:.3f} ms; append minus its paired bare commit, median: "
            f"{over * 1e3:.3f} ms"
        )

        with Journal(big, "bench") as j:  # our own cost: the same append, no fsync
            j.connection.execute("PRAGMA synchronous = OFF")
            s = j.open_table(NAME)
            nosync = []
            for ev in hands(len(s), args.appends):
                t = time.perf_counter()
                s.append(ev)
                nosync.append(time.perf_counter() - t)
        print(
            f"  the same append with synchronous=OFF (code + SQLite, no fsync), median: "
            f"{statistics.median(nosync) * 1e3:.3f} ms"
        )

        # worst case: a whole snapshot interval of tail to fold on open
        tail = SNAPSHOT_EVERY - 1 - (len_after := (args.big + 2 * args.appends)) % SNAPSHOT_EVERY
        if tail > 0:
            with Journal(big, "bench") as j:
                s = j.open_table(NAME)
                s.append_many(hands(len(s), tail))
        t_worst, h = open_time(big)
        print(
            f"open with the longest tail ({(len_after + tail) % SNAPSHOT_EVERY} events after "
            f"the last snapshot, {h:,} hands): {t_worst * 1e3:.2f} ms"
        )
        bare_conn.close()
        ok = ratio <= GOAL_RATIO and t_big < GOAL_OPEN_S and max(m_small, m_big) < 2e-3
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())

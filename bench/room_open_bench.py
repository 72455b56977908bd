"""What a many-table journal costs a podium's start, one run.

    python bench/room_open_bench.py [--tables 20] [--hands 500] [--runs 5] [--dir /dev/shm]

Builds two SQLite journals in the same run: ONE, a single table with ``--hands`` hands,
and ROOM, ``--tables`` tables with ``--hands`` hands each (snapshots as a podium writes
them). Then opens each as ``floorkill podium`` does (``open_podium``: the journal, its
first open table, the room — every table's owed kills, which folds every table once from
its newest valid snapshot) ``--runs`` times, interleaved, and prints the median of:

* open: the journal file opened (schema check, meta);
* room: the room read on a fresh connection (``journal.room()``: every table folded);
* podium: the whole of ``open_podium`` (what runs before the first frame).

Goal: ROOM's podium open is no noticeable pause — at most 100 ms more than ONE's.
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
sys.path.insert(0, str(ROOT / "bench"))

from room_bench import BENCH_PLAYERS, table_text  # noqa: E402

from floorkill.rules import load_table_text  # noqa: E402
from floorkill.store.journal import Journal  # noqa: E402

GOAL_EXTRA_MS = 100.0


def hands(n: int) -> list[dict]:
    seats = len(BENCH_PLAYERS)
    return [{"type": "hand", "winner": i % seats + 1, "qualifies": False} for i in range(n)]


def build(path: Path, tables: int, n: int) -> None:
    with Journal(path, "bench", mac_key=None) as j:
        for t in range(1, tables + 1):
            s = j.create_table(load_table_text(table_text(f"Table {t}", BENCH_PLAYERS)))
            raws = hands(n)
            for k in range(0, n, 100):
                s.append_many(raws[k : k + 100])


def measure(path: Path) -> dict[str, float]:
    from floorkill.ui.podium.opening import open_podium

    t0 = time.perf_counter()
    j = Journal(path, "bench", mac_key=None)
    t1 = time.perf_counter()
    j.room()
    t2 = time.perf_counter()
    j.close()
    t3 = time.perf_counter()
    opening = open_podium(None, path, "bench")
    assert opening.session.state is not None  # what the first frame draws
    t4 = time.perf_counter()
    opening.closer()
    return {"open": (t1 - t0) * 1000, "room": (t2 - t1) * 1000, "podium": (t4 - t3) * 1000}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--hands", type=int, default=500)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--dir", type=Path, default=None)
    args = ap.parse_args()
    os.environ.setdefault("FLOORKILL_KEY_FILE", str(Path(tempfile.gettempdir()) / "fk-no-such.key"))
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        one, room = Path(tmp) / "one.db", Path(tmp) / "room.db"
        t = time.perf_counter()
        build(one, 1, args.hands)
        build(room, args.tables, args.hands)
        built = time.perf_counter() - t
        measure(one)  # imports and the file cache warmed
        runs: dict[str, list[dict[str, float]]] = {"one": [], "room": []}
        for _ in range(max(1, args.runs)):
            for name, path in (("one", one), ("room", room)):
                runs[name].append(measure(path))
        load = os.getloadavg()[0]
        print(
            f"journals built in {built:.1f} s: ONE 1 table × {args.hands} hands, ROOM "
            f"{args.tables} tables × {args.hands} hands; median of {args.runs} runs; load "
            f"{load:.2f} ({os.cpu_count()} cores)"
        )
        med = {
            name: {k: statistics.median(r[k] for r in rs) for k in rs[0]}
            for name, rs in runs.items()
        }
        for k in ("open", "room", "podium"):
            print(f"  {k:7s} ONE {med['one'][k]:8.1f} ms   ROOM {med['room'][k]:8.1f} ms")
        extra = med["room"]["podium"] - med["one"]["podium"]
        print(f"  the podium's start: ROOM - ONE = {extra:.1f} ms (goal <= {GOAL_EXTRA_MS:.0f})")
        return 0 if extra <= GOAL_EXTRA_MS else 1


if __name__ == "__main__":
    sys.exit(main())

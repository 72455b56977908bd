"""`floorkill backup` while two processes append: 100 backups, each verified and holding
every event acknowledged before it began (the suite takes 20: tests/store/test_backup.py).

    .venv/bin/python bench/backup_bench.py [--backups 100] [--pause 0.005]

Prints how many backups, the rows the last copy held, and the median and max seconds a
backup took (copy + verify) against the median of one verify of the same journal at the
end (a backup should cost about one verify: the copy is a page copy).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "store")]

from backuphelp import backups_under_writers  # noqa: E402
from storehelp import hand_events, table  # noqa: E402

from floorkill.store.audit import verify_sqlite  # noqa: E402
from floorkill.store.journal import Journal  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--backups", type=int, default=100)
    ap.add_argument("--pause", type=float, default=0.005)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "room.db"
        with Journal(path, "fp", mac_key=None) as j:
            j.create_table(table("Table 9")).append_many(hand_events(5))
        got = backups_under_writers(path, Path(d), args.backups, pause=args.pause, limit=600.0)
        times = [t for _a, _h, t in got]
        verifies = []
        for _ in range(3):
            t0 = time.perf_counter()
            verify_sqlite(path)
            verifies.append(time.perf_counter() - t0)
    v = statistics.median(verifies)
    print(
        f"{len(got)} backups under 2 writers, every one verified and holding every acked "
        f"event; last copy {got[-1][1]} rows"
    )
    print(
        f"backup median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms; "
        f"one verify of the final journal {v * 1000:.0f} ms "
        f"(median backup / verify: {statistics.median(times) / v:.2f})"
    )


if __name__ == "__main__":
    main()

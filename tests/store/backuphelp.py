"""Backups taken while two processes append (the test and bench/backup_bench.py)."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

from floorkill.store.backup import backup

WRITER = Path(__file__).resolve().parent / "backup_writer.py"


class Acks:
    """The highest gseq a writer process said was committed (``ack GSEQ`` lines)."""

    def __init__(self, proc: subprocess.Popen) -> None:
        self.proc = proc
        self.last = 0
        self.ready = threading.Event()
        self.done = False
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        for line in self.proc.stdout:  # type: ignore[union-attr]
            word = line.split()
            if word and word[0] == "ack":
                self.last = max(self.last, int(word[1]))
            elif word == ["ready"]:
                self.ready.set()
            elif word == ["done"]:
                self.done = True
        self.ready.set()


def backups_under_writers(
    journal: Path,
    folder: Path,
    backups: int,
    *,
    count: int = 100_000,
    pause: float = 0.005,
    limit: float = 120.0,
) -> list[tuple[int, int, float]]:
    """``backups`` backups of ``journal`` while two writer processes append; for each,
    (gseq acknowledged before it began, the copy's head gseq, seconds it took). Raises
    AssertionError when a copy misses an acknowledged row."""
    procs = [
        subprocess.Popen(
            [sys.executable, str(WRITER), str(journal), name, str(count), str(pause)],
            stdout=subprocess.PIPE,
            text=True,
        )
        for name in ("W1", "W2")
    ]
    acks = [Acks(p) for p in procs]
    out = []
    try:
        for a in acks:
            assert a.ready.wait(30), "a writer did not start"
        deadline = time.monotonic() + limit
        for k in range(backups):
            assert time.monotonic() < deadline, f"only {k} backups in {limit} s"
            while min(a.last for a in acks) == 0:
                time.sleep(0.01)  # both have written
            acked = max(a.last for a in acks)
            t0 = time.perf_counter()
            counts = backup(journal, folder / f"backup-{k}.db")
            took = time.perf_counter() - t0
            assert counts["head_seq"] >= acked, (k, acked, counts["head_seq"])
            assert all(p.poll() is None for p in procs), "a writer stopped during the backups"
            out.append((acked, counts["head_seq"], took))
            (folder / f"backup-{k}.db").unlink()  # (disk: only the check is kept)
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait(10)
    return out

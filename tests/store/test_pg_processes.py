"""Podium processes on PostgreSQL: SIGKILL of a writing podium loses no acknowledged event
(30 trials) and the chain verifies; two podiums racing on one table (400 entries) never
give one hand two results and keep the chain whole (run on both backends)."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from forks import Forks

from floorkill.store.backend import open_journal
from floorkill.store.commands import verify_journal

WRITER = str(Path(__file__).resolve().parent / "pg_writer.py")
TRIALS = 15
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def _writer(where: str, seed: int, mode: str, count: int) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, WRITER, where, str(seed), mode, str(count)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def _events(where: str, table: str) -> dict[int, tuple[int, str, int]]:
    """{seq: (gseq, type, hand)} of a table's rows."""
    with open_journal(where) as j:
        recs = j.open_table(table).records()
    return {r.seq: (r.gseq, r.type, r.hand) for r in recs}


def test_sigkill_of_a_writing_podium_loses_nothing_acknowledged(pg_url):
    rng = random.Random(16)
    acked: dict[int, int] = {}  # seq -> gseq, each after COMMIT returned
    with Forks() as forks:  # a writer process per trial, forked (not started) each time
        for trial in range(TRIALS):
            child = forks.start("pg_writer", pg_url, trial, "crash", 0)
            try:
                first = child.next()
                assert first is not None and first.startswith("ready"), first
                for _ in range(rng.randint(1, 25)):
                    line = child.next()
                    assert line is not None and line.startswith("ack"), line
                    _ack, seq, gseq = line.split()
                    acked[int(seq)] = int(gseq)
            finally:
                rest, code = child.kill()
            for line in rest:  # acknowledged just before the kill
                if line.startswith("ack"):
                    _ack, seq, gseq = line.split()
                    acked[int(seq)] = int(gseq)
            assert code == -signal.SIGKILL, (code, rest)
    rows = _events(pg_url, "Crash")
    lost = {seq: g for seq, g in acked.items() if rows.get(seq, (None,))[0] != g}
    assert not lost, f"acknowledged but not in the journal: {sorted(lost)[:10]}"
    problems, _w, counts = verify_journal(pg_url)
    assert problems == []
    assert counts["rows"] >= len(acked) + 1
    with open_journal(pg_url) as j:
        s = j.open_table("Crash")
        assert s.state == s.full_replay()


def test_two_podiums_racing_on_one_table(where):
    per_podium = 200
    with open_journal(where) as j:
        from storehelp import table

        j.create_table(table("Race"))
    procs = [_writer(where, seed, "race", per_podium) for seed in (1, 2)]
    acks: list[tuple[int, int, int]] = []
    refused = 0
    for proc in procs:
        out, err = proc.communicate(timeout=900)  # a hang guard, never a budget
        assert proc.returncode == 0, err.decode()[-2000:]
        for line in out.decode().splitlines():
            if line.startswith("ack"):
                acks.append(tuple(int(x) for x in line.split()[1:]))
            elif line == "changed":
                refused += 1
    assert len(acks) == 2 * per_podium
    seqs = sorted(a[0] for a in acks)
    assert seqs == list(range(1, 2 * per_podium + 1))  # each seq acknowledged once
    rows = _events(where, "Race")
    assert len(rows) == 2 * per_podium
    assert all(rows[seq][0] == gseq for seq, gseq, _hand in acks)
    hands = [rows[seq][2] for seq in sorted(rows)]
    assert hands == list(range(1, 2 * per_podium + 1))  # one result per hand, in order
    problems, _w, _c = verify_journal(where)
    assert problems == []
    print(f"racing podiums: {refused} entries refused as 'table changed' and re-entered")

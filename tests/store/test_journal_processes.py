"""Processes: a writer killed with SIGKILL at random moments loses no acknowledged event;
one writer and three viewers following with data_version see everything, quietly."""

import json
import random
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from forks import Forks
from storehelp import table

from floorkill.store.commands import verify_journal
from floorkill.store.journal import Journal

HERE = Path(__file__).resolve().parent
WRITER = str(HERE / "crash_writer.py")
READER = str(HERE / "follow_reader.py")
TRIALS = 36
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def _spawn(*args) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, *map(str, args)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0
    )


def _check_whole(path: Path, acked: dict[int, int]) -> None:
    problems, _warnings, counts = verify_journal(path)  # integrity_check + chain + folds
    assert problems == []
    c = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = dict(c.execute("SELECT gseq, seq FROM events WHERE tbl = 'Crash'"))
        seqs = sorted(rows.values())
    finally:
        c.close()
    for gseq, seq in acked.items():
        assert rows.get(gseq) == seq, f"acknowledged row gseq {gseq} (seq {seq}) lost"
    assert seqs == list(range(len(seqs)))  # no gap
    if seqs:
        with Journal(path) as j:
            s = j.open_table("Crash")
            assert s.state == s.full_replay()


def test_sigkill_at_random_moments_loses_no_acknowledged_event(tmp_path):
    rng = random.Random(20261129)
    path = tmp_path / "crash.db"
    acked: dict[int, int] = {}
    kills_during_open = 0
    with Forks() as forks:  # a writer process per trial, forked (not started) each time
        for _trial in range(TRIALS):
            child = forks.start(
                "crash_writer", path, rng.randrange(1 << 30), rng.choice([3, 5, 500]), 0
            )
            try:
                assert child.next() == "start"
                if rng.random() < 0.15:  # while opening / recovering
                    kills_during_open += 1
                else:
                    ready = child.next()
                    assert ready is not None and ready.startswith("ready"), ready
                    for _ in range(rng.randint(0, 14)):
                        line = child.next()
                        assert line is not None, child.returncode
                        _, seq, gseq = line.split()
                        acked[int(gseq)] = int(seq)
            finally:
                rest, code = child.kill()
            for line in rest:  # acks printed before the kill
                if line.startswith("ack "):
                    _, seq, gseq = line.split()
                    acked[int(gseq)] = int(seq)
            assert code == -signal.SIGKILL, (code, rest)
            _check_whole(path, acked)
    assert len(acked) > TRIALS and kills_during_open > 0


def test_one_writer_three_followers(tmp_path):
    path = tmp_path / "follow.db"
    total = 160
    with Journal(path, "setup") as j:
        j.create_table(table("Crash"))
    readers = [_spawn(READER, path, "Crash", total) for _ in range(3)]
    for r in readers:  # each has opened the empty table before the first event is written,
        # so it can only see the events by following them, however slowly it started
        assert r.stdout.readline() == b"ready 0\n"
    writer = _spawn(WRITER, path, 7, 20, total, 25)
    w_out, w_err = writer.communicate(timeout=120)
    assert writer.returncode == 0 and w_err == b"", w_err.decode()
    done = [line for line in w_out.decode().splitlines() if line.startswith("done ")]
    final = json.loads(done[0][5:])
    assert final["len"] == total
    for r in readers:
        out, err = r.communicate(timeout=120)
        assert r.returncode == 0
        assert err == b"", err.decode()  # no error reached the user
        seen = json.loads(out)
        assert seen["seqs"] == list(range(1, total + 1))  # every event, once, in order
        assert (seen["button"], seen["hands"], seen["len"]) == (
            final["button"],
            final["hands"],
            final["len"],
        )
        assert seen["changes"] >= 1  # it followed: every record came after its open
    _check_whole(path, {})

"""Correcting record 10 of a 10,000-event table, against replaying the table.

The table: hold'em, two-pots full kill, six players; 10,000 hands won in turn by seats
with a second leg now and then.

The baseline, "replaying the table", is what ``floorkill replay`` does with the table's
events: each event through the rules, a step (the state after it, its decisions, its
result) made for each and one held at a time (:func:`floorkill.rules.replay.iter_steps`,
consumed as ``cmd_replay`` consumes it). The command's reading of its TOML file and its
printing are left out: a correction neither parses a table file nor prints, so counting
them would flatter the ratio. Through the journal the events are the table's rows, read
as the journal reads them (both sides read the rows). Also shown, for reference: a bare
fold that keeps nothing and makes no steps (the journal's ``full_replay``), leaner than
any replay.

Timed:

* ``from records``: the whole correction from the stored records alone — the history
  folded (:class:`floorkill.rules.corrections.History`), the impact listed
  (:func:`~floorkill.rules.corrections.impact`) and the correction entered;
* ``held``: the same on a history already held (the podium's), impact + entering;
* ``worst``: record 10 is a ``join`` whose name is corrected — the state never comes back
  to the one recorded, so every later record is folded again and compared.

Then the same through a SQLite journal (:func:`journal`): ``session.correct`` alone, and
the podium form's path (the history read, its impact listed, then entered). A worst case
folds the table twice (the history as it stands, then as corrected). The journal reads
each distinct payload once; the table above repeats a few payloads thousands of times, so
the worst case is also timed on a table with no two rows alike (each hand's amount its
own), where that reading saves nothing.

Goal: every case <= 2x replaying the table, the worst cases too. Times are the process's
CPU time (``time.process_time``), best of REPEAT: on a shared machine the wall clock
measures the neighbours. ``--before TREE`` (another source tree of floorkill, e.g. main
checked out elsewhere): both trees measured in the same run, children interleaved
(before, after, before, …) so a busy machine slows both alike; each child's own ratios
(its baseline and cases measured close in time) give the medians to read.

Run: python bench/correct_bench.py [REPEAT] [--before TREE]
"""

from __future__ import annotations

import gc
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import deque
from pathlib import Path

ROOT = Path(os.environ.get("FK_BENCH_TREE") or Path(__file__).resolve().parents[1])
sys.path.insert(0, str(ROOT / "tests" / "rules"))

from helpers import make_table  # noqa: E402

from floorkill.rules import initial_state  # noqa: E402
from floorkill.rules.corrections import History, impact  # noqa: E402
from floorkill.rules.replay import iter_steps  # noqa: E402

N = 10_000
JOURNAL_CASES = ("record 10", "worst", "worst, no two rows alike")


def records() -> list[dict]:
    out: list[dict] = [{"type": "join", "seat": 7, "name": "Gus"}]
    for i in range(N - 1):
        seat = (i * 5) % 7 + 1
        ev: dict = {"type": "hand", "winner": seat}
        if i % 3 == 0:
            ev["won_beyond_blinds"] = 20
        out.append(ev)
    return out


clock = time.process_time


def settled() -> None:
    """Nothing left over for the collector from what ran before: each timing pays only
    for its own work."""
    gc.collect()


def timed(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        settled()
        t0 = clock()
        fn()
        best = min(best, clock() - t0)
    return best * 1000


def measure(repeat: int) -> dict[str, float]:
    """Every case's best CPU time in ms."""
    tf = make_table(players=((1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Dee"), (5, "Eve"), (6, "Fay")))
    recs = records()
    init = initial_state(tf.config, tf.players)
    fix = {"type": "correct", "record": 10, "event": {"type": "hand", "winner": 2}}
    early = [{"type": "hand", "winner": i % 6 + 1} for i in range(9)]
    worst_recs = [*early, {"type": "join", "seat": 7, "name": "Gus"}, *recs[10:]]
    worst = {"type": "correct", "record": 10, "event": {"type": "join", "seat": 7, "name": "Hal"}}

    def replay(events) -> None:
        """The baseline: the steps ``floorkill replay`` makes, one held at a time."""
        deque(iter_steps(init, events), maxlen=0)

    def from_records(rs=recs, c=fix):
        h = History(tf.config, tf.players, rs, strict=True)
        impact(h, c)
        h.correct(c)

    def held() -> float:
        h = History(tf.config, tf.players, recs, strict=True)
        settled()
        t0 = clock()
        impact(h, fix)
        h.correct(fix)
        return clock() - t0

    out = {
        "replay": timed(lambda: replay(recs), repeat),
        "replay worst": timed(lambda: replay(worst_recs), repeat),
        "from records": timed(from_records, repeat),
        "held": min(held() for _ in range(repeat)) * 1000,
        "worst": timed(lambda: from_records(worst_recs, worst), repeat),
    }
    out.update(journal(tf, recs, fix["event"], "record 10", repeat))
    out.update(journal(tf, worst_recs, worst["event"], "worst", repeat))
    # the journal reads each distinct payload once: the worst case again with no two
    # rows alike (each hand's amount its own), where that reading saves nothing
    distinct = [
        {**ev, "won_beyond_blinds": 20 + n} if ev["type"] == "hand" and n >= 10 else ev
        for n, ev in enumerate(worst_recs)
    ]
    out.update(journal(tf, distinct, worst["event"], "worst, no two rows alike", repeat))
    return out


def journal(tf, recs, event, what: str, repeat: int) -> dict[str, float]:
    """The same in a SQLite journal, each try on a fresh copy of one journal file:
    ``session.correct`` (reads the records, folds the history, writes the row and a
    snapshot) on a podium that has read nothing yet; then as the podium's form does it
    (the history read, its impact listed, then entered: the entry reuses the history and
    the refold the form weighed). Against, on the same copy just before: the table's rows
    read and replayed (the baseline), and ``full_replay`` (the rows read and folded,
    nothing kept: the bare fold)."""
    from floorkill.store import reading
    from floorkill.store.journal import Journal

    init = initial_state(tf.config, tf.players)

    took: dict[str, float] = {}

    def best(key: str, ms: float) -> None:
        took[key] = min(took.get(key, float("inf")), ms)

    with tempfile.TemporaryDirectory() as tmp:
        made = Path(tmp) / "made.db"
        with Journal(made, "bench") as j:
            s = j.create_table(tf)
            for i in range(0, len(recs), 1000):
                s.append_many(recs[i : i + 1000])
            name = s.name
        for n in range(repeat):
            for how in ("correct", "form"):
                path = Path(tmp) / f"{how}{n}.db"
                shutil.copy(made, path)
                with Journal(path, "bench") as j:
                    s = j.open_table(name)  # a podium that has read nothing yet
                    settled()
                    t0 = clock()
                    with j._read() as conn:
                        rows = reading.live_events(conn, name, 0, len(s))
                    deque(iter_steps(init, rows), maxlen=0)
                    best(f"journal {what}: replay", (clock() - t0) * 1000)
                    del rows
                    settled()
                    t0 = clock()
                    s.full_replay()
                    best(f"journal {what}: bare fold", (clock() - t0) * 1000)
                    settled()
                    t0 = clock()
                    if how == "form":
                        impact(s.history(), {"type": "correct", "record": 10, "event": event})
                    s.correct(10, event)
                    best(f"journal {what}: {how}", (clock() - t0) * 1000)
    return took


def report(got: dict[str, float]) -> list[str]:
    b = got["replay"]
    lines = [
        f"replay of {N} records (baseline: the steps floorkill replay makes): {b:.1f} ms",
        f"correct record 10, from records: {got['from records']:.1f} ms = "
        f"{got['from records'] / b:.2f}x (goal <= 2x)",
        f"correct record 10, history held: {got['held']:.1f} ms = {got['held'] / b:.2f}x",
        f"worst (a join renamed, never converges), from records: {got['worst']:.1f} ms = "
        f"{got['worst'] / b:.2f}x",
    ]
    for what in JOURNAL_CASES:
        jb, bare = got[f"journal {what}: replay"], got[f"journal {what}: bare fold"]
        c, f = got[f"journal {what}: correct"], got[f"journal {what}: form"]
        lines.append(
            f"journal, {what}: the rows replayed {jb:.1f} ms; correct {c:.1f} ms = "
            f"{c / jb:.2f}x; form then correct {f:.1f} ms = {f / jb:.2f}x (goal <= 2x); "
            f"against the bare fold ({bare:.1f} ms): {c / bare:.2f}x, {f / bare:.2f}x"
        )
    return lines


def ratios(got: dict[str, float]) -> dict[str, float]:
    """Each case against its baseline, from one set of times."""
    out = {
        "from records": got["from records"] / got["replay"],
        "worst": got["worst"] / got["replay"],
    }
    for what in JOURNAL_CASES:
        for how in ("correct", "form"):
            took = got[f"journal {what}: {how}"]
            out[f"journal {what}: {how}"] = took / got[f"journal {what}: replay"]
            out[f"journal {what}: {how}, against the bare fold"] = (
                took / got[f"journal {what}: bare fold"]
            )
    return out


def compare(before: Path, repeat: int) -> None:
    """Both trees in one run: REPEAT children each, interleaved. The best of each time,
    then the ratios each child measured (its baseline and its cases close in time, so a
    neighbour's burst moves both): their median, and their range."""
    got: dict[str, dict[str, float]] = {"before": {}, "after": {}}
    paired: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    for _ in range(repeat):
        for label, tree in (("before", before), ("after", Path(__file__).resolve().parents[1])):
            env = dict(os.environ, FK_BENCH_TREE=str(tree))
            env["PYTHONPATH"] = str(tree) + os.pathsep + env.get("PYTHONPATH", "")
            out = subprocess.run(
                [sys.executable, __file__, "1", "--child"],
                capture_output=True,
                text=True,
                env=env,
                cwd=tree,
                timeout=900,
                check=True,
            )
            data = json.loads(out.stdout.splitlines()[-1])
            paired[label].append(ratios(data))
            for k, v in data.items():
                got[label][k] = min(got[label].get(k, float("inf")), v)
    for label in ("before", "after"):
        print(f"-- {label}: the best of each time")
        print("\n".join(report(got[label])))
        print(f"-- {label}: each child's own ratios, median (lowest-highest)")
        for k in paired[label][0]:
            values = sorted(r[k] for r in paired[label])
            median = values[len(values) // 2]
            print(f"   {k}: {median:.2f}x ({values[0]:.2f}-{values[-1]:.2f})")


def main(argv: list[str]) -> None:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("repeat", nargs="?", type=int, default=3)
    ap.add_argument("--before", type=Path, help="another floorkill tree, measured in the same run")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(measure(args.repeat)))
    elif args.before is not None:
        compare(args.before.resolve(), args.repeat)
    else:
        print("\n".join(report(measure(args.repeat))))


if __name__ == "__main__":
    main(sys.argv[1:])

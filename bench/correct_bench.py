"""Correcting record 10 of a 10,000-event table, against replaying the table.

The table: hold'em, two-pots full kill, six players; 10,000 hands won in turn by seats
with a second leg now and then. Baseline, same run: one replay of the 10,000 records
(``floorkill.rules.replay.replay_events``). Timed:

* ``from records``: the whole correction from the stored records alone — the history
  folded (:class:`floorkill.rules.corrections.History`), the impact listed
  (:func:`~floorkill.rules.corrections.impact`) and the correction entered;
* ``held``: the same on a history already held (the podium's), impact + entering;
* ``worst``: record 10 is a ``join`` whose name is corrected — the state never comes back
  to the one recorded, so every later record is folded again and compared.

Goal: ``from records`` <= 2x the replay, the worst case too. Times are the process's CPU
time (``time.process_time``), best of REPEAT: on a shared machine the wall clock measures
the neighbours. Run: python bench/correct_bench.py [REPEAT]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "rules"))

from helpers import make_table  # noqa: E402

from floorkill.rules import initial_state  # noqa: E402
from floorkill.rules.corrections import History, impact  # noqa: E402
from floorkill.rules.replay import replay_events  # noqa: E402

N = 10_000


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


def timed(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = clock()
        fn()
        best = min(best, clock() - t0)
    return best * 1000


def main(repeat: int = 3) -> None:
    tf = make_table(players=((1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Dee"), (5, "Eve"), (6, "Fay")))
    recs = records()
    init = initial_state(tf.config, tf.players)
    fix = {"type": "correct", "record": 10, "event": {"type": "hand", "winner": 2}}
    early = [{"type": "hand", "winner": i % 6 + 1} for i in range(9)]
    worst_recs = [*early, {"type": "join", "seat": 7, "name": "Gus"}, *recs[10:]]
    worst = {"type": "correct", "record": 10, "event": {"type": "join", "seat": 7, "name": "Hal"}}

    def base():
        replay_events(init, recs)

    def from_records(rs=recs, c=fix):
        h = History(tf.config, tf.players, rs, strict=True)
        impact(h, c)
        h.correct(c)

    b = timed(base, repeat)
    f = timed(from_records, repeat)
    w = timed(lambda: from_records(worst_recs, worst), repeat)
    h_held = History(tf.config, tf.players, recs, strict=True)
    t0 = clock()
    impact(h_held, fix)
    h_held.correct(fix)
    g = (clock() - t0) * 1000
    print(f"replay of {N} records (baseline): {b:.1f} ms")
    print(f"correct record 10, from records: {f:.1f} ms = {f / b:.2f}x (goal <= 2x)")
    print(f"correct record 10, history held: {g:.1f} ms = {g / b:.2f}x")
    print(f"worst (a join renamed, never converges), from records: {w:.1f} ms = {w / b:.2f}x")
    journal(tf, recs, fix["event"], "correct record 10")
    journal(tf, worst_recs, worst["event"], "worst")


def journal(tf, recs, event, what: str) -> None:
    """The same in a SQLite journal: ``session.correct`` (reads the records, folds the
    history, writes the row and a snapshot) against ``full_replay`` (reads and folds);
    then, on a journal of its own, as the podium's form does it (the history read, its
    impact listed, then entered: the entry reuses the history and the refold the form
    weighed)."""
    import tempfile

    from floorkill.store.journal import Journal

    took = {}
    with tempfile.TemporaryDirectory() as tmp:
        for how in ("correct", "form"):
            with Journal(Path(tmp) / f"{how}.db", "bench") as j:
                s = j.create_table(tf)
                for i in range(0, len(recs), 1000):
                    s.append_many(recs[i : i + 1000])
                s = j.open_table(s.name)  # a podium that has read nothing yet
                t0 = clock()
                s.full_replay()
                took[how + " base"] = (clock() - t0) * 1000
                t0 = clock()
                if how == "form":
                    impact(s.history(), {"type": "correct", "record": 10, "event": event})
                s.correct(10, event)
                took[how] = (clock() - t0) * 1000
    base = min(took["correct base"], took["form base"])
    print(
        f"journal: full replay {base:.1f} ms; {what}: {took['correct']:.1f} ms = "
        f"{took['correct'] / base:.2f}x; form then correct: {took['form']:.1f} ms = "
        f"{took['form'] / base:.2f}x"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)

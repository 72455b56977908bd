"""A podium process for the PostgreSQL crash and race tests (run as a script).

    python pg_writer.py JOURNAL SEED MODE COUNT

JOURNAL is a file or a postgresql:// URL. Every line is written in one os.write after the
commit returned. MODE:

* ``crash`` — appends hands (now and then voids the last one) to table "Crash" forever
  (COUNT 0) or COUNT times, printing ``ack SEQ GSEQ``; the test SIGKILLs it.
* ``race`` — enters COUNT hands on table "Race" as a podium does: each carries the seq it
  saw; a refusal (another podium was faster) is printed ``changed`` and the entry tried
  again on the caught-up table; a journal busy past its wait (the other podium held the
  write lock that long: a machine at load ~25) is printed ``busy`` and the entry tried
  again, as the podium keeps the entry and says so. Prints ``ack SEQ GSEQ HAND`` per entry, then ``done``.
"""

import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(os.path.dirname(HERE)), HERE]

from storehelp import table  # noqa: E402

from floorkill.store.backend import open_journal  # noqa: E402
from floorkill.store.errors import JournalBusy, TableChanged, TableExists  # noqa: E402


def out(line: str) -> None:
    os.write(1, (line + "\n").encode())  # one write: a line is whole or absent


def open_table(j, name: str):
    if name in j.table_names():
        return j.open_table(name)
    try:
        return j.create_table(table(name))
    except TableExists:
        return j.open_table(name)


def main() -> None:
    where, seed, mode, count = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    rng = random.Random(seed)
    j = open_journal(where, floorperson=f"podium-{seed}")
    if mode == "crash":
        s = open_table(j, "Crash")
        out(f"ready {len(s)}")
        n = 0
        while count == 0 or n < count:
            n += 1
            last = s.last_undoable()
            if last is not None and rng.random() < 0.1:
                rec = s.void(last.seq, "crash test", expect_seq=len(s))
            else:
                rec = s.append(
                    {"type": "hand", "winner": rng.randint(1, 9), "qualifies": False},
                    expect_seq=len(s),
                )
            out(f"ack {rec.seq} {rec.gseq}")
    else:
        s = open_table(j, "Race")
        out(f"ready {len(s)}")
        done = 0
        while done < count:
            try:
                rec = s.append(
                    {"type": "hand", "winner": rng.randint(1, 9), "qualifies": False},
                    expect_seq=len(s),
                )
            except TableChanged:
                out("changed")
                continue
            except JournalBusy:
                out("busy")
                continue
            done += 1
            out(f"ack {rec.seq} {rec.gseq} {rec.hand}")
        out("done")
    j.close()


if __name__ == "__main__":
    main()

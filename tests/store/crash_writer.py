"""A writer process for the crash and concurrency tests (run as a script).

    python crash_writer.py JOURNAL SEED SNAPSHOT_EVERY COUNT [CHECKPOINT_EVERY]

Appends hand events (and now and then voids the last undoable one) to table "Crash",
printing ``ack SEQ GSEQ`` after each append/void has returned (i.e. after COMMIT), then
flushing. COUNT 0 means forever. Small random delays come from the seeded RNG.
"""

import json
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(os.path.dirname(HERE)), HERE]

from storehelp import table  # noqa: E402

from floorkill.rules.state import button_json  # noqa: E402
from floorkill.store.journal import Journal  # noqa: E402


def out(line: str) -> None:
    os.write(1, (line + "\n").encode())  # one write: a line is whole or absent


def main() -> None:
    path, seed, every, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    checkpoint = int(sys.argv[5]) if len(sys.argv) > 5 else 0
    rng = random.Random(seed)
    out("start")
    j = Journal(path, f"writer-{seed}", snapshot_every=every)
    s = j.open_table("Crash") if "Crash" in j.table_names() else j.create_table(table("Crash"))
    out(f"ready {len(s)}")
    n = 0
    while count == 0 or n < count:
        n += 1
        last = s.last_undoable()
        if last is not None and rng.random() < 0.1:
            rec = s.void(last.seq, "crash test")
        else:
            rec = s.append({"type": "hand", "winner": rng.randint(1, 9), "qualifies": False})
        out(f"ack {rec.seq} {rec.gseq}")
        if checkpoint and n % checkpoint == 0:
            j.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        delay = rng.random() * 0.002
        if delay > 0.0005:
            time.sleep(delay)
    out(
        "done "
        + json.dumps(
            {"button": button_json(s.state), "hands": s.state.hands, "len": len(s)}, sort_keys=True
        )
    )
    j.close()


if __name__ == "__main__":
    main()

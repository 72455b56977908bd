"""A writer process for the backup tests (run as a script).

    python backup_writer.py JOURNAL TABLE COUNT PAUSE

Appends COUNT hands to TABLE (made when missing), printing ``ack GSEQ`` after each append
has returned (after COMMIT), pausing PAUSE seconds between them; ``done`` at the end.
"""

import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(os.path.dirname(HERE)), HERE]

from storehelp import table  # noqa: E402

from floorkill.store.errors import TableExists  # noqa: E402
from floorkill.store.journal import Journal  # noqa: E402


def out(line: str) -> None:
    os.write(1, (line + "\n").encode())  # one write: a line is whole or absent


def main() -> None:
    path, name, count, pause = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
    with Journal(path, f"writer-{name}", snapshot_every=50) as j:
        try:
            s = j.create_table(table(name))
        except TableExists:
            s = j.open_table(name)
        out("ready")
        for i in range(count):
            rec = s.append({"type": "hand", "winner": 1 + i % 9, "qualifies": False})
            out(f"ack {rec.gseq}")
            time.sleep(pause)
    out("done")


if __name__ == "__main__":
    main()

"""A viewer process for the concurrency test (run as a script).

    python follow_reader.py JOURNAL TABLE TOTAL

Opens the table and says ``ready N`` (the records it holds at open), then follows the table
through the read-only journal with ``PRAGMA data_version`` until it has seen TOTAL records,
reading each new record once, then prints one JSON line. Any
exception is an error that reached the user (the test fails on a non-empty stderr).
"""

import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(os.path.dirname(HERE)), HERE]

from floorkill.rules.state import button_json  # noqa: E402
from floorkill.store.readonly import ReadOnlyJournal  # noqa: E402


def main() -> None:
    path, name, total = sys.argv[1], sys.argv[2], int(sys.argv[3])
    ro = ReadOnlyJournal(path)
    s = ro.open_table(name)
    seqs: list[int] = [r.seq for r in s.records()]
    print(f"ready {len(seqs)}", flush=True)  # the test starts the writer only after this
    polls = changes = 0
    deadline = time.monotonic() + 60
    while len(seqs) < total and time.monotonic() < deadline:
        polls += 1
        if ro.changed():
            changes += 1
            ro.refresh(s)
            seqs.extend(r.seq for r in s.records(len(seqs)))
        else:
            time.sleep(0.0005)
    print(
        json.dumps(
            {
                "seqs": seqs,
                "button": button_json(s.state),
                "hands": s.state.hands,
                "len": len(s),
                "polls": polls,
                "changes": changes,
            },
            sort_keys=True,
        )
    )
    ro.close()


if __name__ == "__main__":
    main()

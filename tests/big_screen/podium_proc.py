"""The podium in another process, for the live-follow test (run as a script).

    python podium_proc.py JOURNAL TABLE COUNT INTERVAL

Appends COUNT hands through the writing Journal, one every INTERVAL seconds, and prints
one JSON line per hand after its commit returned: {"hands": N, "t": time.monotonic()}.
(CLOCK_MONOTONIC is system-wide on Linux, so the test can compare the times.)
"""

import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from floorkill.store.journal import Journal  # noqa: E402

WINNERS = [1, 3, 5, 7]


def main() -> None:
    path, table, count, interval = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
    j = Journal(path, "podium")
    s = j.open_table(table)
    print(json.dumps({"ready": True}), flush=True)
    next_at = time.monotonic() + interval
    for i in range(count):
        delay = next_at - time.monotonic()
        if delay > 0:
            time.sleep(delay)           # the podium's pace, not a test wait
        s.append({"type": "hand", "winner": WINNERS[i % len(WINNERS)]})
        print(json.dumps({"hands": s.state.hands, "t": time.monotonic()}), flush=True)
        next_at += interval
    j.close()


if __name__ == "__main__":
    main()

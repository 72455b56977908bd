"""The podium in another process (run as a script), two ways.

    python podium_proc.py JOURNAL TABLE COUNT INTERVAL

Appends COUNT hands through the writing Journal, one every INTERVAL seconds, and prints
one JSON line per hand after its commit returned: {"hands": N, "t": time.monotonic()}.
(CLOCK_MONOTONIC is system-wide on Linux, so the test can compare the times.)

    python podium_proc.py --app JOURNAL [TABLE]

The real podium app, opened on JOURNAL (a file or a postgresql:// URL) as ``floorkill
--journal JOURNAL`` opens it, headless, on TABLE, driven by keys. It reads one JSON
command a line on stdin and answers each with one JSON line on stdout (the first line,
unasked, is ``{"ready": ..., "shows": ...}``):

    {"press": ["f6", "3", "x", "n"], "commits": 1}
                                       the keys, then {"commits": [...], "shows": ...}:
                                       each commit made meanwhile {"type", "table", "t"},
                                       once there are "commits" of them (up to WAIT s)
    {"shows": true}                    {"shows": ...}: what the screen shows now
    {"wait": {"probe": P, "has"|"lacks"|"is": V}, "since": T, "within": S}
                                       {"ok": bool, "t": when it first showed (at or after
                                       T, a monotonic time), "shows": ...}; waits up to S s
    {"quit": true}                     {"bye": true}, and the app exits

"shows" is :func:`shows` (the seat labels, the status line, the rules panel, the room view's
rows, the top screen): read off the widgets after every change the floor reports, with
the monotonic time it was first on screen (:class:`Shows`, which the tests also use on the
podium they run under Pilot).
"""

import asyncio
import json
import os
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from floorkill.store.journal import Journal  # noqa: E402

WINNERS = [1, 3, 5, 7]
SIZE = (120, 40)
WAIT = 30.0  # seconds a command waits for the commits it expects


def main() -> None:
    path, table, count, interval = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
    j = Journal(path, "podium")
    s = j.open_table(table)
    print(json.dumps({"ready": True}), flush=True)
    next_at = time.monotonic() + interval
    for i in range(count):
        delay = next_at - time.monotonic()
        if delay > 0:
            time.sleep(delay)  # the podium's pace, not a test wait
        s.append({"type": "hand", "winner": WINNERS[i % len(WINNERS)]})
        print(json.dumps({"hands": s.state.hands, "t": time.monotonic()}), flush=True)
        next_at += interval
    j.close()


# ---------------------------------------------------------------------------
# the podium app, driven by keys


def shows(app) -> dict:
    """What the podium app shows, as plain text: ``seats`` ({seat: its status label, e.g.
    "BARRED"}), ``status`` (the status line), ``panel`` (the rules panel), ``room`` (the
    room view's rows [player, table, seat, status] when it is the top screen, else None),
    ``screen`` (the top screen's class), ``table`` (the table shown)."""
    from floorkill.ui.screens.room_view import RoomPlayersScreen
    from floorkill.ui.widgets.rules_panel import RulesPanel
    from floorkill.ui.widgets.seating import Seating
    from floorkill.ui.widgets.status_line import StatusLine

    podium = app.podium
    status = podium.query_one(StatusLine).render()
    lines = getattr(status, "renderables", [status])
    top = app.screen
    return {
        "table": app.session.name,
        "seats": {str(v.seat): v.status for v in podium.query_one(Seating)._views if v.name},
        "status": " ".join(t.plain for t in lines if hasattr(t, "plain")),
        "panel": " ".join(podium.query_one(RulesPanel).plain_text().split()),
        "room": (
            [[r.player, r.table, r.seat, r.status] for r in top.rows]
            if isinstance(top, RoomPlayersScreen)
            else None
        ),
        "screen": type(top).__name__,
    }


def holds(value: dict, test: dict) -> bool:
    """``test``: {"probe": name, optional "seat": n (of "seats"), then "is": value, "has":
    text or "lacks": text}; "has" and "lacks" look into the probe's text (the room view's
    rows as their JSON); a probe not shown (no room view on top) holds nothing."""
    got = value.get(test["probe"])
    if "seat" in test:
        got = (got or {}).get(str(test["seat"]))
    if "is" in test:
        return got == test["is"]
    if got is None:
        return False
    text = got if isinstance(got, str) else json.dumps(got, ensure_ascii=False)
    return test["has"] in text if "has" in test else test["lacks"] not in text


class Shows:
    """When the app showed what: :func:`shows` read after every change its floor reports
    (its own commits and other podiums' it followed), logged with the monotonic time when
    it changed. ``commits`` logs this podium's own commits with their times."""

    def __init__(self, app) -> None:
        self.app = app
        self.log: list[tuple[float, dict]] = []
        self.commits: list[dict] = []
        self._changed = asyncio.Event()
        app.floor.watch(self._floor_changed)

    def _floor_changed(self, change) -> None:
        if change.kind in ("event", "undo") and change.record is not None:
            self.commits.append(
                {"type": change.record.type, "table": change.table, "t": time.monotonic()}
            )
        # read once the change has run its course (the app's watcher, the room view's reload
        # after a follow): the next turn of the loop, not a delay
        asyncio.get_running_loop().call_soon(self.look)

    def look(self) -> dict:
        if not self.app.screen_stack:
            return self.log[-1][1] if self.log else {}
        now = shows(self.app)
        if not self.log or self.log[-1][1] != now:
            self.log.append((time.monotonic(), now))
            self._changed.set()
        return now

    async def committed(self, done: int, count: int, within: float) -> list[dict]:
        """The commits after the first ``done``, once there are ``count`` of them (or
        ``within`` seconds have gone): a write the keys asked for may still be in the
        journal's thread when Pilot's pause returns (beside load it was)."""
        deadline = time.monotonic() + within
        while len(self.commits) < done + count and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        return self.commits[done:]

    async def first(self, test: dict, since: float, within: float) -> tuple[float | None, dict]:
        """(the first time at or after ``since`` the app showed what ``test`` asks, what it
        showed) — waiting for changes up to ``within`` seconds; (None, ...) if it never did."""
        self.look()
        deadline = time.monotonic() + within
        checked = 0
        while True:
            for i in range(checked, len(self.log)):
                t, value = self.log[i]
                later = self.log[i + 1][0] if i + 1 < len(self.log) else None
                if (later is None or later > since) and holds(value, test):
                    return max(t, since), value
            checked = max(0, len(self.log) - 1)
            left = deadline - time.monotonic()
            if left <= 0:
                return None, self.log[-1][1]
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), left)
            except TimeoutError:
                pass


async def drive(journal: str, table: str | None) -> None:
    from floorkill.i18n import get_lang
    from floorkill.ui.podium import make_podium_app, open_podium

    opening = open_podium(None, journal, "podium-B")  # as `floorkill --journal` opens it
    try:
        app = make_podium_app(
            opening.session,
            lang=get_lang(),
            notices=opening.notices,
            journal=opening.journal,
            cursor_blink=False,
        )
        app.demo_of = opening.demo_of
        async with app.run_test(size=SIZE) as pilot:
            if table and app.session.name != table:
                app.switch_table(table)
            await pilot.pause()
            log = Shows(app)
            say({"ready": os.getpid(), "shows": log.look()})
            commands: asyncio.Queue = asyncio.Queue()
            loop = asyncio.get_running_loop()

            def read() -> None:  # stdin, a line at a time, into the loop
                for line in sys.stdin:
                    loop.call_soon_threadsafe(commands.put_nowait, line)
                loop.call_soon_threadsafe(commands.put_nowait, None)

            threading.Thread(target=read, daemon=True).start()
            while (line := await commands.get()) is not None:
                cmd = json.loads(line)
                if "quit" in cmd:
                    say({"bye": True})
                    break
                if "press" in cmd:
                    done = len(log.commits)
                    await pilot.press(*cmd["press"])
                    await pilot.pause()
                    commits = await log.committed(done, cmd.get("commits", 0), WAIT)
                    say({"commits": commits, "shows": log.look()})
                elif "wait" in cmd:
                    t, value = await log.first(
                        cmd["wait"], cmd.get("since", 0.0), cmd.get("within", 10.0)
                    )
                    say({"ok": t is not None, "t": t, "shows": value})
                else:
                    say({"shows": log.look()})
    finally:
        if opening.closer is not None:
            opening.closer()


def say(obj: dict) -> None:
    print(json.dumps(obj, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--app"]:
        asyncio.run(drive(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None))
    else:
        main()

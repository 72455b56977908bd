"""The big screen follows the podium: live from another process, through missing,
replaced, locked and not-yet-journal files, without ever showing an error."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import sys
import time

from bshelp import KILL_POT, NEUTRAL, PODIUM, add_table, make_journal, text_of

from floorkill.store.readonly import ReadOnlyJournal
from floorkill.ui.big_screen.terminal import (
    WAITING_JOURNAL,
    WAITING_TABLE,
    Follower,
    make_big_screen_app,
)

HANDS = 12
INTERVAL = 0.237  # not a multiple of the 0.1 s poll: the phases spread


def shown_hands(app) -> int | None:
    """The hand count the screen shows, read from the rendered widgets."""
    if app.shown is None:
        return None
    label = text_of(app, "#hand")  # "Next hand: 11"
    return int(label.rsplit(" ", 1)[1]) - 1


async def test_every_hand_from_a_podium_process_reaches_the_screen(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path)
    app = make_big_screen_app(path, "Table 12", poll=0.1)
    async with app.run_test(size=(100, 30)) as pilot:
        assert shown_hands(app) == 0
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            str(PODIUM),
            str(path),
            "Table 12",
            str(HANDS),
            str(INTERVAL),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        seen: dict[int, float] = {}
        committed: dict[int, float] = {}

        async def watch() -> None:  # when each hand reached the screen
            while HANDS not in seen:
                n = shown_hands(app)
                if n is not None and n not in seen:
                    seen[n] = time.monotonic()
                    seating = app.query_one("#seating").render_text().plain
                    assert f"Hand {n + 1}" in seating  # the diagram agrees
                await pilot.pause(0.002)

        watcher = asyncio.create_task(watch())
        try:
            deadline = time.monotonic() + HANDS * INTERVAL + 20
            assert proc.stdout is not None
            while len(committed) < HANDS and time.monotonic() < deadline:
                line = await asyncio.wait_for(proc.stdout.readline(), deadline - time.monotonic())
                if not line:
                    break
                rec = json.loads(line)
                if "hands" in rec:
                    committed[rec["hands"]] = rec["t"]
            await asyncio.wait_for(watcher, timeout=max(0.1, deadline - time.monotonic()))
        finally:
            watcher.cancel()
            if proc.returncode is None:
                try:
                    await asyncio.wait_for(proc.wait(), 10)
                except TimeoutError:
                    proc.kill()
        err = (await proc.stderr.read()).decode() if proc.stderr else ""
        assert proc.returncode == 0, err
        assert sorted(committed) == list(range(1, HANDS + 1))
        # the screen went forward to the last hand (two commits may land in one poll)
        assert max(seen) == HANDS and list(seen) == sorted(seen)
        assert app.is_running


def test_missing_journal_is_said_in_words_and_retried(tmp_path):
    path = tmp_path / "later.db"
    f = Follower(path)
    p = f.poll()
    assert p is not None and p.waiting == WAITING_JOURNAL and str(path) in p.detail
    assert f.poll() is None  # unchanged: nothing to redraw
    make_journal(path)
    p = f.poll()
    assert p is not None and p.waiting is None and [t.name for t in p.tables] == ["Table 12"]


def test_a_journal_that_goes_away_and_comes_back(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path, KILL_POT)
    f = Follower(path)
    assert f.poll().tables[0].state.button.killed
    moved = tmp_path / "elsewhere.db"
    path.rename(moved)
    p = f.poll()
    assert p is not None and p.waiting == WAITING_JOURNAL
    moved.rename(path)
    p = f.poll()
    assert p is not None and p.waiting is None and p.tables[0].state.hands == 2


def test_a_replaced_journal_is_read_afresh(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path, KILL_POT)
    f = Follower(path)
    assert f.poll().tables[0].state.hands == 2
    other = tmp_path / "other.db"
    make_journal(other, NEUTRAL)
    for suffix in ("", "-wal", "-shm"):
        src = type(path)(str(other) + suffix)
        if src.exists():
            src.replace(str(path) + suffix)
    p = f.poll()
    assert p is not None and p.tables[0].state.hands == 1
    assert not p.tables[0].state.button.killed


def test_not_yet_a_journal_and_no_table_yet(tmp_path):
    path = tmp_path / "journal.db"
    path.write_bytes(b"")  # the podium is creating it
    f = Follower(path)
    p = f.poll()
    assert p is not None and p.waiting == WAITING_JOURNAL
    path.unlink()
    from floorkill.store.journal import Journal

    Journal(path, "podium").close()  # a journal with no table
    p = f.poll()
    assert p is not None and p.waiting == WAITING_TABLE
    add_table(path, "Table 3")
    p = f.poll()
    assert p is not None and [t.name for t in p.tables] == ["Table 3"]


def test_named_table_not_there_yet(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path)
    f = Follower(path, "Table 4")
    p = f.poll()
    assert p is not None and p.waiting is not None and "Table 4" in p.waiting
    add_table(path, "Table 4", KILL_POT)
    p = f.poll()
    assert p is not None and p.tables[0].name == "Table 4" and p.tables[0].state.button.killed


class FlakyJournal(ReadOnlyJournal):
    """The real read-only journal, with every read failing "database is locked" while
    ``locked`` is set (as during a checkpoint or a long write elsewhere)."""

    locked = False

    def _run(self, fn):
        def guarded(c):
            if self.locked:
                raise sqlite3.OperationalError("database is locked")
            return fn(c)

        return super()._run(guarded)


def test_a_locked_journal_keeps_the_picture_quietly_then_catches_up(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path)
    now = [100.0]
    opened: list[FlakyJournal] = []

    def open_journal(p):
        ro = FlakyJournal(p, busy_timeout=0.01, retry_for=0.02, on_retry=lambda n: None)
        opened.append(ro)
        return ro

    f = Follower(path, grace=3.0, clock=lambda: now[0], open_journal=open_journal)
    assert f.poll().tables[0].state.hands == 0
    FlakyJournal.locked = True
    try:
        now[0] += 1.0
        assert f.poll() is None  # locked: the picture stays, no error
        now[0] += 1.0
        assert f.poll() is None
        now[0] += 5.0
        p = f.poll()  # locked beyond the grace: said in words
        assert p is not None and p.waiting == WAITING_JOURNAL and "cannot be read" in p.detail
    finally:
        FlakyJournal.locked = False
    from floorkill.store.journal import Journal

    j = Journal(path, "podium")
    j.open_table("Table 12").append({"type": "hand", "winner": 3})
    j.close()
    p = f.poll()
    assert p is not None and p.waiting is None and p.tables[0].state.hands == 1
    assert len(opened) >= 2  # it reopened after the failures


def test_an_exclusively_locked_journal_is_waited_for(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path, KILL_POT)
    locker = sqlite3.connect(str(path), isolation_level=None, timeout=5)
    locker.execute("PRAGMA locking_mode = EXCLUSIVE")
    locker.execute("BEGIN EXCLUSIVE")
    f = Follower(path, open_journal=lambda p: ReadOnlyJournal(p, busy_timeout=0.01, retry_for=0.02))
    try:
        p = f.poll()
        assert p is not None and p.waiting == WAITING_JOURNAL
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    p = f.poll()
    assert p is not None and p.waiting is None and p.tables[0].state.button.killed


async def test_the_app_shows_waiting_then_the_table(tmp_path):
    path = tmp_path / "journal.db"
    app = make_big_screen_app(path, poll=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.query_one("#waiting").display and not app.query_one("#table").display
        assert text_of(app, "#waiting-text") == WAITING_JOURNAL
        make_journal(path, KILL_POT)
        deadline = time.monotonic() + 10
        while app.shown is None and time.monotonic() < deadline:
            await pilot.pause(0.01)
        assert app.shown is not None and not app.query_one("#waiting").display
        assert text_of(app, "#banner") == "KILL POT — Seat 3 Cy — $20-$40"


async def test_rotation_through_all_tables(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path, KILL_POT)
    add_table(path, "Table 7", NEUTRAL)
    app = make_big_screen_app(path, rotate=0, grid=False)  # rotation driven by the test
    async with app.run_test(size=(100, 30)) as pilot:
        assert text_of(app, "#table-name") == "Table 12"
        assert text_of(app, "#rotation") == "Table 1 of 2 · next: Table 7"
        app._rotate()
        await pilot.pause()
        assert text_of(app, "#table-name") == "Table 7"
        assert text_of(app, "#banner") == "No kill — $10-$20"
        app._rotate()
        await pilot.pause()
        assert text_of(app, "#table-name") == "Table 12"

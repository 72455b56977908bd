"""A podium's commit: bounded, off the event loop, and seen. While the journal is written (a
commit may wait for a lock or a slow server, at most the podium's timeout) the screen stays
live and says "saving…"; the keys typed meanwhile wait and go to the fresh line; a commit
the journal did not take keeps the line and says so in the screen's language, and ⏎ again
records it once. (That a quick commit shows no "saving…" frame is a matter of time: the
bench's, bench/ui_bench.py.)
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "store"))

from storehelp import table  # noqa: E402

sys.path.insert(0, str(HERE.parent))
from termhelp import Painted, send_keys, settle  # noqa: E402

from floorkill.store.errors import JournalUnavailable  # noqa: E402
from floorkill.store.journal import Journal  # noqa: E402
from floorkill.ui.podium import make_podium_app  # noqa: E402
from floorkill.ui.podium.opening import open_podium  # noqa: E402
from floorkill.ui.widgets.hand_entry import HandEntry  # noqa: E402

SIZE = (120, 40)


def _message(app) -> str:
    return app.podium.query_one(HandEntry).message


async def test_a_slow_commit_says_saving_on_the_terminal_and_the_next_keys_wait_for_it(
    tmp_path, monkeypatch
):
    """The journal takes its time (a lock, a slow server): the screen stays live and a frame
    that says "saving…" reaches the terminal while the commit is in flight; the keys typed
    meanwhile wait, then go to the fresh line."""
    with Journal(tmp_path / "room.db", "fp-ann", mac_key=None) as j:
        s = j.create_table(table("Table 9"))
        app = make_podium_app(s, cursor_blink=False)
        painted = Painted(app)
        started, release = threading.Event(), threading.Event()
        real = s.append

        def append(raw, expect_seq=None, **kw):  # the commit, in the journal's thread
            started.set()
            assert release.wait(10)
            return real(raw, expect_seq, **kw)

        monkeypatch.setattr(s, "append", append)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            send_keys(app, "3", "enter", "4", "space", "5")  # one burst
            for _ in range(100):  # the commit waits in its thread
                await asyncio.sleep(0.02)
                if started.is_set() and any("saving…" in f for f in painted.frames):
                    break
            entry = app.podium.query_one(HandEntry)
            assert started.is_set() and len(s) == 0
            assert any("saving…" in f for f in painted.frames)  # on the terminal, in flight
            assert app.journal_work.saving and entry.input.value == "3"  # the keys wait
            release.set()
            await settle(pilot)
            assert len(s) == 1 and s.records(-1)[0].event["winner"] == 3
            assert entry.input.value == "4 5"  # …and went to the fresh line
            assert not app.journal_work.saving and entry.message.startswith("⏎ records: hand")
            assert "saving…" not in app.export_screenshot()


async def test_a_commit_the_journal_did_not_take_keeps_the_line_said_in_russian(
    tmp_path, monkeypatch
):
    with Journal(tmp_path / "room.db", "fp-ann", mac_key=None) as j:
        s = j.create_table(table("Table 9"))
        app = make_podium_app(s, lang="ru", cursor_blink=False)
        real = s.append
        away = [True]

        def append(raw, expect_seq=None, **kw):
            if away[0]:
                raise JournalUnavailable("postgresql://room: the journal server is unreachable")
            return real(raw, expect_seq, **kw)

        monkeypatch.setattr(s, "append", append)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("5", "enter")
            await pilot.pause()
            entry = app.podium.query_one(HandEntry)
            assert entry.message.startswith("✗ не записано: журнал недоступен")
            assert "unreachable" not in entry.message  # the details are in the log
            assert entry.input.value == "5" and len(s) == 0
            await pilot.press("enter")  # still away: still kept, nothing written
            await pilot.pause()
            assert entry.input.value == "5" and len(s) == 0
            away[0] = False  # the journal is back: ⏎ again records it, once
            await pilot.press("enter")
            await pilot.pause()
            assert len(s) == 1 and s.records(-1)[0].event["winner"] == 5
            assert entry.input.value == ""


async def test_a_journal_locked_by_another_writer_refuses_within_the_podium_timeout(tmp_path):
    """Another process holds the write lock: the podium's commit waits at most its short
    busy timeout (not the 5 s of a command), then keeps the line and says the journal is
    busy; once the lock is gone ⏎ again records it once."""
    path = tmp_path / "room.db"
    with Journal(path, "fp-ann", mac_key=None) as j:
        j.create_table(table("Table 9"))
    opening = open_podium(None, path, "fp-ann")
    try:
        s = opening.session
        timeout_ms = s.journal.connection.execute("PRAGMA busy_timeout").fetchone()[0]
        assert timeout_ms == 2000  # the podium's (store.backend.COMMIT_TIMEOUT)
        s.journal.connection.execute("PRAGMA busy_timeout = 50")  # (the test's own wait)
        app = make_podium_app(s, journal=opening.journal, cursor_blink=False)
        other = sqlite3.connect(path, isolation_level=None)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            other.execute("BEGIN IMMEDIATE")  # another writer holds the journal
            await pilot.press("5", "enter")
            await pilot.pause()
            entry = app.podium.query_one(HandEntry)
            assert entry.message.startswith("✗ not recorded: the journal is busy")
            assert entry.input.value == "5" and len(s) == 0
            other.execute("ROLLBACK")
            await pilot.press("enter")
            await pilot.pause()
            assert len(s) == 1 and s.records(-1)[0].event["winner"] == 5
        other.close()
    finally:
        opening.closer()

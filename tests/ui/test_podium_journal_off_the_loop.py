"""The podium never freezes on its journal: the follow tick and the shift report read the
journal in thread workers, so while a read hangs (a server away, a lock held) the keyboard,
the entry and the screens keep answering — and what the read finds is shown once it ends.
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "store"))

from storehelp import hand_events, table  # noqa: E402

from floorkill.store.journal import Journal  # noqa: E402
from floorkill.ui.podium import make_podium_app  # noqa: E402
from floorkill.ui.widgets.hand_entry import HandEntry  # noqa: E402

SIZE = (120, 40)


async def test_keys_answer_while_the_follow_read_hangs(tmp_path, monkeypatch):
    path = tmp_path / "room.db"
    with Journal(path, "fp-ann", mac_key=None) as j:
        s = j.create_table(table("Table 9"))
        s.append_many(hand_events(3))
        release, entered = threading.Event(), threading.Event()
        answered: list[bool] = []  # False: the read gave up waiting (the loop was held)
        real = j.changed

        def hanging() -> bool:  # the journal's answer never comes while the test types
            entered.set()
            answered.append(release.wait(10))
            return real()

        monkeypatch.setattr(j, "changed", hanging)
        app = make_podium_app(s, cursor_blink=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for _ in range(50):
                if entered.is_set():
                    break
                await pilot.pause(0.05)
            assert entered.is_set(), "the follow tick never read the journal"
            await pilot.press("3", "space", "p", "o", "t")  # typed while the read hangs
            await pilot.pause()
            assert app.podium.query_one(HandEntry).input.value == "3 pot"
            await pilot.press("f10")  # a screen opens while the read hangs
            await pilot.pause()
            assert app.screen is not app.podium
            await pilot.press("escape")
            # another podium's hand lands; the hung read ends: the podium shows it
            with Journal(path, "fp-bob", mac_key=None) as other:
                other.open_table("Table 9").append({"type": "hand", "winner": 2})
            release.set()
            for _ in range(100):
                if len(app.session) == 4:
                    break
                await pilot.pause(0.05)
            assert len(app.session) == 4
            assert answered and all(answered)  # released by the test, never timed out
            assert app.podium.query_one(HandEntry).input.value == "3 pot"  # the line kept


async def test_a_table_switch_reads_the_journal_off_the_loop_and_the_keys_follow(
    tmp_path, monkeypatch
):
    """Switching to a table not open yet reads it from the journal in a worker: while the
    read hangs the screen keeps answering (a timer, a repaint), and the keys typed during
    it wait and go to the new table's entry — never to the table being left."""
    path = tmp_path / "room.db"
    with Journal(path, "fp-ann", mac_key=None) as j:
        s = j.create_table(table("Table 9"))
        j.create_table(table("Table 8")).append_many(hand_events(2))
        release, entered = threading.Event(), threading.Event()
        answered: list[bool] = []
        real = j.open_table

        def hanging(name):
            entered.set()
            answered.append(release.wait(10))
            return real(name)

        monkeypatch.setattr(j, "open_table", hanging)
        app = make_podium_app(s, cursor_blink=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            ticks: list[int] = []
            app.set_interval(0.02, lambda: ticks.append(1))
            app.switch_table("Table 8")
            for _ in range(50):
                if entered.is_set():
                    break
                await pilot.pause(0.05)
            assert entered.is_set(), "the switch never read the journal"
            await pilot.press("4", "space", "5")  # typed while the table is read
            before = len(ticks)
            for _ in range(100):  # the loop runs meanwhile (bounded: a hang guard)
                if len(ticks) > before:
                    break
                await pilot.pause(0.05)
            assert len(ticks) > before
            assert app.session is s and app.podium.query_one(HandEntry).input.value == ""
            release.set()
            for _ in range(100):
                if app.session.name == "Table 8" and app.key_gate.held == 0:
                    break
                await pilot.pause(0.05)
            assert app.session.name == "Table 8" and len(app.session) == 2
            await pilot.pause()
            assert app.podium.query_one(HandEntry).input.value == "4 5"
            assert answered == [True]
            assert app._drafts["Table 9"] == ""  # nothing typed landed at Table 9

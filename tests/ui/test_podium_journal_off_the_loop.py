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

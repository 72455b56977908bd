"""Every podium write is seen while it runs: an undo, a correction, each seat key's event
(join, away, leave, stack, move), a payment, closing the table and the shift's seal. While
the journal is slow (a lock held, a server away) the status line says "saving…", the screen
keeps answering, nothing is said recorded; once the journal has it, "saving…" goes and the
notice says what was recorded — once.

The journal here takes each write only when the test lets it (a blocked backend): a
write still on the event loop holds the whole screen until the journal gives up waiting
(then nothing of this is ever seen).
"""

from __future__ import annotations

import asyncio
import threading

import textual_private
from floorhelp import HALF, HOLDEM, KILLED, hand, journal_with
from journal_held import reaches_the_journal, the_loop_runs
from termhelp import send_keys, settle, type_text

from floorkill.ui.podium import make_podium_app
from floorkill.ui.widgets.status_line import StatusLine

SIZE = (120, 40)


class Blocked:
    """The journal's writes wait for :meth:`release` (at most ``patience`` seconds)."""

    def __init__(self, journal, monkeypatch, patience: float = 8.0) -> None:
        self.entered = threading.Event()
        self._release = threading.Event()
        self.on = False
        self.gave_up = False
        real = journal._write

        def write():
            if self.on:
                self.entered.set()
                self.gave_up = not self._release.wait(patience)
            return real()

        monkeypatch.setattr(journal, "_write", write)

    def release(self) -> None:
        self._release.set()


def status(app) -> str:
    line = app.podium.query_one(StatusLine)
    return line.build_text(app.session.state).renderables[0].plain


def notices(app) -> list[str]:
    return [n.message for n in textual_private.notices(app)]


async def saving_then_recorded(pilot, blocked: Blocked, table, start, recorded: str) -> None:
    """``start()`` asks for a write; while the journal holds it, "saving…" is on the
    screen, the loop runs and nothing is said recorded; then the journal takes it."""
    app = pilot.app
    length, said = len(table), len(notices(app))
    blocked.on = True
    await start()
    await reaches_the_journal(blocked.entered)
    await the_loop_runs(app.podium)
    assert status(app).startswith("saving…")
    assert "saving…" in app.export_screenshot()
    assert len(table) == length  # not written yet…
    assert not any(recorded in m for m in notices(app)[said:])  # …and not said recorded
    blocked.release()
    await settle(pilot)
    assert not blocked.gave_up
    assert "saving…" not in status(app)
    assert len(table) == length + 1  # once
    assert any(recorded in m for m in notices(app)[said:]), notices(app)[said:]


async def test_undo_says_saving_until_the_void_is_stored(tmp_path, monkeypatch):
    j = journal_with(tmp_path / "j.db", (HOLDEM, [hand(3), hand(4)]))
    s = j.open_table("Table 12")
    blocked = Blocked(j, monkeypatch)
    app = make_podium_app(s, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+z")
        await type_text(pilot, "wrong seat")

        async def start():
            send_keys(app, "enter")

        await saving_then_recorded(pilot, blocked, s, start, "Record #2 undone.")
        assert s.records(len(s) - 1, len(s))[0].type == "void"
    j.close()


async def test_a_correction_says_saving_until_it_is_stored(tmp_path, monkeypatch):
    j = journal_with(tmp_path / "j.db", (HOLDEM, [hand(3), hand(4), hand(1)]))
    s = j.open_table("Table 12")
    blocked = Blocked(j, monkeypatch)
    app = make_podium_app(s, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+y", "2")  # the hand before the last: seat 4's
        await pilot.press("backspace", "7")
        await pilot.pause()

        async def start():
            send_keys(app, "enter")

        await saving_then_recorded(pilot, blocked, s, start, "Record #2 corrected.")
        assert s.records(len(s) - 1, len(s))[0].type == "correct"
    j.close()


async def _seat_key_path(tmp_path, monkeypatch, events, keys, typed, recorded, last_type):
    j = journal_with(tmp_path / "j.db", (HOLDEM, events))
    s = j.open_table("Table 12")
    blocked = Blocked(j, monkeypatch)
    app = make_podium_app(s, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6", *keys)
        if typed:
            await type_text(pilot, typed)

        async def start():
            send_keys(app, "enter")

        await saving_then_recorded(pilot, blocked, s, start, recorded)
        assert s.records(len(s) - 1, len(s))[0].type == last_type
    j.close()


async def test_a_join_says_saving_until_it_is_stored(tmp_path, monkeypatch):
    await _seat_key_path(tmp_path, monkeypatch, [], ("5", "j"), "Eve", "join seat 5: Eve", "join")


async def test_away_says_saving_until_it_is_stored(tmp_path, monkeypatch):
    j = journal_with(tmp_path / "j.db", (HOLDEM, []))
    s = j.open_table("Table 12")
    blocked = Blocked(j, monkeypatch)
    app = make_podium_app(s, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6", "4")

        async def start():
            send_keys(app, "a")  # the seat key records at once

        await saving_then_recorded(pilot, blocked, s, start, "away seat 4 — Dee")
    j.close()


async def test_a_leave_says_saving_until_it_is_stored(tmp_path, monkeypatch):
    await _seat_key_path(tmp_path, monkeypatch, [], ("7", "x"), "", "seat 7", "quit")


async def test_a_stack_says_saving_until_it_is_stored(tmp_path, monkeypatch):
    await _seat_key_path(tmp_path, monkeypatch, [], ("4", "s"), "640", "stack seat 4", "stack")


async def test_a_move_says_saving_until_it_is_stored(tmp_path, monkeypatch):
    await _seat_key_path(tmp_path, monkeypatch, [], ("1", "m"), "8", "move", "move")


async def test_a_payment_says_saving_until_it_is_stored(tmp_path, monkeypatch):
    quit_ = {"type": "quit", "seat": 3, "posts_kill": False}
    await _seat_key_path(tmp_path, monkeypatch, [*KILLED, quit_], ("p",), "", "Cy", "pay_kill")


async def test_a_payment_at_another_table_says_saving_until_it_is_stored(tmp_path, monkeypatch):
    """Paid from Table 14: stored at Table 12, where the kill is owed."""
    quit_ = {"type": "quit", "seat": 3, "posts_kill": False}
    j = journal_with(tmp_path / "j.db", (HOLDEM, [*KILLED, quit_]), (HALF, []))
    owed = j.open_table("Table 12")
    blocked = Blocked(j, monkeypatch)
    app = make_podium_app(j.open_table("Table 14"), cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6", "p")

        async def start():
            send_keys(app, "enter")

        await saving_then_recorded(pilot, blocked, owed, start, "Cy")
        assert not owed.state.barred
    j.close()


async def test_closing_the_table_says_saving_until_it_is_stored(tmp_path, monkeypatch):
    j = journal_with(tmp_path / "j.db", (HOLDEM, [hand(3)]))
    s = j.open_table("Table 12")
    blocked = Blocked(j, monkeypatch)
    app = make_podium_app(s, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        app.close_table()
        await pilot.pause()

        async def start():
            send_keys(app, "enter")  # the confirmation

        await saving_then_recorded(pilot, blocked, s, start, "close")
        assert s.state.closed
    j.close()


async def test_the_shift_seal_says_saving_until_it_is_stored(tmp_path, monkeypatch):
    """The shift report's seal is a write at every open table: "saving…" while the journal
    holds it, and the report is said written once the seal is stored."""
    import floorkill.report.podium as podium_report

    monkeypatch.setattr(podium_report, "reports_dir", lambda path: tmp_path / "reports")
    j = journal_with(tmp_path / "j.db", (HOLDEM, [hand(3)]))
    s = j.open_table("Table 12")
    blocked = Blocked(j, monkeypatch)
    app = make_podium_app(s, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:

        async def start():
            app.call_later(app.action_report)

        await saving_then_recorded(pilot, blocked, s, start, "seal ")
        assert s.records(len(s) - 1, len(s))[0].type == "seal"
    j.close()


async def test_the_table_editors_save_says_saving_until_the_table_is_created(tmp_path, monkeypatch):
    """Ctrl+S in the table editor: the table is created in the journal thread; while the
    journal holds it the editor's status line says "saving…" and the screen answers; once
    created, the podium is at the new table (and its file is written once)."""
    monkeypatch.setenv("FLOORKILL_TABLES_DIR", str(tmp_path / "tables"))
    j = journal_with(tmp_path / "j.db", (HOLDEM, [hand(3)]))
    blocked = Blocked(j, monkeypatch)
    app = make_podium_app(j.open_table("Table 12"), cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9", "n")
        await type_text(pilot, "Table 20")
        blocked.on = True
        send_keys(app, "ctrl+s")
        await reaches_the_journal(blocked.entered, "the table")
        await the_loop_runs(app.screen, "the save")
        assert "saving…" in app.export_screenshot()
        assert "Table 20" not in j.table_names()
        blocked.release()
        await settle(pilot)
        assert not blocked.gave_up
        assert app.screen is app.podium and app.session.name == "Table 20"
        assert "Table 20" in j.table_names()
        assert [p.name for p in (tmp_path / "tables").iterdir()] == ["table-20.toml"]
    j.close()


async def test_the_showdown_says_saving_until_its_hand_is_stored(tmp_path, monkeypatch):
    """F2, the board and two hands, ⏎: the hand is written in the journal work (it was
    written on the event loop, which a slow journal held); "saving…" meanwhile, then the
    hand is recorded once, won by the hand the form showed."""
    j = journal_with(tmp_path / "j.db", (HOLDEM, []))
    s = j.open_table("Table 12")
    blocked = Blocked(j, monkeypatch)
    app = make_podium_app(s, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        send_keys(app, "f2", *"Ah Kd 7c 2s 9h", "tab", "tab", *"As Ks", "tab", *"Qd Qh")
        await settle(pilot)
        blocked.on = True
        send_keys(app, "enter")
        await reaches_the_journal(blocked.entered)
        await the_loop_runs(app.podium)
        assert status(app).startswith("saving…") and len(s) == 0
        blocked.release()
        await settle(pilot)
        assert not blocked.gave_up and "saving…" not in status(app)
        assert len(s) == 1 and s.records(0, 1)[0].result[0] == (3,)
    j.close()


async def test_a_write_that_lands_as_the_podium_closes_is_kept_and_says_nothing(
    tmp_path, monkeypatch
):
    """The podium closes while the journal still holds a leave: the leave is stored, and
    its landing (on a podium with no screen left) ends nothing with a traceback."""
    j = journal_with(tmp_path / "j.db", (HOLDEM, []))
    s = j.open_table("Table 12")
    blocked = Blocked(j, monkeypatch)
    app = make_podium_app(s, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6", "7", "x")
        await settle(pilot)
        blocked.on = True
        send_keys(app, "enter")
        await reaches_the_journal(blocked.entered)
        threading.Timer(0.3, blocked.release).start()  # lands once the podium is closing
        app.exit()
    for _ in range(250):  # bounded: the journal thread finishes the write
        if len(s):
            break
        await asyncio.sleep(0.02)
    assert not blocked.gave_up
    assert [r.type for r in s.records(0, len(s))] == ["quit"]
    j.close()

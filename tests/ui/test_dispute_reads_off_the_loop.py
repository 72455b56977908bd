"""The dispute view (F12) reads its journal off the event loop: the moment it opens at and
each step's, the table's corrections, the filter's matches and the history's pages are
read in the podium's journal thread, through the view's own read-only connection. While
that connection does not answer (a lock held, a server away) the screen paints and, after
half a second, says it is reading; the keys typed meanwhile wait and go to the view in
order. A read the journal cannot give is said on the banner in the screen's language —
never a traceback, never a closed podium — and the same key reads again.
"""

from __future__ import annotations

import sqlite3
import threading

from floorhelp import HOLDEM, hand, journal_with
from journal_held import reaches_the_journal, the_loop_runs
from termhelp import send_keys, settle
from textual.widgets import Static

import floorkill.ui.podium.journal_work as journal_work
from floorkill.store import history
from floorkill.ui.podium import make_podium_app
from floorkill.ui.screens.dispute import DisputeScreen
from floorkill.ui.widgets.hand_entry import HandEntry
from floorkill.ui.widgets.history_view import HistoryView

SIZE = (120, 40)
WINNERS = (1, 3, 4)


class Reader:
    """The dispute view's read-only connection (``history.open_reader``): while ``hanging``
    each query waits for :meth:`release` (at most ``patience`` seconds); while ``away``
    each fails as a locked journal file fails it."""

    def __init__(self, monkeypatch, patience: float = 8.0) -> None:
        self.hanging = False
        self.away = False
        self.entered = threading.Event()
        self._release = threading.Event()
        self.patience = patience
        self.gave_up = False
        real = history.open_reader
        monkeypatch.setattr(history, "open_reader", lambda where: _Conn(real(where), self))

    def hang(self) -> None:
        self.entered.clear()
        self._release.clear()
        self.hanging = True

    def release(self) -> None:
        self.hanging = False
        self._release.set()

    def query(self) -> None:  # (in the journal thread)
        if self.away:
            raise sqlite3.OperationalError("database is locked")
        if self.hanging:
            self.entered.set()
            if not self._release.wait(self.patience):
                self.gave_up = True


class _Conn:
    def __init__(self, conn, reader: Reader) -> None:
        self._conn = conn
        self._reader = reader

    def execute(self, *args, **kwargs):
        self._reader.query()
        return self._conn.execute(*args, **kwargs)

    def __getattr__(self, name: str):
        return getattr(self._conn, name)


def banner(screen) -> str:
    return " ".join(str(screen.query_one("#dispute-banner", Static).render()).split())


async def hung(pilot, reader: Reader, *keys: str) -> None:
    """The view's read hangs: ``keys`` typed meanwhile, and the loop runs."""
    await reaches_the_journal(reader.entered, "the view's read")
    await the_loop_runs(pilot.app.podium, "the read", keys)


def played(path, n: int, extra=()):
    j = journal_with(path, (HOLDEM, [hand(WINNERS[i % 3]) for i in range(n)]))
    s = j.open_table("Table 12")
    for ev in extra:
        s.append(ev)
    return j, s


async def test_the_dispute_view_opens_off_the_loop_and_the_keys_typed_meanwhile_step_it(
    tmp_path, monkeypatch
):
    """F12 on a journal that does not answer: the view's first moment and the table's
    corrections are read in the journal thread; the ← typed meanwhile steps the view once
    it is open (never the podium under it), and the correction is shown beside record 1."""
    j, s = played(tmp_path / "j.db", 12)
    s.correct(1, hand(7), reason="the dealer says Gus")
    reader = Reader(monkeypatch)
    reader.hang()
    app = make_podium_app(s, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.follow_timer.pause()
        send_keys(app, "f12")
        await hung(pilot, reader, "left", "left")
        assert app.podium.query_one(HandEntry).input.value == ""
        reader.release()
        await settle(pilot)
        assert not reader.gave_up
        screen = app.screen
        assert isinstance(screen, DisputeScreen) and screen.seq == 11
        await pilot.press("home", "right")
        await settle(pilot)
        assert screen.seq == 1
        said = banner(screen)
        assert "CORRECTED by #13" in said and "the dealer says Gus" in said
    j.close()


async def test_a_step_on_a_slow_journal_says_it_is_reading_and_the_keys_go_in_order(
    tmp_path, monkeypatch
):
    """← ← [ typed while a step's read hangs: the loop paints, the banner says the journal
    is being read; once it answers the three keys have stepped in order."""
    monkeypatch.setattr(journal_work, "READ_NOTICE", 0.05)
    j, s = played(tmp_path / "j.db", 20, extra=[{"type": "away", "seat": 4}])
    reader = Reader(monkeypatch)
    app = make_podium_app(s, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.follow_timer.pause()
        await pilot.press("f12")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DisputeScreen) and screen.seq == 21
        reader.hang()
        send_keys(app, "left")
        await hung(pilot, reader, "left", "left_square_bracket")
        assert "Reading the journal…" in banner(screen)
        assert screen.seq == 21  # nothing shown before it is read
        reader.release()
        await settle(pilot)
        assert not reader.gave_up
        assert screen.seq == 18  # ← 20, ← 19, [ the hand before: 18
        assert "Reading the journal" not in banner(screen)
        assert screen.state.hands == 18
    j.close()


async def test_the_filter_is_read_off_the_loop(tmp_path, monkeypatch):
    """/ and a player's name: the matches are read in the journal thread; the Home typed
    while they are read goes to the filtered view afterwards."""
    j, s = played(tmp_path / "j.db", 30)
    reader = Reader(monkeypatch)
    app = make_podium_app(s, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.follow_timer.pause()
        await pilot.press("f12")
        await settle(pilot)
        screen = app.screen
        await pilot.press("slash", *"ann won")
        reader.hang()
        send_keys(app, "enter")
        await hung(pilot, reader)
        reader.release()
        await settle(pilot)
        assert not reader.gave_up
        listing = screen.query_one(HistoryView)
        assert listing.total == 10
        assert [listing.record(i).seq for i in range(listing.total)] == list(range(1, 31, 3))
    j.close()


async def test_the_journal_away_in_the_dispute_view_is_said_in_russian_and_the_keys_go_on(
    tmp_path, monkeypatch
):
    """The view open at a correction, then its journal away: F3, ←, [, the filter and the
    history's unread pages each leave the view where it was and the banner says, in the
    screen's language, that the journal cannot be read (the podium closed with a
    traceback at F3); Esc returns to the podium, which still takes a line; once the journal
    answers again the same key steps."""
    j, s = played(tmp_path / "j.db", 200)
    s.correct(199, hand(7), reason="Gus")
    reader = Reader(monkeypatch)
    app = make_podium_app(s, lang="en", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.follow_timer.pause()
        await pilot.press("f12")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DisputeScreen) and screen.seq == 201
        assert "this record corrected #199" in banner(screen)
        reader.away = True
        await pilot.press("f3")  # Russian
        await settle(pilot)
        assert "эта запись исправила №199" in banner(screen)
        for key in ("left", "left_square_bracket"):
            await pilot.press(key)
            await settle(pilot)
            assert "журнал сейчас не читается" in banner(screen), key
            assert screen.seq == 201 and app.screen is screen
        history_view = screen.query_one(HistoryView)
        history_view.focus()
        history_view.cursor = 100  # a page not read yet: blank, the view goes on
        await settle(pilot)
        assert history_view.record(100) is None and screen.seq == 201
        await pilot.press("slash", *"ann won", "enter")  # matches: to the first, unread
        await settle(pilot)
        assert "журнал сейчас не читается" in banner(screen) and screen.seq == 201
        reader.away = False
        await pilot.press("left")  # the match before: read now
        await settle(pilot)
        assert screen.seq == 199 and "не читается" not in banner(screen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is app.podium
        await pilot.press("f5", "4")
        await settle(pilot)
        assert app.podium.query_one(HandEntry).input.value == "4"
    j.close()

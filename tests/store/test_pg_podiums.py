"""Several podiums on one journal (SQLite file and PostgreSQL): each follows the others'
commits with no keypress, and a podium that did not see the table move is refused."""

from __future__ import annotations

import asyncio
import threading
import time
from contextlib import contextmanager

from pghelp import Outage
from storehelp import hand_events, table
from termhelp import settle
from textual_private import notices

from floorkill.store.backend import open_journal
from floorkill.ui.podium import make_podium_app
from floorkill.ui.screens.undo_and_showdown import UndoModal
from floorkill.ui.widgets.hand_entry import HandEntry
from floorkill.ui.widgets.history_view import HistoryView

SIZE = (120, 40)


@contextmanager
def _ann_and_bob(where, hands: int = 0):
    """Ann's podium creates Table 7 (with ``hands`` hands); Bob's is the app under test."""
    with (
        open_journal(where, floorperson="ann") as podium1,
        open_journal(where, floorperson="bob") as podium2,
    ):
        s1 = podium1.create_table(table("Table 7"))
        for e in hand_events(hands) if hands else ():
            s1.append(e)
        yield s1, make_podium_app(podium2.open_table("Table 7"))


async def _until(pilot, check, within: float = 30.0) -> None:
    """Until ``check()`` holds, at most ``within`` seconds (the app keeps running)."""
    start = time.monotonic()
    while not check() and time.monotonic() - start < within:
        await pilot.pause(0.02)


async def _stop_following(app, pilot) -> None:
    """The follow timer paused and no look at the journal still in flight: the worker the
    last tick started may read after the other podium's commit (on a busy machine it then
    shows the later hand before the stale entry the test means to refuse)."""
    app.follow_timer.pause()
    await app.workers.wait_for_complete([w for w in app.workers if w.group == "follow"])
    await pilot.pause()


async def test_a_hand_from_another_podium_shows_there(where):
    with _ann_and_bob(where) as (s1, app):
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            history = app.query_one(HistoryView)
            assert history.total == 0
            s1.append({"type": "hand", "winner": 3})
            await _until(pilot, lambda: history.total == 1)
            assert history.total == 1
            assert app.session.state == s1.state


async def test_a_follow_tick_while_the_app_shuts_down_is_quiet(where):
    """The follow timer may tick after the last screen is gone (the CI flake: "No screens
    on stack" from follow_journal): another podium's entry is still taken, nothing raises."""
    with _ann_and_bob(where) as (s1, app):
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
        assert not app.screen_stack  # shut down: no screen left
        s1.append({"type": "hand", "winner": 3})
        # PostgreSQL's NOTIFY reaches the listener a moment after the COMMIT (under load,
        # later than this next line): ask again until it came, as the timer would.
        deadline = time.monotonic() + 5.0
        while not app.follow_journal() and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        assert app.session.state == s1.state  # followed, and no ScreenStackError


async def test_a_stale_entry_is_refused_naming_who_and_kept(where):
    with _ann_and_bob(where, 40) as (s1, app):
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await _stop_following(app, pilot)  # podium 2 has not looked yet
            s1.append({"type": "hand", "winner": 2})  # hand 41 on podium 1
            await pilot.press("5", "enter")
            await settle(pilot)  # the keys handled and the write done
            entry = app.query_one(HandEntry)
            assert (
                "Table 7 changed: hand 41 was just entered by ann — check and enter again"
                in entry.message
            )
            assert entry.input.value == "5"  # the entry is kept
            assert len(app.session) == 41 and app.query_one(HistoryView).total == 41
            await pilot.press("enter")  # checked: enter again
            await settle(pilot)  # the keys handled and the write done
            await pilot.pause()
            assert len(app.session) == 42
            last = app.session.records(-1)[0]
            assert last.who == "bob" and last.event["winner"] == 5


async def test_a_stale_entry_s_refusal_stays_when_the_last_record_is_read_late(where):
    """The refusal stays on the line when the record the rules panel explains (ann's hand,
    read in the journal work after the refusal) arrives later: only the panel's record
    came, the table did not move again. Seen beside load, where the read took longer
    than a frame and the entry's preview of "5" replaced the refusal."""
    from journal_held import reaches_the_journal

    with _ann_and_bob(where, 40) as (s1, app):
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await _stop_following(app, pilot)  # podium 2 has not looked yet
            s1.append({"type": "hand", "winner": 2})  # hand 41 on podium 1
            session, loop_thread = app.session, threading.current_thread()
            entered, release = threading.Event(), threading.Event()
            read = session.records

            def held_read(*args, **kwargs):  # the last record's read, in the journal work
                if threading.current_thread() is not loop_thread and not release.is_set():
                    entered.set()
                    release.wait(8)
                return read(*args, **kwargs)

            session.records = held_read  # type: ignore[method-assign]
            await pilot.press("5", "enter")
            await reaches_the_journal(entered, "the last record's read")
            entry = app.query_one(HandEntry)
            changed = "Table 7 changed: hand 41 was just entered by ann — check and enter again"
            await _until(pilot, lambda: changed in entry.message, within=10)
            release.set()
            await _until(pilot, lambda: app.table_view.record is not None, within=10)
            await settle(pilot)
            assert app.table_view.record.seq == 41  # the panel's record came
            assert changed in entry.message  # and the refusal is still said
            assert entry.input.value == "5"


async def test_rrop_13_6_a_bar_made_after_the_preview_was_drawn_records_nothing(where):
    """Podium B bars P3 at Table 8 (P3 sits at Table 7 too) after podium A's preview of
    "5" was drawn: A's ⏎ records nothing and says what changed, the preview is worked out
    again on the room as it now is, and the next ⏎ records that (the hand, P3 barred)."""
    from storehelp import bar_p3_at_table_8

    from floorkill.floor import Floor

    with (
        open_journal(where, floorperson="ann") as podium1,
        open_journal(where, floorperson="bob") as podium2,
    ):
        b = Floor(podium1.create_table(table("Table 8")))
        podium2.create_table(table("Table 7"))
        app = make_podium_app(podium2.open_table("Table 7"))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await _stop_following(app, pilot)  # podium A has not looked yet
            await pilot.press("5")
            await settle(pilot)  # the keys handled and the write done
            entry = app.query_one(HandEntry)
            assert entry.preview is not None and entry.preview.records
            bar_p3_at_table_8(b)
            await pilot.press("enter")
            await settle(pilot)  # the keys handled and the write done
            assert len(app.session) == 0  # nothing recorded
            assert "P3 is now barred at Table 8 (owes $20)" in entry.message
            assert entry.input.value == "5"
            assert [o.player for o in app.session.state.barred] == ["P3"]  # the room as it is
            shown = entry.preview
            assert shown is not None and shown.records
            await pilot.press("enter")
            await settle(pilot)  # the keys handled and the write done
            await pilot.pause()
            assert len(app.session) == 1
            record = app.session.records(-1)[0]
            assert [d.key for d in record.decisions] == [d.key for d in shown.decisions]
            assert record.event["room"] == [{"player": "P3", "owes": 20, "table": "Table 8"}]


async def test_rrop_13_6_a_join_form_whose_player_was_barred_meanwhile_opens_again(where):
    """The join form's preview said "records: join seat 5 P3"; podium B bars P3 before ⏎:
    nothing is recorded, the notice says what changed, and the form is open again as it
    was typed, its preview worked out on the room as it now is (refused: P3 is barred)."""
    from storehelp import bar_p3_at_table_8

    from floorkill.floor import Floor
    from floorkill.ui.screens.seat_forms import FormModal

    with (
        open_journal(where, floorperson="ann") as podium1,
        open_journal(where, floorperson="bob") as podium2,
    ):
        b = Floor(podium1.create_table(table("Table 8")))
        podium2.create_table(table("Table 7", players=2))
        app = make_podium_app(podium2.open_table("Table 7"))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await _stop_following(app, pilot)
            await pilot.press("f6", "5", "j", *"P3")
            await settle(pilot)
            form = app.screen
            assert isinstance(form, FormModal) and form.shown is not None and form.shown.records
            bar_p3_at_table_8(b)
            await pilot.press("enter")
            await settle(pilot)
            assert len(app.session) == 0  # nothing recorded
            said = [n.message for n in notices(app)]
            assert any("P3 is now barred at Table 8 (owes $20)" in m for m in said), said
            again = app.screen
            assert isinstance(again, FormModal) and again is not form
            assert "P3" in again.values().values()  # as it was typed
            assert again.shown is not None and not again.shown.records  # barred now
            assert "P3 owes a kill of $20 (Table 8)" in again.shown_text


async def test_undo_offered_before_another_podiums_entry_voids_nothing(where):
    """The measured bug: Ctrl+Z offered #84 while the other podium recorded #85."""
    with _ann_and_bob(where, 84) as (s1, app):
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await _stop_following(app, pilot)
            await pilot.press("ctrl+z")
            await settle(pilot)  # the keys handled and the write done
            assert isinstance(app.screen, UndoModal) and app.screen.record.seq == 84
            s1.append(hand_events(1, 84)[0])  # #85 on podium 1 meanwhile
            await pilot.press(*"misclick", "enter")
            await settle(pilot)  # the keys handled and the write done
            await pilot.pause()
            assert not isinstance(app.screen, UndoModal)
            recs = s1.records()
            assert len(recs) == 85 and not any(r.voided for r in recs)
            assert app.session.records(-1)[0].type == "hand"
            assert len(app.session) == 85  # the screen shows #85 now


async def test_server_down_the_podium_says_so_keeps_the_entry_and_retries(pg_url):
    outage = Outage()
    with open_journal(outage.url(pg_url), floorperson="bob") as journal:
        s = journal.create_table(table("Table 7"))
        app = make_podium_app(s)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            outage.down()
            await pilot.press("5", "enter")
            await settle(pilot)  # the keys handled and the write done
            entry = app.query_one(HandEntry)
            assert entry.message.startswith("✗ not recorded: the journal cannot be reached")
            assert "\n" not in entry.message
            assert entry.input.value == "5" and len(s) == 0
            await pilot.pause(0.3)  # the follower ticks quietly meanwhile
            outage.up()
            await pilot.press("enter")  # the retry
            await settle(pilot)  # the keys handled and the write done
            await pilot.pause()
            assert len(s) == 1 and s.records(-1)[0].event["winner"] == 5
    outage.down()


async def test_the_podiums_commit_never_connects_the_follow_tick_does(pg_url, monkeypatch):
    """Opened as a podium opens it (short statement and lock timeouts): while the server is
    away a commit is refused at once, the line kept; only the follow tick connects again,
    in its worker thread, never the event loop; then ⏎ again records the entry once."""
    from floorkill.store import pg
    from floorkill.store.backend import podium_options

    outage = Outage()
    url = outage.url(pg_url)
    connects: list[int] = []
    real = pg.connect

    def counted(*args, **kwargs):
        connects.append(threading.get_ident())
        return real(*args, **kwargs)

    with open_journal(url, floorperson="bob", **podium_options(url)) as journal:
        raw = journal._raw
        assert raw.execute("SHOW statement_timeout").fetchone()[0] == "2s"
        assert raw.execute("SHOW lock_timeout").fetchone()[0] == "2s"
        s = journal.create_table(table("Table 7"))
        app = make_podium_app(s)
        monkeypatch.setattr(pg, "connect", counted)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            loop_thread = threading.get_ident()
            outage.down()
            await pilot.press("5", "enter")
            await settle(pilot)  # the keys handled and the write done
            await pilot.pause()
            entry = app.query_one(HandEntry)
            assert entry.message.startswith("✗ not recorded: the journal cannot be reached")
            assert entry.input.value == "5" and len(s) == 0
            await pilot.pause(0.6)  # the follow tick tries (in its worker) meanwhile
            await pilot.press("enter")  # still away: refused again, nothing written
            await settle(pilot)  # the keys handled and the write done
            await pilot.pause()
            assert entry.input.value == "5" and len(s) == 0
            outage.up()
            await _until(pilot, lambda: not journal._lost())
            await pilot.press("enter")
            await settle(pilot)  # the keys handled and the write done
            await pilot.pause()
            assert len(s) == 1 and s.records(-1)[0].event["winner"] == 5
            assert entry.input.value == ""
        assert connects and loop_thread not in connects
    outage.down()
    with open_journal(pg_url) as check:
        assert len(check.open_table("Table 7")) == 1  # once, not twice


def test_the_big_screen_follows_postgresql_with_the_select_only_role(pg_url):
    from pghelp import ro_url

    from floorkill.ui.big_screen.terminal import Follower

    with open_journal(pg_url, floorperson="ann") as podium:
        s = podium.create_table(table("Table 7"))
        follower = Follower(ro_url(pg_url), "Table 7")
        try:
            first = follower.poll()
            assert first is not None and first.waiting is None
            assert [v.name for v in first.tables] == ["Table 7"]
            assert follower.poll() is None  # nothing new
            s.append({"type": "hand", "winner": 3})
            s.append({"type": "hand", "winner": 3, "qualifies": True})
            start = time.monotonic()
            picture = None
            while picture is None and time.monotonic() - start < 30:
                picture = follower.poll()
            assert picture is not None
            assert follower._sessions["Table 7"].state == s.state
            assert "floorkill_ro" in follower._ro.url  # the viewer's own role
        finally:
            follower.close()

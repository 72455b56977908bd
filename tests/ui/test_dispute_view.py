"""The dispute view (time travel), driven with Pilot: at every record the screen shows the
state the rules model's replay gives up to that record; stepping never writes."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest
from uihelp import EVIL, hand, session

from floorkill.resources import sample_tables_dir
from floorkill.rules import load_table_file, replay
from floorkill.ui.podium import make_podium_app
from floorkill.ui.screens.dispute import DisputeScreen
from floorkill.ui.widgets.history_view import HistoryView
from floorkill.ui.widgets.rules_panel import RulesPanel
from floorkill.ui.widgets.seating import Seating
from floorkill.ui.widgets.status_line import StatusLine

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from pghelp import Outage, pg_rows_digest  # noqa: E402

SIZE = (140, 44)
SAMPLES = (
    "california-lowball-2-4.toml",
    "holdem-10-20-full-killer-last.toml",
    "holdem-4-8-half-two-pots.toml",
)


def journal_bytes(path: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(path.parent.glob(path.name + "*")):
        h.update(p.name.encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


def sample_journal(tmp_path: Path, name: str, where: str | None = None):
    """A sample's recorded session in a journal (a file in ``tmp_path``, or ``where``)."""
    from floorkill.store.backend import open_journal

    tf = load_table_file(sample_tables_dir() / name)
    where = str(tmp_path / "journal.db") if where is None else where
    j = open_journal(where, floorperson="Floor Fay", snapshot_every=4)
    s = j.create_table(tf)
    for ev in tf.events:
        s.append(ev)
    return tf, j, s


def shown(screen: DisputeScreen):
    """The state each panel of the dispute screen draws."""
    return (
        screen.state,
        screen.query_one(Seating).state,
        screen.query_one(StatusLine)._state,
        screen.query_one(RulesPanel)._state,
    )


@pytest.fixture(params=[SAMPLES[0], SAMPLES[2], SAMPLES[1] + "@postgresql"])
def sample_where(request, tmp_path):
    """(sample, journal location): two samples in a file, the third in PostgreSQL. (What
    the screen shows depends on the sample, not on where it is stored: a journal's state at
    every record, stepped and written nothing, is the same fold in a file and in PostgreSQL
    by tests/report/test_rewind.py, test_stepping_writes_nothing_to_the_journal and
    test_rrop_13_6_room_bars_at_every_record_of_every_table_equal_the_global_fold.)"""
    name, _, backend = request.param.partition("@")
    if not backend:
        yield name, str(tmp_path / "journal.db")
        return
    yield name, request.getfixturevalue("pg_url")


def written(where: str) -> str:
    """What "nothing was written" compares: a file's bytes, a PostgreSQL journal's rows."""
    from floorkill.store.backend import is_url

    return pg_rows_digest(where) if is_url(where) else journal_bytes(Path(where))


async def test_every_record_shows_the_replay_up_to_it_and_nothing_is_written(
    tmp_path, sample_where
):
    name, where = sample_where
    tf, j, s = sample_journal(tmp_path, name, where)
    steps = replay(tf)
    assert len(steps) == 29 and not any(st.refusal for st in steps)
    live_before = s.state
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        before = written(where)
        await pilot.press("f12")
        screen = app.screen
        assert isinstance(screen, DisputeScreen)
        assert screen.seq == 29 and screen.state == steps[-1].state
        await pilot.press("home")
        assert screen.seq == 0 and screen.moment.record is None
        for i in range(1, 30):
            await pilot.press("right")
            assert screen.seq == i
            for st in shown(screen):
                assert st == steps[i - 1].state, f"{name}: record {i}"
            assert screen.moment.record.seq == i
            assert screen.query_one(RulesPanel)._record.seq == i
        # ← walks back to the first record; one sample walks all the way (the states are
        # the ones checked above), the others the last few records
        back_to = 1 if name == SAMPLES[0] else 25
        for i in range(28, back_to - 1, -1):
            await pilot.press("left")
            assert screen.seq == i and screen.state == steps[i - 1].state
        assert written(where) == before
        await pilot.press("escape")
        assert not isinstance(app.screen, DisputeScreen)
        assert s.state == live_before and len(s) == 29
    j.close()


async def test_hand_steps_filter_and_the_history_cursor(tmp_path):
    tf, j, s = sample_journal(tmp_path, SAMPLES[0])
    steps = replay(tf)
    hands = [st.index for st in steps if st.event.type == "hand"]
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        # open from the history, at the record under its cursor
        await pilot.press("f7", "up", "up", "up")
        at = app.query_one(HistoryView).cursor + 1
        await pilot.press("f12")
        screen = app.screen
        assert isinstance(screen, DisputeScreen) and screen.seq == at == 26
        await pilot.press("home", "right_square_bracket")
        assert screen.seq == hands[0]
        await pilot.press("right_square_bracket", "right_square_bracket")
        assert screen.seq == hands[2] and screen.state == steps[hands[2] - 1].state
        await pilot.press("left_square_bracket")
        assert screen.seq == hands[1]
        # every record of a voluntary kill ruling: the filter keeps them, ← → walk them
        await pilot.press("slash", *"kill", "enter")
        kills = [st.index for st in steps if any(d.code == "kill" for d in st.decisions)]
        listing = screen.query_one(HistoryView)
        assert listing.total == len(kills) >= 3
        assert [listing.record(i).seq for i in range(listing.total)] == kills
        await pilot.press("end")
        assert screen.seq == 29
        await pilot.press("left")
        assert screen.seq == kills[-1] if kills[-1] < 29 else kills[-2]
        await pilot.press("escape")
        assert len(s) == 29
    j.close()


async def test_a_voided_record_before_and_after_its_void(tmp_path):
    s = session(events=[hand(3), hand(4), hand(4, qualifies=True)])
    s.void(3, "wrong winner: seat 7 took it")
    s.append(hand(7))
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f12")
        screen = app.screen
        await pilot.press("home", "right", "right", "right")
        assert screen.seq == 3
        assert screen.state.button.status == "killed"  # as it stood then
        banner = str(screen.query_one("#dispute-banner").render())
        assert "UNDONE later by #4" in banner and "wrong winner: seat 7 took it" in banner
        await pilot.press("right")
        assert screen.seq == 4 and screen.state.button.status == "leg-up"
        banner = str(screen.query_one("#dispute-banner").render())
        assert "undid #3" in banner and "test" in banner
        await pilot.press("right")
        assert screen.state == s.state
        await pilot.press("escape")
        assert len(s) == 5


async def test_names_are_text_in_the_dispute_view():
    s = session(EVIL, events=[hand(2), hand(4), {"type": "quit", "seat": 5}])
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f12")
        screen = app.screen
        await pilot.press("slash", *"[/]", "enter")
        listing = screen.query_one(HistoryView)
        assert listing.total == 1 and listing.record(0).seq == 2
        await pilot.press("escape")
        assert app.is_running


async def test_the_banner_names_the_winners_and_who_entered_the_record(tmp_path):
    s = session(events=[hand(3), {"type": "hand", "winners": [1, 4]}])
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f12")
        banner = str(app.screen.query_one("#dispute-banner").render())
        assert "split 1,4 (Ann, Dee)" in banner and "entered by test at" in banner
        await pilot.press("left")
        assert "winner 3 (Cy)" in str(app.screen.query_one("#dispute-banner").render())


async def test_rrop_13_6_the_status_line_shows_a_bar_at_another_table_as_it_stood(tmp_path):
    """Cy sits at Table 12 and Table 14. Barred at Table 12, Table 14 plays a hand (Cy
    barred there too); Cy pays; Table 14 plays again and undoes that hand. In the dispute
    view at Table 14 the status line says Cy is barred at Table 12 right after the first
    hand, and not after the undo (the pay came before it) — though the undo refolds Table
    14 from the first hand's stamp. (A journal file: the room's bars as they stood are read
    alike from PostgreSQL, tests/report/test_rewind.py,
    test_rrop_13_6_the_dispute_view_shows_room_bars_as_they_stood_after_each_record.)"""
    from floorhelp import HALF, HOLDEM, KILLED

    from floorkill.rules import load_table_text
    from floorkill.store.backend import open_journal

    with open_journal(str(tmp_path / "journal.db"), floorperson="Fay") as j:
        a = j.create_table(load_table_text(HOLDEM))
        b = j.create_table(load_table_text(HALF + '[[players]]\nseat = 5\nname = "cy"\n'))
        for ev in KILLED:
            a.append(ev)
        a.append({"type": "quit", "seat": 3, "posts_kill": False})  # Cy barred at 12
        b.append(hand(1))  # #1: Cy barred here
        a.append({"type": "pay_kill", "name": "Cy"})
        b.append(hand(2))
        b.void(2, "wrong seat")  # #3: paid by then
        app = make_podium_app(b)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("f12")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, DisputeScreen) and screen.seq == 3
            status = screen.query_one(StatusLine)
            assert "Barred" not in str(status.render().renderables[1])
            await pilot.press("home", "right")
            await pilot.pause()
            assert screen.seq == 1
            assert "Barred: cy owes $20 at Table 12" in str(status.render().renderables[1])


async def test_the_server_gone_mid_dispute_is_one_line_and_the_next_key_reads_again(pg_url):
    """PostgreSQL goes away while the dispute view is open: a step says so on the banner in
    one line and stays where it was (no traceback, the podium keeps running); once the
    server is back the same key takes the step, read through a new connection."""
    outage = Outage()
    url = outage.url(pg_url)
    tf, j, s = sample_journal(None, SAMPLES[0], url)
    steps = replay(tf)
    try:
        app = make_podium_app(s)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("f12")
            screen = app.screen
            assert isinstance(screen, DisputeScreen) and screen.seq == 29
            outage.down()
            for key in ("left", "left_square_bracket"):
                await pilot.press(key)
                await pilot.pause()
                banner = str(screen.query_one("#dispute-banner").render())
                assert "the journal cannot be read just now" in banner
                assert "Traceback" not in banner
                assert screen.seq == 29 and screen.state == steps[28].state
            assert app.is_running and app.screen is screen
            outage.up()
            await pilot.press("left")
            await pilot.pause()
            assert screen.seq == 28 and screen.state == steps[27].state
            assert "cannot be read" not in str(screen.query_one("#dispute-banner").render())
            await pilot.press("escape")
            assert not isinstance(app.screen, DisputeScreen)
    finally:
        j.close()
        outage.down()

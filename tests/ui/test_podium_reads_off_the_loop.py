"""The screens a podium opens on its journal read it off the event loop: the room grid
(Ctrl+G), the room's players (Ctrl+O), "new table like…" (F9, c), the correction form
(Ctrl+Y, a digit: the table's records) and the question about a table file set up unlike
the journal's table (the journal's table names). While the journal
does not answer (a server away, a lock held) the screen keeps answering; the keys typed
meanwhile wait and go to the screen once it has what it read — never lost, never to the
podium under it.
"""

from __future__ import annotations

import asyncio
import threading

import textual_private
from floorhelp import HALF, HOLDEM, KILLED, STUD, hand, journal_with
from journal_held import reaches_the_journal, the_loop_runs
from termhelp import send_keys, settle
from textual.widgets import Input

from floorkill.ui.podium import make_podium_app
from floorkill.ui.screens.correct_form import CorrectModal
from floorkill.ui.screens.room_grid_screen import RoomScreen
from floorkill.ui.screens.room_view import RoomPlayersScreen
from floorkill.ui.screens.table_editor import TableEditor
from floorkill.ui.widgets.hand_entry import HandEntry

SIZE = (120, 40)
QUIT = {"type": "quit", "seat": 3, "posts_kill": False}  # Cy leaves owing: barred


class Hanging:
    """``journal.<method>`` waits for :meth:`release` (at most ``patience`` seconds)."""

    def __init__(self, journal, method: str, monkeypatch, patience: float = 8.0) -> None:
        self.entered = threading.Event()
        self._release = threading.Event()
        self.on = True
        self.gave_up = False
        real = getattr(journal, method)

        def hanging(*args, **kwargs):
            if self.on:
                self.entered.set()
                self.gave_up = not self._release.wait(patience)
            return real(*args, **kwargs)

        monkeypatch.setattr(journal, method, hanging)

    def release(self) -> None:
        self._release.set()


async def while_hanging(pilot, hanging: Hanging, *keys: str) -> None:
    """The read hangs: the loop runs meanwhile (a timer ticks), ``keys`` are typed; then
    the journal answers."""
    app = pilot.app
    await reaches_the_journal(hanging.entered, "the screen's read")
    await the_loop_runs(app.podium, "the read", keys)
    assert app.podium.query_one(HandEntry).input.value == ""  # nothing typed into the podium
    hanging.release()
    await settle(pilot)
    assert not hanging.gave_up


async def test_the_room_grid_reads_the_tables_off_the_loop(tmp_path, monkeypatch):
    j = journal_with(tmp_path / "j.db", (HOLDEM, KILLED), (HALF, []))
    app = make_podium_app(j.open_table("Table 12"), cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hanging = Hanging(j, "table_names", monkeypatch)
        app.action_room()
        await while_hanging(pilot, hanging, "pagedown")
        screen = app.screen
        assert isinstance(screen, RoomScreen)
        assert [s.config.name for s in screen.states] == ["Table 12", "Table 14"]
        await pilot.press("escape")  # the grid's keys, once it has read the room
        await settle(pilot)
        assert app.screen is app.podium
    j.close()


async def test_the_room_players_are_read_off_the_loop_and_the_filter_keeps_the_keys(
    tmp_path, monkeypatch
):
    j = journal_with(tmp_path / "j.db", (HOLDEM, [*KILLED, QUIT]), (HALF, []))
    app = make_podium_app(j.open_table("Table 14"), cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hanging = Hanging(j, "room", monkeypatch)
        app.action_room_players()
        await while_hanging(pilot, hanging, "c", "y")
        screen = app.screen
        assert isinstance(screen, RoomPlayersScreen)
        assert screen.query_one(Input).value == "cy"  # typed while the room was read
        assert [r.player for r in screen.shown] == ["Cy"] and screen.shown[0].barred
    j.close()


async def test_new_table_like_reads_the_table_off_the_loop(tmp_path, monkeypatch):
    """A copy of a table this podium has not opened: its config is read from the journal
    in the journal thread; the name typed meanwhile goes into the editor's name field."""
    j = journal_with(tmp_path / "j.db", (HOLDEM, []), (HALF, []))
    app = make_podium_app(j.open_table("Table 12"), cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hanging = Hanging(j, "session", monkeypatch)
        app.new_table(copy_of="Table 14")
        await while_hanging(pilot, hanging, *"T15")
        editor = app.screen
        assert isinstance(editor, TableEditor)
        assert editor.field("name").value == "T15"
    j.close()


async def test_the_correction_form_reads_the_tables_records_off_the_loop(tmp_path, monkeypatch):
    """The hand picked (Ctrl+Y, 2): the form opens once the table's records are read, in the
    journal thread; the line edited meanwhile is the form's (never the podium's entry)."""
    j = journal_with(tmp_path / "j.db", (HOLDEM, [hand(3), hand(4), hand(1)]))
    s = j.open_table("Table 12")
    app = make_podium_app(s, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+y")
        await settle(pilot)
        hanging = Hanging(s, "history", monkeypatch)
        send_keys(app, "2")  # the hand before the last: seat 4's
        await while_hanging(pilot, hanging, "backspace", "7")
        form = app.screen
        assert isinstance(form, CorrectModal) and form.original == 2
        assert form.query_one("#fix-line", Input).value == "7"  # typed while it was read
        send_keys(app, "enter")
        await settle(pilot)
        assert s.records(len(s) - 1, len(s))[0].type == "correct"
    j.close()


class Away:
    """The journal's reads fail as a server away fails them, while ``on``."""

    def __init__(self, journal, monkeypatch) -> None:
        from floorkill.store.errors import JournalUnavailable

        self.on = False
        real = journal._read

        def read():
            if self.on:
                raise JournalUnavailable("postgresql://room: the journal server is unreachable")
            return real()

        monkeypatch.setattr(journal, "_read", read)


async def test_every_screen_key_and_f3_during_an_outage_keep_the_podium(tmp_path, monkeypatch):
    """With the journal away, each key that opens a screen on the journal's rows (F9,
    Ctrl+G, Ctrl+O, F10, F12, Ctrl+Z, Ctrl+Y, the seats' p, a copy of a table not open)
    either opens it with what it could read or says the journal cannot be read; F3 says
    the podium in the next language without reading the journal (it read the table's last
    record again, and with the journal away closed the podium) — and the podium goes on:
    the entry still takes a hand's line (the podium closed on the first)."""
    from floorkill.ui.widgets.rules_panel import RulesPanel

    quit_ = {"type": "quit", "seat": 3, "posts_kill": False}
    j = journal_with(tmp_path / "j.db", (HOLDEM, [*KILLED, quit_]), (HALF, []))
    app = make_podium_app(j.open_table("Table 12"), cursor_blink=False)
    away = Away(j, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.follow_timer.pause()  # (the follow worker's own failures are logged, not shown)
        away.on = True
        for keys in (["f9"], ["ctrl+g"], ["ctrl+o"], ["f10"], ["f12"], ["ctrl+z"], ["ctrl+y"]):
            await pilot.press(*keys)
            await settle(pilot)
            if app.screen is not app.podium:
                await pilot.press("escape")
                await settle(pilot)
            assert app.screen is app.podium, keys
        await pilot.press("f6", "p")
        await settle(pilot)
        assert app.screen is app.podium
        app.new_table(copy_of="Table 14")
        await settle(pilot)
        said = [n.message for n in textual_private.notices(app)]
        assert any("the journal cannot be read just now" in m for m in said), said
        await pilot.press("f3")
        await settle(pilot)
        assert app.lang != "en" and app.screen is app.podium
        assert app.table_view.record is not None and app.table_view.record.seq == 3
        assert app.podium.query_one(RulesPanel)._record.seq == 3
        await pilot.press("f5", "4")
        await settle(pilot)
        assert app.podium.query_one(HandEntry).input.value == "4"
    j.close()


async def test_the_history_scrolled_during_an_outage_keeps_the_podium(tmp_path, monkeypatch):
    """F7, then scrolling into records not read yet while the journal is away: their lines
    stay blank (the podium closed with a traceback on the first), the entry still takes a
    line, and once the journal is back the lines are drawn."""
    import floorkill.ui.widgets.history_view as history_view
    from floorkill.ui.widgets.history_view import HistoryView

    monkeypatch.setattr(history_view, "RETRY", 0.1, raising=False)
    j = journal_with(tmp_path / "j.db", (HOLDEM, [hand((1, 3, 4)[i % 3]) for i in range(300)]))
    app = make_podium_app(j.open_table("Table 12"), cursor_blink=False)
    away = Away(j, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.follow_timer.pause()
        away.on = True
        await pilot.press("f7", "home", *["pagedown"] * 15)  # record 151: page 3, not read
        await settle(pilot)
        history = app.query_one(HistoryView)
        assert history.cursor == 150 and history.record(150) is None
        await pilot.press("f5", "4")
        await settle(pilot)
        assert app.podium.query_one(HandEntry).input.value == "4"
        away.on = False
        for _ in range(200):  # RETRY (0.1 s) passes, the page is asked again (a hang guard)
            if history.record(150) is not None:
                break
            await asyncio.sleep(0.05)
            await settle(pilot)
        assert history.record(150) is not None and history.record(150).seq == 151
    j.close()


async def test_a_history_page_is_read_off_the_loop(tmp_path, monkeypatch):
    """A page of the history not read yet is read in the journal thread: while the journal
    does not answer the screen goes on (a timer ticks), then the page is drawn."""
    from floorkill.ui.widgets.history_view import HistoryView

    j = journal_with(tmp_path / "j.db", (HOLDEM, [hand((1, 3, 4)[i % 3]) for i in range(300)]))
    s = j.open_table("Table 12")
    app = make_podium_app(s, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.follow_timer.pause()
        await pilot.press("f7")
        await settle(pilot)
        hanging = Hanging(s, "records", monkeypatch)
        send_keys(app, "home", *["pagedown"] * 15)
        await while_hanging(pilot, hanging)
        history = app.query_one(HistoryView)
        assert history.cursor == 150 and history.record(150).seq == 151
        assert any("151" in history.render_line(y).text for y in range(history.size.height))
    j.close()


def _opened_on_a_file_set_up_otherwise(tmp_path):
    """(session, notices, close): the podium's table opened from a copy of a sample set up
    otherwise than the journal's table of that name (the config-diff question asks)."""
    from pathlib import Path

    from floorkill.ui.podium import open_session

    sample = Path(__file__).resolve().parents[2] / "sample_tables" / "holdem-4-8-half-two-pots.toml"
    copy = tmp_path / "copy.toml"
    copy.write_text(
        sample.read_text(encoding="utf-8").replace("bets = [4, 8]", "bets = [5, 10]"),
        encoding="utf-8",
    )
    journal = tmp_path / "j.db"
    open_session(sample, journal, "Flo")[2]()
    return open_session(copy, journal, "Flo")


async def test_the_config_diff_question_reads_the_table_names_off_the_loop(tmp_path, monkeypatch):
    """The podium opens on a file set up unlike the journal's table: the journal's table
    names (the new table's name must be free) are read in the journal thread before the
    question opens; the k typed meanwhile answers it (keep the journal's table)."""
    from floorkill.ui.screens.config_diff import ConfigDiffModal

    session, notices, close = _opened_on_a_file_set_up_otherwise(tmp_path)
    try:
        app = make_podium_app(session, notices=notices, cursor_blink=False)
        hanging = Hanging(session.journal, "table_names", monkeypatch)
        ticks: list[int] = []

        async def meanwhile() -> None:
            """While the names are read (before the app is ready: Pilot waits for it), the
            event loop runs, and a k is typed as a terminal sends it; then they are given."""
            while not hanging.entered.is_set():
                await asyncio.sleep(0.02)
            send_keys(app, "k")
            for _ in range(15):
                await asyncio.sleep(0.02)
                ticks.append(1)
            hanging.release()

        typing = asyncio.ensure_future(meanwhile())
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert ticks and not hanging.gave_up, "the event loop was held by the read"
            assert not isinstance(app.screen, ConfigDiffModal)  # the k kept the journal's
            assert app.screen is app.podium and app.session.config.bets == (400, 800)
            assert app.podium.query_one(HandEntry).input.value == ""
        await typing
    finally:
        close()


async def test_the_config_diff_question_with_the_journal_away_is_asked_and_says_so(
    tmp_path, monkeypatch
):
    """The journal's reads fail as the podium opens on that file: the question is asked
    all the same (the podium closed with a traceback), with the table names known here and
    a line, in the screen's language, saying the journal's could not be read; a new table
    then refused by the journal is said, and the podium goes on."""
    from floorkill.ui.screens.config_diff import ConfigDiffModal

    session, notices, close = _opened_on_a_file_set_up_otherwise(tmp_path)
    try:
        app = make_podium_app(session, notices=notices, lang="ru", cursor_blink=False)
        Away(session.journal, monkeypatch).on = True
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            modal = app.screen
            assert isinstance(modal, ConfigDiffModal)
            error = str(modal.query_one("#cd-error").render())
            assert "столы журнала сейчас не читаются" in error
            await pilot.press("k")
            await settle(pilot)
            assert app.screen is app.podium
            await pilot.press("f5", "4")
            await settle(pilot)
            assert app.podium.query_one(HandEntry).input.value == "4"
    finally:
        close()


async def test_another_podiums_hand_is_shown_with_its_record_read_off_the_loop(
    tmp_path, monkeypatch
):
    """Another podium enters a hand: the follow tick catches the table up in its worker, and
    the new last record (which the rules panel explains) is read in the journal thread —
    while the journal does not give it the screen goes on with the new state; then the
    panel explains it."""
    from floorkill.store.journal import Journal
    from floorkill.ui.widgets.rules_panel import RulesPanel

    j = journal_with(tmp_path / "j.db", (HOLDEM, [hand(3)]))
    s = j.open_table("Table 12")
    app = make_podium_app(s, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hanging = Hanging(s, "records", monkeypatch)
        with Journal(tmp_path / "j.db", "Other") as other:
            other.open_table("Table 12").append(hand(4))
        await while_hanging(pilot, hanging)
        assert s.state.hands == 2 and app.table_view.state is s.state
        assert app.podium.query_one(RulesPanel)._record.seq == 2
    j.close()


async def test_the_pay_form_opens_the_table_where_the_kill_is_owed_off_the_loop(
    tmp_path, monkeypatch
):
    """The seats' p at Table 14, Cy owing his kill at Table 12 (not open on this podium):
    that table is opened in the journal thread before the form, whose preview then reads
    nothing; ⏎ pays it there."""
    from floorkill.ui.screens.seat_forms import PayKillModal

    j = journal_with(tmp_path / "j.db", (HOLDEM, [*KILLED, QUIT]), (HALF, []))
    app = make_podium_app(j.open_table("Table 14"), cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.follow_timer.pause()
        hanging = Hanging(j, "session", monkeypatch)
        send_keys(app, "f6", "p")
        await while_hanging(pilot, hanging)
        modal = app.screen
        assert isinstance(modal, PayKillModal)
        assert modal.shown is not None  # the preview, worked out at Table 12
        send_keys(app, "enter")
        await settle(pilot)
        owed_at = app.tables.get("Table 12")
        assert owed_at.records(len(owed_at) - 1, len(owed_at))[0].type == "pay_kill"
    j.close()


async def test_the_same_game_ruling_reads_the_other_table_off_the_loop(tmp_path, monkeypatch):
    """F10, 3 (the same game?) at Table 12, Table 14 not open on this podium: its set-up is
    read in the journal thread (the screen goes on meanwhile and says it is reading), then
    the ruling is shown; with the journal away the ruling says so and the screen stays."""
    from floorkill.ui.screens.rulings_screen import RulingsScreen

    j = journal_with(tmp_path / "j.db", (HOLDEM, []), (HALF, []), (STUD, []))
    app = make_podium_app(j.open_table("Table 12"), cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.follow_timer.pause()
        await pilot.press("f10")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, RulingsScreen)
        hanging = Hanging(j, "session", monkeypatch)
        send_keys(app, "3")
        await while_hanging(pilot, hanging)
        assert screen.situation == "same-game" and screen.other == "Table 14"
        assert screen.decisions and ("b", "Table 14") in screen.decisions[0].params
        hanging.on = False
        away = Away(j, monkeypatch)
        away.on = True
        from floorkill.ui.widgets.choice_line import ChoiceLine

        screen.query_one("#rl-param", ChoiceLine).value = "Table 3"
        await settle(pilot)
        assert screen.other == "Table 3" and not screen.decisions
        assert "the journal cannot be read just now" in screen.text
        assert app.screen is screen
        away.on = False
        await pilot.press("3")  # the same key again
        await settle(pilot)
        assert screen.decisions and ("b", "Table 3") in screen.decisions[0].params
    j.close()


async def test_a_table_just_made_in_the_real_journal_is_shown_after_its_room_is_read_off_the_loop(
    tmp_path, monkeypatch
):
    """The demo's podium makes a table in the real journal and switches to it: its state
    is the room it stands in, read from the real journal for the first time — in the
    journal work; the keys typed meanwhile go to it."""
    from floorkill.rules import load_table_text
    from floorkill.ui.podium.opening import open_podium

    monkeypatch.setenv("FLOORKILL_DEMO_JOURNAL", str(tmp_path / "demo.db"))
    opening = open_podium(None, tmp_path / "real.db", None)
    try:
        app = make_podium_app(opening.session, notices=opening.notices, journal=opening.journal)
        app.demo_of = opening.demo_of
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            created = app.tables.create(load_table_text(HOLDEM), HOLDEM)
            hanging = Hanging(created.journal, "room", monkeypatch)
            app.switch_table(created.name)
            await while_hanging(pilot, hanging, "3")
            assert app.session is created and "DEMO" not in app.title
            assert app.podium.query_one(HandEntry).input.value == "3"  # typed meanwhile
    finally:
        opening.closer()

"""Read-only by construction: no binding, no action, no palette, no file, names as text,
and 300 mashed keys plus clicks change nothing (the journal's bytes included)."""

from __future__ import annotations

import ast
import random
import sqlite3
import string
from dataclasses import replace
from pathlib import Path

import pytest
from bshelp import HOSTILE, HOSTILE_LEG, KILL_POT, digest, make_journal, text_of
from termhelp import click, click_events
from textual.events import Key, MouseDown
from textual_private import bindings_of, key_event

from floorkill.rules.state import Player
from floorkill.store.readonly import ReadOnlyJournal
from floorkill.ui.big_screen import terminal as big_screen
from floorkill.ui.big_screen.terminal import (
    BigScreenApp,
    BigScreenScreen,
    BigSeating,
    Follower,
    Picture,
    TableView,
    banner_parts,
    make_big_screen_app,
)

CONTROL_KEYS = [
    "ctrl+c",
    "ctrl+q",
    "ctrl+p",
    "ctrl+s",
    "ctrl+z",
    "ctrl+d",
    "ctrl+l",
    "ctrl+w",
    "ctrl+x",
    "ctrl+v",
    "ctrl+a",
    "ctrl+e",
    "ctrl+backslash",
    "escape",
    "tab",
    "shift+tab",
    "enter",
    "backspace",
    "delete",
    "insert",
    "up",
    "down",
    "left",
    "right",
    "home",
    "end",
    "pageup",
    "pagedown",
    "space",
] + [f"f{i}" for i in range(1, 13)]
PRINTABLE = list(string.ascii_letters + string.digits + "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
WRITE_ACTIONS = [
    "quit",
    "app.quit",
    "screenshot",
    "app.screenshot",
    "command_palette",
    "suspend_process",
    "change_theme",
    "toggle_dark",
    "help_quit",
    "show_help_panel",
    "screen.copy_text",
    "focus_next",
    "push_screen('x')",
    "bell",
    "notify('x')",
    "simulate_key('ctrl+q')",
]


class CountingApp(BigScreenApp):
    """The big screen, counting the keys it received (Textual also runs the base handler)."""

    keys_seen = 0
    presses_seen = 0  # mouse buttons pressed, as the terminal sent them
    clicks_seen = 0  # the clicks Textual made of them that bubbled up to the app

    def on_key(self, event: Key) -> None:
        self.keys_seen += 1

    async def on_event(self, event) -> None:
        if isinstance(event, MouseDown) and not event.is_forwarded:
            self.presses_seen += 1
        await super().on_event(event)

    def on_click(self, event) -> None:
        self.clicks_seen += 1


async def test_key_mashing_and_clicks_on_a_hostile_name_change_nothing(tmp_path, monkeypatch):
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    path = tmp_path / "journal.db"
    podium, session = make_journal(path, HOSTILE_LEG, keep_open=True)  # the podium is open
    try:
        before = digest(path)
        assert before["journal.db-wal"] is not None
        app = CountingApp(Follower(path, "Table 12"))
        async with app.run_test(size=(100, 30)) as pilot:
            assert text_of(app, "#banner") == f"LEG UP — Seat 2 {HOSTILE}"
            assert HOSTILE in text_of(app, "#last")
            rng = random.Random(20240607)
            keys = PRINTABLE + CONTROL_KEYS * 3
            pressed = []
            # keys and clicks as a terminal sends them: posted as the driver posts them,
            # without waiting for the app between them (a masher does not wait either)
            send = app.post_message
            for i in range(300):
                key = rng.choice(keys)
                pressed.append(key)
                send(key_event(key))
                if i % 6 == 5:
                    for e in click_events(rng.randrange(100), rng.randrange(30)):
                        send(e)
            await pilot.pause()
            assert app.keys_seen == 300
            banner = app.query_one("#banner").region
            for x in range(banner.x, banner.right, 2):  # across the name
                for e in click_events(x, banner.y + 1):
                    send(e)
            seating = app.query_one(BigSeating)
            sx, sy, w, _h = seating.seat_box(2)
            for dx in range(0, w, 2):  # double clicks
                click(app, seating, (sx + dx, sy), times=2)
            await pilot.pause()
            assert app.presses_seen == 50 + len(range(banner.x, banner.right, 2)) + 2 * len(
                range(0, w, 2)
            )
            assert app.clicks_seen > 0
            assert {"ctrl+q", "ctrl+c", "ctrl+p", "ctrl+s", "escape", "tab", "enter", "f1"} <= set(
                pressed
            )
            assert app.is_running and app.return_code is None
            assert len(app.screen_stack) == 1 and isinstance(app.screen, BigScreenScreen)
            assert app.screen.focused is None
            assert text_of(app, "#banner") == f"LEG UP — Seat 2 {HOSTILE}"
            assert digest(path) == before  # while it runs
        assert digest(path) == before  # and after it closed
        assert list(cwd.iterdir()) == []  # no screenshot, no file
        assert session.state.hands == 2
    finally:
        podium.close()


def test_read_only_construction():
    assert BigScreenApp.ENABLE_COMMAND_PALETTE is False
    app = make_big_screen_app("/nonexistent/journal.db")
    assert [b for _k, b in bindings_of(app)] == []  # no ctrl+q, no ctrl+c
    screen = app.get_default_screen()
    assert [b for _k, b in bindings_of(screen)] == []  # no tab, no ctrl+c copy
    assert [b for _k, b in bindings_of(BigSeating())] == []  # no cursor, no choose
    assert not BigSeating.can_focus and not BigScreenApp.ALLOW_SELECT
    assert app.check_action("quit", ()) is False and screen.check_action("dismiss", ()) is False


async def test_every_action_is_refused_and_files_are_never_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "journal.db"
    make_journal(path, KILL_POT)
    app = make_big_screen_app(path, "Table 12")
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.screen.active_bindings == {}
        for action in WRITE_ACTIONS:
            assert await app.run_action(action) is False, action
        app.action_screenshot()
        app.deliver_screenshot()
        app.deliver_text(__import__("io").StringIO("x"), save_filename="x.txt")
        app.copy_to_clipboard("x")
        with pytest.raises(PermissionError):
            app.save_screenshot()
        await pilot.pause()
        assert app.is_running
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("journal.db")) == []


async def test_the_journal_is_opened_read_only(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path, KILL_POT)
    app = make_big_screen_app(path, "Table 12")
    async with app.run_test(size=(100, 30)):
        ro = app.follower._ro
        assert isinstance(ro, ReadOnlyJournal)
        with pytest.raises(sqlite3.DatabaseError):
            ro._conn.execute("DELETE FROM events")
        with pytest.raises(sqlite3.DatabaseError):
            ro._conn.execute(f"ATTACH DATABASE '{path}' AS w")


def test_big_screen_modules_import_no_writer():
    pkg = Path(big_screen.__file__).parents[2]
    for name in (
        "ui/big_screen/terminal.py",
        "display/follow.py",
        "display/view.py",
        "web/server.py",
        "web/guard.py",
    ):
        tree = ast.parse((pkg / name).read_text(encoding="utf-8"))
        imported = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                imported.add(node.module or "")
                imported.update(f"{node.module}.{a.name}" for a in node.names)
            elif isinstance(node, ast.Import):
                imported.update(a.name for a in node.names)
        assert not any(
            "store.journal" in m
            or m == "sqlite3"
            or m.endswith(".Journal")
            or "podium" in m
            or "hand_entry" in m
            for m in imported
        ), (name, imported)


async def test_quit_takes_the_typed_word_not_a_key(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path)
    app = make_big_screen_app(path, "Table 12")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(
            "ctrl+q",
            "ctrl+c",
            "escape",
            "q",
            "enter",
            "q",
            "u",
            "i",
            "x",
            "t",
            "enter",
            "q",
            "u",
            "i",
            "t",
            "tab",
            "enter",
        )
        await pilot.pause()
        assert app.is_running
        await pilot.press("Q", "u", "i", "t", "enter")
        await pilot.pause()
        assert not app.is_running and app.return_code == 0


async def test_control_characters_in_a_name_never_reach_the_terminal(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path, KILL_POT)
    app = make_big_screen_app(path, "Table 12")
    async with app.run_test(size=(100, 30)) as pilot:
        view = app.shown
        assert view is not None
        bad = "Cy\x1b[2J\u202e"
        players = tuple(
            replace(p, name=bad) if p is not None and p.name == "Cy" else p
            for p in view.state.players
        )
        state = replace(view.state, players=players, button=replace(view.state.button, player=bad))
        app.show_picture(Picture(tables=(TableView(view.name, state, view.seq, view.last),)))
        await pilot.pause()
        kind, text = banner_parts(state)
        assert kind == "kill" and "\x1b" not in text and "\u202e" not in text
        assert text_of(app, "#banner") == "KILL POT — Seat 3 Cy\ufffd[2J\ufffd — $20-$40"
        diagram = app.query_one(BigSeating).render_text().plain
        assert "\x1b" not in diagram and "Cy\ufffd[2J" in diagram
        svg = app.export_screenshot()
        assert "\x1b" not in svg and "\u202e" not in svg
        assert isinstance(state.players[2], Player)

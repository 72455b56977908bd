"""The podium records what the floorperson meant (docs/podium.md, "What Enter records"):
keys sent as a terminal sends them (one burst), answers that mean one thing, both
keyboard layouts, amounts as people write them, and a preview of what Enter records."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from rich.text import Text
from termhelp import send_keys
from uihelp import HOLDEM, OMAHA8, hand, session

from floorkill.floor.typed_entry import EntryError, parse_entry
from floorkill.rules.money import parse_amount
from floorkill.ui.podium import make_podium_app
from floorkill.ui.widgets.hand_entry import HandEntry

SIZE = (120, 40)
ROOT = Path(__file__).resolve().parents[2]
OMAHA8_SEAT_1 = OMAHA8 + '\n[[players]]\nseat = 1\nname = "Al"\n'


async def settle(pilot) -> None:
    """Until every key sent has been handled (the gate holds none), then a pause."""
    app = pilot.app
    for _ in range(400):
        await pilot.pause()
        if app.key_gate.held == 0 and not app.key_gate._busy:
            break
        await asyncio.sleep(0.01)
    await pilot.pause()


def events(s) -> list[dict]:
    return [r.event for r in s.records(0, len(s))]


async def burst(s, *keys: str, table_events=(), lang: str = "en", text: str = HOLDEM):
    sess = s if s is not None else session(text, table_events)
    app = make_podium_app(sess, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        send_keys(app, *keys)
        await settle(pilot)
        entry = app.podium.query_one(HandEntry)
        return sess, app, entry.input.value, entry.message


# -- answers mean one thing -------------------------------------------------------------


async def test_a_digit_answers_the_second_leg_as_an_amount_never_yes():
    """rrop-13.3: "1" in the second-leg question is $1 beyond the blinds (no kill), not yes."""
    s, *_ = await burst(None, "3", "enter", "1", "enter", table_events=[hand(3)])
    assert events(s)[-1] == {"type": "hand", "winner": 3, "won_beyond_blinds": 1}
    assert not s.state.button.killed


async def test_a_digit_answers_the_low_question_as_the_low_seat_never_a_scoop():
    """house-scoop: after h3, "1" is seat 1's low, not "yes, a scoop"."""
    s, *_ = await burst(None, "h", "3", "enter", "1", "enter", text=OMAHA8_SEAT_1)
    assert events(s)[-1] == {"type": "hand", "high": [3], "low": [1]}


async def test_russian_layout_y_key_is_yes_in_the_second_leg_question():
    """The Y key on a Russian layout types «н»: read by its place, yes (a kill)."""
    for lang in ("en", "ru"):
        s, *_ = await burst(None, "3", "enter", "н", "enter", table_events=[hand(3)], lang=lang)
        assert events(s)[-1] == {"type": "hand", "winner": 3, "qualifies": True}, lang
        assert s.state.button.killed


async def test_russian_layout_seat_key_opens_the_join_form():
    """F6 and the J key on a Russian layout («о») open the join form, as «j» does."""
    s, *_ = await burst(None, "f6", "5", "о", *"Dana", "enter")
    assert events(s)[-1] == {"type": "join", "seat": 5, "name": "Dana"}


async def test_russian_layout_hilo_letters_by_key():
    """«р3 д5» is h3 l5 typed with the Russian layout on."""
    s, *_ = await burst(None, "р", "3", "space", "д", "5", "enter", text=OMAHA8)
    assert events(s)[-1] == {"type": "hand", "high": [3], "low": [5]}


# -- amounts and seats ------------------------------------------------------------------


async def test_amounts_as_people_write_them():
    """Each written form with a hand, in one burst (seats 3 and 4 by turns)."""
    forms = ((3, "$1,000", 100000), (4, "$1 000", 100000), (3, "$4,50", 450))
    s, *_ = await burst(
        None, *[k for seat, typed, _ in forms for k in (str(seat), "space", *typed, "enter")]
    )
    stored = events(s)
    assert len(stored) == len(forms), stored
    for (seat, typed, cents), ev in zip(forms, stored, strict=True):
        assert parse_amount(ev.pop("pot")) == cents and ev == hand(seat), typed


async def test_an_amount_that_is_not_one_is_refused_and_kept():
    for typed in ("3 $1e9", "3 $1,0000"):
        s, app, value, message = await burst(None, *typed, "enter")
        assert events(s) == [], typed
        assert value == typed and message.startswith("✗"), (typed, message)


async def test_other_scripts_digits_are_not_a_seat():
    for typed in ("٣", "３"):
        s, app, value, message = await burst(None, *typed, "enter")
        assert events(s) == [], repr(typed)
    for pasted in ("\u202e3", "٣"):
        with pytest.raises(EntryError):
            parse_entry(pasted)


# -- no key lost, no key misplaced ------------------------------------------------------


async def test_hands_typed_in_one_burst_are_each_recorded():
    s, *_ = await burst(None, "1", "enter", "4", "enter", "7", "enter")
    assert events(s) == [hand(1), hand(4), hand(7)]


async def test_join_form_typed_in_one_burst_takes_every_letter():
    """F6 5 j and the name at once: the letters are the name, never seat keys."""
    s, *_ = await burst(None, "f6", "5", "j", *"Dana White", "enter")
    assert events(s) == [{"type": "join", "seat": 5, "name": "Dana White"}]


# -- see before you record --------------------------------------------------------------


async def test_the_preview_shows_what_enter_records_before_it_is_pressed():
    s = session(HOLDEM, [hand(3)])
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        entry = app.podium.query_one(HandEntry)
        send_keys(app, "3")
        await settle(pilot)
        assert entry.message.startswith("⏎ asks:"), entry.message
        send_keys(app, "enter", "1")
        await settle(pilot)
        shown = entry.preview
        assert shown is not None and shown.records
        assert "⏎ records:" in entry.message and "$1" in entry.message, entry.message
        assert "no kill" in entry.message
        send_keys(app, "enter")
        await settle(pilot)
        assert events(s)[-1] == dict(shown.raw)


async def test_the_preview_in_russian():
    s = session(HOLDEM, [hand(3)])
    app = make_podium_app(s, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        entry = app.podium.query_one(HandEntry)
        send_keys(app, "3", "enter", "н")
        await settle(pilot)
        assert "⏎ запишет:" in entry.message, entry.message
        assert "вторая нога засчитана" in entry.message, entry.message


async def test_a_pot_far_beyond_the_stakes_is_asked_once_before_it_is_recorded():
    """$14,000 at $10-$20 (700 big bets): the first Enter asks, the second records."""
    s = session(HOLDEM)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        entry = app.podium.query_one(HandEntry)
        send_keys(app, *"3 $14000", "enter")
        await settle(pilot)
        assert len(s) == 0 and "700 big bets" in entry.message, entry.message
        send_keys(app, "enter")
        await settle(pilot)
        assert events(s) == [{"type": "hand", "winner": 3, "pot": 14000}]
        send_keys(app, *"4 $140", "enter")  # within the stakes: one Enter
        await settle(pilot)
        assert len(s) == 2


async def test_question_mark_lists_every_key_in_the_language_on_screen():
    s = session(HOLDEM)
    app = make_podium_app(s, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        send_keys(app, "question_mark")
        await settle(pilot)
        assert app.screen.query("HelpPanel")
        entry = app.podium.query_one(HandEntry)
        assert entry.input.value == ""  # "?" is the key list, never typed in the line
        send_keys(app, "question_mark")
        await settle(pilot)
        assert not app.screen.query("HelpPanel")


async def test_the_reading_of_an_answer_fits_at_80_columns_in_russian():
    """The decision is the end of the preview line: it must be on screen at 80x24."""
    s = session(HOLDEM, [hand(3)])
    app = make_podium_app(s, lang="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        send_keys(app, "3", "enter", "т")
        await settle(pilot)
        entry = app.podium.query_one(HandEntry)
        message = entry.query_one("#entry-message")
        lines = Text(entry.message).wrap(app.console, message.content_region.width)
        assert len(lines) <= 3, entry.message
        assert (
            entry.message.startswith("⏎ запишет:") and "вторая нога не засчитана" in entry.message
        )


def test_joker_1_the_joker_is_on_the_status_line_and_the_big_screen():
    from floorkill.display.words import game_text, headline
    from floorkill.rules import load_table_text

    joker = (ROOT / "sample_tables/draw-high-5-10-joker.toml").read_text(encoding="utf-8")
    s = session(joker)
    assert "with the joker" in game_text(s.state.config, "en")
    assert "с джокером" in headline(s.state, "ru")[1]
    assert "joker" not in game_text(load_table_text(HOLDEM).config, "en")


SIDE_SCREENS = {
    "tables": ["f9"],
    "rulings": ["f10"],
    "placard": ["f11"],
    "dispute": ["f12"],
    "players": ["ctrl+o"],
    "all tables": ["ctrl+g"],
    "keys": ["question_mark"],
    "showdown": ["f2"],
    "undo": ["ctrl+z"],
    "correct": ["ctrl+y"],
    "history": ["f7"],
    "panel": ["f4"],
    "seats": ["f6"],
    "commands": ["ctrl+p"],
}


async def test_after_any_side_screen_and_escape_the_next_enter_records():
    """3⏎, then each side screen or view in turn, Esc and a seat⏎, all in one burst: a
    hand for that seat after every one (seats 4 and 3 by turns: no second-leg question).
    After F6 the seat cursor never takes the Enter."""
    keys, want = ["3", "enter"], [hand(3)]
    for i, screen_keys in enumerate(SIDE_SCREENS.values()):
        seat = (4, 3)[i % 2]
        keys += [*screen_keys, "escape", str(seat), "enter"]
        want.append(hand(seat))
    s, app, line, _ = await burst(None, *keys)
    got = events(s)
    for i, name in enumerate(SIDE_SCREENS):
        assert got[i + 1 : i + 2] == want[i + 1 : i + 2], (name, got, app.screen, line)
    assert got == want

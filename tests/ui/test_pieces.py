"""The podium's pure pieces: entry syntax, questions, seat geometry, opening a session."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from uihelp import HOLDEM, OMAHA8, hand, session

from floorkill.floor.typed_entry import EntryError, answer, parse_entry
from floorkill.rules.questions import needs
from floorkill.ui.podium import memory_session, open_session
from floorkill.ui.widgets.seating import geometry


@pytest.mark.parametrize(
    "text,raw",
    [
        ("3", {"type": "hand", "winner": 3}),
        (" 3 5 ", {"type": "hand", "winners": [3, 5]}),
        ("3,5", {"type": "hand", "winners": [3, 5]}),
        ("h3 l5", {"type": "hand", "high": [3], "low": [5]}),
        ("h3,4 l5", {"type": "hand", "high": [3, 4], "low": [5]}),
        ("h 3 l 5 6", {"type": "hand", "high": [3], "low": [5, 6]}),
        ("h3 l-", {"type": "hand", "high": [3], "low": []}),
        ("h3", {"type": "hand", "high": [3]}),  # the low unsaid: the rules ask
        ("3 $140", {"type": "hand", "winner": 3, "pot": "140.00"}),
        ("3 p4.50", {"type": "hand", "winner": 3, "pot": "4.50"}),
    ],
)
def test_entry_syntax(text, raw):
    assert parse_entry(text) == raw


@pytest.mark.parametrize("text", ["", "x", "3 h4", "l5", "3 $1.234", "3 $5 $6", "h3 l- 5"])
def test_entry_syntax_errors(text):
    with pytest.raises(EntryError):
        parse_entry(text)


def first_asked(state, raw):
    return next((q for q in needs(state, raw) if q.ask), None)


def test_pot_answer_is_read_as_an_amount():
    st = session(OMAHA8).state
    q = first_asked(st, {"type": "hand", "high": [3], "low": []})
    assert q.kind == "pot"
    assert answer(q, "$140", {"type": "hand", "winner": 3})["pot"] == 140
    with pytest.raises(EntryError):
        answer(q, "y", {})


def test_second_leg_answer_is_yes_no_or_the_amount_won_beyond_the_blinds():
    st = session(events=[hand(3)]).state
    q = first_asked(st, {"type": "hand", "winner": 3})
    assert q.kind == "qualifies"
    assert answer(q, "y", {})["qualifies"] is True
    assert answer(q, "нет", {})["qualifies"] is False
    assert answer(q, "12.50", {})["won_beyond_blinds"] == "12.50"
    with pytest.raises(EntryError):
        answer(q, "maybe", {})


def test_kill_not_posted_is_typed_on_the_line():
    assert parse_entry("4 k-") == {"type": "hand", "winner": 4, "kill_posted": False}


@pytest.mark.parametrize("seats", range(2, 11))
@pytest.mark.parametrize("size", [(44, 18), (48, 14), (68, 34), (120, 50), (200, 60), (30, 9)])
def test_seat_labels_never_overlap_each_other_or_the_table(seats, size):
    g = geometry(seats, *size)
    cells: set[tuple[int, int]] = set()
    for seat, (x, y) in g.boxes.items():
        h = 1 if g.compact else 3
        assert 0 <= x and x + g.label_width <= size[0] or g.compact
        assert 0 <= y and y + h <= size[1]
        box = {(x + i, y + j) for i in range(g.label_width) for j in range(h)}
        assert not cells & box, f"seat {seat} overlaps another seat"
        cells |= box
        assert not any(g.inside_table(cx, cy) for cx, cy in box)


def test_open_session_creates_the_table_in_the_journal_and_reopens_it(tmp_path):
    table = tmp_path / "t.toml"
    table.write_text(
        HOLDEM + '\n[[events]]\ntype = "hand"\nwinner = 3\n[[events]]\ntype = "hand"\nwinner = 2\n',
        encoding="utf-8",
    )
    journal = tmp_path / "j.db"
    s, notices, close = open_session(table, journal, "Flo")
    try:
        assert len(s) == 0  # all of the file's events or none
        assert len(notices) == 1 and "event 2 (hand) refused" in notices[0]
        assert "None of the file's 2 new events were loaded" in notices[0]
        s.append({"type": "hand", "winner": 3})
        s.append({"type": "hand", "winner": 4})
    finally:
        if close:
            close()
    s2, notices2, close2 = open_session(None, journal, "Flo")  # no argument: first table
    try:
        assert s2.name == "Table 12" and len(s2) == 2 and s2.state.button.seat == 4
        assert notices2 == []
    finally:
        if close2:
            close2()


def test_open_session_without_a_table_uses_the_built_in_sample(tmp_path):
    s, _notices, close = open_session(None, tmp_path / "new.db", None)
    try:
        assert len(s.state.occupied) >= 2
    finally:
        if close:
            close()
    assert not Path(os.environ["FLOORKILL_JOURNAL"]).exists()


def test_memory_session_loads_a_table_file(tmp_path):
    table = tmp_path / "t.toml"
    table.write_text(HOLDEM + '\n[[events]]\ntype = "hand"\nwinner = 3\n', encoding="utf-8")
    s, notices = memory_session(table, "Flo")
    assert len(s) == 1 and notices == []

"""A table's life cycle: close_table / reopen_table are events like any other (nothing is
deleted), a closed table refuses hands with a clear reason, and the kill button is kept."""

from __future__ import annotations

import pytest
from helpers import assert_button, assert_killed_by, hand, run, start

from floorkill.rules import Refusal, apply
from floorkill.rules.events import parse_event
from floorkill.store.snapshot import state_from_dict, state_to_dict

CLOSE = {"type": "close_table"}
REOPEN = {"type": "reopen_table"}


def test_close_then_a_hand_is_refused_with_the_reason():
    st = run(start(), hand(2), CLOSE)
    assert st.closed
    with pytest.raises(Refusal) as exc:
        apply(st, hand(3))
    assert exc.value.key == "table-closed"
    assert "closed" in exc.value.text("en") and "reopen" in exc.value.text("en")
    assert "закрыт" in exc.value.text("ru")


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "join", "seat": 8, "name": "Hal"},
        {"type": "away", "seat": 2},
        {"type": "quit", "seat": 3},
        {"type": "stack", "seat": 1, "amount": 100},
        CLOSE,
    ],
)
def test_a_closed_table_refuses_every_other_event(raw):
    st = run(start(), CLOSE)
    with pytest.raises(Refusal):
        apply(st, raw)


def test_reopen_goes_on_where_it_stopped_rrop_13_1a():
    st = run(start(), hand(2), hand(2, qualifies=True), CLOSE)  # a kill is owed when it closes
    applied = apply(st, REOPEN)
    assert not applied.state.closed
    assert [d.code for d in applied.decisions] == ["table-reopened"]
    assert_killed_by(applied.state, 2)
    assert applied.state.hands == st.hands


def test_closing_says_what_the_kill_button_keeps():
    st = run(start(), hand(2))
    applied = apply(st, CLOSE)
    (d,) = applied.decisions
    assert d.code == "table-closed" and "keeps the leg" in d.text("en")
    assert_button(applied.state, "leg-up", 2)


def test_an_open_table_cannot_be_reopened():
    with pytest.raises(Refusal) as exc:
        apply(start(), REOPEN)
    assert exc.value.key == "table-open-already"


def test_events_round_trip_and_take_no_fields():
    assert parse_event(CLOSE, 9).to_dict() == CLOSE
    assert parse_event(REOPEN, 9).to_dict() == REOPEN
    with pytest.raises(Refusal):
        parse_event({"type": "close_table", "seat": 1}, 9)


def test_snapshot_of_an_open_table_has_no_closed_key_and_a_closed_one_round_trips():
    st = run(start(), hand(2))
    assert "closed" not in state_to_dict(st)  # old digests stay valid
    closed = run(st, CLOSE)
    assert state_from_dict(closed.config, state_to_dict(closed)) == closed

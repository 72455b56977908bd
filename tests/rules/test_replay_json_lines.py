"""`replay --json` lines (JsonLines, which encodes repeating parts once) are exactly
``json.dumps(step_json(step))``: the contract of docs/rules.md section 6, byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import table_doc
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorkill.rules import initial_state, load_table_file
from floorkill.rules.config import config_from_dict
from floorkill.rules.replay import JsonLines, iter_steps, step_json

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "sample_tables").glob("*.toml"))


def _lines_agree(table, events, lang: str) -> int:
    lines = JsonLines(lang)
    n = 0
    for step in iter_steps(initial_state(table.config, table.players), events):
        assert lines.line(step) == json.dumps(step_json(step, lang), ensure_ascii=False), step
        n += 1
    return n


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_json_lines_equal_step_json_on_every_sample(path, lang):
    table = load_table_file(path)
    assert _lines_agree(table, table.events, lang) == len(table.events)


SEATS = 6
seat = st.one_of(st.integers(1, SEATS), st.sampled_from([SEATS + 1, "²", None]))
seats = st.lists(st.integers(1, SEATS), min_size=1, max_size=3, unique=True)
names = st.sampled_from(["Ann", "Bob", "ann", "Zoë", "Гус", "x\u202ey"])
hand = st.one_of(
    st.fixed_dictionaries(
        {"type": st.just("hand"), "winner": seat},
        optional={
            "qualifies": st.booleans(),
            "kill_posted": st.booleans(),
            "flop": st.booleans(),
            "pot": st.sampled_from([20, 400]),
            "won_beyond_blinds": st.sampled_from([5, "12.50"]),
        },
    ),
    st.fixed_dictionaries({"type": st.just("hand"), "winners": seats}),
    st.fixed_dictionaries(
        {
            "type": st.just("hand"),
            "showdown": st.just({"board": "As Kd 7c 2h 3s", "hands": {"1": "Ah Ac", "2": "Kh Kc"}}),
        }
    ),
)
other = st.one_of(
    st.fixed_dictionaries(
        {
            "type": st.sampled_from(["away", "back", "quit", "underpost", "voluntary_kill"]),
            "seat": seat,
        },
        optional={"posts_kill": st.booleans()},
    ),
    st.fixed_dictionaries(
        {"type": st.just("join"), "seat": seat, "name": names},
        optional={"agrees_to_kill": st.booleans(), "stack": st.just(100)},
    ),
    st.fixed_dictionaries({"type": st.just("pay_kill"), "name": names}),
    st.fixed_dictionaries(
        {"type": st.just("stack"), "seat": seat, "amount": st.sampled_from([0, "12.25", -5])}
    ),
    st.fixed_dictionaries({"type": st.sampled_from(["close_table", "reopen_table", "x" * 50])}),
)
tables = st.sampled_from(
    [
        {},
        {"kind": "half"},
        {"missed_kill": "post-later", "new_player": "may-sit"},
        {"kind": "full", "triggers": ["two-pots", "big-pot"]},
        {"kind": "none", "triggers": None},
        {"voluntary": True, "killer_acts": "last"},
    ]
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kill=tables,
    events=st.lists(st.one_of(hand, hand, hand, other), max_size=60),
    lang=st.sampled_from(["en", "ru"]),
)
def test_json_lines_equal_step_json_on_random_sessions(kill, events, lang):
    table = config_from_dict(table_doc(seats=SEATS, **kill))
    _lines_agree(table, events, lang)

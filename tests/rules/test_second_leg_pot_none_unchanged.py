"""second_leg_pot = "none" changes nothing from today's decisions.

* hypothesis: on tables with random house options and random hand sequences (random
  winners, splits, flops, pots, money beyond the blinds, qualifying answers), a table
  that says ``second_leg_pot = "none"`` decides exactly as one that does not name the
  option, and — where no pot-size trigger is configured — the ``pot`` of a hand never
  changes a decision or a refusal (the pot is not consulted for the second leg);
* the shipped sample sessions rule exactly as they did before second_leg_pot existed
  (button and next hand after every event, recorded from the main branch at 39ba9ae in
  tests/fixtures/second_leg_pot_none/).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import table_doc
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorkill.rules import initial_state, load_table_file
from floorkill.rules.config import config_from_dict
from floorkill.rules.replay import replay, replay_events, step_json

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "second_leg_pot_none"

OPTIONS = st.fixed_dictionaries(
    {
        "second_leg_needs_flop": st.booleans(),
        "second_leg_minimum": st.sampled_from(["lower-bet", "upper-bet", "15"]),
        "split_with_leg": st.sampled_from(["keeps", "neutral"]),
        "split_by_killer": st.sampled_from(["kills-again", "neutral"]),
        "walk": st.sampled_from(["keeps", "neutral"]),
        "unqualified_second_win": st.sampled_from(["keeps-leg", "neutral"]),
        "kill_blind_is_blind_money": st.booleans(),
    }
)
TRIGGERS = st.sampled_from([("two-pots",), ("two-pots", "big-pot")])
AMOUNT = st.integers(min_value=1, max_value=300)


@st.composite
def hands(draw):
    ev: dict = {"type": "hand"}
    if draw(st.integers(0, 5)) == 0:
        ev["winners"] = draw(st.lists(st.integers(1, 4), min_size=2, max_size=3, unique=True))
    else:
        ev["winner"] = draw(st.integers(1, 4))
    if draw(st.booleans()):
        ev["pot"] = draw(AMOUNT)
    answer = draw(st.integers(0, 3))
    if answer == 1:
        ev["won_beyond_blinds"] = draw(st.integers(0, 40))
    elif answer == 2:
        ev["qualifies"] = draw(st.booleans())
    if draw(st.integers(0, 3)) == 0:
        ev["flop"] = False
    return ev


def _doc(options, triggers, **extra):
    return table_doc(
        "holdem",
        players=((1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Dee")),
        triggers=triggers,
        **options,
        **extra,
    )


def _ruled(doc, events):
    tf = config_from_dict(doc)
    steps = replay_events(initial_state(tf.config, tf.players), events)
    return [(s.decisions, s.state.button, s.refusal.key if s.refusal else None) for s in steps]


@settings(
    max_examples=60,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(OPTIONS, TRIGGERS, st.lists(hands(), min_size=1, max_size=14))
def test_house_natural_second_leg_pot_none_decides_as_today(options, triggers, events):
    today = _ruled(_doc(options, triggers), events)
    assert _ruled(_doc(options, triggers, second_leg_pot="none"), events) == today
    if triggers == ("two-pots",):
        potless = [{k: v for k, v in ev.items() if k != "pot"} for ev in events]
        assert _ruled(_doc(options, triggers, second_leg_pot="none"), potless) == today


def _outcome(obj: dict) -> dict:
    nxt = obj["next"]
    return {
        "event": obj["event"],
        "button": obj["button"],
        "refused": obj["error"] is not None,
        "next": {k: nxt[k] for k in ("killed", "killer", "kill_blind", "limits")},
    }


@pytest.mark.parametrize("fixture", sorted(FIXTURES.glob("*.jsonl")), ids=lambda p: p.stem)
def test_house_natural_sample_sessions_rule_as_before_second_leg_pot(fixture):
    table = load_table_file(ROOT / "sample_tables" / f"{fixture.stem}.toml")
    assert table.config.second_leg_pot is None
    before = [_outcome(json.loads(line)) for line in fixture.read_text().splitlines()]
    now = [_outcome(step_json(s)) for s in replay(table)]
    assert now == before

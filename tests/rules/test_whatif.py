"""What-if preview (rules/whatif.py): which hands of a recorded session the rules model
would decide differently under a changed option, and how."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import hand, make_table

from floorkill.rules import load_table_file
from floorkill.rules.config import KILL_OPTIONS, with_options
from floorkill.rules.replay import replay
from floorkill.rules.whatif import WhatIf, summary, what_if

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_tables"


def session(*events, **kill):
    tf = make_table(**kill)
    return WhatIf(tf.config, tf.players, events)


def test_house_natural_walk_alternate_on_the_recorded_sample():
    """holdem-4-8-half-two-pots: hand 2 is a walk; under walk = "neutral" the leg goes to
    the middle, so hand 3 (the same player wins again) is a first leg, not a short second."""
    table = load_table_file(SAMPLES / "holdem-4-8-half-two-pots.toml")
    diffs = what_if(table, walk="neutral")
    assert [d.hand for d in diffs] == [2, 3]
    assert diffs[0].text() == "hand 2: leg up (Наталья Смирнова) → neutral"
    assert diffs[0].text("ru") == "раздача 2: «нога» (Наталья Смирнова) → нейтрально"
    assert "house-natural" in diffs[0].after.cites
    assert diffs[1].before.status == "neutral" and diffs[1].after.status == "leg-up"


def test_house_natural_second_leg_pot_turns_a_short_second_win_into_a_kill():
    w = session(
        hand(2),
        hand(2, pot=60, won_beyond_blinds=5),
        hand(3),
        hand(3, pot=40, won_beyond_blinds=20),
    )
    diffs = w.change(second_leg_pot="5x-big-blind")  # $50
    assert [d.text() for d in diffs] == [
        "hand 2: leg up (Bob) → kill pot (Bob)",
        "hand 4: kill pot (Cy) → leg up (Cy)",
    ]
    assert diffs[0].after.cites == ("house-natural",)


def test_a_hand_the_new_rule_cannot_decide_is_named_and_the_rest_carries_on():
    """No pot recorded: "not decided" with the model's question; later hands are compared
    from the recorded outcome, so only hands that really differ are listed."""
    w = session(
        hand(2),
        hand(2, won_beyond_blinds=10),
        hand(2, won_beyond_blinds=0),
        hand(4),
        hand(4, pot=80, won_beyond_blinds=0),
    )
    diffs = w.change(second_leg_pot="5x-big-blind")
    assert [d.hand for d in diffs] == [2, 5]
    assert diffs[0].after.status == "refused"
    assert "was the pot at least $50" in diffs[0].text()
    assert "банк не меньше 50\u00a0$" in diffs[0].text("ru")
    assert diffs[1].text() == "hand 5: leg up (Dee) → kill pot (Dee)"


def test_no_change_no_difference():
    w = session(hand(2), hand(2, won_beyond_blinds=10), hand(3))
    assert w.change() == []
    assert w.change(second_leg_pot="none") == []
    assert summary([], "ru").startswith("Ни одна")


def test_unknown_option_is_refused():
    with pytest.raises(KeyError):
        session(hand(2)).change(walks="neutral")


@pytest.mark.parametrize("path", sorted(p for p in SAMPLES.glob("*.toml")), ids=lambda p: p.stem)
def test_the_preview_is_the_rules_models_own_replay(path):
    """Where no event becomes undecidable, the differences are exactly the hands whose
    button a plain replay of the changed table leaves elsewhere."""
    table = load_table_file(path)
    w = WhatIf.of(table)
    for name, (allowed, _default, _cid) in KILL_OPTIONS.items():
        for value in allowed:
            cfg = with_options(table.config, **{name: value})
            if name == "second_leg_needs_flop" and value and not cfg.has_flop:
                continue
            if name == "voluntary" and value and cfg.kill.kind == "none":
                continue
            changed = replay(type(table)(cfg, table.players, table.events))
            base = replay(table)
            if any(
                (a.refusal is None) != (b.refusal is None)
                for a, b in zip(base, changed, strict=True)
            ):
                continue
            expected = [
                b.index
                for a, b in zip(base, changed, strict=True)
                if b.raw.get("type") == "hand"
                and b.refusal is None
                and (a.state.button.status, a.state.button.seat)
                != (b.state.button.status, b.state.button.seat)
            ]
            got = [d.event for d in w.change(**{name: value}) if d.type == "hand"]
            assert got == expected, (path.stem, name, value)


def test_a_change_no_table_file_may_have_is_refused_in_one_line():
    from floorkill.rules import ConfigError

    table = load_table_file(SAMPLES / "deuce-seven-10-20.toml")
    with pytest.raises(ConfigError) as info:
        what_if(table, second_leg_needs_flop=True)
    assert "has no flop" in str(info.value) and "\n" not in str(info.value)
    assert what_if(table, second_leg_pot=2500) is not None  # an amount, in cents


def test_house_pot_session_previewed_under_the_beyond_the_blinds_test():
    """tests/fixtures/holdem-10-20-house-pot.toml records the pot and the money beyond the
    blinds of every hand: hand 2 (Bob again, $38 pot, $10 beyond the blinds) goes to the
    middle under the pot rule but kills under Robert's Rules 3."""
    table = load_table_file(ROOT / "tests" / "fixtures" / "holdem-10-20-house-pot.toml")
    assert len(table.events) == 29 and table.config.second_leg_pot == 50_00
    assert all(s.refusal is None for s in replay(table))
    diffs = what_if(table, second_leg_pot="none")
    assert diffs[0].text() == "hand 2: neutral → kill pot (Bob)"
    assert diffs[0].after.cites == ("rrop-13.3", "house-natural")
    assert all(d.after.status != "refused" for d in diffs)
    up = what_if(table, second_leg_pot="5x-upper")  # $100: Cy's $90 pot no longer kills
    assert up[0].text() == "hand 4: kill pot (Cy) → neutral"

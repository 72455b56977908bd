"""second_leg_pot: the house alternate "a player must win a pot of a certain size to be set
by the house for the pot to qualify as the second leg of a kill" (house-natural; docs/rules.md 3, 5.3).

One named test per value, on a $1-4-8-8 hold'em table with $1/$2 blinds, where the values
all differ: 5x-upper = $40, 5x-lower = $5, 5x-big-blind = $10, an amount = $25. Then the
flop rule combined with it, a split and a walk under it, the short second win both ways,
the kill pot (the pot is measured against the game's own limits) and the table file.
"""

from __future__ import annotations

import pytest
from helpers import (
    assert_button,
    assert_decision,
    assert_killed_by,
    hand,
    make_table,
    refused,
    run,
    start,
)

from floorkill.rules import ConfigError, apply, load_table_text
from floorkill.rules.config import table_file_to_dict

SPREAD = dict(structure="spread", bets=(1, 4, 4, 8, 8), blinds=(1, 2))


def legged(**kill):
    """Bob (seat 2) won the last pot: a leg up."""
    return run(start(**SPREAD, **kill), hand(2))


def test_house_natural_second_leg_pot_none_keeps_the_beyond_the_blinds_test():
    st = legged(second_leg_pot="none")
    assert st.config.second_leg_pot is None
    # a huge pot alone does not answer: the question is money beyond the blinds (rrop-13.3)
    refused(st, hand(2, pot=500), key="second-leg-question", cite="rrop-13.3")
    a = apply(st, hand(2, pot=3, won_beyond_blinds=1))
    assert_decision(a, "kill", 2, "rrop-13.3")
    assert_killed_by(a.state, 2)


def test_house_natural_second_leg_pot_5x_upper():
    st = legged(second_leg_pot="5x-upper")
    assert st.config.second_leg_pot == 40_00
    a = apply(st, hand(2, pot=40))
    d = assert_decision(a, "kill", 2, "house-natural")
    assert "rrop-13.3" not in d.cites  # the pot test replaces rrop-13.3
    assert "$40" in d.text("en") and "40\u00a0$" in d.text("ru")
    assert_killed_by(a.state, 2)
    a = apply(st, hand(2, pot="39.99", won_beyond_blinds=30))  # money beyond blinds not asked
    assert_decision(a, "leg-up", 2, "house-natural", "rrop-glossary")
    assert_button(a.state, "leg-up", 2)


def test_house_natural_second_leg_pot_5x_lower():
    st = legged(second_leg_pot="5x-lower")
    assert st.config.second_leg_pot == 5_00  # spread: the minimum bet, $1
    assert_killed_by(apply(st, hand(2, pot=5)).state, 2)
    assert_button(apply(st, hand(2, pot="4.99")).state, "leg-up", 2)


def test_house_natural_second_leg_pot_5x_big_blind():
    st = legged(second_leg_pot="5x-big-blind")
    assert st.config.second_leg_pot == 10_00
    assert_killed_by(apply(st, hand(2, pot=10)).state, 2)
    a = apply(st, hand(2, pot=9))
    assert_decision(a, "leg-up", 2, "house-natural")
    assert "$10" in a.decisions[0].text("en")


def test_house_natural_second_leg_pot_amount():
    st = legged(second_leg_pot="25")
    assert st.config.second_leg_pot == 25_00
    assert_killed_by(apply(st, hand(2, pot=25)).state, 2)
    assert_button(apply(st, hand(2, pot="24.99")).state, "leg-up", 2)


def test_house_natural_second_leg_pot_asks_for_the_pot_and_takes_qualifies_alone():
    st = legged(second_leg_pot="5x-big-blind")
    r = refused(
        st, hand(2, won_beyond_blinds=8), key="second-leg-pot-question", cite="house-natural"
    )
    assert "$10" in r.text("en") and "10\u00a0$" in r.text("ru")
    assert_killed_by(apply(st, hand(2, qualifies=True)).state, 2)
    assert_button(apply(st, hand(2, qualifies=False)).state, "leg-up", 2)
    refused(st, hand(2, pot=9, qualifies=True), key="qualify-disagree-pot", cite="house-natural")
    # the first leg never needs the pot (rrop-13.3: no pot-size requirement for the first leg)
    a = apply(st, hand(3))
    assert_decision(a, "leg-up", 3, "rrop-13.3")


def test_house_natural_second_leg_pot_with_the_flop_rule():
    st = legged(second_leg_pot="5x-big-blind", second_leg_needs_flop=True)
    a = apply(st, hand(2, pot=10, flop=True))
    assert_decision(a, "kill", 2, "house-natural")
    # no flop: a walk, whatever the pot (the flop rule comes first)
    a = apply(st, hand(2, pot=100, flop=False))
    assert_decision(a, "leg-up", 2, "house-natural")
    assert a.decisions[0].key == "walk-keeps"
    assert_button(a.state, "leg-up", 2)


def test_house_natural_second_leg_pot_walk_neutral():
    st = legged(second_leg_pot="5x-big-blind", second_leg_needs_flop=True, walk="neutral")
    a = apply(st, hand(2, flop=False))  # no pot asked: a walk decides
    assert_decision(a, "neutral", None, "house-natural")
    assert_button(a.state, "neutral")


def test_house_natural_second_leg_pot_without_the_flop_rule_a_flopless_pot_still_counts():
    """The walk option belongs to the flop rule: without it, the pot decides."""
    st = legged(second_leg_pot="5x-big-blind", walk="neutral")
    assert_killed_by(apply(st, hand(2, pot=10, flop=False)).state, 2)


@pytest.mark.parametrize("split_with_leg", ["keeps", "neutral"])
def test_rrop_13_4_split_under_second_leg_pot(split_with_leg):
    st = legged(second_leg_pot="5x-big-blind", split_with_leg=split_with_leg)
    a = apply(st, hand(winners=[2, 3], pot=100))
    if split_with_leg == "keeps":
        assert_decision(a, "leg-up", 2, "rrop-13.4")
        assert_button(a.state, "leg-up", 2)
    else:
        assert_decision(a, "neutral", None, "house-natural")
        assert_button(a.state, "neutral")


def test_house_button_d_short_pot_with_unqualified_neutral():
    st = legged(second_leg_pot="5x-big-blind", unqualified_second_win="neutral")
    a = apply(st, hand(2, pot=9))
    assert_decision(a, "neutral", None, "house-natural", "house-button")
    assert_button(a.state, "neutral")


def test_house_natural_second_leg_pot_in_a_kill_pot_uses_the_games_own_limits():
    """Bob holds the leg, Ann kills voluntarily; Bob wins the kill pot: the pot is measured
    against 5 x the ordinary big blind ($10), as the scoop and big-pot minimums are."""
    st = run(
        start(
            **SPREAD,
            voluntary=True,
            second_leg_pot="5x-big-blind",
            players=((1, "Ann", 100), (2, "Bob"), (3, "Cy")),
        ),
        hand(2),
        {"type": "voluntary_kill", "seat": 1},
    )
    assert st.button.killed
    a = apply(st, hand(2, pot=10))
    assert_decision(a, "kill", 2, "house-natural")


def test_house_pot_preset_is_what_rooms_commonly_play():
    cfg = make_table(**SPREAD, preset="house-pot").config
    assert cfg.second_leg_pot == 10_00 and cfg.kill.second_leg_needs_flop
    assert cfg.kill.split_with_leg == "neutral" and cfg.kill.walk == "neutral"


def test_second_leg_pot_in_the_table_file():
    base = (
        '[table]\nname = "T"\ngame = "holdem"\n[stakes]\nbets = [10, 20]\nblinds = [5, 10]\n'
        '[kill]\nkind = "full"\n'
    )
    for text, want in (
        ('second_leg_pot = "5x-upper"', 100_00),
        ("second_leg_pot = 75", 75_00),
        ('second_leg_pot = "62.50"', 62_50),
        ('second_leg_pot = "none"', None),
    ):
        tf = load_table_text(base + text + "\n", "t.toml")
        assert tf.config.second_leg_pot == want
        again = load_table_text(
            __import__("tomli_w").dumps(table_file_to_dict(tf.config, tf.players, ())), "again.toml"
        )
        assert again.config == tf.config
    with pytest.raises(ConfigError) as info:
        load_table_text(base + 'second_leg_pot = "5x-blinds"\n', "t.toml")
    msg = str(info.value)
    assert msg.startswith("t.toml:9:") and "second_leg_pot" in msg and "\n" not in msg
    with pytest.raises(ConfigError):
        load_table_text(base + "second_leg_pot = 0\n", "t.toml")


@pytest.mark.parametrize(
    "written", ['"5x-big-blinds"', '"five big blinds"', "true", "[10]", '"none "']
)
def test_a_bad_second_leg_pot_lists_the_choices_with_file_and_line(written):
    base = (
        '[table]\nname = "T"\ngame = "holdem"\n[stakes]\nbets = [10, 20]\nblinds = [5, 10]\n'
        '[kill]\nkind = "full"\n'
    )
    with pytest.raises(ConfigError) as info:
        load_table_text(base + f"second_leg_pot = {written}\n", "t.toml")
    msg = str(info.value)
    assert msg.startswith("t.toml:9: [kill] second_leg_pot: "), msg
    assert msg.endswith(
        ' is not one of: "none", "5x-upper", "5x-lower", "5x-big-blind" or an amount'
    ), msg
    assert "\n" not in msg


def _kill_error(game: str, kill_lines: str) -> str:
    """The one-line error of a $10-$20 table file whose [kill] ends with ``kill_lines``."""
    base = (
        f'[table]\nname = "T"\ngame = "{game}"\n[stakes]\nbets = [10, 20]\n'
        'blinds = [5, 10]\n[kill]\nkind = "full"\n'
    )
    with pytest.raises(ConfigError) as info:
        load_table_text(base + kill_lines, "t.toml")
    return str(info.value)


@pytest.mark.parametrize(
    "option, words",
    [
        ("scoop_minimum", '"5x-upper", "5x-lower"'),
        ("big_pot_minimum", '"5x-upper", "5x-lower"'),
        ("second_leg_minimum", '"lower-bet", "upper-bet"'),
    ],
)
def test_every_word_or_amount_option_lists_its_choices(option, words):
    error = _kill_error(
        "omaha8", f'triggers = ["two-pots", "scoop", "big-pot"]\n{option} = "5x-uper"\n'
    )
    assert error == f"t.toml:10: [kill] {option}: '5x-uper' is not one of: {words} or an amount"


@pytest.mark.parametrize(
    "written, why", [("-5", "-5 is negative"), ('"4.555"', "'4.555' has more than two decimals")]
)
def test_a_wrong_amount_keeps_its_own_reason(written, why):
    error = _kill_error("holdem", f"second_leg_pot = {written}\n")
    assert error == f"t.toml:9: [kill] second_leg_pot: {why}"

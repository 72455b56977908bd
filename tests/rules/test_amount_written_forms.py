"""Amounts as people write them (docs/rules.md section 8): the one reader, floorkill.rules.money.

`$1,000` and `1 000` (also a no-break or thin space) are a thousand; `4.50` and `4,50` are
four-fifty; a comma is cents only when exactly two digits follow it and end the amount,
thousands only when exactly three follow; exponents, other scripts' digits, invisible and
bidi characters are refused with one line saying how to write the amount. The same reader
serves table files (config), events (events.py, the journal) and the replay.
"""

from __future__ import annotations

import pytest
from helpers import assert_decision, codes, hand, refused, run, start

from floorkill.rules import ConfigError, apply, load_table_text
from floorkill.rules.money import HOW_TO_WRITE, MoneyError, parse_amount
from floorkill.rules.replay import replay, step_json


@pytest.mark.parametrize(
    "written, cents",
    [
        ("$1,000", 100000),
        ("1,000", 100000),
        ("1 000", 100000),
        ("1\u00a0000", 100000),  # no-break space
        ("1\u202f000", 100000),  # narrow no-break space
        ("1\u2009000", 100000),  # thin space
        ("12 500 $", 1250000),
        ("1,000,000", 100000000),
        ("$1,000.25", 100025),
    ],
)
def test_thousands_with_commas_or_spaces_are_thousands(written, cents):
    assert parse_amount(written) == cents


@pytest.mark.parametrize(
    "written, cents",
    [
        ("4.50", 450),
        ("4,50", 450),
        ("$4,50", 450),
        ("4,50\u00a0$", 450),  # as the Russian screens write it
        ("1 000,50", 100050),
        ("0,05", 5),
    ],
)
def test_a_decimal_comma_with_two_digits_is_cents(written, cents):
    assert parse_amount(written) == cents


@pytest.mark.parametrize(
    "written, why",
    [
        ("1,0000", "comma"),
        ("4,5", "comma"),
        ("4,500,5", "comma"),
        ("10,00,000", "comma"),
        ("1.000,50", "not an amount"),
        ("1,000,50", "comma"),
        ("1e9", "exponent"),
        ("1E3", "exponent"),
        ("2.5e2", "exponent"),
        ("\u0663", "another script"),  # Arabic-Indic three
        ("\u0661\u0660", "another script"),
        ("\uff13", "another script"),  # full-width three
        ("1\u202e00", "invisible"),  # right-to-left override
        ("1\u200b000", "invisible"),  # zero-width space
        ("\u202d40", "invisible"),
        ("1 00", "not an amount"),
        ("1_000", "not an amount"),
        ("4.50.1", "not an amount"),
        ("$", "not an amount"),
    ],
)
def test_other_forms_are_refused_with_how_to_write_the_amount(written, why):
    with pytest.raises(MoneyError) as info:
        parse_amount(written)
    msg = str(info.value)
    assert why in msg and msg.endswith(HOW_TO_WRITE) and "\n" not in msg


def test_amounts_are_never_floats():
    for written in ("4,50", "1 000", "$1,000.25", 4.5):
        assert type(parse_amount(written)) is int


# ---------------------------------------------------------------------------
# events: a decimal comma in won_beyond_blinds is $4.50, so it does not qualify at $10-$20


def test_rrop_13_3_event_won_beyond_blinds_4_comma_50_is_four_fifty_and_does_not_kill():
    st = run(start(), hand(2))
    a = apply(st, hand(2, won_beyond_blinds="4,50"))
    assert "kill" not in codes(a)
    assert a.state.button.status == "leg-up"


def test_rrop_13_3_event_won_beyond_blinds_1_000_with_a_space_is_a_thousand_and_kills():
    st = run(start(), hand(2))
    assert_decision(apply(st, hand(2, won_beyond_blinds="1 000")), "kill", 2, "rrop-13.3")


@pytest.mark.parametrize("bad", ["1e9", "1,0000", "\u0663\u0660", "\u202e40"])
def test_event_pot_in_another_form_is_refused_with_how_to_write_it(bad):
    r = refused(start(triggers=["big-pot"]), hand(1, pot=bad), key="bad-amount")
    assert HOW_TO_WRITE in r.text("en")
    assert "пишите так" in r.text("ru")


def test_event_stack_4_comma_50_is_stored_as_four_fifty():
    a = apply(start(), {"type": "stack", "seat": 1, "amount": "4,50"})
    assert a.state.players[0].stack == 450 and a.event.to_dict()["amount"] == "4.50"


# ---------------------------------------------------------------------------
# table files and the replay

FILE = """
[table]
name = "Commas"
game = "holdem"
seats = 6
[stakes]
structure = "fixed"
bets = [10, 20]
blinds = [5, 10]
[kill]
kind = "full"
triggers = ["two-pots", "big-pot"]
big_pot_minimum = "{big}"
[[players]]
seat = 1
name = "Ann"
[[players]]
seat = 2
name = "Bob"
"""


def test_table_file_amounts_read_commas_and_spaces_as_written():
    tf = load_table_text(FILE.replace("{big}", "1 000,50"), "commas.toml")
    assert tf.config.kill.big_pot_minimum == 100050


@pytest.mark.parametrize("bad", ["1e9", "1,0000", "\uff11\uff10\uff10"])
def test_table_file_amount_in_another_form_is_a_one_line_error_with_how_to_write_it(bad):
    with pytest.raises(ConfigError) as info:
        load_table_text(FILE.replace("{big}", bad), "commas.toml")
    msg = str(info.value)
    assert msg.startswith("commas.toml:") and "big_pot_minimum" in msg and "\n" not in msg
    assert HOW_TO_WRITE in msg


def test_table_file_float_written_with_an_exponent_is_refused():
    text = FILE.replace('"{big}"', "1e3")
    with pytest.raises(ConfigError) as info:
        load_table_text(text, "commas.toml")
    assert "exponent" in str(info.value) and "big_pot_minimum" in str(info.value)
    assert load_table_text(FILE.replace('"{big}"', "150.5")).config.kill.big_pot_minimum == 15050


def test_replay_reads_a_decimal_comma_second_leg_as_four_fifty():
    text = FILE.replace("{big}", "500") + (
        '[[events]]\ntype = "hand"\nwinner = 2\npot = 30\n'
        '[[events]]\ntype = "hand"\nwinner = 2\npot = 30\nwon_beyond_blinds = "4,50"\n'
        '[[events]]\ntype = "hand"\nwinner = 2\npot = "1e9"\n'
    )
    steps = [step_json(s) for s in replay(load_table_text(text))]
    assert steps[1]["error"] is None and not steps[1]["next"]["killed"]
    assert [d["code"] for d in steps[1]["decisions"]] != ["kill"]
    assert steps[2]["error"] is not None and "exponent" in steps[2]["error"]["message"]

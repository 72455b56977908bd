"""Exact money (docs/rules.md section 3, "Money is exact") and table-file errors (docs/rules.md section 8).

Amounts are integers, decimal strings or floats exact to the cent; anything finer is an
error and nothing is ever rounded. A bad table file names the file, the line and the key.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from helpers import refused, start
from hypothesis import given, settings
from hypothesis import strategies as st

import floorkill.rules
from floorkill.rules import ConfigError, apply, load_table_file, load_table_text
from floorkill.rules.money import MoneyError, dollars, fmt, parse_amount, scale, to_toml

# ---------------------------------------------------------------------------
# parse_amount


@pytest.mark.parametrize(
    "value, cents",
    [
        (0, 0),
        (4, 400),
        (10, 1000),
        (1500, 150000),
        (10**12, 10**14),
        ("4.50", 450),
        ("4.5", 450),
        ("0.01", 1),
        ("16", 1600),
        (" 12 ", 1200),
        ("$4.50", 450),
        ("$1,000", 100000),
        ("1,000.25", 100025),
        ("212.50", 21250),
        (4.5, 450),
        (4.25, 425),
        (0.0, 0),
        (20.0, 2000),
        (1e6, 100000000),
    ],
)
def test_parse_amount_exact(value, cents):
    got = parse_amount(value)
    assert got == cents
    assert type(got) is int


@pytest.mark.parametrize(
    "value",
    [
        "4.505",
        "0.001",
        4.555,
        0.001,
        4.125,
        -1,
        "-3",
        -4.5,
        "-0.01",
        float("nan"),
        float("inf"),
        float("-inf"),
        "NaN",
        "Infinity",
        "inf",
        True,
        False,
        None,
        [],
        [4],
        {},
        "abc",
        "",
        "4.50.1",
        "$",
        object(),
    ],
)
def test_parse_amount_refusals(value):
    with pytest.raises(MoneyError) as info:
        parse_amount(value)
    assert isinstance(info.value, ValueError)
    assert str(info.value)


def test_parse_amount_negative_only_when_allowed():
    assert parse_amount(-1, allow_negative=True) == -100
    assert parse_amount("-4.50", allow_negative=True) == -450
    with pytest.raises(MoneyError):
        parse_amount("-4.505", allow_negative=True)


@pytest.mark.parametrize("value, cents", [(4.55, 455), (99.99, 9999), (0.1, 10), (19.99, 1999)])
def test_parse_amount_float_written_to_the_cent(value, cents):
    assert parse_amount(value) == cents


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_amount_text_round_trips(cents):
    assert parse_amount(fmt(cents)) == cents
    assert parse_amount(dollars(cents)) == cents
    assert parse_amount(to_toml(cents)) == cents
    assert dollars(cents) == "$" + fmt(cents)


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.decimals(min_value=0, max_value=10**7, places=3, allow_nan=False, allow_infinity=False))
def test_decimal_strings_are_exact_or_refused(dec):
    text = format(dec, "f")
    if (dec * 100) == (dec * 100).to_integral_value():
        assert parse_amount(text) == int(dec * 100)
    else:
        with pytest.raises(MoneyError):
            parse_amount(text)


def test_fmt_and_dollars():
    assert fmt(0) == "0"
    assert fmt(450) == "4.50"
    assert fmt(1000) == "10"
    assert fmt(5) == "0.05"
    assert fmt(100025) == "1000.25"
    assert fmt(-450) == "-4.50"
    assert dollars(450) == "$4.50"
    assert dollars(1600) == "$16"
    assert dollars(-450) == "-$4.50"
    assert to_toml(2000) == 20 and to_toml(450) == "4.50"


def test_scale_is_exact_or_refused():
    assert scale(300, 3, 2) == 450  # $3 half kill -> $4.50
    assert scale(1000, 2, 1) == 2000
    with pytest.raises(MoneyError) as info:
        scale(3, 3, 2)  # $0.03 x 1.5 needs half a cent
    assert "cent" in str(info.value)


def test_money_is_exact_a_journal_float_is_read_as_json_wrote_it():
    """A float amount in a stored payload is read as the decimal text json wrote for it, digit
    for digit; a float that is the result of binary arithmetic is not exact and is refused."""
    for written, cents in (("4.55", 455), ("0.1", 10), ("19.99", 1999), ("1000.5", 100050)):
        value = json.loads(json.dumps(json.loads(written)))  # written, stored, read back
        assert json.dumps(value) == written and parse_amount(value) == cents
    for value in (0.1 + 0.2, 4.55 * 3, 1 / 3):
        with pytest.raises(MoneyError, match="not exact to the cent|more than two decimals"):
            parse_amount(value)


def test_money_is_exact_the_rules_never_call_float():
    """No ``float(...)`` anywhere in floorkill/rules: amounts are never turned into floats."""
    rules = Path(floorkill.rules.__file__).parent
    calls = [
        f"{path.name}:{node.lineno}"
        for path in sorted(rules.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "float"
    ]
    assert calls == []


def test_no_float_in_amounts():
    cfg = start(kind="half", bets=("4.50", 9), blinds=(2, "4.50")).config
    for v in (*cfg.bets, *cfg.blinds, cfg.kill_blind, *cfg.killed_limits()):
        assert type(v) is int
    assert cfg.kill_blind == 675 and cfg.killed_limits() == (675, 1350)
    assert not any(isinstance(v, float) for v in cfg.to_toml_dict()["stakes"]["bets"])


def test_event_amounts_are_exact():
    st = start()
    a = apply(st, {"type": "stack", "seat": 1, "amount": "$1,000"})
    assert a.state.players[0].stack == 100000
    assert a.event.to_dict()["amount"] == 1000
    a = apply(st, {"type": "stack", "seat": 1, "amount": 4.5})
    assert a.state.players[0].stack == 450
    assert a.event.to_dict()["amount"] == "4.50"
    for bad in ("4.505", 4.555, -1, float("nan"), True, "ten"):
        refused(st, {"type": "stack", "seat": 1, "amount": bad})
        refused(st, {"type": "hand", "winner": 1, "pot": bad})
    refused(st, {"type": "hand", "winner": 1, "pot": 0})  # a pot is more than zero


# ---------------------------------------------------------------------------
# table files: errors name the file, the line and the key

GOOD = """\
[table]
name = "Table 12"
game = "omaha8"
seats = 9

[stakes]
structure = "fixed"
bets = [10, 20]
blinds = [5, 10]

[kill]
kind = "full"
triggers = ["scoop"]

[[players]]
seat = 1
name = "Ann"

[[players]]
seat = 2
name = "Bob"
stack = "212.50"
"""


def _error(text: str, file: str = "t12.toml") -> ConfigError:
    with pytest.raises(ConfigError) as info:
        load_table_text(text, file)
    err = info.value
    assert "\n" not in str(err)
    assert str(err).startswith(file + ":")
    return err


def _line_of(text: str, needle: str, nth: int = 0) -> int:
    lines = [i for i, line in enumerate(text.splitlines(), start=1) if needle in line]
    return lines[nth]


def test_good_file_loads_with_exact_amounts():
    tf = load_table_text(GOOD, "t12.toml")
    assert tf.config.bets == (1000, 2000) and tf.config.blinds == (500, 1000)
    assert tf.players[1].stack == 21250
    assert tf.source == "t12.toml"


@pytest.mark.parametrize(
    "old, new, key, needle",
    [
        ('game = "omaha8"', 'game = "poker"', "game", 'game = "poker"'),
        ("seats = 9", "seats = 11", "seats", "seats = 11"),
        ("seats = 9", 'seats = "9"', "seats", 'seats = "9"'),
        ('structure = "fixed"', 'structure = "pot"', "structure", 'structure = "pot"'),
        ("bets = [10, 20]", 'bets = [10, "20.005"]', "bets", "bets = ["),
        ("bets = [10, 20]", "bets = [10, -20]", "bets", "bets = ["),
        ("bets = [10, 20]", "bets = [20, 10]", "bets", "bets = ["),
        ("bets = [10, 20]", "bets = [10, 20, 40]", "bets", "bets = ["),
        ("blinds = [5, 10]", "blinds = [10, 5]", "blinds", "blinds = ["),
        ("blinds = [5, 10]", "blinds = [5]", "blinds", "blinds = ["),
        ('kind = "full"', 'kind = "double"', "kind", 'kind = "double"'),
        ('triggers = ["scoop"]', 'triggers = ["scoop", "moon"]', "triggers", "triggers = ["),
        ('triggers = ["scoop"]', 'triggers = ["scoop"]\nwalk = "sometimes"', "walk", "walk = "),
        (
            'triggers = ["scoop"]',
            'triggers = ["scoop"]\nscoop_minimum = "4.505"',
            "scoop_minimum",
            "scoop_minimum",
        ),
        (
            'triggers = ["scoop"]',
            'triggers = ["scoop"]\nvoluntary = "yes"',
            "voluntary",
            "voluntary =",
        ),
        (
            'triggers = ["scoop"]',
            'triggers = ["scoop"]\nkiller_acts = "first"',
            "killer_acts",
            "killer_acts",
        ),
        (
            'triggers = ["scoop"]',
            'triggers = ["scoop"]\nkill_speed = 3',
            "kill_speed",
            "kill_speed",
        ),
        ('name = "Bob"', 'name = "Bob\\u001b[31m"', "name", 'name = "Bob\\u001b'),
        ('name = "Bob"', 'name = "ann"', "name", 'name = "ann"'),
        ('stack = "212.50"', 'stack = "212.505"', "stack", "stack = "),
    ],
)
def test_config_errors_name_file_line_and_key(old, new, key, needle):
    assert old in GOOD
    text = GOOD.replace(old, new)
    err = _error(text)
    assert err.key == key, str(err)
    assert err.file == "t12.toml"
    assert err.line == _line_of(text, needle), str(err)
    assert key in str(err)
    assert str(err).startswith(f"t12.toml:{err.line}:")


def test_duplicate_seat_names_the_second_player():
    text = GOOD.replace("seat = 2", "seat = 1")
    err = _error(text)
    assert err.key == "seat"
    assert err.line == _line_of(text, "seat = 1", nth=1)


def test_toml_syntax_error_names_line_and_column():
    text = GOOD.replace("bets = [10, 20]", "bets = [10, 20")
    err = _error(text)
    assert err.line is not None and err.col is not None
    assert str(err).startswith(f"t12.toml:{err.line}:{err.col}:")
    assert "TOML" in str(err)


def test_missing_sections_and_empty_file():
    err = _error("")
    assert "empty" in str(err)
    err = _error(GOOD.split("[stakes]")[0])
    assert err.key == "stakes"
    err = _error("[stakes]\nbets = [10, 20]\nblinds = [5, 10]\n")
    assert err.key == "table"


def test_half_kill_needing_a_fraction_of_a_cent_is_an_error():
    text = (
        GOOD.replace("bets = [10, 20]", 'bets = ["0.03", "0.06"]')
        .replace("blinds = [5, 10]", 'blinds = ["0.01", "0.03"]')
        .replace('kind = "full"', 'kind = "half"')
    )
    err = _error(text)
    assert err.key == "kind"
    assert err.line == _line_of(text, 'kind = "half"')
    assert "cent" in str(err)


def test_table_file_errors_name_the_path(tmp_path):
    missing = tmp_path / "nope.toml"
    with pytest.raises(ConfigError) as info:
        load_table_file(missing)
    assert str(info.value).startswith(str(missing))
    bad = tmp_path / "latin1.toml"
    bad.write_bytes(GOOD.replace("Ann", "Jos\xe9").encode("latin-1"))
    with pytest.raises(ConfigError) as info:
        load_table_file(bad)
    assert str(info.value).startswith(str(bad)) and "UTF-8" in str(info.value)
    good = tmp_path / "good.toml"
    good.write_text(GOOD, encoding="utf-8")
    assert load_table_file(good).source == str(good)
    broken = tmp_path / "broken.toml"
    broken.write_text(GOOD.replace("seats = 9", "seats = 1"), encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_table_file(broken)
    assert str(info.value).startswith(f"{broken}:{_line_of(GOOD, 'seats = 9')}:")


def test_decimal_and_float_amounts_in_toml():
    text = GOOD.replace("bets = [10, 20]", 'bets = ["4.50", 9.0]').replace(
        "blinds = [5, 10]", "blinds = [2, 4.5]"
    )
    cfg = load_table_text(text, "t.toml").config
    assert cfg.bets == (450, 900) and cfg.blinds == (200, 450)
    assert cfg.kill_blind == 900

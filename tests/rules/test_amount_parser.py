"""The one amount parser (docs/rules.md section 8): any size or shape of amount is refused or
accepted for that event alone, quickly; nothing huge is ever built.

Used by table files, events and every form of the app (the podium's `$…`, the stack form).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorkill.rules import ConfigError, load_table_text
from floorkill.rules.money import MAX_CENTS, MoneyError, parse_amount
from floorkill.rules.replay import replay, step_json

ROOT = Path(__file__).resolve().parents[2]

ABSURD = [
    "1e999999",
    "1e999990",
    "-1e999999",
    "1e-999999",
    "9" * 5000,
    "1" + "0" * 3000,
    "0." + "0" * 4000 + "1",
    "1e9999999999",
    "$1e5000",
    "1e5000",
    "1E+999999",
    "1" * 41,
    "99999999999999999999",
    10**5000,
    1e308,
    -1e308,
    10**14,
]


def _parse_fast(value, **kw):
    try:
        return parse_amount(value, **kw)
    except MoneyError:
        return None


@pytest.mark.parametrize(
    "value",
    ABSURD,
    ids=[f"int-{v.bit_length()}-bits" if isinstance(v, int) else str(v)[:14] for v in ABSURD],
)
def test_section_8_absurd_amounts_are_refused_quickly(value):
    with pytest.raises(MoneyError) as info:
        parse_amount(value, allow_negative=True)
    assert len(str(info.value)) < 120  # one short line, not the digits


def test_section_8_bounds_are_inclusive_and_exact():
    assert parse_amount(MAX_CENTS // 100) == MAX_CENTS
    assert parse_amount(f"{MAX_CENTS // 100}") == MAX_CENTS
    assert parse_amount(f"${MAX_CENTS // 100:,}") == MAX_CENTS
    with pytest.raises(MoneyError):
        parse_amount(MAX_CENTS // 100 + 1)
    with pytest.raises(MoneyError):
        parse_amount("10000000000000.01")
    for exponent in ("1e13", "1.5e2", "125e-2", "0e999999"):
        with pytest.raises(MoneyError, match="exponent"):
            parse_amount(exponent)


@settings(
    max_examples=400, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    st.one_of(
        st.text(max_size=60),
        st.text(alphabet="0123456789.,eE+-$_ ", max_size=80),
        st.from_regex(r"\A[+-]?\$?\d{0,30}(\.\d{0,30})?([eE][+-]?\d{1,9})?\Z"),
        st.integers(),
        st.floats(allow_nan=True, allow_infinity=True),
    )
)
def test_section_8_fuzz_parse_amount_returns_bounded_cents_or_refuses(value):
    out = _parse_fast(value, allow_negative=True)
    if out is None:
        return
    assert type(out) is int and abs(out) <= MAX_CENTS
    # what was accepted is exactly the written number, to the cent
    if isinstance(value, str):
        text = value.strip().replace("$", "").replace(" ", "")
        if re.search(r",\d\d\Z", text) and text.count(",") == 1:
            text = text.replace(",", ".")  # a decimal comma
        assert Decimal(text.replace(",", "")) * 100 == out
    elif isinstance(value, float):
        assert Decimal(repr(value)) * 100 == out
    else:
        assert value * 100 == out


@settings(max_examples=200, deadline=None, database=None)
@given(st.integers(min_value=0, max_value=MAX_CENTS), st.integers(min_value=-4, max_value=6))
def test_section_8_fuzz_exponent_forms_are_refused(cents, shift):
    assert _parse_fast(f"{cents}e{shift}") is None


TABLE = """
[table]
name = "Absurd"
game = "holdem"
seats = 6
[stakes]
structure = "fixed"
bets = [10, 20]
blinds = [5, 10]
[kill]
kind = "full"
triggers = ["two-pots", "big-pot"]
[[players]]
seat = 1
name = "Ann"
[[players]]
seat = 2
name = "Bob"
[[events]]
type = "hand"
winner = 1
pot = 40
[[events]]
type = "hand"
winner = 2
pot = "1e999990"
[[events]]
type = "hand"
winner = 2
pot = 1e999999
[[events]]
type = "stack"
seat = 1
amount = "{digits}"
[[events]]
type = "hand"
winner = 1
pot = 30
won_beyond_blinds = 10
""".replace("{digits}", "9" * 5000)


def test_section_8_replay_refuses_only_the_absurd_events():
    steps = [step_json(s) for s in replay(load_table_text(TABLE))]
    errors = [s["event"] for s in steps if s["error"] is not None]
    assert errors == [2, 3, 4]
    assert all(
        "pot" in steps[i]["error"]["message"] or "amount" in steps[i]["error"]["message"]
        for i in (1, 2, 3)
    )
    assert steps[4]["decisions"][0]["code"] == "kill"  # Ann's second leg still counts


def test_section_8_replay_cli_prints_every_event_and_exits_2(tmp_path):
    path = tmp_path / "absurd.toml"
    path.write_text(TABLE, encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "floorkill", "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    lines = [json.loads(x) for x in proc.stdout.splitlines() if x.strip()]
    assert len(lines) == 5 and proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr


@pytest.mark.parametrize("bad", ['"1e999999"', '"' + "9" * 3000 + '"', "1e999999"])
def test_section_8_table_file_amount_is_a_one_line_error(bad):
    text = TABLE.split("[[events]]")[0].replace("bets = [10, 20]", f"bets = [{bad}, 20]")
    with pytest.raises(ConfigError) as info:
        load_table_text(text, "absurd.toml")
    msg = str(info.value)
    assert "absurd.toml" in msg and "bets" in msg and len(msg) < 200

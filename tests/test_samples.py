"""The shipped sample tables: every one loads and replays cleanly through the CLI, the
`--json` objects follow docs/rules.md section 6, and the recorded sessions rule as a careful
floorperson would (docs/rules.md sections 2 and 5).

The CLI is run as a subprocess (`python -m floorkill replay FILE --json`), exactly as a
user or an outside test would run it.
"""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_tables"

EXPECTED_SAMPLES = {
    "omaha8-10-20-scoop.toml",
    "omaha8-20-40-half.toml",
    "holdem-4-8-half-two-pots.toml",
    "holdem-10-20-full-killer-last.toml",
    "holdem-2-6-spread.toml",
    "holdem-1-4-8-8-big-pot.toml",
    "california-lowball-2-4.toml",
    "deuce-seven-10-20.toml",
    "draw-high-5-10-joker.toml",
}
LONG_SESSIONS = (
    "holdem-4-8-half-two-pots.toml",
    "holdem-10-20-full-killer-last.toml",
    "california-lowball-2-4.toml",
)

STEP_KEYS = {"event", "type", "hand", "button", "next", "barred", "result", "decisions", "error"}
NEXT_KEYS = {"killed", "killer", "kill_blind", "limits", "blinds", "killer_acts_last", "dealer"}
DECISION_KEYS = {"code", "seat", "text", "cites"}
KEBAB = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
AMOUNT = re.compile(r"^\d+(\.\d\d)?$")
CYRILLIC = re.compile(r"[\u0400-\u04FF]")
MULTIPLIER = {"full": Decimal(2), "half": Decimal("1.5")}

SAMPLE_FILES = sorted(SAMPLES.glob("*.toml"))
SAMPLE_IDS = [p.name for p in SAMPLE_FILES]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.pop("FLOORKILL_DEBUG", None)
    return env


def run_replay(path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "floorkill", "replay", str(path), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=_env(),
        timeout=60,
    )


@functools.cache
def replay_json(name: str, lang: str = "en") -> tuple[int, str, tuple[dict, ...]]:
    args = ("--json",) if lang == "en" else ("--json", "--lang", lang)
    proc = run_replay(SAMPLES / name, *args)
    steps = tuple(json.loads(line) for line in proc.stdout.splitlines() if line.strip())
    return proc.returncode, proc.stderr, steps


@functools.cache
def raw_table(name: str) -> dict:
    return tomllib.loads((SAMPLES / name).read_text(encoding="utf-8"))


def step(name: str, index: int) -> dict:
    rc, _err, steps = replay_json(name)
    assert rc == 0
    found = [s for s in steps if s["event"] == index]
    assert len(found) == 1, f"no single step {index} in {name}"
    return found[0]


def codes(s: dict) -> list[tuple[str, int | None]]:
    return [(d["code"], d["seat"]) for d in s["decisions"]]


def cites(s: dict) -> set[str]:
    return {c for d in s["decisions"] for c in d["cites"]}


def dec(text: str) -> Decimal:
    return Decimal(text)


# ---------------------------------------------------------------------------
# the set of samples


def test_the_nine_sample_structures_are_shipped():
    assert {p.name for p in SAMPLE_FILES} == EXPECTED_SAMPLES


def test_every_sample_has_a_comment_header_naming_structure_and_options():
    for path in SAMPLE_FILES:
        text = path.read_text(encoding="utf-8")
        head = text.split("[table]")[0]
        comment_lines = [ln for ln in head.splitlines() if ln.startswith("#")]
        assert len(comment_lines) >= 5, path.name
        assert "$" in head, f"{path.name}: the header names the stakes"
        assert "option" in head.lower(), f"{path.name}: the header explains its house options"


def test_sample_names_include_non_ascii_players():
    names = [p["name"] for path in SAMPLE_FILES for p in raw_table(path.name).get("players", [])]
    assert any(CYRILLIC.search(n) for n in names)
    assert any(not n.isascii() and not CYRILLIC.search(n) for n in names)  # José, Zoë, Łukasz ...
    for path in SAMPLE_FILES:
        table_names = [p["name"].casefold() for p in raw_table(path.name).get("players", [])]
        assert len(table_names) == len(set(table_names)), path.name


def test_sample_kill_keys_are_the_spec_keys():
    spec_keys = {
        "kind",
        "triggers",
        "preset",
        "scoop_minimum",
        "big_pot_minimum",
        "second_leg_minimum",
        "second_leg_needs_flop",
        "split_with_leg",
        "split_by_killer",
        "walk",
        "unqualified_second_win",
        "voluntary",
        "voluntary_cards",
        "killer_acts",
        "kill_blind_is_blind_money",
        "new_player",
        "missed_kill",
        "killer_in_blind",
    }
    for path in SAMPLE_FILES:
        kill = raw_table(path.name)["kill"]
        assert set(kill) <= spec_keys, path.name


def test_default_table_is_the_omaha8_scoop_sample_with_eight_players():
    from floorkill import resources

    assert resources.DEFAULT_SAMPLE == "omaha8-10-20-scoop.toml"
    raw = raw_table("omaha8-10-20-scoop.toml")
    assert len(raw["players"]) == 8
    assert 3 <= len(raw["events"]) <= 10  # a short session
    assert raw["table"]["game"] == "omaha8"
    assert raw["kill"]["kind"] == "full" and raw["kill"]["triggers"] == ["scoop"]
    assert raw["stakes"]["blinds"] == [5, 10]


def test_at_least_three_samples_carry_a_session_of_25_events():
    long = [p.name for p in SAMPLE_FILES if len(raw_table(p.name).get("events", [])) >= 25]
    assert len(long) >= 3
    assert set(LONG_SESSIONS) <= set(long)


# ---------------------------------------------------------------------------
# every sample replays cleanly, in the contract's shape


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=SAMPLE_IDS)
def test_sample_loads_with_the_rules_model(path):
    from floorkill.rules import load_table_file

    table = load_table_file(path)
    assert table.players and table.events
    assert table.config.is_kill_game


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=SAMPLE_IDS)
def test_sample_replays_json_with_exit_0_and_no_error(path):
    rc, err, steps = replay_json(path.name)
    assert rc == 0, err
    assert err == ""
    events = raw_table(path.name)["events"]
    assert [s["event"] for s in steps] == list(range(1, len(events) + 1))
    for s, raw in zip(steps, events, strict=True):
        assert set(s) == STEP_KEYS, s
        assert s["error"] is None, s
        assert s["type"] == raw["type"]
        assert NEXT_KEYS <= set(s["next"])
        assert s["button"]["status"] in ("neutral", "leg-up", "killed")
        if s["button"]["status"] == "neutral":
            assert s["button"]["seat"] is None
        else:
            assert isinstance(s["button"]["seat"], int)
        for amount in (*s["next"]["limits"], *s["next"]["blinds"]):
            assert AMOUNT.match(amount), amount
        if s["next"]["kill_blind"] is not None:
            assert AMOUNT.match(s["next"]["kill_blind"])
        if s["type"] == "hand":
            assert set(s["result"]) == {"high", "low", "scoop", "hands"}
            for h in s["result"]["hands"]:  # a showdown explains itself
                assert set(h) == {"seat", "value", "joker"} and h["value"]
        else:
            assert s["result"] is None
        for o in s["barred"]:
            assert {"player", "owes"} <= set(o) and AMOUNT.match(o["owes"])
        for d in s["decisions"]:
            assert set(d) == DECISION_KEYS
            assert KEBAB.match(d["code"]), d["code"]
            assert d["text"] and isinstance(d["text"], str)
            assert isinstance(d["cites"], list) and d["cites"], d


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=SAMPLE_IDS)
def test_every_cited_clause_is_in_the_catalogue(path):
    from floorkill.rules.clauses import CLAUSES

    _rc, _err, steps = replay_json(path.name)
    cited = {c for s in steps for c in cites(s)}
    assert cited, path.name
    assert cited <= set(CLAUSES), cited - set(CLAUSES)


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=SAMPLE_IDS)
def test_sample_replays_as_a_readable_table_with_exit_0(path):
    proc = run_replay(path)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stderr == ""
    assert "REFUSED" not in proc.stdout
    assert proc.stdout.count("event ") >= len(raw_table(path.name)["events"])


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=SAMPLE_IDS)
def test_killed_hands_scale_blind_and_every_limit_exactly(path):
    """Spec 2: kill blind = multiplier x big blind; every limit multiplied; blinds unchanged."""
    raw = raw_table(path.name)
    m = MULTIPLIER[raw["kill"]["kind"]]
    bets = [Decimal(str(b)) for b in raw["stakes"]["bets"]]
    blinds = [Decimal(str(b)) for b in raw["stakes"]["blinds"]]
    _rc, _err, steps = replay_json(path.name)
    killed = 0
    for s in steps:
        n = s["next"]
        assert [dec(b) for b in n["blinds"]] == blinds
        if n["killed"]:
            killed += 1
            assert dec(n["kill_blind"]) == m * blinds[1]
            assert [dec(x) for x in n["limits"]] == [m * b for b in bets]
            assert n["killer"] == s["button"]["seat"]
            assert n["posts"][str(n["killer"])] == n["kill_blind"]  # killer_in_blind = replaces
        else:
            assert n["kill_blind"] is None and n["killer"] is None
            assert [dec(x) for x in n["limits"]] == bets
    assert killed, f"{path.name} never reaches a kill pot"


@pytest.mark.parametrize("name", LONG_SESSIONS)
def test_russian_replay_has_cyrillic_texts_and_the_same_codes_and_cites(name):
    rc_en, _e, en = replay_json(name)
    rc_ru, err, ru = replay_json(name, "ru")
    assert rc_en == rc_ru == 0, err
    assert len(en) == len(ru)
    for a, b in zip(en, ru, strict=True):
        assert set(b) == STEP_KEYS
        assert [(d["code"], d["seat"], d["cites"]) for d in a["decisions"]] == [
            (d["code"], d["seat"], d["cites"]) for d in b["decisions"]
        ]
        for d_en, d_ru in zip(a["decisions"], b["decisions"], strict=True):
            assert CYRILLIC.search(d_ru["text"]), d_ru["text"]
            assert d_ru["text"] != d_en["text"]
        assert a["button"] == b["button"] and a["next"] == b["next"]


def test_long_sessions_walk_through_every_kind_of_ruling():
    all_codes: set[str] = set()
    all_types: set[str] = set()
    all_cites: set[str] = set()
    for name in LONG_SESSIONS:
        _rc, _err, steps = replay_json(name)
        all_types |= {s["type"] for s in steps}
        all_codes |= {d["code"] for s in steps for d in s["decisions"]}
        all_cites |= {c for s in steps for c in cites(s)}
        # each long session on its own: legs, kills, kill-again, neutral, away/back, a quit,
        # a join during a kill pot, a stack record and an under-post ruling
        own_types = {s["type"] for s in steps}
        own_codes = {d["code"] for s in steps for d in s["decisions"]}
        assert {"hand", "join", "away", "back", "quit", "stack", "underpost"} <= own_types, name
        assert {"leg-up", "kill", "kill-again"} <= own_codes, name
        # the button going neutral, or a leg lost / a hand leaving it neutral (docs/rules.md 6: the
        # `neutral` code only when the button becomes neutral)
        assert own_codes & {"neutral", "leg-lost", "no-kill"}, name
        assert own_codes & {"not-dealt-in", "agrees-to-kill"}, name
        assert own_codes & {"must-complete", "may-withdraw"}, name
        splits = [s for s in steps if s["type"] == "hand" and s["result"]["scoop"] is None]
        assert splits, f"{name} has no split pot"
    assert "voluntary_kill" in all_types
    assert {"barred", "not-dealt-in", "must-complete", "may-withdraw", "neutral"} <= all_codes
    assert {
        "rrop-13.1b",
        "rrop-13.1c",
        "rrop-13.3",
        "rrop-13.4",
        "rrop-13.5",
        "rrop-13.6",
        "rrop-13.7",
        "rrop-13.9",
        "rrop-13.10",
        "rrop-13.12",
        "house-natural",
    } <= all_cites


# ---------------------------------------------------------------------------
# specific steps of the recorded sessions

HALF = "holdem-4-8-half-two-pots.toml"
FULL_LAST = "holdem-10-20-full-killer-last.toml"
LOWBALL = "california-lowball-2-4.toml"


def test_half_kill_first_leg_then_walk_then_short_second_win():
    s1, s2, s3 = step(HALF, 1), step(HALF, 2), step(HALF, 3)
    assert codes(s1) == [("leg-up", 2)] and "rrop-13.3" in cites(s1)
    assert s1["button"] == {"status": "leg-up", "seat": 2, "player": "Наталья Смирнова"}
    # a walk (no flop) with second_leg_needs_flop: keeps the button, no kill
    assert codes(s2) == [("leg-up", 2)] and cites(s2) == {"house-natural"}
    assert s2["next"]["killed"] is False
    # a short second win under the house preset: neutral (house-button d)
    assert codes(s3) == [("neutral", None)] and "house-button" in cites(s3)
    assert s3["button"]["status"] == "neutral"


def test_half_kill_splits():
    s5, s6 = step(HALF, 5), step(HALF, 6)
    assert codes(s5) == [("leg-up", 4)] and "rrop-13.4" in cites(s5)
    assert s5["result"]["high"] == [4, 6] and s5["result"]["scoop"] is None
    assert codes(s6) == [("neutral", None)] and "rrop-13.1c" in cites(s6)


def test_half_kill_scales_limits_by_one_and_a_half_exactly():
    s = step(HALF, 8)
    assert codes(s) == [("kill", 5)]
    assert {"rrop-13.3", "house-natural"} <= cites(s)
    n = s["next"]
    assert n["killed"] is True and n["killer"] == 5
    assert n["blinds"] == ["2", "4"]
    assert n["kill_blind"] == "6"
    assert n["limits"] == ["6", "12"]
    assert n["killer_acts_last"] is False  # killer_acts = "in-turn" (rrop-13.2)
    assert s["button"]["kind"] == "required"


def test_half_kill_underpost_new_player_and_kill_again():
    s10, s11, s12, s13 = (step(HALF, i) for i in (10, 11, 12, 13))
    assert codes(s10) == [("must-complete", 1)] and cites(s10) == {"rrop-13.9"}
    assert codes(s11) == [("not-dealt-in", 9)] and cites(s11) == {"rrop-13.12"}
    assert 9 not in [int(k) for k in s11["next"]["posts"]]
    assert codes(s12) == [("kill-again", 5)] and "rrop-13.7" in cites(s12)
    assert s12["next"]["kill_blind"] == "6" and s12["next"]["limits"] == ["6", "12"]
    # the new player is dealt in once the kill pot is over
    assert s12["next"]["dealer"] is not None
    assert codes(s13) == [("leg-up", 7)] and s13["next"]["killed"] is False
    assert s13["next"]["limits"] == ["4", "8"]


def test_half_kill_leg_holder_away_keeps_the_leg_for_the_return():
    s14, s15, s16 = step(HALF, 14), step(HALF, 15), step(HALF, 16)
    assert codes(s14) == [("leg-up", 7)] and "rrop-13.5" in cites(s14)
    assert s15["button"]["seat"] == 3 and s15["button"].get("credits") == ["Ana María Ruiz"]
    assert "rrop-13.5" in cites(s16)
    assert s16["button"]["seat"] == 3  # another player has the leg: hers waits
    s27 = step(HALF, 27)  # the leg holder quits: the leg is lost, hers returns
    assert codes(s27) == [("leg-lost", 1), ("leg-up", 7)]  # never neutral: no `neutral` decision
    assert {"rrop-13.1b", "rrop-13.5"} <= cites(s27)
    assert s27["button"] == {"status": "leg-up", "seat": 7, "player": "Ana María Ruiz"}


def test_half_kill_agreed_kill_keeps_the_winners_leg():
    s19, s20, s21, s22 = (step(HALF, i) for i in (19, 20, 21, 22))
    assert codes(s19) == [("agrees-to-kill", 8)] and "rrop-13.12" in cites(s19)
    assert codes(s20) == [("leg-up", 6), ("kill", 8)]
    assert s20["button"]["kind"] == "agreed"
    assert s20["button"]["leg"] == {"seat": 6, "player": "Łukasz Nowak"}
    assert codes(s21) == [("kill", 6)] and s21["button"]["kind"] == "required"
    assert codes(s22) == [("kill-again", 6)] and "rrop-13.4" in cites(s22)


def test_full_kill_doubles_and_killer_acts_last():
    s = step(FULL_LAST, 4)
    assert codes(s) == [("kill", 3)]
    n = s["next"]
    assert n["kill_blind"] == "20" and n["blinds"] == ["5", "10"]
    assert dec(n["kill_blind"]) == 2 * dec(n["blinds"][1])
    assert n["limits"] == ["20", "40"]
    assert n["killer_acts_last"] is True


def test_full_kill_short_second_wins_keep_the_leg_under_roberts_rules():
    for i in (2, 3, 25):
        s = step(FULL_LAST, i)
        assert [c for c, _ in codes(s)] == ["leg-up"]
        assert {"rrop-13.3", "rrop-glossary"} <= cites(s)
        assert s["next"]["killed"] is False
    s21 = step(FULL_LAST, 21)  # exactly one full bet qualifies
    assert codes(s21) == [("kill", 4)]


def test_full_kill_missed_kill_bars_until_paid():
    s17, s18, s19, s20 = (step(FULL_LAST, i) for i in (17, 18, 19, 20))
    assert codes(s17) == [("barred", 8), ("neutral", None)] and cites(s17) == {"rrop-13.6"}
    assert s17["barred"] == [{"player": "Наталья Кузнецова", "owes": "20"}]
    assert s17["next"]["killed"] is False and s17["button"]["status"] == "neutral"
    assert s18["barred"] == s17["barred"]
    assert codes(s18) == [("leg-up", 4)]
    assert s19["barred"] == []
    assert s20["error"] is None


def test_full_kill_killer_away_keeps_the_kill_in_the_pot():
    s27, s28 = step(FULL_LAST, 27), step(FULL_LAST, 28)
    assert codes(s27) == [("kill", 5)] and cites(s27) == {"rrop-13.6"}
    assert s27["next"]["killed"] is True and s27["next"]["killer"] == 5
    assert codes(s28) == [("leg-up", 7)] and s28["next"]["killed"] is False


def test_lowball_voluntary_kill_keeps_the_leg_and_acts_last():
    s3, s4, s5, s6 = (step(LOWBALL, i) for i in (3, 4, 5, 6))
    assert codes(s3) == [("kill", 6)] and cites(s3) == {"rrop-13.10"}
    assert s3["button"]["kind"] == "voluntary"
    assert s3["button"]["leg"] == {"seat": 4, "player": "Ngozi Balogun"}
    assert s3["next"]["killer_acts_last"] is True
    assert s3["next"]["kill_blind"] == "4" and s3["next"]["limits"] == ["4", "8"]
    assert codes(s4) == [("may-withdraw", 1)] and cites(s4) == {"rrop-13.9"}
    assert codes(s5) == [("kill", 4)] and s5["button"]["kind"] == "required"
    assert s5["next"]["killer_acts_last"] is False  # required killer acts in turn
    assert codes(s6) == [("kill-again", 4)]


def test_lowball_joker_showdown_and_voluntary_killer_wins_an_ordinary_leg():
    pytest.importorskip("floorkill.cards")
    s8 = step(LOWBALL, 8)
    assert {k: s8["result"][k] for k in ("high", "low", "scoop")} == {
        "high": [2],
        "low": [],
        "scoop": 2,
    }
    hands = {h["seat"]: h for h in s8["result"]["hands"]}
    assert hands[2]["value"] == "7-5-3-2-A low" and hands[4]["value"] == "8-6-4-2-A low"
    assert hands[2]["joker"]["as"] == "A" and "joker-1" in hands[2]["joker"]["cites"]
    assert codes(s8) == [("shows", 2), ("shows", 4), ("leg-up", 2)]
    s16, s17 = step(LOWBALL, 16), step(LOWBALL, 17)
    assert codes(s16) == [("kill", 8)] and s16["button"]["kind"] == "voluntary"
    assert codes(s17) == [("leg-up", 8)]  # no kill again for a voluntary killer
    s29 = step(LOWBALL, 29)
    assert codes(s29) == [("leg-up", 3)] and s29["next"]["killed"] is False


def test_omaha8_scoop_kill_and_kill_again():
    name = "omaha8-10-20-scoop.toml"
    s2, s3, s4, s5, s6 = (step(name, i) for i in (2, 3, 4, 5, 6))
    assert codes(s2) == [("no-kill", None)] and "rrop-13.8" in cites(
        s2
    )  # $85 < $100, stays neutral
    assert {k: s3["result"][k] for k in ("high", "low", "scoop")} == {
        "high": [7],
        "low": [7],
        "scoop": 7,
    }
    assert [h["seat"] for h in s3["result"]["hands"]] == [1, 7]
    assert [c for c, _ in codes(s3)][:2] == ["shows", "shows"]
    s3 = {**s3, "decisions": [d for d in s3["decisions"] if d["code"] != "shows"]}
    assert codes(s3) == [("kill", 7)] and {"rrop-13.8", "house-scoop"} <= cites(s3)
    assert s3["next"]["kill_blind"] == "20" and s3["next"]["limits"] == ["20", "40"]
    assert codes(s4) == [("must-complete", 3)]
    assert codes(s5) == [("kill-again", 7)] and "rrop-13.7" in cites(s5)
    assert codes(s6) == [("neutral", None)] and s6["next"]["limits"] == ["10", "20"]


def test_omaha8_half_kill_and_killer_who_quits_still_posts():
    name = "omaha8-20-40-half.toml"
    s1, s2, s3 = step(name, 1), step(name, 2), step(name, 3)
    assert codes(s1) == [("kill", 3)]
    assert s1["next"]["kill_blind"] == "30" and s1["next"]["limits"] == ["30", "60"]
    assert codes(s2) == [("kill", 3)] and cites(s2) == {"rrop-13.6"}
    assert s2["next"]["killed"] is True and s2["next"]["killer"] == 3
    assert codes(s3) == [("not-dealt-in", 8)]


def test_spread_kills_raise_minimum_and_maximum():
    s = step("holdem-2-6-spread.toml", 2)
    assert codes(s) == [("kill", 3)]
    assert s["next"]["limits"] == ["4", "12"] and s["next"]["kill_blind"] == "4"
    s = step("holdem-1-4-8-8-big-pot.toml", 2)
    assert codes(s) == [("kill", 5)] and cites(s) == {"house-big-pot"}
    assert s["next"]["limits"] == ["2", "8", "8", "16", "16"]
    assert s["next"]["kill_blind"] == "4"


def test_big_pot_minimum_is_the_houses_amount():
    name = "holdem-1-4-8-8-big-pot.toml"
    assert codes(step(name, 1)) == [("no-kill", None)]  # $38: the button stays neutral
    assert codes(step(name, 5)) == [("neutral", None)]  # the kill pot is over: neutral
    assert codes(step(name, 6)) == [("no-kill", None)]  # $49
    assert codes(step(name, 7)) == [("kill", 7)]  # $75
    s3 = step(name, 3)
    assert codes(s3) == [("kill-again", 5)] and "rrop-13.7" in cites(s3)


def test_big_pot_killer_who_wins_a_small_kill_pot_kills_again(tmp_path):
    text = (SAMPLES / "holdem-1-4-8-8-big-pot.toml").read_text(encoding="utf-8")
    text += '\n[[events]]\ntype = "hand"\nwinner = 7\npot = 30\n'
    path = tmp_path / "big-pot-again.toml"
    path.write_text(text, encoding="utf-8")
    proc = run_replay(path, "--json")
    assert proc.returncode == 0, proc.stderr
    last = json.loads(proc.stdout.splitlines()[-1])
    assert last["error"] is None
    assert [d["code"] for d in last["decisions"]] == ["kill-again"]
    assert "rrop-13.8" not in {c for d in last["decisions"] for c in d["cites"]}
    assert "$40" not in " ".join(d["text"] for d in last["decisions"])


def test_half_kill_amounts_are_exact_decimal_strings(tmp_path):
    """$3-$6 with a $3 big blind, half kill: blind $4.50, played $4.50-$9 (never rounded)."""
    text = (SAMPLES / HALF).read_text(encoding="utf-8")
    text = text.replace("bets = [4, 8]", "bets = [3, 6]").replace(
        "blinds = [2, 4]", "blinds = [1, 3]"
    )
    path = tmp_path / "half-3-6.toml"
    path.write_text(text, encoding="utf-8")
    proc = run_replay(path, "--json")
    assert proc.returncode == 0, proc.stderr
    steps = [json.loads(line) for line in proc.stdout.splitlines()]
    s8 = steps[7]
    assert [d["code"] for d in s8["decisions"]] == ["kill"]
    assert s8["next"]["kill_blind"] == "4.50"
    assert s8["next"]["limits"] == ["4.50", "9"]
    assert s8["next"]["blinds"] == ["1", "3"]

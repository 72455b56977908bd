"""Bad input through the CLI (docs/rules.md sections 3, 4, 8 and 9).

Bad table files: `floorkill replay FILE [--json]` exits 2 with ONE line on stderr that
names the file, the line (and the column for TOML syntax errors) and the key.
Bad events: each is refused with an `error` object (message and clause ids), nothing of
it is applied, and the command exits 2 after the last event.
Never a traceback.

Most cases are generated from a small base table (parametrized); a few are real files in
tests/fixtures/bad/.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from journalrows import journal_rows

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "bad"

BASE = """\
# base table for bad-input tests
[table]
name = "Table 9"
game = "holdem"
seats = 9

[stakes]
structure = "fixed"
bets = [4, 8]
blinds = [2, 4]

[kill]
kind = "full"
triggers = ["two-pots"]

[[players]]
seat = 1
name = "Ann"

[[players]]
seat = 2
name = "Bob"

[[players]]
seat = 3
name = "Cy"
stack = 100
"""

LOWBALL_VOLUNTARY = """\
[table]
name = "Lowball 2"
game = "lowball-a5"
joker = true
seats = 9

[stakes]
bets = [2, 4]
blinds = [1, 2]

[kill]
kind = "full"
triggers = ["two-pots"]
voluntary = true

[[players]]
seat = 1
name = "Ann"
stack = 40

[[players]]
seat = 2
name = "Bob"
stack = 10

[[players]]
seat = 3
name = "Cy"
stack = 60
"""


def sub(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def line_of(text: str, marker: str) -> int:
    hits = [no for no, line in enumerate(text.splitlines(), start=1) if marker in line]
    assert len(hits) == 1, f"marker {marker!r} is not on exactly one line"
    return hits[0]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.pop("FLOORKILL_DEBUG", None)
    return env


def run_replay_process(path: Path, *args: str) -> subprocess.CompletedProcess:
    """``python -m floorkill replay PATH ARGS`` in a child process."""
    return subprocess.run(
        [sys.executable, "-m", "floorkill", "replay", str(path), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        cwd=ROOT,
        env=_env(),
        timeout=60,
    )


def run_replay(path: Path, *args: str) -> subprocess.CompletedProcess:
    """The same command run in this process: ``cli.main`` with stdout and stderr as the
    child's (UTF-8 text over a byte stream, not a terminal), the bytes decoded as
    :func:`run_replay_process` decodes them. It spares ~190 Python starts;
    ``test_in_process_replay_is_the_command`` holds it to the child's exact output."""
    from floorkill.cli import main

    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="\n")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="\n")
    argv = ["replay", str(path), *args]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    text = []
    for stream in (out, err):
        stream.flush()
        text.append(stream.buffer.getvalue().decode("utf-8", errors="replace"))
    return subprocess.CompletedProcess(argv, code, *text)


# ---------------------------------------------------------------------------
# TOML rendering of events (inline tables for showdowns)


def _toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=True)  # \uXXXX escapes are valid TOML
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return (
            "{ "
            + ", ".join(f"{json.dumps(str(k))} = {_toml_value(x)}" for k, x in v.items())
            + " }"
        )
    raise TypeError(v)


def with_events(base: str, events: list[dict]) -> str:
    out = [base]
    for ev in events:
        out.append("\n[[events]]")
        out.extend(f"{k} = {_toml_value(v)}" for k, v in ev.items())
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# bad table files


@dataclass
class FileCase:
    id: str
    text: str | bytes | None  # None: the file does not exist
    expect: tuple[str, ...]  # substrings of the one-line reason
    marker: str | None = None  # the reason names the line holding this text
    col: int | None = None  # ... and this column (TOML syntax errors)
    xfail: str | None = None  # ENGINE-BUG: why the engine gets it wrong


def _file_cases() -> list[FileCase]:
    b = BASE
    return [
        FileCase(
            "toml-syntax",
            sub(b, 'name = "Table 9"', 'name = "Table 9'),
            ("TOML syntax error",),
            'name = "Table 9',
            col=16,
        ),
        FileCase(
            "toml-syntax-bad-key",
            sub(b, "seats = 9", "seats = = 9"),
            ("TOML syntax error",),
            "seats = = 9",
            col=9,
        ),
        FileCase(
            "missing-table",
            "# no [table] here\n[stakes]" + b.split("[stakes]")[1],
            ("missing [table]",),
        ),
        FileCase(
            "unknown-game",
            sub(b, 'game = "holdem"', 'game = "chess"'),
            ("[table] game", "chess", "holdem"),
            'game = "chess"',
        ),
        FileCase(
            "seats-11",
            sub(b, "seats = 9", "seats = 11"),
            ("[table] seats", "2 to 10"),
            "seats = 11",
        ),
        FileCase("seats-1", sub(b, "seats = 9", "seats = 1"), ("[table] seats",), "seats = 1"),
        FileCase(
            "player-seat-11",
            sub(b, "seat = 3\n", "seat = 11\n"),
            ("[players] seat", "1 to 9"),
            "seat = 11",
        ),
        FileCase(
            "duplicate-seat",
            sub(b, "seat = 3\n", "seat = 2  # again\n"),
            ("[players] seat", "seat 2 is given twice"),
            "seat = 2  # again",
        ),
        FileCase(
            "duplicate-name-casefold",
            sub(b, 'name = "Cy"', 'name = "ann"'),
            ("[players] name", "already seated"),
            'name = "ann"',
        ),
        FileCase(
            "name-esc",
            sub(b, 'name = "Cy"', 'name = "\\u001b[2J"'),
            ("[players] name", "position 1", "U+001B"),
            'name = "\\u001b[2J"',
        ),
        FileCase(
            "name-c1",
            sub(b, 'name = "Cy"', 'name = "C\\u009by"'),
            ("[players] name", "position 2", "U+009B"),
            'name = "C\\u009by"',
        ),
        FileCase(
            "name-bidi",
            sub(b, 'name = "Cy"', 'name = "Cy\\u202eevil"'),
            ("[players] name", "position 3", "U+202E"),
            'name = "Cy\\u202eevil"',
        ),
        FileCase(
            "name-33-characters",
            sub(b, 'name = "Cy"', f'name = "{"Ω" * 33}"'),
            ("[players] name", "33 characters", "32"),
            "Ω" * 33,
        ),
        FileCase(
            "name-empty",
            sub(b, 'name = "Cy"', 'name = ""'),
            ("[players] name", "empty"),
            'name = ""',
        ),
        FileCase(
            "name-blank",
            sub(b, 'name = "Cy"', 'name = "   "'),
            ("[players] name", "empty"),
            'name = "   "',
        ),
        FileCase(
            "name-not-text",
            sub(b, 'name = "Cy"', "name = 42"),
            ("[players] name", "text"),
            "name = 42",
        ),
        FileCase(
            "joker-in-holdem",
            sub(b, "seats = 9", "seats = 9\njoker = true"),
            ("[table] joker", "lowball-a5"),
            "joker = true",
        ),
        FileCase(
            "stud-full-kill",
            sub(sub(b, 'game = "holdem"', 'game = "stud"'), "blinds = [2, 4]\n", ""),
            ("[kill] kind", "house-blind-games"),
            'kind = "full"',
        ),
        FileCase(
            "stud-with-blinds",
            sub(b, 'game = "holdem"', 'game = "stud"'),
            ("[stakes] blinds", "house-blind-games"),
            "blinds = [2, 4]",
        ),
        FileCase(
            "half-kill-fraction-of-a-cent",
            sub(
                sub(
                    sub(b, 'kind = "full"', 'kind = "half"'),
                    "bets = [4, 8]",
                    'bets = ["0.25", "0.50"]',
                ),
                "blinds = [2, 4]",
                'blinds = ["0.10", "0.25"]',
            ),
            ("[kill] kind", "fraction of a cent"),
            'kind = "half"',
        ),
        FileCase(
            "bets-three-decimals",
            sub(b, "bets = [4, 8]", 'bets = ["4.505", 8]'),
            ("[stakes] bets", "4.505", "more than two decimals"),
            'bets = ["4.505", 8]',
        ),
        FileCase(
            "bets-float-not-exact",
            sub(b, "bets = [4, 8]", "bets = [4.505, 8]"),
            ("[stakes] bets", "not exact to the cent"),
            "bets = [4.505, 8]",
        ),
        FileCase(
            "negative-blind",
            sub(b, "blinds = [2, 4]", "blinds = [-1, 4]"),
            ("[stakes] blinds", "negative"),
            "blinds = [-1, 4]",
        ),
        FileCase(
            "small-blind-bigger",
            sub(b, "blinds = [2, 4]", "blinds = [5, 4]"),
            ("[stakes] blinds", "bigger"),
            "blinds = [5, 4]",
        ),
        FileCase(
            "unknown-kill-key",
            sub(b, 'triggers = ["two-pots"]', 'triggers = ["two-pots"]\nkill_amount = 8'),
            ("[kill] kill_amount", "unknown key"),
            "kill_amount = 8",
        ),
        FileCase(
            "bad-trigger",
            sub(b, 'triggers = ["two-pots"]', 'triggers = ["three-pots"]'),
            ("[kill] triggers", "two-pots"),
            'triggers = ["three-pots"]',
        ),
        FileCase(
            "trigger-twice",
            sub(b, 'triggers = ["two-pots"]', 'triggers = ["two-pots", "two-pots"]'),
            ("[kill] triggers", "twice"),
            'triggers = ["two-pots", "two-pots"]',
        ),
        FileCase(
            "spread-bets-below-min",
            sub(
                sub(b, 'structure = "fixed"', 'structure = "spread"'),
                "bets = [4, 8]",
                "bets = [4, 2]",
            ),
            ("[stakes] bets", "below the minimum"),
            "bets = [4, 2]",
        ),
        FileCase(
            "fixed-three-bets",
            sub(b, "bets = [4, 8]", "bets = [4, 8, 16]"),
            ("[stakes] bets", "[lower, upper]"),
            "bets = [4, 8, 16]",
        ),
        FileCase(
            "bad-structure",
            sub(b, 'structure = "fixed"', 'structure = "pot-limit"'),
            ("[stakes] structure",),
            'structure = "pot-limit"',
        ),
        FileCase(
            "bad-kind",
            sub(b, 'kind = "full"', 'kind = "double"'),
            ("[kill] kind", "half"),
            'kind = "double"',
        ),
        FileCase(
            "kind-none-with-triggers",
            sub(b, 'kind = "full"', 'kind = "none"'),
            ("[kill] triggers", "none"),
            'triggers = ["two-pots"]',
        ),
        FileCase(
            "flop-rule-in-draw-game",
            sub(
                sub(b, 'game = "holdem"', 'game = "lowball-27"'),
                'triggers = ["two-pots"]',
                'triggers = ["two-pots"]\nsecond_leg_needs_flop = true',
            ),
            ("[kill] second_leg_needs_flop", "no flop"),
            "second_leg_needs_flop = true",
        ),
        FileCase(
            "voluntary-without-kill",
            sub(
                sub(b, 'kind = "full"', 'kind = "none"'),
                'triggers = ["two-pots"]',
                "voluntary = true",
            ),
            ("[kill] voluntary",),
            "voluntary = true",
        ),
        FileCase(
            "bad-preset",
            sub(b, 'kind = "full"', 'kind = "full"\npreset = "vegas"'),
            ("[kill] preset", "robert"),
            'preset = "vegas"',
        ),
        FileCase(
            "bad-scoop-minimum",
            sub(b, 'kind = "full"', 'kind = "full"\nscoop_minimum = "10x"'),
            ("[kill] scoop_minimum",),
            'scoop_minimum = "10x"',
        ),
        FileCase(
            "bad-killer-acts",
            sub(b, 'kind = "full"', 'kind = "full"\nkiller_acts = "first"'),
            ("[kill] killer_acts", "in-turn"),
            'killer_acts = "first"',
        ),
        FileCase(
            "option-wrong-type",
            sub(b, 'kind = "full"', 'kind = "full"\nvoluntary = "yes"'),
            ("[kill] voluntary", "true"),
            'voluntary = "yes"',
        ),
        FileCase(
            "button-12",
            sub(b, "seats = 9", "seats = 9\nbutton = 12"),
            ("[table] button", "1 to 9"),
            "button = 12",
        ),
        FileCase(
            "unknown-table-key",
            sub(b, "seats = 9", "seats = 9\nlimit = 8"),
            ("[table] limit", "unknown key"),
            "limit = 8",
        ),
        FileCase(
            "unknown-player-key",
            sub(b, "stack = 100", "stack = 100\nvip = true"),
            ("[players] vip", "unknown key"),
            "vip = true",
        ),
        FileCase(
            "player-stack-three-decimals",
            sub(b, "stack = 100", 'stack = "100.001"'),
            ("[players] stack", "more than two decimals"),
            'stack = "100.001"',
        ),
        FileCase(
            "table-without-name", sub(b, 'name = "Table 9"\n', ""), ("[table]", "name"), "[table]"
        ),
        FileCase(
            "unknown-section",
            b + '\n[dealer]\nname = "Sam"\n',
            ("dealer", "unknown key"),
            "[dealer]",
        ),
        FileCase(
            "missing-stakes",
            b.split("[stakes]")[0] + "[kill]" + b.split("[kill]")[1],
            ("missing [stakes]",),
        ),
        FileCase(
            "players-not-array",
            "players = 3\n" + b.split("[[players]]")[0],
            ("players", "[[players]]"),
            "players = 3",
        ),
        FileCase("empty-file", "", ("empty table file",)),
        FileCase(
            "not-utf8",
            sub(b, 'name = "Table 9"', 'name = "Caf\u00e9"').encode("latin-1"),
            ("not UTF-8",),
        ),
        FileCase("no-such-file", None, ("cannot read",)),
    ]


FILE_CASES = _file_cases()
FILE_PARAMS = [
    pytest.param(
        c, id=c.id, marks=[pytest.mark.xfail(reason=c.xfail, strict=True)] if c.xfail else []
    )
    for c in FILE_CASES
]


@pytest.fixture(params=["plain", "json"])
def mode(request):
    return request.param


def _check_file_refusal(path: Path, proc: subprocess.CompletedProcess, expect, line, col):
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert "Traceback" not in proc.stderr
    assert proc.stdout == ""
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, proc.stderr
    reason = lines[0]
    assert reason.startswith("floorkill: "), reason
    assert str(path) in reason, reason
    for piece in expect:
        assert piece in reason, (piece, reason)
    if line is not None:
        where = f"{path}:{line}:{col}:" if col is not None else f"{path}:{line}:"
        assert where in reason, (where, reason)
    return reason


@pytest.mark.parametrize("case", FILE_PARAMS)
def test_bad_table_file_gets_one_line_reason(case, mode, tmp_path):
    path = tmp_path / f"{case.id}.toml"
    if isinstance(case.text, bytes):
        path.write_bytes(case.text)
    elif case.text is not None:
        path.write_text(case.text, encoding="utf-8")
    line = line_of(case.text, case.marker) if case.marker and isinstance(case.text, str) else None
    args = ("--json",) if mode == "json" else ()
    proc = run_replay(path, *args)
    _check_file_refusal(path, proc, case.expect, line, case.col)


def test_there_are_at_least_40_bad_inputs():
    assert len(FILE_CASES) + len(EVENT_CASES) + len(FIXTURE_CASES) >= 40
    assert len(FILE_CASES) >= 20 and len(EVENT_CASES) >= 20


def test_a_refused_file_prints_no_control_characters_from_a_name(tmp_path):
    """The reason line quotes nothing of a hostile name that could drive the terminal."""
    path = tmp_path / "esc.toml"
    path.write_text(
        sub(BASE, 'name = "Cy"', 'name = "\\u001b]0;pwned\\u0007\\u009b2J"'), encoding="utf-8"
    )
    proc = run_replay_process(path)  # the real command
    assert proc.returncode == 2
    assert "\x1b" not in proc.stderr and "\x9b" not in proc.stderr and "\x07" not in proc.stderr


# ---------------------------------------------------------------------------
# bad events


@dataclass
class EventCase:
    id: str
    events: list[dict]  # the last one is refused; the others are fine
    expect: tuple[str, ...]  # substrings of the error message
    cites: tuple[str, ...] = ()  # clause ids the error must cite
    base: str = BASE
    needs_cards: bool = False


def _kill_for_ann() -> list[dict]:
    return [{"type": "hand", "winner": 1}, {"type": "hand", "winner": 1, "qualifies": True}]


EVENT_CASES = [
    EventCase("empty-seat", [{"type": "hand", "winner": 5}], ("seat 5 is empty",)),
    EventCase("empty-seat-away", [{"type": "away", "seat": 7}], ("seat 7 is empty",)),
    EventCase("seat-11", [{"type": "away", "seat": 11}], ("no seat 11", "1 to 9")),
    EventCase("winner-seat-11", [{"type": "hand", "winner": 11}], ("no seat 11",)),
    EventCase("seat-not-a-number", [{"type": "back", "seat": "two"}], ("not a seat number",)),
    EventCase("missing-seat", [{"type": "away"}], ("missing field 'seat'",)),
    EventCase("negative-pot", [{"type": "hand", "winner": 1, "pot": -5}], ("pot", "negative")),
    EventCase("unknown-type", [{"type": "fold", "seat": 1}], ("unknown event type", "fold")),
    EventCase(
        "unknown-field", [{"type": "away", "seat": 1, "reason": "smoke"}], ("'reason'", "away")
    ),
    EventCase(
        "amount-three-decimals",
        [{"type": "stack", "seat": 1, "amount": "10.505"}],
        ("amount", "more than two decimals"),
    ),
    EventCase(
        "pot-float-not-exact",
        [{"type": "hand", "winner": 1, "pot": 10.005}],
        ("pot", "not exact to the cent"),
    ),
    EventCase(
        "joker-in-holdem-showdown",
        [
            {
                "type": "hand",
                "showdown": {"board": "2c 4d 5h 9s Kc", "hands": {"1": "Jk As", "2": "Qd Qh"}},
            }
        ],
        ("joker",),
        needs_cards=True,
    ),
    EventCase(
        "unknown-card",
        [
            {
                "type": "hand",
                "showdown": {"board": "2c 4d 5h 9s Kc", "hands": {"1": "Zz As", "2": "Qd Qh"}},
            }
        ],
        ("Zz",),
        needs_cards=True,
    ),
    EventCase(
        "join-occupied-seat", [{"type": "join", "seat": 1, "name": "Dana"}], ("seat 1 is taken",)
    ),
    EventCase(
        "join-barred-name",
        [
            *_kill_for_ann(),
            {"type": "quit", "seat": 1, "posts_kill": False},
            {"type": "join", "seat": 1, "name": "ann"},
        ],
        ("owes a kill", "$8"),
        ("rrop-13.6",),
    ),
    EventCase(
        "back-while-barred",
        [
            *_kill_for_ann(),
            {"type": "away", "seat": 1, "posts_kill": False},
            {"type": "back", "seat": 1},
        ],
        ("owes a kill",),
        ("rrop-13.6",),
    ),
    EventCase(
        "join-name-taken-casefold",
        [{"type": "join", "seat": 5, "name": "BOB"}],
        ("already seated",),
    ),
    EventCase(
        "join-name-esc",
        [{"type": "join", "seat": 5, "name": "\u001b[2J"}],
        ("U+001B", "position 1"),
    ),
    EventCase(
        "join-name-c1", [{"type": "join", "seat": 5, "name": "Dee\u009b"}], ("U+009B", "position 4")
    ),
    EventCase("join-name-bidi", [{"type": "join", "seat": 5, "name": "\u202eDee"}], ("U+202E",)),
    EventCase("join-name-33", [{"type": "join", "seat": 5, "name": "x" * 33}], ("33 characters",)),
    EventCase(
        "voluntary-kill-not-allowed",
        [{"type": "voluntary_kill", "seat": 1}],
        ("voluntary",),
        ("rrop-13.10",),
    ),
    EventCase(
        "voluntary-kill-stack-short",
        [{"type": "voluntary_kill", "seat": 2}],
        ("$16",),
        ("rrop-13.10",),
        base=LOWBALL_VOLUNTARY,
    ),
    EventCase(
        "voluntary-kill-third-card",
        [{"type": "voluntary_kill", "seat": 1, "third_card_dealt": True}],
        ("too late",),
        ("rrop-13.10",),
        base=LOWBALL_VOLUNTARY,
    ),
    EventCase(
        "voluntary-kill-twice",
        [{"type": "voluntary_kill", "seat": 1}, {"type": "voluntary_kill", "seat": 3}],
        ("only one kill per deal",),
        ("rrop-13.11",),
        base=LOWBALL_VOLUNTARY,
    ),
    EventCase(
        "underpost-not-killed",
        [{"type": "underpost", "seat": 1}],
        ("not a kill pot",),
        ("rrop-13.9",),
    ),
    EventCase(
        "second-leg-question",
        [{"type": "hand", "winner": 1}, {"type": "hand", "winner": 1}],
        ("won_beyond_blinds", "$4"),
        ("rrop-13.3",),
    ),
    EventCase(
        "qualify-disagree",
        [
            {"type": "hand", "winner": 1},
            {"type": "hand", "winner": 1, "won_beyond_blinds": 1, "qualifies": True},
        ],
        ("disagree",),
    ),
    EventCase(
        "qualify-disagree-other-way",
        [
            {"type": "hand", "winner": 2},
            {"type": "hand", "winner": 2, "won_beyond_blinds": 8, "qualifies": False},
        ],
        ("disagree",),
    ),
    EventCase(
        "qualifies-not-bool",
        [{"type": "hand", "winner": 1, "qualifies": "yes"}],
        ("qualifies", "true or false"),
    ),
    EventCase("high-low-on-holdem", [{"type": "hand", "high": [1], "low": [2]}], ("hi-lo",)),
    EventCase("low-without-high", [{"type": "hand", "low": [2]}], ("'low' needs 'high'",)),
    EventCase("hand-without-result", [{"type": "hand", "pot": 10}], ("exactly one of",)),
    EventCase(
        "winner-and-winners",
        [{"type": "hand", "winner": 1, "winners": [1, 2]}],
        ("exactly one of",),
    ),
    EventCase("winners-seat-twice", [{"type": "hand", "winners": [1, 1]}], ("twice",)),
    EventCase(
        "winner-away",
        [{"type": "away", "seat": 3}, {"type": "hand", "winner": 3}],
        ("not dealt in", "away"),
    ),
    EventCase(
        "winner-sitting-out-kill-pot",
        [
            *_kill_for_ann(),
            {"type": "join", "seat": 5, "name": "Dee"},
            {"type": "hand", "winner": 5},
        ],
        ("not dealt in",),
        ("rrop-13.12",),
    ),
    EventCase("back-not-away", [{"type": "back", "seat": 2}], ("not away",)),
    EventCase(
        "away-twice", [{"type": "away", "seat": 2}, {"type": "away", "seat": 2}], ("already away",)
    ),
    EventCase("pay-kill-nothing-owed", [{"type": "pay_kill", "name": "Bob"}], ("owes no kill",)),
    EventCase(
        "kill-pot-voluntary-join",
        [
            *_kill_for_ann(),
            {"type": "join", "seat": 5, "name": "Dee", "stack": 100, "posts_kill": True},
        ],
        ("only one kill per deal",),
        ("rrop-13.11",),
    ),
]


def _event_file(case: EventCase, tmp_path: Path) -> Path:
    if case.needs_cards:
        pytest.importorskip("floorkill.cards")
    path = tmp_path / f"{case.id}.toml"
    path.write_text(with_events(case.base, case.events), encoding="utf-8")
    return path


def _check_json_refusal(proc, n_events: int, expect, cites, refused_index=None):
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert "Traceback" not in proc.stderr
    assert proc.stderr == ""
    steps = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    assert len(steps) == n_events
    refused_index = n_events if refused_index is None else refused_index
    for s in steps:
        assert set(s) == {
            "event",
            "type",
            "hand",
            "button",
            "next",
            "barred",
            "result",
            "decisions",
            "error",
        }
        if s["event"] != refused_index:
            assert s["error"] is None, s
    bad = steps[refused_index - 1]
    err = bad["error"]
    assert isinstance(err, dict) and set(err) == {"message", "cites"}
    assert err["message"] and "\n" not in err["message"]
    for piece in expect:
        assert piece in err["message"], (piece, err["message"])
    for c in cites:
        assert c in err["cites"], (c, err["cites"])
    # nothing of a refused event is applied
    assert bad["decisions"] == [] and bad["result"] is None
    if refused_index > 1:
        before = steps[refused_index - 2]
        for key in ("hand", "button", "next", "barred"):
            assert bad[key] == before[key], key
    else:
        assert bad["hand"] == 0
    return bad


@pytest.mark.parametrize("case", EVENT_CASES, ids=[c.id for c in EVENT_CASES])
def test_bad_event_is_refused_with_a_reason_json(case, tmp_path):
    path = _event_file(case, tmp_path)
    proc = run_replay(path, "--json")
    _check_json_refusal(proc, len(case.events), case.expect, case.cites)


@pytest.mark.parametrize("case", EVENT_CASES, ids=[c.id for c in EVENT_CASES])
def test_bad_event_is_refused_with_a_reason_plain(case, tmp_path):
    path = _event_file(case, tmp_path)
    proc = run_replay(path)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stderr == ""
    assert "REFUSED" in proc.stdout
    for c in case.cites:
        assert c in proc.stdout
    # a hostile name is never written raw to the terminal
    assert "\x1b" not in proc.stdout and "\x9b" not in proc.stdout and "\u202e" not in proc.stdout


# one case of each kind (file or event, plain or JSON, a hostile name, bytes that are not
# UTF-8, a file that is not there, a Russian refusal) through the real command too
PROCESS_SAMPLE = [
    ("file", "toml-syntax", ()),
    ("file", "not-utf8", ("--json",)),
    ("file", "no-such-file", ()),
    ("file", "name-bidi", ("--json",)),
    ("event", "join-name-esc", ()),
    ("event", "second-leg-question", ("--json",)),
    ("event", "unknown-card", ("--json", "--lang", "ru")),
]


@pytest.mark.parametrize(
    ("kind", "case_id", "args"),
    PROCESS_SAMPLE,
    ids=[f"{k}-{c}-{'-'.join(a) or 'plain'}" for k, c, a in PROCESS_SAMPLE],
)
def test_in_process_replay_is_the_command(kind, case_id, args, tmp_path):
    """The cases above run ``cli.main`` in this process: its exit code, stdout and stderr
    are the child process's, character for character."""
    if kind == "file":
        case = next(c for c in FILE_CASES if c.id == case_id)
        path = tmp_path / f"{case.id}.toml"
        if isinstance(case.text, bytes):
            path.write_bytes(case.text)
        elif case.text is not None:
            path.write_text(case.text, encoding="utf-8")
    else:
        path = _event_file(next(c for c in EVENT_CASES if c.id == case_id), tmp_path)
    child = run_replay_process(path, *args)
    here = run_replay(path, *args)
    assert child.returncode == 2 and child.stdout + child.stderr
    assert (here.returncode, here.stdout, here.stderr) == (
        child.returncode,
        child.stdout,
        child.stderr,
    )


def test_refused_event_does_not_stop_the_replay(tmp_path):
    events = [
        {"type": "hand", "winner": 9},
        {"type": "hand", "winner": 1},
        {"type": "hand", "winner": 1, "won_beyond_blinds": 4},
    ]
    path = tmp_path / "later.toml"
    path.write_text(with_events(BASE, events), encoding="utf-8")
    proc = run_replay(path, "--json")
    assert proc.returncode == 2
    steps = [json.loads(line) for line in proc.stdout.splitlines()]
    assert steps[0]["error"] is not None and steps[0]["hand"] == 0
    assert steps[1]["error"] is None and steps[1]["button"]["status"] == "leg-up"
    assert steps[2]["error"] is None and steps[2]["next"]["killed"] is True


def test_refusal_text_in_russian_keeps_the_cites(tmp_path):
    events = [{"type": "underpost", "seat": 1}]
    path = tmp_path / "ru.toml"
    path.write_text(with_events(BASE, events), encoding="utf-8")
    proc = run_replay(path, "--json", "--lang", "ru")
    assert proc.returncode == 2
    err = json.loads(proc.stdout.splitlines()[0])["error"]
    assert re.search(r"[\u0400-\u04FF]", err["message"])
    assert err["cites"] == ["rrop-13.9"]


# ---------------------------------------------------------------------------
# real files in tests/fixtures/bad/


@dataclass
class Fixture:
    name: str
    expect: tuple[str, ...]
    line: int | None = None
    col: int | None = None
    event: bool = False  # refused as an event (exit 2, error object)
    cites: tuple[str, ...] = ()
    n_events: int = 0
    needs_cards: bool = False


FIXTURE_CASES = [
    Fixture("syntax-error.toml", ("TOML syntax error",), line=5, col=11),
    Fixture("stud-full-kill.toml", ("[kill] kind", "house-blind-games"), line=13),
    Fixture("bidi-name.toml", ("[players] name", "U+202E", "position 4"), line=20),
    Fixture(
        "second-leg-question.toml",
        ("won_beyond_blinds", "$10"),
        event=True,
        cites=("rrop-13.3",),
        n_events=2,
    ),
    Fixture("joker-in-holdem.toml", ("joker", "hold'em"), event=True, n_events=1, needs_cards=True),
]


@pytest.mark.parametrize("fx", FIXTURE_CASES, ids=[f.name for f in FIXTURE_CASES])
def test_bad_fixture_files(fx, mode):
    if fx.needs_cards:
        pytest.importorskip("floorkill.cards")
    path = FIXTURES / fx.name
    assert path.is_file()
    args = ("--json",) if mode == "json" else ()
    proc = run_replay(path, *args)
    if not fx.event:
        _check_file_refusal(path, proc, fx.expect, fx.line, fx.col)
    elif mode == "json":
        _check_json_refusal(proc, fx.n_events, fx.expect, fx.cites)
    else:
        assert proc.returncode == 2 and "Traceback" not in proc.stderr
        assert proc.stderr == "" and "REFUSED" in proc.stdout


# ---------------------------------------------------------------------------
# the fuzz findings, through replay and import in-process; each a one-line
# reason, exit 2, nothing written


def _fuzz_cases() -> dict[str, str]:
    ev = "[[events]]\n"
    return {
        "arrays-nested-1000-deep": BASE
        + ev
        + 'type = "hand"\nwinner = '
        + "[" * 1000
        + "]" * 1000
        + "\n",
        "top-level-nested-1000-deep": "x = " + "[" * 1000 + "]" * 1000 + "\n" + BASE,
        "event-tables-nested-deep": BASE
        + ev
        + 'type = "hand"\nwinner = 1\nx = '
        + "{a=" * 30
        + "1"
        + "}" * 30
        + "\n",
        "preset-a-list": sub(BASE, "[kill]\n", '[kill]\npreset = ["robert"]\n'),
        "game-a-list": sub(BASE, 'game = "holdem"', 'game = ["holdem"]'),
        "superscript-seat": BASE + ev + 'type = "hand"\nwinner = "²"\n',
        "integer-5000-digits-in-seats": sub(BASE, "seats = 9", "seats = " + "9" * 5000),
        "integer-5000-digits-in-event": BASE
        + ev
        + 'type = "stack"\nseat = 1\namount = '
        + "9" * 5000
        + "\n",
        "integer-4000-digits-as-seat": BASE + ev + 'type = "hand"\nwinner = ' + "9" * 4000 + "\n",
        "quoted-key-with-newline": sub(BASE, "[table]\n", '[table]\n"a\\nb" = 1\n'),
        "event-key-with-newline": BASE + ev + 'type = "hand"\n"a\\nb" = 1\n',
        "one-megabyte-key": sub(BASE, "[table]\n", '[table]\n"' + "k" * 1_000_000 + '" = 1\n'),
        "one-megabyte-event-key": BASE + ev + 'type = "hand"\n"' + "k" * 1_000_000 + '" = 1\n',
        "one-megabyte-event-type": BASE + ev + 'type = "' + "k" * 1_000_000 + '"\n',
        "truncated-file": (BASE + ev + 'type = "hand"\nwinner = 1\n')[:-6],
        "empty-events-table": BASE + ev,
        "bidi-table-name": sub(BASE, 'name = "Table 9"', 'name = "Table\\u202e9"'),
        "table-name-too-long": sub(BASE, 'name = "Table 9"', 'name = "' + "T" * 65 + '"'),
        "table-name-escape": sub(BASE, 'name = "Table 9"', 'name = "T\\u001b[2J"'),
    }


FUZZ = _fuzz_cases()


def _run_main(capsys, *argv):
    from floorkill.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", list(FUZZ))
def test_fuzz_findings_are_one_line_reasons_and_nothing_is_written(name, tmp_path, capsys):
    path = tmp_path / f"{name}.toml"
    path.write_text(FUZZ[name], encoding="utf-8")
    journal = tmp_path / "j.db"
    for argv in (("replay", str(path), "--json"), ("import", str(path), "--journal", str(journal))):
        code, out, err = _run_main(capsys, *argv)
        assert code == 2, (argv[0], err)
        assert "internal error" not in err and "Traceback" not in err
        assert len(out) + len(err) < 20_000  # nothing echoed whole
        if argv[0] == "import":
            assert out == "" and err.strip()
            assert all(line.startswith("floorkill: ") for line in err.splitlines())
            assert "refused" in err or len(err.splitlines()) == 1
        elif err:
            assert len(err.splitlines()) == 1 and path.name in err
        else:  # a refused event: an error object, exit 2
            assert any(json.loads(line)["error"] for line in out.splitlines())
    assert journal_rows(journal) == 0


def test_superscript_seat_after_the_table_exists_writes_nothing(tmp_path, capsys):
    """The fuzz run found `winner = "²"` crashing an import after the table was created."""
    journal = tmp_path / "j.db"
    good = tmp_path / "good.toml"
    good.write_text(with_events(BASE, [{"type": "hand", "winner": 1}]), encoding="utf-8")
    assert _run_main(capsys, "import", str(good), "--journal", str(journal))[0] == 0
    rows = journal_rows(journal)
    bad = tmp_path / "bad.toml"
    bad.write_text(
        with_events(BASE, [{"type": "hand", "winner": 1}, {"type": "hand", "winner": "²"}]),
        encoding="utf-8",
    )
    code, out, err = _run_main(capsys, "import", str(bad), "--journal", str(journal))
    assert code == 2 and "'²' is not a seat number" in err and "bad.toml:" in err
    assert journal_rows(journal) == rows


# A small fuzz run over random table files (the run found 22 internal errors per
# command path in 2,500 files): any text, replay and import give a reason, never a crash.

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_PIECES = [
    "[table]\n",
    "[stakes]\n",
    "[kill]\n",
    "[[players]]\n",
    "[[events]]\n",
    'name = "T"\n',
    'game = "holdem"\n',
    'game = "stud"\n',
    "seats = 9\n",
    "seats = 0\n",
    "button = 3\n",
    'structure = "spread"\n',
    "bets = [4, 8]\n",
    "bets = [4.5, 8]\n",
    "bets = []\n",
    "blinds = [2, 4]\n",
    'kind = "half"\n',
    'kind = ["full"]\n',
    'triggers = ["scoop"]\n',
    'preset = ["robert"]\n',
    'preset = "wsop"\n',
    "seat = 1\n",
    "seat = 2\n",
    'name = "Ann"\n',
    'name = "Bob"\n',
    'type = "hand"\n',
    'type = "join"\n',
    'type = "quit"\n',
    "winner = 1\n",
    'winner = "²"\n',
    "winners = [1, 2]\n",
    "pot = 1e999\n",
    'pot = "4.555"\n',
    "qualifies = true\n",
    "stack = -5\n",
    "x = [[[[[[1]]]]]]\n",
    '"a\\nb" = 1\n',
    "winner = 99999999999999999999999999\n",
    "high = 1\nlow = []\n",
    'showdown = { board = "Ah Kd 7c 2s 9h", hands = { 1 = "As Ks", 2 = "Qd Qh" } }\n',
    "type = 2020-01-01\n",
    "winner = 07:32:00\n",
    "pot = nan\n",
    'name = "\\u202e"\n',
]


@settings(
    max_examples=int(os.environ.get("FLOORKILL_FUZZ_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=12)), max_size=30))
def test_random_table_files_never_end_in_an_internal_error(tmp_path, capsys, pieces):
    path = tmp_path / "fuzz.toml"
    path.write_text(BASE + "".join(pieces), encoding="utf-8")
    journal = tmp_path / "fuzz.db"
    journal.unlink(missing_ok=True)
    for argv in (
        ("replay", str(path), "--json"),
        ("replay", str(path)),
        ("import", str(path), "--journal", str(journal)),
    ):
        code, out, err = _run_main(capsys, *argv)
        assert code in (0, 2), (argv[0], err)
        assert "internal error" not in err
        assert len(err.splitlines()) <= 22 or argv[0] == "import"
        if code == 2 and argv[0] == "import":
            assert out == "" and journal_rows(journal) == 0

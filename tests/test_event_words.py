"""An event in words (floorkill/event_words.py): one module, no Textual or Rich, that the
rules panel, the history, the dispute view, the entry's preview, the shift report and the
journal commands all say an event with."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from floorkill.event_words import (
    decisions_line,
    event_words,
    hand_words,
    raw_event_text,
    record_head,
    record_line,
    record_words,
)
from floorkill.rules.decisions import Decision
from floorkill.store.session import Record

ROOT = Path(__file__).resolve().parents[1]
WORD_FUNCTIONS = {
    "event_words",
    "hand_words",
    "record_words",
    "record_head",
    "record_line",
    "record_parts",
    "decision_word",
    "decisions_line",
    "raw_event_text",
}


@pytest.mark.parametrize(
    ("event", "en", "ru"),
    [
        ({"winner": 3, "pot": "140.00"}, "winner 3, pot $140", "банк у места 3, банк 140\xa0$"),
        ({"winners": [2, 5]}, "split 2,5", None),
        ({"high": [1], "low": []}, "high 1 low none", None),
        ({"high": [1], "low": [4]}, "high 1 low 4", None),
        ({"winner": 3, "qualifies": False, "flop": False}, "winner 3, 2nd leg no, no flop", None),
        ({"showdown": {"hands": {"2": "Ah Kh", "7": "2c 2d"}}}, "showdown seat 2, seat 7", None),
    ],
)
def test_a_hand_in_a_few_words(event, en, ru):
    assert hand_words(event, "en") == en
    if ru is not None:
        assert hand_words(event, "ru") == ru


def test_every_kind_of_record_in_a_few_words():
    assert event_words({"type": "hand", "winner": 3}, "en") == "hand: winner 3"
    assert event_words({"type": "away", "seat": 4}, "en") == "away seat 4"
    assert event_words({"type": "join", "seat": 2, "name": "Ann"}, "en") == "join seat 2: Ann"
    assert event_words({"type": "pay_kill", "name": "Bo"}, "en") == "pay kill: Bo"
    assert event_words({"type": "close_table"}, "en") == "table closed"
    assert event_words({"type": "void", "target": 5}, "en") == "undo #5"
    correct = {"type": "correct", "record": 5, "event": {"type": "hand", "winner": 2}}
    assert event_words(correct, "en") == "correct #5: hand: winner 2"
    assert (
        event_words({"type": "correct", "record": 5, "event": None}, "en") == "correct #5: struck"
    )
    assert event_words(None, "en") == event_words({}, "en") == "?"
    # in Russian the event's type is the floor's word
    assert event_words({"type": "away", "seat": 4}, "ru") == "отход от стола: место 4"


def _record(seq, type_, event, hand, decisions=(), voided=False) -> Record:
    return Record(seq, type_, event, tuple(decisions), None, hand, voided=voided)


def test_a_record_with_its_number_in_the_panel_the_notice_and_the_history():
    leg = Decision("leg-up", 3, "leg-up", (("name", "Cy"),), ("rrop-13.3",))
    hand = _record(6, "hand", {"type": "hand", "winner": 3}, 5, [leg])
    away = _record(7, "away", {"type": "away", "seat": 4}, 5)
    first = _record(1, "join", {"type": "join", "seat": 1, "name": "Ann"}, 0)
    assert record_head(hand) == "#6 · hand 5: winner 3"
    assert record_head(away) == "#7 · away seat 4 · after hand 5"
    assert record_head(first) == "#1 · join seat 1: Ann · before the first hand"
    assert record_words(hand) == "#6 · hand 5: winner 3"
    assert record_words(away) == "#7 · away seat 4"
    assert record_line(hand) == "   6    5 winner 3  → leg-up s3"
    assert record_line(hand, "ru").endswith("→ нога м3")
    void = _record(8, "void", {"type": "void", "target": 7, "reason": "misread"}, 5, voided=True)
    assert record_line(void) == "   8    5 [undone] undo #7 (misread)"
    assert decisions_line("Table 12", hand) == "Table 12 #6 hand: leg-up seat 3 [rrop-13.3]"
    assert decisions_line("Table 12", away) == "Table 12 #7 away: recorded"


def test_a_correction_in_the_history_says_what_it_put_right_not_a_code_per_change():
    said = Decision("corrected", None, "corrected", (("record", 31),))
    change = Decision("corrected", 3, "fix-hand-to", (("hand", 20),), ("rrop-13.3",))
    event = {"type": "correct", "record": 31, "event": {"type": "hand", "winner": 3}}
    fix = _record(37, "correct", event, 25, [said, change, change])
    assert (
        record_line(fix) == "  37   25 correct #31: hand: winner 3"
    )  # the panel lists the changes


def test_an_event_as_written_for_a_message_about_bad_input():
    assert raw_event_text({"type": "hand", "winner": 3, "won_beyond_blinds": 20}) == (
        "hand winner 3, won_beyond_blinds 20"
    )
    assert raw_event_text([1, 2]) == "not an event (list)"
    long = raw_event_text({"type": "join", "name": "x" * 400})
    assert len(long) == 160 and long.endswith("…")


def test_no_other_module_puts_an_event_in_words_of_its_own():
    """The words drifted apart when five modules each had their own: one module says them."""
    found = []
    for path in sorted((ROOT / "floorkill").rglob("*.py")):
        if path.name == "event_words.py" and path.parent.name == "floorkill":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name in WORD_FUNCTIONS:
                found.append(f"{path.relative_to(ROOT)}: {node.name}")
    assert found == []


def test_the_words_load_no_textual_or_rich(tmp_path):
    code = "import sys, json, floorkill.event_words; print(json.dumps(sorted(sys.modules)))"
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    modules = json.loads(proc.stdout.splitlines()[-1])
    assert [m for m in modules if m.split(".")[0] in ("textual", "rich")] == []

"""The rules model is pure: importing it loads no UI and no storage (architecture: arrows)."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = ("textual", "rich", "sqlite3", "_sqlite3")


def _modules_after(statement: str) -> list[str]:
    code = f"import sys, json; {statement}; print(json.dumps(sorted(sys.modules)))"
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _forbidden(modules: list[str]) -> list[str]:
    return [m for m in modules if m.split(".")[0] in FORBIDDEN]


def test_import_rules_loads_no_textual_rich_or_sqlite():
    modules = _modules_after("import floorkill.rules")
    assert "floorkill.rules" in modules
    assert _forbidden(modules) == []


USE = """
import floorkill.rules as r
import floorkill.rules.clauses, floorkill.rules.names, floorkill.rules.texts, floorkill.rules.money
from floorkill.rules.replay import step_json
from floorkill.rules.config import table_file_to_dict
tf = r.load_table_text('''
[table]
name = "T"
game = "holdem"
[stakes]
bets = [10, 20]
blinds = [5, 10]
[kill]
kind = "full"
[[players]]
seat = 1
name = "A"
[[players]]
seat = 2
name = "B"
''')
s = r.initial_state(tf.config, tf.players)
s = r.apply(s, {"type": "hand", "winner": 1}).state
s = r.apply(s, {"type": "hand", "won_beyond_blinds": 10,
                "showdown": {"board": "2c 3d 9h Ts Kc", "hands": {"1": "As Ah", "2": "7d 8d"}}}).state
assert s.button.status == "killed", s.button
[d.to_json("ru") for d in r.apply(s, {"type": "underpost", "seat": 2}).decisions]
step_json(r.replay_events(s, [{"type": "hand", "winner": 2}])[0], "ru")
table_file_to_dict(tf.config, tf.players, [])
"""


def test_using_the_rules_model_loads_no_textual_rich_or_sqlite():
    # every submodule, hands with and without a showdown, rulings, replay JSON
    modules = _modules_after(f"exec({USE!r})")
    assert "floorkill.rules.engine" in modules
    assert _forbidden(modules) == []


def test_the_check_itself_can_fail():
    # the same probe sees sqlite3 when something does import it
    assert "sqlite3" in _forbidden(_modules_after("import floorkill.rules, sqlite3"))

"""floorkill.cards is pure: importing it must pull in neither Textual nor Rich."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_import_cards_loads_neither_textual_nor_rich():
    code = (
        "import sys, floorkill.cards; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')); "
        "assert not bad, bad"
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr

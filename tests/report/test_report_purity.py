"""The report package is Textual-free: making a report (and the dispute view's model)
loads neither Textual nor Rich."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_report_and_rewind_load_no_textual_or_rich(tmp_path):
    code = (
        "import sys, json; import floorkill.report, floorkill.report.rewind, "
        "floorkill.report.podium; from floorkill.cli import main; "
        f"main(['report', '--journal', {str(tmp_path / 'none.db')!r}, '-o', 'x.html']); "
        "print(json.dumps(sorted(sys.modules)))"
    )
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
    assert "floorkill.report.render" in modules
    assert [m for m in modules if m.split(".")[0] in ("textual", "rich")] == []

"""Keep every test away from the user's own journal, tables, config and themes; one
Hypothesis profile for the whole suite."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Compiled bytecode is written and reused, whatever the environment says: with
# PYTHONDONTWRITEBYTECODE set, every worker rewrites every test module's asserts again and
# every child process the tests start (CLI commands, podiums, writers, servers) compiles
# floorkill again, run after run. (The test modules after this one are collected with it.)
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# Every app a test starts parses the same CSS again: the apps of a worker share one parse
# (tests/shared_css.py).
import shared_css  # noqa: E402,F401

# The journal-location fixtures every folder's tests take as parameters: ``where`` (a
# SQLite file, then a PostgreSQL schema) and ``pg_url`` (a fresh schema's URL).
sys.path.insert(0, str(Path(__file__).resolve().parent / "store"))
from pghelp import pg_url, where  # noqa: E402,F401

# Every property test runs the same examples on every run and every machine (a flaky suite
# would one day stop a good change): no deadline (a busy 2-core box), no example database,
# derandomized. A test's own @settings still sets its example count. For a soak that
# explores new examples: FLOORKILL_HYPOTHESIS=explore.
settings.register_profile(
    "floorkill",
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("explore", deadline=None, derandomize=False)
settings.load_profile(os.environ.get("FLOORKILL_HYPOTHESIS", "floorkill"))


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path, monkeypatch):
    base = tmp_path
    monkeypatch.setenv("FLOORKILL_JOURNAL", str(base / "journal.db"))
    monkeypatch.setenv("FLOORKILL_THEMES_DIR", str(base / "themes"))
    monkeypatch.setenv("FLOORKILL_TABLES_DIR", str(base / "tables"))
    monkeypatch.setenv("XDG_DATA_HOME", str(base / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(base / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(base / "state"))  # the log file (log_file.py)
    monkeypatch.setenv("XDG_CACHE_HOME", str(base / "cache"))
    for name in (
        "FLOORKILL_DEBUG",
        "FLOORKILL_THEME",
        "FLOORKILL_LANG",
        "FLOORKILL_DEMO_JOURNAL",
        "FLOORKILL_LOG_FILE",
        "LANGUAGE",
        "LC_ALL",
        "LC_MESSAGES",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")  # English unless a test asks for another
    from floorkill.i18n import set_lang

    set_lang(None)
    yield
    set_lang(None)
    from floorkill import log_file

    log_file.stop()  # (a handler on a file in this test's folder)

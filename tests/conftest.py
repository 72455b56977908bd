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

# Every app a test starts parses the same CSS again: the apps of a worker share one parse;
# and Pilot's idle wait after a key looks in short steps (tests/textual_private.py).
from textual_private import quicker_idle_steps, share_css_parse  # noqa: E402

share_css_parse()
quicker_idle_steps()

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


# The tests that take longest, longest first (measured with --durations; a name here only
# moves a test earlier, it never changes what a test does). With several workers each is
# placed at the start of a worker's first share of the tests (how xdist's worksteal splits
# them), so the workers start on them and end together instead of one finishing a long test
# alone; and the podium copies (podium_copies.py) fork a worker while it is still small.
LONGEST_FIRST = (
    "tests/rules/test_stateful.py::Test",
    "tests/ui/test_keystrokes_record_what_was_shown.py::test_every_hand_recorded",
    "tests/store/test_pg_processes.py::test_sigkill_of_a_writing_podium",
    "tests/cards/test_cards_vs_pokerkit.py::test_omaha_high",
    "tests/i18n/test_pseudo_locale_screens.py::",
    "tests/i18n/test_a_new_language.py::",
    "tests/store/test_import_idempotent.py::test_twenty_thousand_events",
    "tests/cards/test_cards_vs_pokerkit.py::test_holdem_seven_card_high",
    "tests/reference/test_reference_differential.py::",
    "tests/ui/test_dispute_view.py::test_every_record_shows_the_replay",
    "tests/big_screen/test_big_screen_browser.py::test_the_page_in_chromium",
    "tests/test_static_gate.py::test_a_wrong_annotation",
    "tests/cards/test_cards_vs_pokerkit.py::test_omaha_eight_or_better",
    "tests/store/test_journal_processes.py::test_sigkill_at_random_moments",
    "tests/store/test_pg_processes.py::test_two_podiums_racing",
    "tests/ui/test_keystrokes_record_what_was_shown.py::test_every_seat_form",
    "tests/store/test_journal_readonly_media.py::test_read_only_account_copy",
    "tests/rules/test_russian_texts.py::",
    "tests/rules/test_room_rules.py::test_no_accepted_hand_has_a_barred_winner",
    "tests/report/test_rewind.py::test_every_position_in_any_order",
    "tests/ui/test_room_two_podiums.py::",
    "tests/report/test_report_browser.py::",
)
# Modules whose tests share one costly module fixture (a child process, a browser's visit,
# every text met): their tests stay together, on the one worker that pays for it once. (A
# module's tests split between workers make each worker build the fixture again.)
ONE_WORKER = (
    "tests/i18n/test_a_new_language.py::",
    "tests/rules/test_russian_texts.py::",
    "tests/report/test_report_browser.py::",
)


def pytest_collection_modifyitems(config, items):
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    units: dict[object, list[pytest.Item]] = {}  # each unit goes to one worker
    rank: dict[object, int] = {}
    for item in items:
        if item.nodeid.startswith(LONGEST_FIRST):
            k = next(k for k, p in enumerate(LONGEST_FIRST) if item.nodeid.startswith(p))
            unit = LONGEST_FIRST[k] if LONGEST_FIRST[k] in ONE_WORKER else item
            units.setdefault(unit, []).append(item)
            rank[unit] = k
    long = [units[u] for u in sorted(units, key=rank.__getitem__)]
    placed = {item for unit in long for item in unit}
    rest = [item for item in items if item not in placed]
    # worksteal's first split: worker k takes the next (tests left) // (workers left)
    shares = [[item for unit in long[k::workers] for item in unit] for k in range(workers)]
    left = len(items)
    ordered: list[pytest.Item] = []
    for k, share in enumerate(shares):
        take = max(0, left // (workers - k) - len(share))
        ordered += share + rest[:take]
        rest = rest[take:]
        left -= len(share) + take
    items[:] = ordered + rest

"""Keep every test away from the user's own journal, config and themes."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory, monkeypatch):
    base = tmp_path_factory.mktemp("userdirs")
    monkeypatch.setenv("FLOORKILL_JOURNAL", str(base / "journal.db"))
    monkeypatch.setenv("FLOORKILL_THEMES_DIR", str(base / "themes"))
    monkeypatch.setenv("XDG_DATA_HOME", str(base / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(base / "config"))
    monkeypatch.delenv("FLOORKILL_DEBUG", raising=False)
    yield

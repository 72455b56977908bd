"""UI tests never touch the real user config, data, themes or journal."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _ui_isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("FLOORKILL_THEMES_DIR", str(tmp_path / "themes"))
    monkeypatch.setenv("FLOORKILL_JOURNAL", str(tmp_path / "journal.db"))
    monkeypatch.setenv("FLOORKILL_TABLES_DIR", str(tmp_path / "tables"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("FLOORKILL_THEME", raising=False)
    monkeypatch.delenv("FLOORKILL_LANG", raising=False)
    yield

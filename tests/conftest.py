"""Keep every test away from the user's own journal, tables, config and themes."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path, monkeypatch):
    base = tmp_path
    monkeypatch.setenv("FLOORKILL_JOURNAL", str(base / "journal.db"))
    monkeypatch.setenv("FLOORKILL_THEMES_DIR", str(base / "themes"))
    monkeypatch.setenv("FLOORKILL_TABLES_DIR", str(base / "tables"))
    monkeypatch.setenv("XDG_DATA_HOME", str(base / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(base / "config"))
    for name in ("FLOORKILL_DEBUG", "FLOORKILL_THEME", "FLOORKILL_LANG", "FLOORKILL_DEMO_JOURNAL",
                 "LANGUAGE", "LC_ALL",
                 "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")          # English unless a test asks for another
    from floorkill.i18n import set_lang

    set_lang(None)
    yield
    set_lang(None)

"""Snapshots of the table list and the new-table editor in Russian at 80×24 and 120×40.

The words are checked by test_side_screens_words.py; these keep the layout (the kill
status whole at 80 columns, the editor's labels and choices in their columns).
Regenerate with ``--snapshot-update`` after a deliberate change, and look at the pictures.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sidehelp import evening_app  # noqa: E402

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


@SIZES
def test_table_list_in_russian(snap_compare, size):
    assert snap_compare(evening_app("ru"), press=["f9"], terminal_size=size)


@SIZES
def test_table_editor_in_russian(snap_compare, monkeypatch, size):
    monkeypatch.setenv("FLOORKILL_TABLES_DIR", "/srv/floorkill/tables")  # shown, never written
    assert snap_compare(evening_app("ru"), press=["f9", "n"], terminal_size=size)

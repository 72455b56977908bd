"""The podium's report action without Textual: the last SHIFT_HOURS hours, every table."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import floorkill.report.podium as podium_report
from floorkill.report.podium import report_for_podium
from floorkill.rules import load_table_text
from floorkill.store.backend import open_journal
from floorkill.store.journal import Journal

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))


TEXT = """
[table]
name = "Table 40"
game = "holdem"
seats = 9
[stakes]
structure = "fixed"
bets = [10, 20]
blinds = [5, 10]
[kill]
kind = "full"
triggers = ["two-pots"]
[[players]]
seat = 1
name = "Ann"
[[players]]
seat = 2
name = "Bo"
"""


def test_the_shift_is_the_last_hours_and_every_table(tmp_path, monkeypatch):
    with Journal(tmp_path / "j.db", "Fay") as j:
        a = j.create_table(load_table_text(TEXT))
        b = j.create_table(load_table_text(TEXT.replace("Table 40", "Table 41")))
        for s in (a, b):
            s.append({"type": "hand", "winner": 1})
        path, room = report_for_podium(a)
        assert path.parent == tmp_path / "reports" and path.suffix == ".html"
        assert [t.name for t in room.tables] == ["Table 40", "Table 41"]
        assert room.total("hands") == 2
        html = path.read_text(encoding="utf-8")
        assert re.search(r'data-k="hands" data-table="\*">2<', html)
        monkeypatch.setattr(podium_report, "SHIFT_HOURS", 0)  # the shift starts now
        _path, room = report_for_podium(a)
        assert room.total("hands") == 0 and room.tables[0].hands_total == 1


def test_the_report_reads_the_whole_journal_on_either_database(where, tmp_path, monkeypatch):
    """A podium on PostgreSQL reports every table of the journal, sealed with its chain head,
    as on a file — not only the tables this podium has open (its journal has no file path)."""
    monkeypatch.setattr(podium_report, "reports_dir", lambda path: tmp_path / "reports")
    with open_journal(where, floorperson="Fay") as j:
        a = j.create_table(load_table_text(TEXT))
        b = j.create_table(load_table_text(TEXT.replace("Table 40", "Table 41")))
        a.append({"type": "hand", "winner": 1})
        b.append({"type": "hand", "winner": 1})
        b.append({"type": "hand", "winner": 2})
        head_seq, head_hash = j.head()
        path, room = report_for_podium(a)  # no registry: only the journal knows b
    assert [t.name for t in room.tables] == ["Table 40", "Table 41"]
    assert room.total("hands") == 3
    assert (room.head_seq, room.head_hash) == (head_seq, head_hash)
    assert path.parent == tmp_path / "reports"

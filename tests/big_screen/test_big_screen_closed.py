"""A closed table (close_table) leaves the big screen's rotation; reopened, it comes back."""

from __future__ import annotations

from bshelp import add_table, make_journal

from floorkill.store.journal import Journal
from floorkill.ui.big_screen.terminal import Follower


def test_a_closed_table_leaves_the_rotation_and_comes_back_when_reopened(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path)
    add_table(path, "Table 4", [{"type": "close_table"}])
    f = Follower(path)
    p = f.poll()
    assert p is not None and [t.name for t in p.tables] == ["Table 12"]
    with Journal(path, "podium") as j:
        j.open_table("Table 4").append({"type": "reopen_table"})
    p = f.poll()
    assert p is not None and [t.name for t in p.tables] == ["Table 12", "Table 4"]
    f.close()

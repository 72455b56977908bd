"""verify's replay never cries wolf: rich interleaved sessions on several tables (bars that
reach other tables, undos anywhere, snapshots every few rows, a key) verify clean, and the
head it prints is the one Journal.head() and ReadOnlyJournal.head() give."""

from __future__ import annotations

import random

import pytest
from storehelp import candidate_event, rich_table, table
from tamper import KEY

from floorkill.rules import Refusal
from floorkill.store.commands import verify_journal
from floorkill.store.journal import Journal
from floorkill.store.readonly import ReadOnlyJournal


def build(path, seed: int, rows: int = 240) -> tuple[int, str]:
    rng = random.Random(seed)
    with Journal(path, "fp", snapshot_every=7, mac_key=KEY) as j:
        sessions = [j.create_table(rich_table(f"Rich {i}")) for i in range(3)]
        written = 0
        while written < rows:
            s = rng.choice(sessions)
            try:
                if len(s) > 3 and rng.random() < 0.08:
                    s.void(rng.randint(1, len(s)), "entered wrong")
                else:
                    s.append(candidate_event(rng, s.config.seats))
            except Refusal:
                continue
            written += 1
        return j.head()


@pytest.mark.parametrize("seed", [1, 7, 42])
def test_rich_interleaved_sessions_verify_clean_under_every_guard(tmp_path, seed):
    path = tmp_path / "j.db"
    head = build(path, seed)
    problems, warnings, counts = verify_journal(path, key=KEY, anchor=head)
    assert problems == []
    assert (counts["head_seq"], counts["head"]) == head
    with ReadOnlyJournal(path) as ro:
        assert ro.head() == head
    assert counts["macs"] == counts["rows"] == head[0]


def test_bars_reach_other_tables_and_verify_replays_them(tmp_path):
    """A player barred at one table is refused a seat at another (rrop-13.6); the rows that
    depend on it replay with the bars the writer passed."""
    path = tmp_path / "j.db"
    with Journal(path, "fp", mac_key=None) as j:
        a = j.create_table(table("A"))
        b = j.create_table(table("B", players=2))
        a.append({"type": "hand", "winner": 3})
        a.append({"type": "hand", "winner": 3, "qualifies": True})
        a.append({"type": "quit", "seat": 3, "posts_kill": False})  # P3 barred
        with pytest.raises(Refusal):
            b.append({"type": "join", "seat": 4, "name": "P3"})
        b.append({"type": "hand", "winner": 2})
        a.append({"type": "pay_kill", "name": "P3"})
        b.append({"type": "join", "seat": 4, "name": "P3"})
    assert verify_journal(path)[0] == []


def test_a_join_that_ignored_a_bar_elsewhere_is_named(tmp_path, monkeypatch):
    """A row written by a writer blind to other tables' bars (an old build, or a forger
    using floorkill's own code) replays as refused: rrop-13.6 reaches every table."""
    path = tmp_path / "j.db"
    with Journal(path, "fp", mac_key=None) as j:
        a = j.create_table(table("A"))
        b = j.create_table(table("B", players=2))
        a.append({"type": "hand", "winner": 3})
        a.append({"type": "hand", "winner": 3, "qualifies": True})
        a.append({"type": "quit", "seat": 3, "posts_kill": False})  # P3 barred at A
        monkeypatch.setattr(Journal, "_barred_elsewhere", lambda self, exclude: {})
        rec = b.append({"type": "join", "seat": 4, "name": "P3"})
    problems = verify_journal(path)[0]
    assert len(problems) == 1
    assert problems[0].startswith(
        f"row gseq {rec.gseq} (table 'B', seq 1): the rules refuse this join event now:"
    )
    assert "[rrop-13.6]" in problems[0]

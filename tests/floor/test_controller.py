"""The floor controller: the one write path (try, commit, undo, switch), without Textual."""

from __future__ import annotations

import pytest

from floorkill.floor import Floor
from floorkill.rules import Refusal, load_table_text
from floorkill.store.journal import Journal
from floorkill.store.session import MemorySession

TABLE = """
[table]
name = "{name}"
game = "holdem"
seats = 9
button = 1
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
seat = 3
name = "Cy"
[[players]]
seat = 4
name = "Dee"
"""


def memory(name: str = "Table 12") -> MemorySession:
    tf = load_table_text(TABLE.format(name=name))
    return MemorySession(tf.config, tf.players, who="test")


def killed_by_cy(floor: Floor, session=None) -> None:
    floor.commit({"type": "hand", "winner": 3}, session)
    floor.commit({"type": "hand", "winner": 3, "qualifies": True}, session)


def test_commit_tells_every_watcher_after_the_record_is_stored():
    floor = Floor(memory())
    seen = []
    floor.watch(lambda ch: seen.append((ch.kind, ch.record.seq, len(ch.session), ch.before.hands)))
    rec = floor.commit({"type": "hand", "winner": 3})
    assert rec.seq == 1 and floor.state.button.seat == 3
    assert seen == [("event", 1, 1, 0)]


def test_a_refusal_stores_nothing_and_tells_nobody():
    floor = Floor(memory())
    seen = []
    floor.watch(seen.append)
    state = floor.state
    with pytest.raises(Refusal):
        floor.commit({"type": "hand", "winner": 8})  # seat 8 is empty
    assert len(floor.session) == 0 and floor.state is state and seen == []


def test_try_and_needs_store_nothing():
    floor = Floor(memory())
    floor.commit({"type": "hand", "winner": 3})
    applied = floor.try_event({"type": "hand", "winner": 4})
    assert applied.state.button.seat == 4 and floor.state.button.seat == 3
    q = floor.question({"type": "hand", "winner": 3})
    assert q is not None and q.kind == "qualifies"
    assert floor.question({"type": "hand", "winner": 8}) is None  # refused: commit says so
    assert len(floor.session) == 1


def test_undo_goes_through_the_floor_and_restores_the_state():
    floor = Floor(memory())
    kinds = []
    floor.watch(lambda ch: kinds.append(ch.kind))
    floor.commit({"type": "hand", "winner": 3})
    floor.commit({"type": "hand", "winner": 4})
    void = floor.undo(floor.last_undoable().seq, "wrong seat")
    assert void.type == "void" and floor.state.button.seat == 3
    assert kinds == ["event", "event", "undo"]
    with pytest.raises(Refusal):
        floor.undo(2, "twice")


def test_switch_keeps_each_tables_state():
    a, b = memory("Table 12"), memory("Table 14")
    floor = Floor(a, others=[b])
    seen = []
    floor.watch(lambda ch: seen.append((ch.kind, ch.table)))
    floor.commit({"type": "hand", "winner": 3})
    assert floor.switch("Table 14") is b and floor.session is b
    floor.commit({"type": "hand", "winner": 4})
    floor.switch("table 12")  # any case
    assert floor.state.button.seat == 3 and b.state.button.seat == 4
    assert seen == [
        ("event", "Table 12"),
        ("switch", "Table 14"),
        ("event", "Table 14"),
        ("switch", "Table 12"),
    ]
    with pytest.raises(KeyError):
        floor.switch("Table 99")


def test_a_write_by_another_process_is_told_like_a_change_made_here(tmp_path):
    j = Journal(tmp_path / "j.db", "podium")
    other = Journal(tmp_path / "j.db", "other")
    try:
        text = TABLE.format(name="Table 12")
        s = j.create_table(load_table_text(text), text)
        floor = Floor(s)
        seen = []
        floor.watch(lambda ch: seen.append((ch.kind, ch.session.state.hands)))
        other.open_table("Table 12").append({"type": "hand", "winner": 3})
        assert s.refresh()  # the session catches up
        floor.followed()
        assert seen == [("followed", 1)]
    finally:
        other.close()
        j.close()


def test_rrop_13_6_a_player_barred_at_one_memory_table_is_refused_at_another():
    """The same call, append(raw), for every session: memory tables get their bars from the
    floor's registry, as journal tables get them from their journal."""
    a, b = memory("Table 12"), memory("Table 14")
    floor = Floor(a, others=[b])
    killed_by_cy(floor)
    floor.commit({"type": "quit", "seat": 3, "posts_kill": False})
    with pytest.raises(Refusal) as info:
        floor.commit({"type": "join", "seat": 5, "name": "cy"}, b)
    assert "rrop-13.6" in info.value.cites
    with pytest.raises(Refusal):
        b.append({"type": "join", "seat": 5, "name": "Cy"})  # the session itself too


def test_the_journal_is_written_through_the_same_floor(tmp_path):
    j = Journal(tmp_path / "j.db", "test")
    try:
        text = TABLE.format(name="Table 12")
        s = j.create_table(load_table_text(text), text)
        floor = Floor(s)
        assert floor.tables.journal is j
        killed_by_cy(floor)
        assert j.open_table("Table 12").state.button.killed
        (q,) = [q for q in floor.needs({"type": "quit", "seat": 3}) if q.ask]
        floor.commit(q.answered({"type": "quit", "seat": 3}, False))
        assert [o.player for o in floor.state.barred] == ["Cy"]
    finally:
        j.close()


@pytest.mark.parametrize("kind", ["memory", "journal"])
def test_a_commit_checks_the_table_is_where_its_preview_was_shown(tmp_path, kind):
    """What ⏎ records is what the screen showed: ``seen`` is the table's length when the
    preview was on screen; an entry followed since (another podium's) stores nothing."""
    from floorkill.store.errors import TableChanged

    if kind == "memory":
        s = memory()
    else:
        j = Journal(tmp_path / "j.db", "podium")
        text = TABLE.format(name="Table 12")
        s = j.create_table(load_table_text(text), text)
    floor = Floor(s)
    told = []
    floor.watch(lambda ch: told.append(ch.kind))
    shown_at = len(s)
    s.append({"type": "hand", "winner": 4})  # (another podium's, followed meanwhile)
    with pytest.raises(TableChanged):
        floor.commit({"type": "hand", "winner": 3}, s, shown_at)
    assert len(s) == 1 and s.state.button.seat == 4  # nothing stored
    assert told == ["followed"]  # the screens show what moved
    floor.commit({"type": "hand", "winner": 3}, s, len(s))  # seen again: recorded
    assert len(s) == 2

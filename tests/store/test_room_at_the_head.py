"""What ⏎ records is what the screen showed, for the room too (rrop-13.6): a write decides
with the room at the journal's head, so when what its decision reads of the room (a bar at
another table, where a kill is owed) is not what the preview read, it records nothing and
says what changed; the next ⏎, previewed on the room as it now is, records that.

Two podiums on one journal (two connections: SQLite file and PostgreSQL), podium A never
following: B bars a player after A's preview was drawn."""

from __future__ import annotations

import pytest
from storehelp import bar_p3_at_table_8, table

from floorkill.floor import Floor
from floorkill.floor.wording import room_changed_line
from floorkill.rules.room import BARRED_ELSEWHERE, NEAR, PAID_AT, Bar
from floorkill.store.backend import open_journal
from floorkill.store.errors import RoomChanged

HAND_5 = {"type": "hand", "winner": 5}


def test_rrop_13_6_a_bar_another_podium_made_after_the_preview_records_nothing(where):
    with (
        open_journal(where, floorperson="ann") as journal_a,
        open_journal(where, floorperson="bob") as journal_b,
    ):
        a = Floor(journal_a.create_table(table("Table 7")))
        b = Floor(journal_b.create_table(table("Table 8")))
        a.tables.room()  # A's room read once: what its previews are worked out with
        told = []
        a.watch(lambda change: told.append(change.kind))
        shown = a.preview(HAND_5)  # A's preview: P3 not barred anywhere
        room = a.room_shown()
        assert shown.records and not a.state.barred
        bar_p3_at_table_8(b)  # meanwhile, at podium B
        with pytest.raises(RoomChanged) as refused:
            a.commit(HAND_5, a.session, len(a.session), room)
        assert len(a.session) == 0  # nothing recorded
        assert told == ["followed"]  # the screens show the room as it now is
        ((kind, player, was, now),) = [
            (c.kind, c.player, c.shown, c.now) for c in refused.value.changes
        ]
        assert (kind, player, was) == (BARRED_ELSEWHERE, "P3", None)
        assert now == Bar("P3", 2000, "Table 8")
        said = room_changed_line(refused.value, "en")
        assert "P3 is now barred at Table 8 (owes $20)" in said
        assert "P3: теперь отстранение за столом Table 8" in room_changed_line(refused.value, "ru")
        # the preview again, on the room as it now is: the seating shows P3 barred
        again = a.preview(HAND_5)
        assert [o.player for o in a.state.barred] == ["P3"]
        record = a.commit(HAND_5, a.session, len(a.session), a.room_shown())
        assert len(a.session) == 1
        assert [d.key for d in record.decisions] == [d.key for d in again.decisions]
        assert record.event["room"] == [{"player": "P3", "owes": 20, "table": "Table 8"}]


def test_a_join_of_a_player_barred_meanwhile_records_nothing_and_says_who(where):
    with (
        open_journal(where, floorperson="ann") as journal_a,
        open_journal(where, floorperson="bob") as journal_b,
    ):
        a = Floor(journal_a.create_table(table("Table 7", players=2)))
        b = Floor(journal_b.create_table(table("Table 8")))
        a.tables.room()
        join = {"type": "join", "seat": 5, "name": "P3", "stack": 100}
        assert a.preview(join).records
        room = a.room_shown()
        bar_p3_at_table_8(b)
        with pytest.raises(RoomChanged) as refused:
            a.commit(join, a.session, len(a.session), room)
        assert len(a.session) == 0
        assert [(c.kind, c.player) for c in refused.value.changes] == [(BARRED_ELSEWHERE, "P3")]
        assert not a.preview(join).records  # the new preview: refused, barred at Table 8


def test_facts_a_decision_reads_of_the_room():
    """The facts compared: every seated player's bar at another table, a joining player's
    and the barred name a join's is close to, the table a payment goes to."""
    from floorkill.rules import initial_state
    from floorkill.rules.room import Room, read_facts, room_changes

    tf = table("Table 7", players=2)
    state = initial_state(tf.config, tf.players)
    empty = Room()
    barred = Room({"Table 8": [Bar("P2", 2000, "Table 8"), Bar("Dana", 1000, "Table 8")]})
    assert room_changes(state, [HAND_5], empty, empty) == ()
    (change,) = room_changes(state, [HAND_5], empty, barred)
    assert (change.kind, change.player, change.now) == (BARRED_ELSEWHERE, "P2", barred.bars()[0])
    near = room_changes(state, [{"type": "join", "seat": 5, "name": "Dane"}], empty, barred)
    assert [(c.kind, c.player) for c in near] == [(BARRED_ELSEWHERE, "P2"), (NEAR, "Dane")]
    answered = {"type": "join", "seat": 5, "name": "Dane", "not_same_as": "Dana"}
    assert [c.kind for c in room_changes(state, [answered], empty, barred)] == [BARRED_ELSEWHERE]
    pay = {"type": "pay_kill", "name": "Dana"}
    assert read_facts(state, pay, barred)[(PAID_AT, "dana")] == ("Dana", "Table 8")
    assert read_facts(state, pay, empty)[(PAID_AT, "dana")] == ("Dana", None)

"""Room-wide bars among in-memory tables (no journal): the registry is the room."""

from __future__ import annotations

import pytest
from floorhelp import HALF, HOLDEM, KILLED

from floorkill.floor.tables import TableRegistry
from floorkill.rules import Refusal, load_table_text
from floorkill.store.session import MemorySession

HALF_CY = HALF + '[[players]]\nseat = 5\nname = "CY"\n'


def _session(text):
    tf = load_table_text(text)
    return MemorySession(tf.config, tf.players)


def test_rrop_13_6_memory_tables_share_bars_and_pay_is_routed():
    a, b = _session(HOLDEM), _session(HALF_CY)
    reg = TableRegistry(a, None, [b])
    for ev in KILLED:
        reg.append(a, ev)
    reg.append(a, {"type": "quit", "seat": 3, "posts_kill": False})
    assert b.state.is_barred("cy") and b.state.owed("cy").table == "Table 12"
    with pytest.raises(Refusal, match="Table 12"):
        reg.append(b, {"type": "hand", "winner": 5})
    rec = reg.append(b, {"type": "hand", "winner": 1})
    assert rec.event["room"] == [{"player": "CY", "owes": 20, "table": "Table 12"}]
    rec = reg.append(b, {"type": "pay_kill", "name": "Cy"})  # entered at B
    assert len(a) == 4 and a.records(3, 4)[0].type == "pay_kill"  # stored at A
    assert not a.state.barred and not b.state.is_barred("cy")
    q = reg.near_match({"type": "join", "seat": 9, "name": "Cyy"})
    assert q is None  # nobody barred now

"""Property: the journal's room is the reference fold in global order (rules/room.py).

For random histories over three tables of one journal — wins, kills missed (bars), quits,
joins under spelling variants, payments entered at any table — the journal accepts and
refuses exactly what :func:`floorkill.rules.room.fold_room` does, stores exactly the
stamped events it computes (at the table it routes them to), never accepts a hand whose
winner or dealt-in player is barred anywhere, and each table's state is the fold of its
own stored events (so export → replay reproduces it)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from floorkill.floor.tables import TableRegistry
from floorkill.rules import Refusal, apply, initial_state, load_table_text, next_hand
from floorkill.rules.config import config_from_dict, table_file_to_dict
from floorkill.rules.room import fold_room
from floorkill.store.journal import Journal

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from test_room_rules import TABLES, histories  # noqa: E402


@settings(
    max_examples=25,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(histories())
def test_the_journal_is_the_reference_room_fold(tmp_path_factory, history):
    import tomli_w

    files = {n: config_from_dict(d) for n, d in TABLES.items()}
    states = {n: initial_state(f.config, f.players) for n, f in files.items()}
    reference = list(fold_room(states, history))
    path = tmp_path_factory.mktemp("room") / "journal.db"
    with Journal(path, "prop") as j:
        sessions = {}
        for n, f in files.items():
            text = tomli_w.dumps(table_file_to_dict(f.config, f.players, ()))
            sessions[n] = j.create_table(load_table_text(text), text)
        reg = TableRegistry(sessions["A"], j)
        for step in reference:
            s = reg.get(step.table)
            before = s.state
            room_before = j.room()
            assert room_before == step.room_before
            try:
                entered_at = history[step.gseq - 1][0]  # a pay_kill is routed from there
                rec = reg.append(sessions[entered_at], step.raw)
            except Refusal as refusal:
                assert step.refusal is not None and refusal.key == step.refusal.key
                continue
            assert step.refusal is None, (step.table, step.raw, step.refusal)
            assert rec.event == step.stamped
            assert before == step.state_before
            if rec.type == "hand":
                high, low, _ = rec.result
                for seat in {*high, *low, *next_hand(before).dealt_in}:
                    assert room_before.barred_at(before.player(seat).name) is None
        for n, f in files.items():
            s = sessions[n]
            assert s.folded == states[n]
            rows = j.connection.execute(
                "SELECT payload FROM events WHERE tbl = ? AND seq > 0 ORDER BY seq", (n,)
            ).fetchall()
            st = initial_state(f.config, f.players)
            for (payload,) in rows:
                st = apply(st, json.loads(payload)).state
            assert st == s.folded

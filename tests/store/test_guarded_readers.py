"""Readers take a table's config, bars and snapshots only from what the hash chain guards.

Each attack is what an insider does with the ``sqlite3`` shell to a journal whose rows are
all MAC'd: change a cache the chain does not guard (``tables.toml``, ``obligations``, a
snapshot with its row's ``state_hash``). Every reader — the podium's journal, the big
screen's read-only journal, export, the report, the dispute view's rewind, import's config
check — must use the guarded value and say which table and row was not.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from storehelp import hand_events, table, table_text

from floorkill.display.follow import Follower
from floorkill.report.gather import gather_journal
from floorkill.report.render import render
from floorkill.rules import load_table_text
from floorkill.store import commands, history
from floorkill.store.journal import Journal
from floorkill.store.readonly import ReadOnlyJournal
from floorkill.store.schema import canonical_json

KEY = bytes(range(32))
A, B = "Table 12", "Table 7"


def _sql(path: Path, *statements: str, params=()) -> None:
    c = sqlite3.connect(path)
    try:
        for st in statements:
            c.execute(st, params) if "?" in st else c.execute(st)
        c.commit()
    finally:
        c.close()


@pytest.fixture
def room(tmp_path) -> Path:
    """Two tables of a MAC'd journal, hands played at both, snapshots every 4 rows."""
    path = tmp_path / "room.db"
    with Journal(path, "fp-ann", snapshot_every=4, mac_key=KEY) as j:
        a = j.create_table(table(A))
        b = j.create_table(table(B))
        a.append_many(hand_events(9))
        b.append_many(hand_events(5))
    return path


def _words(problems) -> str:
    return " | ".join(str(p) for p in problems)


# ---------------------------------------------------------------------------
# tables.toml is a cache of the creation row


def _half_kill(path: Path) -> None:
    _sql(
        path,
        "DROP TRIGGER tables_no_update",
        "UPDATE tables SET toml = replace(toml, 'kind = \"full\"', 'kind = \"half\"') "
        f"WHERE name = '{A}'",
    )


def test_podium_journal_takes_config_from_creation_row(room):
    _half_kill(room)
    with Journal(room, "fp-bob", mac_key=KEY) as j:
        s = j.open_table(A)
        assert s.config.kill.kind == "full"
        said = _words(j.problems)
        assert "'Table 12'" in said and "tables.toml" in said and "gseq 1" in said
        # what the podium records is folded under the guarded config
        rec = s.append({"type": "hand", "winner": 2, "pot": 40})
        assert rec.seq == 10


def test_big_screen_takes_config_from_creation_row(room):
    _half_kill(room)
    with ReadOnlyJournal(room) as ro:
        assert ro.open_table(A).config.kill.kind == "full"
        assert "tables.toml" in _words(ro.problems)
    pic = Follower(room, A, grace=0).poll()
    assert pic.tables[0].state.config.kill.kind == "full"
    assert any("tables.toml" in p and "Table 12" in p for p in pic.problems)


def test_big_screen_says_a_changed_config_in_its_language(room):
    _half_kill(room)
    pic = Follower(room, A, grace=0, lang="ru").poll()
    assert any("tables.toml" in p and "Table 12" in p and "создания" in p for p in pic.problems)


def test_export_writes_creation_row_config(room):
    _half_kill(room)
    name, doc, _session, notes = commands.export_doc(room, A)
    assert doc["kill"]["kind"] == "full"
    assert any("tables.toml" in n and "'Table 12'" in n for n in notes)


def test_report_uses_creation_row_config(room):
    _half_kill(room)
    got = gather_journal(room)
    assert {t.name: t.config.kill.kind for t in got.tables}[A] == "full"
    assert any("tables.toml" in n for n in got.notes)
    html = render(got, "en")
    assert 'data-k="notes"' in html and "tables.toml" in html


def test_dispute_rewind_reads_creation_row_config(room):
    _half_kill(room)
    with ReadOnlyJournal(room) as ro:
        texts = ro._run(history.table_texts)
    assert 'kind = "full"' in texts[A]


def test_import_config_check_compares_with_creation_row(room):
    _half_kill(room)
    full = load_table_text(table_text(A), "<file>")
    with Journal(room, "fp-bob", mac_key=KEY) as j:
        s, created = j.open_or_create(full)  # no ConfigMismatch: the journal's table is full
        assert not created and s.config == full.config
        half = load_table_text(table_text(A).replace('"full"', '"half"'), "<file>")
        with pytest.raises(Exception, match="kill.kind"):
            j.open_or_create(half)


def test_rebuild_caches_writes_from_creation_row(room):
    _half_kill(room)
    with Journal(room, "fp-bob", mac_key=KEY) as j:
        j.rebuild_caches()
        assert "tables.toml" in _words(j.problems)
    with Journal(room, "fp-bob", mac_key=KEY) as j:
        assert j.open_table(A).config.kill.kind == "full"


def test_creation_row_changed_is_said(room):
    """The creation row itself changed (its hash no longer holds): said, never silent."""
    _sql(
        room,
        "DROP TRIGGER events_no_update",
        "UPDATE events SET payload = replace(payload, 'kind = \\\"full\\\"', "
        f"'kind = \\\"half\\\"') WHERE tbl = '{A}' AND seq = 0",
    )
    with ReadOnlyJournal(room) as ro:
        ro.open_table(A)
        assert "creation row (gseq 1) does not match its hash" in _words(ro.problems)


# ---------------------------------------------------------------------------
# the obligations cache is checked against the fold of the events


def _bar_p3_at_b(path: Path) -> None:
    _sql(
        path,
        "UPDATE obligations SET barred = ? WHERE tbl = ?",
        params=(canonical_json([["P3", 2000, "barred"]]), B),
    )


def test_podium_journal_ignores_forged_bar(room):
    _bar_p3_at_b(room)
    with Journal(room, "fp-bob", mac_key=KEY) as j:
        assert j.barred_elsewhere(A) == {}
        s = j.open_table(A)
        assert not any(o.player == "P3" for o in s.state.barred)
        said = _words(j.problems)
        assert "obligations" in said and "'Table 7'" in said and "seq 5" in said
        # the next hand is written with no room stamp: the forged bar reaches no row
        rec = s.append({"type": "hand", "winner": 3, "pot": 40})
        assert "room" not in rec.event


def test_writer_catching_up_checks_obligations(room):
    """A bar forged after the podium read the room: the next write reads the table again
    from its events."""
    with Journal(room, "fp-bob", mac_key=KEY) as j:
        s = j.open_table(A)
        j.room()
        with Journal(room, "fp-cy", mac_key=KEY) as other:
            other.open_table(B).append({"type": "hand", "winner": 2, "pot": 40})
        _bar_p3_at_b(room)
        rec = s.append({"type": "hand", "winner": 3, "pot": 40})
        assert "room" not in rec.event
        assert j.barred_elsewhere(A) == {}
        assert "obligations" in _words(j.problems)


def test_big_screen_ignores_forged_bar(room):
    _bar_p3_at_b(room)
    with ReadOnlyJournal(room) as ro:
        s = ro.open_table(A)
        assert not any(o.player == "P3" for o in s.state.barred)
        assert "obligations" in _words(ro.problems)
    pic = Follower(room, A, grace=0).poll()
    assert not pic.tables[0].state.barred
    assert any("obligations" in p and "Table 7" in p for p in pic.problems)


def test_report_ignores_forged_bar(room):
    _bar_p3_at_b(room)
    got = gather_journal(room)
    assert all(not t.barred_end for t in got.tables)


# ---------------------------------------------------------------------------
# a snapshot forged with its row's state_hash


def _forge_snapshot_and_digest(path: Path) -> tuple[str, int]:
    from floorkill.store.schema import state_digest

    c = sqlite3.connect(path)
    try:
        tbl, seq, state = c.execute(
            "SELECT tbl, seq, state FROM snapshots WHERE tbl = ? ORDER BY seq DESC LIMIT 1", (A,)
        ).fetchone()
        forged = json.loads(state)
        forged["hands"] = 10000
        text = canonical_json(forged)
        c.execute("DROP TRIGGER events_no_update")
        c.execute("UPDATE snapshots SET state = ? WHERE tbl = ? AND seq = ?", (text, tbl, seq))
        c.execute(
            "UPDATE events SET state_hash = ? WHERE tbl = ? AND seq = ?",
            (state_digest(text), tbl, seq),
        )
        c.commit()
        return tbl, seq
    finally:
        c.close()


def test_podium_journal_skips_snapshot_with_forged_digest(room):
    tbl, seq = _forge_snapshot_and_digest(room)
    with Journal(room, "fp-bob", mac_key=KEY) as j:
        s = j.open_table(A)
        assert s.state.hands == s.full_replay().hands != 10000
        said = _words(j.problems)
        assert f"row seq {seq}" in said and "'Table 12'" in said and "its hash" in said


def test_big_screen_skips_snapshot_with_forged_digest(room):
    tbl, seq = _forge_snapshot_and_digest(room)
    pic = Follower(room, A, grace=0).poll()
    assert pic.tables[0].state.hands == 9
    assert any(f"row seq {seq}" in p and "Table 12" in p for p in pic.problems)


def test_export_skips_snapshot_with_forged_digest(room):
    _forge_snapshot_and_digest(room)
    _name, _doc, session, notes = commands.export_doc(room, A)
    assert session.folded.hands == 9
    assert any("does not match its hash" in n for n in notes)

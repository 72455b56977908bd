"""Tampering with the sqlite3 shell: one test per attack, each must make `verify` exit
non-zero and name the row. The table of docs/security.md says which guard catches which attack:

* chain  — the hash chain alone (no key, no anchor);
* replay — every table replayed through today's rules against what the rows store;
* link   — cross-checks inside the file (tables row vs its creation row, meta vs seed);
* key    — the keyed MAC (the key lives in the user config dir, not in the journal);
* anchor — a `floorkill head` HASH@SEQ kept elsewhere (`verify --head`).

Every attacker here recomputes the chain after the edit (Shell.rechain) unless the case is
about not doing so: the published hash formula is no secret.
"""

from __future__ import annotations

import json

import pytest
from tamper import KEY, Shell, big_pot_table, scene

from floorkill.cli import main
from floorkill.rules import initial_state
from floorkill.store.journal import Journal
from floorkill.store.readonly import ReadOnlyJournal
from floorkill.store.schema import canonical_json, state_digest
from floorkill.store.snapshot import state_to_dict


@pytest.fixture
def jp(tmp_path):
    path = tmp_path / "journal.db"
    scene(path)
    return path


@pytest.fixture
def keyfile(tmp_path):
    path = tmp_path / "journal.key"
    path.write_text(KEY.hex() + "\n")
    return path


def verify(capsys, path, *extra):
    code = main(["verify", "--journal", str(path), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def anchor(capsys, path):
    assert main(["head", "--journal", str(path)]) == 0
    return capsys.readouterr().out.strip()


def shell(path):
    return Shell(path)


def test_the_untouched_scene_is_whole_under_every_guard(jp, keyfile, capsys):
    h = anchor(capsys, jp)
    code, out, err = verify(capsys, jp, "--key", str(keyfile), "--head", h)
    assert code == 0, out + err
    assert "every MAC checked" in out and "anchor @11 matches" in out and out.strip().endswith(h)


# -- 1..3: rows rewritten and the chain recomputed -------------------------------------------


def test_01_last_row_rewritten_and_rehashed_replay(jp, capsys):
    sh = shell(jp)
    sh(
        "UPDATE events SET payload = replace(payload, '\"winner\":6', '\"winner\":2') "
        "WHERE gseq = 11"
    )
    sh.rechain()
    sh.close()
    code, out, _ = verify(capsys, jp, "--no-key")
    assert code == 1
    assert "row gseq 11 (table 'Table 12', seq 6): the stored decision says «leg-up seat 6" in out
    assert "but the rules decide «leg-up seat 2" in out


def test_02_last_rows_deleted_an_undo_removed_anchor(jp, capsys):
    h = anchor(capsys, jp)
    sh = shell(jp)
    sh("DELETE FROM events WHERE gseq >= 8")  # the void of A#3 goes: the kill counts again
    sh.close()
    code, out, _ = verify(capsys, jp, "--no-key")
    assert code == 0  # nothing inside the file can tell...
    code, out, _ = verify(capsys, jp, "--no-key", "--head", h)
    assert code == 1  # ...the anchor kept elsewhere can
    assert "row gseq 11 (the anchor): the journal ends at gseq 7: rows 8 to 11 were cut" in out


def test_03_middle_pot_120_to_1200_and_rechained_replay(jp, capsys):
    sh = shell(jp)
    sh(
        "UPDATE events SET payload = replace(payload, '\"pot\":120,', '\"pot\":1200,') "
        "WHERE gseq = 4"
    )
    assert sh("SELECT payload FROM events WHERE gseq = 4").fetchone()[0].count("1200") == 1
    sh.rechain()
    sh.close()
    code, out, _ = verify(capsys, jp, "--no-key")
    assert code == 1
    line = next(x for x in out.splitlines() if x.startswith("row gseq 4 "))
    assert "the stored decision says «leg-up seat 3: P3 won the pot and has a leg up" in line
    assert "but the rules decide «kill seat 3: P3 must kill the next hand" in line


# -- 4..6: rows or a table removed, or added -------------------------------------------------


def test_04_middle_row_deleted_renumbered_rechained_anchor(jp, capsys):
    h = anchor(capsys, jp)
    sh = shell(jp)
    sh("DELETE FROM events WHERE gseq = 5")  # Table 7's first hand: nothing depends on it
    sh("UPDATE events SET hand = hand - 1 WHERE tbl = 'Table 7' AND seq > 0")
    sh.renumber()
    sh.rechain()
    sh.close()
    assert verify(capsys, jp, "--no-key")[0] == 0  # consistent inside: only the anchor knows
    code, out, _ = verify(capsys, jp, "--no-key", "--head", h)
    assert code == 1
    assert "row gseq 11 (the anchor): the journal ends at gseq 10" in out


def test_05_whole_table_deleted_renumbered_rechained_anchor(jp, capsys):
    h = anchor(capsys, jp)
    sh = shell(jp)
    sh("DELETE FROM events WHERE tbl = 'Table 7'")
    sh("DELETE FROM obligations WHERE tbl = 'Table 7'")
    sh("DELETE FROM snapshots WHERE tbl = 'Table 7'")
    sh("DELETE FROM tables WHERE name = 'Table 7'")
    sh.renumber()
    sh.rechain()
    sh.close()
    assert verify(capsys, jp, "--no-key")[0] == 0
    code, out, _ = verify(capsys, jp, "--no-key", "--head", h)
    assert code == 1 and "row gseq 11 (the anchor): the journal ends at gseq 7" in out


def test_06_forged_append_without_the_key(jp, keyfile, capsys):
    with Journal(jp, "mallory", snapshot_every=4, mac_key=None) as j:  # floorkill itself,
        j.open_table("Table 12").append({"type": "hand", "winner": 2, "pot": 10})  # no key
    assert verify(capsys, jp, "--no-key")[0] == 0  # a well-formed row: chain and rules agree
    code, out, _ = verify(capsys, jp, "--key", str(keyfile))
    assert code == 1
    assert "row gseq 12 (table 'Table 12', seq 7): no MAC, though the rows before it" in out


def test_07_forged_append_with_a_made_up_mac(jp, keyfile, capsys):
    with Journal(jp, "mallory", snapshot_every=4, mac_key=b"\x01" * 32) as j:
        j.open_table("Table 7").append({"type": "hand", "winner": 2, "pot": 10})
    code, out, _ = verify(capsys, jp, "--key", str(keyfile))
    assert code == 1
    assert "row gseq 12 (table 'Table 7', seq 4): the MAC does not match" in out


# -- 8..11: stored decisions, who, at --------------------------------------------------------


def test_08_stored_decision_text_rewritten_replay(jp, capsys):
    sh = shell(jp)
    sh(
        "UPDATE events SET decisions = replace(decisions, 'must kill the next hand for $20', "
        "'owes nothing') WHERE gseq = 6"
    )
    sh.rechain()
    sh.close()
    code, out, _ = verify(capsys, jp, "--no-key")
    assert code == 1
    assert (
        "row gseq 6 (table 'Table 12', seq 3): the stored decision says «kill seat 3: "
        "P3 won a second pot in a row that qualifies: owes nothing»" in out
    )
    assert (
        "but the rules decide «kill seat 3: P3 won a second pot in a row that qualifies: "
        "must kill the next hand for $20»" in out
    )


def test_09_stored_decision_code_rewritten_replay(jp, capsys):
    sh = shell(jp)
    sh(
        'UPDATE events SET decisions = replace(decisions, \'"code":"leg-up"\', '
        '\'"code":"neutral"\') WHERE gseq = 9'
    )
    sh.rechain()
    sh.close()
    code, out, _ = verify(capsys, jp, "--no-key")
    assert (
        code == 1
        and "row gseq 9 (table 'Table 12', seq 5): the stored decision says «neutral" in out
    )


def test_10_who_rewritten_and_rechained_key(jp, keyfile, capsys):
    sh = shell(jp)
    sh("UPDATE events SET who = 'fp-bob' WHERE gseq = 6")
    sh.rechain()
    sh.close()
    assert verify(capsys, jp, "--no-key")[0] == 0
    code, out, _ = verify(capsys, jp, "--key", str(keyfile))
    assert code == 1
    assert "row gseq 6 (table 'Table 12', seq 3): the MAC does not match" in out


def test_11_at_rewritten_and_rechained_anchor(jp, capsys):
    h = anchor(capsys, jp)
    sh = shell(jp)
    sh("UPDATE events SET at = '2020-01-01T00:00:00.000Z' WHERE gseq = 9")
    sh.rechain()
    sh.close()
    assert verify(capsys, jp, "--no-key")[0] == 0
    code, out, _ = verify(capsys, jp, "--no-key", "--head", h)
    assert code == 1 and "row gseq 11 (the anchor): the chain there is" in out


# -- 12..15: table metadata and meta ---------------------------------------------------------


def test_12_tables_created_rewritten_link(jp, capsys):
    sh = shell(jp)
    sh("UPDATE tables SET created = '2020-01-01T00:00:00.000Z' WHERE name = 'Table 7'")
    sh.close()
    code, out, _ = verify(capsys, jp, "--no-key")
    assert code == 1
    assert "row gseq 2 (table 'Table 7', seq 0): tables.created says '2020-01-01" in out


def test_13_tables_who_rewritten_link(jp, capsys):
    sh = shell(jp)
    sh("UPDATE tables SET who = 'fp-bob' WHERE name = 'Table 12'")
    sh.close()
    code, out, _ = verify(capsys, jp, "--no-key")
    assert code == 1
    assert "row gseq 1 (table 'Table 12', seq 0): tables.who says 'fp-bob'" in out


def test_14_tables_created_and_creation_row_rewritten_rechained_key(jp, keyfile, capsys):
    sh = shell(jp)
    sh("UPDATE tables SET created = '2020-01-01T00:00:00.000Z' WHERE name = 'Table 7'")
    sh("UPDATE events SET at = '2020-01-01T00:00:00.000Z' WHERE gseq = 2")
    sh.rechain()
    sh.close()
    assert verify(capsys, jp, "--no-key")[0] == 0
    code, out, _ = verify(capsys, jp, "--key", str(keyfile))
    assert code == 1 and "row gseq 2 (table 'Table 7', seq 0): the MAC does not match" in out


def test_15_meta_schema_rewritten_link(jp, capsys):
    sh = shell(jp)
    sh("UPDATE meta SET value = '1' WHERE key = 'schema'")
    sh.close()
    code, out, _ = verify(capsys, jp, "--no-key")
    assert code == 1
    assert "meta: the journal says schema 1 but its layout is schema 2" in out
    assert "row gseq 1 (table 'Table 12', seq 0): prev_hash does not match" in out


def test_16_meta_created_rewritten_link(jp, capsys):
    sh = shell(jp)
    sh("UPDATE meta SET value = '2020-01-01T00:00:00.000Z' WHERE key = 'created'")
    sh.close()
    code, out, _ = verify(capsys, jp, "--no-key")
    assert code == 1
    assert (
        "row gseq 1 (table 'Table 12', seq 0): prev_hash does not match the chain's seed: "
        "the journal's meta"
    ) in out


def test_17_meta_rewritten_and_chain_rebuilt_anchor(jp, capsys):
    h = anchor(capsys, jp)
    sh = shell(jp)
    sh("UPDATE meta SET value = '2020-01-01T00:00:00.000Z' WHERE key = 'created'")
    sh.rechain()
    sh.close()
    assert verify(capsys, jp, "--no-key")[0] == 0
    code, out, _ = verify(capsys, jp, "--no-key", "--head", h)
    assert code == 1 and "row gseq 11 (the anchor)" in out


# -- 18: the file replaced -------------------------------------------------------------------


def test_18_file_replaced_by_a_rebuilt_journal_anchor_and_key(jp, keyfile, tmp_path, capsys):
    h = anchor(capsys, jp)
    other = tmp_path / "other.db"
    scene(other, key=None)  # the same story, entered again without the key
    for suffix in ("", "-wal", "-shm"):
        src = tmp_path / f"other.db{suffix}"
        if src.exists():
            src.replace(tmp_path / f"journal.db{suffix}")
    assert verify(capsys, jp, "--no-key")[0] == 0
    code, out, _ = verify(capsys, jp, "--no-key", "--head", h)
    assert code == 1 and "row gseq 11 (the anchor): the chain there is" in out
    code, out, _ = verify(capsys, jp, "--key", str(keyfile))
    assert code == 1 and "row gseq 1 onwards: no row carries a MAC under this key" in out


# -- 19..21: snapshots and the obligations cache ---------------------------------------------


def _forged_snapshot(path) -> str:
    """The snapshot of Table 12 at seq 4 rewritten to say hands = 9999, KILL by seat 2."""
    tf = big_pot_table()
    forged = state_to_dict(initial_state(tf.config, tf.players))
    forged["hands"] = 9999
    forged["button"].update({"status": "killed", "seat": 2, "player": "P2", "killer": 2})
    return canonical_json(forged)


def test_19_snapshot_edited_is_never_shown_and_verify_names_it(jp, capsys):
    with Journal(jp, mac_key=None) as j:
        truth = j.open_table("Table 12").state
        seqs = [
            r[0] for r in j.connection.execute("SELECT seq FROM snapshots WHERE tbl = 'Table 12'")
        ]
    assert seqs == [4]  # the void's snapshot
    sh = shell(jp)
    sh("UPDATE snapshots SET state = ? WHERE tbl = 'Table 12' AND seq = 4", _forged_snapshot(jp))
    sh.close()
    with Journal(jp, mac_key=None) as j:  # the podium's way in
        assert j.open_table("Table 12").state == truth
        assert any("snapshot at seq 4" in p for p in j.problems)
    with ReadOnlyJournal(jp) as ro:  # the big screen's and export's
        assert ro.open_table("Table 12").state == truth
        assert any("snapshot at seq 4" in p for p in ro.problems)
    code, out, _ = verify(capsys, jp, "--no-key")
    assert code == 1 and "table 'Table 12': the snapshot at seq 4 differs" in out


def test_20_snapshot_and_its_digest_forged_and_rechained_replay(jp, capsys):
    forged = _forged_snapshot(jp)
    sh = shell(jp)
    sh("UPDATE snapshots SET state = ? WHERE tbl = 'Table 12' AND seq = 4", forged)
    sh("UPDATE events SET state_hash = ? WHERE tbl = 'Table 12' AND seq = 4", state_digest(forged))
    sh.rechain()
    sh.close()
    code, out, _ = verify(capsys, jp, "--no-key")
    assert code == 1
    assert (
        "row gseq 8 (table 'Table 12', seq 4): the state digest the row records is not the "
        "state the rules give"
    ) in out


def test_21_obligations_cache_edited(jp, capsys):
    sh = shell(jp)
    sh(
        "UPDATE obligations SET barred = ? WHERE tbl = 'Table 7'",
        json.dumps([["P1", 2000, "barred"]]),
    )
    sh.close()
    code, out, _ = verify(capsys, jp, "--no-key")
    assert code == 1 and "table 'Table 7': the obligations cache differs" in out


# -- 22..23: history rearranged --------------------------------------------------------------


def test_22_void_retargeted_and_rechained_replay(jp, capsys):
    sh = shell(jp)  # the undo now "voids" seat 1's leg: the kill stands
    sh(
        "UPDATE events SET target = 1, payload = replace(payload, '\"target\":3', '\"target\":1')"
        " WHERE gseq = 8"
    )
    sh.rechain()
    sh.close()
    code, out, _ = verify(capsys, jp, "--no-key")
    assert code == 1
    assert "row gseq 8 (table 'Table 12', seq 4): the state digest the row records" in out


def test_23_forged_hand_inserted_in_the_past_anchor(jp, capsys):
    h = anchor(capsys, jp)
    sh = shell(jp)
    row = list(sh("SELECT * FROM events WHERE gseq = 7").fetchone())  # a Table 7 hand
    cols = [d[0] for d in sh("SELECT * FROM events LIMIT 1").description]
    sh("UPDATE events SET gseq = gseq + 100 WHERE gseq > 7")
    row[cols.index("gseq")] = 8
    row[cols.index("seq")] = 99
    sh(f"INSERT INTO events({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})", *row)
    sh.renumber()  # Table 7 now has the same hand twice
    sh("UPDATE events SET hand = seq WHERE tbl = 'Table 7' AND seq > 0")
    sh.rechain()
    sh.close()
    code, out, _ = verify(capsys, jp, "--no-key", "--head", h)
    assert code == 1
    assert "row gseq 11 (the anchor): the chain there is" in out


# -- and the cases the chain alone always caught ----------------------------------------------


def test_24_payload_byte_changed_without_rehash_chain(jp, capsys):
    sh = shell(jp)
    sh(
        "UPDATE events SET payload = replace(payload, '\"winner\":4', '\"winner\":5') "
        "WHERE gseq = 9"
    )
    sh.close()
    code, out, _ = verify(capsys, jp, "--no-key")
    assert code == 1
    assert "row gseq 9 (table 'Table 12', seq 5): hash does not match the row's content" in out


def test_25_rules_version_column_rewritten_and_rechained_key(jp, keyfile, capsys):
    sh = shell(jp)
    sh("UPDATE events SET rules = '0' WHERE gseq = 3")
    sh.rechain()
    sh.close()
    code, out, err = verify(capsys, jp, "--key", str(keyfile))
    assert code == 1 and "row gseq 3 (table 'Table 12', seq 1): the MAC does not match" in out


# -- the table of docs/security.md is these tests ----------------------------------------


def _security_page_rows() -> list[tuple[str, str, str]]:
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "docs" / "security.md").read_text(
        encoding="utf-8"
    )
    block = readme.split("| attack (with the `sqlite3` shell) | caught by | test |", 1)[1]
    rows = []
    for line in block.splitlines()[2:]:
        if not line.startswith("|"):
            break
        attack, guard, tests = (c.strip() for c in line.strip("|").split("|"))
        rows.append((attack, guard, tests))
    return rows


def _test_source(ref: str) -> str:
    """The source of the test a cell of docs/security.md names: "07" or `file.py::test_name`."""
    import inspect
    import re
    from pathlib import Path

    if re.fullmatch(r"\d\d", ref):
        fns = [f for name, f in globals().items() if name.startswith(f"test_{ref}_")]
        assert len(fns) == 1, f"docs/security.md names case {ref}: {len(fns)} tests of that number"
        return inspect.getsource(fns[0])
    file, name = ref.strip("`").split("::")
    text = (Path(__file__).with_name(file)).read_text(encoding="utf-8")
    m = re.search(rf"^def {name}\(.*?(?=^def |\Z)", text, re.S | re.M)
    assert m, f"docs/security.md names {ref}, which is not there"
    return m.group(0)


def test_the_security_page_table_names_every_case_and_the_guard_each_test_uses():
    import re

    rows = _security_page_rows()
    named = [ref.strip() for _a, _g, tests in rows for ref in tests.split(",")]
    numbered = sorted(n[5:7] for n in globals() if re.match(r"test_\d\d_", n))
    assert sorted(r for r in named if re.fullmatch(r"\d\d", r)) == numbered
    for attack, guard, tests in rows:
        bodies = [_test_source(ref.strip()) for ref in tests.split(",")]
        for body in bodies:
            assert "code == 1" in body or "[0] == 1" in body, (attack, "verify must fail")
        uses_key = ['"--key", str(keyfile)' in b for b in bodies]
        uses_anchor = ['"--head"' in b for b in bodies]
        if guard.startswith("key or"):
            assert all(k or a for k, a in zip(uses_key, uses_anchor, strict=True)), (attack, guard)
        elif guard == "key":
            assert all(uses_key), (attack, guard)
        elif guard == "anchor":
            assert all(uses_anchor), (attack, guard)
        elif guard == "anchor; key":
            assert all(uses_key) and all(uses_anchor), (attack, guard)
        else:  # chain, replay, link, cache: the file alone
            assert guard.split()[0] in ("chain", "replay", "link", "cache"), guard
            assert not any(uses_key) and not any(uses_anchor), (attack, guard)

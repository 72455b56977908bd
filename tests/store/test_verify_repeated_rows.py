"""verify renders each distinct decision once and checks each distinct payload once; a row
whose stored text repeats one already checked is still compared byte for byte. Here the
row tampered with (the chain recomputed, as an attacker without the key or an anchor can)
repeats, before the edit, the payload and the decisions of an earlier row: every edit is
still named at its row."""

from __future__ import annotations

import json
import shutil

import pytest
from storehelp import table
from tamper import Shell

from floorkill.store.commands import verify_journal
from floorkill.store.journal import Journal
from floorkill.store.schema import canonical_json


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    path = tmp_path_factory.mktemp("repeat") / "j.db"
    with Journal(path, "fp", snapshot_every=1000, mac_key=None) as j:
        s = j.create_table(table("Table 9"))
        for w in (1, 2, 1, 2, 1, 2, 1, 2):  # leg up to 1, to 2, to 1, ...
            s.append({"type": "hand", "winner": w, "qualifies": False})
    c = Shell(path)
    # the last row whose payload and decisions both repeat an earlier row's
    gseq = c(
        "SELECT max(e.gseq) FROM events e WHERE e.type = 'hand' AND EXISTS (SELECT 1 "
        "FROM events f WHERE f.gseq < e.gseq AND f.payload = e.payload AND "
        "f.decisions = e.decisions)"
    ).fetchone()[0]
    c.close()
    assert gseq is not None and gseq > 3
    assert verify_journal(path)[0] == []
    return path, gseq


def _decisions(value: str) -> list:
    return json.loads(value)


EDITS = {
    # only the English text of the decision (code, seat, key and params as they were)
    "text": (
        "decisions",
        lambda v: canonical_json([{**d, "text": d["text"] + " (sic)"} for d in _decisions(v)]),
        "the stored decision",
    ),
    # a param of another JSON type than the rules give
    "param type": (
        "decisions",
        lambda v: canonical_json(
            [{**d, "params": [[k, [x]] for k, x in d["params"]]} for d in _decisions(v)]
        ),
        "the stored decision",
    ),
    # the seat as true instead of a number
    "seat type": (
        "decisions",
        lambda v: canonical_json([{**d, "seat": True} for d in _decisions(v)]),
        "the stored decision",
    ),
    # the same event, not in canonical form (a space; keys out of order)
    "payload spaced": (
        "payload",
        lambda v: v.replace(",", ", "),
        "the stored payload is not the event as the rules read it",
    ),
    "payload order": (
        "payload",
        lambda v: (
            "{"
            + ",".join(
                f"{json.dumps(k)}:{json.dumps(x)}" for k, x in reversed(json.loads(v).items())
            )
            + "}"
        ),
        "the stored payload is not the event as the rules read it",
    ),
    "result": ("result", lambda v: v.replace("]", ",9]", 1), "the stored result"),
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_an_edit_of_a_repeated_row_is_named(template, tmp_path, edit):
    src, gseq = template
    column, change, words = EDITS[edit]
    path = tmp_path / "j.db"
    shutil.copy(src, path)
    sh = Shell(path)
    old = sh(f"SELECT {column} FROM events WHERE gseq = ?", gseq).fetchone()[0]
    new = change(old)
    assert new != old
    sh(f"UPDATE events SET {column} = ? WHERE gseq = ?", new, gseq)
    sh.rechain()
    sh.close()
    problems = verify_journal(path)[0]
    assert any(p.startswith(f"row gseq {gseq} ") and words in p for p in problems), problems

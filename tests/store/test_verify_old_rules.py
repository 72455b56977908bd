"""Rows written under an earlier rules version recorded what those rules decided. Where
today's rules decide otherwise, verify warns (naming the row) and still passes; the same
difference on a row of today's rules version fails. The row itself stays held by the
chain, the key and the anchor (tests/store/test_tamper_chain.py)."""

from __future__ import annotations

import pytest
from tamper import KEY, Shell, scene

from floorkill.cli import main

NEW_TEXT = "must kill the next hand for $20 (as decided then)"


@pytest.fixture
def jp(tmp_path):
    path = tmp_path / "journal.db"
    scene(path)
    return path


def verify(capsys, path, *extra):
    code = main(["verify", "--journal", str(path), *extra])
    out, err = capsys.readouterr()
    return code, out + err


def _rewrite_decision(path, rules_version: str | None) -> None:
    sh = Shell(path)
    if rules_version is not None:
        sh("UPDATE events SET rules = ? WHERE gseq = 6", rules_version)
    sh(
        "UPDATE events SET decisions = replace(decisions, 'must kill the next hand for $20', ?) "
        "WHERE gseq = 6",
        NEW_TEXT,
    )
    sh.rechain()
    sh.close()


def test_a_ruling_changed_since_an_earlier_rules_version_is_a_warning(jp, capsys):
    _rewrite_decision(jp, "1")
    code, out = verify(capsys, jp, "--no-key")
    assert code == 0, out
    assert "row gseq 6 (table 'Table 12', seq 3): the stored decision says" in out
    assert "earlier rules version" in out


def test_the_same_difference_under_todays_rules_version_fails(jp, capsys):
    _rewrite_decision(jp, None)
    code, out = verify(capsys, jp, "--no-key")
    assert code == 1, out
    assert "row gseq 6 (table 'Table 12', seq 3): the stored decision says" in out


def test_an_attacker_relabelling_the_rules_version_is_caught_by_the_key(jp, tmp_path, capsys):
    keyfile = tmp_path / "journal.key"
    keyfile.write_text(KEY.hex() + "\n")
    _rewrite_decision(jp, "1")
    code, out = verify(capsys, jp, "--key", str(keyfile))
    assert code == 1 and "row gseq 6" in out and "MAC" in out, out

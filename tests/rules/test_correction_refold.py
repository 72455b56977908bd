"""How much a correction folds again (docs/rules.md, 4.1): the later records are folded
once between the list of what it changes and its entry, and a record that stands for the
same event is not read again."""

from __future__ import annotations

from helpers import hand, make_table

import floorkill.rules.corrections as corrections
from floorkill.rules.corrections import History, impact


def _never_converging(n: int = 40) -> tuple[History, dict]:
    """A join renamed at record 3: the state never comes back to the one recorded."""
    tf = make_table()
    records = [hand(1), hand(2), {"type": "join", "seat": 7, "name": "Gus"}]
    records += [hand(s % 6 + 1) for s in range(n)]
    h = History(tf.config, tf.players, records, strict=True)
    fix = {"type": "correct", "record": 3, "event": {"type": "join", "seat": 7, "name": "Hal"}}
    return h, fix


def _counting(monkeypatch) -> dict[str, int]:
    calls = {"apply": 0, "apply_parsed": 0}
    real_apply, real_parsed = corrections.apply, corrections.apply_parsed

    def apply(*a, **k):
        calls["apply"] += 1
        return real_apply(*a, **k)

    def apply_parsed(*a, **k):
        calls["apply_parsed"] += 1
        return real_parsed(*a, **k)

    monkeypatch.setattr(corrections, "apply", apply)
    monkeypatch.setattr(corrections, "apply_parsed", apply_parsed)
    return calls


def test_correction_after_its_impact_folds_the_later_records_once(monkeypatch):
    h, fix = _never_converging()
    calls = _counting(monkeypatch)
    found = impact(h, fix)
    assert found.refusal is None
    weighed = dict(calls)
    out = h.correct(fix)
    assert calls == weighed  # entering it folds nothing again
    assert [d.text() for d in out.decisions[1:]] == [d.text() for d in found.changes]
    assert h.state.player(7).name == "Hal"


def test_a_settled_correction_reuses_the_refold_its_impact_weighed(monkeypatch):
    # the impact weighs every later record as kept; the entry keeps only those settled so
    tf = make_table()
    records = [
        hand(2),
        hand(2, won_beyond_blinds=20),
        {"type": "quit", "seat": 2, "posts_kill": False},
        hand(3),
        {"type": "pay_kill", "name": "Bob"},
    ]
    h = History(tf.config, tf.players, records, strict=True)
    fix = {"type": "correct", "record": 3, "event": {"type": "quit", "seat": 2}}
    calls = _counting(monkeypatch)
    found = impact(h, fix)
    assert found.settle_needed == (5,)
    weighed = dict(calls)
    h.correct(corrections.settled(fix, {5: "keep"}))
    assert calls == weighed


def test_a_refold_reads_each_unchanged_record_once(monkeypatch):
    h, fix = _never_converging()
    calls = _counting(monkeypatch)
    impact(h, fix)
    # the replacement: checked where it stands, then folded; every later record as read
    assert calls == {"apply": 2, "apply_parsed": len(h) - 3}

"""Corrections in the journal (docs/rules.md 4.1): appended, chained, read by every reader
(reopen, read-only, export → replay, verify), room-wide for bars (rrop-13.6)."""

from __future__ import annotations

import io
import json

import pytest
from storehelp import table
from tamper import Shell

from floorkill.rules import Refusal, load_table_text
from floorkill.rules.corrections import History
from floorkill.store.commands import cmd_export, verify_journal
from floorkill.store.journal import Journal
from floorkill.store.readonly import ReadOnlyJournal
from floorkill.store.session import MemorySession


def hand(w, **kw):
    return {"type": "hand", "winner": w, **kw}


WRONG = [hand(1), hand(2), hand(2, won_beyond_blinds=20), hand(3), hand(4)]
RIGHT = [hand(1), hand(6), hand(2, won_beyond_blinds=20), hand(3), hand(4)]


def right_state(events, name="Table 9"):
    tf = table(name)
    return History(tf.config, tf.players, events, strict=True).state


@pytest.fixture
def jpath(tmp_path):
    return tmp_path / "journal.db"


def _wrong_table(j, name="Table 9"):
    s = j.create_table(table(name))
    for ev in WRONG:
        s.append(ev)
    return s


def test_a_corrected_winner_is_the_right_history_in_every_reader(jpath, tmp_path):
    with Journal(jpath, "fp-ann", snapshot_every=2) as j:
        s = _wrong_table(j)
        rec = s.correct(2, hand(6), reason="the dealer: seat 6 won it")
        assert rec.type == "correct" and rec.seq == 6 and rec.who == "fp-ann"
        assert any(d.key.startswith("fix-hand") for d in rec.decisions)
        assert s.state == right_state(RIGHT)
        assert s.full_replay() == s.state
        s.append(hand(5))
        after = s.state
    assert after == right_state([*RIGHT, hand(5)])
    with Journal(jpath, "fp-bob") as j:  # reopened: snapshots before the correction unused
        assert j.open_table("Table 9").state == after
        stored = j.open_table("Table 9").records(5, 6)[0]
        assert stored.event["record"] == 2 and stored.event["reason"].startswith("the dealer")
    with ReadOnlyJournal(jpath) as ro:
        assert ro.open_table("Table 9").state == after
    problems, _warnings, _ = verify_journal(jpath)
    assert problems == []
    out, err = io.StringIO(), io.StringIO()
    assert cmd_export(jpath, "Table 9", out=out, err=err) == 0, err.getvalue()
    tf = load_table_text(out.getvalue(), "<export>")
    assert [e["type"] for e in tf.events].count("correct") == 1
    assert History(tf.config, tf.players, tf.events, strict=True).state == after


def test_undo_of_a_correction_restores_the_original(jpath):
    with Journal(jpath, "fp") as j:
        s = _wrong_table(j)
        rec = s.correct(2, hand(6))
        with pytest.raises(Refusal) as refused:  # the correction is undone, not its original
            s.void(2, "x")
        assert refused.value.key == "void-corrected"
        s.void(rec.seq, "the first entry was right")
        assert s.state == right_state(WRONG)
        with pytest.raises(Refusal) as refused:
            s.correct(7, hand(1))  # an undo is not corrected
        assert refused.value.key == "correct-of-void"
    assert verify_journal(jpath)[0] == []


def test_an_impossible_later_record_is_settled_never_dropped(jpath):
    quit_unposted = {"type": "quit", "seat": 2, "posts_kill": False}
    with Journal(jpath, "fp") as j:
        s = j.create_table(table())
        for ev in (hand(2), hand(2, won_beyond_blinds=20), quit_unposted, hand(3)):
            s.append(ev)
        s.append({"type": "pay_kill", "name": "P2"})
        before = len(s)
        with pytest.raises(Refusal) as refused:
            s.correct(3, {"type": "quit", "seat": 2})
        assert refused.value.key == "correct-unsettled" and len(s) == before
        s.correct(3, {"type": "quit", "seat": 2}, settle={5: "strike"})
        assert not s.state.is_barred("P2")
    assert verify_journal(jpath)[0] == []


def test_rrop_13_6_a_correction_that_lifts_a_bar_reaches_the_other_table(jpath):
    with Journal(jpath, "fp") as j:
        a = j.create_table(table("Table 14"))
        b_tf = load_table_text(
            table_text_with("Table 7", [(1, "P2"), (3, "Cy"), (4, "Dee")]), "<Table 7>"
        )
        b = j.create_table(b_tf)
        a.append(hand(2))
        a.append(hand(2, won_beyond_blinds=20))
        a.append({"type": "quit", "seat": 2, "posts_kill": False})
        assert b.state.is_barred("P2")  # a mirror of the bar at Table 14
        a.correct(3, {"type": "quit", "seat": 2})
        assert not b.state.is_barred("P2")
        b.append(hand(1))  # P2 plays at Table 7 again
    assert verify_journal(jpath)[0] == []


def table_text_with(name, players):
    from storehelp import table_text

    text = table_text(name, players=0)
    for seat, who in players:
        text += f'[[players]]\nseat = {seat}\nname = "{who}"\nstack = 1000\n'
    return text


def test_verify_catches_a_tampered_correction(jpath):
    with Journal(jpath, "fp", mac_key=None) as j:
        s = _wrong_table(j)
        s.correct(2, hand(6))
    assert verify_journal(jpath)[0] == []
    sh = Shell(jpath)
    (payload,) = sh("SELECT payload FROM events WHERE type = 'correct'").fetchone()
    data = json.loads(payload)
    data["event"]["winner"] = 5  # the correction now says seat 5
    sh("UPDATE events SET payload = ? WHERE type = 'correct'", json.dumps(data))
    problems = verify_journal(jpath)[0]
    assert problems, "a changed correction must not verify"
    sh.rechain()  # even with the chain recomputed, the rulings and digest it stored differ
    problems = verify_journal(jpath)[0]
    assert any("correction" in p or "digest" in p for p in problems), problems


def test_memory_session_corrects_like_the_journal():
    tf = table()
    m = MemorySession(tf.config, tf.players, who="fp")
    for ev in WRONG:
        m.append(ev)
    rec = m.correct(2, hand(6))
    assert m.state == right_state(RIGHT)
    m.void(rec.seq, "no")
    assert m.state == right_state(WRONG)


def test_the_shift_report_lists_corrections_with_who_and_when(jpath, tmp_path):
    from floorkill.report import gather_journal, write_report

    with Journal(jpath, "fp-ann") as j:
        s = _wrong_table(j)
        s.correct(2, hand(6), reason="the dealer: seat 6")
    room = gather_journal(jpath)
    (ts,) = [t for t in room.tables if t.name == "Table 9"]
    (fix,) = ts.corrections
    assert (fix.seq, fix.target, fix.who) == (6, 2, "fp-ann")
    assert fix.before == hand(2) and fix.after == hand(6) and fix.at
    assert ts.problems == [] and ts.hands == 5
    out = tmp_path / "report.html"
    write_report(jpath, out)
    html = out.read_text(encoding="utf-8")
    assert 'data-k="correct"' in html and "the dealer: seat 6" in html and "fp-ann" in html


def test_export_then_import_carries_the_correction_and_is_idempotent(jpath, tmp_path):
    from floorkill.store.commands import cmd_import

    with Journal(jpath, "fp") as j:
        s = _wrong_table(j)
        s.void(5, "not played")
        s.correct(2, hand(6), reason="dealer")
        s.append(hand(1))
        want = s.state
    out = io.StringIO()
    assert cmd_export(jpath, "Table 9", out=out, err=io.StringIO()) == 0
    f = tmp_path / "t9.toml"
    f.write_text(out.getvalue(), encoding="utf-8")
    other = tmp_path / "other.db"
    for _ in range(2):  # the second import finds everything already there
        err = io.StringIO()
        assert cmd_import(f, other, out=io.StringIO(), err=err) == 0, err.getvalue()
    with Journal(other, "fp") as j:
        t = j.open_table("Table 9")
        assert t.state == want
        assert [r.type for r in t.records()].count("correct") == 1
    assert verify_journal(other)[0] == []


def test_rrop_13_3_an_answer_a_correction_records_is_read_by_every_reader(jpath, tmp_path):
    from floorkill.store.commands import cmd_import

    # hand 1 entered as won by seat 3; seat 1 won it: seat 1's win at hand 2 is then a
    # second leg, answered in the correction
    with Journal(jpath, "fp") as j:
        s = j.create_table(table("Table 9"))
        s.void(s.append(hand(2)).seq, "not played")
        for ev in (hand(3), hand(1), hand(4)):
            s.append(ev)
        rec = s.correct(3, hand(1), answers=[{"record": 4, "qualifies": True}])
        assert rec.event["answers"] == [{"record": 4, "qualifies": True}]
        want = s.state
    assert want == right_state([hand(1), hand(1, qualifies=True), hand(4)])
    with Journal(jpath, "fp") as j:
        assert j.open_table("Table 9").state == want
    assert verify_journal(jpath)[0] == []
    out = io.StringIO()
    assert cmd_export(jpath, "Table 9", out=out, err=io.StringIO()) == 0
    tf = load_table_text(out.getvalue(), "<export>")
    assert tf.events[-1]["answers"] == [{"record": 2, "qualifies": True}]  # the file's numbers
    f = tmp_path / "t9.toml"
    f.write_text(out.getvalue(), encoding="utf-8")
    other = tmp_path / "other.db"
    err = io.StringIO()
    assert cmd_import(f, other, out=io.StringIO(), err=err) == 0, err.getvalue()
    with Journal(other, "fp") as j:
        assert j.open_table("Table 9").state == want
    assert verify_journal(other)[0] == []


def test_the_shifts_seal_is_a_chained_record_at_every_open_table(jpath):
    from floorkill.floor.controller import Floor

    with Journal(jpath, "fp") as j:
        a = _wrong_table(j)
        b = j.create_table(table("Table 10"))
        b.append(hand(1))
        shut = j.create_table(table("Table 11"))
        shut.append({"type": "close_table"})
        from floorkill.store.schema import format_anchor

        head = format_anchor(*j.head())
        floor = Floor(a)
        recs = floor.seal(head, "shift-1.html")
        assert [r.type for r in recs] == ["seal", "seal"]  # the open tables only
        assert a.records(5, 6)[0].event == {"type": "seal", "head": head, "report": "shift-1.html"}
        assert b.records(1, 2)[0].type == "seal" and len(shut) == 1
        assert a.state == right_state(WRONG)  # nothing of play changed
        assert a.last_undoable().seq == 5  # the seal is never undone: the hand before it is
        out = io.StringIO()
        assert cmd_export(jpath, "Table 9", out=out, err=io.StringIO()) == 0
        assert "seal" not in [e["type"] for e in load_table_text(out.getvalue()).events]
    assert verify_journal(jpath)[0] == []
    with Journal(jpath, "fp") as j:
        assert j.open_table("Table 9").records(5, 6)[0].type == "seal"


def test_opening_a_corrected_table_folds_only_what_follows_its_snapshot(jpath, monkeypatch):
    """A correction writes the corrected state's snapshot (its digest in the chain): a
    podium opening the table starts there, as at any table, and folds the rows after it,
    not the whole history once more per correction it holds."""
    with Journal(jpath, "fp", snapshot_every=1000) as j:
        s = _wrong_table(j)
        s.correct(2, hand(6))
        s.correct(4, hand(5))
        for w in (1, 2, 3):
            s.append(hand(w))
        want = s.state
    import floorkill.rules.corrections as corrections_module

    built = []
    real = corrections_module.History.__init__

    def counted(self, *args, **kwargs):
        built.append(args)
        real(self, *args, **kwargs)

    monkeypatch.setattr(corrections_module.History, "__init__", counted)
    with Journal(jpath, "fp") as j:
        assert j.open_table("Table 9").state == want
    with ReadOnlyJournal(jpath) as ro:
        assert ro.open_table("Table 9").state == want
    assert built == []  # no history folded from the first record
    monkeypatch.undo()
    with Journal(jpath, "fp") as j:
        assert j.open_table("Table 9").full_replay() == want


def test_a_files_correction_names_the_journal_record_past_voids_and_seals(jpath, tmp_path):
    """A table with a void and a seal but no correction, exported, then a correction
    added to the file and imported into the same journal: the file's record numbers
    skip the void, the record it undid and the seal (as export writes them), and the
    correction lands on the journal record the file names."""
    from floorkill.store.commands import cmd_import
    from floorkill.store.schema import format_anchor

    with Journal(jpath, "fp") as j:
        s = j.create_table(table())
        for ev in (hand(1), hand(2)):
            s.append(ev)
        s.void(2, "dealt twice")
        s.append({"type": "seal", "head": format_anchor(*j.head())})
        for ev in (hand(2), hand(3)):  # journal records 5 and 6: file records 2 and 3
            s.append(ev)
    out = io.StringIO()
    assert cmd_export(jpath, "Table 9", out=out, err=io.StringIO()) == 0
    text = out.getvalue()
    end = text.index("\n]\n", text.index("events = ["))  # the file's list of events
    fix = '\n    { type = "correct", record = 2, event = { type = "hand", winner = 6 } },'
    text = text[:end] + fix + text[end:]
    f = tmp_path / "t9.toml"
    f.write_text(text, encoding="utf-8")
    err = io.StringIO()
    assert cmd_import(f, jpath, out=io.StringIO(), err=err) == 0, err.getvalue()
    with Journal(jpath, "fp") as j:
        t = j.open_table("Table 9")
        fix = t.records()[-1]
        assert fix.type == "correct" and fix.event["record"] == 5
        assert t.state == right_state([hand(1), hand(6), hand(3)])
    assert verify_journal(jpath)[0] == []


def test_verify_checks_that_a_seal_names_a_row_of_this_chain(jpath):
    """A seal's HASH@SEQ is the chain head its report was made at: verify checks that it
    is a row before the seal and that the chain there begins with that hash (a seal
    copied from another journal, or a journal rebuilt under its seal, is caught)."""
    from floorkill.store.schema import format_anchor

    with Journal(jpath, "fp", mac_key=None) as j:
        s = _wrong_table(j)
        gseq, value = j.head()
        s.append({"type": "seal", "head": format_anchor(gseq, value)})
        s.append({"type": "seal", "head": format_anchor(gseq, "f" * 64)})  # not this chain's
        s.append({"type": "seal", "head": format_anchor(gseq + 50, value)})  # not yet written
        s.append({"type": "seal", "head": "shift report"})
    problems = verify_journal(jpath)[0]
    assert len(problems) == 3, problems
    assert "the chain there is another value" in problems[0]
    assert f"names row gseq {gseq + 50}, not a row before it" in problems[1]
    assert "is not HASH@SEQ" in problems[2]


def test_a_seal_is_checked_on_every_hex_digit_it_names(jpath):
    """A seal that names a chain value agreeing only in its first 16 hex digits is not
    this chain's head: verify compares every digit the seal gives."""
    from floorkill.store.schema import format_anchor

    with Journal(jpath, "fp", mac_key=None) as j:
        s = _wrong_table(j)
        gseq, value = j.head()
        other = value[:16] + ("0" if value[16] != "0" else "1") + value[17:]
        s.append({"type": "seal", "head": format_anchor(gseq, other)})
        s.append({"type": "seal", "head": format_anchor(gseq, value[:20])})  # a prefix: holds
    problems = verify_journal(jpath)[0]
    assert len(problems) == 1, problems
    assert "the chain there is another value" in problems[0]


def test_a_seal_too_far_back_to_hold_is_said_not_checked(jpath, monkeypatch):
    import floorkill.store.chain_pass as chain_pass
    from floorkill.store.schema import format_anchor

    monkeypatch.setattr(chain_pass, "HEADS", 4)  # the ring verify keeps of the chain's values
    with Journal(jpath, "fp", mac_key=None) as j:
        s = _wrong_table(j)
        head = format_anchor(*j.head())
        s.append({"type": "seal", "head": head})  # the next row: checked
        for w in (1, 2, 3, 4):
            s.append(hand(w))
        s.append({"type": "seal", "head": head})  # 6 rows on: not held
    problems, warnings, _ = verify_journal(jpath)
    assert problems == []
    assert any("its hash is not checked" in w for w in warnings), warnings


def test_a_correction_entered_or_refused_leaves_the_collector_running(jpath):
    """A correction is weighed and entered with the cyclic collector paused (a speed
    measure): whatever the outcome, the process gets it back running."""
    import gc

    assert gc.isenabled()
    with Journal(jpath, "fp-ann") as j:
        s = _wrong_table(j)
        with pytest.raises(Refusal):
            s.correct(99, hand(6))  # no such record
        assert gc.isenabled()
        with pytest.raises(Refusal):
            s.correct(2, {"type": "hand", "winner": 42})  # no such seat: does not apply
        assert gc.isenabled()
        s.correct(2, hand(6))
        assert gc.isenabled()
        s.void(len(s), "entered on the wrong table")
        assert gc.isenabled()


def test_the_journals_history_reads_each_payload_once_and_folds_as_its_records(jpath):
    """A journal's history reads each distinct payload once (store/reading.py
    history_records) and is the history of its records, corrections and undo among them."""
    with Journal(jpath, "fp-ann") as j:
        s = _wrong_table(j)
        for ev in WRONG:  # the same payloads again
            s.append(ev)
        s.correct(2, hand(6))
        s.correct(7, hand(5))
        s.void(len(s), "the second correction was of the wrong hand")
        s.append(hand(1))
        s._held = None  # read from the rows
        read = s.history()
        tf = table("Table 9")
        folded = History(tf.config, tf.players, [r.event for r in s.records()], strict=True)
    assert read.states == folded.states
    assert [out.key() for out in read.outcomes] == [out.key() for out in folded.outcomes]
    assert read.state == s.state
    assert read.outcomes[0].event is read.outcomes[5].event  # hand(1), read once

"""`floorkill import`: nothing doubled, nothing half-written, nothing silently ignored."""

import pytest
from journalrows import journal_rows
from storehelp import ROOT, T1, random_events, rich_table

from floorkill.cli import main
from floorkill.rules import load_table_file
from floorkill.rules.config import table_file_to_dict
from floorkill.store.atomic import write_toml
from floorkill.store.journal import Journal

SAMPLE = ROOT / "sample_tables" / "holdem-4-8-half-two-pots.toml"


@pytest.fixture
def jpath(tmp_path, monkeypatch):
    path = tmp_path / "journal.db"
    monkeypatch.setenv("FLOORKILL_JOURNAL", str(path))
    return path


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, name, tf, events):
    path = tmp_path / name
    write_toml(path, table_file_to_dict(tf.config, tf.players, events))
    return path


def test_the_sample_imported_twice_is_not_doubled(jpath, capsys):
    code, out, err = run(capsys, "import", str(SAMPLE))
    assert code == 0, err
    n = len(load_table_file(SAMPLE).events)
    before = journal_rows(jpath)
    assert before == n + 1  # creation row + every event
    code, out, err = run(capsys, "import", str(SAMPLE))
    assert code == 0 and err == ""
    assert out.strip().endswith(f"already in the journal: {n} events")
    assert len(out.splitlines()) == 1
    assert journal_rows(jpath) == before


def test_an_extending_file_appends_only_its_tail(jpath, tmp_path, capsys):
    tf = rich_table("Ext")
    evs = random_events(3, 40, tf)
    first = write(tmp_path, "a.toml", tf, evs[:25])
    whole = write(tmp_path, "b.toml", tf, evs)
    assert run(capsys, "import", str(first))[0] == 0
    code, out, err = run(capsys, "import", str(whole))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Ext: already in the journal: 25 events; appending 15"
    assert [ln.split(" ", 2)[1] for ln in lines[1:]] == [f"#{k}" for k in range(26, 41)]
    with Journal(jpath) as j:
        s = j.open_table("Ext")
        assert len(s) == 40
        assert s.state == s.full_replay()


def test_a_shorter_file_of_the_same_history_writes_nothing(jpath, tmp_path, capsys):
    tf = rich_table("Short")
    evs = random_events(4, 30, tf)
    assert run(capsys, "import", str(write(tmp_path, "all.toml", tf, evs)))[0] == 0
    before = journal_rows(jpath)
    code, out, _ = run(capsys, "import", str(write(tmp_path, "old.toml", tf, evs[:10])))
    assert code == 0
    assert "already in the journal: 10 events (the journal's table has 30)" in out
    assert journal_rows(jpath) == before


def test_a_file_that_rewrites_history_is_refused_naming_the_event(jpath, tmp_path, capsys):
    tf = load_table_file(T1)
    good = write(tmp_path, "good.toml", tf, tf.events[:5])
    assert run(capsys, "import", str(good))[0] == 0
    before = journal_rows(jpath)
    changed = list(tf.events[:5])
    changed[2] = {"type": "hand", "winner": 4}
    bad = write(tmp_path, "bad.toml", tf, changed + [{"type": "hand", "winner": 1}])
    code, out, err = run(capsys, "import", str(bad))
    assert code == 2 and out == ""
    line = err.strip()
    assert len(err.splitlines()) == 1
    assert "event 3" in line and "bad.toml:" in line
    assert "winner 3" in line and "winner 4" in line  # both versions
    assert "nothing written" in line
    assert journal_rows(jpath) == before


def test_export_then_import_is_a_no_op(jpath, tmp_path, capsys):
    tf = rich_table("Round")
    src = write(tmp_path, "src.toml", tf, random_events(9, 60, tf))
    assert run(capsys, "import", str(src))[0] == 0
    with Journal(jpath) as j:  # a voided event too
        s = j.open_table("Round")
        s.void(len(s) - 3, "misdeal")
    exported = tmp_path / "exported.toml"
    assert run(capsys, "export", "--table", "Round", "-o", str(exported))[0] == 0
    before = journal_rows(jpath)
    code, out, err = run(capsys, "import", str(exported))
    assert code == 0, err
    assert "already in the journal" in out
    assert journal_rows(jpath) == before


def test_a_refused_event_anywhere_writes_nothing_not_even_the_table(jpath, tmp_path, capsys):
    tf = load_table_file(T1)  # event 6 names an empty seat
    code, out, err = run(capsys, "import", str(T1))
    assert code == 2 and out == ""
    assert "event 6 (hand) refused: seat 7 is empty" in err and "t1.toml:39" in err
    assert "nothing written" in err
    assert journal_rows(jpath) == 0
    with Journal(jpath) as j:
        assert j.table_names() == []
    assert len(tf.events) == 6


def test_a_refusal_in_the_tail_of_an_extending_file_writes_nothing(jpath, tmp_path, capsys):
    tf = load_table_file(T1)
    assert run(capsys, "import", str(write(tmp_path, "a.toml", tf, tf.events[:3])))[0] == 0
    before = journal_rows(jpath)
    code, out, err = run(capsys, "import", str(T1))
    assert code == 2 and out == ""
    assert "event 6 (hand) refused" in err
    assert err.splitlines()[-1].endswith(
        "1 event refused; nothing written (3 events of the file are already in the journal)"
    )
    assert journal_rows(jpath) == before


def test_another_game_under_the_same_name_is_refused_in_floor_words(jpath, tmp_path, capsys):
    assert run(capsys, "import", str(SAMPLE))[0] == 0
    before = journal_rows(jpath)
    text = SAMPLE.read_text(encoding="utf-8")
    other = tmp_path / "other.toml"
    other.write_text(
        text.replace('game = "holdem"', 'game = "omaha"')
        .replace("bets = [4, 8]", "bets = [5, 10]")
        .replace('kind = "half"', 'kind = "full"'),
        encoding="utf-8",
    )
    code, out, err = run(capsys, "import", str(other))
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1
    assert "game Hold'em → Omaha" in err
    assert "limits $4-$8 → $5-$10" in err
    assert "kill half → full" in err
    assert "(400, 800)" not in err and "cents" not in err
    assert journal_rows(jpath) == before


def test_twenty_thousand_events_import_in_batches_each_acknowledged(jpath, tmp_path, capsys):
    import eventfiles

    path = tmp_path / "big.toml"
    path.write_text(eventfiles.table_file_text(20_000), encoding="utf-8")
    code, out, err = run(capsys, "import", str(path))
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) == 20_001 and lines[-1].startswith(f"{eventfiles.NAME} #20000 ")
    assert journal_rows(jpath) == 20_001
    code, out, _ = run(capsys, "import", str(path))
    assert code == 0 and out.strip().endswith("already in the journal: 20,000 events")


def test_a_table_changed_between_check_and_write_is_not_written(jpath, tmp_path):
    from floorkill.store.errors import JournalError
    from floorkill.store.importing import plan_import, write_plan

    tf = rich_table("Race")
    evs = random_events(11, 20, tf)
    with Journal(jpath) as j:
        s = j.create_table(tf)
        s.append_many(evs[:5])
        file_tf = load_table_file(write(tmp_path, "f.toml", tf, evs))
        plan = plan_import(j, file_tf)
        assert plan.ok and len(plan.tail) == 15
        with Journal(jpath) as other:  # another podium, meanwhile
            other.open_table("Race").append(evs[5])
        before = journal_rows(jpath)
        with pytest.raises(JournalError, match="changed while the file was imported"):
            write_plan(j, file_tf, plan)
        assert journal_rows(jpath) == before


def test_each_printed_line_was_committed_when_a_later_batch_fails(jpath, tmp_path, monkeypatch):
    import io

    from floorkill.store import importing
    from floorkill.store.commands import cmd_import
    from floorkill.store.errors import JournalError
    from floorkill.store.journal import JournalSession

    tf = rich_table("Batches")
    path = write(tmp_path, "f.toml", tf, random_events(12, 10, tf))
    monkeypatch.setattr(importing, "BATCH", 4)
    real = JournalSession.append_many
    calls = []

    def flaky(self, raws, **kw):
        calls.append(len(raws))
        if len(calls) == 2:
            raise JournalError("disk full")
        return real(self, raws, **kw)

    monkeypatch.setattr(JournalSession, "append_many", flaky)
    out, err = io.StringIO(), io.StringIO()
    assert cmd_import(path, jpath, out=out, err=err) == 2
    printed = [ln for ln in out.getvalue().splitlines() if " #" in ln]
    assert len(printed) == 4 and "disk full" in err.getvalue()
    with Journal(jpath) as j:
        assert len(j.open_table("Batches")) == 4  # exactly what was acknowledged
    monkeypatch.setattr(JournalSession, "append_many", real)
    out = io.StringIO()
    assert cmd_import(path, jpath, out=out, err=io.StringIO()) == 0  # run again: the rest
    assert (
        out.getvalue().splitlines()[0] == "Batches: already in the journal: 4 events; appending 6"
    )

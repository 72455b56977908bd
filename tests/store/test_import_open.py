"""The podium opening a table file with a journal never ignores the file (Textual-free part)."""

from storehelp import ROOT, random_events, rich_table

from floorkill.rules import load_table_file, load_table_text
from floorkill.rules.config import table_file_to_dict
from floorkill.rules.table_diff import setup_changes
from floorkill.store.atomic import write_toml
from floorkill.store.importing import FileDiffers, free_table_name, open_file
from floorkill.store.journal import Journal

SAMPLE = ROOT / "sample_tables" / "holdem-4-8-half-two-pots.toml"


def test_setup_changes_speak_dollars_and_floor_words():
    a = load_table_file(SAMPLE)
    text = SAMPLE.read_text(encoding="utf-8")
    b = load_table_text(
        text.replace("bets = [4, 8]", "bets = [5, 10]")
        .replace('kind = "half"', 'kind = "full"')
        .replace("blinds = [2, 4]", "blinds = [2, 5]")
        .replace('\npreset = "house"\n', '\npreset = "house"\nvoluntary = true\n')
        .replace('name = "José Ortega"', 'name = "Jose"')
    )
    changes = setup_changes(a.config, a.players, b.config, b.players)
    assert "limits $4-$8 → $5-$10" in changes
    assert "kill half → full" in changes
    assert "blinds $2/$4 → $2/$5" in changes
    assert "voluntary kills no → yes" in changes
    assert "seat 1 José Ortega ($212) → Jose ($212)" in changes
    assert setup_changes(a.config, a.players, a.config, a.players) == []
    assert not any("400" in c or "(" in c.split("seat")[0] for c in changes)


def test_same_file_twice_says_its_events_are_in_the_journal(tmp_path):
    tf = load_table_file(SAMPLE)
    with Journal(tmp_path / "j.db") as j:
        s, notices = open_file(j, tf, SAMPLE.name)
        assert notices == [] and len(s) == len(tf.events)
        s2, notices2 = open_file(j, tf, SAMPLE.name)
        assert len(s2) == len(tf.events)
        assert notices2 == [
            f"{SAMPLE.name}: its {len(tf.events)} events are already in the journal."
        ]


def test_a_longer_file_appends_its_tail_and_says_so(tmp_path):
    tf = rich_table("Open")
    evs = random_events(5, 30, tf)
    with Journal(tmp_path / "j.db") as j:
        open_file(j, load_table_text(_text(tmp_path, tf, evs[:20])), "a.toml")
        s, notices = open_file(j, load_table_text(_text(tmp_path, tf, evs)), "b.toml")
        assert len(s) == 30 and s.state == s.full_replay()
        assert notices == [
            "b.toml: 10 new events appended; the first 20 were already in the journal."
        ]


def test_a_rewritten_history_is_said_and_nothing_written(tmp_path):
    tf = rich_table("Hist")
    evs = random_events(6, 12, tf)
    with Journal(tmp_path / "j.db") as j:
        open_file(j, load_table_text(_text(tmp_path, tf, evs)), "a.toml")
        other = list(evs)
        other[4] = {"type": "stack", "seat": 1, "amount": 77}
        s, notices = open_file(j, load_table_text(_text(tmp_path, tf, other)), "b.toml")
        assert len(s) == 12
        assert notices[0].startswith("b.toml: event 5 differs from the journal's table 'Hist'")
        assert 'the file "stack seat 1, amount 77"' in notices[0]


def test_another_setup_is_a_question_not_a_silent_open(tmp_path):
    tf = load_table_file(SAMPLE)
    text = SAMPLE.read_text(encoding="utf-8").replace("bets = [4, 8]", "bets = [5, 10]")
    changed = load_table_text(text)
    with Journal(tmp_path / "j.db") as j:
        open_file(j, tf, SAMPLE.name)
        s, notices = open_file(j, changed, "copy.toml")
        assert len(s) == len(tf.events)  # the journal's table, unchanged
        assert len(notices) == 1 and isinstance(notices[0], FileDiffers)
        q = notices[0]
        assert q.changes == ("limits $4-$8 → $5-$10",)
        assert "copy.toml differs from the journal's table" in str(q)


def test_free_table_name():
    assert free_table_name(["Table 1", "table 1 (2)"], "Table 1") == "Table 1 (3)"
    long = "x" * 64
    name = free_table_name([long], long)
    assert len(name) == 64 and name.endswith(" (2)")


def _text(tmp_path, tf, events):
    path = tmp_path / "f.toml"
    write_toml(path, table_file_to_dict(tf.config, tf.players, events))
    return path.read_text(encoding="utf-8")


def test_the_differences_in_russian_keep_amounts_and_names(tmp_path):
    tf = load_table_file(SAMPLE)
    text = SAMPLE.read_text(encoding="utf-8")
    changed = load_table_text(
        text.replace("bets = [4, 8]", "bets = [5, 10]").replace('kind = "half"', 'kind = "full"')
    )
    with Journal(tmp_path / "j.db") as j:
        open_file(j, tf, SAMPLE.name)
        _s, (q,) = open_file(j, changed, "copy.toml")
        assert q.lines("ru") == ["лимиты $4-$8 → $5-$10", "килл половинный → полный"]
        assert q.lines("en") == ["limits $4-$8 → $5-$10", "kill half → full"]

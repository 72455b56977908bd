"""The kill triggers' registry (rules/triggers.py): every reader of a trigger handles every
registered one — the built-in triggers, and a trigger registered by a test alone, which
must reach the table file, the engine, the questions, the placard, the set-up words, the
editor's note and the shift report with no other file changed (CONTRIBUTING, "Adding a
kill trigger"). The test's triggers are written as the recipes say: a ``Trigger`` record
and its ``Clause``, nothing else (the docs/rules.md row and the Russian words are the
recipe's other two files; the English is its own message id)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers import hand, make_table, run, start

from floorkill import vocab
from floorkill.i18n import pgettext, tr
from floorkill.report.gather import Row, fold_table, trigger_buckets
from floorkill.report.phrases import trigger_word
from floorkill.rules import apply, clauses, initial_state, option_sources
from floorkill.rules.clauses import Clause
from floorkill.rules.config import TRIGGERS, load_table_text
from floorkill.rules.options import trigger_cites, triggers
from floorkill.rules.placard import placard
from floorkill.rules.questions import needs
from floorkill.rules.table_diff import setup_changes
from floorkill.rules.table_diff import trigger_word as setup_word
from floorkill.rules.triggers import REGISTRY, Trigger, registered

# A house rule no rulebook has: a pot of at least the big-pot minimum, won alone, kills —
# under its own clause, so the report tells its kills from the big pot's.
JACKPOT = Trigger(
    "test-jackpot",
    clauses=("test-house-jackpot",),
    label="jackpot",
    report="jackpot pots",
    setup="jackpot",
    placard="Hit the jackpot: win a pot of {minimum} or more and you kill the next hand.",
    minimum_option="big_pot_minimum",
    fired_cites=("test-house-jackpot",),
    option="A pot at or above the big-pot minimum, won alone, kills the next hand.",
)
JACKPOT_CLAUSE = Clause(
    "test-house-jackpot",
    "House rules (test)",
    {"en": "Jackpot kill", "ru": "Джекпот-килл"},
    {"en": "A pot of the set size or more, won alone, kills.", "ru": "Крупный банк убивает."},
)

# The recipe "three pots in a row kills": a streak trigger (docs/rules.md 5.13).
THREE = Trigger(
    "test-three-in-a-row",
    clauses=("test-house-three",),
    label="three in a row",
    report="three pots in a row",
    setup="three-in-a-row",
    placard="Win three pots in a row alone and you kill the next hand.",
    in_a_row=3,
    fired_cites=("test-house-three",),
    option="Winning three pots in a row alone kills the next hand.",
    option_off="Three pots in a row do not kill.",
)
THREE_CLAUSE = Clause(
    "test-house-three",
    "House rules (test)",
    {"en": "Three pots in a row", "ru": "Три банка подряд"},
    {"en": "Three pots in a row, won alone, kill.", "ru": "Три банка подряд убивают."},
)

JACKPOT_TABLE = """
[table]
name = "Table 5"
game = "holdem"
seats = 9
button = 1
[stakes]
structure = "fixed"
bets = [10, 20]
blinds = [5, 10]
[kill]
kind = "full"
triggers = ["test-jackpot"]
[[players]]
seat = 1
name = "Ann"
[[players]]
seat = 2
name = "Bob"
[[players]]
seat = 3
name = "Cy"
"""


@pytest.fixture
def jackpot(monkeypatch: pytest.MonkeyPatch) -> Iterator[Trigger]:
    """The test's trigger in the registry and its clause in the catalogue: the entries the
    recipe writes in rules/triggers.py and rules/clauses.py."""
    monkeypatch.setitem(clauses.CLAUSES, JACKPOT_CLAUSE.id, JACKPOT_CLAUSE)
    with registered(JACKPOT) as record:
        yield record


@pytest.fixture
def three(monkeypatch: pytest.MonkeyPatch) -> Iterator[Trigger]:
    """The streak recipe's two entries: the record and its clause."""
    monkeypatch.setitem(clauses.CLAUSES, THREE_CLAUSE.id, THREE_CLAUSE)
    with registered(THREE) as record:
        yield record


def _config(trigger_id: str):
    game = "omaha8" if trigger_id == "scoop" else "holdem"
    return make_table(game, triggers=(trigger_id,)).config


def _sole_win(trigger_id: str):
    """A hand won alone, big enough for any pot-size trigger ($100 is 5x the upper bet)."""
    if trigger_id == "scoop":
        return hand(high=[3], low=[], pot=100)
    return hand(3, pot=100)


def check_every_reader(record: Trigger) -> None:
    """Every reader of a trigger handles ``record``: what fails here is the reader that
    does not read the registry."""
    tid = record.id
    cfg = _config(tid)
    # the table file takes it; the option list and its clauses name it
    assert tid in TRIGGERS and tid in triggers()
    assert trigger_cites(tid) == record.clauses
    assert all(c in clauses.CLAUSES for c in (*record.clauses, *record.fired_cites))
    # the editor's note beside it: what it does in and out of the table's triggers
    assert record.option and option_sources.explain(tid, True, "en") == tr(record.option, "en")
    assert option_sources.cites(tid, True) and option_sources.cites(tid, False)
    assert all(c in clauses.CLAUSES for c in option_sources.cites(tid, True))
    # the floor's words, the set-up differences' words, the report's row
    assert vocab.word(vocab.TRIGGERS, tid, "en") == tr(record.label, "en")
    assert setup_word(tid, "en") == pgettext("setup", record.setup, "en")
    assert tid in trigger_buckets()
    assert trigger_word(tid, "en") == tr(record.report, "en")
    # the placard says it, citing its clauses
    cited = {c for line in placard(cfg).lines for c in line.cites}
    assert set(record.clauses) <= cited | set(record.fired_cites) | {"house-natural"}
    if record.in_a_row:
        # a streak trigger: nothing is asked, and the kill fires at the count, not before
        st = start(cfg.game, triggers=(tid,))
        assert [q.kind for q in needs(st, hand(3))] == list(record.asks) == []
        st = run(st, *[hand(3)] * (record.in_a_row - 1))
        assert not st.button.killed
        kill = [d for d in apply(st, hand(3)).decisions if d.key == "kill-trigger"]
        assert kill and set(record.fired_cites) <= set(kill[0].cites)
    if record.minimum_option is None:
        return
    # a pot-size trigger: the pot is asked, and the kill fires citing its clauses
    st = start(cfg.game, triggers=(tid,))
    raw = {k: v for k, v in _sole_win(tid).items() if k != "pot"}
    asked = needs(st, raw)
    assert [q.kind for q in asked][: len(record.asks)] == list(record.asks)
    kill = [d for d in apply(st, _sole_win(tid)).decisions if d.key == "kill-trigger"]
    assert kill and set(record.fired_cites) <= set(kill[0].cites)


@pytest.mark.parametrize("trigger_id", list(REGISTRY))
def test_every_reader_handles_every_built_in_trigger(trigger_id):
    check_every_reader(REGISTRY[trigger_id])


def test_every_reader_handles_a_trigger_registered_by_a_test(jackpot):
    check_every_reader(jackpot)


def test_every_reader_handles_a_streak_trigger_registered_by_a_test(three):
    check_every_reader(three)


def test_a_trigger_without_its_clause_fails_the_check(monkeypatch):
    with registered(JACKPOT), pytest.raises(AssertionError):
        check_every_reader(JACKPOT)


def test_house_jackpot_registered_alone_kills_at_the_minimum_and_not_a_cent_below(jackpot):
    tf = load_table_text(JACKPOT_TABLE)
    st = initial_state(tf.config, tf.players)
    minimum = tf.config.minimum("big_pot_minimum")
    assert minimum == 10_000
    (q,) = needs(st, hand(3))
    assert q.kind == "pot" and "test-house-jackpot" in q.cites
    below = apply(st, hand(3, pot="99.99"))
    assert not below.state.button.killed
    (small,) = [d for d in below.decisions if d.key == "no-kill-small-pot"]
    assert small.cites == ("test-house-jackpot",) and dict(small.params)["minimum"] == 10000
    at = apply(st, hand(3, pot=100))
    assert at.state.button.killed and at.state.button.seat == 3
    (kill,) = [d for d in at.decisions if d.key == "kill-trigger"]
    assert kill.cites == ("test-house-jackpot",)


def test_house_jackpot_reaches_the_placard_the_setup_words_and_the_report(jackpot):
    tf = load_table_text(JACKPOT_TABLE)
    text = placard(tf.config).text("en")
    assert "Hit the jackpot: win a pot of $100 or more and you kill the next hand." in text
    assert "[test-house-jackpot]" in text
    before = make_table(triggers=("two-pots",))
    changes = "\n".join(setup_changes(before.config, before.players, tf.config, tf.players))
    assert "jackpot" in changes
    rows = [
        Row(
            1,
            "hand",
            {"type": "hand", "winner": 3, "pot": 100},
            "Fay",
            "2026-11-30T20:10:00.000Z",
            None,
        ),
        Row(
            2,
            "hand",
            {"type": "hand", "winner": 1, "pot": 10},
            "Fay",
            "2026-11-30T20:20:00.000Z",
            None,
        ),
    ]
    stats = fold_table("Table 5", tf.config, tf.players, rows)
    assert [k.trigger for k in stats.kill_pots] == ["test-jackpot"]
    assert stats.kills_by_trigger["test-jackpot"] == 1 and not stats.kills_by_trigger["big-pot"]
    assert trigger_word("test-jackpot", "en") == "jackpot pots"


def test_a_pot_size_kill_no_trigger_claims_is_other_never_big_pot():
    from floorkill.report.gather import _trigger
    from floorkill.rules.decisions import Decision

    odd = Decision("kill", 3, "kill-trigger", (), ("rrop-13.11",))
    assert _trigger(odd, ("scoop", "big-pot")) == "other"


# -- docs/rules.md 5.13: a streak trigger, registered alone ---------------------------


def _three(*events) -> object:
    return run(start(triggers=(THREE.id,)), *events)


def test_rules_5_13_three_pots_in_a_row_alone_owe_a_kill_and_two_do_not(three):
    two = _three(hand(3), hand(3))
    assert not two.button.killed and two.streak is not None and two.streak.wins == 2
    a = apply(two, hand(3))
    b = a.state.button
    assert b.killed and b.seat == 3 and b.kind == "required"
    (kill,) = [d for d in a.decisions if d.key == "kill-trigger"]
    assert kill.cites == ("test-house-three",)
    assert a.state.streak is None  # the count starts again after the kill


def test_rules_5_13_another_winner_a_split_or_a_quit_ends_the_count(three):
    assert _three(hand(3), hand(3), hand(2)).streak.wins == 1
    assert not apply(_three(hand(3), hand(3), hand(2)), hand(3)).state.button.killed
    split = _three(hand(3), hand(3), hand(winners=[3, 2]))
    assert split.streak is None and not apply(split, hand(3)).state.button.killed
    gone = apply(_three(hand(3), hand(3)), {"type": "quit", "seat": 3}).state
    assert gone.streak is None


def test_rules_5_13_a_missed_hand_ends_the_count(three):
    away = run(_three(hand(3), hand(3)), {"type": "away", "seat": 3}, hand(2))
    back = run(away, {"type": "back", "seat": 3}, hand(3))
    assert back.streak.wins == 1 and not back.button.killed


def test_rules_5_13_the_killer_who_wins_the_kill_pot_kills_again_rrop_13_7(three):
    killed = _three(hand(3), hand(3), hand(3))
    a = apply(killed, hand(3))
    assert a.state.button.killed and a.state.button.seat == 3
    assert [d.key for d in a.decisions if d.code == "kill-again"] == ["kill-again"]
    lost = apply(killed, hand(2)).state
    assert not lost.button.killed and lost.streak.player == "Bob"


def test_rules_5_13_the_count_is_in_the_snapshot_only_at_a_streak_table(three):
    from floorkill.store.snapshot import state_from_dict, state_to_dict

    st = _three(hand(3), hand(3))
    assert state_to_dict(st)["streak"] == {"player": "Cy", "wins": 2}
    assert state_from_dict(st.config, state_to_dict(st)) == st
    plain = run(start(triggers=("big-pot",)), hand(3, pot=10), hand(3, pot=10))
    assert plain.streak is None and "streak" not in state_to_dict(plain)


def test_rules_5_13_a_streak_kill_reaches_the_placard_the_setup_words_and_the_report(three):
    tf = load_table_text(JACKPOT_TABLE.replace('"test-jackpot"', f'"{THREE.id}"'))
    text = placard(tf.config).text("en")
    assert "Win three pots in a row alone and you kill the next hand." in text
    assert "[test-house-three]" in text
    before = make_table(triggers=("two-pots",))
    changes = "\n".join(setup_changes(before.config, before.players, tf.config, tf.players))
    assert "three-in-a-row" in changes
    rows = [
        Row(n, "hand", {"type": "hand", "winner": 3}, "Fay", f"2026-11-30T20:1{n}:00.000Z", None)
        for n in range(1, 5)
    ]
    stats = fold_table("Table 5", tf.config, tf.players, rows)
    assert [k.trigger for k in stats.kill_pots] == [THREE.id]
    assert stats.kills_by_trigger[THREE.id] == 1
    assert trigger_word(THREE.id, "en") == "three pots in a row"

"""The kill triggers' registry (rules/triggers.py): every reader of a trigger handles every
registered one — the built-in triggers, and a trigger registered by a test alone, which
must reach the table file, the engine, the questions, the placard, the set-up words and
the shift report with no other file changed (CONTRIBUTING, "Adding a kill trigger")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers import hand, make_table, start

from floorkill import vocab
from floorkill.i18n import pgettext, tr
from floorkill.report.gather import Row, fold_table, trigger_buckets
from floorkill.report.phrases import trigger_word
from floorkill.rules import apply, clauses, initial_state, option_sources
from floorkill.rules.clauses import Clause
from floorkill.rules.config import TRIGGERS, load_table_text
from floorkill.rules.option_sources import Choice, OptionSource
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
)
JACKPOT_CLAUSE = Clause(
    "test-house-jackpot",
    "House rules (test)",
    {"en": "Jackpot kill", "ru": "Джекпот-килл"},
    {"en": "A pot of the set size or more, won alone, kills.", "ru": "Крупный банк убивает."},
)
JACKPOT_SOURCE = OptionSource(
    "test-jackpot",
    (),
    {
        True: Choice({"en": "A jackpot kills."}, ("test-house-jackpot",)),
        False: Choice({"en": "A jackpot does not kill."}, ("rrop-13.0",)),
    },
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
    """The test's trigger in the registry, its clause and its rulebook sentence beside it:
    the three entries the recipe writes, in the three files it names."""
    monkeypatch.setitem(clauses.CLAUSES, JACKPOT_CLAUSE.id, JACKPOT_CLAUSE)
    monkeypatch.setitem(option_sources.SOURCES, JACKPOT_SOURCE.name, JACKPOT_SOURCE)
    with registered(JACKPOT) as record:
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
    cfg = _config(tid) if tid in ("two-pots", "scoop", "big-pot") else None
    # the table file takes it; the option list and its clauses name it
    assert tid in TRIGGERS and tid in triggers()
    assert trigger_cites(tid) == record.clauses
    assert all(c in clauses.CLAUSES for c in (*record.clauses, *record.fired_cites))
    assert tid in option_sources.SOURCES
    # the floor's words, the set-up differences' words, the report's row
    assert vocab.word(vocab.TRIGGERS, tid, "en") == tr(record.label, "en")
    assert setup_word(tid, "en") == pgettext("setup", record.setup, "en")
    assert tid in trigger_buckets()
    assert trigger_word(tid, "en") == tr(record.report, "en")
    if cfg is None:
        return
    # the placard says it, citing its clauses
    cited = {c for line in placard(cfg).lines for c in line.cites}
    assert set(record.clauses) <= cited | set(record.fired_cites) | {"house-natural"}
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
    assert small.cites == ("test-house-jackpot",) and dict(small.params)["minimum"] == "$100"
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

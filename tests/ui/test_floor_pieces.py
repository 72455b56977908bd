"""The floor's pure pieces: questions found by trying events, table rows, forms, file names."""

from __future__ import annotations

import pytest
from floorhelp import HALF, KILLED, LOWBALL, STUD, WSOP, hand, session

from floorkill.floor.seat_events import (
    FormError,
    build_join,
    build_seat_event,
    build_stack,
    build_voluntary,
    join_fields,
)
from floorkill.floor.tables import TableRegistry, barred_in, new_table_path, slug, tables_dir
from floorkill.floor.wording import choice_for
from floorkill.rules import ConfigError, Refusal
from floorkill.rules.config import KILL_OPTIONS, PRESETS
from floorkill.ui.screens.rulings_screen import decide, ruling_text
from floorkill.ui.screens.table_editor import (
    DEFAULT_VALUES,
    check_form,
    config_values,
    form_doc,
    preset_values,
)
from floorkill.ui.screens.table_list import kill_game_words, status_cell

# -- questions ----------------------------------------------------------------------


def test_pending_killer_quitting_is_asked_whether_the_kill_is_posted():
    st = session(events=KILLED).state
    c = choice_for(st, {"type": "quit", "seat": 3})
    assert c is not None and c.kind == "posts_kill" and "rrop-13.6" in c.cites
    assert [d.code for d in c.consequences(True)] == ["kill"]
    assert [d.code for d in c.consequences(False)] == ["barred", "neutral"]
    assert "$20" in c.text("en") and "Cy" in c.text("ru")
    assert c.answered({"type": "quit", "seat": 3}, False) == {
        "type": "quit",
        "seat": 3,
        "posts_kill": False,
    }


def test_pending_killer_stepping_away_is_asked_too():
    c = choice_for(session(events=KILLED).state, {"type": "away", "seat": 3})
    assert c is not None and c.key == "q-posts-kill-away"


def test_no_question_when_the_answer_changes_nothing():
    st = session(events=KILLED).state
    assert choice_for(st, {"type": "quit", "seat": 4}) is None  # not the killer
    assert choice_for(session(events=[hand(3)]).state, {"type": "quit", "seat": 3}) is None
    assert choice_for(st, {"type": "quit", "seat": 3, "posts_kill": True}) is None  # answered


def test_joining_a_kill_pot_asks_for_the_agreement_unless_the_house_lets_them_sit():
    st = session(events=KILLED).state
    c = choice_for(st, {"type": "join", "seat": 5, "name": "Eve"})
    assert c is not None and c.kind == "agrees_to_kill" and c.cites == ("rrop-13.12",)
    assert [d.code for d in c.consequences(False)] == ["not-dealt-in"]
    assert choice_for(session(events=[]).state, {"type": "join", "seat": 5, "name": "Eve"}) is None
    wsop = session(WSOP, events=KILLED).state
    assert choice_for(wsop, {"type": "join", "seat": 5, "name": "Eve"}) is None


def test_a_refused_event_asks_nothing():
    st = session(events=KILLED).state
    assert choice_for(st, {"type": "join", "seat": 3, "name": "Eve"}) is None  # seat taken


# -- several tables ---------------------------------------------------------------------


def test_memory_tables_pass_bars_to_each_other():
    a = session(events=KILLED + [{"type": "quit", "seat": 3, "posts_kill": False}])
    b = session(HALF)
    reg = TableRegistry(b, others=[a])
    assert barred_in([a, b], exclude="Table 14") == {"cy": (2000, "Table 12")}
    with pytest.raises(Refusal) as exc:
        reg.try_event(b, {"type": "join", "seat": 5, "name": "CY"})
    assert exc.value.key == "join-barred" and exc.value.params["amount"] == 2000
    with pytest.raises(Refusal):
        reg.append(b, {"type": "join", "seat": 5, "name": "Cy"})
    assert len(b) == 0
    assert reg.owed_everywhere(b) == [("Cy", 2000, "barred", "Table 12")]


def test_table_rows_say_status_and_kill_game():
    killed = session(events=KILLED).state
    assert status_cell(killed, "en").plain == "KILL Seat 3 Cy, $20"
    assert status_cell(killed, "ru").plain == "КИЛЛ место 3, Cy, 20\u00a0$"
    assert kill_game_words(killed.config, "en") == "full kill, two pots"
    assert status_cell(session(events=[hand(4)]).state, "en").plain.startswith("leg up")
    assert kill_game_words(session(STUD).state.config, "en") == "no"


def test_new_table_files_never_overwrite(tmp_path, monkeypatch):
    monkeypatch.setenv("FLOORKILL_TABLES_DIR", str(tmp_path / "t"))
    assert tables_dir() == tmp_path / "t"
    assert slug("Table 7 · $10-$20 Omaha/8") == "table-7-10-20-omaha-8"
    assert slug("···") == "table"
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "table-7.toml").write_text("x")
    assert new_table_path("Table 7").name == "table-7-2.toml"


# -- forms --------------------------------------------------------------------------------


def test_join_form_reads_name_seat_stack_and_offers_the_voluntary_kill():
    st = session(LOWBALL).state
    fields = join_fields(st, 2)  # seat 2 is taken: the first empty one
    assert [f[0] for f in fields] == ["name", "seat", "stack", "posts"]
    assert fields[1][2] == "4"
    assert build_join(st, {"name": " Zed ", "seat": "4", "stack": "$60", "posts": "y"}) == {
        "type": "join",
        "seat": 4,
        "name": "Zed",
        "stack": "60",
        "posts_kill": True,
    }
    for bad in (
        {"name": "", "seat": "4"},
        {"name": "Zed", "seat": "x"},
        {"name": "Zed", "seat": "9"},
        {"name": "Zed", "seat": "4", "stack": "1.234"},
    ):
        with pytest.raises(FormError):
            build_join(st, bad)
    assert [f[0] for f in join_fields(session().state, None)] == ["name", "seat", "stack"]


def test_seat_forms():
    st = session(events=[hand(3), {"type": "away", "seat": 4}]).state
    assert build_seat_event(st, {"seat": "4"}, "away") == {"type": "back", "seat": 4}
    assert build_seat_event(st, {"seat": "3"}, "away") == {"type": "away", "seat": 3}
    with pytest.raises(FormError):
        build_seat_event(st, {"seat": "5"}, "quit")
    assert build_stack(st, {"seat": "3", "amount": "150.50"})["amount"] == "150.50"
    assert build_voluntary(st, {"seat": "3", "seen": "2", "third": "y"}) == {
        "type": "voluntary_kill",
        "seat": 3,
        "cards_seen": 2,
        "third_card_dealt": True,
    }


# -- rulings --------------------------------------------------------------------------------


def test_rulings_read_the_current_state():
    st = session(events=KILLED).state
    d = decide("short-post", st, seat=4)
    assert d[0].code == "must-complete" and d[0].cites == ("rrop-13.9",)
    assert "Dee must complete" in ruling_text("short-post", d, "en").plain
    assert decide("one-kill-per-deal", st)[0].code == "killed"
    other = session(HALF).config
    assert decide("same-game", st, other=other)[0].code == "different-game"
    assert decide("same-game", st, other=None) == []
    ru = ruling_text("same-game", decide("same-game", st, other=session(STUD).config), "ru").plain
    assert "разные игры" in ru and "rrop-13.13" in ru


# -- the table editor's form ------------------------------------------------------------------


def test_every_house_option_is_in_the_form_with_the_presets_readings():
    assert set(KILL_OPTIONS) <= set(DEFAULT_VALUES)
    for preset, values in PRESETS.items():
        pv = preset_values(preset)
        for name, value in values.items():
            assert pv[name] == value


def test_form_goes_through_the_rules_config_loader():
    tf = check_form({**DEFAULT_VALUES, "name": "Table 40"})
    assert tf.config.kill_blind == 2000 and tf.config.differs_from_preset() == {}
    wsop = check_form(
        {
            **DEFAULT_VALUES,
            **preset_values("wsop"),
            "name": "T",
            "preset": "wsop",
            "new_player": "must-agree",
        }
    )
    assert wsop.config.differs_from_preset() == {"new_player": ("may-sit", "must-agree")}
    with pytest.raises(ConfigError) as exc:
        check_form({**DEFAULT_VALUES, "name": "T", "game": "stud"})
    assert "house-blind-games" in exc.value.message
    with pytest.raises(ConfigError) as exc:
        check_form(
            {
                **DEFAULT_VALUES,
                "name": "T",
                "bets": "0.03 0.06",
                "blinds": "0.01 0.03",
                "kind": "half",
            }
        )
    assert "fraction of a cent" in exc.value.message
    spread = form_doc({**DEFAULT_VALUES, "structure": "spread", "bets": "$1-4-8-8"})
    assert spread["stakes"]["bets"] == [1, 4, 8, 8]


def test_a_config_round_trips_through_the_form():
    cfg = session(LOWBALL).config
    assert check_form(config_values(cfg)).config == cfg
    cfg = session(WSOP).config
    assert check_form(config_values(cfg)).config == cfg


def test_new_tables_go_to_the_test_folder(tmp_path):
    assert tables_dir() == tmp_path / "tables"  # set by the autouse fixture

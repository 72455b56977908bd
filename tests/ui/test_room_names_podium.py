"""Names at the podium's join form (docs/rules.md section 8, rrop-13.6): one person, one key.

A name that normalises to nothing, that is another seated player's under the name key, or
that differs from one only by an invisible character gets one clear line in the form and
nothing is stored; a name close to a barred player's (a dropped diacritic, a look-alike
letter from another alphabet, reordered, initialled; one letter off: test_room_podium.py)
is asked about before anyone is seated.
"""

from __future__ import annotations

import pytest
from floorhelp import HALF, HOLDEM, session
from termhelp import type_text
from textual import events

from floorkill.rules import load_table_text
from floorkill.store.journal import Journal
from floorkill.ui.podium import make_podium_app
from floorkill.ui.screens.ask_modal import AskModal
from floorkill.ui.screens.seat_forms import FormModal

SIZE = (120, 40)


async def _enter_name(pilot, name: str, how: str) -> None:
    """Seat 8's join form with ``name`` typed (keys) or pasted (a terminal's bracketed
    paste: how a character no keyboard types gets in), then Enter."""
    await pilot.press("f6", "8", "j")
    if how == "type":
        await type_text(pilot, name)
    else:
        pilot.app.focused.post_message(events.Paste(name))
        await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


REFUSED_NAMES = [
    ("   ", "type", "type the player's name"),
    ("\u3000\u2003\u00a0", "paste", "type the player's name"),  # wide and odd spaces
    ("  aNN ", "type", "aNN is already seated at seat 1"),  # Ann's key
    ("ａｎｎ", "paste", "ａｎｎ is already seated at seat 1"),  # fullwidth: NFKC
    (
        "Ann\u200b",
        "paste",
        "invisible character at position 4 (U+200B): it would look exactly like 'Ann'",
    ),
    (
        "A\u034fnn",
        "paste",
        "invisible character at position 2 (U+034F): it would look exactly like 'Ann'",
    ),
    ("\u3164", "paste", "invisible character at position 1 (U+3164): it would look empty"),
]


async def test_the_join_form_refuses_an_empty_a_seated_or_an_invisible_copy_of_a_name():
    """Each name in turn at one podium: the form stays open with its line, Esc closes it."""
    s = session()
    assert s.state.player(1).name == "Ann"
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        for name, how, error in REFUSED_NAMES:
            await _enter_name(pilot, name, how)
            form = app.screen
            assert isinstance(form, FormModal), (name, form)  # still open: correct it in place
            assert error in form.error and "\n" not in form.error, (name, form.error)
            assert len(s) == 0 and s.state.player(8) is None, name
            await pilot.press("escape")
            assert not isinstance(app.screen, FormModal), name


def _barred_at_table_14(path, name: str) -> Journal:
    """Table 12 and Table 14; ``name`` barred at Table 14 for $6 (missed a required kill)."""
    j = Journal(path, "test")
    j.create_table(load_table_text(HOLDEM))
    b = j.create_table(load_table_text(HALF))
    b.append({"type": "join", "seat": 8, "name": name})
    b.append({"type": "hand", "winner": 8})
    b.append({"type": "hand", "winner": 8, "qualifies": True})
    b.append({"type": "quit", "seat": 8, "posts_kill": False})
    assert b.state.is_barred(name)
    return j


# The podium asks the same way whatever made the name near (floorkill/rules/names.py
# says why): a letter off and two neighbours swapped are read as near by
# tests/rules/test_room_names.py::test_near_matches, and a letter off is asked about at the
# podium by tests/ui/test_room_podium.py::test_a_near_match_join_asks_before_seating.
@pytest.mark.parametrize(
    "barred,typed",
    [
        ("Zoë Hart", "Zoe Hart"),  # a dropped diacritic
        ("Наталья Смирнова", "Hатaлья Смирнова"),  # Latin H and a among Cyrillic letters
    ],
)
async def test_rrop_13_6_a_near_match_of_a_barred_name_is_asked_about(tmp_path, barred, typed):
    j = _barred_at_table_14(tmp_path / "evening.db", barred)
    a = j.open_table("Table 12")
    app = make_podium_app(a)
    async with app.run_test(size=SIZE) as pilot:
        await _enter_name(pilot, typed, "paste")
        ask = app.screen
        assert isinstance(ask, AskModal), ask
        assert ask.question == f"Is this {barred}, barred at Table 14 for $6?"
        await pilot.press("y")  # the same person: refused, nothing stored
        await pilot.pause()
        assert len(a) == 0 and a.state.player(8) is None
        await _enter_name(pilot, typed, "paste")
        await pilot.press("n")  # someone else: the join goes on
        await pilot.pause()
        if isinstance(app.screen, AskModal):  # the kill-pot question, when there is one
            await pilot.press("n")
            await pilot.pause()
        assert a.state.player(8).name == typed and not a.state.is_barred(typed)
    j.close()


@pytest.mark.parametrize("typed", ["Hill, George", "G. Hill"])
async def test_rrop_13_6_a_reordered_or_initialled_barred_name_is_asked_and_the_answer_kept(
    tmp_path, typed
):
    """George Hill is barred: "Hill, George" and "G. Hill" are asked about before seating;
    "not him" seats the player and the join records whom the floorperson said this is not.
    (That "George H" and "Gorge Hill" are near George Hill too is the rules' reading,
    tests/rules/test_near_names.py; the podium asks alike.)"""
    j = _barred_at_table_14(tmp_path / "evening.db", "George Hill")
    a = j.open_table("Table 12")
    app = make_podium_app(a)
    async with app.run_test(size=SIZE) as pilot:
        await _enter_name(pilot, typed, "paste")
        ask = app.screen
        assert isinstance(ask, AskModal), ask
        assert ask.question == "Is this George Hill, barred at Table 14 for $6?"
        await pilot.press("n")
        await pilot.pause()
        if isinstance(app.screen, AskModal):  # the kill-pot question, when there is one
            await pilot.press("n")
            await pilot.pause()
        joined = a.records(0, len(a))[-1].event
        assert joined["name"] == typed and joined["not_same_as"] == "George Hill"
    j.close()

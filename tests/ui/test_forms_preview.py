"""The seat keys' forms, the owed-kill list and the showdown form show, as they are typed,
what Enter will record and what the rules will decide (the rules' preview); Enter records
only what the preview on the screen said at that moment (docs/podium.md, "What Enter
records"). Keys are sent as a terminal sends them: one burst."""

from __future__ import annotations

import asyncio

from floorhelp import KILLED, hand, session
from termhelp import send_keys

from floorkill.ui.podium import make_podium_app
from floorkill.ui.screens.ask_modal import AskModal
from floorkill.ui.screens.seat_forms import FormModal, PayKillModal
from floorkill.ui.screens.undo_and_showdown import ShowdownModal

SIZE = (120, 40)
OWED = KILLED + [{"type": "quit", "seat": 3, "posts_kill": False}]  # Cy barred until paid
GEORGE_BARRED = [
    {"type": "join", "seat": 6, "name": "George Hill"},
    hand(6),
    hand(6, qualifies=True),
    {"type": "quit", "seat": 6, "posts_kill": False},
]


async def settle(pilot) -> None:
    app = pilot.app
    for _ in range(400):
        await pilot.pause()
        if app.key_gate.held == 0 and not app.key_gate._busy:
            break
        await asyncio.sleep(0.01)
    await pilot.pause()


def events(s) -> list[dict]:
    return [r.event for r in s.records(0, len(s))]


async def test_the_join_and_stack_forms_show_what_enter_records_and_record_just_that():
    """The join form's preview, then Enter records just it; the stack form's preview, then
    one the rules refuse: Enter records nothing and the form stays."""
    s = session()
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        send_keys(app, "f6", "5", "j", *"Dana White")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, FormModal)
        assert form.shown_text.startswith("⏎ records: join seat 5: Dana White"), form.shown_text
        shown = form.shown
        assert shown is not None and shown.records
        send_keys(app, "enter")
        await settle(pilot)
        assert events(s) == [dict(shown.raw)]
        send_keys(app, "f6", "4", "s", *"4,50")
        await settle(pilot)
        form = app.screen
        assert form.shown_text.startswith("⏎ records: stack seat 4"), form.shown_text
        send_keys(app, "ctrl+u", *"1e9")
        await settle(pilot)
        assert form.shown_text.startswith("✗"), form.shown_text
        send_keys(app, "enter")
        await settle(pilot)
        assert events(s) == [dict(shown.raw)] and app.screen is form


async def test_the_join_form_says_the_rules_refusal_and_the_owed_kill_list_what_enter_records():
    """rrop-13.6: a barred player's name — the join form says it records nothing, and why;
    the owed-kill list then says the kill paid, the bar lifted — before Enter."""
    s = session(events=OWED)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        send_keys(app, "f6", "5", "j", *"cy")
        await settle(pilot)
        form = app.screen
        assert form.shown_text.startswith("⏎ records nothing:"), form.shown_text
        assert "rrop-13.6" in form.shown_text
        n = len(s)
        send_keys(app, "enter")
        await settle(pilot)
        assert len(s) == n and isinstance(app.screen, FormModal)
        send_keys(app, "escape")
        await settle(pilot)
        assert app.screen is app.podium
        send_keys(app, "f6", "p")
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, PayKillModal)
        assert modal.shown_text.startswith("⏎ records: pay kill: Cy"), modal.shown_text
        shown = modal.shown
        send_keys(app, "enter")
        await settle(pilot)
        assert events(s)[-1] == dict(shown.raw) == {"type": "pay_kill", "name": "Cy"}


async def test_the_join_form_preview_in_russian():
    s = session()
    app = make_podium_app(s, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        send_keys(app, "f6", "5", "о", *"Дана")
        await settle(pilot)
        assert app.screen.shown_text.startswith("⏎ запишет:"), app.screen.shown_text


async def test_a_near_match_of_a_barred_name_is_what_the_join_form_says_enter_asks():
    """rrop-13.6: "Hill, George" — Enter asks whether this is the barred George Hill."""
    s = session(events=GEORGE_BARRED)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        send_keys(app, "f6", "7", "j", *"Hill, George")
        await settle(pilot)
        form = app.screen
        assert form.shown_text.startswith("⏎ asks:") and "George Hill" in form.shown_text, (
            form.shown_text
        )
        n = len(s)
        send_keys(app, "enter")
        await settle(pilot)
        assert isinstance(app.screen, AskModal) and len(s) == n


async def test_a_form_whose_table_moved_unseen_records_nothing_until_enter_again():
    """Another podium's hand lands while the join form is open and its preview was not
    refreshed: Enter shows the new preview and records nothing; the next Enter records it."""
    s = session()
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        send_keys(app, "f6", "5", "j", *"Dana")
        await settle(pilot)
        form = app.screen
        before = form.shown
        s.append(hand(3))  # not through this podium's floor: nobody told the form
        send_keys(app, "enter")
        await settle(pilot)
        assert events(s) == [hand(3)] and app.screen is form
        assert "table changed" in form.error, form.error
        assert form.shown is not None and not form.shown.same(before)
        send_keys(app, "enter")
        await settle(pilot)
        assert events(s) == [hand(3), {"type": "join", "seat": 5, "name": "Dana"}]


async def test_the_form_preview_follows_the_table_while_it_is_open():
    s = session()
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        send_keys(app, "f6", "5", "j", *"Dana")
        await settle(pilot)
        form = app.screen
        app.floor.commit({"type": "join", "seat": 5, "name": "Eve"})  # seat 5 taken meanwhile
        await settle(pilot)
        assert form.shown_text.startswith("⏎ records nothing:"), form.shown_text
        send_keys(app, "enter")
        await settle(pilot)
        assert events(s) == [{"type": "join", "seat": 5, "name": "Eve"}]


async def test_the_showdown_form_shows_the_winner_before_enter():
    s = session()
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        send_keys(app, "f2", *"Ah Kd 7c 2s 9h", "tab", "tab", *"As Ks", "tab", *"Qd Qh")
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, ShowdownModal)
        assert modal.shown_text.startswith("⏎ records: hand"), modal.shown_text
        assert "3" in modal.shown_text
        shown = modal.shown
        send_keys(app, "enter")
        await settle(pilot)
        assert events(s) == [dict(shown.raw)]
        assert s.records(0, 1)[0].result[0] == (3,)


async def test_the_showdown_form_records_nothing_it_did_not_show():
    s = session()
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        send_keys(app, "f2", *"Ah Kd 7c 2s 9h", "tab", "tab", *"As Ks", "tab", *"Qd Qh")
        await settle(pilot)
        modal = app.screen
        s.append({"type": "join", "seat": 6, "name": "Zed"})  # unseen by the form
        send_keys(app, "enter")
        await settle(pilot)
        assert len(s) == 1 and app.screen is modal
        assert "table changed" in modal.shown_text

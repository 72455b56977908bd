"""A bad snapshot the journal meets only after the podium opened (the older snapshot an
undo refolds from; the newest one of a table switched to later) is said as the opening
says one — in the podium's language, naming the table and the seq — and once: meeting it
again says nothing new."""

from __future__ import annotations

import pytest
from floorhelp import HALF
from snaptamper import NOTICE_WORDS, forge_snapshot
from termhelp import settle
from uihelp import HOLDEM

from floorkill.i18n import set_lang
from floorkill.rules import load_table_text
from floorkill.store.journal import Journal
from floorkill.ui.podium import make_podium_app, open_podium
from floorkill.ui.screens.table_list import TableListScreen
from floorkill.ui.screens.undo_and_showdown import UndoModal

SIZE = (120, 40)


def toasts(app) -> list[str]:
    return [str(t.render()) for t in app.screen.query("Toast")]


async def toasts_once_said(pilot, *words: str) -> list[str]:
    """The toasts saying every one of ``words``, once the keys sent are handled and (for
    a bounded while) such a toast has been mounted."""
    await settle(pilot)
    for _ in range(100):
        hits = [x for x in toasts(pilot.app) if all(w in x for w in words)]
        if hits:
            return hits
        await pilot.pause(0.02)
    return []


@pytest.mark.parametrize("lang, words", NOTICE_WORDS)
async def test_a_bad_snapshot_met_on_undo_is_said_once(tmp_path, lang, words):
    path = tmp_path / "journal.db"
    with Journal(path, "fp", snapshot_every=2, mac_key=None) as j:
        s = j.create_table(load_table_text(HOLDEM))
        for w in (3, 3, 1, 4, 4, 1, 3, 4):  # snapshots at seq 2, 4, 6, 8
            s.append({"type": "hand", "winner": w, "qualifies": True})
        table = s.name
    forge_snapshot(path, table, 6)  # the opening uses seq 8; undoing 8 refolds from 6
    set_lang(lang)
    opening = open_podium(None, path, None)
    try:
        assert opening.notices == []  # nothing bad met at the opening
        app = make_podium_app(
            opening.session, lang=lang, notices=opening.notices, journal=opening.journal
        )
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await pilot.pause()
            assert not [x for x in toasts(app) if words in x]
            hands = app.session.state.hands
            await pilot.press("ctrl+z")
            await settle(pilot)
            assert isinstance(app.screen, UndoModal)
            await pilot.press(*"typo", "enter")
            hits = await toasts_once_said(pilot, words, "seq 6", table)
            assert app.session.state.hands == hands - 1 != 9999  # folded, not the forgery
            assert len(hits) == 1, toasts(app)
            await pilot.press("ctrl+z")  # undo 7: the refold meets 6 again
            await settle(pilot)
            await pilot.press(*"typo", "enter")
            await settle(pilot)
            assert app.session.state.hands == hands - 2
            hits = [x for x in toasts(app) if words in x and "seq 6" in x]
            assert len(hits) == 1, toasts(app)
    finally:
        opening.closer()
        set_lang("en")


@pytest.mark.parametrize("lang, words", NOTICE_WORDS)
async def test_a_bad_snapshot_met_on_switching_tables_is_said_once(tmp_path, lang, words):
    path = tmp_path / "journal.db"
    with Journal(path, "fp", snapshot_every=2, mac_key=None) as j:
        first = j.create_table(load_table_text(HOLDEM))
        other = j.create_table(load_table_text(HALF))
        for w in (1, 1, 6, 2):  # snapshots at seq 2 and 4
            other.append({"type": "hand", "winner": w, "qualifies": True})
        first_name, other_name, truth = first.name, other.name, other.state
    forge_snapshot(path, other_name, 4)  # met when the podium opens it
    set_lang(lang)
    opening = open_podium(None, path, None)
    try:
        assert opening.session.name == first_name and opening.notices == []
        app = make_podium_app(
            opening.session, lang=lang, notices=opening.notices, journal=opening.journal
        )
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await pilot.pause()
            await pilot.press("f9")
            await settle(pilot)
            assert isinstance(app.screen, TableListScreen)
            await pilot.press("2")  # its number switches at once
            hits = await toasts_once_said(pilot, words, "seq 4", other_name)
            assert app.session.name == other_name
            assert app.session.state == truth  # folded, not the forgery
            assert len(hits) == 1, toasts(app)
            await pilot.press("f9", "1", "f9", "2")  # there and back: nothing new to say
            await settle(pilot)
            assert app.session.name == other_name
            assert not [x for x in toasts(app) if words in x]  # the list cleared the toasts
    finally:
        opening.closer()
        set_lang("en")

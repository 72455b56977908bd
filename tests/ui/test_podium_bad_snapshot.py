"""The podium never trusts a snapshot that is not the state its row records in the hash
chain: the table opens with the state folded from the events, and the floorperson is told
(a warning notice naming the table and the seq), in the podium's language."""

from __future__ import annotations

import pytest
from snaptamper import NOTICE_WORDS, forge_newest_snapshot
from uihelp import HOLDEM

from floorkill.i18n import set_lang
from floorkill.rules import load_table_text
from floorkill.store.journal import Journal
from floorkill.ui.podium import make_podium_app, open_podium

SIZE = (120, 40)


@pytest.mark.parametrize("lang, words", NOTICE_WORDS)
async def test_a_forged_snapshot_is_not_shown_and_is_said(tmp_path, lang, words):
    path = tmp_path / "journal.db"
    with Journal(path, "fp", snapshot_every=2, mac_key=None) as j:
        s = j.create_table(load_table_text(HOLDEM))
        for w in (3, 3, 1, 4, 4):
            s.append({"type": "hand", "winner": w, "qualifies": True})
        truth = s.state
    table, seq = forge_newest_snapshot(path)
    set_lang(lang)  # as `floorkill --lang ru` does
    opening = open_podium(None, path, None)
    try:
        assert opening.session.state == truth  # folded from the events, not the forgery
        app = make_podium_app(
            opening.session, lang=lang, notices=opening.notices, journal=opening.journal
        )
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await pilot.pause()
            said = [str(t.render()) for t in app.screen.query("Toast")]
            hits = [x for x in said if words in x and f"seq {seq}" in x and table in x]
            assert hits, said
            assert app.session.state.hands == truth.hands != 9999
    finally:
        opening.closer()

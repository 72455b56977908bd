"""Stale texts: the rules panel says what the current state and the last record
say, after every kind of change — a hand typed, a voluntary kill by its seat key, an undo,
a player back, F3 — never a sentence left from an earlier one. (Its words are the rules
model's: the panel only shows ``record.decisions`` and ``pending(state)``.)"""

from __future__ import annotations

from floorhelp import LOWBALL
from langhelp import f3_to
from uihelp import session

from floorkill.event_words import record_head
from floorkill.rules.pending import pending
from floorkill.ui.podium import make_podium_app
from floorkill.ui.widgets.rules_panel import RulesPanel
from floorkill.ui.widgets.status_line import StatusLine, kill_status_text


def _flat(text: str) -> str:
    return " ".join(text.split())


def _says_now(app, s, lang: str) -> None:
    panel = _flat(app.query_one(RulesPanel).plain_text())
    rec = s.records(len(s) - 1, len(s))[0]
    assert _flat(record_head(rec, lang)) in panel
    for d in rec.decisions:
        assert _flat(d.text(lang)) in panel
    for d in pending(s.state):
        assert _flat(d.text(lang)) in panel
    status = " ".join(t.plain for t in app.query_one(StatusLine).render().renderables)
    assert _flat(kill_status_text(s.state, lang)) in _flat(status)


async def test_the_rules_panel_and_status_follow_every_change():
    s = session(LOWBALL)
    app = make_podium_app(s, cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1", "enter")  # Ann wins: leg up
        await pilot.pause()
        _says_now(app, s, "en")
        await pilot.press("2", "enter")  # Bo wins: the leg moves
        await pilot.pause()
        _says_now(app, s, "en")
        await pilot.press("f6", "3", "v", "enter")  # Cy kills the next hand
        await pilot.pause()
        assert s.state.button.killed, s.state.button
        _says_now(app, s, "en")
        await pilot.press("3", "enter")  # the kill pot is played
        await pilot.pause()
        assert not s.state.button.killed
        _says_now(app, s, "en")
        await pilot.press(*f3_to("ru"))
        await pilot.pause()
        _says_now(app, s, "ru")
        await pilot.press("ctrl+z")
        await pilot.press(*"wrong", "enter")  # undo: the kill pot is back
        await pilot.pause()
        assert s.state.button.killed
        _says_now(app, s, "ru")

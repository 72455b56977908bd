"""The big screen says what a correction put right (docs/big-screen.md): "Corrected: hand
2 — …" from the view model, on the terminal screen and the TV page, in the screen's
language, until the next hand is recorded; the replaced record's stale decision is not
shown as the last decision."""

from __future__ import annotations

from pathlib import Path

from bshelp import hand, make_journal, text_of

import floorkill.web
from floorkill.display.follow import Follower
from floorkill.display.view import ViewBuilder, view_dict
from floorkill.store.journal import Journal
from floorkill.ui.big_screen.terminal import make_big_screen_app

# seats 1 Ann, 3 Cy, 5 Eve, 7 Gus: hand 2 entered as won by Cy; Gus won it
EVENTS = [hand(1), hand(3), hand(5)]
EN = "Corrected: hand 2 — hand 2: leg up (Cy, seat 3) → leg up (Gus, seat 7)"
RU = "Исправлено: раздача 2 — раздача 2: «нога» (место 3 (Cy)) → «нога» (место 7 (Gus))"


def _corrected_journal(path):
    j, s = make_journal(path, EVENTS, keep_open=True)
    s.correct(2, hand(7), reason="the dealer")
    return j, s


def _screen(path, lang):
    follower = Follower(path, "Table 12", lang=lang)
    try:
        picture = follower.poll()
        assert picture is not None and picture.tables
        return ViewBuilder(lang).build(picture).tables[0]
    finally:
        follower.close()


def test_the_big_screen_says_what_a_correction_changed_until_the_next_hand(tmp_path):
    path = tmp_path / "journal.db"
    j, s = _corrected_journal(path)
    try:
        en, ru = _screen(path, "en"), _screen(path, "ru")
        assert en.corrected == EN and ru.corrected == RU
        # the corrected hand's decision as first stored is not the table's any more
        assert "Cy" not in en.last.text and "Eve" in en.last.text
        s.append(hand(1))  # the game moves on
        assert _screen(path, "en").corrected == ""
    finally:
        j.close()


def test_a_struck_hand_and_a_correction_of_no_ruling_are_said_too(tmp_path):
    path = tmp_path / "journal.db"
    j, s = make_journal(path, EVENTS, keep_open=True)
    try:
        s.correct(3, {"type": "hand", "winner": 5, "flop": False})  # the same leg
        assert _screen(path, "en").corrected == "Corrected: hand 3 — no ruling changes"
        s.correct(4, None, settle={})  # hand 3 struck (its correction's newest)
        assert _screen(path, "en").corrected.startswith("Corrected: hand 3 struck — ")
        assert _screen(path, "ru").corrected.startswith("Исправлено: раздача 3 вычеркнута — ")
    finally:
        j.close()


def test_the_tv_page_receives_the_corrected_line(tmp_path):
    path = tmp_path / "journal.db"
    j, _s = _corrected_journal(path)
    j.close()
    assert view_dict_of(path)["tables"][0]["corrected"] == EN
    static = Path(floorkill.web.__file__).parent / "static"
    assert 'text("corrected", t.corrected)' in (static / "page.js").read_text(encoding="utf-8")
    assert '<div id="corrected"></div>' in (static / "index.html").read_text(encoding="utf-8")


def view_dict_of(path):
    follower = Follower(path, "Table 12", lang="en")
    try:
        return view_dict(ViewBuilder("en").build(follower.poll()))
    finally:
        follower.close()


async def test_the_terminal_big_screen_shows_the_corrected_line(tmp_path):
    path = tmp_path / "journal.db"
    j, s = _corrected_journal(path)
    j.close()
    app = make_big_screen_app(path, "Table 12", poll=0.1)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(50):
            if app.shown is not None:
                break
            await pilot.pause(0.05)
        assert text_of(app, "#corrected") == EN
        assert app.query_one("#corrected").display
        with Journal(path, "podium") as again:
            again.open_table("Table 12").append(hand(3))
        for _ in range(60):
            await pilot.pause(0.05)
            if not app.query_one("#corrected").display:
                break
        assert not app.query_one("#corrected").display

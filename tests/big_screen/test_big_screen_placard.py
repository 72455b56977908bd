"""The big screen's placard page (`floorkill big-screen --placard [--lang ru]`): each
table's placard from the rules model, following the journal, read-only like the rest."""

from __future__ import annotations

import pytest
from bshelp import HOSTILE, KILL_POT, NEUTRAL, add_table, make_journal, text_of

from floorkill.rules.placard import placard
from floorkill.ui.big_screen.terminal import make_big_screen_app


async def test_placard_page_shows_the_rules_models_placard(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path, KILL_POT)
    app = make_big_screen_app(path, "Table 12", rotate=0, placard=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert not app.query_one("#table").display and app.query_one("#placard").display
        card = placard(app.shown.state.config)
        assert text_of(app, "#placard-title") == card.title["en"]
        lines = text_of(app, "#placard-lines")
        for line in card.lines:
            assert "• " + line.render("en") in lines
        assert "Full kill: the killer posts $20" in lines and "rrop-13.4" in lines
        await pilot.press("q", "u", "i", "t", "x", "enter", "ctrl+q", "tab")
        assert app.is_running  # keys do nothing but the quit word


async def test_placard_page_in_russian_turns_with_the_tables(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path, KILL_POT)
    add_table(path, HOSTILE, NEUTRAL)
    app = make_big_screen_app(path, rotate=0, placard=True, lang="ru")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        first = text_of(app, "#placard-title")
        assert "Холдем $10-$20" in first and text_of(app, "#placard-rotation") == "1 / 2"
        assert "Полный килл" in text_of(app, "#placard-lines")
        app._rotate()
        await pilot.pause()
        assert text_of(app, "#placard-title").startswith(HOSTILE)  # a name is text
        assert text_of(app, "#placard-rotation") == "2 / 2"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_placard_page_snapshot(snap_compare, tmp_path, lang):
    path = tmp_path / "journal.db"
    make_journal(path, KILL_POT)
    app = make_big_screen_app(path, "Table 12", rotate=0, placard=True, lang=lang)
    assert snap_compare(app, terminal_size=(100, 30))

"""The footer fits the terminal at 80, 100, 120 and 160 columns, in English and
Russian, with the seats focused too (their keys join the row): the essential keys stay
(Undo, F2, F5, F9, F10, the palette), nothing overlaps the palette's key ("Commandst"),
and a key left off the footer still works (it is only not shown). From 120 columns
the room view has its key in the footer."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))

from screenwords import screen_lines  # noqa: E402
from uihelp import KILLED_EVENTS, session  # noqa: E402

from floorkill.i18n import pgettext  # noqa: E402
from floorkill.ui.podium import make_podium_app  # noqa: E402
from floorkill.ui.podium.footer_keys import KEEP, WORDS  # noqa: E402

SIZES = [(80, 24), (100, 30), (120, 40), (160, 45)]
ESSENTIAL = {"undo": "^z", "showdown": "f2", "focus_entry": "f5", "tables": "f9", "rulings": "f10"}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_the_footer_fits(size, lang):
    """In one app: the footer with the entry focused, then with the seats focused (F6).
    From 120 columns the room view's key is in the entry's footer too (and the palette)."""
    app = make_podium_app(session(events=KILLED_EVENTS), lang=lang, cursor_blink=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for seats in (False, True):
            if seats:
                await pilot.press("f6")
                await pilot.pause()
            footer = screen_lines(app.export_screenshot())[-1]
            palette = pgettext("key", WORDS["command_palette"], lang)
            assert footer.endswith(f"▏^p {palette}"), footer  # no stray letter
            left = footer[: footer.index("▏")]
            assert len(footer) <= size[0]
            for binding_id, key in ESSENTIAL.items():
                assert f"{key} {pgettext('key', WORDS[binding_id], lang)} " in left + " ", footer
            if not seats and size[0] >= 120:
                assert f"^o {pgettext('key', WORDS['room_players'], lang)} " in footer, footer
        assert set(ESSENTIAL) | {"command_palette"} == set(KEEP)


async def test_a_key_left_off_the_footer_still_works():
    app = make_podium_app(session(events=KILLED_EVENTS), cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = screen_lines(app.export_screenshot())[-1]
        assert "History" not in footer  # F7 is off the footer at 80
        await pilot.press("f7")
        assert app.focused is app.query_one("#history")

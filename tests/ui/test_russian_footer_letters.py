"""On a Russian screen a letter key is shown as a Russian floorperson finds it on the
keyboard: by the Cyrillic letter printed on that key (the J key: «о»), and that letter
works, as does the Latin one — the seat keys, and the side screens' own letter keys. On an
English screen the Latin letter is shown. Keys sent as a terminal sends them (bursts)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from termhelp import send_keys, settle
from uihelp import KILLED_EVENTS, session

from floorkill.ui.podium import make_podium_app
from floorkill.ui.screens.rulings_screen import RulingsScreen
from floorkill.ui.screens.seat_forms import FormModal
from floorkill.ui.screens.table_editor import TableEditor
from floorkill.ui.screens.table_list import TableListScreen

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
from screenwords import screen_lines  # noqa: E402

SEAT_KEYS = {"en": ["j Join", "a Away/Back", "x Leaves", "s Stack"], "ru": ["о Посадка", "ф Отход"]}


def footer(app) -> str:
    return screen_lines(app.export_screenshot())[-1]


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_seat_keys_in_the_footer_are_the_letters_on_the_keys(lang):
    app = make_podium_app(session(events=KILLED_EVENTS), lang=lang, cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        send_keys(app, "f6")
        await settle(pilot)
        line = footer(app)
        for shown in SEAT_KEYS[lang]:
            assert f"{shown}" in line, line
        if lang == "ru":
            assert " j " not in f" {line}" and "x Уход" not in line, line


@pytest.mark.parametrize("key", ["о", "j"])
async def test_the_russian_seat_key_shown_opens_its_form_on_either_layout(key):
    app = make_podium_app(session(events=KILLED_EVENTS), lang="ru", cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        send_keys(app, "f6", "4", key)
        await settle(pilot)
        assert isinstance(app.screen, FormModal)


@pytest.mark.parametrize("key", ["г", "u"])
async def test_the_rulings_record_key_is_shown_and_works_in_russian(key):
    s = session(events=KILLED_EVENTS)
    app = make_podium_app(s, lang="ru", cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        send_keys(app, "f10")
        await settle(pilot)
        assert isinstance(app.screen, RulingsScreen)
        assert "г Записать решение" in footer(app), footer(app)
        before = len(s)
        send_keys(app, key)
        await settle(pilot)
        assert [r.event["type"] for r in s.records(before)] == ["underpost"]


@pytest.mark.parametrize("key", ["т", "n"])
async def test_the_table_lists_new_table_key_in_russian(key):
    app = make_podium_app(session(events=KILLED_EVENTS), lang="ru", cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        send_keys(app, "f9")
        await settle(pilot)
        assert isinstance(app.screen, TableListScreen)
        assert "т Новый стол" in footer(app) and "ы Из образца" in footer(app), footer(app)
        send_keys(app, key)
        await settle(pilot)
        assert isinstance(app.screen, TableEditor)

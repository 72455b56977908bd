"""The podium's main screen and its own forms and modals speak one language:
in Russian no word of Latin letters but player and table names, clause ids,
card and game notation, key names and the hand-entry syntax; in English no Cyrillic.

Pilot drives the app into each state (neutral, leg up, kill pot, barred, a question open,
a refusal) and opens each form or modal; the words are read from the app's own
screenshot, never from a literal of the test. F3 switches every word at once."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from floorhelp import LOWBALL  # noqa: E402
from langhelp import f3_to
from screenwords import screen_lines, stray_words  # noqa: E402
from uihelp import KILLED_EVENTS, LEG_UP_EVENTS, NEUTRAL_EVENTS, session  # noqa: E402

from floorkill.ui.podium import make_podium_app  # noqa: E402

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eve", "Gus", "Table 12", "Table 21"]
BARRED_EVENTS = [*KILLED_EVENTS, {"type": "quit", "seat": 3, "posts_kill": False}]
# what the floorperson types or presses, written as typed: Textual's key names (^z, f10,
# Ctrl+P), the entry's syntax (3 5, h3 l5, h3 l-, k-, $140), a y/n answer key
TYPED = re.compile(
    r"\^[a-z]\b|\bf\d+\b|\bCtrl\+\w\b|\b[hl]\d+\b|\b[hlk]-|\$\d+|\b[a-z]\b"
    # key names as the keys panel prints them (home, pgdn, shift+←, ^pgup)
    r"|\b(?:home|end|pgup|pgdn|del|shift|super|alt|tab|esc|enter|space)\b"
)
# reviewed: the word printed on the kill button itself ("лежит надписью KILL вверх")
ALLOWED = {"KILL"}
SIZE = (120, 40)


def _check(lines: list[str], lang: str, case: str = "") -> None:
    text = [TYPED.sub(" ", line) for line in lines]
    # a name half under a modal's border ("5 E█▄▄") is the name, not a word
    text = [
        re.sub(
            r"\b(\w+)█",
            lambda m: " " if any(n.startswith(m.group(1)) for n in NAMES) else m.group(0),
            line,
        )
        for line in text
    ]
    stray = [w for w in stray_words(text, lang, NAMES) if w not in ALLOWED]
    assert stray == [], f"{case}\n" + "\n".join(lines)


async def _press(pilot, *keys: str) -> None:
    await pilot.press(*keys)
    await pilot.pause()


async def _nothing(app, pilot) -> None:
    pass


async def _question(app, pilot) -> None:  # leg up: "3 Enter" asks the 2nd leg
    await _press(pilot, "3", "enter")
    assert app.query_one("#entry").question is not None


async def _refused(app, pilot) -> None:  # seat 9 is empty: a refusal
    await _press(pilot, "9", "enter")
    assert app.query_one("#entry").has_class("-refused")


async def _seats(app, pilot) -> None:  # the seat keys in the footer
    await _press(pilot, "f6")


async def _undo(app, pilot) -> None:
    await _press(pilot, "ctrl+z")
    await _press(pilot, "enter")  # no reason: the modal says so


async def _showdown(app, pilot) -> None:
    await _press(pilot, "f2")


async def _join(app, pilot) -> None:
    app.floor_join()
    await pilot.pause()
    await _press(pilot, "enter")  # no name: the form says so


async def _stack(app, pilot) -> None:
    app.floor_stack(4)
    await pilot.pause()


async def _quit(app, pilot) -> None:  # the killer leaves: the rules ask
    app.floor_quit(3)
    await pilot.pause()


async def _pay(app, pilot) -> None:
    app.floor_pay()
    await pilot.pause()


async def _voluntary(app, pilot) -> None:
    app.floor_voluntary(1)
    await pilot.pause()


async def _palette(app, pilot) -> None:
    await _press(pilot, "ctrl+p")


async def _close(app, pilot) -> None:  # the end of the night: confirm
    app.close_table()
    await pilot.pause()


async def _notice(app, pilot) -> None:  # a seat key's event: its notice
    await _press(pilot, "f6", "4", "a")
    assert app.screen.query("Toast")  # on screen, read with the rest


async def _keys_panel(app, pilot) -> None:  # Ctrl+P → Keys: every key of the focus
    app.action_show_help_panel()
    await pilot.pause()
    assert app.screen.query("KeyPanel")


CASES = {
    "neutral": (NEUTRAL_EVENTS, None, _nothing),
    "leg-up": (LEG_UP_EVENTS, None, _nothing),
    "kill-pot": (KILLED_EVENTS, None, _nothing),
    "barred": (BARRED_EVENTS, None, _nothing),
    "question": (LEG_UP_EVENTS, None, _question),
    "refused": (NEUTRAL_EVENTS, None, _refused),
    "seat-keys": (KILLED_EVENTS, None, _seats),
    "undo": (KILLED_EVENTS, None, _undo),
    "showdown": (LEG_UP_EVENTS, None, _showdown),
    "join": (KILLED_EVENTS, None, _join),
    "stack": (NEUTRAL_EVENTS, None, _stack),
    "quit-killer": (KILLED_EVENTS, None, _quit),
    "pay-kill": (BARRED_EVENTS, None, _pay),
    "voluntary": ([], LOWBALL, _voluntary),
    "palette": (KILLED_EVENTS, None, _palette),
    "close-table": (KILLED_EVENTS, None, _close),
    "notice": (NEUTRAL_EVENTS, None, _notice),
    "keys-panel": (KILLED_EVENTS, None, _keys_panel),
}


# the states one app start walks (their events the same), back on the podium between two
# (Escape closes a form or modal; the keys panel is hidden): what leaves the podium changed
# (the seats focused, a refusal or a question in the entry) comes last; the notice on its
# own, as the toasts it needs shown would show every other state's notices too
WALKS = {
    "kill-pot": [
        "kill-pot",
        "undo",
        "join",
        "quit-killer",
        "palette",
        "close-table",
        "keys-panel",
        "seat-keys",
    ],
    "neutral": ["neutral", "stack", "refused"],
    "notice": ["notice"],
    "leg-up": ["leg-up", "showdown", "question"],
    "barred": ["barred", "pay-kill"],
    "voluntary": ["voluntary"],
}
# the states that leave the podium on top (no form or modal open)
ON_THE_PODIUM = {
    "neutral",
    "leg-up",
    "kill-pot",
    "barred",
    "question",
    "refused",
    "seat-keys",
    "notice",
    "keys-panel",
}


def test_the_walks_reach_every_state():
    assert sorted(c for walk in WALKS.values() for c in walk) == sorted(CASES)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("walk", list(WALKS))
async def test_one_language_on_the_podium(walk, lang):
    events, table, _ = CASES[WALKS[walk][0]]
    s = session(table, events=events) if table else session(events=events)
    app = make_podium_app(s, lang=lang, cursor_blink=False)
    async with app.run_test(size=SIZE, notifications=walk == "notice") as pilot:
        await pilot.pause()
        focus, written = app.focused, len(s)
        for case in WALKS[walk]:
            assert CASES[case][:2] == (events, table), case  # the walk's own events
            # as it started: nothing written, the podium and its focus
            assert len(s) == written, case
            assert app.screen is app.podium and app.focused is focus, case
            await CASES[case][2](app, pilot)
            if case not in ON_THE_PODIUM:
                assert app.screen is not app.podium, case  # the form or modal is open
            _check(screen_lines(app.export_screenshot()), lang, case)
            if app.screen is not app.podium:
                await _press(pilot, "escape")
            if case == "keys-panel":
                app.action_hide_help_panel()
                await pilot.pause()


@pytest.mark.parametrize("events", [KILLED_EVENTS, BARRED_EVENTS], ids=["kill-pot", "barred"])
async def test_f3_switches_every_word_at_once(events):
    app = make_podium_app(session(events=events), lang="en", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        en = screen_lines(app.export_screenshot())
        _check(en, "en")
        # The footer reads its keys' words after the next frame: wait for that frame.
        await _press(pilot, *f3_to("ru"))
        await app.screen.wait_for_refresh()
        ru = screen_lines(app.export_screenshot())
        _check(ru, "ru")
        assert any("Отмена" in line for line in ru[-1:]), ru[-1]  # the footer too
        await _press(pilot, *f3_to("en", "ru"))
        await app.screen.wait_for_refresh()
        assert screen_lines(app.export_screenshot()) == en

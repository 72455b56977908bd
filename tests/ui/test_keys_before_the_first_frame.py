"""Keys typed while the podium starts mean what they meant.

Before Textual puts the terminal in raw mode (the podium is still importing and opening
its journal), the terminal's line discipline turns Enter's carriage return into a line
feed, which Textual reads as ctrl+j: ``1⏎`` typed 0.3 s after launching showed "Winner 1"
and its preview, and the Enter did nothing. The key gate takes a line feed for Enter
(floorkill/ui/podium/key_gate.py), which is unambiguous because no key of the podium is
ctrl+j and no field takes a second line."""

from __future__ import annotations

import importlib
import pkgutil

from termhelp import send_keys, settle
from textual.dom import DOMNode
from textual_private import class_bindings
from uihelp import HOLDEM, hand, session

import floorkill.ui
from floorkill.ui.podium import make_podium_app
from floorkill.ui.widgets.hand_entry import HandEntry


def records(s) -> list[dict]:
    return [r.event for r in s.records(0, len(s))]


async def test_an_enter_typed_before_raw_mode_records_the_hand():
    """``1`` then the line feed a cooked terminal makes of Enter records winner 1, as ``1⏎``
    does once the podium has started."""
    s = session(HOLDEM, [hand(3)])
    before = len(s)
    app = make_podium_app(s)
    async with app.run_test(size=(120, 40)) as pilot:
        send_keys(app, "4", "ctrl+j")  # one burst, as the terminal hands the line on
        await settle(pilot)
        assert len(s) == before + 1
        assert records(s)[-1] == {"type": "hand", "winner": 4}
        assert app.podium.query_one(HandEntry).input.value == ""


async def test_a_line_feed_answers_a_question_as_enter_does():
    """The second-leg question opened by ``3⏎`` is answered ``y`` and a line feed."""
    s = session(HOLDEM, [hand(3)])
    app = make_podium_app(s)
    async with app.run_test(size=(120, 40)) as pilot:
        send_keys(app, "3", "ctrl+j", "y", "ctrl+j")
        await settle(pilot)
        assert records(s)[-1] == {"type": "hand", "winner": 3, "qualifies": True}


def _floorkill_nodes() -> list[type[DOMNode]]:
    for info in pkgutil.walk_packages(floorkill.ui.__path__, "floorkill.ui."):
        importlib.import_module(info.name)
    seen: list[type[DOMNode]] = []
    todo = list(DOMNode.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__.startswith("floorkill.") and cls not in seen:
            seen.append(cls)
    return seen


def test_no_podium_key_is_a_line_feed():
    """Every screen, widget and app of floorkill (with the keys they inherit from Textual):
    none binds ctrl+j, so reading it as Enter takes no key away."""
    nodes = _floorkill_nodes()
    assert len(nodes) > 20
    for cls in nodes:
        keys = class_bindings(cls).key_to_bindings
        assert "ctrl+j" not in keys, cls
        assert "newline" not in keys, cls

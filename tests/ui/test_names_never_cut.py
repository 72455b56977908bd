"""On a terminal 100 columns wide or more, no player's name on the seating diagram is cut,
in English or Russian: names get the room first. Ten seats, long names (the built-in sample's and longer)."""

from __future__ import annotations

import pytest
from uihelp import session

from floorkill.resources import default_sample
from floorkill.rules import load_table_file
from floorkill.store.session import MemorySession
from floorkill.ui.podium import make_podium_app
from floorkill.ui.widgets.seating import Seating, geometry

SIZES = [(100, 30), (120, 40), (160, 45), (200, 50)]

TEN_LONG = """
[table]
name = "Table 9"
game = "holdem"
seats = 10
[stakes]
structure = "fixed"
bets = [10, 20]
blinds = [5, 10]
[kill]
kind = "full"
triggers = ["two-pots"]
""" + "".join(
    f'[[players]]\nseat = {n}\nname = "{name}"\nstack = 1250\n'
    for n, name in enumerate(
        [
            "Sung-min Park",
            "Ngozi Okafor",
            "Dee Whitlock",
            "José Ortega",
            "Ana María Ruiz",
            "Łukasz Nowak",
            "Наталья Иванова",
            "Zoë Hartmann",
            "Mateus Souza",
            "Kwame Mensah",
        ],
        1,
    )
)


def sample_session():
    tf = load_table_file(default_sample())
    return MemorySession(tf.config, tf.players)


def names_on_diagram(app) -> tuple[str, list[str]]:
    seating = app.query_one(Seating)
    text = seating.render_text().plain
    return text, [p.name for p in seating.state.players if p is not None]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("which", ["sample", "ten-long"])
async def test_no_name_is_cut_on_the_seating_diagram_at_100_columns_or_more(size, which, lang):
    s = sample_session() if which == "sample" else session(TEN_LONG)
    app = make_podium_app(s, lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text, names = names_on_diagram(app)
        lines = text.splitlines()
        for p in s.state.players:
            if p is None:
                continue
            label = f"{p.seat} {p.name}"
            assert any(label in line for line in lines), (size, label, text)


def test_the_wider_labels_stay_apart_and_off_the_table():
    for width, height in [(50, 24), (66, 23), (70, 33), (110, 38)]:
        g = geometry(10, width, height, 17)
        cells = set()
        for seat, (x, y) in g.boxes.items():
            assert 0 <= x and x + g.label_width <= width
            box = {(x + i, y + j) for i in range(g.label_width) for j in range(3)}
            assert not cells & box, (width, height, seat)
            cells |= box
            assert not any(g.inside_table(cx, cy) for cx, cy in box)

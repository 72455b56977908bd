"""Names are text, never markup; history stays cheap with 10,000 records."""

from __future__ import annotations

from termhelp import click
from uihelp import EVIL, hand, session

from floorkill.ui.podium import make_podium_app
from floorkill.ui.widgets.history_view import HistoryView
from floorkill.ui.widgets.rules_panel import RulesPanel
from floorkill.ui.widgets.seating import Seating, seat_views
from floorkill.ui.widgets.status_line import StatusLine, kill_status_text


async def test_clicking_a_click_markup_name_does_not_quit():
    name = "[@click=app.quit]Eve[/]"
    s = session(EVIL, events=[hand(2)])  # she has a leg up: named everywhere
    app = make_podium_app(s)
    async with app.run_test(size=(120, 40)) as pilot:
        seating = app.query_one(Seating)
        x, y, w, _h = seating.seat_box(2)
        # every third cell of the label, and its last: a markup link spans the whole name,
        # so no three cells in a row of it can all miss (as on the status line and the panel)
        # clicks as a terminal sends them (termhelp): the app makes each Click itself
        for dx in sorted({*range(0, w, 3), w - 1}):
            click(app, seating, (x + dx, y))
        status = app.query_one(StatusLine)
        line = str(status.render().renderables[1])  # "Leg up: Seat 2 [@click=app.quit]Eve[/]"
        start = line.index(name)
        for dx in range(start, start + len(name), 3):
            click(app, status, (dx + 1, 1))  # padding 1
        panel = app.query_one(RulesPanel)
        rows = panel.plain_text().split("\n")
        row = next(i for i, r in enumerate(rows) if "[@click" in r)
        col = rows[row].index("[@click")
        for dx in range(col, col + 12, 3):
            click(app, panel, (dx + 2, row + 1))  # border + padding
        await pilot.pause()
        assert app.is_running and app.return_code is None
        assert name in kill_status_text(s.state)
        assert name in line


async def test_the_same_clicks_quit_an_app_that_shows_the_name_as_markup():
    """The control for the test above: where the name IS markup, these clicks quit."""
    from textual.app import App
    from textual.widgets import Static

    class Markup(App):
        def compose(self):
            yield Static("Leg up: Seat 2 [@click=app.quit]Eve[/]", id="line")

    app = Markup()
    async with app.run_test(size=(120, 40)) as pilot:
        for dx in range(15, 18):
            click(app, "#line", (dx, 0))
        await pilot.pause()
        assert not app.is_running


async def test_slash_name_and_control_characters_do_not_crash_or_leak():
    s = session(EVIL, events=[hand(4), hand(4, qualifies=True)])  # "[/]" kills
    app = make_podium_app(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("5", "enter")  # "[bold red]Rex" wins the kill pot
        await pilot.pause()
        svg = app.export_screenshot()
        assert "[/]" in svg or "[/]" in kill_status_text(s.state)
        views = {v.seat: v for v in seat_views(s.state)}
        assert views[4].name == "[/]" and views[5].name == "[bold red]Rex"
        assert app.is_running


def test_safe_text_filters_control_characters_in_views():
    from floorkill.rules.state import Player

    s = session(EVIL)
    st = s.state
    bad = Player(seat=1, name="Ann\x1b[2J\u202e", stack=None)
    players = (bad,) + st.players[1:]
    from dataclasses import replace

    st2 = replace(st, players=players)
    view = seat_views(st2)[0]
    assert "\x1b" not in view.name and "\u202e" not in view.name
    assert "\ufffd" in view.name


class CountingSession:
    """A session that counts the records the UI reads."""

    def __init__(self, inner):
        self.inner = inner
        self.read = 0
        self.calls = 0

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def __len__(self):
        return len(self.inner)

    def records(self, start=0, stop=None):
        recs = self.inner.records(start, stop)
        self.read += len(recs)
        self.calls += 1
        return recs

    @property
    def state(self):
        return self.inner.state


async def test_history_with_10000_records_reads_only_what_is_visible():
    inner = session()
    for i in range(10_000):
        inner.append(hand((1, 3, 4, 7)[i % 4]))
    s = CountingSession(inner)
    app = make_podium_app(s)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        history = app.query_one(HistoryView)
        assert history.total == 10_000
        assert history.scroll_offset.y > 9_900  # the newest records are in view
        assert s.read <= 3 * 64 + 1  # a few pages, not 10,000 records
        before = s.read
        await pilot.press("4", "enter")  # one more hand
        await pilot.pause()
        assert history.total == 10_001
        assert s.read - before <= 3 * 64 + 1
        lines = [
            history.render_line(y).text for y in range(history.scrollable_content_region.height)
        ]
        assert any(line.strip().startswith("10001") for line in lines)

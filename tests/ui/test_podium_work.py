"""Work the podium no longer does twice (its start and a hand's way to the screen), each
checked where it can come back: the history and the view read nothing back after a hand,
the footer builds its keys once per burst of binding changes, the seating keeps the rows
drawn alike, the entry has the focus from the start, the collector is kept off the start."""

from __future__ import annotations

import gc

from hypothesis import given
from hypothesis import strategies as st
from rich.style import Style
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Static
from uihelp import HOLDEM, hand, session

from floorkill.rules import load_table_text
from floorkill.store.session import MemorySession
from floorkill.ui.podium import PodiumApp, make_podium_app
from floorkill.ui.podium.app import PodiumScreen
from floorkill.ui.widgets.footer import PodiumFooter
from floorkill.ui.widgets.hand_entry import HandEntry
from floorkill.ui.widgets.history_view import HistoryView, fit_record
from floorkill.ui.widgets.seating import (
    Geometry,
    Seating,
    _Canvas,
    _spans,
    _spans_cell_by_cell,
    geometry,
)


class CountingSession(MemorySession):
    """A session that counts the reads of its records."""

    reads = 0

    def records(self, start=0, stop=None):
        self.reads += 1
        return super().records(start, stop)


def counting_session(events) -> CountingSession:
    tf = load_table_text(HOLDEM)
    s = CountingSession(tf.config, tf.players, who="test")
    for ev in events:
        s.append(ev)
    return s


async def test_a_hand_is_shown_without_reading_the_session_back_and_an_undo_reads_it_again():
    s = counting_session([hand(3), hand(1)] * 40)  # 80 records: more than a page
    app = make_podium_app(s)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        hv = app.query_one(HistoryView)
        width = hv.scrollable_content_region.width
        bottom = hv.scrollable_content_region.height - 1
        s.reads = 0
        assert app.query_one(HandEntry).enter_text("4")
        await pilot.pause()
        assert s.reads == 0  # neither the view's last record nor a page
        assert hv.total == 81 and app.table_view.record.seq == 81
        stored = MemorySession.records(s, 80, 81)[0]
        assert hv.render_line(bottom).text.rstrip() == fit_record(stored, width).rstrip()
        assert (
            hv.render_line(bottom - 1).text.rstrip()
            == fit_record(MemorySession.records(s, 79, 80)[0], width).rstrip()
        )

        app.floor.undo(81, "typed the wrong seat")  # marks an old record: read again
        await pilot.pause()
        assert s.reads > 0
        assert hv.total == 82 and hv.record(80).voided
        assert "[undone]" in hv.render_line(bottom - 1).text


class CountingFooter(PodiumFooter):
    draws = 0

    def _draw_line(self, width, keys):
        self.draws += 1
        return super()._draw_line(width, keys)


class Keys(App):
    BINDINGS = [Binding("f2", "ring", "Ring"), Binding("f3", "hush", "Hush")]
    hush_shown = True

    def compose(self) -> ComposeResult:
        yield Static("x")
        yield CountingFooter()

    def check_action(self, action: str, parameters) -> bool | None:
        return self.hush_shown if action == "hush" else True

    def action_ring(self) -> None:
        pass

    def action_hush(self) -> None:
        pass


async def test_the_footer_draws_its_keys_again_only_when_they_change():
    app = Keys()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        footer = app.query_one(CountingFooter)
        assert "f2 Ring f3 Hush" in footer.render_line(0).text
        drawn = footer.draws
        for _ in range(3):  # a burst that changes nothing the keys show
            app.screen.refresh_bindings()
        await pilot.pause()
        assert footer.draws == drawn
        app.hush_shown = False  # a later change: drawn again, without it
        app.screen.refresh_bindings()
        await pilot.pause()
        assert footer.draws == drawn + 1
        line = footer.render_line(0).text
        assert "Hush" not in line and "f2 Ring" in line and line.endswith("▏^p palette ")


def test_a_canvas_redrawn_keeps_the_strips_of_the_rows_drawn_alike():
    base, red = Style(), Style(color="red")
    before = _Canvas(10, 3, base)
    before.put(0, 0, "Ann", base)
    before.put(0, 2, "Gus", base)
    old = before.strips()
    after = _Canvas(10, 3, base)
    after.put(0, 0, "Ann", base)
    after.put(0, 2, "Gus", red)  # the last row changes colour
    new = after.strips((before, old))
    assert new[0] is old[0] and new[1] is old[1] and new[2] is not old[2]
    assert new == after.strips()  # the picture drawn from scratch
    wider = _Canvas(12, 3, base)  # another size: nothing kept
    wider.put(0, 0, "Ann", base)
    assert all(a is not b for a, b in zip(wider.strips((before, old)), old, strict=False))
    assert wider.strips((before, old)) == wider.strips()


async def test_the_entry_has_the_focus_from_the_start_and_the_seats_never_had_it():
    focused = []

    class Watching(PodiumApp):
        def on_descendant_focus(self, event: events.DescendantFocus) -> None:
            focused.append(event.widget)

    app = Watching(session())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        entry = app.query_one(HandEntry)
        assert app.screen.query_one(PodiumScreen.AUTO_FOCUS) is entry.input
        assert app.focused is entry.input
        assert focused and not any(isinstance(w, Seating) for w in focused)


async def test_the_podium_keeps_the_collector_off_its_start_and_on_after_its_first_frame():
    enabled_in_compose = []

    class Watching(PodiumApp):
        def compose(self):
            enabled_in_compose.append(gc.isenabled())
            yield from super().compose()

    gc.unfreeze()
    assert gc.isenabled()
    app = Watching(session(events=[hand(3)]))
    assert gc.isenabled()  # not paused yet
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert enabled_in_compose == [False]  # paused while the screen is built
        await app.screen.wait_for_refresh()
        assert gc.isenabled()  # and running after the first frame
    assert gc.isenabled()


async def test_the_start_styles_each_panel_once_as_it_is_mounted(monkeypatch):
    from textual.css.stylesheet import Stylesheet

    from floorkill.ui.widgets.floor_seating import FloorSeating
    from floorkill.ui.widgets.rules_panel import RulesPanel
    from floorkill.ui.widgets.status_line import StatusLine

    styled: list[type] = []
    apply = Stylesheet.apply

    def counting(self, node, *args, **kwargs):
        styled.append(type(node))
        return apply(self, node, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", counting)
    app = make_podium_app(session(events=[hand(3)]))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for panel in (FloorSeating, RulesPanel, HistoryView, StatusLine):
            assert styled.count(panel) == 1, panel  # at its mount; not at the first resume


@given(
    width=st.integers(1, 140),
    height=st.integers(1, 60),
    cx=st.floats(-5, 145, allow_nan=False),
    cy=st.floats(-5, 65, allow_nan=False),
    rx=st.floats(-1, 80, allow_nan=False),
    ry=st.floats(-1, 40, allow_nan=False),
)
def test_the_table_spans_are_the_cells_inside_the_ellipse(width, height, cx, cy, rx, ry):
    g = Geometry(width, height, 10, {}, cx, cy, rx, ry)
    assert _spans(g) == _spans_cell_by_cell(g)


def test_the_table_spans_of_every_podium_size():
    for seats in (2, 6, 9, 10):
        for width, height in ((58, 33), (71, 35), (90, 35), (118, 50), (40, 20)):
            g = geometry(seats, width, height)
            assert _spans(g) == _spans_cell_by_cell(g) and (g.compact or _spans(g))

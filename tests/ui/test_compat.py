"""One test per private Textual name floorkill uses (floorkill/ui/compat.py): a Textual
upgrade that renames or changes one fails here, by name."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.scrollbar import ScrollBar

from floorkill.ui import compat


class Scroller(ScrollView):
    DEFAULT_CSS = "Scroller { height: 1fr; scrollbar-size-vertical: 1; }"


class One(App):
    def compose(self) -> ComposeResult:
        yield Scroller()


def test_every_private_name_still_exists():
    from textual.widget import Widget
    from textual.widgets import Footer

    instances = {App: App(), Widget: Widget(), Screen: Screen(), Footer: Footer()}
    for cls, names in compat.PRIVATE_NAMES.items():
        for name in names:
            assert hasattr(instances[cls], name), (cls.__name__, name)


async def test_start_widget_starts_a_scrollbar_outside_the_dom():
    app = One()
    async with app.run_test(size=(40, 10)) as pilot:
        s = app.query_one(Scroller)
        bar = ScrollBar(vertical=True, name="extra")
        compat.start_widget(app, s, bar)
        await pilot.pause()
        assert bar.is_running and bar.parent is s and bar not in s.children


async def test_own_scrollbar_is_made_once_and_kept_where_textual_looks():
    app = One()
    async with app.run_test(size=(40, 10)) as pilot:
        s = app.query_one(Scroller)
        s._vertical_scrollbar = None  # as before Textual first asks for it
        made = []

        def make():
            made.append(ScrollBar(vertical=True, name="vertical"))
            return made[-1]

        bar = compat.own_scrollbar(s, True, make)
        await pilot.pause()
        assert compat.own_scrollbar(s, True, make) is bar and len(made) == 1
        assert s.vertical_scrollbar is bar  # Textual's own property reads the slot
        assert bar.is_running and bar.parent is s and not bar.display


async def test_refresh_scrollbars_shows_a_bar_once_content_overflows():
    app = One()
    async with app.run_test(size=(40, 10)) as pilot:
        s = app.query_one(Scroller)
        await pilot.pause()
        s.set_reactive(ScrollView.virtual_size, Size(40, 100))  # no layout, as the panels do
        assert not s.show_vertical_scrollbar  # nothing decided it yet
        compat.refresh_scrollbars(s)
        assert s.show_vertical_scrollbar  # decided at once, before any layout


async def test_repaint_required_follows_refresh():
    app = One()
    async with app.run_test(size=(40, 10)) as pilot:
        s = app.query_one(Scroller)
        await pilot.pause()
        assert compat.repaint_required(s) is False
        s.refresh()
        assert compat.repaint_required(s) is True


def test_breakpoint_classes_by_width():
    bps = [(0, "-narrow"), (100, "-wide")]
    screen = Screen()
    assert set(compat.breakpoint_classes(screen, 80, bps)) == {"-narrow"}
    assert set(compat.breakpoint_classes(screen, 120, bps)) == {"-wide"}


async def test_is_footer_key_knows_the_footers_keys_and_their_compact_class():
    from textual.binding import Binding
    from textual.widgets import Footer, Static

    class Keys(App):
        BINDINGS = [Binding("f2", "bell", "Ring")]

        def compose(self) -> ComposeResult:
            yield Static("x")
            yield Footer(compact=True)

    app = Keys()
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        keys = [w for w in app.screen.query("*") if compat.is_footer_key(w)]
        assert keys and all(k.compact and k.has_class("-compact") for k in keys)
        assert not compat.is_footer_key(app.query_one(Static))
        assert not compat.is_footer_key(app.query_one(Footer))


async def test_footer_bindings_ready_lets_a_footer_compose_its_keys_before_any_signal():
    from textual.binding import Binding
    from textual.widgets import Footer

    for ready in (False, True):
        first: list[int] = []

        class Gated(Footer):
            def compose(self):
                if ready:
                    compat.footer_bindings_ready(self)
                keys = [w for w in super().compose() if compat.is_footer_key(w)]
                if not first:
                    first.append(len(keys))  # the keys of its very first compose
                yield from keys

        class Keys(App):
            BINDINGS = [Binding("f2", "bell", "Ring")]

            def compose(self) -> ComposeResult:
                yield Gated()

        async with Keys().run_test(size=(40, 5)) as pilot:
            await pilot.pause()
        assert (first[0] > 0) is ready  # "Ring" and the palette key, or none

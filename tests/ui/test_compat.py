"""One test per private Textual name floorkill uses (floorkill/ui/compat.py): a Textual
upgrade that renames or changes one fails here, by name."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Static

from floorkill.ui import compat


def test_every_private_name_still_exists():
    from textual.widget import Widget

    instances = {Screen: Screen(), Footer: Footer(), Widget: Widget()}
    for cls, names in compat.PRIVATE_NAMES.items():
        for name in names:
            assert hasattr(instances[cls], name), (cls.__name__, name)


def test_breakpoint_classes_by_width():
    bps = [(0, "-narrow"), (100, "-wide")]
    screen = Screen()
    assert set(compat.breakpoint_classes(screen, 80, bps)) == {"-narrow"}
    assert set(compat.breakpoint_classes(screen, 120, bps)) == {"-wide"}


async def test_is_footer_key_knows_the_footers_keys_and_their_compact_class():
    from textual.binding import Binding
    from textual.widgets import Footer

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
            def compose(self, ready=ready, first=first):
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


async def test_grow_in_place_sets_the_virtual_size_and_shows_the_scrollbar_when_it_overflows():
    from textual.geometry import Size
    from textual.scroll_view import ScrollView

    class Lines(App):
        def compose(self) -> ComposeResult:
            yield ScrollView()

    app = Lines()
    async with app.run_test(size=(40, 10)) as pilot:
        view = app.query_one(ScrollView)
        await pilot.pause()
        compat.grow_in_place(view, Size(38, 5))
        await pilot.pause()
        assert view.virtual_size == Size(38, 5) and not view.show_vertical_scrollbar
        compat.grow_in_place(view, Size(38, 50))
        await pilot.pause()
        assert view.virtual_size == Size(38, 50) and view.show_vertical_scrollbar
        assert view.max_scroll_y == 50 - view.scrollable_content_region.height

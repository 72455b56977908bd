"""One test per private Textual name floorkill uses (floorkill/ui/compat.py): a Textual
upgrade that renames or changes one fails here, by name."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.screen import Screen

from floorkill.ui import compat


def test_every_private_name_still_exists():
    from textual.widget import Widget

    instances = {Screen: Screen(), Widget: Widget()}
    for cls, names in compat.PRIVATE_NAMES.items():
        for name in names:
            assert hasattr(instances[cls], name), (cls.__name__, name)


def test_breakpoint_classes_by_width():
    bps = [(0, "-narrow"), (100, "-wide")]
    screen = Screen()
    assert set(compat.breakpoint_classes(screen, 80, bps)) == {"-narrow"}
    assert set(compat.breakpoint_classes(screen, 120, bps)) == {"-wide"}


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

"""A side screen opens styled once (bench/screens_bench.py times it): it has its width's
class from the start, each widget is styled as it mounts and at most once more for a state
of its own (an Input's compact look; the focus given to one widget), never again for the
screen's first resume or its width, and its keys are drawn by one widget (the key line) in
the screen's language. Keys are sent as a terminal sends them (a burst)."""

from __future__ import annotations

import pytest
from floorhelp import KILLED, session
from termhelp import send_keys, settle
from textual.screen import Screen

from floorkill.ui.podium import make_podium_app
from floorkill.ui.widgets.footer import PodiumFooter
from floorkill.ui.widgets.key_line import KeyLine

# the key that opens it, and a key of that screen's own that must work at once
SCREENS = {
    "rulings": ("f10", "RulingsScreen"),
    "dispute": ("f12", "DisputeScreen"),
    "tables": ("f9", "TableListScreen"),
    "players": ("ctrl+o", "RoomPlayersScreen"),
    "placard": ("f11", "PlacardScreen"),
    "undo": ("ctrl+z", "UndoModal"),
    "showdown": ("f2", "ShowdownModal"),
}


class Styled:
    """Counts, per widget, how often the stylesheet works out its styles."""

    def __init__(self, app) -> None:
        self.counts: dict[int, int] = {}
        self.names: dict[int, str] = {}
        sheet = app.stylesheet
        apply = sheet.apply

        def counted(node, *args, **kwargs):
            self.counts[id(node)] = self.counts.get(id(node), 0) + 1
            self.names[id(node)] = type(node).__name__
            return apply(node, *args, **kwargs)

        sheet.apply = counted

    def over(self, screen: Screen) -> list[tuple[str, int]]:
        """The widgets styled more than twice (the focused one: three times)."""
        nodes = [screen, *screen.walk_children()]
        out = []
        for node in nodes:
            most = 3 if node is screen.focused else 2
            if self.counts.get(id(node), 0) > most:
                out.append((type(node).__name__, self.counts[id(node)]))
        return out


@pytest.mark.parametrize("which", list(SCREENS))
async def test_a_side_screen_is_styled_once_as_it_opens_and_the_footer_under_it_is_not_redrawn(
    which,
):
    """Styled once as it opens; and the podium's footer is not redrawn for it: its keys
    are disabled while the screen is up and are the same keys when it closes, so the
    footer's line is drawn once — before, during and after."""
    key, name = SCREENS[which]
    app = make_podium_app(session(events=KILLED))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        footer = app.podium.query_one(PodiumFooter)
        line = footer.render_line(0)
        draws: list[int] = []
        draw = footer._draw_line
        footer._draw_line = lambda *args: draws.append(1) or draw(*args)  # type: ignore[method-assign]
        styled = Styled(app)
        send_keys(app, key)
        await settle(pilot)
        screen = app.screen
        assert type(screen).__name__ == name
        assert screen.has_class("-wide")  # the width's class, from the start
        assert styled.over(screen) == []
        assert styled.counts.get(id(screen)) == 1
        assert not draws
        send_keys(app, "escape")
        await settle(pilot)
        assert app.screen is app.podium and footer.render_line(0) is line and not draws


async def test_a_side_screen_keeps_its_width_class_at_every_width():
    app = make_podium_app(session(events=KILLED))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        send_keys(app, "f10")
        await settle(pilot)
        assert app.screen.has_class("-narrow") and not app.screen.has_class("-wide")
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert app.screen.has_class("-wide") and not app.screen.has_class("-narrow")


@pytest.mark.parametrize("which", ["rulings", "dispute", "tables", "players", "placard"])
async def test_a_side_screens_keys_are_one_line_in_its_language(which):
    key, _name = SCREENS[which]
    app = make_podium_app(session(events=KILLED), lang="ru")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        send_keys(app, key)
        await settle(pilot)
        line = app.screen.query_one(KeyLine)
        words = [w for _k, _shown, w in line.keys()]
        assert {"Назад", "К игре", "Закрыть"} & set(words), words
        assert not app.screen.query("FooterKey")
        if which in ("rulings", "dispute"):  # F3 there: the keys in English
            send_keys(app, "f3")
            await settle(pilot)
            assert "EN/RU" in str(line.render())
            assert any(w in str(line.render()) for w in ("Back", "Live")), str(line.render())

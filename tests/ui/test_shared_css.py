"""The CSS parse the suite shares between apps (tests/shared_css.py) is the parse each app
would make: a podium's rules, under its default theme and after a switch to another, equal
those of the stylesheet parsed again on its own."""

from __future__ import annotations

from shared_css import own_parse
from textual.css.stylesheet import Stylesheet
from uihelp import session

from floorkill.ui.podium import make_podium_app


def rules(sheet: Stylesheet) -> list:
    """Each rule's selectors, declarations (a layout compares by its repr), origin and order."""
    return [
        (
            rule.selector_set,
            {name: repr(value) for name, value in rule.styles.get_rules().items()},
            rule.is_default_rules,
            rule.tie_breaker,
        )
        for rule in sheet.rules
    ]


def parsed_alone(sheet: Stylesheet) -> list:
    """The rules of ``sheet``'s sources under its variables, parsed by Textual alone."""
    alone = sheet.copy()
    alone._parse_rules = own_parse.__get__(alone)  # type: ignore[method-assign]
    alone.parse()
    return rules(alone)


async def test_the_shared_parse_is_each_apps_own():
    app = make_podium_app(session())
    async with app.run_test(size=(120, 40)) as pilot:
        first = app.theme
        assert rules(app.stylesheet) == parsed_alone(app.stylesheet)
        app.action_next_theme()
        await pilot.pause()
        assert app.theme != first
        assert rules(app.stylesheet) == parsed_alone(app.stylesheet)

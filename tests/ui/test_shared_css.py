"""The CSS parse the suite shares between apps (textual_private.share_css_parse) is the
parse each app would make: a podium's rules, under its default theme and after a switch to
another, equal those of the stylesheet parsed again by Textual alone."""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet
from textual_private import parsed_alone
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


async def test_the_shared_parse_is_each_apps_own():
    app = make_podium_app(session())
    async with app.run_test(size=(120, 40)) as pilot:
        first = app.theme
        assert rules(app.stylesheet) == rules(parsed_alone(app.stylesheet))
        app.action_next_theme()
        await pilot.pause()
        assert app.theme != first
        assert rules(app.stylesheet) == rules(parsed_alone(app.stylesheet))

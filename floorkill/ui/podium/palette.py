"""The podium's command palette (Ctrl+P): every action, by name, with what it does — in
the language on screen (F3), Textual's own commands included."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import SystemCommand

from floorkill.i18n import languages_in, tr
from floorkill.rules.questions import voluntary_open

from ..actions import Offered, palette_actions


def _offered(app, when: Offered) -> bool:
    if when is Offered.OPEN_TABLE:
        return not app.session.state.closed
    if when is Offered.CLOSED_TABLE:
        return bool(app.session.state.closed)
    if when is Offered.VOLUNTARY_OPEN:  # offered only where the rules take one
        return voluntary_open(app.floor.state)
    return True


def podium_commands(app) -> Iterable[SystemCommand]:
    """The podium's actions the palette lists (floorkill/ui/actions.py), in its order."""
    lang = app.lang
    for action in palette_actions():
        if _offered(app, action.offered):
            yield SystemCommand(
                languages_in(tr(action.title, lang)),
                tr(action.help, lang),
                getattr(app, action.callback),
            )


def textual_commands(app, screen) -> Iterable[SystemCommand]:
    """Textual's own commands (theme, quit, keys, maximize, screenshot), in the language."""
    lang = app.lang
    yield SystemCommand(
        tr("Theme", lang), tr("Change the current theme", lang), app.action_change_theme
    )
    yield SystemCommand(
        tr("Quit", lang), tr("Quit the application as soon as possible", lang), app.action_quit
    )
    if screen.query("HelpPanel"):
        yield SystemCommand(
            tr("Keys", lang),
            tr("Hide the keys and widget help panel", lang),
            app.action_hide_help_panel,
        )
    else:
        yield SystemCommand(
            tr("Keys", lang),
            tr("Show help for the focused widget and a summary of available keys", lang),
            app.action_show_help_panel,
        )
    if screen.maximized is not None:
        yield SystemCommand(
            tr("Minimize", lang),
            tr("Minimize the widget and restore to normal size", lang),
            screen.action_minimize,
        )
    elif screen.focused is not None and screen.focused.allow_maximize:
        yield SystemCommand(
            tr("Maximize", lang), tr("Maximize the focused widget", lang), screen.action_maximize
        )
    yield SystemCommand(
        tr("Screenshot", lang),
        tr("Save an SVG 'screenshot' of the current screen", lang),
        lambda: app.set_timer(0.1, app.deliver_screenshot),
    )

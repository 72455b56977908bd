"""The podium's command palette (Ctrl+P): every action, by name, with what it does — in
the language on screen (F3), Textual's own commands included."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import SystemCommand

from floorkill.i18n import tr
from floorkill.rules.questions import voluntary_open


def podium_commands(app) -> Iterable[SystemCommand]:
    lang = app.lang
    yield SystemCommand(
        tr("Tables", lang),
        tr("Every table: game, stakes, kill status; switch, or add one", lang),
        app.action_tables,
    )
    yield SystemCommand(
        tr("Rulings", lang),
        tr("Short post, killer in a blind, same game, one kill per deal", lang),
        app.action_rulings,
    )
    yield SystemCommand(
        tr("Dispute: step back through this table", lang),
        tr("The table as it stood after any record; filter by player or decision (F12)", lang),
        app.action_dispute,
    )
    yield SystemCommand(
        tr("Placard: this table's rules", lang),
        tr("Game, limits and kill rules in player words, with the clauses (F11)", lang),
        app.action_placard,
    )
    yield SystemCommand(
        tr("Shift report", lang),
        tr("Every table's night as an HTML file for the manager", lang),
        app.action_report,
    )
    yield SystemCommand(
        tr("New table", lang),
        tr("A table by form: structure, kill, house options, preset", lang),
        app.new_table,
    )
    yield SystemCommand(
        tr("New table from a sample", lang),
        tr("Start from a shipped table structure", lang),
        app.new_table_from_sample,
    )
    if app.session.state.closed:
        yield SystemCommand(
            tr("Reopen this table", lang),
            tr("Take hands at this closed table again", lang),
            app.reopen_table,
        )
    else:
        yield SystemCommand(
            tr("Close this table", lang),
            tr(
                "End of the night: hidden from the lists and the big screens; "
                "nothing is deleted (reopen any time)",
                lang,
            ),
            app.close_table,
        )
    yield SystemCommand(
        tr("About floorkill", lang),
        tr("Version, journal file, rulebook credits", lang),
        app.action_about,
    )
    yield SystemCommand(
        tr("Join a player", lang),
        tr("Name, seat, stack; asks what the rules need", lang),
        app.floor_join,
    )
    yield SystemCommand(
        tr("Step away / come back", lang),
        tr("A player leaves the seat held, or returns", lang),
        app.floor_away,
    )
    yield SystemCommand(
        tr("Player leaves the game", lang),
        tr("Quit; a pending killer is asked about the kill", lang),
        app.floor_quit,
    )
    yield SystemCommand(tr("Record a stack", lang), tr("A player's chips", lang), app.floor_stack)
    if voluntary_open(app.floor.state):  # offered only where the rules take one
        yield SystemCommand(
            tr("Voluntary kill", lang),
            tr("Kill the hand being dealt (a voluntary kill)", lang),
            app.floor_voluntary,
        )
    yield SystemCommand(
        tr("Pay an owed kill", lang),
        tr("A barred player posts the missed kill", lang),
        app.floor_pay,
    )
    yield SystemCommand(
        tr("Undo the last event", lang),
        tr("Void the last event after asking for a reason", lang),
        app.action_undo,
    )
    yield SystemCommand(
        tr("Showdown", lang),
        tr("Type the cards shown; the evaluator finds the winners", lang),
        app.action_showdown,
    )
    yield SystemCommand(
        tr("Language: English / Russian", lang),
        tr("Every word on the screens, the decisions and the clause summaries", lang),
        app.action_language,
    )
    yield SystemCommand(
        tr("Rules / History", lang),
        tr("Swap the side panel on narrow terminals", lang),
        app.action_side_panel,
    )
    yield SystemCommand(
        tr("Focus hand entry", lang),
        tr("Type the winner of the next hand", lang),
        app.action_focus_entry,
    )
    yield SystemCommand(
        tr("Focus seats", lang),
        tr("Move a cursor over the seats with the arrow keys", lang),
        app.action_focus_seats,
    )
    yield SystemCommand(
        tr("Focus history", lang),
        tr("Read every record; the rules panel follows the cursor", lang),
        app.action_focus_history,
    )
    yield SystemCommand(
        tr("All tables at a glance", lang),
        tr("Every table's kill status (Ctrl+G)", lang),
        app.action_room,
    )
    yield SystemCommand(
        tr("Players in the room", lang),
        tr("Every player at every table: where, owed, barred, legs; pay (Ctrl+O)", lang),
        app.action_room_players,
    )
    yield SystemCommand(
        tr("Next floorkill theme", lang),
        tr("Cycle felt-green, high-contrast, light, colour-blind-safe and your own themes", lang),
        app.action_next_theme,
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

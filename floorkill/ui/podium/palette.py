"""The podium's command palette (Ctrl+P): every action, by name, with what it does."""

from __future__ import annotations

from typing import Iterable

from textual.app import SystemCommand

from floorkill.rules.questions import voluntary_open


def podium_commands(app) -> Iterable[SystemCommand]:
    yield SystemCommand("Tables", "Every table: game, stakes, kill status; switch, or add one",
                        app.action_tables)
    yield SystemCommand("Rulings", "Short post, killer in a blind, same game, one kill per deal",
                        app.action_rulings)
    yield SystemCommand("Dispute: step back through this table", "The table as it stood after "
                        "any record; filter by player or decision (F12)", app.action_dispute)
    yield SystemCommand("Placard: this table's rules", "Game, limits and kill rules in player "
                        "words, with the clauses (F11)", app.action_placard)
    yield SystemCommand("Shift report", "Every table's night as an HTML file for the manager",
                        app.action_report)
    yield SystemCommand("New table", "A table by form: structure, kill, house options, preset",
                        app.new_table)
    yield SystemCommand("New table from a sample", "Start from a shipped table structure",
                        app.new_table_from_sample)
    if app.session.state.closed:
        yield SystemCommand("Reopen this table", "Take hands at this closed table again",
                            app.reopen_table)
    else:
        yield SystemCommand("Close this table", "End of the night: hidden from the lists and "
                            "the big screens; nothing is deleted (reopen any time)",
                            app.close_table)
    yield SystemCommand("About floorkill", "Version, journal file, rulebook credits",
                        app.action_about)
    yield SystemCommand("Join a player", "Name, seat, stack; asks what the rules need",
                        app.floor_join)
    yield SystemCommand("Step away / come back", "A player leaves the seat held, or returns",
                        app.floor_away)
    yield SystemCommand("Player leaves the game", "Quit; a pending killer is asked about the kill",
                        app.floor_quit)
    yield SystemCommand("Record a stack", "A player's chips", app.floor_stack)
    if voluntary_open(app.floor.state):            # offered only where the rules take one
        yield SystemCommand("Voluntary kill", "Kill the hand being dealt (a voluntary kill)",
                            app.floor_voluntary)
    yield SystemCommand("Pay an owed kill", "A barred player posts the missed kill",
                        app.floor_pay)
    yield SystemCommand("Undo the last event", "Void the last event after asking for a reason",
                        app.action_undo)
    yield SystemCommand("Showdown", "Type the cards shown; the evaluator finds the winners",
                        app.action_showdown)
    yield SystemCommand("Language: English / Russian", "Switch decisions and clause summaries",
                        app.action_language)
    yield SystemCommand("Rules / History", "Swap the side panel on narrow terminals",
                        app.action_side_panel)
    yield SystemCommand("Focus hand entry", "Type the winner of the next hand",
                        app.action_focus_entry)
    yield SystemCommand("Focus seats", "Move a cursor over the seats with the arrow keys",
                        app.action_focus_seats)
    yield SystemCommand("Focus history", "Read every record; the rules panel follows the cursor",
                        app.action_focus_history)
    yield SystemCommand("All tables at a glance", "Every table's kill status (Ctrl+G)",
                        app.action_room)
    yield SystemCommand("Players in the room", "Every player at every table: where, owed, "
                        "barred, legs; pay (Ctrl+O)", app.action_room_players)
    yield SystemCommand("Next floorkill theme", "Cycle felt-green, high-contrast, light, "
                        "colour-blind-safe and your own themes", app.action_next_theme)

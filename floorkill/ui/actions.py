"""The podium's actions, each described once: its key, binding id, Textual action, the
footer's word, the command palette's title and help, and when the palette offers it.

The app's and the seating's bindings (:func:`bindings`), the footer's words
(``podium/footer_keys.py``), the palette (``podium/palette.py``), the podium-only actions
(``PodiumApp.check_action``) and the generated keys and palette tables of
``docs/podium.md`` (``floorkill/docgen.py``) are built from :data:`ACTIONS`. Texts are
English message ids: the footer's in context "key", the palette's without one.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from textual.binding import Binding, BindingType

from floorkill.floor.keyboard import key_letters
from floorkill.i18n import N_, NC_


class SeatAction(StrEnum):
    """What a seat key does to the seat under the cursor (the app opens its form:
    ``PodiumApp.floor_<action>``)."""

    JOIN = "join"
    AWAY = "away"
    QUIT = "quit"
    STACK = "stack"
    VOLUNTARY = "voluntary"
    PAY = "pay"
    RULINGS = "rulings"
    MOVE = "move"


class Offered(StrEnum):
    """When the palette lists an action (the keys are always bound)."""

    ALWAYS = "always"
    OPEN_TABLE = "open"  # the table is not closed for the night
    CLOSED_TABLE = "closed"
    VOLUNTARY_OPEN = "voluntary"  # the rules would take a voluntary kill now


@dataclass(frozen=True, slots=True)
class PodiumAction:
    id: str  # the binding's id (the footer's word and the keys panel go by it)
    action: str  # the Textual action a key runs ("" : the palette only)
    keys: str = ""  # Textual's key list ("" : no key)
    description: str = ""  # the binding's own (English) description, Textual's
    word: str = ""  # the footer's word (context "key"); "" : the description untranslated
    title: str = ""  # the palette's title ("" : not in the palette)
    help: str = ""  # the palette's line under the title
    call: str = ""  # the app method the palette calls ("" : action_<action>)
    offered: Offered = Offered.ALWAYS
    place: str = "app"  # whose BINDINGS hold the key: "app" or "seating"
    show: bool = True  # in the footer (when the width holds it)
    priority: bool = False
    system: bool = False
    podium_only: bool = False  # acts only on the podium screen (not the table list, …)

    @property
    def callback(self) -> str:
        return self.call or f"action_{self.action}"

    def binding(self) -> Binding:
        return Binding(
            self.keys,
            self.action,
            self.description,
            show=self.show,
            priority=self.priority,
            system=self.system,
            id=self.id,
        )


def _seat(
    what: SeatAction,
    letter: str,
    description: str,
    word: str,
    title: str = "",
    help: str = "",
    offered: Offered = Offered.ALWAYS,
    show: bool = True,
) -> PodiumAction:
    return PodiumAction(
        f"seating.{what}",
        f"seat_action('{what}')",
        key_letters(letter),
        description,
        word,
        title,
        help,
        call=f"floor_{what}",
        offered=offered,
        place="seating",
        show=show,
    )


# In the bindings' order (the footer shows them in it); the palette's order is PALETTE.
ACTIONS: tuple[PodiumAction, ...] = (
    PodiumAction("quit", "quit", "ctrl+q", "Quit", NC_("key", "Quit"), priority=True),
    PodiumAction("help_quit", "help_quit", "ctrl+c", show=False, system=True),
    PodiumAction(
        "command_palette",
        "command_palette",
        "ctrl+p",
        "Commands",
        NC_("key", "Commands"),
        show=False,
        priority=True,
    ),
    PodiumAction(
        "undo",
        "undo",
        "ctrl+z",
        "Undo",
        NC_("key", "Undo"),
        N_("Undo the last event"),
        N_("Void the last event after asking for a reason"),
        podium_only=True,
    ),
    PodiumAction("correct", "correct", "ctrl+y", "Correct", NC_("key", "Correct"), show=False),
    PodiumAction(
        "showdown",
        "showdown",
        "f2",
        "Showdown",
        NC_("key", "Showdown"),
        N_("Showdown"),
        N_("Type the cards shown; the evaluator finds the winners"),
        podium_only=True,
    ),
    PodiumAction(
        "language",
        "language",
        "f3",
        "{languages}",
        NC_("key", "{languages}"),
        N_("Language: {languages}"),
        N_("Every word on the screens, the decisions and the clause summaries"),
        podium_only=True,
    ),
    PodiumAction(
        "side_panel",
        "side_panel",
        "f4",
        "Panel",
        NC_("key", "Panel"),
        N_("Rules / History"),
        N_("Swap the side panel on narrow terminals"),
        podium_only=True,
    ),
    # the focus keys act before the keys typed after them are handed out: priority
    PodiumAction(
        "focus_entry",
        "focus_entry",
        "f5",
        "Entry",
        NC_("key", "Entry"),
        N_("Focus hand entry"),
        N_("Type the winner of the next hand"),
        priority=True,
        podium_only=True,
    ),
    PodiumAction(
        "focus_seats",
        "focus_seats",
        "f6",
        "Seats",
        NC_("key", "Seats"),
        N_("Focus seats"),
        N_("Move a cursor over the seats with the arrow keys"),
        priority=True,
        podium_only=True,
    ),
    PodiumAction(
        "focus_history",
        "focus_history",
        "f7",
        "History",
        NC_("key", "History"),
        N_("Focus history"),
        N_("Read every record; the rules panel follows the cursor"),
        priority=True,
        podium_only=True,
    ),
    PodiumAction(
        "next_theme",
        "next_theme",
        "f8",
        "Theme",
        NC_("key", "Theme"),
        N_("Next floorkill theme"),
        N_("Cycle felt-green, high-contrast, light, colour-blind-safe and your own themes"),
    ),
    PodiumAction(
        "tables",
        "tables",
        "f9,ctrl+t",
        "Tables",
        NC_("key", "Tables"),
        N_("Tables"),
        N_("Every table: game, stakes, kill status; switch, or add one"),
        podium_only=True,
    ),
    PodiumAction(
        "rulings",
        "rulings",
        "f10,ctrl+r",
        "Rulings",
        NC_("key", "Rulings"),
        N_("Rulings"),
        N_("Short post, killer in a blind, same game, one kill per deal"),
        podium_only=True,
    ),
    PodiumAction(
        "placard",
        "placard",
        "f11",
        "Placard",
        NC_("key", "Placard"),
        N_("Placard: this table's rules"),
        N_("Game, limits and kill rules in player words, with the clauses (F11)"),
        show=False,
        podium_only=True,
    ),
    PodiumAction(
        "dispute",
        "dispute",
        "f12",
        "Dispute",
        NC_("key", "Dispute"),
        N_("Dispute: step back through this table"),
        N_("The table as it stood after any record; filter by player or decision (F12)"),
        show=False,
        podium_only=True,
    ),
    PodiumAction(
        "room",
        "room",
        "ctrl+g",
        "All tables",
        NC_("key", "All tables"),
        N_("All tables at a glance"),
        N_("Every table's kill status (Ctrl+G)"),
        show=False,
        podium_only=True,
    ),
    PodiumAction(
        "room_players",
        "room_players",
        "ctrl+o",
        "Players",
        NC_("key", "Players"),
        N_("Players in the room"),
        N_("Every player at every table: where, owed, barred, legs; pay (Ctrl+O)"),
        podium_only=True,
    ),
    # every key of the screen in its language (also Ctrl+P, Keys): the footer shows what
    # the width holds; "?" is never typed in the entry line
    PodiumAction(
        "keys_help",
        "keys_help",
        "question_mark",
        "Keys",
        NC_("key", "Keys"),
        show=False,
        priority=True,
        podium_only=True,
    ),
    # the palette only
    PodiumAction(
        "report",
        "report",
        title=N_("Shift report"),
        help=N_("Every table's night as an HTML file for the manager"),
        podium_only=True,
    ),
    PodiumAction(
        "new_table",
        "",
        title=N_("New table"),
        help=N_("A table by form: structure, kill, house options, preset"),
        call="new_table",
    ),
    PodiumAction(
        "new_table_from_sample",
        "",
        title=N_("New table from a sample"),
        help=N_("Start from a shipped table structure"),
        call="new_table_from_sample",
    ),
    PodiumAction(
        "reopen_table",
        "",
        title=N_("Reopen this table"),
        help=N_("Take hands at this closed table again"),
        call="reopen_table",
        offered=Offered.CLOSED_TABLE,
    ),
    PodiumAction(
        "close_table",
        "",
        title=N_("Close this table"),
        help=N_(
            "End of the night: hidden from the lists and the big screens; "
            "nothing is deleted (reopen any time)"
        ),
        call="close_table",
        offered=Offered.OPEN_TABLE,
    ),
    PodiumAction(
        "about",
        "about",
        title=N_("About floorkill"),
        help=N_("Version, journal file, rulebook credits"),
    ),
    # the seat keys (words: the footer's; the diagram posts the action, the app opens the form)
    _seat(
        SeatAction.JOIN,
        "j",
        "Join",
        NC_("key", "Join"),
        title=N_("Join a player"),
        help=N_("Name, seat, stack; asks what the rules need"),
    ),
    _seat(
        SeatAction.AWAY,
        "a",
        "Away/Back",
        NC_("key", "Away/Back"),
        title=N_("Step away / come back"),
        help=N_("A player leaves the seat held, or returns"),
    ),
    _seat(
        SeatAction.QUIT,
        "x",
        "Leaves",
        NC_("key", "Leaves"),
        title=N_("Player leaves the game"),
        help=N_("Quit; a pending killer is asked about the kill"),
    ),
    _seat(
        SeatAction.STACK,
        "s",
        "Stack",
        NC_("key", "Stack"),
        title=N_("Record a stack"),
        help=N_("A player's chips"),
    ),
    _seat(
        SeatAction.VOLUNTARY,
        "v",
        "Vol. kill",
        NC_("key", "Vol. kill"),
        title=N_("Voluntary kill"),
        help=N_("Kill the hand being dealt (a voluntary kill)"),
        offered=Offered.VOLUNTARY_OPEN,
    ),
    _seat(
        SeatAction.PAY,
        "p",
        "Pay kill",
        NC_("key", "Pay kill"),
        title=N_("Pay an owed kill"),
        help=N_("A barred player posts the missed kill"),
    ),
    _seat(SeatAction.RULINGS, "r", "Ruling", NC_("key", "Ruling")),
    # back to the entry line, so the next Enter records a hand (never the seat cursor's)
    PodiumAction(
        "seating.back",
        "app.focus_entry",
        "escape",
        "Entry",
        NC_("key", "Entry"),
        place="seating",
        show=False,
    ),
    # a seat change (the move event): in the keys panel, not the footer
    _seat(SeatAction.MOVE, "m", "Seat change", NC_("key", "Seat change"), show=False),
)
BY_ID: dict[str, PodiumAction] = {a.id: a for a in ACTIONS}

# The palette's order (the most asked for first; the seat keys' forms after the screens).
PALETTE: tuple[str, ...] = (
    "tables",
    "rulings",
    "dispute",
    "placard",
    "report",
    "new_table",
    "new_table_from_sample",
    "reopen_table",
    "close_table",
    "about",
    "seating.join",
    "seating.away",
    "seating.quit",
    "seating.stack",
    "seating.voluntary",
    "seating.pay",
    "undo",
    "showdown",
    "language",
    "side_panel",
    "focus_entry",
    "focus_seats",
    "focus_history",
    "room",
    "room_players",
    "next_theme",
)

PODIUM_ONLY = frozenset(a.action for a in ACTIONS if a.podium_only)


def bindings(place: str) -> list[BindingType]:
    """The bindings of ``place`` ("app" or "seating"), in the registry's order."""
    return [a.binding() for a in ACTIONS if a.place == place and a.keys]


def footer_words() -> dict[str, str]:
    """Binding id → the footer's word (an English message id, context "key")."""
    return {a.id: a.word for a in ACTIONS if a.word}


def palette_actions() -> tuple[PodiumAction, ...]:
    return tuple(BY_ID[i] for i in PALETTE)


__all__ = [
    "ACTIONS",
    "BY_ID",
    "PALETTE",
    "PODIUM_ONLY",
    "Offered",
    "PodiumAction",
    "SeatAction",
    "bindings",
    "footer_words",
    "palette_actions",
]

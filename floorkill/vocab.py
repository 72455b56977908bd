"""The floor's words for the rules model's codes: event types, button states, kill kinds
and triggers. English message ids (marked for the catalogue); :func:`word` translates.
Unknown codes are shown as they are."""

from __future__ import annotations

from floorkill.i18n import N_, tr

EVENT_TYPES = {
    "hand": N_("hand"),
    "join": N_("join"),
    "away": N_("away"),
    "back": N_("back"),
    "quit": N_("quit"),
    "stack": N_("stack"),
    "voluntary_kill": N_("voluntary kill"),
    "underpost": N_("under-post"),
    "pay_kill": N_("kill paid"),
    "move": N_("seat change"),
    "void": N_("undo"),
}
BUTTON = {"neutral": N_("neutral"), "leg-up": N_("leg up"), "killed": N_("kill pot")}
KILL_KINDS = {"full": N_("full kill"), "half": N_("half kill")}
TRIGGERS = {"two-pots": N_("two pots"), "scoop": N_("scoop"), "big-pot": N_("big pot")}
BY_KIND = {
    "required": N_("required"),
    "voluntary": N_("voluntary"),
    "agreed": N_("agreed (new player)"),
    "owed": N_("owed (posted later)"),
}


def word(table: dict[str, str], code: str | None, lang: str | None = None) -> str:
    """``code`` in the floor's words (the code itself when the table has none)."""
    if code is None:
        return ""
    return tr(table[code], lang) if code in table else code.replace("_", " ")


__all__ = ["BUTTON", "BY_KIND", "EVENT_TYPES", "KILL_KINDS", "TRIGGERS", "word"]

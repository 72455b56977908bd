"""Texts of the questions the rules ask (:mod:`.questions`) and of what is pending
(:mod:`.pending`), English and Russian. Merged into :data:`.texts.MESSAGES`, so a
:class:`~.decisions.Decision` renders them like any other; names stay plain data.
"""

from __future__ import annotations

from floorkill.i18n import N_

FLOOR_MESSAGES: dict[str, str] = {
    # --- questions (rules/questions.py) -------------------------------------------
    "q-pot": N_("Pot size? (uncalled bets excluded) — {why}"),
    "q-why-scoop": N_("a scoop of {minimum} or more kills"),
    "q-why-big-pot": N_("a pot of {minimum} or more kills"),
    "q-low": N_(
        "No qualifying low — scoop for seat {high}? y = scoop, or type the low winner's seat"
    ),
    "q-flop": N_("Second leg for seat {seat} {name}: did the hand see a flop? (y/n)"),
    "q-second-leg": N_(
        "Second leg for seat {seat} {name}: did the winner win at least one full bet "
        "({minimum}) beyond the blinds? (y/n or the amount)"
    ),
    "q-second-leg-kill-blind-counts": N_(
        "Second leg for seat {seat} {name}: did the winner win at least one full bet ({minimum}) "
        "beyond the blinds? (y/n or the amount) — the kill blind counts as blind money"
    ),
    "q-second-leg-kill-blind-not-blind": N_(
        "Second leg for seat {seat} {name}: did the winner win at least one full bet ({minimum}) "
        "beyond the blinds? (y/n or the amount) — the kill blind is not blind structure: count it"
    ),
    "q-second-leg-pot": N_(
        "Second leg for seat {seat} {name}: pot size? (uncalled bets excluded; the amount, or "
        "y/n: did it reach {minimum}?) — a pot of {minimum} or more kills"
    ),
    "q-kill-posted": N_(
        "Did seat {seat} {name} post the kill of {amount}? (k- on the line: not posted)"
    ),
    "q-posts-kill-quit": N_(
        "Seat {seat} {name} leaves while the coming hand is their kill of {amount}: is the kill posted?"
    ),
    "q-posts-kill-away": N_(
        "Seat {seat} {name} steps away while the coming hand is their kill of {amount}: is the kill posted?"
    ),
    "q-posts-kill-join": N_(
        "Does {name} post a voluntary kill of {amount} to be dealt in at once?"
    ),
    "q-agrees": N_(
        "The coming hand is a kill pot: does {name} agree to kill the next pot for {amount}?"
    ),
    "q-then-asked": N_("then the next question"),
    # --- what is pending (rules/pending.py) -----------------------------------------
    "pending-kill-in-turn": N_(
        "Coming hand is a KILL POT: Seat {seat} {name} posts {amount}; limits {limits}; killer acts in turn"
    ),
    "pending-kill-last": N_(
        "Coming hand is a KILL POT: Seat {seat} {name} posts {amount}; limits {limits}; killer acts last"
    ),
    "pending-leg-kept": N_("Leg kept by Seat {seat} {name} under this kill"),
    "pending-leg": N_(
        "Leg up: Seat {seat} {name} — a second qualifying win in a row kills the next hand"
    ),
    "pending-neutral": N_("Neutral: no kill pending"),
    "pending-barred": N_("BARRED until the kill is posted: {name} owes {amount}"),
    "pending-barred-at": N_("BARRED until the kill is posted: {name} owes {amount} ({table})"),
    "pending-owes": N_(
        "{name} owes a kill of {amount}, posted at the first hand off the button and blinds"
    ),
    "pending-owes-at": N_(
        "{name} owes a kill of {amount} ({table}), posted at the first hand off the button and blinds"
    ),
    "pending-credit-back": N_(
        "{name} is back with a leg credit: the leg returns when the kill button is next neutral"
    ),
    "pending-credit": N_("{name} stepped away with a leg up: gets it back on return"),
    "pending-agreed": N_("Seat {seat} {name} agreed to kill the next pot"),
}

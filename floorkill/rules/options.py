"""The table options a form can set, with the clauses behind them: what the table editor
shows next to each field. Read from :mod:`.config` (the one source of values and
defaults); the clauses of the triggers and of the table's own fields live here, so no
screen keeps a clause id of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from floorkill.i18n import N_

from .config import AMOUNT_OPTIONS, KILL_OPTIONS, PRESETS, TRIGGERS

# The clauses behind the table's own fields.
FIELD_CITES: dict[str, tuple[str, ...]] = {
    "game": ("house-blind-games",),
    "joker": ("joker-1",),
    "structure": ("house-spread",),
    "kind": ("rrop-13.0", "house-kill-defined"),
    "kill_game": ("rrop-13.13",),
    "voluntary_kill": ("rrop-13.10",),
    "pay_kill": ("rrop-13.6",),
}


# How the table editor labels each house option (message ids: the editor says them in its
# language; the option's name without one).
LABELS: dict[str, str] = {
    "scoop_minimum": N_("Scoop kills from"),
    "big_pot_minimum": N_("Big pot kills from"),
    "second_leg_minimum": N_("Second leg: at least"),
    "second_leg_pot": N_("Second leg: pot at least"),
    "second_leg_needs_flop": N_("Second leg needs a flop"),
    "split_with_leg": N_("Leg holder splits"),
    "split_by_killer": N_("Killer splits"),
    "walk": N_("Leg holder wins a walk"),
    "unqualified_second_win": N_("Second win too small"),
    "voluntary": N_("Voluntary kills"),
    "voluntary_cards": N_("Voluntary: cards seen"),
    "killer_acts": N_("Killer acts"),
    "kill_blind_is_blind_money": N_("Kill blind = blind money"),
    "new_player": N_("New player, kill pot"),
    "missed_kill": N_("Missed kill"),
    "killer_in_blind": N_("Killer in a blind"),
    "button_gap": N_("Seat the blinds passed"),
}


@dataclass(frozen=True, slots=True)
class Option:
    """One house option of ``[kill]``."""

    name: str
    allowed: tuple[Any, ...] | None  # the keywords or values; None: an amount only
    default: Any
    cites: tuple[str, ...]
    amount: bool  # an amount may be typed instead of a keyword
    label: str = ""

    def preset_value(self, preset: str) -> Any:
        return PRESETS.get(preset, {}).get(self.name, self.default)


def kill_options() -> list[Option]:
    """Every house option, in the table file's order."""
    return [
        Option(
            name,
            tuple(allowed) if allowed is not None else None,
            default,
            (cid,),
            name in AMOUNT_OPTIONS,
            LABELS.get(name, name.replace("_", " ")),
        )
        for name, (allowed, default, cid) in KILL_OPTIONS.items()
    ]


def trigger_cites(trigger_id: str) -> tuple[str, ...]:
    """Why a trigger kills (docs/rules.md 5.1): its record's clauses."""
    record = TRIGGERS.get(trigger_id)
    return record.clauses if record is not None else ()


def triggers() -> tuple[str, ...]:
    return tuple(TRIGGERS)

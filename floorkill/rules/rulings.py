"""Rulings the floorperson asks for, on the current state (no event is applied).

Each returns decisions with their clauses, like the engine does; nothing here
changes a state.
"""

from __future__ import annotations

from .config import TableConfig
from .decisions import Decision
from .state import REQUIRED_KINDS, TableState, next_hand


def underpost(state: TableState, seat: int | None) -> Decision:
    """The ruling on a short post in a killed pot (rrop-13.9; wsop-196 under the WSOP preset):
    a required kill (button face up) must be completed, a voluntary one may be withdrawn.
    The engine's ``underpost`` event records exactly this decision."""
    button = state.button
    cfg = state.config
    player = state.player(seat)
    name = player.name if player is not None else None  # texts.NOBODY: "the player", "игрок"
    limits = cfg.stakes_text(cfg.killed_limits())
    cites = ("rrop-13.9", "wsop-196") if cfg.kill.preset == "wsop" else ("rrop-13.9",)
    if button.kind in REQUIRED_KINDS:
        return Decision(
            "must-complete",
            seat,
            "must-complete",
            (
                ("name", name),
                ("killer", button.player),
                ("amount", button.amount or cfg.kill_blind),
                ("limits", limits),
            ),
            cites,
        )
    return Decision(
        "may-withdraw",
        seat,
        "may-withdraw",
        (("name", name), ("killer", button.player), ("limits", limits)),
        cites,
    )


def short_post(state: TableState, seat: int | None = None) -> list[Decision]:
    """A player, unaware the pot is killed, put in a lesser amount (rrop-13.9; wsop-196)."""
    if not state.button.killed:
        return [Decision("no-kill", seat, "ruling-not-killed", (), ("rrop-13.9",))]
    return [underpost(state, seat)]


def killer_in_blind(state: TableState) -> list[Decision]:
    """What the killer posts when sitting in a blind (killer_in_blind option; wsop-200)."""
    nh = next_hand(state)
    if not nh.killed:
        return [Decision("no-kill", None, "ruling-not-killed", (), ("rrop-13.0",))]
    name = state.button.player or "?"
    cfg = state.config
    if nh.killer not in (nh.small_blind, nh.big_blind):
        return [
            Decision(
                "kill",
                nh.killer,
                "ruling-killer-not-in-blind",
                (("name", name), ("amount", nh.kill_blind or 0)),
                ("rrop-13.0", "rrop-13.2"),
            )
        ]
    which = "small blind" if nh.killer == nh.small_blind else "big blind"
    key = (
        "ruling-killer-in-blind-both"
        if cfg.kill.killer_in_blind == "both"
        else "ruling-killer-in-blind-replaces"
    )
    return [
        Decision(
            "kill",
            nh.killer,
            key,
            (
                ("name", name),
                ("which", which),
                ("amount", nh.posts.get(nh.killer, 0) if nh.killer is not None else 0),
            ),
            ("wsop-200", "house-kill-defined"),
        )
    ]


def same_game(a: TableConfig, b: TableConfig) -> list[Decision]:
    """Whether players of two tables share broken-game status (rrop-13.13)."""
    same = a.game_type() == b.game_type()
    key = "ruling-same-game" if same else "ruling-different-game"
    why = ""
    if not same:
        if a.is_kill_game != b.is_kill_game:
            why = "kill"
        elif a.game != b.game:
            why = "game"
        else:
            why = "limits"
    return [
        Decision(
            "same-game" if same else "different-game",
            None,
            key,
            (("a", a.name), ("b", b.name), ("why", why)),
            ("rrop-13.13",),
        )
    ]


def one_kill_per_deal(state: TableState) -> list[Decision]:
    button = state.button
    if button.killed:
        return [
            Decision(
                "killed",
                button.seat,
                "ruling-already-killed",
                (("name", button.player), ("amount", button.amount or 0)),
                ("rrop-13.11",),
            )
        ]
    return [Decision("not-killed", None, "ruling-no-kill-yet", (), ("rrop-13.11",))]

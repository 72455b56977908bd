"""What is pending at a table: who must kill the coming hand, the leg up, who is barred
or owes a kill, leg credits, an agreed kill — each as a :class:`Decision` with its clause.

The podium's rules panel and the rulings screen show exactly this list; nothing here
changes a state.
"""

from __future__ import annotations

from .codes import KillBy, OwedMode
from .decisions import Decision
from .state import LEG_UP, TableState, next_hand


def _who(
    state: TableState, seat: int | None, fallback: str | None
) -> tuple[tuple[str, object], ...]:
    player = state.player(seat)
    return (("seat", seat), ("name", player.name if player is not None else (fallback or "?")))


def pending(state: TableState) -> list[Decision]:
    """The kill button's status first (always one line), then obligations."""
    out: list[Decision] = []
    button = state.button
    if button.killed:
        nh = next_hand(state)
        key = "pending-kill-last" if nh.killer_acts_last else "pending-kill-in-turn"
        cites = ("rrop-13.10",) if button.kind == KillBy.VOLUNTARY else ("rrop-13.2",)
        out.append(
            Decision(
                "kill-pending",
                button.seat,
                key,
                (
                    *_who(state, button.seat, button.player),
                    ("amount", button.amount or 0),
                    ("limits", state.config.stakes_text(nh.limits)),
                ),
                cites,
            )
        )
        if button.leg_seat is not None:
            out.append(
                Decision(
                    "leg-kept",
                    button.leg_seat,
                    "pending-leg-kept",
                    _who(state, button.leg_seat, button.leg_player),
                    ("rrop-13.3",),
                )
            )
    elif button.status == LEG_UP:
        out.append(
            Decision(
                "leg-up",
                button.seat,
                "pending-leg",
                _who(state, button.seat, button.player),
                ("rrop-13.3",),
            )
        )
    else:
        out.append(Decision("neutral", None, "pending-neutral", (), ("house-button",)))
    for bar in state.barred:
        barred = bar.mode == OwedMode.BARRED
        out.append(
            Decision(
                "barred" if barred else "owes",
                state.seat_of(bar.player),
                ("pending-barred" if barred else "pending-owes") + ("-at" if bar.table else ""),
                (
                    ("name", bar.player),
                    ("amount", bar.owes),
                    *((("table", bar.table),) if bar.table else ()),
                ),
                ("rrop-13.6",) if barred else ("wsop-197",),
            )
        )
    for name in state.credits:
        seat = state.seat_of(name)
        player = state.player(seat)
        back = player is not None and not player.away  # said from the state: back or still away
        out.append(
            Decision(
                "leg-credit",
                seat,
                "pending-credit-back" if back else "pending-credit",
                (("name", name),),
                ("rrop-13.5",),
            )
        )
    agreed = state.agreed  # one seat, or (a queue of agreements) a tuple of seats
    for seat in agreed if isinstance(agreed, tuple) else (() if agreed is None else (agreed,)):
        out.append(
            Decision(
                "agreed-kill", seat, "pending-agreed", _who(state, seat, None), ("rrop-13.12",)
            )
        )
    return out

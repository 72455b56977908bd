"""What is pending at a table: who must kill the coming hand, the leg up, who is barred
or owes a kill, leg credits, an agreed kill — each as a :class:`Decision` with its clause.

The podium's rules panel and the rulings screen show exactly this list; nothing here
changes a state.
"""

from __future__ import annotations

from .codes import KillBy, OwedMode
from .decisions import Decision
from .money import dollars
from .state import LEG_UP, TableState, next_hand


def _who(
    state: TableState, seat: int | None, fallback: str | None
) -> tuple[tuple[str, object], ...]:
    p = state.player(seat)
    return (("seat", seat), ("name", p.name if p is not None else (fallback or "?")))


def pending(state: TableState) -> list[Decision]:
    """The kill button's status first (always one line), then obligations."""
    out: list[Decision] = []
    b = state.button
    if b.killed:
        nh = next_hand(state)
        key = "pending-kill-last" if nh.killer_acts_last else "pending-kill-in-turn"
        cites = ("rrop-13.10",) if b.kind == KillBy.VOLUNTARY else ("rrop-13.2",)
        out.append(
            Decision(
                "kill-pending",
                b.seat,
                key,
                (
                    *_who(state, b.seat, b.player),
                    ("amount", dollars(b.amount or 0)),
                    ("limits", state.config.stakes_text(nh.limits)),
                ),
                cites,
            )
        )
        if b.leg_seat is not None:
            out.append(
                Decision(
                    "leg-kept",
                    b.leg_seat,
                    "pending-leg-kept",
                    _who(state, b.leg_seat, b.leg_player),
                    ("rrop-13.3",),
                )
            )
    elif b.status == LEG_UP:
        out.append(
            Decision("leg-up", b.seat, "pending-leg", _who(state, b.seat, b.player), ("rrop-13.3",))
        )
    else:
        out.append(Decision("neutral", None, "pending-neutral", (), ("house-button",)))
    for o in state.barred:
        barred = o.mode == OwedMode.BARRED
        out.append(
            Decision(
                "barred" if barred else "owes",
                state.seat_of(o.player),
                "pending-barred" if barred else "pending-owes",
                (
                    ("name", o.player),
                    ("amount", dollars(o.owes) + (f" ({o.table})" if o.table else "")),
                ),
                ("rrop-13.6",) if barred else ("wsop-197",),
            )
        )
    for name in state.credits:
        seat = state.seat_of(name)
        p = state.player(seat)
        back = p is not None and not p.away  # said from the state: back or still away
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

"""Table states as JSON-ready dicts: the snapshot cache of the journal.

``state_from_dict(config, state_to_dict(st)) == st`` for every field of
:class:`TableState`, :class:`Player`, :class:`KillButton`, :class:`Owed` and
:class:`Streak`. A field added to one of them and not handled here makes
:func:`state_to_dict` raise, so a snapshot can never silently drop part of a state
(tested).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from floorkill.rules import TableConfig, TableState
from floorkill.rules.codes import ButtonStatus, KillBy, OwedMode
from floorkill.rules.state import KillButton, Owed, Player, Streak

SNAPSHOT_FORMAT = 1
_PRIMITIVES = (str, int, bool, type(None))


def _flat(obj: Any) -> dict[str, Any]:
    out = {}
    for field in fields(obj):
        value = getattr(obj, field.name)
        if not isinstance(value, _PRIMITIVES):
            raise TypeError(
                f"{type(obj).__name__}.{field.name}: cannot snapshot {type(value).__name__}"
            )
        out[field.name] = value
    return out


def _names(cls) -> set[str]:
    return {field.name for field in fields(cls)}


def _build(cls, data: Mapping[str, Any]):
    unknown = set(data) - _names(cls)
    if unknown:
        raise ValueError(f"snapshot: unknown {cls.__name__} fields {sorted(unknown)}")
    return cls(**data)


_STATE_FIELDS = {
    "config",
    "players",
    "button",
    "barred",
    "credits",
    "hands",
    "dealer_pos",
    "agreed",
    "held_seat",
    "events",
    "closed",
    "streak",
}


def state_to_dict(state: TableState) -> dict[str, Any]:
    """Every field of the state but its config (the journal keeps that once per table)."""
    names = _names(TableState)
    if names != _STATE_FIELDS:
        raise TypeError(f"snapshot: TableState fields changed: {sorted(names ^ _STATE_FIELDS)}")
    out: dict[str, Any] = {"format": SNAPSHOT_FORMAT}
    out["players"] = [None if player is None else _flat(player) for player in state.players]
    out["button"] = _flat(state.button)
    out["barred"] = [_flat(bar) for bar in state.barred]
    out["credits"] = list(state.credits)
    out["agreed"] = list(state.agreed)
    for name in ("hands", "dealer_pos", "held_seat", "events"):
        value = getattr(state, name)
        if not isinstance(value, _PRIMITIVES):
            raise TypeError(f"TableState.{name}: cannot snapshot {type(value).__name__}")
        out[name] = value
    if state.closed:  # only when true: the digests of every open table stay as they were
        out["closed"] = True
    if state.streak is not None:  # only at a table with a streak trigger, for the same reason
        out["streak"] = _flat(state.streak)
    return out


def _agreed(value: Any) -> tuple[int, ...]:
    """Agreed killers in order; an older snapshot kept one seat or None."""
    if value is None:
        return ()
    if isinstance(value, int):
        return (value,)
    return tuple(value)


def _coded(data: Mapping[str, Any], codes: Mapping[str, type[Any]]) -> dict[str, Any]:
    """``data`` with its coded fields read back as their enums (an unknown code raises
    ValueError, as any other bad snapshot)."""
    out = dict(data)
    for name, enum in codes.items():
        if out.get(name) is not None:
            out[name] = enum(out[name])
    return out


_BUTTON_CODES = {"status": ButtonStatus, "kind": KillBy}
_OWED_CODES = {"mode": OwedMode}


def state_from_dict(config: TableConfig, data: Mapping[str, Any]) -> TableState:
    if data.get("format") != SNAPSHOT_FORMAT:
        raise ValueError(f"snapshot format {data.get('format')!r} is not {SNAPSHOT_FORMAT}")
    players = tuple(
        None if player is None else _build(Player, player) for player in data["players"]
    )
    if len(players) != config.seats:
        raise ValueError(f"snapshot has {len(players)} seats, the table {config.seats}")
    return TableState(
        config=config,
        players=players,
        button=_build(KillButton, _coded(data["button"], _BUTTON_CODES)),
        hands=data["hands"],
        dealer_pos=data["dealer_pos"],
        barred=tuple(_build(Owed, _coded(bar, _OWED_CODES)) for bar in data["barred"]),
        credits=tuple(data["credits"]),
        agreed=_agreed(data["agreed"]),
        held_seat=data["held_seat"],
        events=data["events"],
        closed=data.get("closed", False) is True,
        streak=_build(Streak, data["streak"]) if data.get("streak") is not None else None,
    )

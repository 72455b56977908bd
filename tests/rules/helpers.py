"""Small builders for the rules-model tests: tables from dicts, events, assertions.

Tests import this module as ``helpers`` (tests/rules/conftest.py puts this folder on
sys.path). Nothing here knows a rule: expectations live in the tests, written from
docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from floorkill.rules import Applied, Refusal, TableState, apply, initial_state, next_hand
from floorkill.rules.config import TableFile, config_from_dict

PLAYERS = ((1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Dee"), (5, "Eve"), (6, "Fay"))


def table_doc(
    game: str = "holdem",
    *,
    kind: str = "full",
    triggers: Iterable[str] | None = ("two-pots",),
    structure: str = "fixed",
    bets: Iterable[Any] = (10, 20),
    blinds: Iterable[Any] | None = (5, 10),
    seats: int = 9,
    joker: bool | None = None,
    button: int | None = None,
    players: Iterable[tuple] | None = PLAYERS,
    name: str = "Table 12",
    **kill: Any,
) -> dict:
    """A table file as a dict (what TOML would give). ``players``: (seat, name[, stack])."""
    table: dict[str, Any] = {"name": name, "game": game, "seats": seats}
    if joker is not None:
        table["joker"] = joker
    if button is not None:
        table["button"] = button
    stakes: dict[str, Any] = {"structure": structure, "bets": list(bets)}
    if blinds is not None:
        stakes["blinds"] = list(blinds)
    kill_doc: dict[str, Any] = {"kind": kind, **kill}
    if triggers is not None and kind != "none":
        kill_doc["triggers"] = list(triggers)
    doc: dict[str, Any] = {"table": table, "stakes": stakes, "kill": kill_doc}
    if players:
        doc["players"] = [
            {"seat": p[0], "name": p[1], **({"stack": p[2]} if len(p) > 2 else {})} for p in players
        ]
    return doc


def make_table(game: str = "holdem", **kw: Any) -> TableFile:
    return config_from_dict(table_doc(game, **kw))


def start(game: str = "holdem", **kw: Any) -> TableState:
    """The initial state of a table built by :func:`table_doc`."""
    tf = make_table(game, **kw)
    return initial_state(tf.config, tf.players)


def run(state: TableState, *events: Mapping[str, Any]) -> TableState:
    """Apply events that must all be accepted; return the final state."""
    for ev in events:
        state = apply(state, ev).state
    return state


def hand(winner: int | None = None, **fields: Any) -> dict:
    ev: dict[str, Any] = {"type": "hand"}
    if winner is not None:
        ev["winner"] = winner
    ev.update(fields)
    return ev


def codes(applied: Applied) -> list[str]:
    return [d.code for d in applied.decisions]


def the(applied: Applied, code: str):
    """The one decision with ``code`` (fails if there is none or more than one)."""
    found = [d for d in applied.decisions if d.code == code]
    assert len(found) == 1, (
        f"expected one {code!r} decision, got {[(d.code, d.cites) for d in applied.decisions]}"
    )
    return found[0]


def assert_decision(applied: Applied, code: str, seat: int | None, *cites: str):
    """Exactly one decision with ``code``; its seat is ``seat``; it cites every id in ``cites``."""
    d = the(applied, code)
    assert d.seat == seat, (d.code, d.seat, seat)
    for c in cites:
        assert c in d.cites, f"{code}: {c} not in {d.cites}"
    assert d.text("en") and d.text("ru")
    return d


def assert_button(
    state: TableState, status: str, seat: int | None = None, player: str | None = None
):
    b = state.button
    assert b.status == status, b
    assert b.seat == seat, b
    if player is not None:
        assert b.player == player, b
    return b


def assert_not_killed(state: TableState) -> None:
    nh = next_hand(state)
    cfg = state.config
    assert not nh.killed and nh.killer is None and nh.kill_blind is None
    assert nh.limits == cfg.bets
    assert set(nh.posts.values()) <= set(cfg.blinds)


def assert_killed_by(
    state: TableState, seat: int, *, kind: str | None = None, amount: int | None = None
) -> None:
    nh = next_hand(state)
    cfg = state.config
    assert nh.killed, nh
    assert nh.killer == seat
    assert nh.kill_blind == (cfg.kill_blind if amount is None else amount)
    assert nh.limits == cfg.killed_limits()
    assert seat in nh.posts
    if kind is not None:
        assert nh.kind == kind
    b = state.button
    assert b.status == "killed" and b.seat == seat and b.amount == nh.kill_blind


def refused(
    state: TableState,
    event: Any,
    *,
    key: str | None = None,
    cite: str | None = None,
    barred_elsewhere: Mapping | None = None,
) -> Refusal:
    """``event`` is refused, with a reason in both languages (states are frozen, so "nothing
    of it is applied" is shown where it can fail: the sessions' tests in tests/store)."""
    with pytest.raises(Refusal) as info:
        apply(state, event, barred_elsewhere)
    r = info.value
    if key is not None:
        assert r.key == key, (r.key, r.text())
    if cite is not None:
        assert cite in r.cites, (cite, r.cites)
    assert r.text("en") and r.to_json("ru")["message"]
    return r

"""A hand looks at each seat once (engine ``_deal``): what it finds is what the plain
definitions say — the seats :meth:`TableState.dealt_in`, the dealer :func:`positions`
names, and the players after the deal as the loop below builds them seat by seat."""

from __future__ import annotations

from dataclasses import replace

from helpers import start
from hypothesis import given, settings
from hypothesis import strategies as st

from floorkill.rules.codes import OwedMode
from floorkill.rules.engine import _deal
from floorkill.rules.state import Owed, Player, TableState, positions

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida")


def after_the_deal(players: tuple[Player | None, ...], dealt: tuple[int, ...]) -> tuple:
    """The plain rule: who was dealt is no longer new (and a "posts" entry has posted);
    who was not misses the hand unless already missing it or waiting."""
    out = []
    for player in players:
        if player is not None and player.seat in dealt:
            if player.new or player.entry:
                player = replace(player, new=False, entry="posted" if player.entry else "")
        elif player is not None and not player.missed and not player.waiting:
            player = replace(player, missed=True)
        out.append(player)
    return tuple(out)


seat_state = st.fixed_dictionaries(
    {
        "away": st.booleans(),
        "sitting_out": st.booleans(),
        "waiting": st.booleans(),
        "missed": st.booleans(),
        "new": st.booleans(),
        "entry": st.sampled_from(("", "posts", "posted")),
    }
)


@st.composite
def tables(draw: st.DrawFn) -> TableState:
    seated = draw(st.lists(st.one_of(st.none(), seat_state), min_size=9, max_size=9))
    players = tuple(
        None if flags is None else Player(seat=index + 1, name=NAMES[index], **flags)
        for index, flags in enumerate(seated)
    )
    bars = draw(
        st.lists(
            st.builds(
                Owed,
                player=st.sampled_from(NAMES),
                owes=st.just(2000),
                mode=st.sampled_from(tuple(OwedMode)),
                table=st.sampled_from((None, "Table 14")),
            ),
            max_size=3,
        )
    )
    return replace(
        start(),
        players=players,
        barred=tuple(bars),
        dealer_pos=draw(st.integers(min_value=1, max_value=12)),
    )


@settings(max_examples=100)
@given(tables())
def test_one_look_finds_the_seats_dealt_in_the_dealer_and_the_players_after(state):
    dealt, dealer, players = _deal(state)
    assert dealt == state.dealt_in()
    assert dealer == positions(state)[0]
    assert players == after_the_deal(state.players, dealt)


def test_nobody_changed_by_the_deal_keeps_the_same_players():
    state = start()
    assert _deal(state)[2] is state.players

"""second_leg_pot (house-natural alternate) as a property: on any table and any value, the
leg holder's second win kills exactly when the pot reaches the size the value names, and
money beyond the blinds plays no part."""

from __future__ import annotations

from helpers import hand, run, start
from hypothesis import given, settings
from hypothesis import strategies as st

from floorkill.rules import apply

STAKES = st.sampled_from(
    [
        dict(structure="fixed", bets=(10, 20), blinds=(5, 10)),
        dict(structure="fixed", bets=(4, 8), blinds=(2, 4)),
        dict(structure="spread", bets=(1, 4, 4, 8, 8), blinds=(1, 2)),
        dict(structure="spread", bets=(2, 6), blinds=(1, 2)),
    ]
)
VALUES = st.one_of(
    st.sampled_from(["5x-upper", "5x-lower", "5x-big-blind"]), st.integers(1, 400).map(str)
)


@settings(max_examples=80, deadline=None, database=None, derandomize=True)
@given(
    STAKES,
    VALUES,
    st.integers(1, 500_00),
    st.integers(0, 300),
    st.booleans(),
    st.sampled_from(["keeps-leg", "neutral"]),
)
def test_house_natural_second_leg_pot_kills_exactly_from_its_size(
    stakes, value, pot_cents, beyond, flop_rule, unqualified
):
    st_ = run(
        start(
            **stakes,
            second_leg_pot=value,
            second_leg_needs_flop=flop_rule,
            unqualified_second_win=unqualified,
        ),
        hand(2),
    )
    size = st_.config.second_leg_pot
    pot = f"{pot_cents // 100}.{pot_cents % 100:02d}"
    a = apply(st_, hand(2, pot=pot, won_beyond_blinds=beyond))
    assert a.state.button.killed == (pot_cents >= size)
    if not a.state.button.killed:
        assert a.state.button.status == ("leg-up" if unqualified == "keeps-leg" else "neutral")
    assert all("rrop-13.3" not in d.cites for d in a.decisions)

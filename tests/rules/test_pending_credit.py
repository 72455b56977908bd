"""rrop-13.5: what is pending about a leg credit is said from the state — "gets it back on
return" only while the player is away; back, "the leg returns when the button is next
neutral" (never a stale "away")."""

from __future__ import annotations

from helpers import hand, run, start

from floorkill.rules.pending import pending
from floorkill.ui.widgets.status_line import barred_text


def test_rrop_13_5_credit_text_follows_away_and_back():
    st = run(start(), hand(4), {"type": "away", "seat": 4}, hand(2))  # Dee away, Bob's leg
    assert "Dee" in st.credits
    (d,) = [d for d in pending(st) if d.code == "leg-credit"]
    assert "on return" in d.text("en") and d.cites == ("rrop-13.5",)
    assert "Dee (away)" in barred_text(st)
    back = run(st, {"type": "back", "seat": 4})
    assert "Dee" in back.credits  # Bob's leg: not neutral, she waits
    (d,) = [d for d in pending(back) if d.code == "leg-credit"]
    assert "is back" in d.text("en") and "on return" not in d.text("en")
    assert "Dee (back)" in barred_text(back) and "(away)" not in barred_text(back)

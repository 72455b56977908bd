"""Snapshots of the dispute view (F7, ↑ ↑, Enter: the record under the history cursor), in
English and Russian at 120×40: Table 7 right after a hand that was undone later — Cy barred
for the kill he left without posting (rrop-13.6), who entered the record and when, and the
undo with its reason and who made it. The clock is fixed, so the times are too.
Regenerate with ``--snapshot-update`` after a deliberate change, and look at the pictures."""

from __future__ import annotations

import itertools

import pytest
from uihelp import HOLDEM, OMAHA8, hand, session

from floorkill.ui.podium import make_podium_app


def _clock(monkeypatch) -> None:
    ticks = itertools.count()
    monkeypatch.setattr(
        "floorkill.store.session.utc_now", lambda: f"2026-11-30T21:{4 + next(ticks):02d}:07.000Z"
    )


def dispute_app(lang: str):
    t7 = session(
        OMAHA8.replace('triggers = ["scoop"]', 'triggers = ["two-pots"]'),
        events=[
            hand(3),
            hand(3, qualifies=True),
            {"type": "quit", "seat": 3, "posts_kill": False},
            hand(5),
        ],
    )
    t7.void(4, "wrong seat: seat 6 won it")
    t12 = session(HOLDEM, events=[hand(7)])
    return make_podium_app(t7, lang=lang, others=[t12], cursor_blink=False)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_dispute_view_at_an_undone_hand(snap_compare, monkeypatch, lang):
    _clock(monkeypatch)
    assert snap_compare(dispute_app(lang), press=["f7", "up", "enter"], terminal_size=(120, 40))

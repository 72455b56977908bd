"""Random keystrokes at the podium, sent in bursts as a terminal sends them, on random
tables: every hand recorded is the event the preview showed at its Enter, and no hand is
recorded without one (docs/podium.md, "What Enter records").

The suite runs a fixed set of sequences: 60 of hands and 10 of seat forms, the same count on
each table (one test per table: they run side by side on the suite's workers), each in a
copy of the table's podium started once (podium_copies.py); ``FLOORKILL_HYPOTHESIS=explore``
runs 10,000 new ones."""

from __future__ import annotations

import asyncio
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from podium_copies import PodiumCopies
from textual import events
from textual_private import key_event
from uihelp import HOLDEM, OMAHA8, hand, session

from floorkill.rules.events import parse_event
from floorkill.ui.podium import make_podium_app
from floorkill.ui.widgets.hand_entry import HandEntry

EXPLORE = os.environ.get("FLOORKILL_HYPOTHESIS") == "explore"
EXAMPLES = 10_000 if EXPLORE else int(os.environ.get("FK_KEYS_EXAMPLES", "60"))
FORM_EXAMPLES = EXAMPLES // 6  # the seat forms' sequences

TABLES = [
    (HOLDEM, []),
    (HOLDEM, [hand(3)]),  # a leg up: the second-leg question
    (HOLDEM, [hand(3), hand(3, qualifies=True)]),  # a kill pot
    (OMAHA8, []),
    (OMAHA8, [hand(2, pot=200)]),
]
KEYS = (
    list("0123456789")
    + list("hlkpyn$-")  # the entry's letters, the answers
    + list("рдлзнтдао")  # the same keys on a Russian layout, and а/о (seat keys there)
    + ["space", "space", "enter", "enter", "enter", "escape", "backspace", "tab"]
    + ["f5", "f7"]
)
PASTES = ["3", "3 5", "h3 l5", "$1,000", "4,50", "y", "н", "1e9", "٣", "３"]

# lines as the floor types them: the line cleared (ctrl+u), typed, Enter. Random keys alone
# seldom record a hand (a seat of the table, Enter, the question's answer, Enter), and the
# property is about what is recorded
LINES = ["3", "4", "7", "1", "2", "5", "8", "3 4", "3 5", "2 5", "h3 l5", "h2 l-", "h8 l3"]
LINES += ["3 $200", "8 $150", "h3 l- $300", "4 $1,000", "y", "n", "н", "т", "200", "$40", "4,50"]

burst = st.one_of(
    st.sampled_from(LINES).map(lambda line: ["ctrl+u", *line, "enter"]),
    st.lists(st.sampled_from(KEYS), min_size=1, max_size=8),
    st.sampled_from(PASTES).map(lambda text: [("paste", text)]),
)


def _send(app, keys) -> None:
    for key in keys:
        if isinstance(key, tuple):
            app.post_message(events.Paste(key[1]))
        else:
            app.post_message(key_event(key))


async def _settle(pilot) -> None:
    """Until the gate has handed on every key and stayed idle a moment."""
    gate = pilot.app.key_gate
    quiet = 0
    for _ in range(1000):
        await asyncio.sleep(0.002)
        quiet = quiet + 1 if gate.held == 0 and not gate._busy else 0
        if quiet >= 5:
            return


def _same_event(a, b, seats: int) -> bool:
    return parse_event(dict(a), seats) == parse_event(dict(b), seats)


def _hands_podium(table: int):
    """The podium of one table with its Enter watched: the app, the session, and what each
    Enter taken showed, (records before, the preview shown); and the property's check."""
    text, table_events = TABLES[table]
    s = session(text, table_events)
    app = make_podium_app(s)
    shown_at_enter: list = []

    async def ready(pilot) -> None:
        entry = app.podium.query_one(HandEntry)
        real_enter, real_post = entry.enter_text, entry.post_message
        at_enter: list = [None]

        def watched(line: str, **kw) -> bool:
            at_enter[0] = (len(s), entry.preview)
            return real_enter(line, **kw)

        def posted(message) -> bool:  # an Enter's record (saved once "saving…" is shown)
            if isinstance(message, HandEntry.Recorded):
                shown_at_enter.append(at_enter[0])
            return real_post(message)

        entry.enter_text = watched  # type: ignore[method-assign]
        entry.post_message = posted  # type: ignore[method-assign]
        await _settle(pilot)

    def check() -> None:
        seats = s.state.config.seats
        hands = [(i, r) for i, r in enumerate(s.records(0, len(s))) if r.type == "hand"]
        hands = [(i, r) for i, r in hands if i >= len(table_events)]
        assert len(hands) == len(shown_at_enter), (hands, shown_at_enter)
        for (index, record), (before, preview) in zip(hands, shown_at_enter, strict=True):
            assert index == before
            assert preview is not None and preview.records, (record.event, preview)
            assert _same_event(record.event, preview.raw, seats), (record.event, preview.raw)

    return app, ready, check


def _playing(app, bursts, check):
    """The bursts, each as a terminal sends it and then settled, then ``check()`` (on the
    screen as it stands)."""

    async def play(pilot) -> None:
        for keys in bursts:
            _send(app, keys)
            await _settle(pilot)
        check()

    return play


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_every_hand_recorded_is_the_preview_shown_at_its_enter(table):
    app, ready, check = _hands_podium(table)
    with PodiumCopies(app, ready) as podium:

        @settings(max_examples=max(1, EXAMPLES // len(TABLES)))
        @given(bursts=st.lists(burst, min_size=1, max_size=6))
        def each_sequence(bursts):
            podium.run(_playing(app, bursts, check))

        each_sequence()


# -- the seat forms: the same rule for a join or a stack typed on the seating diagram -------

FORM_KEYS = (
    ["f6", "f6", "j", "s", "о", "ы"]  # the seats, then join / stack (both layouts)
    + list("0123456789")
    + list("Da ,$")
    + ["enter", "enter", "escape", "tab", "backspace", "y", "n"]
)
FORM_PASTES = ["Dana White", "Hill, George", "4,50", "$1,000", "1e9", "٣", "200"]
form_burst = st.one_of(
    st.lists(st.sampled_from(FORM_KEYS), min_size=1, max_size=8),
    st.sampled_from(FORM_PASTES).map(lambda text: [("paste", text)]),
)


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_every_seat_form_record_is_the_preview_shown_at_its_enter(table, monkeypatch):
    from floorkill.ui.screens.seat_forms import FormModal

    text, table_events = TABLES[table]
    s = session(text, table_events)
    app = make_podium_app(s)
    closed: list = []  # the preview each form showed when its Enter closed it
    real_submit = FormModal.submit

    def watched(form) -> bool:
        preview = form.shown
        done = real_submit(form)
        if done:
            closed.append(preview)
        return done

    def check() -> None:
        seats = s.state.config.seats
        records = [r for r in s.records(len(table_events), len(s)) if r.type in ("join", "stack")]
        shown = iter(closed)
        for record in records:  # each in order of a form closed with its preview on screen
            for preview in shown:
                assert preview is not None and preview.outcome in ("records", "asks"), preview
                asked = {k: v for k, v in record.event.items() if k not in preview.raw}
                kept = {k: v for k, v in record.event.items() if k in preview.raw}
                if _same_event(kept, preview.raw, seats) and (
                    not asked or preview.outcome == "asks"  # the question's answer, added
                ):
                    break
            else:
                raise AssertionError(f"{record.event} recorded without a form showing it: {closed}")

    monkeypatch.setattr(FormModal, "submit", watched)
    with PodiumCopies(app, _settle) as podium:

        @settings(max_examples=max(2, FORM_EXAMPLES // len(TABLES)))
        @given(bursts=st.lists(form_burst, min_size=1, max_size=6))
        def each_sequence(bursts):
            podium.run(_playing(app, bursts, check))

        each_sequence()

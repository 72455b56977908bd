"""The podium's actions are described once (floorkill/ui/actions.py): the app's and the
seats' bindings, the footer's words, the palette and the podium-only actions are built
from that registry, and each entry is complete."""

from __future__ import annotations

from types import SimpleNamespace

from floorkill.i18n import pgettext, tr
from floorkill.ui import actions
from floorkill.ui.actions import ACTIONS, BY_ID, PALETTE, Offered, SeatAction
from floorkill.ui.podium import footer_keys
from floorkill.ui.podium.app import PodiumApp
from floorkill.ui.podium.palette import podium_commands
from floorkill.ui.widgets.floor_seating import FloorSeating

PLACES = {"app": PodiumApp, "seating": FloorSeating}


def test_every_key_of_the_registry_is_bound_where_it_says_and_nothing_else_is():
    for place, cls in PLACES.items():
        bound = {b.id: b for b in cls.BINDINGS if b.id in BY_ID}
        described = [a for a in ACTIONS if a.place == place and a.keys]
        assert list(bound) == [a.id for a in described]
        for a in described:
            b = bound[a.id]
            assert (b.key, b.action, b.description, b.show) == (
                a.keys,
                a.action,
                a.description,
                a.show,
            )
    # every binding of the podium app is a registered action
    assert all(b.id in BY_ID for b in PodiumApp.BINDINGS)


def test_every_key_the_footer_shows_has_its_word_in_both_languages():
    for a in ACTIONS:
        if a.keys and a.show:
            assert a.word, a.id
            assert footer_keys.WORDS[a.id] == a.word
            assert pgettext("key", a.word, "ru") != a.word, a.id


def test_every_palette_entry_has_a_title_a_help_and_an_app_method():
    assert len(set(PALETTE)) == len(PALETTE)
    for a in actions.palette_actions():
        assert a.title and a.help, a.id
        assert callable(getattr(PodiumApp, a.callback, None)), a.callback
        assert tr(a.title, "ru") != a.title, a.title
    titled = {a.id for a in ACTIONS if a.title}
    assert titled == set(PALETTE)


def test_every_seat_action_opens_its_form():
    for what in SeatAction:
        assert callable(getattr(PodiumApp, f"floor_{what}", None)), what
        assert f"seating.{what}" in BY_ID


def _stub(closed: bool, voluntary: bool, monkeypatch):
    from floorkill.ui.podium import palette

    monkeypatch.setattr(palette, "voluntary_open", lambda state: voluntary)
    names = {a.callback for a in ACTIONS}
    app = SimpleNamespace(
        lang="en",
        session=SimpleNamespace(state=SimpleNamespace(closed=closed)),
        floor=SimpleNamespace(state=None),
        **{n: n for n in names},
    )
    return [(c.title, c.callback) for c in podium_commands(app)]


def test_the_palette_lists_the_registry_in_its_order_and_only_what_is_offered(monkeypatch):
    open_table = _stub(False, True, monkeypatch)
    assert [cb for _, cb in open_table] == [
        BY_ID[i].callback for i in PALETTE if BY_ID[i].offered is not Offered.CLOSED_TABLE
    ]
    closed = [cb for _, cb in _stub(True, False, monkeypatch)]
    assert "reopen_table" in closed and "close_table" not in closed
    assert "floor_voluntary" not in closed
    assert ("Tables", "action_tables") == open_table[0]

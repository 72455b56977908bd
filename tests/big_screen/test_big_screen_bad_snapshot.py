"""A snapshot that is not the state its row records in the hash chain (edited with the
sqlite3 shell to say "hands = 9999, KILL by seat 2") is never shown on the big screen, and
the screen says so: one line at the foot of every page, in the screen's language."""

from __future__ import annotations

import pytest
from bshelp import KILL_POT, table_text, text_of
from snaptamper import forge_newest_snapshot

from floorkill.rules import load_table_text
from floorkill.store.journal import Journal
from floorkill.ui.big_screen.terminal import Follower, banner_parts, make_big_screen_app

EVENTS = [*KILL_POT, {"type": "hand", "winner": 3}, {"type": "hand", "winner": 1}]


def tampered_journal(path):
    """(the true state, the seq of the forged snapshot)."""
    with Journal(path, "podium", snapshot_every=2, mac_key=None) as j:
        s = j.create_table(load_table_text(table_text(), "<t>"))
        for ev in EVENTS:
            s.append(ev)
        truth = s.state
    _table, seq = forge_newest_snapshot(path)
    return truth, seq


@pytest.mark.parametrize(
    "lang, words", [("en", "does not match the journal"), ("ru", "не совпадает с журналом")]
)
def test_the_follower_shows_the_true_state_and_reports_the_snapshot(tmp_path, lang, words):
    path = tmp_path / "journal.db"
    truth, seq = tampered_journal(path)
    f = Follower(path, grace=0, lang=lang)
    try:
        pic = f.poll()
    finally:
        f.close()
    assert pic is not None and pic.waiting is None
    assert pic.tables[0].state.hands == truth.hands == len(EVENTS)
    assert pic.tables[0].state.button == truth.button
    assert len(pic.problems) == 1
    line = pic.problems[0]
    assert "Table 12" in line and f"seq {seq}" in line and words in line
    assert "floorkill verify" in line


@pytest.mark.parametrize(
    "lang, placard, words",
    [
        ("en", False, "a saved snapshot"),
        ("ru", False, "сохранённый снимок состояния"),
        ("en", True, "a saved snapshot"),
    ],
)
async def test_the_screen_says_it_on_every_page(tmp_path, lang, placard, words):
    path = tmp_path / "journal.db"
    truth, seq = tampered_journal(path)
    app = make_big_screen_app(path, rotate=0, placard=placard, lang=lang)
    async with app.run_test(size=(120, 32)) as pilot:
        await pilot.pause()
        assert app.query_one("#problems").display
        line = text_of(app, "#problems")
        assert line.startswith("⚠ Table 12") and words in line and f"seq {seq}" in line
        if not placard:  # the table shown is the true one
            assert app.shown is not None and app.shown.state.hands == truth.hands
            assert "9999" not in text_of(app, "#hand")
            assert text_of(app, "#banner") == banner_parts(truth, lang)[1]


async def test_no_line_when_every_snapshot_is_whole(tmp_path):
    path = tmp_path / "journal.db"
    with Journal(path, "podium", snapshot_every=2, mac_key=None) as j:
        s = j.create_table(load_table_text(table_text(), "<t>"))
        for ev in EVENTS:
            s.append(ev)
    app = make_big_screen_app(path, rotate=0)
    async with app.run_test(size=(120, 32)) as pilot:
        await pilot.pause()
        assert app.shown is not None and not app.query_one("#problems").display


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_frozen_opening_shows_the_head_it_saw_on_the_screen(tmp_path, monkeypatch, size):
    """A TV that cannot see the whole journal (opened immutable: another account, no -shm)
    says so at the foot of the page, whole — with the head it shows, not cut off."""
    from floorkill.store import readonly

    path = tmp_path / "journal.db"
    with Journal(path, "podium", snapshot_every=2, mac_key=None) as j:
        s = j.create_table(load_table_text(table_text(), "<t>"))
        for ev in EVENTS:
            s.append(ev)
        head = j.head()[0]
    real = readonly.open_readonly

    def frozen(where, *args, **kwargs):  # as the other account's opening finds it
        conn, _notice = real(where, *args, **kwargs)
        return conn, readonly.Notice(
            (readonly.IMMUTABLE, {"path": where}), (readonly.NOT_FOLLOWED, {})
        )

    monkeypatch.setattr(readonly, "open_readonly", frozen)
    app = make_big_screen_app(path, rotate=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        line = app.query_one("#problems")
        assert line.display
        shown = " ".join(line.render_line(y).text.strip() for y in range(line.size.height))
        assert "opened read-only as immutable" in shown
        assert f"@{head}, the newest this reader can see" in shown, shown

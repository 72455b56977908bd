"""The podium opening a table file set up unlike the journal's table asks (Pilot)."""

from contextlib import asynccontextmanager
from pathlib import Path

from textual.widgets import Input

from floorkill.ui.podium import make_podium_app, open_session
from floorkill.ui.screens.config_diff import ConfigDiffModal

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "sample_tables" / "holdem-4-8-half-two-pots.toml"
SIZE = (120, 40)


def _copy(tmp_path) -> Path:
    path = tmp_path / "copy.toml"
    path.write_text(
        SAMPLE.read_text(encoding="utf-8")
        .replace("bets = [4, 8]", "bets = [5, 10]")
        .replace('kind = "half"', 'kind = "full"'),
        encoding="utf-8",
    )
    return path


def _open(tmp_path, path):
    journal = tmp_path / "j.db"
    s, notices, close = open_session(SAMPLE, journal, "Flo")
    close()
    return open_session(path, journal, "Flo")


@asynccontextmanager
async def _podium_asked(tmp_path):
    """The podium opened on a copy of the sample set up differently: (app, pilot, session),
    the config-diff modal on screen; the journal closed afterwards."""
    session, notices, close = _open(tmp_path, _copy(tmp_path))
    try:
        app = make_podium_app(session, notices=notices)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            yield app, pilot, session
    finally:
        close()


async def test_the_differences_are_shown_and_keep_keeps_the_journals_table(tmp_path):
    async with _podium_asked(tmp_path) as (app, pilot, session):
        modal = app.screen
        assert isinstance(modal, ConfigDiffModal)
        shown = [str(w.render()) for w in modal.query(".cd-change")]
        assert [line.strip() for line in shown] == ["limits $4-$8 → $5-$10", "kill half → full"]
        await pilot.press("k")
        assert not isinstance(app.screen, ConfigDiffModal)
        assert app.session.config.bets == (400, 800)
        assert app.tables.names() == [session.name]


async def test_a_new_table_from_the_file_under_a_new_name(tmp_path):
    async with _podium_asked(tmp_path) as (app, pilot, session):
        modal = app.screen
        name = modal.query_one("#cd-name", Input)
        assert name.value == f"{session.name} (2)"
        name.value = "Table 15"
        name.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.name == "Table 15"
        assert app.session.config.bets == (500, 1000)
        assert app.session.config.kill.kind == "full"
        assert sorted(app.tables.names()) == sorted([session.name, "Table 15"])


async def test_a_taken_or_unreadable_name_is_refused_in_the_modal(tmp_path):
    async with _podium_asked(tmp_path) as (app, pilot, session):
        modal = app.screen
        name = modal.query_one("#cd-name", Input)
        name.value = session.name.upper()
        name.focus()
        await pilot.press("enter")
        assert app.screen is modal
        assert "already in the journal" in str(modal.query_one("#cd-error").render())
        name.value = "Evil\u202etable"
        await pilot.press("enter")
        assert app.screen is modal
        assert "control or format character" in str(modal.query_one("#cd-error").render())


async def test_cancel_quits_without_changing_anything(tmp_path):
    session, notices, close = _open(tmp_path, _copy(tmp_path))
    try:
        app = make_podium_app(session, notices=notices)
        async with app.run_test(size=SIZE) as pilot:  # (checked after the app quit)
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
        assert app.return_code == 0
        assert app.tables.names() == [session.name]
    finally:
        close()

"""floorkill/batch.py: batch commands pause the cyclic collector and always restore it."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from floorkill.batch import paused_gc
from floorkill.cli import main


def test_paused_inside_and_restored_after_an_error():
    assert gc.isenabled()
    with pytest.raises(ValueError):
        with paused_gc():
            assert not gc.isenabled()
            raise ValueError("boom")
    assert gc.isenabled()


def test_a_collector_already_off_stays_off():
    gc.disable()
    try:
        with paused_gc():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_replay_import_and_export_leave_the_collector_on(tmp_path, capsys):
    seen = []

    @paused_gc()
    def probe():
        seen.append(gc.isenabled())

    probe()
    sample = str(
        Path(__file__).resolve().parents[1] / "sample_tables" / "holdem-4-8-half-two-pots.toml"
    )
    journal = tmp_path / "j.db"
    assert main(["replay", sample, "--json"]) == 0
    assert main(["import", sample, "--journal", str(journal)]) == 0
    assert (
        main(["export", "--journal", str(journal), "--table", "Table 14 · $4-$8 Hold'em Half Kill"])
        == 0
    )
    assert main(["replay", str(tmp_path / "missing.toml")]) == 2  # an error path too
    capsys.readouterr()
    assert seen == [False] and gc.isenabled()


def test_verify_of_a_postgresql_journal_runs_with_the_collector_paused(monkeypatch):
    """verify_pg streams the same pass as a file's verify, which pauses the collector
    itself; the PostgreSQL path is paused by verify_journal (no server needed here)."""
    import floorkill.store.pg as pg
    from floorkill.store.commands import verify_journal

    seen = []

    class Stop(Exception):
        pass

    def fake_verify_pg(url, **kw):
        seen.append(gc.isenabled())
        raise Stop

    monkeypatch.setattr(pg, "verify_pg", fake_verify_pg)
    with pytest.raises(Stop):
        verify_journal("postgresql://nobody@localhost/none")
    assert seen == [False] and gc.isenabled()

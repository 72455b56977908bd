"""A long batch is one transaction that is never idle for long: PostgreSQL ends a session
left idle inside its transaction (pg.IDLE_IN_TRANSACTION_MS), and a batch hashed row after
row under the chain head's lock on a busy machine once outlived it (journal_core
ROWS_PER_INSERT)."""

from __future__ import annotations

import time

import pytest
from storehelp import table

import floorkill.store.journal_core as journal_core
import floorkill.store.pg as pg
from floorkill.store.backend import open_journal
from floorkill.store.errors import JournalUnavailable
from floorkill.store.pg import verify_pg

ROWS = 60


def slowed(monkeypatch, name: str, seconds: float) -> None:
    """Each call of journal_core's ``name`` takes ``seconds`` more (a busy machine):
    ``finish_row`` is a row finished under the lock, ``draft_events`` the batch's fold."""
    function = getattr(journal_core, name)

    def slow(*args, **kwargs):
        time.sleep(seconds)
        return function(*args, **kwargs)

    monkeypatch.setattr(journal_core, name, slow)


def hands(n: int) -> list[dict]:
    return [{"type": "hand", "winner": i % 9 + 1, "qualifies": i % 3 == 0} for i in range(n)]


def test_a_batch_longer_than_the_idle_limit_lands_whole(pg_url, monkeypatch):
    monkeypatch.setattr(pg, "IDLE_IN_TRANSACTION_MS", 1000)
    monkeypatch.setattr(journal_core, "ROWS_PER_INSERT", 5)
    slowed(monkeypatch, "finish_row", 0.03)  # 1.8 s of hashing in all, 0.15 s between two inserts
    with open_journal(pg_url, floorperson="Fay") as j:
        s = j.create_table(table("Long", players=9))
        records = s.append_many(hands(ROWS))
        assert len(records) == ROWS
    slowed(monkeypatch, "draft_events", 1.5)  # folded before the lock, even before the room is read
    with open_journal(pg_url, floorperson="Fay") as j:
        more = j.open_table("Long").append_many(hands(ROWS))
        assert len(more) == ROWS
    with open_journal(pg_url, floorperson="Fay") as j:
        assert len(j.open_table("Long")) == more[-1].seq
    assert not verify_pg(pg_url).problems


def test_the_idle_limit_is_real_a_batch_inserted_at_the_end_outlives_it(pg_url, monkeypatch):
    """What the chunks prevent: the same batch with one insert at its end is cut off, and
    nothing of it is written."""
    monkeypatch.setattr(pg, "IDLE_IN_TRANSACTION_MS", 1000)
    monkeypatch.setattr(journal_core, "ROWS_PER_INSERT", ROWS + 1)
    slowed(monkeypatch, "finish_row", 0.03)
    with open_journal(pg_url, floorperson="Fay") as j:
        s = j.create_table(table("Long", players=9))
        before = len(s)
        with pytest.raises(JournalUnavailable):
            s.append_many(hands(ROWS))
    with open_journal(pg_url, floorperson="Fay") as j:
        assert len(j.open_table("Long")) == before

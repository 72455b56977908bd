"""One journal interface, two implementations: SQLite (the embedded default) and PostgreSQL.

``open_journal(url_or_path)`` picks the implementation from what ``--journal`` /
``FLOORKILL_JOURNAL`` says: ``postgresql://…`` (or ``postgres://…``) is a PostgreSQL
journal (:mod:`floorkill.store.pg`, psycopg 3), anything else a journal file
(:mod:`floorkill.store.journal`). ``readonly=True`` gives the viewers' side (the big screen,
exports): :class:`~floorkill.store.readonly.ReadOnlyJournal` or its PostgreSQL twin.

Nothing in ``rules`` or ``ui`` needs to know which one is underneath: both satisfy
:class:`JournalBackend` (and their sessions :class:`JournalTable`); the shared test suite
(tests/store/test_backend_suite.py) runs the same tests against both.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from floorkill.rules import TableFile, TableState
from floorkill.rules.room import Room
from floorkill.store.session import Record, TableSession

URL_SCHEMES = ("postgresql://", "postgres://")


def is_url(location: str | os.PathLike | None) -> bool:
    """True for a PostgreSQL connection URL (``postgresql://…``)."""
    return isinstance(location, str) and location.lower().startswith(URL_SCHEMES)


def location_text(location: str | os.PathLike) -> str:
    """How a journal is named in messages: a path, or a URL without its password."""
    if not is_url(location):
        return str(location)
    from floorkill.store.pg import redact_url

    return redact_url(str(location))


class JournalTable(TableSession, Protocol):
    """A table of a journal (what the podium and the big screen hold): a TableSession
    that also follows other podiums and takes the seq its podium saw."""

    def last_undoable(self) -> Record | None: ...
    def refresh(self) -> bool: ...
    def append(
        self,
        raw: Mapping[str, Any],
        expect_seq: int | None = None,
        *,
        shown_room: Room | None = None,
    ) -> Record: ...
    def append_many(
        self,
        raws: Sequence[Mapping[str, Any]],
        expect_seq: int | None = None,
        *,
        checked: Sequence[Any] | None = None,
        checked_elsewhere: Mapping[str, Any] | None = None,
        shown_room: Room | None = None,
    ) -> list[Record]: ...
    def void(self, seq: int, reason: str, expect_seq: int | None = None) -> Record: ...
    def correct(
        self,
        record: int,
        event: Mapping[str, Any] | None,
        *,
        settle: Mapping[int, str] | None = None,
        reason: str | None = None,
        expect_seq: int | None = None,
        answers: Sequence[Mapping[str, Any]] = (),
    ) -> Record: ...
    def full_replay(self) -> TableState: ...


class JournalBackend(Protocol):
    """A writable journal of many tables."""

    floorperson: str | None

    @property
    def location(self) -> str: ...
    def table_names(self) -> list[str]: ...
    def head(self) -> tuple[int, str]: ...
    def create_table(self, table_file: TableFile, toml_text: str | None = None) -> JournalTable: ...
    def open_table(self, name: str) -> JournalTable: ...
    def open_or_create(
        self, table_file: TableFile, toml_text: str | None = None
    ) -> tuple[JournalTable, bool]: ...
    def barred_elsewhere(self, exclude: str | None = None) -> dict[str, tuple[int, str]]: ...
    def room(self) -> Room: ...
    def live_events(self, name: str, upto: int | None = None) -> list[dict[str, Any]]: ...
    def rebuild_caches(self) -> None: ...
    def changed(self) -> bool: ...
    def close(self) -> None: ...
    def __enter__(self) -> JournalBackend: ...
    def __exit__(self, *exc) -> None: ...


COMMIT_TIMEOUT = 2.0  # seconds a podium's commit may wait (a lock, a slow server) at most


def podium_options(url_or_path: str | os.PathLike) -> dict[str, Any]:
    """How a podium opens its journal: its commit runs on the screen's event loop, so it
    waits at most :data:`COMMIT_TIMEOUT` — for SQLite's write lock (``busy_timeout``), on
    PostgreSQL for the chain head (``lock_timeout``), a statement or an unanswered send
    (``statement_timeout``, ``tcp_user_timeout``) and a connection (``connect_timeout``,
    libpq's least, 2 s) — and a lost server is connected to again only by the follow tick,
    in its worker thread, never by a commit. Then the entry is refused, kept, and said."""
    if is_url(url_or_path):
        return {
            "connect_timeout": COMMIT_TIMEOUT,
            "lock_timeout": COMMIT_TIMEOUT,
            "statement_timeout": COMMIT_TIMEOUT,
            "reconnect_in_follow": True,
        }
    return {"busy_timeout": COMMIT_TIMEOUT}


def open_journal(
    url_or_path: str | os.PathLike,
    readonly: bool = False,
    *,
    floorperson: str | None = None,
    **options: Any,
):
    """The journal at ``url_or_path``: SQLite for a path, PostgreSQL for a URL.
    ``readonly``: the viewers' journal (never writes; on PostgreSQL, connect with a role
    that can only SELECT). Raises JournalError (JournalUnavailable for a viewer) with a
    one-line reason."""
    if is_url(url_or_path):
        from floorkill.store import pg

        if readonly:
            return pg.PgReadOnlyJournal(str(url_or_path), **options)
        return pg.PgJournal(str(url_or_path), floorperson, **options)
    if readonly:
        from floorkill.store.readonly import ReadOnlyJournal

        return ReadOnlyJournal(Path(url_or_path), **options)
    from floorkill.store.journal import Journal

    return Journal(Path(url_or_path), floorperson, **options)

"""Following the podium's journal for a big screen (no Textual): :class:`Follower` polls
the read-only journal and returns a :class:`Picture` when something new is to be shown.

Every ``poll`` seconds (0.1 by default) the caller asks the read-only journal whether
anything was committed (``PRAGMA data_version``) and, if so, the new rows are folded. A
journal being written, checkpointed or briefly locked is retried quietly and the last
good picture stays up; a journal that is missing (or not a journal yet) is said in words —
"Waiting for the podium journal …" — and retried until it is back. A snapshot the journal
skipped because it is not the state its row records in the hash chain (an edited file) is
never shown: the table is folded from the events, and a line says which table and row.

The journal is opened only through :class:`~floorkill.store.readonly.ReadOnlyJournal`
(``mode=ro``, no ATTACH, deny-by-default authorizer). :meth:`Follower.poll` blocks on the
journal: the terminal app and the web server run it in a worker thread.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from floorkill.i18n import N_, Phrase, get_lang, said, tr
from floorkill.log import log
from floorkill.rules import TableState
from floorkill.rules.names import name_key, safe_text
from floorkill.store.backend import is_url, location_text
from floorkill.store.backend import open_journal as open_any_journal
from floorkill.store.errors import JournalError, UnknownTable
from floorkill.store.readonly import ReadOnlyJournal, ReadOnlySession

DEFAULT_POLL = 0.1  # seconds between data_version checks
GRACE = 3.0  # a readable-but-locked journal keeps the last picture this long
WAITING_JOURNAL = N_("Waiting for the podium journal …")
WAITING_TABLE = N_("Waiting for the podium to open a table …")
SNAPSHOT_SKIPPED = N_(
    "⚠ {table}: a saved snapshot (seq {seq}) does not match the journal — not "
    "used; shown from the events. Check with floorkill verify."
)
LAST_RECORDS = 200  # how far back to look for the last decision


@dataclass(frozen=True)
class LastDecision:
    hand: int | None  # the hand it followed, for hand records
    text: str  # sentence(s), plain text
    cites: tuple[str, ...]


@dataclass(frozen=True)
class Corrected:
    """The newest correction, while no hand was recorded after it: the big screen says
    what it put right ("Corrected: hand 31 — …") until the game has moved on."""

    record: int  # the record corrected (the original)
    hand: int | None  # its hand number, for a hand
    changes: tuple[str, ...]  # what it changed, sentence by sentence, plain text
    struck: bool = False  # the record was struck, not replaced


@dataclass(frozen=True)
class TableView:
    name: str
    state: TableState
    seq: int
    last: LastDecision | None
    corrected: Corrected | None = None


@dataclass(frozen=True)
class Picture:
    """One poll's result: the tables to show, or why there is nothing to show yet."""

    tables: tuple[TableView, ...] = ()
    waiting: str | None = None  # headline when nothing can be shown
    detail: str = ""  # a quieter second line
    problems: tuple[str, ...] = ()  # bad snapshots skipped, said on screen
    at: float = field(default=0.0, compare=False)


def _corrected_records(records: list[Any]) -> dict[int, Any]:
    """Live corrections by the record each corrects in the end (a correction of a
    correction names the correction), of ``records`` (in seq order)."""
    by_seq = {record.seq: record for record in records}
    out: dict[int, Any] = {}
    for rec in records:
        if rec.type != "correct" or rec.voided:
            continue
        target = rec.event.get("record")
        seen = 0
        while isinstance(target, int) and target in by_seq and by_seq[target].type == "correct":
            target = by_seq[target].event.get("record")
            seen += 1
            if seen > len(records):
                break
        if isinstance(target, int):
            out[target] = rec
    return out


def last_decision(records: Iterable[Any], lang: str | None = None) -> LastDecision | None:
    """The newest live record that carries decisions (records in seq order). A record a
    correction replaced (its stored decisions are no longer the table's) and the
    correction itself (the big screen's corrected line says it) are passed over."""
    lang = lang or get_lang()
    records = list(records)
    corrected = _corrected_records(records)
    for rec in reversed(records):
        if rec.type in ("void", "correct", "seal") or rec.voided or not rec.decisions:
            continue
        if rec.seq in corrected:
            continue
        texts = [safe_text(decision.text(lang)) for decision in rec.decisions]
        cites: list[str] = []
        for decision in rec.decisions:
            cites += [cite for cite in decision.cites if cite not in cites]
        text = "; ".join(part[:1].upper() + part[1:] for part in texts if part)
        return LastDecision(rec.hand if rec.type == "hand" else None, text, tuple(cites))
    return None


def problem_text(problem: Any, lang: str | None = None) -> str:
    """A journal problem as the big screen says it: a bad snapshot skipped in a short line
    of its own (the journal reports it with its table and seq), anything else as given."""
    table, seq = getattr(problem, "table", None), getattr(problem, "seq", None)
    if isinstance(table, str) and isinstance(seq, int):
        return tr(SNAPSHOT_SKIPPED, lang, table=safe_text(table), seq=seq)
    text = getattr(problem, "text", None)
    return safe_text(text(lang) if callable(text) else str(problem))


def corrected_now(records: Iterable[Any], lang: str | None = None) -> Corrected | None:
    """The newest live correction of ``records`` (in seq order) after which no hand was
    recorded, or None."""
    lang = lang or get_lang()
    records = list(records)
    for rec in reversed(records):
        if rec.voided or rec.type in ("void", "seal"):
            continue
        if rec.type == "hand":
            return None  # the game has moved on
        if rec.type != "correct":
            continue
        original = next(
            (seq for seq, correction in _corrected_records(records).items() if correction is rec),
            rec.event["record"],
        )
        target = next((record for record in records if record.seq == original), None)
        hand = target.hand if target is not None and target.type == "hand" else None
        changes = tuple(safe_text(decision.text(lang)) for decision in rec.decisions[1:])
        return Corrected(original, hand, changes, rec.event.get("event") == "none")
    return None


def _table_view(session: ReadOnlySession, lang: str | None = None) -> TableView:
    length = len(session)
    if not length:
        return TableView(session.name, session.state, session.seq, None)
    records = session.records(max(0, length - LAST_RECORDS), length)
    return TableView(
        session.name,
        session.state,
        session.seq,
        last_decision(records, lang),
        corrected_now(records, lang),
    )


class Follower:
    """Follows a journal through the read-only path; one :meth:`poll` per timer tick.

    ``poll()`` returns a new :class:`Picture` when there is something new to show and
    ``None`` when the screen should stay as it is. It never raises: a journal that cannot
    be read is retried on the next poll (quietly while it exists and the last picture is
    younger than ``grace`` seconds; in words otherwise). Thread-safe enough for one
    poller at a time (the app awaits each poll before the next).
    """

    def __init__(
        self,
        path: str | Path,
        table: str | None = None,
        *,
        grace: float = GRACE,
        clock: Callable[[], float] = time.monotonic,
        open_journal: Callable[[str | Path], ReadOnlyJournal] | None = None,
        lang: str | None = None,
    ) -> None:
        self.path = path if is_url(path) else Path(path)  # a file, or postgresql://
        self.lang = lang or get_lang()
        self.table = table
        self.grace = grace
        self.clock = clock
        self._open_journal = open_journal or (
            lambda p: open_any_journal(p, readonly=True, busy_timeout=0.1, retry_for=1.0)
        )
        self._ro: ReadOnlyJournal | None = None
        self._ident: tuple[int, int] | None = None
        self._sessions: dict[str, Any] = {}
        self._views: dict[str, TableView] = {}  # reused while a table's seq is unchanged
        self._last: Picture | None = None
        self._failing = False  # the last poll could not read the journal (logged once)
        self._last_ok = 0.0
        self.polls = 0
        self.choices: tuple[str, ...] = ()  # the tables a name matching none could mean

    # -- helpers ---------------------------------------------------------------
    def _file_ident(self) -> tuple[int, int] | None:
        if is_url(self.path):
            return (0, 0)  # a server: the connection says if it is gone
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return st.st_dev, st.st_ino

    def _drop(self) -> None:
        ro, self._ro, self._sessions, self._ident = self._ro, None, {}, None
        self._views = {}
        if ro is not None:
            try:
                ro.close()
            except Exception:  # noqa: BLE001 - closing a broken connection: nothing to say
                log.debug("big screen: closing the journal's connection", exc_info=True)

    def close(self) -> None:
        self._drop()

    def _open(self) -> None:
        self._ident = self._file_ident()
        self._ro = self._open_journal(self.path)

    def _named(self, ro: ReadOnlyJournal) -> str:
        """The table asked for by name: its exact name, else the one open table whose name
        starts with it ("Table 14" for "table 14"); none or several: the name as asked,
        and :attr:`choices` are the tables it could mean (the picture lists them)."""
        assert self.table is not None
        shown = ro.open_table_names()
        if self.table in shown:
            self.choices = ()
            return self.table
        asked = name_key(self.table)
        matches = [name for name in shown if name_key(name).startswith(asked)]
        if len(matches) == 1:
            self.choices = ()
            return matches[0]
        self.choices = tuple(matches or shown)
        return self.table

    def _sync_tables(self) -> None:
        ro = self._ro
        assert ro is not None
        names = [self._named(ro)] if self.table is not None else ro.open_table_names()
        for name in list(self._sessions):
            if name not in names:
                del self._sessions[name]
        for name in names:
            session = self._sessions.get(name)
            if session is None:
                try:
                    self._sessions[name] = ro.open_table(name)
                except UnknownTable:
                    continue
            else:
                ro.refresh(session)

    def _picture(self) -> Picture:
        now = self.clock()
        self._last_ok = now
        if not self._sessions:
            if self.table is not None:
                return Picture(
                    waiting=tr(
                        "Waiting for table “{name}” …", self.lang, name=safe_text(self.table)
                    ),
                    detail=(
                        tr(
                            "No such table here; the journal's tables: {names}",
                            self.lang,
                            name=safe_text(self.table),
                            names=", ".join(safe_text(choice) for choice in self.choices),
                        )
                        if self.choices
                        else tr("The podium has not opened it in this journal yet.", self.lang)
                    ),
                    at=now,
                )
            return Picture(
                waiting=tr(WAITING_TABLE, self.lang),
                detail=tr("The journal has no table yet.", self.lang),
                at=now,
            )
        views = []
        for name, session in self._sessions.items():
            view = self._views.get(name)
            if (
                view is None or view.seq != session.seq or view.state is not session.state
            ):  # room bars too
                view = self._views[name] = _table_view(session, self.lang)
            views.append(view)
        return Picture(tables=tuple(views), at=now, problems=self._problems())

    def _problems(self) -> tuple[str, ...]:
        """What the journal skipped while reading (a snapshot that is not what its row
        records): never shown as the table, always said."""
        found = list(getattr(self._ro, "problems", None) or ())
        notice = getattr(self._ro, "notice", None)
        if notice:  # a reader that cannot see the whole journal says so, with its head
            found.insert(0, notice)
        return tuple(problem_text(problem, self.lang) for problem in found)

    # -- the poll ----------------------------------------------------------------
    def poll(self) -> Picture | None:
        self.polls += 1
        try:
            if self._ro is not None and self._file_ident() != self._ident:
                self._drop()  # gone or replaced: start again
                if self._file_ident() is None:
                    return self._unavailable(missing=True)
            if self._ro is None:
                self._open()
                self._sync_tables()
            elif self._ro.changed():
                self._sync_tables()
            elif self._last is not None and self._last.waiting is None:
                return None
            elif self.table is None or not self._sessions:
                self._sync_tables()  # a table may appear without a commit we saw
            picture = self._picture()
        except Exception as exc:  # noqa: BLE001 - never an error in front of the players
            # in the log: the first failure with its traceback, each retry after it quietly
            level = logging.DEBUG if self._failing else logging.WARNING
            log.log(level, "big screen: the journal cannot be read: %s", exc, exc_info=exc)
            self._failing = True
            self._drop()
            # the journal's own words, without its location (the screen names it)
            why = (exc.reason or exc.said()) if isinstance(exc, JournalError) else None
            return self._unavailable(missing=self._file_ident() is None, why=why)
        self._failing = False
        if picture == self._last:
            return None
        self._last = picture
        return picture

    def _unavailable(self, *, missing: bool, why: Phrase | str | None = None) -> Picture | None:
        now = self.clock()
        last = self._last
        if (
            not missing
            and last is not None
            and last.waiting is None
            and now - self._last_ok < self.grace
        ):
            return None  # written, checkpointed or locked: wait quietly
        if missing:
            detail = tr(
                "No journal at {path} yet. Retrying …",
                self.lang,
                path=safe_text(location_text(self.path)),
            )
        else:
            where = safe_text(location_text(self.path))
            detail = tr(
                "The journal at {path} cannot be read yet. Retrying …", self.lang, path=where
            )
            if why:  # the journal's own words (newer schema…)
                detail = tr(
                    "The journal at {path} cannot be read yet: {reason}. Retrying …",
                    self.lang,
                    path=where,
                    reason=safe_text(said(why, self.lang)),
                )
        picture = Picture(waiting=tr(WAITING_JOURNAL, self.lang), detail=detail, at=now)
        if picture == last:
            return None
        self._last = picture
        return picture

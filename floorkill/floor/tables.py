"""The tables of an evening and where new table files go: no Textual, no rules decided.

:class:`TableRegistry` keeps each opened table's session (so each keeps its state) and
gives every session the players barred at the other tables (rrop-13.6): the journal's
sessions ask their journal, in-memory sessions are given a source here — so every
session's ``append(raw)`` is the same call.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from floorkill.rules import Applied, apply
from floorkill.store.session import MemorySession

def barred_in(sessions: Iterable[Any], exclude: str | None = None) -> dict[str, tuple[int, str]]:
    """{casefolded name: (owed cents, table)} of players barred (an unposted kill) at ``sessions``
    other than ``exclude`` (what the journal computes for its own tables)."""
    out: dict[str, tuple[int, str]] = {}
    for s in sessions:
        if s.name == exclude:
            continue
        for o in s.state.barred:
            if o.mode == "barred":
                out.setdefault(o.player.casefold(), (o.owes, s.name))
    return out


class TableRegistry:
    """The tables of an evening: the journal's (opened lazily, then kept open so each
    keeps its state) or, without a journal, sessions kept in memory.

    ``append`` passes players barred at the other tables to the rules (the journal does
    it itself; in memory it is done here)."""

    def __init__(self, current, journal=None, others: Iterable[Any] = ()) -> None:
        self.journal = journal
        self._open: dict[str, Any] = {}
        self._order: list[str] = []
        for s in (current, *others):
            self._keep(s)

    def _keep(self, session) -> None:
        if session.name not in self._open:
            self._order.append(session.name)
        self._open[session.name] = session
        if self.journal is None and hasattr(session, "bars_elsewhere"):
            name = session.name
            session.bars_elsewhere = lambda: self.elsewhere(name)

    def names(self) -> list[str]:
        if self.journal is None:
            return list(self._order)
        names = list(self.journal.table_names())
        return names + [n for n in self._order if n not in names]

    def get(self, name: str):
        s = self._open.get(name)
        if s is None:
            folded = {n.casefold(): n for n in self._open}
            if name.casefold() in folded:
                return self._open[folded[name.casefold()]]
            if self.journal is None:
                raise KeyError(name)
            s = self.journal.open_table(name)
            self._keep(s)
        return s

    def is_open(self, name: str) -> bool:
        return name in self._open

    def has(self, name: str) -> bool:
        key = name.casefold()
        return any(n.casefold() == key for n in self.names())

    def elsewhere(self, exclude: str | None) -> dict[str, tuple[int, str]]:
        if self.journal is not None:
            return self.journal.barred_elsewhere(exclude)
        return barred_in(self._open.values(), exclude)

    def try_event(self, session, raw: Mapping[str, Any]) -> Applied:
        return apply(session.state, raw, self.elsewhere(session.name))

    def append(self, session, raw: Mapping[str, Any]):
        """Store ``raw`` at ``session``'s table (each session knows where its bars come from).
        On a journal only if the table is still where this podium saw it: another podium's
        entry since raises TableChanged (nothing written, the session caught up)."""
        if getattr(session, "journal", None) is not None:
            return session.append(raw, expect_seq=len(session))
        return session.append(raw)

    def void(self, session, seq: int, reason: str, seen: int | None = None):
        """Void ``seq``; on a journal, with ``seen`` given, only if the table is still at
        ``seen`` (what the floorperson saw when the undo was offered)."""
        if seen is not None and getattr(session, "journal", None) is not None:
            return session.void(seq, reason, expect_seq=seen)
        return session.void(seq, reason)

    def follow(self) -> list[Any]:
        """The open tables another podium wrote to since the last look, caught up (cheap
        when nothing was committed: the journal's ``changed()``)."""
        journal = self.journal
        if journal is None or not hasattr(journal, "changed") or not journal.changed():
            return []
        return [s for s in self._open.values() if hasattr(s, "refresh") and s.refresh()]

    def create(self, table_file, toml_text: str | None = None, who: str | None = None):
        """A new table: in the journal, or in memory without one."""
        if self.journal is not None:
            s = self.journal.create_table(table_file, toml_text)
        else:
            if self.has(table_file.config.name):
                raise ValueError(f"a table named {table_file.config.name!r} is already open")
            s = MemorySession(table_file.config, table_file.players, who=who)
        self._keep(s)
        return s

    def owed_everywhere(self, current) -> list[tuple[str, int, str, str]]:
        """(player, owes, mode, table) of every owed kill: this table's first."""
        out = [(o.player, o.owes, o.mode, current.name) for o in current.state.barred]
        seen = {(p.casefold(), t) for p, _o, _m, t in out}
        for name, (owes, table) in sorted(self.elsewhere(current.name).items(),
                                          key=lambda kv: kv[1][1]):
            s = self.get(table)
            o = s.state.owed(name)
            player = o.player if o is not None else name
            if (player.casefold(), table) not in seen:
                out.append((player, owes, "barred", table))
        return out



# ---------------------------------------------------------------------------
# where new table files go

def tables_dir() -> Path:
    """``$FLOORKILL_TABLES_DIR``, else ``<user data dir>/floorkill/tables``."""
    env = os.environ.get("FLOORKILL_TABLES_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_path

    return user_data_path("floorkill", appauthor=False) / "tables"


def slug(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
    return s[:48].strip("-") or "table"


def new_table_path(name: str, folder: Path | None = None,
                   exists: Callable[[Path], bool] = Path.exists) -> Path:
    """A file name for a new table that does not overwrite any file already there."""
    folder = tables_dir() if folder is None else folder
    base = slug(name)
    path = folder / f"{base}.toml"
    n = 2
    while exists(path):
        path = folder / f"{base}-{n}.toml"
        n += 1
    return path

"""Running the floor without Textual: several tables, the questions player events ask,
table summaries, where new table files go.

Nothing here decides a rule: the questions come from :func:`floorkill.rules.questions.needs`,
each with what every answer decides in the rules' own words.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from floorkill.rules import Applied, Refusal, TableState, apply, next_hand
from floorkill.rules.config import GAME_NAMES, TableConfig
from floorkill.rules.decisions import Decision
from floorkill.rules.questions import Question, needs
from floorkill.rules.money import dollars
from floorkill.rules.names import safe_text

from .i18n import pick

# ---------------------------------------------------------------------------
# texts of the floor screens (the rules' own texts come from floorkill.rules.texts)

FLOOR_TEXT: dict[str, dict[str, str]] = {
    "yes": {"en": "y — yes", "ru": "y — да"},
    "no": {"en": "n — no", "ru": "n — нет"},
    "confirm-quit": {"en": "Seat {seat} {name} leaves the game?", "ru": "Место {seat} {name} уходит из игры?"},
    "nothing-decided": {"en": "nothing changes for the kill button", "ru": "для килл-баттона ничего не меняется"},
}


def floor_text(key: str, lang: str = "en", **params: Any) -> str:
    return pick(FLOOR_TEXT, key, lang, **params)


def unique(items: Iterable[str]) -> tuple[str, ...]:
    out: list[str] = []
    for i in items:
        if i not in out:
            out.append(i)
    return tuple(out)


# ---------------------------------------------------------------------------
# questions a player event asks: the rules say (floorkill.rules.questions.needs)

def choice_for(state: TableState, raw: Mapping[str, Any],
               elsewhere: Mapping[str, tuple[int, str]] | None = None) -> Question | None:
    """The question ``raw`` asks on ``state`` (the first the rules cannot decide without),
    or None: send ``raw`` as it is. Refusals are not raised here: :func:`try_event` does."""
    try:
        return next((q for q in needs(state, raw, elsewhere) if q.ask), None)
    except Refusal:
        return None


def try_event(state: TableState, raw: Mapping[str, Any],
              elsewhere: Mapping[str, tuple[int, str]] | None = None) -> Applied:
    """Apply ``raw`` to ``state`` without storing anything (raises Refusal)."""
    return apply(state, raw, elsewhere)


def decision_lines(decisions: Iterable[Decision], lang: str = "en") -> list[str]:
    """Each decision as "text [cites]" (plain text)."""
    out = []
    for d in decisions:
        line = safe_text(d.text(lang))
        if d.cites:
            line += f" [{', '.join(d.cites)}]"
        out.append(line)
    return out


def refusal_line(refusal: Refusal, lang: str = "en") -> str:
    line = safe_text(refusal.text(lang))
    if refusal.cites:
        line += f" [{', '.join(refusal.cites)}]"
    return line


# ---------------------------------------------------------------------------
# several tables

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

    def choice(self, session, raw: Mapping[str, Any]) -> Choice | None:
        return choice_for(session.state, raw, self.elsewhere(session.name))

    def append(self, session, raw: Mapping[str, Any]):
        from floorkill.store.session import MemorySession

        if isinstance(session, MemorySession):
            return session.append(raw, self.elsewhere(session.name))
        return session.append(raw)              # the journal passes the bars itself

    def create(self, table_file, toml_text: str | None = None, who: str | None = None):
        """A new table: in the journal, or in memory without one."""
        if self.journal is not None:
            s = self.journal.create_table(table_file, toml_text)
        else:
            from floorkill.store.session import MemorySession

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
# the table list

@dataclass(frozen=True)
class TableRow:
    name: str
    game: str
    stakes: str
    status: str               # neutral | leg up | KILL
    who: str                  # "Seat 3 Cy" or ""
    kill_game: str            # "yes — full, two pots" | "no"
    hands: int
    seated: int
    seats: int
    barred: str


def kill_game_text(cfg: TableConfig) -> str:
    if not cfg.is_kill_game:
        return "no"
    triggers = ", ".join(t.replace("-", " ") for t in cfg.kill.triggers) or "no trigger"
    return f"yes — {cfg.kill.kind}, {triggers}"


def table_row(session) -> TableRow:
    st = session.state
    cfg = st.config
    b = st.button
    who = ""
    if b.status == "leg-up":
        status = "leg up"
        who = f"Seat {b.seat} {b.player}"
    elif b.killed:
        status = "KILL"
        who = f"Seat {b.seat} {b.player} {dollars(b.amount or 0)}"
    else:
        status = "neutral"
    barred = ", ".join(f"{o.player} {dollars(o.owes)}" for o in st.barred if o.mode == "barred")
    return TableRow(name=safe_text(session.name), game=GAME_NAMES.get(cfg.game, cfg.game),
                    stakes=cfg.stakes_text(), status=status, who=safe_text(who),
                    kill_game=kill_game_text(cfg), hands=st.hands,
                    seated=len(st.occupied), seats=cfg.seats, barred=safe_text(barred))


def acts_last_text(state: TableState) -> str:
    nh = next_hand(state)
    return f"Seat {nh.killer} acts last" if nh.killer_acts_last else ""


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

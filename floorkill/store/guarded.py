"""What the hash chain guards, and the caches checked against it.

Three columns a reader could take a table from are caches, with no trigger or hash of
their own that stops an edit with the ``sqlite3`` shell:

* ``tables.toml`` — a copy of the TOML text the table's creation row (``seq`` 0) carries
  in its hashed payload. Readers take the config and initial players from the creation
  row (:func:`table_text`), once its own hash holds; the column is compared.
* ``obligations`` — each table's own owed kills at a seq. Readers fold them from the
  events (:mod:`floorkill.store.room_cache`) and compare the row.
* ``snapshots`` (and the ``events.state_hash`` a snapshot is checked against) — a
  snapshot is used only when its digest is the ``state_hash`` of its row AND that row's
  own hash covers that ``state_hash`` (:func:`row_holds`), and the next row chains
  from it.

A mismatch is one :class:`CacheMismatch` given to the reader's ``report`` (its
``problems``, said on its screens in their language), and the guarded value is used.
These are the checks a reader can make on open in a few rows; ``floorkill verify`` (the
whole chain, the MACs, the anchor) is the proof.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from floorkill.i18n import N_, tr
from floorkill.store.schema import (
    CHAIN_COLUMNS,
    CREATE_TYPE,
    chain_seed,
    row_content,
    row_hash,
    seed_point,
)

Report = Callable[[str], None]

ROW_COLUMNS = ", ".join(f"e.{column}" for column in CHAIN_COLUMNS)
# a creation row never carries a state digest, and schema 1 has no such column
_CREATION_COLUMNS = ", ".join(f"e.{column}" for column in CHAIN_COLUMNS[:15]) + ", NULL"

TOML_CHANGED = N_(
    "table {table}: the tables.toml cache is not the config its creation row (gseq {gseq}) "
    "holds in the hash chain: the creation row's config is used (floorkill verify)"
)
CREATION_BROKEN = N_(
    "table {table}: its creation row (gseq {gseq}) does not match its hash: the table's "
    "config cannot be trusted (floorkill verify)"
)
BARS_CHANGED = N_(
    "table {table}: the obligations cache (seq {seq}) is not the owed kills its events "
    "fold to: the events' owed kills are used (floorkill verify)"
)
ROW_BROKEN = N_(
    "table {table}: row seq {seq} (gseq {gseq}) does not match its hash: its snapshot is "
    "skipped, the state is folded from the events (floorkill verify)"
)


class CacheMismatch(str):
    """A cache found not to be what the chain guards: the sentence in the language in use
    when found (a plain ``str`` to whoever lists it), with ``key`` (one per table and row)
    and ``text(lang)`` for a screen in another language."""

    message: str
    params: dict[str, Any]
    key: tuple

    def __new__(cls, message: str, kind: str, **params: Any) -> CacheMismatch:
        self = super().__new__(cls, tr(message, None, **params))
        self.message, self.params = message, params
        self.key = (kind, *params.values())
        return self

    def text(self, lang: str | None = None) -> str:
        return tr(self.message, lang, **self.params)


def row_holds(row: Sequence[Any]) -> bool:
    """True when a stored row (``CHAIN_COLUMNS`` order) matches its own ``hash``."""
    (gseq, tbl, seq, type_, schema, payload, rules, decisions, result, hand, who, at, target) = row[
        :13
    ]
    prev, stored, state_hash = row[13], row[14], row[15]
    try:
        content = row_content(
            gseq,
            tbl,
            seq,
            type_,
            schema,
            payload,
            rules,
            decisions,
            result,
            hand,
            who,
            at,
            target,
            state_hash,
        )
    except (TypeError, ValueError):
        return False
    return row_hash(prev, content) == stored


def _linked(conn: Any, row: Sequence[Any]) -> bool:
    """True unless the row after this one (by gseq) chains from another value (the row
    after the seed point chains from the seed: this hash with the meta mixed in)."""
    nxt = conn.execute("SELECT prev_hash FROM events WHERE gseq = ?", (row[0] + 1,)).fetchone()
    if nxt is None or nxt[0] == row[14]:
        return True
    meta = {str(key): str(value) for key, value in conn.execute("SELECT key, value FROM meta")}
    return seed_point(meta) == row[0] and nxt[0] == chain_seed(row[14], meta)


def sealed(conn: Any, row: Sequence[Any]) -> bool:
    """The row's own hash holds and the next row chains from it."""
    return row_holds(row) and _linked(conn, row)


def table_text(
    conn: Any, name: str, cached: str | None = None, report: Report | None = None
) -> str:
    """The TOML text (config and initial players) of table ``name`` as its creation row
    holds it; ``cached``: the ``tables.toml`` column, compared (a difference ``report``-ed).
    A creation row missing or not matching its hash is reported and the column used (there
    is nothing better to show; `verify` says what was changed)."""
    row = conn.execute(
        f"SELECT {_CREATION_COLUMNS} FROM events e WHERE e.tbl = ? AND e.seq = 0", (name,)
    ).fetchone()
    text = None
    if row is not None and row[3] == CREATE_TYPE and sealed(conn, row):
        try:
            data = json.loads(row[5])
            text = data.get("toml") if isinstance(data, dict) else None
        except ValueError:
            text = None
    if not isinstance(text, str):
        if cached is None:
            got = conn.execute("SELECT toml FROM tables WHERE name = ?", (name,)).fetchone()
            cached = None if got is None else got[0]
        if report is not None:
            report(
                CacheMismatch(CREATION_BROKEN, "creation", table=repr(name), gseq=row and row[0])
            )
        return cached or ""
    if cached is None:
        got = conn.execute("SELECT toml FROM tables WHERE name = ?", (name,)).fetchone()
        cached = None if got is None else got[0]
    if cached != text and report is not None:
        report(CacheMismatch(TOML_CHANGED, "toml", table=repr(name), gseq=row[0]))
    return text


def bars_changed(table: str, seq: int) -> CacheMismatch:
    return CacheMismatch(BARS_CHANGED, "bars", table=repr(table), seq=seq)


def row_broken(table: str, seq: int, gseq: int) -> CacheMismatch:
    return CacheMismatch(ROW_BROKEN, "row", table=repr(table), seq=seq, gseq=gseq)

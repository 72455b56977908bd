"""`floorkill verify`'s checks: one streaming pass over the hash chain, replaying every table.

:class:`ChainAudit` is store-independent: it is fed the journal's meta, its ``tables``
rows and then every ``events`` row in ``gseq`` order (tuples in
:data:`~floorkill.store.schema.CHAIN_COLUMNS` order); ``fetch_rows(table, after, before)``
reads back a stretch of one table when a void makes it refold. :func:`verify_sqlite`
drives it over an SQLite file opened read-only (see :mod:`floorkill.store.readonly`).

What a pass proves, row by row (each failure names the row):

* the chain: global and per-table sequences without gaps, ``prev_hash`` links (the meta
  mixed in at the seed point), each ``hash`` recomputed from the row's content;
* the content: the creation row holds the table's config and its ``tables`` row's
  ``created``/``who``; every event, replayed through today's rules model in the order it
  was written (voids refold the table as the writer did, bars at other tables passed as the
  writer passed them, each event's room stamp the one the global order gives:
  :mod:`floorkill.rules.room`), gives the stored payload, decisions, result, hand count and state
  digest; every void names a live event of its table and leaves every later one valid;
* with a key: every row's MAC (a forged append or a rebuilt chain fails);
* with an anchor ``HASH@SEQ``: the chain value at that gseq (nothing up to it changed,
  cut or replaced);
* the caches: a snapshot that differs from the digest in the chain, an obligations row
  that differs from the table's owed kills.

Memory: the per-table states, a checkpoint every :data:`CHECKPOINT` rows of a table and
after each of its last :data:`RECENT` rows (an undo refolds from the state before the row
it voids, not from the last checkpoint), the void targets and two bounded caches (below);
never the rows themselves.

Speed (``bench/verify_bench.py``): every row is compared byte for byte, but what the rules
give is built once per distinct value — each distinct decision rendered to its stored JSON
once (:meth:`ChainAudit.decisions_json`), each distinct payload checked against the rules'
reading once (the rules read a payload by its text and the table's seats alone); the
cyclic garbage collector is paused for the pass (:func:`floorkill.batch.paused_gc`). What
is left is the rules' fold itself (about half), the row hash, JSON decoding and the
comparisons.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any, Callable, Iterable, Iterator, Mapping

import floorkill
from floorkill.batch import paused_gc
from floorkill.rules import ConfigError, TableState, apply, initial_state
from floorkill.rules import room as room_rules
from floorkill.rules.decisions import Decision, Refusal
from floorkill.store import reading
from floorkill.store.schema import (CREATE_TYPE, GENESIS, VOID_TYPE, canonical_json,
                                    chain_seed, result_json, row_content, row_hash, row_mac,
                                    seed_point, state_digest)
from floorkill.store.session import decision_to_json
from floorkill.store.snapshot import state_to_dict

MAX_PROBLEMS = 50
ROOM = room_rules.ROOM_FIELD
CHECKPOINT = 256
RECENT = 8                      # states kept after a table's last rows, for undo
DECISION_CACHE = 4096           # distinct decisions kept as their stored JSON
PAYLOAD_CACHE = 4096            # distinct payloads known to be the rules' reading
# a decision is cached by these fields: were one added, nothing would be cached
_KEYED = tuple(f.name for f in fields(Decision)) == ("code", "seat", "key", "params", "cites")

FetchRows = Callable[[str, int, int], Iterable[tuple[int, str, str]]]


def where(gseq: int, tbl: str, seq: int) -> str:
    return f"row gseq {gseq} (table {tbl!r}, seq {seq})"


def decisions_text(decisions_json: str) -> str:
    """Stored decisions as one readable line: ``leg-up seat 3: Seat 3 …; …``."""
    try:
        items = json.loads(decisions_json)
    except (TypeError, ValueError):
        return repr(decisions_json)
    if not isinstance(items, list):
        return repr(decisions_json)
    if not items:
        return "(no decision)"
    out = []
    for d in items:
        if not isinstance(d, dict):
            out.append(repr(d))
            continue
        seat = f" seat {d.get('seat')}" if d.get("seat") is not None else ""
        out.append(f"{d.get('code')}{seat}: {d.get('text')}")
    return "; ".join(out)


@dataclass
class _Table:
    name: str
    config: Any = None
    players: tuple = ()
    state: TableState | None = None
    last_seq: int = -1
    voided: set[int] = field(default_factory=set)       # targets of voids so far
    voids: set[int] = field(default_factory=set)        # seqs of void rows
    checkpoints: dict[int, TableState] = field(default_factory=dict)
    replaying: bool = False                             # config loaded, no replay failure


@dataclass
class AuditResult:
    problems: list[str]
    warnings: list[str]
    rows: int
    tables: int
    head: tuple[int, str]
    schema: int
    macs: int


class ChainAudit:
    def __init__(self, meta: Mapping[str, str], tables: Mapping[str, tuple[str, str, str | None]],
                 fetch_rows: FetchRows, *, key: bytes | None = None,
                 anchor: tuple[int, str] | None = None) -> None:
        """``tables``: name -> (toml, created, who) as the ``tables`` rows hold them."""
        self.meta = dict(meta)
        self.tables_rows = dict(tables)
        self.fetch_rows = fetch_rows
        self.key = key
        self.anchor = anchor
        self.problems: list[str] = []
        self.warnings: list[str] = []
        self.seed_at = seed_point(self.meta)
        self.prev = GENESIS
        if self.seed_at == 0:
            self.prev = chain_seed(GENESIS, self.meta)
        self.last_gseq = 0
        self.rows = 0
        self.macs = 0
        self.first_mac: int | None = None
        self.unmacced_before = 0
        self.anchor_values: list[str] = []     # the row's hash, and the seed if it is one
        if anchor is not None and anchor[0] == 0:
            self.anchor_values = [self.prev]
        self.tables: dict[str, _Table] = {}
        self.order: list[str] = []                        # creation order (writer's rowid)
        self.bars: dict[str, list] = {}                   # owed kills (barred mode) by table
        self._elsewhere: dict[str | None, dict] = {}
        self.old_rules = 0
        self._decision_json: dict[tuple, str] = {}
        self._read_as_stored: set[tuple[str, int]] = set()     # (payload, seats) checked

    # -- problems ---------------------------------------------------------------------
    def problem(self, text: str) -> None:
        if len(self.problems) <= MAX_PROBLEMS:
            self.problems.append(text)

    @property
    def full(self) -> bool:
        return len(self.problems) > MAX_PROBLEMS

    # -- the pass -----------------------------------------------------------------------
    def feed(self, row: tuple) -> None:
        (gseq, tbl, seq, type_, schema, payload, rules, decisions, result, hand, who, at,
         target, stored_prev, stored_hash, digest, mac) = row
        self.rows += 1
        w = where(gseq, tbl, seq)
        if gseq != self.last_gseq + 1:
            self.problem(f"{w}: the global sequence jumps from {self.last_gseq} to {gseq} "
                         "(rows were removed, inserted or renumbered)")
        if stored_prev != self.prev:
            if self.seed_at is not None and self.last_gseq == self.seed_at:
                self.problem(f"{w}: prev_hash does not match the chain's seed: the journal's "
                             f"meta (schema, created, id) was changed ({self._meta_text()})")
            else:
                self.problem(f"{w}: prev_hash does not match the previous row's hash "
                             "(a row was changed, removed or inserted before it)")
        try:
            content = row_content(gseq, tbl, seq, type_, schema, payload, rules, decisions,
                                  result, hand, who, at, target, digest)
            if row_hash(stored_prev, content) != stored_hash:
                self.problem(f"{w}: hash does not match the row's content (the row was changed)")
        except (TypeError, ValueError) as exc:
            self.problem(f"{w}: unreadable row: {exc}")
        if mac is not None or self.key is not None:
            self._check_mac(w, gseq, stored_hash, mac)
        self.prev = stored_hash if isinstance(stored_hash, str) else ""
        if self.seed_at is not None and gseq == self.seed_at:
            self.prev = chain_seed(self.prev, self.meta)
        if type(gseq) is not int or type(seq) is not int:     # text or a float in SQLite
            self.problem(f"{w}: its gseq or seq is not a whole number (the row was changed)")
            self.last_gseq += 1
            t = self.tables.get(tbl) if isinstance(tbl, str) else None
            if t is not None and t.replaying:
                t.replaying = False
                self.problem(f"{w}: later rows of table {tbl!r} are not replayed")
            return
        self.last_gseq = gseq
        if self.anchor is not None and gseq == self.anchor[0]:
            self.anchor_values = [str(stored_hash), self.prev]
        self._check_content(w, row, gseq, tbl, seq, type_, payload, rules, decisions, result,
                            hand, target, digest)

    def _meta_text(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in sorted(self.meta.items()))

    def _check_mac(self, w: str, gseq: int, stored_hash: str, mac: str | None) -> None:
        if mac is not None:
            self.macs += 1
        if self.key is None:
            return
        if mac is None:
            if self.first_mac is None:
                self.unmacced_before += 1
            else:
                self.problem(f"{w}: no MAC, though the rows before it carry one (a row "
                             "added without the key)")
            return
        if mac != row_mac(self.key, self.meta.get("id", ""), gseq, str(stored_hash)):
            self.problem(f"{w}: the MAC does not match under this key (a forged row, a chain "
                         "rebuilt without the key, or another key)")
        elif self.first_mac is None:
            self.first_mac = gseq

    def _check_content(self, w: str, row: tuple, gseq, tbl, seq, type_, payload, rules,
                       decisions, result, hand, target, digest) -> None:
        t = self.tables.get(tbl)
        expected = (t.last_seq if t is not None else -1) + 1
        if seq != expected:
            self.problem(f"{w}: the table's sequence jumps from {expected - 1} to {seq}")
        if t is not None:
            t.last_seq = max(seq, t.last_seq)
        try:
            data = json.loads(payload)      # decisions and result: compared as text below
        except (TypeError, ValueError):
            data = None
        if not isinstance(data, dict) or data.get("type") != type_:
            what = "is not valid JSON" if data is None else \
                f"type does not match the row type {type_!r}"
            stop = ""
            if t is not None and t.replaying:
                t.replaying = False
                stop = " (later rows of the table are not replayed)"
            self.problem(f"{w}: the payload {what}{stop}")
            return
        if type_ == CREATE_TYPE:
            self._create(w, tbl, seq, data, row)
            return
        if t is None:
            self.problem(f"{w}: no creation row for table {tbl!r} before it")
            return
        if seq == 0:
            self.problem(f"{w}: first row of a table is not its creation")
            return
        if type_ == VOID_TYPE:
            self._void(w, t, seq, data, row)
        else:
            self._event(w, t, data, type_, payload, rules, decisions, result, hand, target,
                        digest)
        if t.replaying and t.state is not None:
            # the state after this row; of the rows before, only every CHECKPOINT-th and
            # the last RECENT stay (a void refolds from the latest one before its target)
            cp = t.checkpoints
            cp[seq] = t.state
            old = seq - RECENT
            if old % CHECKPOINT:
                cp.pop(old, None)

    def _create(self, w: str, tbl: str, seq: int, data: dict, row: tuple) -> None:
        (_g, _t, _s, _ty, _sc, _p, _r, decisions, result, hand, who, at, target, *_rest) = row
        if seq != 0 or tbl in self.tables:
            self.problem(f"{w}: a second creation row for table {tbl!r}")
            return
        t = _Table(tbl, last_seq=0)
        self.tables[tbl] = t
        self.order.append(tbl)
        stored = self.tables_rows.get(tbl)
        if stored is None:
            self.problem(f"{w}: no table {tbl!r} in the tables list")
        else:
            toml, created, twho = stored
            if toml != data.get("toml"):
                self.problem(f"{w}: the table's config differs from the one recorded when it "
                             "was created")
            if created != at:
                self.problem(f"{w}: tables.created says {created!r}, the creation row "
                             f"{at!r} (changed after the fact)")
            if twho != who:
                self.problem(f"{w}: tables.who says {twho!r}, the creation row {who!r} "
                             "(changed after the fact)")
        if decisions != "[]" or result is not None or hand != 0 or target is not None:
            self.problem(f"{w}: a creation row with decisions, result, hands or a target")
        try:
            t.config, t.players = reading.parse_table_toml(tbl, str(data.get("toml")))
        except ConfigError as exc:
            self.problem(f"{w}: the table's config does not load: {exc}")
            return
        t.state = initial_state(t.config, t.players)
        t.replaying = True

    def _event(self, w: str, t: _Table, data: dict, type_, payload, rules, decisions, result,
               hand, target, digest) -> None:
        if target is not None:
            self.problem(f"{w}: an event row with a void target")
        if not t.replaying or t.state is None:
            return
        before = t.state
        elsewhere = self._elsewhere_for(t.name) if self.bars else {}
        if elsewhere or ROOM in data or before.barred:
            try:
                # the room stamp (rules/room.py) is the one the journal's order gives
                want = room_rules.stamp(before, {k: v for k, v in data.items() if k != ROOM},
                                        elsewhere)
            except Exception:               # an unreadable row is named below, by apply
                want = data
            if want.get(ROOM) != data.get(ROOM):
                self.problem(f"{w}: its room stamp {data.get(ROOM)!r} is not the bars at "
                             f"other tables then ({want.get(ROOM)!r}, rrop-13.6)")
        try:
            applied = apply(before, data, elsewhere)
        except Refusal as exc:
            cites = f" [{', '.join(exc.cites)}]" if exc.cites else ""
            self.problem(f"{w}: the rules refuse this {type_} event now: {exc.text('en')}"
                         f"{cites} (later rows of the table are not replayed)")
            t.replaying = False
            return
        except Exception as exc:            # verify names the row; it never stops on one
            self.problem(f"{w}: the rules cannot read this {type_} event: "
                         f"{type(exc).__name__}: {exc} (later rows of the table are not "
                         "replayed)")
            t.replaying = False
            return
        t.state = applied.state
        same_rules = rules == floorkill.RULES_VERSION
        # A row written under an earlier rules version recorded what those rules decided;
        # where today's rules decide otherwise that is a changed ruling, not tampering (the
        # row itself is still held by the chain, the key and the anchor): a warning.
        differs = self.problem if same_rules else self._ruling_changed
        now = self.decisions_json(applied.decisions)
        if now != decisions:
            differs(f"{w}: the stored decision says «{decisions_text(decisions)}» but the "
                    f"rules decide «{decisions_text(now)}»")
        if result_json(applied.result) != result:
            differs(f"{w}: the stored result {result} is not the rules' "
                    f"{result_json(applied.result)}")
        if hand != applied.state.hands:
            differs(f"{w}: the stored hand count {hand} is not the rules' "
                    f"{applied.state.hands}")
        if not same_rules:
            self.old_rules += 1
        elif (payload, t.config.seats) not in self._read_as_stored:
            # the rules read a payload the same way wherever it is (parse_event: the raw
            # event and the table's seats), so each distinct one is checked once
            if canonical_json(room_rules.stored_event(applied)) != payload:
                self.problem(f"{w}: the stored payload is not the event as the rules read it")
            else:
                if len(self._read_as_stored) >= PAYLOAD_CACHE:
                    self._read_as_stored.clear()
                self._read_as_stored.add((payload, t.config.seats))
        if applied.event.type != type_:
            self.problem(f"{w}: the row type {type_!r} is not the event's "
                         f"{applied.event.type!r}")
        if digest is not None:
            self._check_digest(w, t, digest, same_rules)
        if applied.state.barred != before.barred:
            self._bars_changed(t)

    def decisions_json(self, decisions: Iterable[Decision]) -> str:
        """The rules' decisions as a writer stores them: ``canonical_json`` of their
        ``decision_to_json`` dicts, each distinct decision rendered once. A decision is
        looked up only when its seat and param values are ``str``/``int`` (not bool), so
        two decisions equal in Python are equal as JSON too."""
        cache = self._decision_json
        parts = []
        for d in decisions:
            plain = _KEYED and (d.seat is None or type(d.seat) is int)
            for _, v in d.params:
                if type(v) is not str and type(v) is not int:
                    plain = False
                    break
            key = (d.code, d.seat, d.key, d.params, d.cites)      # its fields: Decision ==
            try:
                text = cache.get(key) if plain else None
            except TypeError:               # a field the rules filled with a list
                plain = False
                text = None
            if text is None:
                text = canonical_json(decision_to_json(d))
                if plain:
                    if len(cache) >= DECISION_CACHE:
                        cache.clear()
                    cache[key] = text
            parts.append(text)
        return "[" + ",".join(parts) + "]"

    def _ruling_changed(self, text: str) -> None:
        self.warnings.append(f"{text} (written under an earlier rules version: a ruling "
                             "changed since, not a change to the row)")

    def _void(self, w: str, t: _Table, seq: int, data: dict, row: tuple) -> None:
        (_g, _t, _s, _ty, _sc, _p, rules, decisions, result, hand, _who, _at, target,
         _ph, _h, digest, _m) = row
        aim = data.get("target")
        reason = data.get("reason")
        if (target != aim or not isinstance(target, int) or isinstance(target, bool)
                or not 1 <= target < seq or target in t.voids or target in t.voided):
            self.problem(f"{w}: the void names no live event of its table ({target!r})")
            t.voids.add(seq)
            t.replaying = False
            return
        t.voids.add(seq)
        if not isinstance(reason, str) or not reason.strip():
            self.problem(f"{w}: a void without a reason")
        if decisions != "[]" or result is not None:
            self.problem(f"{w}: a void row with decisions or a result")
        t.voided.add(target)
        if not t.replaying:
            return
        for s in [s for s in t.checkpoints if s >= target]:
            del t.checkpoints[s]
        base_seq = max(t.checkpoints, default=0)
        state = t.checkpoints.get(base_seq) or initial_state(t.config, t.players)
        before = t.state
        try:
            for s, type_, payload in self.fetch_rows(t.name, base_seq, seq):
                if type_ == VOID_TYPE or type_ == CREATE_TYPE or s in t.voided or s in t.voids:
                    continue
                state = apply(state, json.loads(payload)).state
        except Refusal as exc:
            self.problem(f"{w}: voiding seq {target} leaves a later event that no longer "
                         f"applies: {exc.text('en')} (later rows of the table are not "
                         "replayed)")
            t.replaying = False
            return
        except Exception:                   # a row it reads back that the rules cannot read
            self.problem(f"{w}: a row this void refolds is unreadable (later rows of the "
                         "table are not replayed)")
            t.replaying = False
            return
        t.state = state
        if hand != state.hands:
            self.problem(f"{w}: the stored hand count {hand} is not the rules' {state.hands}")
        self._check_digest(w, t, digest, rules == floorkill.RULES_VERSION)
        if state.barred != (before.barred if before is not None else ()):
            self._bars_changed(t)

    def _check_digest(self, w: str, t: _Table, digest: str | None, same_rules: bool) -> None:
        if digest is None or not same_rules or t.state is None:
            return
        if state_digest(canonical_json(state_to_dict(t.state))) != digest:
            self.problem(f"{w}: the state digest the row records is not the state the rules "
                         "give (a forged snapshot digest, or a changed row)")

    # -- bars at other tables, exactly as the writer passes them --------------------------
    def _bars_changed(self, t: _Table) -> None:
        owed = reading.barred_of(t.state)
        if owed:
            self.bars[t.name] = owed
        else:
            self.bars.pop(t.name, None)
        self._elsewhere.clear()

    def _elsewhere_for(self, name: str) -> dict:
        if not self.bars:
            return {}
        got = self._elsewhere.get(name)
        if got is None:
            got = reading.room_bars(((n, self.bars[n]) for n in self.order if n in self.bars),
                                    exclude=name)
            self._elsewhere[name] = got
        return got

    # -- the end ------------------------------------------------------------------------
    def finish(self) -> None:
        for name in self.tables_rows:
            if name not in self.tables:
                self.problem(f"table {name!r}: no creation row in the chain")
        if self.key is not None:
            if self.rows and self.first_mac is None and self.seed_at is None:
                self.warnings.append("schema-1 journal: its rows carry no MAC (not checked)")
            elif self.rows and self.first_mac is None:
                self.problem("row gseq 1 onwards: no row carries a MAC under this key (the "
                             "chain was written or rebuilt without the key; --no-key checks "
                             "a journal that was never MAC'd)")
            elif self.unmacced_before:
                self.warnings.append(f"rows gseq 1 to {self.unmacced_before} carry no MAC "
                                     "(written before the key existed); every later row does")
        elif self.macs:
            self.warnings.append(f"{self.macs} row(s) carry a MAC, not checked: no key here "
                                 "(--key FILE)")
        if self.anchor is not None:
            a_seq, a_hash = self.anchor
            if a_seq > self.last_gseq:
                self.problem(f"row gseq {a_seq} (the anchor): the journal ends at gseq "
                             f"{self.last_gseq}: rows {self.last_gseq + 1} to {a_seq} were cut, "
                             "or the file was replaced")
            elif not any(v.startswith(a_hash) for v in self.anchor_values):
                value = self.anchor_values[-1] if self.anchor_values else "?"
                self.problem(f"row gseq {a_seq} (the anchor): the chain there is "
                             f"{value[:16]}…, the anchor says "
                             f"{a_hash[:16]}…: the journal up to gseq {a_seq} was changed, cut "
                             "or replaced")
        if self.seed_at is None:
            self.warnings.append("schema-1 journal: its meta is not in the chain and its rows "
                                 "carry no state digests (the next podium or import migrates "
                                 "it to schema 2)")
        if self.old_rules:
            self.warnings.append(f"{self.old_rules} row(s) were written under another rules "
                                 "version: their decisions are checked against today's rules, "
                                 "their payload form and state digest are not")

    def head(self) -> tuple[int, str]:
        return self.last_gseq, self.prev


def check_caches(audit: ChainAudit, snapshots: Iterator[tuple], obligations: Iterable[tuple]
                 ) -> None:
    """``snapshots``: (tbl, seq, rules, state, state_hash of its row);
    ``obligations``: (tbl, seq, barred)."""
    for tbl, seq, rules, state, digest in snapshots:
        if rules != floorkill.RULES_VERSION:
            continue
        if digest is None:
            audit.warnings.append(f"table {tbl!r}: the snapshot at seq {seq} is not in the "
                                  "chain (no reader uses it)")
        elif not isinstance(state, str) or state_digest(state) != digest:
            audit.problem(f"table {tbl!r}: the snapshot at seq {seq} differs from the state its "
                          "row records in the chain (a changed cache: readers skip it; "
                          "Journal.rebuild_caches() rewrites it)")
    for tbl, seq, barred in obligations:
        t = audit.tables.get(tbl)
        if t is None or not t.replaying or t.state is None or seq != t.last_seq:
            continue
        try:
            same = json.loads(barred) == reading.barred_of(t.state)
        except (TypeError, ValueError):
            same = False
        if not same:
            audit.problem(f"table {tbl!r}: the obligations cache differs from the table's owed "
                          "kills (Journal.rebuild_caches() rewrites it)")


# ---------------------------------------------------------------------------
# the SQLite driver

@paused_gc()
def verify_sqlite(journal_path, *, key: bytes | None = None,
                  anchor: tuple[int, str] | None = None) -> tuple[AuditResult, list[str]]:
    """(result, integrity lines) of a journal file, read-only. Raises JournalError (one line)
    when the file is no journal, or a journal this floorkill cannot read."""
    import sqlite3
    from pathlib import Path

    from floorkill.store.errors import JournalError
    from floorkill.store.readonly import open_readonly
    from floorkill.store.schema import CHAIN_COLUMNS, TRIGGERS

    path = Path(journal_path)
    if not path.exists():
        raise JournalError(f"{path}: no journal there")
    if not path.is_file():
        raise JournalError(f"{path}: not a file")
    try:
        conn, notice = open_readonly(path, 5.0, guarded=False)
    except sqlite3.DatabaseError as exc:
        raise JournalError(f"{path}: not a floorkill journal ({exc})") from None
    except sqlite3.Error as exc:
        raise JournalError(f"{path}: cannot open: {exc}") from None
    try:
        try:
            conn.execute("BEGIN")                 # one read snapshot while a writer goes on
            integrity = [r[0] for r in conn.execute("PRAGMA integrity_check")]
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"{path}: not a floorkill journal ({exc})") from None
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not {"meta", "tables", "events"} <= names:
            raise JournalError(f"{path}: not a floorkill journal (no journal tables)")
        version = reading.check_schema(path, reading.schema_version(conn))
        meta = reading.read_meta(conn)
        columns = {r[1] for r in conn.execute("PRAGMA table_info(events)")}
        v2_columns = {"state_hash", "mac"} <= columns
        tables = {name: (toml, created, who) for name, toml, created, who in
                  conn.execute("SELECT name, toml, created, who FROM tables ORDER BY rowid")}

        def fetch_rows(tbl: str, after: int, before: int):
            return conn.execute("SELECT seq, type, payload FROM events WHERE tbl = ? AND "
                                "seq > ? AND seq < ? ORDER BY seq", (tbl, after, before))

        audit = ChainAudit(meta, tables, fetch_rows, key=key, anchor=anchor)
        if notice:
            audit.warnings.append(notice)
        if integrity != ["ok"]:
            for line in integrity[:MAX_PROBLEMS]:
                audit.problem(f"integrity_check: {line}")
        triggers = {r[0] for r in conn.execute("SELECT name FROM sqlite_master "
                                               "WHERE type='trigger'")}
        expected = TRIGGERS if version >= 2 else TRIGGERS[:4]
        missing = [t for t in expected if t not in triggers]
        if missing:
            audit.warnings.append(f"append-only triggers missing: {', '.join(missing)}")
        if version == 1 and v2_columns:
            audit.problem("meta: the journal says schema 1 but its layout is schema 2 "
                          "(the meta was changed)")
        select = ", ".join(c if v2_columns or c not in ("state_hash", "mac") else "NULL"
                           for c in CHAIN_COLUMNS)
        for row in conn.execute(f"SELECT {select} FROM events ORDER BY gseq"):
            audit.feed(row)
            if audit.full:
                break
        if not audit.full:
            digest = "e.state_hash" if v2_columns else "NULL"
            check_caches(
                audit,
                conn.execute(f"SELECT s.tbl, s.seq, s.rules, s.state, {digest} FROM snapshots s "
                             "LEFT JOIN events e ON e.tbl = s.tbl AND e.seq = s.seq")
                if "snapshots" in names else iter(()),
                conn.execute("SELECT tbl, seq, barred FROM obligations").fetchall()
                if "obligations" in names else ())
        audit.finish()
    except sqlite3.Error as exc:
        raise JournalError(f"{path}: cannot read: {exc}") from None
    finally:
        conn.close()
    return AuditResult(audit.problems, audit.warnings, audit.rows, len(tables), audit.head(),
                       version, audit.macs), integrity

"""`floorkill verify`'s checks: a streaming pass over the hash chain that replays every table.

:class:`ChainAudit` is store-independent: it is fed the journal's meta, its ``tables``
rows and then every ``events`` row in ``gseq`` order (tuples in
:data:`~floorkill.store.schema.CHAIN_COLUMNS` order); ``fetch_rows(table, after, before)``
reads back a stretch of one table when a void makes it refold; the chain's own checks are
:class:`~floorkill.store.chain_pass.ChainPass`. :func:`verify_sqlite` drives it over an
SQLite file opened read-only (see :mod:`floorkill.store.readonly`).

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
  cut or replaced); every shift's seal names such a head, a row before it whose chain
  value begins with its hash (the last rows' values are kept for it: a bounded ring,
  :data:`~floorkill.store.chain_pass.HEADS`);
* the caches: a snapshot that differs from the digest in the chain, an obligations row
  that differs from the table's owed kills.

Memory: the per-table states, a checkpoint every :data:`CHECKPOINT` rows of a table and
after each of its last :data:`RECENT` rows (an undo refolds from the state before the row
it voids, not from the last checkpoint), the void targets and two bounded caches (below);
never the rows themselves.

Speed (``bench/verify_bench.py``): every row is compared byte for byte, but what the rules
give is built once per distinct value — each distinct payload decoded and read by the
rules once (:func:`floorkill.rules.engine.apply_parsed` takes it read), each distinct
decision rendered to its stored JSON once (:meth:`ChainAudit.decisions_json`), each
payload's stored form checked once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from types import MappingProxyType
from typing import Any

import floorkill
from floorkill.i18n import NPhrase, Phrase, Said, Spoken, tr
from floorkill.log import log as floorkill_log
from floorkill.rules import ConfigError, TableState, apply, initial_state
from floorkill.rules import room as room_rules
from floorkill.rules.corrections import SEAL, History
from floorkill.rules.decisions import Decision, Refusal, as_stored_by
from floorkill.rules.engine import apply_parsed
from floorkill.rules.events import parse_event
from floorkill.store import reading
from floorkill.store.chain_pass import HEADS, ChainPass, chain_select, where
from floorkill.store.schema import (
    CORRECT_TYPE,
    CREATE_TYPE,
    VOID_TYPE,
    canonical_json,
    parse_anchor,
    result_json,
    seed_point,
    state_digest,
)
from floorkill.store.session import decision_to_json
from floorkill.store.snapshot import state_to_dict
from floorkill.system_errors import sqlite_cause

MAX_PROBLEMS = 50
_NO_BARS: Mapping = MappingProxyType({})  # nobody barred at another table
ROOM = room_rules.ROOM_FIELD
CHECKPOINT = 256
RECENT = 8  # states kept after a table's last rows, for undo
DECISION_CACHE = 4096  # distinct decisions kept as their stored JSON
PAYLOAD_CACHE = 4096  # distinct payloads known to be the rules' reading
# a decision is cached by these fields: were one added, nothing would be cached
_KEYED = tuple(f.name for f in fields(Decision)) == ("code", "seat", "key", "params", "cites")

FetchRows = Callable[[str, int, int], Iterable[tuple[int, str, str]]]


def _stamp_text(stamp: Any) -> Phrase | str:
    """A room stamp in a message: its bars, or "none" (never Python's None)."""
    return Phrase("none") if stamp is None else repr(stamp)


def stamp_problem_text(got: Any, want: Any) -> Phrase:
    """The end of a stamp problem: what the row holds, and the bars it should hold."""
    return Phrase(
        "its room stamp ({got}) is not the bars at other tables then ({want}) [rrop-13.6]",
        got=_stamp_text(got),
        want=_stamp_text(want),
    )


def decisions_text(decisions_json: str) -> Phrase | str:
    """Stored decisions as one readable line: ``leg-up seat 3: Seat 3 …; …`` (each
    decision's stored English text: what the row holds, quoted as data)."""
    try:
        items = json.loads(decisions_json)
    except (TypeError, ValueError):
        return repr(decisions_json)
    if not isinstance(items, list):
        return repr(decisions_json)
    if not items:
        return Phrase("(no decision)")

    def said(lang: str) -> str:
        out = []
        for decision in items:
            if not isinstance(decision, dict):
                out.append(repr(decision))
            elif decision.get("seat") is not None:
                out.append(
                    tr(
                        "{code} seat {seat}: {text}",
                        lang,
                        code=decision.get("code"),
                        seat=decision.get("seat"),
                        text=decision.get("text"),
                    )
                )
            else:
                out.append(f"{decision.get('code')}: {decision.get('text')}")
        return "; ".join(out)

    return Spoken(said)


def decisions_said(decisions: Sequence[Decision]) -> Phrase:
    """The rules' decisions as one line, as :func:`decisions_text` writes stored ones, each
    decision's text in the language said (the English is the stored form's text)."""

    def said(lang: str) -> str:
        if not decisions:
            return Phrase("(no decision)").text(lang)
        return "; ".join(
            tr(
                "{code} seat {seat}: {text}",
                lang,
                code=decision.code,
                seat=decision.seat,
                text=decision.text(lang),
            )
            if decision.seat is not None
            else f"{decision.code}: {decision.text(lang)}"
            for decision in decisions
        )

    return Spoken(said)


def _jumps(row: Phrase, last: int, seq: object) -> Phrase:
    return Phrase(
        "{row}: the table's sequence jumps from {last} to {seq}", row=row, last=last, seq=seq
    )


def _hand_count(row: Phrase, stored: object, rules: int) -> Phrase:
    return Phrase(
        "{row}: the stored hand count {stored} is not the rules' {rules}",
        row=row,
        stored=stored,
        rules=rules,
    )


def _not_replayed(problem: Phrase) -> Phrase:
    """A problem after which the table's later rows are not replayed."""
    return Phrase("{problem} (later rows of the table are not replayed)", problem=problem)


@dataclass
class _Table:
    name: str
    config: Any = None
    players: tuple = ()
    state: TableState | None = None
    last_seq: int = -1
    voided: set[int] = field(default_factory=set)  # targets of voids so far
    voids: set[int] = field(default_factory=set)  # seqs of void rows
    checkpoints: dict[int, TableState] = field(default_factory=dict)
    replaying: bool = False  # config loaded, no replay failure
    payloads: dict = field(default_factory=dict)  # ChainAudit._payloads of its seats
    seated: tuple | None = None  # (players, elsewhere, their bars): the last stamp's
    corrected: bool = False  # a correction row seen: voids refold the whole history


@dataclass
class AuditResult:
    problems: list[str]  # each one Said: English as a str, .text(lang) in another
    warnings: list[str]
    rows: int
    tables: int
    head: tuple[int, str]
    schema: int
    macs: int


class ChainAudit:
    def __init__(
        self,
        meta: Mapping[str, str],
        tables: Mapping[str, tuple[str, str, str | None]],
        fetch_rows: FetchRows,
        *,
        key: bytes | None = None,
        anchor: tuple[int, str] | None = None,
    ) -> None:
        """``tables``: name -> (toml, created, who) as the ``tables`` rows hold them."""
        self.meta = dict(meta)
        self.tables_rows = dict(tables)
        self.fetch_rows = fetch_rows
        self.problems: list[str] = []
        self.warnings: list[str] = []
        self.seed_at = seed_point(self.meta)
        self.chain = ChainPass(self.meta, self.problem, self.warnings, key=key, anchor=anchor)
        self.tables: dict[str, _Table] = {}
        self.order: list[str] = []  # creation order (writer's rowid)
        self.bars: dict[str, list] = {}  # owed kills (barred mode) by table
        self._elsewhere: dict[str | None, dict] = {}
        self.old_rules = 0
        self._decision_json: dict[tuple, str] = {}
        # seats -> payload -> [the payload's JSON, its parsed event (None: not yet, False:
        # the rules cannot read it), its room stamp, checked as the rules' stored form]
        self._payloads: dict[int, dict[Any, list]] = {}
        self._row: tuple = ()

    # -- problems ---------------------------------------------------------------------
    def problem(self, text: Phrase | str) -> None:
        if len(self.problems) <= MAX_PROBLEMS:
            self.problems.append(Said(text) if isinstance(text, Phrase) else text)

    def warn(self, text: Phrase) -> None:
        self.warnings.append(Said(text))

    @property
    def full(self) -> bool:
        return len(self.problems) > MAX_PROBLEMS

    def _w(self) -> Phrase:
        """Where the row being checked is (built only when a problem names it)."""
        row = self._row
        return where(*row)

    @property
    def macs(self) -> int:
        return self.chain.macs

    @property
    def rows(self) -> int:
        """The rows checked (the chain pass counts every row it is fed)."""
        return self.chain.rows

    # -- the pass -----------------------------------------------------------------------
    def feed(self, row: tuple) -> None:
        """One ``events`` row (:data:`CHAIN_COLUMNS` order): its chain checks, then its
        replay."""
        self.chain.feed(row)
        (
            gseq,
            tbl,
            seq,
            type_,
            _schema,
            payload,
            rules,
            decisions,
            result,
            hand,
            who,
            at,
            target,
            _prev,
            _hash,
            digest,
            _mac,
        ) = row
        self._row = (gseq, tbl, seq)
        if type(gseq) is not int or type(seq) is not int:  # text or a float in SQLite
            self.problem(
                Phrase(
                    "{row}: its gseq or seq is not a whole number (the row was changed)",
                    row=self._w(),
                )
            )
            table = self.tables.get(tbl) if isinstance(tbl, str) else None
            if table is not None and table.replaying:
                table.replaying = False
                self.problem(
                    Phrase(
                        "{row}: later rows of table {table} are not replayed",
                        row=self._w(),
                        table=repr(tbl),
                    )
                )
            return
        table = self.tables.get(tbl)
        if table is None:
            if seq != 0:
                self.problem(_jumps(self._w(), -1, seq))
            payloads = self._payloads_of(0)
        else:
            if seq != table.last_seq + 1:
                self.problem(_jumps(self._w(), table.last_seq, seq))
            if seq > table.last_seq:
                table.last_seq = seq
            payloads = table.payloads
        # each distinct payload is decoded once (per seat count: the rules read an event
        # by its text and the table's seats alone); its text is still compared every row
        try:
            entry = payloads.get(payload)
        except TypeError:  # an unhashable value a driver gave
            entry = None
        if entry is None:
            try:
                data = json.loads(payload)  # decisions and result: compared as text below
            except (TypeError, ValueError):
                data = None
            entry = [data, None, None, False]
            if isinstance(data, dict) and isinstance(payload, str):
                if len(payloads) >= PAYLOAD_CACHE:
                    payloads.clear()
                payloads[payload] = entry
        data = entry[0]
        if not isinstance(data, dict) or data.get("type") != type_:
            said = (
                Phrase("{row}: the payload is not valid JSON", row=self._w())
                if data is None
                else Phrase(
                    "{row}: the payload type does not match the row type {type}",
                    row=self._w(),
                    type=repr(type_),
                )
            )
            if table is not None and table.replaying:
                table.replaying = False
                said = _not_replayed(said)
            self.problem(said)
            return
        if type_ == CREATE_TYPE:
            self._create(self._w(), tbl, seq, data, decisions, result, hand, who, at, target)
            return
        if table is None:
            self.problem(
                Phrase(
                    "{row}: no creation row for table {table} before it",
                    row=self._w(),
                    table=repr(tbl),
                )
            )
            return
        if seq == 0:
            self.problem(Phrase("{row}: first row of a table is not its creation", row=self._w()))
            return
        if type_ == SEAL:
            self._seal(gseq, data.get("head"))
        if type_ == VOID_TYPE and table.corrected:
            self._refold(
                self._w(), table, seq, data, rules, decisions, result, hand, target, digest
            )
        elif type_ == VOID_TYPE:
            self._void(self._w(), table, seq, data, rules, decisions, result, hand, target, digest)
        elif type_ == CORRECT_TYPE:
            table.corrected = True
            self._refold(
                self._w(), table, seq, data, rules, decisions, result, hand, target, digest
            )
        else:
            self._event(
                table, entry, type_, payload, rules, decisions, result, hand, target, digest
            )
        if table.replaying and table.state is not None:
            # the state after this row; of the rows before, only every CHECKPOINT-th and
            # the last RECENT stay (a void refolds from the latest one before its target)
            cp = table.checkpoints
            cp[seq] = table.state
            old = seq - RECENT
            if old % CHECKPOINT:
                cp.pop(old, None)

    def _seal(self, gseq: int, head: object) -> None:
        """A shift's seal names the chain head its report was made at (``HASH@SEQ``): a
        row before the seal, whose chain value begins with that hash."""
        try:
            at, hash_ = parse_anchor(head if isinstance(head, str) else "")
        except ValueError:
            self.problem(
                Phrase(
                    "{row}: the seal's head {head} is not HASH@SEQ",
                    row=self._w(),
                    head=repr(str(head)[:80]),
                )
            )
            return
        if not 1 <= at < gseq:
            self.problem(
                Phrase(
                    "{row}: the seal names row gseq {at}, not a row before it (the seal "
                    "was changed, or copied from another journal)",
                    row=self._w(),
                    at=at,
                )
            )
            return
        named = self.chain.names_head(at, hash_)
        if named is False:
            self.problem(
                Phrase(
                    "{row}: the seal names {hash}…@{at}, but the chain there is "
                    "another value (the journal up to it was changed or rebuilt, or the seal "
                    "is another journal's)",
                    row=self._w(),
                    hash=hash_[:16],
                    at=at,
                )
            )
        elif named is None and self.chain.in_order == gseq:
            self.warn(
                Phrase(
                    "{row}: the seal names row gseq {at}, {back} rows before it: "
                    "more than {heads} back, its hash is not checked (verify --head {head})",
                    row=self._w(),
                    at=at,
                    back=gseq - at,
                    heads=HEADS,
                    head=head,
                )
            )

    def _create(
        self, w: Phrase, tbl: str, seq: int, data: dict, decisions, result, hand, who, at, target
    ) -> None:
        if seq != 0 or tbl in self.tables:
            self.problem(
                Phrase("{row}: a second creation row for table {table}", row=w, table=repr(tbl))
            )
            return
        table = _Table(tbl, last_seq=0)
        self.tables[tbl] = table
        self.order.append(tbl)
        stored = self.tables_rows.get(tbl)
        if stored is None:
            self.problem(
                Phrase("{row}: no table {table} in the tables list", row=w, table=repr(tbl))
            )
        else:
            toml, created, twho = stored
            if toml != data.get("toml"):
                self.problem(
                    Phrase(
                        "{row}: the table's config differs from the one recorded when it was "
                        "created",
                        row=w,
                    )
                )
            if created != at:
                self.problem(
                    Phrase(
                        "{row}: tables.created says {listed}, the creation row {stored} "
                        "(changed after the fact)",
                        row=w,
                        listed=repr(created),
                        stored=repr(at),
                    )
                )
            if twho != who:
                self.problem(
                    Phrase(
                        "{row}: tables.who says {listed}, the creation row {stored} "
                        "(changed after the fact)",
                        row=w,
                        listed=repr(twho),
                        stored=repr(who),
                    )
                )
        if decisions != "[]" or result is not None or hand != 0 or target is not None:
            self.problem(
                Phrase("{row}: a creation row with decisions, result, hands or a target", row=w)
            )
        try:
            table.config, table.players = reading.parse_table_toml(tbl, str(data.get("toml")))
        except ConfigError as exc:
            self.problem(
                Phrase(
                    "{row}: the table's config does not load: {reason}", row=w, reason=exc.phrase
                )
            )
            return
        table.state = initial_state(table.config, table.players)
        table.payloads = self._payloads_of(table.config.seats)
        table.replaying = True

    def _payloads_of(self, seats: int) -> dict:
        got = self._payloads.get(seats)
        if got is None:
            got = self._payloads[seats] = {}
        return got

    def _event(
        self, t: _Table, entry: list, type_, payload, rules, decisions, result, hand, target, digest
    ) -> None:
        if target is not None:
            self.problem(Phrase("{row}: an event row with a void target", row=self._w()))
        if not t.replaying or t.state is None:
            return
        data = entry[0]
        before = t.state
        elsewhere = self._elsewhere_for(t.name) if self.bars else _NO_BARS
        if elsewhere or ROOM in data or before.barred:
            # the room stamp is the one the journal's order gives: what room_rules.stamp
            # writes (the bars of the seated players at other tables, where they differ
            # from the mirrors the table holds), those bars found once per seating
            try:
                memo = t.seated
                if memo is not None and memo[0] is before.players and memo[1] is elsewhere:
                    seated = memo[2]
                else:
                    seated = room_rules.seated_bars(before, elsewhere)
                    t.seated = (before.players, elsewhere, seated)
                want = (
                    None if seated == room_rules.mirrors(before) else room_rules.room_json(seated)
                )
            except Exception:  # an unreadable row is named below, by apply
                floorkill_log.debug("verify: a room stamp the rules cannot read", exc_info=True)
                want = data.get(ROOM)
            if want != data.get(ROOM):
                self.problem(
                    Phrase(
                        "{row}: {problem}",
                        row=self._w(),
                        problem=stamp_problem_text(data.get(ROOM), want),
                    )
                )
        event = entry[1]
        if event is None:  # read once: split off the stamp, parse the event
            try:
                rest, entry[2] = room_rules.split(data)
                event = entry[1] = parse_event(rest, t.config.seats)
            except Exception:  # apply below says why, naming the row
                floorkill_log.debug("verify: an event the rules cannot read", exc_info=True)
                event = entry[1] = False
        try:
            if event is False:
                applied = apply(before, data, elsewhere)
            else:
                applied = apply_parsed(before, event, entry[2], elsewhere)
        except Refusal as exc:
            cites = f" [{', '.join(exc.cites)}]" if exc.cites else ""
            self.problem(
                _not_replayed(
                    Phrase(
                        "{row}: the rules refuse this {type} event now: {reason}{cites}",
                        row=self._w(),
                        type=type_,
                        reason=Spoken(exc.text),
                        cites=cites,
                    )
                )
            )
            t.replaying = False
            return
        except Exception as exc:  # verify names the row; it never stops on one
            floorkill_log.exception("verify: the rules cannot read a %s event", type_)
            self.problem(
                _not_replayed(
                    Phrase(
                        "{row}: the rules cannot read this {type} event: {error}",
                        row=self._w(),
                        type=type_,
                        error=f"{type(exc).__name__}: {exc}",
                    )
                )
            )
            t.replaying = False
            return
        t.state = state = applied.state
        same_rules = rules in floorkill.RULES_SAME_STATE
        # A row written under an earlier rules version recorded what those rules decided;
        # where today's rules decide otherwise that is a changed ruling, not tampering (the
        # row itself is still held by the chain, the key and the anchor): a warning.
        now = self.decisions_json(applied.decisions, rules)
        if now != decisions:
            (self.problem if same_rules else self._ruling_changed)(
                Phrase(
                    "{row}: the stored decision says «{stored}» but the rules decide «{rules}»",
                    row=self._w(),
                    stored=decisions_text(decisions),
                    rules=decisions_said(applied.decisions),
                )
            )
        if result_json(applied.result) != result:
            (self.problem if same_rules else self._ruling_changed)(
                Phrase(
                    "{row}: the stored result {stored} is not the rules' {rules}",
                    row=self._w(),
                    stored=result,
                    rules=result_json(applied.result),
                )
            )
        if hand != state.hands:
            (self.problem if same_rules else self._ruling_changed)(
                _hand_count(self._w(), hand, state.hands)
            )
        if not same_rules:
            self.old_rules += 1
        elif not entry[3]:
            # the rules read a payload the same way wherever it is (parse_event: the raw
            # event and the table's seats), so each distinct one is checked once
            if canonical_json(room_rules.stored_event(applied)) != payload:
                self.problem(
                    Phrase(
                        "{row}: the stored payload is not the event as the rules read it",
                        row=self._w(),
                    )
                )
            else:
                entry[3] = True
        if applied.event.type != type_:
            self.problem(
                Phrase(
                    "{row}: the row type {stored} is not the event's {rules}",
                    row=self._w(),
                    stored=repr(type_),
                    rules=repr(applied.event.type),
                )
            )
        if digest is not None:
            self._check_digest(self._w(), t, digest, same_rules)
        if state.barred != before.barred:
            self._bars_changed(t)

    def decisions_json(
        self, decisions: Iterable[Decision], rules: str = floorkill.RULES_VERSION
    ) -> str:
        """The rules' decisions as a writer of rules version ``rules`` stored them:
        ``canonical_json`` of their ``decision_to_json`` dicts in that version's form
        (:func:`~floorkill.rules.decisions.as_stored_by`), each distinct decision rendered
        once for each version. A decision is looked up only when its seat and param values
        are ``str``/``int`` (not bool), so two decisions equal in Python are equal as JSON
        too."""
        cache = self._decision_json
        parts = []
        for decision in decisions:
            plain = _KEYED and (decision.seat is None or type(decision.seat) is int)
            for _, value in decision.params:
                if type(value) is not str and type(value) is not int:
                    plain = False
                    break
            key = (
                rules,
                decision.code,
                decision.seat,
                decision.key,
                decision.params,
                decision.cites,
            )  # the version and the decision's fields: Decision ==
            try:
                text = cache.get(key) if plain else None
            except TypeError:  # a field the rules filled with a list
                plain = False
                text = None
            if text is None:
                text = canonical_json(decision_to_json(as_stored_by((decision,), rules)[0]))
                if plain:
                    if len(cache) >= DECISION_CACHE:
                        cache.clear()
                    cache[key] = text
            parts.append(text)
        return "[" + ",".join(parts) + "]"

    def _ruling_changed(self, text: Phrase) -> None:
        self.warn(
            Phrase(
                "{problem} (written under an earlier rules version: a ruling changed since, "
                "not a change to the row)",
                problem=text,
            )
        )

    def _void(
        self,
        w: Phrase,
        t: _Table,
        seq: int,
        data: dict,
        rules,
        decisions,
        result,
        hand,
        target,
        digest,
    ) -> None:
        aim = data.get("target")
        reason = data.get("reason")
        if (
            target != aim
            or not isinstance(target, int)
            or isinstance(target, bool)
            or not 1 <= target < seq
            or target in t.voids
            or target in t.voided
        ):
            self.problem(
                Phrase(
                    "{row}: the void names no live event of its table ({target})",
                    row=w,
                    target=repr(target),
                )
            )
            t.voids.add(seq)
            t.replaying = False
            return
        t.voids.add(seq)
        if not isinstance(reason, str) or not reason.strip():
            self.problem(Phrase("{row}: a void without a reason", row=w))
        if decisions != "[]" or result is not None:
            self.problem(Phrase("{row}: a void row with decisions or a result", row=w))
        t.voided.add(target)
        if not t.replaying:
            return
        for checkpoint in [at for at in t.checkpoints if at >= target]:
            del t.checkpoints[checkpoint]
        base_seq = max(t.checkpoints, default=0)
        state = t.checkpoints.get(base_seq) or initial_state(t.config, t.players)
        before = t.state
        try:
            for row_seq, type_, payload in self.fetch_rows(t.name, base_seq, seq):
                if (
                    type_ == VOID_TYPE
                    or type_ == CREATE_TYPE
                    or row_seq in t.voided
                    or row_seq in t.voids
                ):
                    continue
                state = apply(state, json.loads(payload)).state
        except Refusal as exc:
            self.problem(
                _not_replayed(
                    Phrase(
                        "{row}: voiding seq {target} leaves a later event that no longer "
                        "applies: {reason}",
                        row=w,
                        target=target,
                        reason=Spoken(exc.text),
                    )
                )
            )
            t.replaying = False
            return
        except Exception:  # a row it reads back that the rules cannot read
            floorkill_log.exception("verify: a row a void refolds is unreadable")
            self.problem(
                _not_replayed(Phrase("{row}: a row this void refolds is unreadable", row=w))
            )
            t.replaying = False
            return
        t.state = state
        if hand != state.hands:
            self.problem(_hand_count(w, hand, state.hands))
        self._check_digest(w, t, digest, rules in floorkill.RULES_SAME_STATE)
        if state.barred != (before.barred if before is not None else ()):
            self._bars_changed(t)

    def _refold(
        self,
        w: Phrase,
        t: _Table,
        seq: int,
        data: dict,
        rules,
        decisions,
        result,
        hand,
        target,
        digest,
    ) -> None:
        """A correction (or a void at a table with one): the table's records refolded as
        :class:`floorkill.rules.corrections.History` reads them, the row's own decisions
        (what the correction changes), hand count and digest checked against the rules'."""
        is_void = data.get("type") == VOID_TYPE
        if is_void:
            aim = data.get("target")
            if target != aim or not isinstance(target, int) or not 1 <= target < seq:
                self.problem(
                    Phrase(
                        "{row}: the void names no live event of its table ({target})",
                        row=w,
                        target=repr(target),
                    )
                )
                t.replaying = False
                return
            t.voids.add(seq)
            t.voided.add(target)
            if decisions != "[]" or result is not None:
                self.problem(Phrase("{row}: a void row with decisions or a result", row=w))
        elif target is not None or result is not None:
            self.problem(Phrase("{row}: a correction row with a void target or a result", row=w))
        if not t.replaying:
            return
        before = t.state
        try:
            records = [
                json.loads(payload)
                for row_seq, type_, payload in self.fetch_rows(t.name, 0, seq)
                if type_ != CREATE_TYPE and row_seq > 0
            ]
            history = History(t.config, t.players, records, strict=True)
            out = history.add(data)
        except Refusal as exc:
            said = (
                Phrase(
                    "{row}: the void does not apply to the table's records: {reason}",
                    row=w,
                    reason=Spoken(exc.text),
                )
                if is_void
                else Phrase(
                    "{row}: the correction does not apply to the table's records: {reason}",
                    row=w,
                    reason=Spoken(exc.text),
                )
            )
            self.problem(_not_replayed(said))
            t.replaying = False
            return
        except Exception:  # a row it reads back that the rules cannot read
            floorkill_log.exception("verify: a row a record refolds is unreadable")
            self.problem(
                _not_replayed(Phrase("{row}: a row this record refolds is unreadable", row=w))
            )
            t.replaying = False
            return
        t.state = history.state
        t.checkpoints.clear()
        if not is_void and self.decisions_json(out.decisions, rules) != decisions:
            if rules in floorkill.RULES_SAME_STATE:
                self.problem(
                    Phrase(
                        "{row}: the correction's stored rulings are not what the rules say", row=w
                    )
                )
            else:
                self._ruling_changed(Phrase("{row}: the correction's rulings", row=w))
        if hand != t.state.hands:
            self.problem(_hand_count(w, hand, t.state.hands))
        self._check_digest(w, t, digest, rules in floorkill.RULES_SAME_STATE)
        if t.state.barred != (before.barred if before is not None else ()):
            self._bars_changed(t)

    def _check_digest(self, w: Phrase, t: _Table, digest: str | None, same_rules: bool) -> None:
        if digest is None or not same_rules or t.state is None:
            return
        if state_digest(canonical_json(state_to_dict(t.state))) != digest:
            self.problem(
                Phrase(
                    "{row}: the state digest the row records is not the state the rules "
                    "give (a forged snapshot digest, or a changed row)",
                    row=w,
                )
            )

    # -- bars at other tables, exactly as the writer passes them --------------------------
    def _bars_changed(self, t: _Table) -> None:
        owed = reading.barred_of(t.state) if t.state is not None else []
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
            got = reading.room_bars(
                ((other, self.bars[other]) for other in self.order if other in self.bars),
                exclude=name,
            )
            self._elsewhere[name] = got
        return got

    # -- the end ------------------------------------------------------------------------
    def check_created(self) -> None:
        """Every table of the ``tables`` list was created in the chain."""
        for name in self.tables_rows:
            if name not in self.tables:
                self.problem(
                    Phrase("table {table}: no creation row in the chain", table=repr(name))
                )

    def finish(self) -> None:
        """After the last row."""
        self.check_created()
        self.chain.finish()
        if self.seed_at is None:
            self.warn(
                Phrase(
                    "schema-1 journal: its meta is not in the chain and its rows "
                    "carry no state digests (the next podium or import migrates "
                    "it to schema 2)"
                )
            )
        if self.old_rules:
            self.warn(
                NPhrase(
                    "{n} row was written under another rules version: its decisions are "
                    "checked against today's rules, its payload form and state digest "
                    "are not",
                    "{n} rows were written under another rules version: their decisions "
                    "are checked against today's rules, their payload form and state "
                    "digest are not",
                    self.old_rules,
                )
            )

    def head(self) -> tuple[int, str]:
        return self.chain.head()


def check_caches(
    audit: ChainAudit, snapshots: Iterator[tuple], obligations: Iterable[tuple]
) -> None:
    """``snapshots``: (tbl, seq, rules, state, state_hash of its row);
    ``obligations``: (tbl, seq, barred)."""
    for tbl, seq, rules, state, digest in snapshots:
        if rules not in floorkill.RULES_SAME_STATE:
            continue
        if digest is None:
            audit.warn(
                Phrase(
                    "table {table}: the snapshot at seq {seq} is not in the chain (no reader "
                    "uses it)",
                    table=repr(tbl),
                    seq=seq,
                )
            )
        elif not isinstance(state, str) or state_digest(state) != digest:
            audit.problem(
                Phrase(
                    "table {table}: the snapshot at seq {seq} differs from the state its "
                    "row records in the chain (a changed cache: readers skip it; "
                    "Journal.rebuild_caches() rewrites it)",
                    table=repr(tbl),
                    seq=seq,
                )
            )
    for tbl, seq, barred in obligations:
        table = audit.tables.get(tbl)
        if table is None or not table.replaying or table.state is None or seq != table.last_seq:
            continue
        try:
            same = json.loads(barred) == reading.barred_of(table.state)
        except (TypeError, ValueError):
            same = False
        if not same:
            audit.problem(
                Phrase(
                    "table {table}: the obligations cache differs from the table's owed "
                    "kills (Journal.rebuild_caches() rewrites it)",
                    table=repr(tbl),
                )
            )


# ---------------------------------------------------------------------------
# the SQLite driver


def _not_a_journal(path: object, exc: Exception) -> Exception:
    from floorkill.store.errors import JournalError

    return JournalError(
        Phrase("{path}: not a floorkill journal ({error})", path=str(path), error=sqlite_cause(exc))
    )


def verify_sqlite(
    journal_path: str | Path, *, key: bytes | None = None, anchor: tuple[int, str] | None = None
) -> tuple[AuditResult, list[str]]:
    """(result, integrity lines) of a journal file, read-only, in one pass over its rows
    in ``gseq`` order. Raises JournalError (one line) when the file is no journal, or a
    journal this floorkill cannot read."""
    import sqlite3

    from floorkill.store.errors import JournalError
    from floorkill.store.readonly import open_readonly
    from floorkill.store.schema import TRIGGERS

    path = Path(journal_path)
    if not path.exists():
        raise JournalError(Phrase("{journal}: no journal there", journal=str(path)))
    if not path.is_file():
        raise JournalError(Phrase("{path}: not a file", path=str(path)))
    try:
        conn, notice = open_readonly(path, 5.0, guarded=False)
    except sqlite3.DatabaseError as exc:
        raise _not_a_journal(path, exc) from None
    except sqlite3.Error as exc:
        raise JournalError(
            Phrase("{name}: cannot open ({error})", name=str(path), error=sqlite_cause(exc))
        ) from None
    try:
        try:
            conn.execute("BEGIN")  # one read snapshot while a writer goes on
            names = {
                found[0]
                for found in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
        except sqlite3.DatabaseError as exc:
            raise _not_a_journal(path, exc) from None
        if not {"meta", "tables", "events"} <= names:
            raise JournalError(
                Phrase("{path}: not a floorkill journal (no journal tables)", path=str(path))
            )
        version = reading.check_schema(path, reading.schema_version(conn))
        meta = reading.read_meta(conn)
        columns = {found[1] for found in conn.execute("PRAGMA table_info(events)")}
        v2_columns = {"state_hash", "mac"} <= columns
        tables = {
            name: (toml, created, who)
            for name, toml, created, who in conn.execute(
                "SELECT name, toml, created, who FROM tables ORDER BY rowid"
            )
        }
        try:
            integrity = [found[0] for found in conn.execute("PRAGMA integrity_check")]
        except sqlite3.DatabaseError as exc:
            raise _not_a_journal(path, exc) from None

        def fetch_rows(tbl: str, after: int, before: int):
            return conn.execute(
                "SELECT seq, type, payload FROM events WHERE tbl = ? AND "
                "seq > ? AND seq < ? ORDER BY seq",
                (tbl, after, before),
            )

        audit = ChainAudit(meta, tables, fetch_rows, key=key, anchor=anchor)
        if notice:
            audit.warnings.append(notice)
        if integrity != ["ok"]:
            for line in integrity[:MAX_PROBLEMS]:
                audit.problem(Phrase("integrity_check: {line}", line=line))
        triggers = {
            found[0]
            for found in conn.execute("SELECT name FROM sqlite_master WHERE type='trigger'")
        }
        expected = TRIGGERS if version >= 2 else TRIGGERS[:4]
        missing = [trigger for trigger in expected if trigger not in triggers]
        if missing:
            audit.warn(
                Phrase("append-only triggers missing: {triggers}", triggers=", ".join(missing))
            )
        if version == 1 and v2_columns:
            audit.problem(
                Phrase(
                    "meta: the journal says schema 1 but its layout is schema 2 (the meta was "
                    "changed)"
                )
            )
        problems = audit.problems
        feed = audit.feed
        for row in conn.execute(f"SELECT {chain_select(v2_columns)} FROM events ORDER BY gseq"):
            feed(row)
            if len(problems) > MAX_PROBLEMS:
                break
        if not audit.full:
            digest = "e.state_hash" if v2_columns else "NULL"
            check_caches(
                audit,
                conn.execute(
                    f"SELECT s.tbl, s.seq, s.rules, s.state, {digest} FROM snapshots s "
                    "LEFT JOIN events e ON e.tbl = s.tbl AND e.seq = s.seq"
                )
                if "snapshots" in names
                else iter(()),
                conn.execute("SELECT tbl, seq, barred FROM obligations").fetchall()
                if "obligations" in names
                else (),
            )
        audit.finish()
    except sqlite3.Error as exc:
        raise JournalError(
            Phrase("{path}: cannot read: {error}", path=str(path), error=sqlite_cause(exc))
        ) from None
    finally:
        conn.close()
    return AuditResult(
        audit.problems,
        audit.warnings,
        audit.rows,
        len(tables),
        audit.head(),
        version,
        audit.macs,
    ), integrity

"""The journal's SQLite schema, canonical JSON and the hash chain (pure functions).

One file holds many tables. ``tables`` has one row per table (its name, the TOML text
of its config and initial players, when and by whom it was created). ``events`` is the
append-only journal of every table: a global sequence ``gseq`` (the order of the hash
chain), the table, a per-table sequence ``seq`` (0 is the table's creation row, whose
payload carries the TOML text, so the chain covers the config too; 1.. are events and
voids), the event type, the event schema version, the canonical payload, the rules
version, the decisions the model made, the hand result, the hand count after the row,
who entered it, the UTC time, the void target (void rows only), the digest of the table
state after the row (``state_hash``, on the rows that have a snapshot), ``prev_hash`` /
``hash`` and an optional keyed ``mac``:
``hash = sha256(prev_hash + "\n" + canonical JSON of the row's content)``.

``meta`` (schema version, creation time, journal id) is in the chain too: the first row
after the *seed point* (gseq 0 for a journal made at schema 2; the last schema-1 row for
a migrated one) chains from ``chain_seed(hash at that point, meta)``, so one changed meta
value breaks that link. ``tables.created`` / ``tables.who`` must equal the ``at`` / ``who``
of the table's creation row (a hashed row).

Triggers forbid UPDATE and DELETE on ``events``, ``tables`` and ``meta``. ``snapshots``
and ``obligations`` are caches: a snapshot is used only when its digest equals the
``state_hash`` its row carries in the chain.

Nothing here touches SQLite: the chain, seeds, anchors and MACs are pure functions any
store (SQLite, PostgreSQL) computes the same way.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from collections.abc import Mapping
from json.encoder import encode_basestring
from typing import Any, NamedTuple

from floorkill.i18n import N_, PhraseError
from floorkill.rules.built_once import BuiltOnce

SCHEMA_VERSION = 2  # the database layout (meta 'schema')
OLDEST_SCHEMA = 1  # the oldest layout still read (and migrated by a writer)
EVENT_SCHEMA = 1  # the shape of stored payloads (events.schema)
GENESIS = "0" * 64  # prev_hash of the first row of a schema-1 chain
CREATE_TYPE = "create"  # type of a table's seq-0 row
VOID_TYPE = "void"
CORRECT_TYPE = "correct"  # a correction (rules/corrections.py): the fold reads every record

DDL = """
CREATE TABLE IF NOT EXISTS meta(
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tables(
    name     TEXT PRIMARY KEY,
    name_key TEXT NOT NULL UNIQUE,
    toml     TEXT NOT NULL,
    created  TEXT NOT NULL,
    who      TEXT
);
CREATE TABLE IF NOT EXISTS events(
    gseq       INTEGER PRIMARY KEY,
    tbl        TEXT NOT NULL REFERENCES tables(name),
    seq        INTEGER NOT NULL CHECK (seq >= 0),
    type       TEXT NOT NULL,
    schema     INTEGER NOT NULL,
    payload    TEXT NOT NULL,
    rules      TEXT NOT NULL,
    decisions  TEXT NOT NULL,
    result     TEXT,
    hand       INTEGER NOT NULL,
    who        TEXT,
    at         TEXT NOT NULL,
    target     INTEGER,
    prev_hash  TEXT NOT NULL,
    hash       TEXT NOT NULL,
    state_hash TEXT,
    mac        TEXT,
    UNIQUE (tbl, seq)
);
CREATE INDEX IF NOT EXISTS events_void ON events(tbl, target) WHERE target IS NOT NULL;
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'journal events are append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'journal events are append-only'); END;
CREATE TRIGGER IF NOT EXISTS tables_no_update BEFORE UPDATE ON tables
BEGIN SELECT RAISE(ABORT, 'journal tables are append-only'); END;
CREATE TRIGGER IF NOT EXISTS tables_no_delete BEFORE DELETE ON tables
BEGIN SELECT RAISE(ABORT, 'journal tables are append-only'); END;
CREATE TABLE IF NOT EXISTS snapshots(
    tbl   TEXT NOT NULL,
    seq   INTEGER NOT NULL,
    rules TEXT NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (tbl, seq)
);
CREATE TABLE IF NOT EXISTS obligations(
    tbl    TEXT PRIMARY KEY,
    seq    INTEGER NOT NULL,
    barred TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS obligations_barring ON obligations(tbl) WHERE barred != '[]';
"""

META_TRIGGERS_DDL = """
CREATE TRIGGER IF NOT EXISTS meta_no_update BEFORE UPDATE ON meta
BEGIN SELECT RAISE(ABORT, 'journal meta is fixed at creation'); END;
CREATE TRIGGER IF NOT EXISTS meta_no_delete BEFORE DELETE ON meta
BEGIN SELECT RAISE(ABORT, 'journal meta is fixed at creation'); END;
"""

# Schema 1 -> 2, in one write transaction: the two new columns, the meta that seeds the
# chain from the last schema-1 row on (set by the caller), the meta triggers. Schema-1
# snapshots carry no digest in the chain, so readers never use them: they are dropped.
MIGRATE_1_TO_2 = """
ALTER TABLE events ADD COLUMN state_hash TEXT;
ALTER TABLE events ADD COLUMN mac TEXT;
DELETE FROM snapshots;
CREATE INDEX IF NOT EXISTS obligations_barring ON obligations(tbl) WHERE barred != '[]';
"""

TRIGGERS = (
    "events_no_update",
    "events_no_delete",
    "tables_no_update",
    "tables_no_delete",
    "meta_no_update",
    "meta_no_delete",
)

EVENT_COLUMNS = (
    "gseq",
    "tbl",
    "seq",
    "type",
    "schema",
    "payload",
    "rules",
    "decisions",
    "result",
    "hand",
    "who",
    "at",
    "target",
    "prev_hash",
    "hash",
    "state_hash",
    "mac",
)
INSERT_EVENT = (
    f"INSERT INTO events({', '.join(EVENT_COLUMNS)}) VALUES ({', '.join('?' * len(EVENT_COLUMNS))})"
)
# The columns a chain check is fed, in this order (row_content says which are hashed).
CHAIN_COLUMNS = EVENT_COLUMNS


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
_string = encode_basestring  # a str as JSON, as ensure_ascii=False writes it

# The texts that repeat row after row (payload, decisions, result, rules, table, type,
# who) are escaped once each and kept, a bounded set: verify's budget (bench/verify_bench.py)
QUOTED_KEPT = 4096
_quoted: dict[str, str] = {}
_quoted_get = _quoted.get


def _quote(text: str) -> str:
    """``_string(text)``, kept for the next row that holds the same text."""
    if len(_quoted) >= QUOTED_KEPT:
        _quoted.clear()
    quoted = _quoted[text] = _string(text)
    return quoted


def _one_encoder():
    """The C encoder ``_CANONICAL.encode`` builds on every call, built once (no circular
    check: a canonical value comes from JSON or the rules, never holds itself); None when
    this Python has none or it does not write exactly what ``_CANONICAL`` writes."""
    try:
        from json.encoder import c_make_encoder  # type: ignore[attr-defined]  # the C encoder

        enc = c_make_encoder(None, _CANONICAL.default, _string, None, ":", ",", True, False, True)
        sample = {"b": [1, -2.5, None, True, 'é"\n'], "a": {"z": {}, "y": []}}
        if "".join(enc(sample, 0)) != _CANONICAL.encode(sample):
            return None
        return enc
    except Exception:  # noqa: BLE001 - no C encoder: the plain path
        return None


_C_ENCODER = _one_encoder()


def canonical_json(value: Any) -> str:
    """Sorted keys, no spaces, UTF-8 text: the same value always gives the same string
    (``json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)``,
    less the encoder it builds on every call)."""
    if _C_ENCODER is not None and (type(value) is dict or type(value) is list):
        return "".join(_C_ENCODER(value, 0))
    return _CANONICAL.encode(value)


def _write_plain_result(high: tuple[int, ...], low: tuple[int, ...], scoop: int | None) -> str:
    """A result of whole seat numbers as canonical JSON (the same text, written faster)."""
    return (
        f'{{"high":[{",".join(map(str, high))}],"low":[{",".join(map(str, low))}],'
        f'"scoop":{"null" if scoop is None else scoop}}}'
    )


_plain_result: BuiltOnce[str] = BuiltOnce(_write_plain_result, QUOTED_KEPT)


def result_json(result) -> str | None:
    """The stored form of a hand result ``(high, low, scoop)``: its canonical JSON."""
    if result is None:
        return None
    high, low, scoop = result
    plain = scoop is None or type(scoop) is int
    if plain:  # (loops: verify and every writer run this)
        for seat in high:
            if type(seat) is not int:
                plain = False
                break
        else:
            for seat in low:
                if type(seat) is not int:
                    plain = False
                    break
    if plain and type(high) is tuple and type(low) is tuple:
        # whole seat numbers only, so results equal as tuples are equal as JSON: each
        # distinct one written once and kept (verify's budget)
        return _plain_result(high, low, scoop)
    return canonical_json({"high": list(high), "low": list(low), "scoop": scoop})


def row_content(
    gseq: int,
    tbl: str,
    seq: int,
    type_: str,
    schema: int,
    payload: str,
    rules: str,
    decisions: str,
    result: str | None,
    hand: int,
    who: str | None,
    at: str,
    target: int | None,
    state_hash: str | None = None,
) -> str:
    """The canonical JSON of a row's own content (stored text columns taken byte for byte).
    ``state_hash`` is part of it when the row carries one (schema-1 rows never do, so their
    hashes are unchanged)."""
    if (
        type(gseq) is int
        and type(seq) is int
        and type(schema) is int
        and type(hand) is int
        and (target is None or type(target) is int)
        and type(tbl) is str
        and type(type_) is str
        and type(payload) is str
        and type(rules) is str
        and type(decisions) is str
        and (result is None or type(result) is str)
        and (who is None or type(who) is str)
        and type(at) is str
        and (state_hash is None or type(state_hash) is str)
    ):
        # the same text as the dict below, written out in its sorted key order (what a
        # writer drafts and verify recomputes for every row: a fifth of the cost); the
        # time and the digest differ on every row, the other texts repeat (_quote)
        q = _quoted_get
        digest = "" if state_hash is None else f'"state_hash":{_string(state_hash)},'
        return (
            f'{{"at":{_string(at)},"decisions":{q(decisions) or _quote(decisions)},'
            f'"gseq":{gseq},"hand":{hand},"payload":{q(payload) or _quote(payload)},'
            f'"result":{"null" if result is None else q(result) or _quote(result)},'
            f'"rules":{q(rules) or _quote(rules)},"schema":{schema},"seq":{seq},{digest}'
            f'"table":{q(tbl) or _quote(tbl)},"target":{"null" if target is None else target},'
            f'"type":{q(type_) or _quote(type_)},'
            f'"who":{"null" if who is None else q(who) or _quote(who)}}}'
        )
    content = {
        "gseq": gseq,
        "table": tbl,
        "seq": seq,
        "type": type_,
        "schema": schema,
        "payload": payload,
        "rules": rules,
        "decisions": decisions,
        "result": result,
        "hand": hand,
        "who": who,
        "at": at,
        "target": target,
    }
    if state_hash is not None:
        content["state_hash"] = state_hash
    return canonical_json(content)


def row_hash(prev_hash: str, content: str) -> str:
    return hashlib.sha256((prev_hash + "\n" + content).encode("utf-8")).hexdigest()


def state_digest(state_json: str) -> str:
    """The digest a row keeps of the state after it (the snapshot's canonical JSON)."""
    return hashlib.sha256(state_json.encode("utf-8")).hexdigest()


def chain_seed(prev_hash: str, meta: Mapping[str, str]) -> str:
    """The chain value after the seed point: the hash there mixed with every meta value."""
    return hashlib.sha256(
        (prev_hash + "\nmeta\n" + canonical_json(dict(meta))).encode("utf-8")
    ).hexdigest()


def seed_point(meta: Mapping[str, str]) -> int | None:
    """The gseq after which the meta is mixed into the chain (None for schema 1)."""
    if str(meta.get("schema")) == "1":
        return None
    try:
        return int(meta.get("migrated_at", 0))
    except (TypeError, ValueError):
        return 0


def row_mac(key: bytes, journal_id: str, gseq: int, hash_: str) -> str:
    """HMAC-SHA256 of a row's hash (which chains every row before it) under the user's key."""
    msg = f"floorkill-journal-mac\n{journal_id}\n{gseq}\n{hash_}".encode()
    return hmac.new(key, msg, hashlib.sha256).hexdigest()


class RowDraft(NamedTuple):
    """A row with everything but its place in the chain: ``finish_row`` adds the gseq, the
    time, ``prev_hash`` / ``hash`` (and a MAC). Drafted before the chain head is locked, so
    a writer holds the head only to splice and hash (``content`` is the row's canonical
    JSON around the two values: ``{"at":`` AT ``content[0]`` GSEQ ``content[1]``)."""

    tbl: str
    seq: int
    type: str
    schema: int
    payload: str
    rules: str
    decisions: str
    result: str | None
    hand: int
    who: str | None
    target: int | None
    state_hash: str | None
    content: tuple[str, str]


_AT_HEAD = '{"at":""'  # "at" sorts first among a row's keys


def draft_row(
    tbl: str,
    seq: int,
    type_: str,
    payload: str,
    rules: str,
    decisions: str,
    result: str | None,
    hand: int,
    who: str | None,
    target: int | None,
    schema: int = EVENT_SCHEMA,
    state_hash: str | None = None,
) -> RowDraft:
    """A row's content split around its ``at`` and ``gseq`` (see :class:`RowDraft`)."""
    full = row_content(
        0,
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
        "",
        target,
        state_hash,
    )
    # only the "decisions" string value stands between the two keys, and a JSON string
    # value never holds an unescaped quote: the first ',"gseq":0,' is the key
    rest = full[len(_AT_HEAD) :]
    cut = rest.index(',"gseq":0,')
    return RowDraft(
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
        target,
        state_hash,
        (rest[:cut] + ',"gseq":', rest[cut + 9 :]),
    )


def finish_row(
    draft: RowDraft,
    prev_hash: str,
    gseq: int,
    at: str,
    mac_key: bytes | None = None,
    journal_id: str = "",
) -> tuple:
    """The full ``events`` row (EVENT_COLUMNS order) of a draft at ``gseq`` after
    ``prev_hash``: hash = sha256(prev_hash + "\n" + row_content(...)), byte for byte."""
    mid, tail = draft.content
    content = '{"at":' + canonical_json(at) + mid + str(gseq) + tail
    digest = row_hash(prev_hash, content)
    mac = None if mac_key is None else row_mac(mac_key, journal_id, gseq, digest)
    return (
        gseq,
        draft.tbl,
        draft.seq,
        draft.type,
        draft.schema,
        draft.payload,
        draft.rules,
        draft.decisions,
        draft.result,
        draft.hand,
        draft.who,
        at,
        draft.target,
        prev_hash,
        digest,
        draft.state_hash,
        mac,
    )


_ANCHOR = re.compile(r"^\s*([0-9a-fA-F]{16,64})@(\d+)\s*$")


def format_anchor(gseq: int, hash_: str) -> str:
    return f"{hash_}@{gseq}"


def parse_anchor(text: str) -> tuple[int, str]:
    """``HASH@SEQ`` -> (seq, lowercase hash or its first 16+ hex digits); ValueError."""
    match = _ANCHOR.match(text or "")
    if match is None:
        raise PhraseError(
            N_(
                "{text} is not HASH@SEQ (the hash: 16 to 64 hex digits, as `floorkill head` "
                "prints it)"
            ),
            text=repr(text),
        )
    return int(match.group(2)), match.group(1).lower()

"""The chain's texts are exactly their definition however they are built: ``canonical_json``
is ``json.dumps`` with sorted keys and no spaces, ``result_json`` the canonical JSON of a
result, and ``row_content`` (written out field by field for the usual column types) the
canonical JSON of the row's dict, for every value a tampered row can hold (a bool or a
float where an int belongs, bytes, odd text)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from floorkill.store.schema import canonical_json, result_json, row_content

text = st.one_of(st.text(max_size=30),
                 st.sampled_from(['"', "\\", "\x00\x1f\x7f", "é€𝄞", "\ud800", "\u2028", ""]))
# what a column can hold after tampering: SQLite gives back int, float, str, bytes or None
anything = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20),
                     st.floats(allow_nan=True), text, st.binary(max_size=4))
integer = st.one_of(st.integers(-10**20, 10**20), anything)
maybe_text = st.one_of(st.none(), text, anything)


def defined(gseq, tbl, seq, type_, schema, payload, rules, decisions, result, hand, who, at,
            target, state_hash):
    content = {"gseq": gseq, "table": tbl, "seq": seq, "type": type_, "schema": schema,
               "payload": payload, "rules": rules, "decisions": decisions, "result": result,
               "hand": hand, "who": who, "at": at, "target": target}
    if state_hash is not None:
        content["state_hash"] = state_hash
    return json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@settings(max_examples=400, deadline=None)
@given(gseq=integer, tbl=text, seq=integer, type_=text, schema=integer, payload=text,
       rules=text, decisions=text, result=maybe_text, hand=integer, who=maybe_text, at=text,
       target=st.one_of(st.none(), integer), state_hash=maybe_text,
       odd=st.sampled_from([None, "tbl", "payload", "at", "decisions"]), value=anything)
def test_row_content_is_the_canonical_json_of_the_row(gseq, tbl, seq, type_, schema, payload,
                                                      rules, decisions, result, hand, who,
                                                      at, target, state_hash, odd, value):
    args = dict(gseq=gseq, tbl=tbl, seq=seq, type_=type_, schema=schema, payload=payload,
                rules=rules, decisions=decisions, result=result, hand=hand, who=who, at=at,
                target=target, state_hash=state_hash)
    if odd is not None:
        args[odd] = value                   # a text column holding something else
    try:
        want = defined(**args)
    except (TypeError, ValueError) as exc:
        want = type(exc)
    try:
        got = row_content(**args)
    except (TypeError, ValueError) as exc:
        got = type(exc)
    assert got == want


@settings(max_examples=300, deadline=None)
@given(st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), text),
                    lambda inner: st.one_of(st.lists(inner, max_size=4),
                                            st.dictionaries(text, inner, max_size=4)),
                    max_leaves=12))
def test_canonical_json_is_json_dumps_sorted_without_spaces(value):
    assert canonical_json(value) == json.dumps(value, sort_keys=True, separators=(",", ":"),
                                               ensure_ascii=False)


seat_like = st.one_of(st.integers(-5, 20), st.booleans(), st.floats(-5, 20))


@settings(max_examples=300, deadline=None)
@given(high=st.lists(seat_like, max_size=3), low=st.lists(seat_like, max_size=3),
       scoop=st.one_of(st.none(), seat_like))
def test_result_json_is_the_canonical_json_of_the_result(high, low, scoop):
    assert result_json((tuple(high), tuple(low), scoop)) == canonical_json(
        {"high": high, "low": low, "scoop": scoop})

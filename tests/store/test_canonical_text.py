"""The chain's texts are exactly their definition however they are built: ``canonical_json``
is ``json.dumps`` with sorted keys and no spaces, ``result_json`` the canonical JSON of a
result, and ``row_content`` (written out field by field for the usual column types) the
canonical JSON of the row's dict, for every value a tampered row can hold (a bool or a
float where an int belongs, bytes, odd text)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from floorkill.rules.decisions import Decision
from floorkill.store.audit import ChainAudit
from floorkill.store.schema import canonical_json, result_json, row_content
from floorkill.store.session import decision_to_json

text = st.one_of(
    st.text(max_size=30),
    st.sampled_from(['"', "\\", "\x00\x1f\x7f", "é€𝄞", "\ud800", "\u2028", ""]),
)
# what a column can hold after tampering: SQLite gives back int, float, str, bytes or None
anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=True),
    text,
    st.binary(max_size=4),
)
integer = st.one_of(st.integers(-(10**20), 10**20), anything)
maybe_text = st.one_of(st.none(), text, anything)


def defined(
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
):
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
    return json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@settings(max_examples=100, deadline=None)
@given(
    gseq=integer,
    tbl=text,
    seq=integer,
    type_=text,
    schema=integer,
    payload=text,
    rules=text,
    decisions=text,
    result=maybe_text,
    hand=integer,
    who=maybe_text,
    at=text,
    target=st.one_of(st.none(), integer),
    state_hash=maybe_text,
    odd=st.sampled_from([None, "tbl", "payload", "at", "decisions"]),
    value=anything,
)
def test_row_content_is_the_canonical_json_of_the_row(
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
    odd,
    value,
):
    args = dict(
        gseq=gseq,
        tbl=tbl,
        seq=seq,
        type_=type_,
        schema=schema,
        payload=payload,
        rules=rules,
        decisions=decisions,
        result=result,
        hand=hand,
        who=who,
        at=at,
        target=target,
        state_hash=state_hash,
    )
    if odd is not None:
        args[odd] = value  # a text column holding something else
    try:
        want = defined(**args)
    except (TypeError, ValueError) as exc:
        want = type(exc)
    try:
        got = row_content(**args)
    except (TypeError, ValueError) as exc:
        got = type(exc)
    assert got == want


def test_row_content_is_the_definition_for_texts_seen_before_and_after_the_kept_ones_go(
    monkeypatch,
):
    """The texts that repeat from row to row are escaped once and kept (a bounded set):
    the same text in another column or row, and a text seen again after the set was
    cleared, still gives the row's canonical JSON."""
    from floorkill.store import schema

    monkeypatch.setattr(schema, "QUOTED_KEPT", 3)
    texts = ['a"b', "\\n\x01", "é€", 'a"b', "x"]
    for i in range(12):
        one, two, three = texts[i % 5], texts[(i + 1) % 5], texts[(i + 3) % 5]
        args = dict(
            gseq=i,
            tbl=one,
            seq=i,
            type_=two,
            schema=1,
            payload=three,
            rules=one,
            decisions=two,
            result=three if i % 2 else None,
            hand=i,
            who=one if i % 3 else None,
            at=two,
            target=None,
            state_hash=None,
        )
        assert row_content(**args) == defined(**args)
    assert len(schema._quoted) <= 3


@settings(max_examples=100, deadline=None)
@given(
    st.recursive(
        st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), text),
        lambda inner: st.one_of(
            st.lists(inner, max_size=4), st.dictionaries(text, inner, max_size=4)
        ),
        max_leaves=12,
    )
)
def test_canonical_json_is_json_dumps_sorted_without_spaces(value):
    assert canonical_json(value) == json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )


seat_like = st.one_of(st.integers(-5, 20), st.booleans(), st.floats(-5, 20))


@settings(max_examples=100, deadline=None)
@given(
    high=st.lists(seat_like, max_size=3),
    low=st.lists(seat_like, max_size=3),
    scoop=st.one_of(st.none(), seat_like),
)
def test_result_json_is_the_canonical_json_of_the_result(high, low, scoop):
    assert result_json((tuple(high), tuple(low), scoop)) == canonical_json(
        {"high": high, "low": low, "scoop": scoop}
    )


def test_result_json_of_a_result_equal_to_one_written_before_is_its_own():
    """Results are written once each and kept: one equal in Python to a kept one but not
    as JSON (True for 1, 2.0 for 2) is written as itself."""
    assert result_json(((1,), (2,), None)) == '{"high":[1],"low":[2],"scoop":null}'
    assert result_json(((True,), (2.0,), None)) == '{"high":[true],"low":[2.0],"scoop":null}'
    assert result_json(((1,), (2,), None)) == '{"high":[1],"low":[2],"scoop":null}'
    assert result_json(([1], [2], 1)) == '{"high":[1],"low":[2],"scoop":1}'


param_value = st.one_of(
    st.integers(-3, 3),
    st.booleans(),
    st.floats(-3, 3),
    text,
    st.lists(st.integers(0, 3), max_size=2),
)
decision = st.builds(
    lambda code, seat, key, params, cites: Decision(code, seat, key, tuple(params), tuple(cites)),
    st.sampled_from(["leg-up", "kill", "neutral"]),
    st.one_of(st.none(), st.integers(0, 3), st.booleans(), st.floats(0, 3)),
    st.sampled_from(["leg-up", "kill-next-hand", "no-such-key"]),
    st.lists(st.tuples(st.sampled_from(["name", "amount", "seat"]), param_value), max_size=2),
    st.lists(st.sampled_from(["rrop-13.3", "wsop-197"]), max_size=2),
)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(decision, max_size=3), min_size=1, max_size=6))
def test_verify_renders_decisions_as_a_writer_stores_them(batches):
    """The same decisions again (1 and True, 1.0 and 1 are equal in Python, not in JSON)
    give the writer's text every time, cached or not."""
    audit = ChainAudit({}, {}, lambda *a: ())
    for batch in batches + [[twin(d) for d in b] for b in batches] + batches[::-1]:
        want = canonical_json([decision_to_json(d) for d in batch])
        assert audit.decisions_json(batch) == want


def _other_type(v):
    """A value equal to ``v`` in Python but written otherwise in JSON (or ``v``)."""
    if type(v) is int:
        return bool(v) if v in (0, 1) else float(v)
    if type(v) in (bool, float) and v == int(v):
        return int(v)
    return v


def twin(d: Decision) -> Decision:
    return Decision(
        d.code,
        None if d.seat is None else _other_type(d.seat),
        d.key,
        tuple((k, _other_type(v)) for k, v in d.params),
        d.cites,
    )

"""A row drafted before the chain head is locked (schema.draft_row) and finished under it
(finish_row) hashes exactly as the chain's definition (row_content, row_hash) says: the
writers splice gseq and time into text they built earlier, and verify recomputes."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from floorkill.store.schema import draft_row, finish_row, row_content, row_hash, row_mac

text = st.text(min_size=0, max_size=40)
# strings that look like the JSON the splice cuts at, to try and fool it
tricky = st.sampled_from(
    ['","gseq":0,"', ',"gseq":0,', '{"at":""', '\\\\"', '"', "\x00", "é€𝄞", ""]
)
field = st.one_of(text, tricky, st.builds(lambda a, b: a + b, text, tricky))


@settings(max_examples=100, deadline=None)
@given(
    tbl=field,
    seq=st.integers(0, 10**9),
    type_=field,
    payload=field,
    rules=field,
    decisions=field,
    result=st.one_of(st.none(), field),
    hand=st.integers(0, 10**6),
    who=st.one_of(st.none(), field),
    target=st.one_of(st.none(), st.integers(0, 10**6)),
    state_hash=st.one_of(st.none(), field),
    gseq=st.integers(0, 10**12),
    at=field,
    prev=field,
    key=st.one_of(st.none(), st.binary(min_size=1, max_size=32)),
)
def test_a_finished_draft_is_the_row_the_chain_defines(
    tbl,
    seq,
    type_,
    payload,
    rules,
    decisions,
    result,
    hand,
    who,
    target,
    state_hash,
    gseq,
    at,
    prev,
    key,
):
    draft = draft_row(
        tbl, seq, type_, payload, rules, decisions, result, hand, who, target, state_hash=state_hash
    )
    row = finish_row(draft, prev, gseq, at, mac_key=key, journal_id="j1")
    content = row_content(
        gseq,
        tbl,
        seq,
        type_,
        1,
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
    assert row[14] == row_hash(prev, content)
    assert row == (
        gseq,
        tbl,
        seq,
        type_,
        1,
        payload,
        rules,
        decisions,
        result,
        hand,
        who,
        at,
        target,
        prev,
        row[14],
        state_hash,
        None if key is None else row_mac(key, "j1", gseq, row[14]),
    )

"""A PostgreSQL journal made by an earlier build, which chained entries in the server (an
UNLOGGED ``queued`` table and ``floorkill_chain`` / ``floorkill_submit``, "floorkill queue
4"): this build writes every entry the plain way (the chain head locked FOR UPDATE, one
COMMIT), leaves those objects alone and never reads them; the rows chained either way are
one chain, and verify reads it whole."""

from __future__ import annotations

from storehelp import table

from floorkill.store.backend import open_journal
from floorkill.store.pg import verify_pg

# what an earlier build left in the schema, as far as this build could see it
EARLIER = (
    "CREATE UNLOGGED TABLE queued(id BIGSERIAL PRIMARY KEY, tbl TEXT, done BOOLEAN)",
    "INSERT INTO queued(tbl, done) VALUES ('Table 7', FALSE)",
    "CREATE FUNCTION floorkill_chain(p_id BIGINT, p_channel TEXT) RETURNS BIGINT "
    "LANGUAGE sql AS 'SELECT NULL::BIGINT'",
    "COMMENT ON FUNCTION floorkill_chain(BIGINT, TEXT) IS 'floorkill queue 4'",
)


def test_a_journal_of_an_earlier_build_is_written_and_verified_the_plain_way(pg_url):
    import psycopg

    with open_journal(pg_url, floorperson="ann") as j:
        j.create_table(table("Table 7")).append({"type": "hand", "winner": 1})
    with psycopg.connect(pg_url, autocommit=True) as c:
        for stmt in EARLIER:
            c.execute(stmt)
    with open_journal(pg_url, floorperson="bob") as j:
        s = j.open_table("Table 7")
        recs = [s.append({"type": "hand", "winner": w}, expect_seq=len(s)) for w in (2, 3)]
        assert [(r.seq, r.who) for r in recs] == [(2, "bob"), (3, "bob")]
    with psycopg.connect(pg_url, autocommit=True) as c:
        assert c.execute("SELECT count(*) FROM queued").fetchone()[0] == 1  # left alone
    result = verify_pg(pg_url)
    assert result.problems == [] and result.rows == 4

"""Bad input on PostgreSQL: a wrong URL, the server down mid-shift, a read-only role that
tries to write — each one line, nothing acknowledged lost, never a traceback."""

from __future__ import annotations

import pytest
from pghelp import Outage, require_pg, ro_url
from storehelp import T1_OK, hand_events, table

from floorkill.cli import main
from floorkill.store.backend import open_journal
from floorkill.store.commands import verify_journal
from floorkill.store.errors import JournalError, JournalUnavailable, TableChanged


def _one_line(text: str) -> str:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    assert len(lines) == 1, text
    assert "Traceback" not in text
    return lines[0]


@pytest.mark.parametrize(
    "url, says",
    [
        ("postgresql://floorkill@127.0.0.1:1/floorkill", "cannot connect"),
        ("postgresql://floorkill@/floorkill?host=/nonexistent-dir", "cannot connect"),
        ("postgresql://floorkill@/floorkill?bogus_option=1", "not a usable PostgreSQL URL"),
    ],
)
def test_a_wrong_url_is_one_line(url, says, capsys):
    require_pg()
    with pytest.raises(JournalError, match=says):
        open_journal(url)
    for argv in (
        ["verify", "--journal", url],
        ["export", "--journal", url, "--table", "x"],
        ["import", str(T1_OK), "--journal", url],
        ["--journal", url],
    ):
        assert main(argv) == 2
        line = _one_line(capsys.readouterr().err)
        assert line.startswith("floorkill: ") and says in line


def test_a_password_never_shows_in_a_message(capsys):
    require_pg()
    url = "postgresql://floorkill:s3cret@127.0.0.1:1/floorkill"
    assert main(["verify", "--journal", url]) == 2
    err = capsys.readouterr().err
    assert "s3cret" not in err and "***" in err


def test_the_read_only_role_cannot_write(pg_url, capsys):
    with open_journal(pg_url, floorperson="ann") as j:
        s = j.create_table(table("Table 7"))
        s.append(hand_events(1)[0])
    ro = ro_url(pg_url)
    with open_journal(ro, floorperson="screen") as j:  # it may open and read ...
        s = j.open_table("Table 7")
        assert len(s) == 1
        with pytest.raises(JournalError, match="may only read"):  # ... never write
            s.append(hand_events(1, 1)[0])
        with pytest.raises(JournalError, match="may only read"):
            j.create_table(table("Table 8"))
        assert len(s) == 1
    assert main(["import", str(T1_OK), "--journal", ro]) == 2
    assert "may only read" in _one_line(capsys.readouterr().err)
    assert verify_journal(pg_url)[0] == []
    with open_journal(ro, floorperson="x") as j:
        assert j.table_names() == ["Table 7"] and len(j.open_table("Table 7")) == 1


def test_server_down_mid_shift_keeps_every_acknowledged_entry(pg_url):
    outage = Outage()
    url = outage.url(pg_url)
    acked = []
    with open_journal(url, floorperson="ann") as j:
        s = j.create_table(table("Table 7"))
        events = hand_events(30)
        for e in events[:10]:
            acked.append(s.append(e, expect_seq=len(s)).seq)
        outage.down()
        for _ in range(3):  # the podium says so, and says it again
            with pytest.raises(JournalUnavailable) as exc:
                s.append(events[10], expect_seq=len(s))
            msg = str(exc.value)
            assert "\n" not in msg
            assert "unreachable" in msg or "cannot connect" in msg
        assert len(s) == 10  # nothing pretended
        outage.up()
        for e in events[10:]:  # the same entry, retried: taken
            acked.append(s.append(e, expect_seq=len(s)).seq)
        assert j.changed() in (True, False)  # following survives the outage
    assert acked == list(range(1, 31))
    problems, _w, counts = verify_journal(pg_url)
    assert problems == [] and counts["rows"] == 31
    outage.down()


def test_a_lost_commit_answer_is_never_entered_twice(pg_url):
    """If the connection dies after COMMIT reached the server, the podium was told "not
    recorded"; its retry carries the seq it saw, so it is refused, not entered twice."""
    import psycopg

    with open_journal(pg_url, floorperson="ann") as j:
        s = j.create_table(table("Table 7"))
        s.append(hand_events(1)[0])
        # the row lands through another connection as if our COMMIT's answer was lost
        with open_journal(pg_url, floorperson="ann") as twin:
            twin.open_table("Table 7").append(hand_events(1, 1)[0])
        with pytest.raises(TableChanged, match="hand 2 was just entered by ann"):
            s.append(hand_events(1, 1)[0], expect_seq=1)
        with psycopg.connect(pg_url) as conn:
            assert (
                conn.execute(
                    "SELECT count(*) FROM events WHERE tbl = 'Table 7' AND seq > 0"
                ).fetchone()[0]
                == 2
            )


def test_a_stuck_chain_head_is_refused_as_busy_not_waited_forever(pg_url):
    import psycopg

    from floorkill.store.errors import JournalBusy

    with open_journal(pg_url, floorperson="ann", lock_timeout=0.3) as j:
        s = j.create_table(table("Table 7"))
        with psycopg.connect(pg_url) as other:  # a podium frozen mid-entry
            other.execute("SELECT * FROM chain_head FOR UPDATE")
            with pytest.raises(JournalBusy) as exc:
                s.append(hand_events(1)[0], expect_seq=0)
            assert "busy" in str(exc.value) and "\n" not in str(exc.value)
            assert len(s) == 0
        assert s.append(hand_events(1)[0], expect_seq=0).seq == 1  # released: taken

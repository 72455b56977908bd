"""The report file: self-contained, names as text, the window, the seal, bad input."""

from __future__ import annotations

import re
from datetime import UTC

from reporthelp import sample_journal

from floorkill.cli import main
from floorkill.report import gather_journal, render
from floorkill.report.gather import Row, fold_table, read_bound
from floorkill.rules import load_table_text
from floorkill.store.journal import Journal

NASTY = "<script>alert(1)</script> & \"Bo\" 'x' [/]"

TABLE = """
[table]
name = "T <i>1</i> & co"
game = "holdem"
seats = 9
button = 1
[stakes]
structure = "fixed"
bets = [10, 20]
blinds = [5, 10]
[kill]
kind = "full"
triggers = ["two-pots"]
[[players]]
seat = 1
name = "Ann"
[[players]]
seat = 2
name = "Cy"
"""


def nasty_journal(path):
    with Journal(path, "<img src=x onerror=alert(1)>") as j:
        s = j.create_table(load_table_text(TABLE))
        s.append({"type": "join", "seat": 3, "name": NASTY[:32]})
        for ev in (
            {"type": "hand", "winner": 3},
            {"type": "hand", "winner": 3, "qualifies": True},
            {"type": "hand", "winner": 3},
            {"type": "hand", "winner": 1},
        ):
            s.append(ev)
        s.void(5, '</td><script>alert("void")</script>')
        s.append({"type": "hand", "winner": 2})
    return path


def test_names_reasons_and_floorpersons_are_escaped_and_nothing_is_outside(tmp_path):
    journal = nasty_journal(tmp_path / "j.db")
    out = tmp_path / "r.html"
    assert main(["report", "--journal", str(journal), "-o", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    assert NASTY[:32] == '<script>alert(1)</script> & "Bo"'
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Bo&quot;" in html  # the killer
    assert "&lt;/td&gt;&lt;script&gt;alert(&quot;void&quot;)&lt;/script&gt;" in html  # the void
    assert "&lt;img src=x onerror=alert(1)&gt;" in html  # the floor
    assert "T &lt;i&gt;1&lt;/i&gt; &amp; co" in html
    # markup only (tags and the style sheet; escaped text cannot hold a "<")
    style = re.search(r"<style>(.*?)</style>", html, re.S).group(1)
    markup = " ".join(re.findall(r"<[^>]*>", html)).lower() + style.lower()
    assert set(re.findall(r"<([a-z0-9]+)", markup)) <= {
        "html",
        "head",
        "meta",
        "title",
        "style",
        "body",
        "svg",
        "defs",
        "pattern",
        "rect",
        "line",
        "circle",
        "path",
        "header",
        "h1",
        "h2",
        "h3",
        "p",
        "b",
        "section",
        "div",
        "span",
        "table",
        "thead",
        "tbody",
        "tr",
        "th",
        "td",
        "code",
        "text",
        "footer",
        "ul",
        "li",
    }
    for bad in ("http:", "https:", "src=", "href=", "@import", "//", "javascript:", " on"):
        assert bad not in markup.replace("<!doctype html>", ""), bad
    assert all(u.startswith("url(#") for u in re.findall(r"url\([^)]*\)", html))
    assert "default-src 'none'" in html
    assert "@page" in html and "size: A4" in html


def test_the_seal_is_the_chain_head_and_names_the_verify_command(tmp_path):
    journal = sample_journal(tmp_path / "j.db")
    room = gather_journal(journal)
    import sqlite3

    conn = sqlite3.connect(journal)
    gseq, h = conn.execute("SELECT gseq, hash FROM events ORDER BY gseq DESC LIMIT 1").fetchone()
    conn.close()
    assert room.seal == f"{h}@{gseq}" and gseq == 90
    html = render(room, "en", "letter")
    assert f'<code data-k="seal">{h}@{gseq}</code>' in html
    assert f"--head {h}@{gseq}" in html and "size: letter" in html


def _rows():
    """Hands at fixed times: two before 21:00, three from 21:00 to 22:00, one after."""
    times = ["20:10", "20:40", "21:05", "21:20", "21:50", "22:30"]
    winners = [3, 3, 3, 1, 1, 3]  # leg, kill, killer wins again (kill pot), ...
    extra = [{}, {"qualifies": True}, {}, {}, {"qualifies": False}, {}]
    return [
        Row(
            i + 1,
            "hand",
            {"type": "hand", "winner": w, **e},
            "Fay",
            f"2026-11-30T{t}:00.000Z",
            None,
        )
        for i, (t, w, e) in enumerate(zip(times, winners, extra, strict=True))
    ]


def test_the_window_counts_only_its_records_but_folds_from_the_start():
    tf = load_table_text(TABLE.replace('seat = 2\nname = "Cy"', 'seat = 3\nname = "Cy"'))
    start = read_bound("2026-11-30T21:00", UTC)
    end = read_bound("2026-11-30T22:00", UTC)
    whole = fold_table("T", tf.config, tf.players, _rows(), tz=UTC)
    part = fold_table("T", tf.config, tf.players, _rows(), start=start, end=end, tz=UTC)
    assert whole.hands == 6 and part.hands == 3 and part.hands_total == 5
    assert part.records == 3 and part.first_at.startswith("2026-11-30T21:05")
    # 21:05 is a kill pot (killed at 20:40, before the window): counted, made by two pots
    assert [k.seq for k in part.kill_pots] == [3, 4]
    assert part.kill_pots[0].trigger == "two-pots" and part.kill_pots[1].trigger == "kill-again"
    assert sum(part.kills_by_hour.values()) == 2
    assert [h.hour for h in part.kills_by_hour] == [21]


def test_bad_input_is_one_line(tmp_path, capsys):
    journal = sample_journal(tmp_path / "j.db")
    cases = [
        (["--from", "yesterday"], "not a date or time"),
        (["--from", "2026-11-30T22:00", "--to", "2026-11-30T21:00"], "not after"),
        (["--table", "Nope"], "no table 'Nope'"),
    ]
    for extra, words in cases:
        code = main(["report", "--journal", str(journal), "-o", str(tmp_path / "x.html"), *extra])
        err = capsys.readouterr().err
        assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err
    code = main(["report", "--journal", str(tmp_path / "none.db"), "-o", str(tmp_path / "x.html")])
    err = capsys.readouterr().err
    assert code == 2 and "no journal there" in err
    assert not (tmp_path / "x.html").exists()


def test_one_table_and_a_window_from_the_command_line(tmp_path, capsys):
    journal = sample_journal(tmp_path / "j.db")
    out = tmp_path / "r.html"
    assert (
        main(
            [
                "report",
                "--journal",
                str(journal),
                "--table",
                "table 5 · $10-$20 hold'em kill",
                "--from",
                "2000-01-01",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    html = out.read_text(encoding="utf-8")
    assert html.count('<section class="table"') == 1
    assert "Table 5" in html and "Table 21" not in html
    assert "seal" in capsys.readouterr().out
    assert main(["report", "--journal", str(journal), "--to", "2000-01-01", "-o", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    assert re.search(r'data-k="hands" data-table="\*">0<', html)


def test_several_nights_keep_the_hour_chart_readable():
    from floorkill.report.gather import Room

    tf = load_table_text(TABLE.replace('seat = 2\nname = "Cy"', 'seat = 3\nname = "Cy"'))
    rows = []
    for night in range(5):  # a kill pot each night at 21:xx
        for minute, extra in ((0, {}), (10, {"qualifies": True}), (20, {})):
            rows.append(
                Row(
                    len(rows) + 1,
                    "hand",
                    {"type": "hand", "winner": 3, **extra},
                    "Fay",
                    f"2026-11-{10 + night}T21:{minute:02d}:00.000Z",
                    None,
                )
            )
    ts = fold_table("T", tf.config, tf.players, rows, tz=UTC)
    room = Room("j", [ts], 1, "ab", None, None, "2026-11-30T00:00:00.000Z", UTC)
    hours = room.hours()
    assert len(hours) == 5 and {h.hour for h in hours} == {21}
    html = render(room)
    assert "14.11 21:00" in html and html.count('class="heatmap"') == 1


def test_the_seal_is_what_verify_head_accepts(tmp_path, capsys):
    """Once `floorkill verify --head` exists, the printed seal passes it, also
    after the night goes on."""
    import pytest

    from floorkill import cli

    if "head" not in cli.SUBCOMMANDS:
        pytest.skip("this build has no `floorkill verify --head` yet")
    journal = sample_journal(tmp_path / "j.db")
    seal = gather_journal(journal).seal
    assert main(["head", "--journal", str(journal)]) == 0
    assert capsys.readouterr().out.strip() == seal
    with Journal(journal, "Fay") as j:
        j.open_table(j.table_names()[0]).append({"type": "stack", "seat": 1, "amount": 300})
    assert main(["verify", "--journal", str(journal), "--head", seal]) == 0


def test_a_record_the_rules_refuse_is_said_in_the_report_language():
    """A stored record today's rules refuse (here: the winner's seat is empty) is listed
    under the table's problems, in the report's language like every other line."""
    from floorkill.report.gather import Room

    tf = load_table_text(TABLE)
    rows = [Row(1, "hand", {"type": "hand", "winner": 9}, "Fay", "2026-11-10T21:00:00.000Z", None)]
    ts = fold_table("T", tf.config, tf.players, rows, tz=UTC)
    assert [str(problem) for problem in ts.problems] == ["#1: seat 9 is empty"]
    room = Room("j", [ts], 1, "ab", None, None, "2026-11-30T00:00:00.000Z", UTC)
    assert "#1: seat 9 is empty" in render(room, "en")
    assert "№1: место 9 свободно" in render(room, "ru")

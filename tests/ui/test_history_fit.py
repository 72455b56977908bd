"""History lines fit their panel without ending mid-word, and an undone record says so
first (a cut line still says it)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len
from uihelp import hand, session

from floorkill.event_words import record_line
from floorkill.ui.podium import make_podium_app
from floorkill.ui.widgets.history_view import HistoryView, fit_line, fit_record

WORD = st.text(alphabet="abcdefghij→[]#$,-Жё", min_size=1, max_size=9)


def assert_cut_between_words(line: str, full: str) -> None:
    """``line`` is ``full`` with words left out at one "…": what is before it starts
    ``full`` and ends where a word ends; what is after it (the decisions) ends ``full``."""
    assert line.count("…") == 1, (line, full)
    left, right = line.split("…")
    assert full.startswith(left) and (left.endswith(" ") or full[len(left)] in " ,→"), (line, full)
    assert full.endswith(right), (line, full)
    if right:
        assert "→" in right  # the decision words kept


@given(words=st.lists(WORD, min_size=2, max_size=14), width=st.integers(1, 80))
def test_fit_line_fits_and_cuts_only_between_words(words, width):
    line = "   1    0 " + " ".join(words)
    out = fit_line(line, width)
    assert cell_len(out) <= width
    if out != line:
        assert out.endswith("…")
        head = out[:-1]
        rest = line[len(head) :]
        assert line.startswith(head)
        if len(head) > 9:  # past "seq hand": a word boundary
            assert rest[:1] in (" ", ",", "→") or head[-1:] in (" ", ",", "→")


async def test_history_lines_at_120_columns_end_on_whole_words_and_say_undone():
    s = session(events=[hand(3), hand(3, qualifies=True), hand(1), hand(4)])
    s.void(len(s), "typed the wrong seat")
    app = make_podium_app(s)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        hv = app.query_one(HistoryView)
        width = hv.scrollable_content_region.width
        lines = [hv.render_line(y).text.rstrip() for y in range(hv.total)]
        fulls = [record_line(hv.record(i)) for i in range(hv.total)]
        cut = 0
        for line, full in zip(lines, fulls, strict=True):
            assert cell_len(line) <= width
            if line != full:
                cut += 1
                assert_cut_between_words(line, full)
        assert any("[undone]" in line for line in lines)


async def test_a_narrow_history_cuts_between_words():
    s = session(events=[hand(3), hand(3, qualifies=True), hand(3, qualifies=True)])
    app = make_podium_app(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f4")  # narrow: the panel shows history
        await pilot.pause()
        hv = app.query_one(HistoryView)
        assert hv.scrollable_content_region.width > 10
        cut = 0
        for y in range(hv.total):
            line = hv.render_line(y).text.rstrip()
            full = record_line(hv.record(y))
            if line != full:
                cut += 1
                assert_cut_between_words(line, full)
        assert cut  # the case under test happened


def test_the_decisions_keep_their_room_and_the_event_gives_way():
    s = session(events=[{"type": "hand", "winners": [1, 3, 4, 7], "pot": "1234.50"}])
    rec = s.records(0, 1)[0]
    full = record_line(rec)
    tail = full[full.index("  → ") :]  # the decision words
    for width in range(len(full) - 1, len("   1    1 …") + len(tail) - 1, -1):
        out = fit_record(rec, width)
        assert cell_len(out) <= width
        assert_cut_between_words(out, full)
        assert out.endswith(tail)  # the decision words stay whole

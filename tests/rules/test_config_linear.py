"""Table files load in time proportional to their size; line numbers come from one pass."""

import sys
import time
import tomllib
from pathlib import Path

from floorkill.rules import load_table_text

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import load_bench  # noqa: E402


def test_event_lines_point_at_each_events_header():
    text = load_bench.table_file_text(50)
    tf = load_table_text(text, "x.toml")
    lines = text.splitlines()
    assert len(tf.event_lines) == 50
    for no in tf.event_lines:
        assert lines[no - 1] == "[[events]]"
    assert tf.event_lines == tuple(sorted(set(tf.event_lines)))


def test_event_lines_with_odd_headers_and_inline_arrays():
    head = load_bench.table_head()
    text = (
        head + '[[ events ]]\ntype = "hand"\nwinner = 1\n# [[events]] in a comment\n'
        '  [["events"]]  # quoted\ntype = "hand"\nwinner = 2\n'
    )
    tf = load_table_text(text)
    first = head.count("\n") + 1
    assert tf.event_lines == (first, first + 4)
    inline = 'events = [{type = "hand", winner = 1}]\n' + head
    assert load_table_text(inline).event_lines == (None,)


def test_a_header_inside_a_multiline_string_gives_no_wrong_line():
    head = load_bench.table_head().replace(
        'name = "Bench 12"', 'name = """Bench\n[[events]]\n12"""'
    )
    text = head + '[[events]]\ntype = "hand"\nwinner = 1\n'
    try:
        tf = load_table_text(text)
    except Exception:  # a name with a newline is refused: also fine
        return
    assert tf.event_lines in ((None,), (text.splitlines().index("[[events]]", 5) + 1,))


def _best(fn, repeat=3):
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def test_loading_is_linear_loosely():
    """Loose on a busy machine: the bench prints the real ratios (goal: load ~ tomllib)."""
    small = load_bench.table_file_text(2_000)
    big = load_bench.table_file_text(8_000)
    t_small = _best(lambda: load_table_text(small))
    t_big = _best(lambda: load_table_text(big))
    base = _best(lambda: tomllib.loads(big))
    assert t_big < 6 * base  # quadratic line search was ~100x here
    assert t_big < 10 * t_small  # linear: 4; quadratic: 16

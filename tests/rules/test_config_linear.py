"""Each event's line number in a table file, in the big files of tests/eventfiles.py
(bench/load_bench.py measures that loading them stays linear)."""

import eventfiles

from floorkill.rules import ConfigError, load_table_text


def test_event_lines_point_at_each_events_header():
    text = eventfiles.table_file_text(50)
    tf = load_table_text(text, "x.toml")
    lines = text.splitlines()
    assert len(tf.event_lines) == 50
    for no in tf.event_lines:
        assert lines[no - 1] == "[[events]]"
    assert tf.event_lines == tuple(sorted(set(tf.event_lines)))


def test_event_lines_with_odd_headers_and_inline_arrays():
    head = eventfiles.table_head()
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
    head = eventfiles.table_head().replace(
        'name = "Bench 12"', 'name = """Bench\n[[events]]\n12"""'
    )
    text = head + '[[events]]\ntype = "hand"\nwinner = 1\n'
    try:
        tf = load_table_text(text)
    except ConfigError:  # a name with a newline is refused: also fine
        return
    assert tf.event_lines in ((None,), (text.splitlines().index("[[events]]", 5) + 1,))

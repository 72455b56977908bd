"""Bad input at large sizes, through every command path that reads a
table file (replay --json, replay, import): one line of reason, never the input echoed
whole, nothing written."""

from __future__ import annotations

from journalrows import journal_rows
from test_bad_input import BASE

from floorkill.cli import main

TEN_MB = 10_000_000


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_ten_megabyte_key_is_quoted_never_echoed_whole(tmp_path, capsys):
    """In an event (the table-section key goes through the same quoting, at 1 MB in
    test_bad_input.py): refused with the key cut, in one line per command."""
    key = "k" * TEN_MB
    text = BASE + f'[[events]]\ntype = "hand"\nwinner = 1\n{key} = 1\n'
    path = tmp_path / "big-key.toml"
    path.write_text(text, encoding="utf-8")
    journal = tmp_path / "j.db"
    for argv in (
        ("replay", str(path), "--json"),
        ("replay", str(path)),
        ("import", str(path), "--journal", str(journal)),
    ):
        code, out, err = _run(capsys, *argv)
        assert code == 2, (argv[0], err[:300])
        assert len(out) + len(err) < 20_000, argv  # quoted, cut with "…"
        assert "internal error" not in err and "Traceback" not in err
        if argv[0] == "import":  # the refusal, then "nothing written"
            assert out == "" and err.endswith("nothing written\n")
            assert all(
                line.startswith("floorkill: ") and len(line) < 1_000 for line in err.splitlines()
            )
        else:
            assert err == "" and "k" * 39 + "…" in out
    assert journal_rows(journal) == 0


def test_plain_replay_quotes_a_long_event_type_like_import(tmp_path, capsys):
    """`replay` (not --json) named a refused event by its type echoed whole: a 1 MB type
    printed a 1 MB line. It is cut at 40 characters, as import cuts it."""
    path = tmp_path / "long-type.toml"
    path.write_text(BASE + '[[events]]\ntype = "' + "t" * 1_000_000 + '"\n', encoding="utf-8")
    code, out, err = _run(capsys, "replay", str(path))
    assert code == 2 and err == ""
    assert len(out) < 20_000
    refused = [line for line in out.splitlines() if "refused" in line]
    assert refused and all("t" * 39 + "…" in line for line in refused)
    assert f"{path.name}:28: event 1 ({'t' * 39}…) refused" in out.replace("\n", "")

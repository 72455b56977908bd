"""`floorkill replay` names the file and line of a refused event, as `import` does."""

from __future__ import annotations

from floorkill.cli import main

TABLE = """[table]
name = "T"
game = "holdem"
seats = 9
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
name = "Bob"

[[events]]
type = "hand"
winner = 1

[[events]]
type = "hand"
winner = 9
"""


def test_replay_refusal_names_file_and_line_like_import(tmp_path, capsys):
    path = tmp_path / "t.toml"
    path.write_text(TABLE, encoding="utf-8")
    line = TABLE.splitlines().index("winner = 9") - 1  # 1-based line of its [[events]] header
    assert main(["replay", str(path)]) == 2
    out = capsys.readouterr().out
    assert f"{path}:{line}: event 2 (hand) refused: seat 9 is empty" in out.replace("\n", "")
    assert f"event 2 (line {line})" in out
    assert main(["import", str(path), "--journal", str(tmp_path / "j.db")]) == 2
    err = capsys.readouterr().err
    assert f"{path}:{line}: event 2 (hand) refused" in err  # the same place, both commands

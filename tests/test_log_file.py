"""The log: a rotating file in the user log directory, every caught exception with its
traceback, nothing a library logs printed over the terminal, `--log-level`, the About
screen naming the file."""

from __future__ import annotations

import logging
from pathlib import Path

from floorkill import log_file
from floorkill.cli import main
from floorkill.log import log
from floorkill.ui.screens.about import about_lines


def _start(tmp_path, *args: str) -> Path:
    main(["head", "--journal", str(tmp_path / "none.db"), *args])
    path = log_file.current()
    assert path is not None
    return path


def test_log_file_is_in_the_user_log_dir(tmp_path):
    path = _start(tmp_path)
    assert path == tmp_path / "state" / "floorkill" / "log" / "floorkill.log"  # conftest XDG
    assert "INFO floorkill: floorkill " in path.read_text(encoding="utf-8")  # each command


def test_caught_exception_is_logged_with_traceback(tmp_path):
    path = _start(tmp_path)
    try:
        raise ValueError("the journal said no")
    except ValueError:
        log.exception("reading the journal")
    text = path.read_text(encoding="utf-8")
    assert "ERROR floorkill: reading the journal" in text
    assert "Traceback" in text and "ValueError: the journal said no" in text


def test_library_warnings_reach_the_file_never_the_terminal(tmp_path, capfd):
    path = _start(tmp_path)
    capfd.readouterr()
    logging.getLogger("psycopg").warning(
        "error ignored terminating <psycopg.Pipeline [BAD] at 0x7f>: server closed"
    )
    out, err = capfd.readouterr()
    assert "error ignored" not in out + err
    assert "Pipeline [BAD]" in path.read_text(encoding="utf-8")


def test_log_level_flag(tmp_path):
    path = _start(tmp_path, "--log-level", "debug")
    log.debug("every tick")
    assert "every tick" in path.read_text(encoding="utf-8")
    _start(tmp_path, "--log-level", "warning")
    log.info("quiet")
    assert "quiet" not in path.read_text(encoding="utf-8")


def test_about_screen_names_the_log_file(tmp_path):
    path = _start(tmp_path)
    assert f"Log: {path}" in about_lines(tmp_path / "j.db")
    assert any(str(path) in line for line in about_lines(tmp_path / "j.db", lang="ru"))


def test_no_log_dir_means_no_file_and_no_print(tmp_path, monkeypatch, capfd):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("FLOORKILL_LOG_FILE", str(blocker / "sub" / "floorkill.log"))
    assert log_file.start() is None
    logging.getLogger("psycopg").warning("error ignored")
    assert "error ignored" not in "".join(capfd.readouterr())
    assert "Log: none" in "\n".join(about_lines(tmp_path / "j.db"))


def test_a_command_that_stops_on_an_error_logs_its_traceback(tmp_path, monkeypatch, capfd):
    """The terminal gets one line; the log file the traceback behind it."""
    import floorkill.store.commands as commands

    def broken(*_args, **_kwargs):
        raise RuntimeError("a bug deep down")

    monkeypatch.setattr(commands, "cmd_head", broken)
    assert main(["head", "--journal", str(tmp_path / "none.db")]) == 1
    _out, err = capfd.readouterr()
    assert "internal error: RuntimeError: a bug deep down" in err and "Traceback" not in err
    path = log_file.current()
    assert path is not None
    text = path.read_text(encoding="utf-8")
    assert "Traceback" in text and "RuntimeError: a bug deep down" in text


def test_the_big_screen_logs_why_it_cannot_read_the_journal(tmp_path):
    """A follower that cannot read its journal shows the players a calm line; the log has
    the reason with its traceback."""
    from floorkill.display.follow import Follower

    path = _start(tmp_path)
    bad = tmp_path / "not-a-journal.db"
    bad.write_bytes(b"this is not a database file at all" * 100)
    picture = Follower(bad, grace=0).poll()
    assert picture is not None and picture.waiting is not None
    text = path.read_text(encoding="utf-8")
    assert "big screen:" in text and "Traceback" in text, text

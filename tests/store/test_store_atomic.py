"""Atomic TOML writes: temp + fsync + os.replace + fsync of the folder; mode kept."""

import os
import tomllib

import pytest

from floorkill.store import atomic
from floorkill.store.atomic import (
    atomic_write_text,
    cleanup_temp_files,
    is_temp_file,
    list_table_files,
    write_toml,
)


def test_writes_and_leaves_no_temp(tmp_path):
    target = tmp_path / "t.toml"
    write_toml(target, {"table": {"name": "Table 1", "seats": 9}})
    assert tomllib.loads(target.read_text()) == {"table": {"name": "Table 1", "seats": 9}}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.toml"]


def test_new_file_mode_follows_umask(tmp_path):
    old = os.umask(0o027)
    try:
        atomic_write_text(tmp_path / "a.toml", "x = 1\n")
    finally:
        os.umask(old)
    assert (tmp_path / "a.toml").stat().st_mode & 0o777 == 0o640


@pytest.mark.parametrize("mode", [0o600, 0o644, 0o664])
def test_existing_mode_is_kept(tmp_path, mode):
    target = tmp_path / "t.toml"
    target.write_text("old = true\n")
    target.chmod(mode)
    atomic_write_text(target, "new = true\n")
    assert target.stat().st_mode & 0o777 == mode
    assert target.read_text() == "new = true\n"


def test_symlink_is_followed(tmp_path):
    real = tmp_path / "real.toml"
    real.write_text("a = 1\n")
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    atomic_write_text(link, "a = 2\n")
    assert link.is_symlink() and real.read_text() == "a = 2\n"


def test_fsyncs_file_and_folder_then_replaces(tmp_path, monkeypatch):
    calls = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(
        atomic.os,
        "fsync",
        lambda fd: (
            calls.append(("fsync", os.path.realpath(f"/proc/self/fd/{fd}"))),
            real_fsync(fd),
        )[1],
    )
    monkeypatch.setattr(
        atomic.os,
        "replace",
        lambda a, b: (calls.append(("replace", str(b))), real_replace(a, b))[1],
    )
    target = tmp_path / "t.toml"
    atomic_write_text(target, "a = 1\n")
    kinds = [c[0] for c in calls]
    assert kinds == ["fsync", "replace", "fsync"]
    assert is_temp_file(calls[0][1])  # the temp file was synced
    assert calls[2][1] == str(tmp_path)  # then the folder


def test_a_failed_write_keeps_the_old_file_and_no_temp(tmp_path, monkeypatch):
    target = tmp_path / "t.toml"
    target.write_text("old = 1\n")

    def boom(a, b):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", boom)
    with pytest.raises(OSError):
        atomic_write_text(target, "new = 1\n")
    assert target.read_text() == "old = 1\n"
    assert [p.name for p in tmp_path.iterdir()] == ["t.toml"]


def test_leftover_temps_are_cleaned_and_never_read_as_configs(tmp_path):
    (tmp_path / "a.toml").write_text('[table]\nname = "A"\n')
    leftover = tmp_path / ".a.toml.tmp-0123456789ab"
    leftover.write_text('[table]\nname = "half written"\n')
    empty = tmp_path / ".b.toml.tmp-deadbeef00"
    empty.write_text("")
    (tmp_path / ".hidden.toml").write_text("x = 1\n")
    (tmp_path / "notes.txt").write_text("x")
    assert is_temp_file(leftover) and is_temp_file(empty)
    assert not is_temp_file(tmp_path / "a.toml")
    assert list_table_files(tmp_path) == [tmp_path / "a.toml"]
    assert cleanup_temp_files(tmp_path, min_age=3600) == []  # too fresh: kept
    removed = cleanup_temp_files(tmp_path)
    assert sorted(removed) == sorted([leftover, empty])
    assert sorted(p.name for p in tmp_path.iterdir()) == [".hidden.toml", "a.toml", "notes.txt"]
    assert cleanup_temp_files(tmp_path / "missing") == []

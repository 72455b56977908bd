"""Atomic TOML writes: temp + fsync + os.replace + fsync of the folder; mode kept."""

import os
import re
import tomllib

import pytest

from floorkill.store import atomic
from floorkill.store.atomic import (
    atomic_write_text,
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
    assert re.fullmatch(r"\.t\.toml\.tmp-[0-9a-f]{12}", os.path.basename(calls[0][1]))  # synced
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

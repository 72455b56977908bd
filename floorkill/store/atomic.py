"""Atomic file writes: a crash leaves the old file or the new one, never a torn or empty one.

``open(path, "w")`` truncates first, and an empty file is valid TOML: so every file
floorkill writes goes through :func:`atomic_write_text` — a temp file in the same folder
(``.<name>.tmp-<random>``), write, flush, fsync, ``os.replace`` over the target, fsync
of the folder. An existing target keeps its file mode (a new one gets 0o666 minus the
umask, like ``open``). A symlink target is followed: the file it points to is replaced.
Leftover temp files (a crash between create and replace) are removed by
:func:`cleanup_temp_files` and never listed as tables by :func:`list_table_files`.
"""

from __future__ import annotations

import os
import re
import secrets
import stat
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

TEMP_RE = re.compile(r"^\..+\.tmp-[0-9a-f]{8,}$")


def is_temp_file(path: str | Path) -> bool:
    return bool(TEMP_RE.match(Path(path).name))


def _umask_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return  # not supported here (e.g. Windows)
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_bytes(path: str | Path, data: bytes) -> Path:
    target = Path(os.path.realpath(path))
    folder = target.parent
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = _umask_mode()
    tmp = folder / f".{target.name}.tmp-{secrets.token_hex(6)}"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(folder)
    return target


def atomic_write_text(path: str | Path, text: str, encoding: str = "utf-8") -> Path:
    return atomic_write_bytes(path, text.encode(encoding))


def write_toml(path: str | Path, doc: Mapping[str, Any]) -> Path:
    """Write ``doc`` as TOML (tomli-w) atomically."""
    import tomli_w

    return atomic_write_text(path, tomli_w.dumps(dict(doc)))


def cleanup_temp_files(folder: str | Path, min_age: float = 0.0) -> list[Path]:
    """Remove leftover ``.<name>.tmp-<random>`` files older than ``min_age`` seconds."""
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return removed
    for p in entries:
        if not is_temp_file(p) or not p.is_file():
            continue
        try:
            if min_age and now - p.stat().st_mtime < min_age:
                continue
            p.unlink()
            removed.append(p)
        except OSError:
            pass
    return removed


def list_table_files(folder: str | Path) -> list[Path]:
    """The ``*.toml`` table files of a folder, sorted; hidden and temp files never listed."""
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return []
    return sorted(
        p
        for p in entries
        if p.suffix == ".toml"
        and not p.name.startswith(".")
        and not is_temp_file(p)
        and p.is_file()
    )

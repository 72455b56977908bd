"""Atomic file writes: a crash leaves the old file or the new one, never a torn or empty one.

``open(path, "w")`` truncates first, and an empty file is valid TOML: so every file
floorkill writes goes through :func:`atomic_write_text` — a temp file in the same folder
(``.<name>.tmp-<random>``), write, flush, fsync, ``os.replace`` over the target, fsync
of the folder. An existing target keeps its file mode (a new one gets 0o666 minus the
umask, like ``open``). A symlink target is followed: the file it points to is replaced.
A crash between create and replace can leave the hidden temp file beside the target;
nothing reads it.
"""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any


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

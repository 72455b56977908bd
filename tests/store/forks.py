"""Writer processes forked from one process that has already imported them (zygote.py), for
tests that SIGKILL dozens of writers one after another.

    with Forks() as forks:
        child = forks.start("crash_writer", path, seed, ...)
        child.next()            # the child's next line (None once it has exited)
        lines, code = child.kill()   # SIGKILL; the lines it wrote before dying, its exit code
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from pghelp import Lines

ZYGOTE = str(Path(__file__).resolve().parent / "zygote.py")


class Child:
    def __init__(self, forks: Forks, pid: int) -> None:
        self.forks = forks
        self.pid = pid
        self.returncode: int | None = None

    def next(self, timeout: float = 30.0) -> str | None:
        """The child's next line; None once it has exited (``returncode`` then says how)."""
        if self.returncode is not None:
            return None
        line = self.forks.lines.next(timeout)
        if line is None:
            raise AssertionError("the zygote died")
        if line.startswith(f"exited {self.pid} "):
            self.returncode = int(line.split()[2])
            return None
        return line

    def kill(self) -> tuple[list[str], int]:
        """SIGKILL (by the zygote); the lines it wrote before it died, its exit code."""
        self.forks.send("kill")
        rest = []
        while (line := self.next()) is not None:
            rest.append(line)
        assert self.returncode is not None
        return rest, self.returncode


class Forks:
    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, ZYGOTE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0
        )
        self.lines = Lines(self.proc)

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((line + "\n").encode())

    def start(self, writer: str, *args: object) -> Child:
        """A fresh process running ``writer``'s main() with ``args`` (one at a time; end it
        with ``kill()`` before the next)."""
        words = [writer, *map(str, args)]
        assert all(w and not any(c.isspace() for c in w) for w in words), words
        self.send(" ".join(words))
        line = self.lines.next(timeout=60)
        assert line is not None and line.startswith("pid "), line
        return Child(self, int(line.split()[1]))

    def __enter__(self) -> Forks:
        return self

    def __exit__(self, *exc) -> None:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc.stdout.close()

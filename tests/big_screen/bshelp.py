"""Journals for the big-screen tests: written with the podium's Journal, read by the app."""

from __future__ import annotations

import hashlib
from pathlib import Path

from floorkill.rules import load_table_text
from floorkill.store.journal import Journal

HERE = Path(__file__).resolve().parent
PODIUM = HERE / "podium_proc.py"
HOSTILE = "[@click=app.quit]x[/]"

TABLE = f"""
[table]
name = "Table 12"
game = "holdem"
seats = 9
button = 1
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
stack = 1000
[[players]]
seat = 2
name = "{HOSTILE}"
stack = 800
[[players]]
seat = 3
name = "Cy"
stack = 1200
[[players]]
seat = 5
name = "Eve"
stack = 640
[[players]]
seat = 7
name = "Gus"
stack = 1500
"""


def table_text(name: str = "Table 12") -> str:
    return TABLE.replace('name = "Table 12"', f'name = "{name}"')


def hand(winner: int, **extra) -> dict:
    return {"type": "hand", "winner": winner, **extra}


NEUTRAL = [{"type": "hand", "winners": [1, 3]}]
KILL_POT = [hand(3), hand(3, qualifies=True)]  # Cy kills: $20-$40
HOSTILE_LEG = [hand(3), hand(2)]  # the hostile name has a leg up


def make_journal(path: Path, events=(), *, name: str = "Table 12", keep_open: bool = False):
    """A journal with one table and ``events`` appended. Returns the open Journal when
    ``keep_open`` (the podium still running), else None."""
    j = Journal(path, "podium")
    tf = load_table_text(table_text(name), f"<{name}>")
    s = j.create_table(tf)
    for ev in events:
        s.append(ev)
    if keep_open:
        return j, s
    j.close()
    return None


def add_table(path: Path, name: str, events=()) -> None:
    j = Journal(path, "podium")
    s = j.create_table(load_table_text(table_text(name), f"<{name}>"))
    for ev in events:
        s.append(ev)
    j.close()


def digest(path: Path) -> dict[str, str | None]:
    """sha256 of the journal and its WAL (None when absent)."""
    out: dict[str, str | None] = {}
    for p in (path, Path(str(path) + "-wal")):
        out[p.name] = hashlib.sha256(p.read_bytes()).hexdigest() if p.exists() else None
    return out


def text_of(app, selector: str) -> str:
    """The plain text a Static shows."""
    return str(app.query_one(selector).content)


# ---------------------------------------------------------------------------
# a served big screen in another process

ROOT = HERE.parents[1]


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served:
    """``floorkill big-screen --serve`` in a subprocess; ``url`` is what it printed."""

    def __init__(
        self, journal: Path, *args: str, port: int | None = None, host: str = "127.0.0.1"
    ) -> None:
        import os
        import subprocess
        import sys

        self.port = port or free_port()
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "floorkill",
                "big-screen",
                "--journal",
                str(journal),
                "--serve",
                "--host",
                host,
                "--port",
                str(self.port),
                *args,
            ],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        line = self.proc.stdout.readline()  # "floorkill big screen: open URL ..."
        assert "open http" in line, line + (self.proc.stdout.read() if self.proc.poll() else "")
        self.url = line.split("open ", 1)[1].split()[0]
        self.output: list[str] = []  # the rest, drained so it never blocks
        import threading

        threading.Thread(target=lambda: self.output.extend(self.proc.stdout), daemon=True).start()
        self.token = self.url.split("token=", 1)[1] if "token=" in self.url else None
        self.base = f"http://127.0.0.1:{self.port}"

    def stop(self, sig=None) -> None:
        import signal
        import subprocess

        if self.proc.poll() is None:
            self.proc.send_signal(sig or signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


async def wait_http(base: str, timeout: float = 30.0) -> None:
    """Until the server answers (bounded polling)."""
    import asyncio
    import time

    import aiohttp

    deadline = time.monotonic() + timeout
    async with aiohttp.ClientSession() as http:
        while True:
            try:
                async with http.get(base + "/static/page.css") as r:
                    if r.status == 200:
                        return
            except aiohttp.ClientConnectionError:
                pass
            assert time.monotonic() < deadline, "the server did not answer"
            await asyncio.sleep(0.05)


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


HOSTILE_TABLE = "[b]Table[/b] [@click=app.quit]x[/]"
BARRED = KILL_POT + [{"type": "quit", "seat": 3, "posts_kill": False}]  # Cy barred
MIXED = [KILL_POT, HOSTILE_LEG, NEUTRAL, BARRED]


def room_journal(path: Path, n: int) -> list[str]:
    """A journal with ``n`` tables in turn: kill pot, leg up, neutral, a barred player;
    the second table's name is markup. Returns the names."""
    names = []
    j = Journal(path, "podium")
    for i in range(n):
        name = HOSTILE_TABLE if i == 1 else f"Table {i + 1}"
        text = table_text(name.replace('"', "'"))
        if MIXED[i % len(MIXED)] is BARRED:
            # a bar holds at every table where the same person sits (rrop-13.6):
            # the barred player of each such table is someone seated nowhere else
            text = text.replace('name = "Cy"', f'name = "Cy {i + 1}"')
        s = j.create_table(load_table_text(text, f"<{name}>"))
        for ev in MIXED[i % len(MIXED)]:
            s.append(ev)
        names.append(name)
    j.close()
    return names


async def follow_times(
    path: Path, commits: int, *, grid: bool | None, table: str | None = None, size=(100, 30)
) -> list[float]:
    """Seconds from each podium commit (a hand at "Table 1", the writing Journal in this
    process) to the big screen showing it: the card's hand number in the grid, the
    "Next hand" line otherwise. The app polls the journal every 0.1 s, as served."""
    import asyncio
    import time

    from floorkill.ui.big_screen.terminal import make_big_screen_app
    from floorkill.ui.widgets.room_grid import TableCard

    app = make_big_screen_app(path, table, grid=grid, rotate=0, poll=0.1)
    times: list[float] = []

    def shown_hand() -> int | None:
        if app.in_grid:
            for card in app.query(TableCard):
                if card.card.name == "Table 1":
                    return card.card.hand
            return None
        if app.shown is None or app.shown.name != "Table 1":
            return None
        return int(text_of(app, "#hand").rsplit(" ", 1)[1])

    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        j = Journal(path, "podium")
        s = j.open_table("Table 1")
        try:
            for i in range(commits):
                s.append({"type": "hand", "winner": [1, 3, 5, 7][i % 4]})
                committed = time.monotonic()
                want = s.state.hands + 1
                while shown_hand() != want:
                    assert time.monotonic() - committed < 20, "the big screen did not follow"
                    await pilot.pause(0.002)
                times.append(time.monotonic() - committed)
                await asyncio.sleep(0.037 * (i % 3))  # commits land at other poll phases
        finally:
            j.close()
    return times


def many_tables(path: Path, n: int) -> None:
    """``n`` neutral tables "Table 1" … "Table n"."""
    j = Journal(path, "podium")
    for i in range(n):
        j.create_table(load_table_text(table_text(f"Table {i + 1}"), f"<{i}>"))
    j.close()

"""A small headless-Chromium launcher for the report tests (until the shared browser helper
lands): screenshot, print to PDF, console messages and the requests a page made."""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
from dataclasses import dataclass
from pathlib import Path

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--enable-logging=stderr", "--v=0"]


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


@dataclass
class Visit:
    console: list[str]              # every console message the page logged (CSP refusals too)
    requests: list[str]             # URLs the PAGE asked the network for (not Chromium's own)
    output: Path


def visit(page: Path, work: Path, *, screenshot: tuple[int, int] | None = None,
          pdf: bool = False, timeout: float = 90) -> Visit:
    """Open ``page`` once in a fresh profile; one of ``screenshot`` (width, height) or ``pdf``."""
    exe = chromium()
    assert exe is not None, "no chromium"
    work.mkdir(parents=True, exist_ok=True)
    netlog = work / "net.json"
    out = work / ("page.pdf" if pdf else "page.png")
    args = [exe, *FLAGS, f"--user-data-dir={work / 'profile'}", f"--log-net-log={netlog}"]
    if pdf:
        args += [f"--print-to-pdf={out}", "--no-pdf-header-footer"]
    else:
        w, h = screenshot or (794, 1123)
        args += [f"--window-size={w},{h}", f"--screenshot={out}"]
    args.append(page.absolute().as_uri())
    proc = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    console = [line for line in proc.stderr.splitlines() if ":CONSOLE" in line]
    return Visit(console, page_requests(netlog), out)


def page_requests(netlog: Path) -> list[str]:
    """URLs requested on behalf of a file:// page (Chromium's own update and account
    checks run in another network partition and are left out)."""
    data = json.loads(netlog.read_text() or "{}")
    types = {v: k for k, v in data.get("constants", {}).get("logEventTypes", {}).items()}
    out = []
    for e in data.get("events", []):
        if types.get(e.get("type")) != "URL_REQUEST_START_JOB":
            continue
        p = e.get("params", {})
        if str(p.get("network_isolation_key", "")).startswith("file://"):
            out.append(p.get("url", ""))
    return out


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def pdf_pages(path: Path) -> int:
    import re

    return len(re.findall(rb"/Type\s*/Page\b(?!s)", path.read_bytes()))


# ---------------------------------------------------------------------------
# journals to report on

SAMPLES = ("california-lowball-2-4.toml", "holdem-10-20-full-killer-last.toml",
           "holdem-4-8-half-two-pots.toml")


def sample_journal(path: Path, names=SAMPLES, who: str = "Floor Fay"):
    """A journal holding the recorded sessions of sample tables (closed on return)."""
    from floorkill.resources import sample_tables_dir
    from floorkill.rules import load_table_file
    from floorkill.store.journal import Journal

    with Journal(path, who) as j:
        for name in names:
            tf = load_table_file(sample_tables_dir() / name)
            s = j.create_table(tf)
            for ev in tf.events:
                s.append(ev)
    return path

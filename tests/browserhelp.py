"""Headless Chromium for tests, driven over the DevTools protocol (no browser download).

Uses the system's Chromium (Debian ``chromium``; ``.ci/run`` installs it) and aiohttp's
websocket client (aiohttp is a dependency: the TV page's server): no Playwright, no Selenium, no
driver binary. Outside network is blocked: every host name but loopback resolves to
nothing, all traffic is sent through a proxy that does not exist (loopback bypasses it),
and each page records every request it made (:attr:`Page.requests`) so a test can
assert that nothing left the machine.

    async with Browser.launch() as browser:           # skips the test without Chromium
        page = await browser.new_page(1920, 1080)
        await page.goto("http://127.0.0.1:8000/")
        assert await page.wait_for("document.title") == "..."
        await page.screenshot(tmp_path / "shot.png")

Synchronous helpers for one-shot uses: :func:`visit` (a report page: a screenshot or a
PDF, its console and the requests it made), :func:`dump_dom`, :func:`screenshot`;
:func:`png_size` and :func:`pdf_pages` read what they wrote.
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import os
import re
import shutil
import struct
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "chrome")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
    "--mute-audio",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
    "--force-device-scale-factor=1",
    # outside network: names resolve to nothing, traffic to a proxy that is not there
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
    "--proxy-server=http://127.0.0.1:9",
]
LAUNCH_TIMEOUT = 60.0


def find_chromium() -> str | None:
    env = os.environ.get("FLOORKILL_CHROMIUM")
    if env:
        return env
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


class BrowserError(Exception):
    pass


class Browser:
    """One headless Chromium process and its DevTools websocket."""

    def __init__(self, proc: subprocess.Popen, profile: str, http, ws) -> None:
        self.proc = proc
        self.profile = profile
        self._http = http
        self._ws = ws
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future] = {}
        self._listeners: dict[str, list] = {}
        self._reader = asyncio.create_task(self._read())

    @classmethod
    def launch(cls, *, skip: bool = True) -> _Launch:
        """An async context manager; without Chromium the test is skipped (``skip``) or
        :class:`BrowserError` raised."""
        return _Launch(skip)

    @classmethod
    async def _start(cls) -> Browser:
        import aiohttp

        exe = find_chromium()
        if exe is None:
            raise BrowserError("no chromium on PATH (apt-get install chromium)")
        profile = tempfile.mkdtemp(prefix="floorkill-chromium-")
        proc = subprocess.Popen(
            [exe, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        url = await asyncio.to_thread(_devtools_url, proc)
        if url is None:
            proc.kill()
            proc.wait()
            shutil.rmtree(profile, ignore_errors=True)
            raise BrowserError("chromium did not start its DevTools endpoint")
        http = aiohttp.ClientSession()
        ws = await http.ws_connect(url, max_msg_size=0)
        return cls(proc, profile, http, ws)

    async def _read(self) -> None:
        import aiohttp

        async for msg in self._ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                continue
            data = json.loads(msg.data)
            if "id" in data:
                fut = self._waiting.pop(data["id"], None)
                if fut is not None and not fut.done():
                    if "error" in data:
                        fut.set_exception(BrowserError(str(data["error"])))
                    else:
                        fut.set_result(data.get("result", {}))
            else:
                key = (data.get("sessionId"), data.get("method"))
                for cb in list(self._listeners.get(key, ())):
                    cb(data.get("params", {}))
        for fut in self._waiting.values():
            if not fut.done():
                fut.set_exception(BrowserError("chromium closed its DevTools connection"))

    async def send(
        self,
        method: str,
        params: dict | None = None,
        session: str | None = None,
        timeout: float = 30.0,
    ) -> dict:
        n = next(self._ids)
        msg: dict[str, Any] = {"id": n, "method": method, "params": params or {}}
        if session is not None:
            msg["sessionId"] = session
        fut = asyncio.get_running_loop().create_future()
        self._waiting[n] = fut
        await self._ws.send_str(json.dumps(msg))
        return await asyncio.wait_for(fut, timeout)

    def on(self, session: str | None, method: str, callback) -> None:
        self._listeners.setdefault((session, method), []).append(callback)

    async def new_page(self, width: int = 1280, height: int = 720) -> Page:
        target = await self.send("Target.createTarget", {"url": "about:blank"})
        attached = await self.send(
            "Target.attachToTarget", {"targetId": target["targetId"], "flatten": True}
        )
        page = Page(self, attached["sessionId"])
        await page._setup(width, height)
        return page

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self.send("Browser.close"), 5)
        except Exception:  # noqa: BLE001 — closing: the browser may be gone already
            pass
        self._reader.cancel()
        try:
            await self._ws.close()
            await self._http.close()
        finally:
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            if self.proc.stderr is not None:
                self.proc.stderr.close()
            shutil.rmtree(self.profile, ignore_errors=True)


class _Launch:
    def __init__(self, skip: bool) -> None:
        self.skip = skip
        self.browser: Browser | None = None

    async def __aenter__(self) -> Browser:
        try:
            self.browser = await Browser._start()
        except BrowserError as exc:
            if self.skip:
                import pytest

                pytest.skip(str(exc))
            raise
        return self.browser

    async def __aexit__(self, *exc) -> None:
        if self.browser is not None:
            await self.browser.close()


def _devtools_url(proc: subprocess.Popen) -> str | None:
    """Read chromium's stderr until it names its DevTools websocket (then keep draining
    it in a thread so the pipe never fills)."""
    import threading

    assert proc.stderr is not None
    deadline = time.monotonic() + LAUNCH_TIMEOUT
    for line in proc.stderr:
        m = re.search(r"DevTools listening on (ws://\S+)", line)
        if m:
            threading.Thread(target=lambda: [None for _ in proc.stderr], daemon=True).start()
            return m.group(1)
        if time.monotonic() > deadline:
            break
    return None


class Page:
    """One tab: navigate, evaluate JavaScript, wait for a condition, take screenshots."""

    def __init__(self, browser: Browser, session: str) -> None:
        self.browser = browser
        self.session = session
        self.requests: list[str] = []  # every URL the page asked for
        self.failed: list[str] = []  # requests that failed (blocked ones too)
        self.console: list[str] = []  # console.* calls
        self.log: list[str] = []  # the browser's own messages: a refused or
        # failed load, a CSP refusal, a script error

    async def _setup(self, width: int, height: int) -> None:
        b, s = self.browser, self.session
        b.on(s, "Network.requestWillBeSent", lambda p: self.requests.append(p["request"]["url"]))
        b.on(s, "Network.loadingFailed", lambda p: self.failed.append(p.get("errorText", "")))
        b.on(s, "Network.webSocketCreated", lambda p: self.requests.append(p["url"]))
        b.on(
            s,
            "Runtime.consoleAPICalled",
            lambda p: self.console.append(
                " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", []))
            ),
        )
        b.on(
            s,
            "Log.entryAdded",
            lambda p: self.log.append(f"{p['entry'].get('level')}: {p['entry'].get('text', '')}"),
        )
        b.on(
            s,
            "Runtime.exceptionThrown",
            lambda p: self.log.append(
                "exception: " + str(p.get("exceptionDetails", {}).get("text", ""))
            ),
        )
        await b.send("Network.enable", session=s)
        await b.send("Runtime.enable", session=s)
        await b.send("Log.enable", session=s)
        await b.send("Page.enable", session=s)
        await self.resize(width, height)

    async def resize(self, width: int, height: int) -> None:
        await self.browser.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
            session=self.session,
        )

    async def front(self) -> None:
        """Make this tab the visible one: a background tab is throttled (no painting)."""
        await self.browser.send("Page.bringToFront", session=self.session)

    async def goto(self, url: str) -> None:
        await self.browser.send("Page.navigate", {"url": url}, session=self.session)

    async def evaluate(self, expression: str) -> Any:
        res = await self.browser.send(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
            session=self.session,
        )
        if "exceptionDetails" in res:
            return None
        return res.get("result", {}).get("value")

    async def wait_for(self, expression: str, timeout: float = 10.0, every: float = 0.05) -> Any:
        """Evaluate ``expression`` until it is truthy; return its value (None on timeout)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = await self.evaluate(expression)
            except BrowserError:
                value = None
            if value:
                return value
            if time.monotonic() >= deadline:
                return None
            await asyncio.sleep(every)  # polling the page, bounded by timeout

    async def screenshot(self, path: str | Path) -> Path:
        res = await self.browser.send(
            "Page.captureScreenshot", {"format": "png"}, session=self.session
        )
        path = Path(path)
        path.write_bytes(base64.b64decode(res["data"]))
        return path

    async def pdf(self, path: str | Path) -> Path:
        """Print to PDF as the page's ``@page`` rule asks (size, margins), no header or
        footer."""
        res = await self.browser.send(
            "Page.printToPDF",
            {"preferCSSPageSize": True, "printBackground": True, "displayHeaderFooter": False},
            session=self.session,
            timeout=90,
        )
        path = Path(path)
        path.write_bytes(base64.b64decode(res["data"]))
        return path


# ---------------------------------------------------------------------------
# one-shot helpers


def _run(coro):
    return asyncio.run(coro)


def dump_dom(
    url: str,
    *,
    width: int = 1280,
    height: int = 720,
    settle: str = "document.readyState === 'complete'",
) -> str:
    """The page's DOM (outerHTML) once ``settle`` is true."""

    async def go() -> str:
        async with Browser.launch(skip=False) as b:
            page = await b.new_page(width, height)
            await page.goto(url)
            await page.wait_for(settle)
            return await page.evaluate("document.documentElement.outerHTML") or ""

    return _run(go())


def screenshot(
    url: str,
    path: str | Path,
    *,
    width: int = 1280,
    height: int = 720,
    settle: str = "document.readyState === 'complete'",
) -> Path:
    async def go() -> Path:
        async with Browser.launch(skip=False) as b:
            page = await b.new_page(width, height)
            await page.goto(url)
            await page.wait_for(settle)
            return await page.screenshot(path)

    return _run(go())


@dataclass
class Visit:
    console: list[str]  # console calls and the browser's messages (a refused request,
    # a CSP refusal, a script error would each log one)
    requests: list[str]  # every URL the page asked for beyond itself (data: URLs,
    # which never leave the page, left out)
    png: Path | None
    pdf: Path | None


def visit(
    page: str | Path,
    work: str | Path,
    *,
    screenshot: tuple[int, int] | None = None,
    pdf: bool = False,
    settle: str = "document.readyState === 'complete'",
) -> Visit:
    """Open ``page`` (a file or a URL) once in a fresh headless Chromium; take a screenshot
    at ``screenshot`` = (width, height) CSS pixels and/or print it to PDF, into ``work``."""
    url = page.absolute().as_uri() if isinstance(page, Path) else page
    work = Path(work)
    work.mkdir(parents=True, exist_ok=True)

    async def go() -> Visit:
        async with Browser.launch(skip=False) as b:
            w, h = screenshot or (794, 1123)
            tab = await b.new_page(w, h)
            await tab.goto(url)
            await tab.wait_for(settle)
            png = await tab.screenshot(work / "page.png") if screenshot else None
            out = await tab.pdf(work / "page.pdf") if pdf else None
            await tab.evaluate("0")  # events sent before this reply are in
            requests = [u for u in tab.requests if u != url and not u.startswith("data:")]
            return Visit(tab.console + tab.log, requests, png, out)

    return _run(go())


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def pdf_pages(path: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", path.read_bytes()))

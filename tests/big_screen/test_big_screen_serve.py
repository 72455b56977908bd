"""``big-screen --serve``: the command each browser runs, the reconnecting page, the
one-line error without textual-serve, and a real server on a loopback port."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from bshelp import KILL_POT, make_journal

from floorkill.ui import serve as serve_mod
from floorkill.ui.big_screen import run_big_screen
from floorkill.ui.serve import (RECONNECT_MARK, big_screen_argv, big_screen_command,
                                patch_page, serve_big_screen)

ROOT = Path(__file__).resolve().parents[2]


def test_the_served_command_is_the_terminal_big_screen_quoted(tmp_path):
    journal = tmp_path / "it's a $HOME; rm -rf x" / "journal.db"
    table = "Table 5 · $10-$20 `Kill` 'x'"
    cmd = big_screen_command(journal, table, python="/opt/py thon/bin/python")
    assert shlex.split(cmd) == ["/opt/py thon/bin/python", "-m", "floorkill", "big-screen",
                                "--journal", str(journal.absolute()), "--table", table]
    argv = big_screen_argv("rel/journal.db")
    assert argv[1:5] == ["-m", "floorkill", "big-screen", "--journal"]
    assert Path(argv[5]).is_absolute() and "--serve" not in argv and "--table" not in argv


def _template() -> str:
    import textual_serve.server as ts

    return (Path(ts.__file__).parent / "templates" / "app_index.html").read_text()


def test_the_page_gets_a_reconnect_script_once():
    pytest.importorskip("textual_serve.server")
    page = patch_page(_template())
    assert page.count(RECONNECT_MARK) == 1 and patch_page(page) == page
    assert page.index(RECONNECT_MARK) < page.index("</head>")
    assert "Session ended." not in page and "Reconnecting to the big screen" in page
    assert 'data-font-size="{{ font_size }}"' in page          # ?fontsize= still works


NODE_HARNESS = r"""
const SCRIPT = process.argv[process.argv.length - 1];
let reloads = 0, fetches = 0, timers = [], observers = [], onload = [], up = false;
const classes = new Set();
global.document = {body: {classList: {contains: c => classes.has(c)}}};
global.MutationObserver = class { constructor(cb) { this.cb = cb; observers.push(this); }
                                  observe() {} };
global.window = {location: {href: "http://tv:8000/?fontsize=30", reload: () => { reloads++; }},
                 addEventListener: (ev, f) => { if (ev === "load") onload.push(f); }};
global.fetch = () => { fetches++; return up ? Promise.resolve({ok: true})
                                               : Promise.reject(new Error("down")); };
global.setTimeout = f => { timers.push(f); };
const flush = () => new Promise(r => setImmediate(r));
(async () => {
  const out = {};
  eval(SCRIPT);
  onload.forEach(f => f());
  out.idle_timers = timers.length;                 // connected: nothing scheduled
  classes.add("-closed"); observers.forEach(o => o.cb()); observers.forEach(o => o.cb());
  out.closed_timers = timers.length;               // one retry loop, not two
  for (let i = 0; i < 3; i++) { timers.shift()(); await flush(); await flush(); }
  out.down = {fetches, reloads, pending: timers.length};
  up = true; timers.shift()(); await flush(); await flush();
  out.up = {fetches, reloads, pending: timers.length};
  console.log(JSON.stringify(out));
})();
"""


def test_the_reconnect_script_retries_until_the_server_answers_then_reloads():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = re.search(r"<script[^>]*>(.*?)</script>", serve_mod.RECONNECT_SCRIPT, re.S).group(1)
    out = subprocess.run([node, "-e", NODE_HARNESS, script], capture_output=True, text=True,
                         timeout=30)
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout)
    assert res["idle_timers"] == 0 and res["closed_timers"] == 1
    assert res["down"] == {"fetches": 3, "reloads": 0, "pending": 1}
    assert res["up"] == {"fetches": 4, "reloads": 1, "pending": 0}


def test_without_textual_serve_one_line_and_exit_2(monkeypatch, capsys, tmp_path):
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)     # import fails
    assert serve_big_screen(tmp_path / "j.db", None, port=1) == 2
    assert run_big_screen(tmp_path / "j.db", None, serve=True, port=1) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["floorkill: --serve needs textual-serve: pip install 'floorkill[serve]'"] * 2


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_a_served_big_screen_on_loopback(tmp_path):
    aiohttp = pytest.importorskip("aiohttp")
    pytest.importorskip("textual_serve.server")
    path = tmp_path / "journal.db"
    make_journal(path, KILL_POT)
    port = _free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "floorkill", "big-screen", "--journal", str(path),
         "--serve", "--port", str(port)],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession() as http:
            deadline = time.monotonic() + 20
            page = None
            while page is None and time.monotonic() < deadline and proc.poll() is None:
                try:
                    async with http.get(base + "/?fontsize=40") as r:
                        assert r.status == 200
                        page = await r.text()
                except aiohttp.ClientConnectionError:
                    await asyncio.sleep(0.1)               # polling for the server, bounded
            assert page is not None, proc.stdout.read().decode() if proc.poll() is not None else ""
            assert 'data-font-size="40"' in page and RECONNECT_MARK in page
            assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in page
            async with http.get(base + "/?fontsize=40", headers={"Host": f"tv.local:{port}"}) as r:
                assert f"ws://tv.local:{port}/ws" in await r.text()   # the address the TV used
            async with http.ws_connect(base + "/ws?width=100&height=30") as ws:
                seen = b""
                deadline = time.monotonic() + 20
                while b"KILL POT" not in seen and time.monotonic() < deadline:
                    msg = await ws.receive(timeout=max(0.1, deadline - time.monotonic()))
                    if msg.type != aiohttp.WSMsgType.BINARY:
                        break
                    seen += msg.data
                assert "KILL POT — Seat 3 Cy — $20-$40".encode() in seen
                for keys in ("\x11", "\x03", "\x10", "\x13", "\x1b", "\t"):   # ctrl+q/c/p/s…
                    await ws.send_json(["stdin", keys])
                await ws.send_json(["ping", "after-keys"])
                while True:                                 # the app still answers
                    msg = await ws.receive(timeout=10)
                    if msg.type == aiohttp.WSMsgType.TEXT and "after-keys" in msg.data:
                        break
                    assert msg.type == aiohttp.WSMsgType.BINARY
                await ws.send_json(["stdin", "quit\r"])     # the deliberate way out
                while True:
                    msg = await ws.receive(timeout=10)
                    if msg.type != aiohttp.WSMsgType.BINARY:
                        break
                assert msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                    aiohttp.WSMsgType.CLOSING)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

"""``big-screen --serve``: the command each browser runs, the page, and a real server on
loopback receiving hostile messages (giant resizes, junk, other sites' pages, too many
browsers, no token, a server killed outright)."""

from __future__ import annotations

import asyncio
import json
import re
import signal
import sys
import time
from pathlib import Path

import pytest
from bshelp import KILL_POT, Served, alive, make_journal, rss_kb, wait_http

from floorkill.ui import serve as serve_mod
from floorkill.ui.big_screen import run_big_screen
from floorkill.ui.serve import (
    MAX_COLS,
    MAX_ROWS,
    MAX_STDIN,
    MIN_COLS,
    MIN_ROWS,
    big_screen_argv,
    clamp_int,
    is_loopback,
    make_token,
    parse_message,
    patch_textual_js,
    render_page,
    serve_big_screen,
)

aiohttp = pytest.importorskip("aiohttp")
pytest.importorskip("textual_serve")


def test_the_served_command_is_the_terminal_big_screen_without_a_shell(tmp_path):
    journal = tmp_path / "it's a $HOME; rm -rf x" / "journal.db"
    table = "Table 5 · $10-$20 `Kill` 'x'"
    argv = big_screen_argv(journal, table, python="/opt/py thon/bin/python", grid=True, rotate=5)
    assert argv == [
        "/opt/py thon/bin/python",
        "-m",
        "floorkill",
        "big-screen",
        "--journal",
        str(journal.absolute()),
        "--table",
        table,
        "--rotate",
        "5",
        "--grid",
    ]
    argv = big_screen_argv("rel/journal.db", grid=False)
    assert Path(argv[5]).is_absolute() and "--serve" not in argv and argv[-1] == "--no-grid"
    assert "--grid" not in big_screen_argv("j.db") and "--no-grid" not in big_screen_argv("j.db")


@pytest.mark.parametrize(
    "raw, expected",
    [
        (
            ["resize", {"width": 1_000_000_000, "height": 1_000_000_000}],
            ("resize", (MAX_COLS, MAX_ROWS)),
        ),
        (["resize", {"width": -5, "height": 0}], ("resize", (MIN_COLS, MIN_ROWS))),
        (["resize", {"width": 100, "height": 30}], ("resize", (100, 30))),
        (["resize", {"width": True, "height": 30}], None),
        (["resize", {"width": 1e300, "height": 30}], None),
        (["resize", {"width": "9" * 400, "height": 30}], None),
        (["resize", [100, 30]], None),
        (["resize"], None),
        (["stdin", "x" * 100_000], None),  # over the message size
        (["stdin", "q" * 1000], ("stdin", "q" * MAX_STDIN)),
        (["stdin", 5], None),
        (["ping", "1"], ("ping", "1")),
        (["ping", "1" * 65], None),
        (["focus"], None),
        (["blur"], None),
        (["deliver_chunk_request", {}], None),
        ({"resize": 1}, None),
        ([], None),
        ([1, 2], None),
        ("resize", None),
    ],
)
def test_browser_messages_are_checked_and_sizes_clamped(raw, expected):
    assert parse_message(json.dumps(raw)) == expected


def test_junk_and_deep_json_are_dropped():
    assert parse_message("not json") is None
    assert parse_message("[" * 3000 + "]" * 3000) is None
    assert clamp_int("12", 1, 5) == 5 and clamp_int(" 3 ", 1, 5) == 3
    assert clamp_int("-3", 1, 5) is None and clamp_int(None, 1, 5) is None


def test_loopback_and_the_token():
    assert all(is_loopback(h) for h in ("127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost"))
    assert not any(
        is_loopback(h) for h in ("0.0.0.0", "::", "192.168.1.5", "tv.local", "localhost.evil.com")
    )
    assert make_token("127.0.0.1", None) is None
    t1, t2 = make_token("0.0.0.0", None), make_token("192.168.1.5", None)
    assert t1 and t2 and t1 != t2 and len(t1) >= 20
    assert make_token("127.0.0.1", "given-token") == "given-token"


def test_the_served_script_gets_both_hooks():
    import textual_serve

    js = (Path(textual_serve.__file__).parent / "static/js/textual.js").read_text()
    patched = patch_textual_js(js)
    for anchor, replacement in serve_mod.TEXTUAL_JS_HOOKS:
        assert anchor in js, "textual-serve changed its bundle: update TEXTUAL_JS_HOOKS"
        assert replacement in patched


def test_the_page_escapes_what_it_is_given_and_names_nothing_outside():
    page = render_page(
        websocket='ws://h:1/ws?token="><script>x</script>', static="static", fontsize=None
    )
    assert "<script>x" not in page and "&quot;&gt;&lt;script&gt;" in page
    assert 'data-fixed-font-size="0"' in page
    assert 'data-fixed-font-size="30"' in render_page(
        websocket="ws://h/ws", static="s", fontsize=30
    )
    for text in (
        page,
        (serve_mod.WEB / "page.css").read_text(),
        (serve_mod.WEB / "page.js").read_text(),
    ):
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text, re.I), text
    assert "googleapis" not in page


def test_without_textual_serve_one_line_and_exit_2(monkeypatch, capsys, tmp_path):
    monkeypatch.setitem(sys.modules, "textual_serve", None)  # import fails
    assert serve_big_screen(tmp_path / "j.db", None, port=1) == 2
    assert run_big_screen(tmp_path / "j.db", None, serve=True, port=1) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["floorkill: --serve needs textual-serve: pip install 'floorkill[serve]'"] * 2


def test_a_short_token_is_refused_in_one_line(capsys, tmp_path):
    assert serve_big_screen(tmp_path / "j.db", None, token="abc", port=1) == 2
    assert capsys.readouterr().err.count("\n") == 1


# ---------------------------------------------------------------------------
# a real server


async def _frames(ws, until: bytes | None = None, timeout: float = 20.0) -> bytes:
    """Binary output until ``until`` shows (or the time is up); raises on close."""
    seen = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and (until is None or until not in seen):
        try:
            msg = await ws.receive(timeout=max(0.05, min(0.5, deadline - time.monotonic())))
        except TimeoutError:
            if until is None:
                break
            continue
        if msg.type == aiohttp.WSMsgType.BINARY:
            seen += msg.data
        elif msg.type != aiohttp.WSMsgType.TEXT:
            raise ConnectionError(f"closed: {msg.type}")
    return seen


async def _pong(ws, mark: str) -> None:
    await ws.send_json(["ping", mark])
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        msg = await ws.receive(timeout=20)
        if msg.type == aiohttp.WSMsgType.TEXT and mark in msg.data:
            return
        assert msg.type == aiohttp.WSMsgType.BINARY, msg
    raise AssertionError("no pong")


async def _until_gone(pid: int, timeout: float = 15.0) -> float:
    start = time.monotonic()
    while alive(pid):
        assert time.monotonic() - start < timeout, f"display {pid} still running"
        await asyncio.sleep(0.05)  # polling /proc, bounded
    return time.monotonic() - start


@pytest.fixture
def served(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path, KILL_POT)
    servers: list[Served] = []

    def start(*args, **kwargs) -> Served:
        s = Served(path, *args, **kwargs)
        servers.append(s)
        return s

    yield start
    for s in servers:
        s.stop()


async def test_hostile_messages_a_closed_socket_and_the_quit_word(served):
    srv = served("--rotate", "0")
    await wait_http(srv.base)
    async with aiohttp.ClientSession() as http:
        async with http.get(srv.base + "/?fontsize=99999") as r:
            page = await r.text()
            assert r.status == 200 and "default-src 'self'" in r.headers["Content-Security-Policy"]
        assert 'data-fixed-font-size="200"' in page
        assert f'data-session-websocket-url="ws://127.0.0.1:{srv.port}/ws"' in page
        async with http.get(srv.base + "/static/../../serve.py") as r:
            assert r.status == 404
        async with http.get(srv.base + "/", headers={"Host": f"rebound.example:{srv.port}"}) as r:
            assert r.status == 403  # DNS rebinding onto loopback
        with pytest.raises(aiohttp.WSServerHandshakeError) as exc:
            await http.ws_connect(srv.base + "/ws", headers={"Origin": "http://evil.example"})
        assert exc.value.status == 403  # another site's page
        async with http.ws_connect(
            srv.base + "/ws?width=999999999&height=100", headers={"Origin": srv.base}
        ) as ws:
            seen = await _frames(ws, "KILL POT — Seat 3 Cy — $20-$40".encode())
            assert "KILL POT — Seat 3 Cy — $20-$40".encode() in seen
            [pid] = srv.displays()
            before = rss_kb(pid)
            junk = [
                "not json",
                "[" * 3000,
                json.dumps(["resize", {"width": 10**9}]),
                json.dumps(["stdin", "\x11\x03\x10\x13\x1b\t"]),
                json.dumps({"x": 1}),
                json.dumps(["deliver_chunk_request", {"key": "k", "size": 10**9}]),
            ]
            for raw in junk:
                await ws.send_str(raw)
            for _ in range(20):
                await ws.send_json(["resize", {"width": 1_000_000_000, "height": 1_000_000_000}])
            await _pong(ws, "after-hostile")
            out = await _frames(ws, timeout=2.0)
            rows = [int(r) for r in re.findall(rb"\x1b\[(\d+);\d+H", out)]
            assert rows and max(rows) <= MAX_ROWS  # the display got the clamped size
            after = rss_kb(pid)
            assert after - before < 60_000, (before, after)  # kB: bounded, not 50 MB/s
            assert alive(pid)
            await ws.send_str("x" * 100_000)  # too big: the server hangs up
            with pytest.raises(ConnectionError):
                await _frames(ws, b"never", timeout=20)
        await _until_gone(pid)  # the socket closed: it ended
        assert srv.displays() == []

        async with http.ws_connect(srv.base + "/ws?width=100&height=30") as ws:
            await _frames(ws, b"KILL POT")
            [pid] = srv.displays()
            await ws.send_json(["stdin", "quit\r"])  # the deliberate way out
            with pytest.raises(ConnectionError):
                await _frames(ws, b"never", timeout=20)
        await _until_gone(pid)


async def test_at_most_max_displays_at_once(served):
    srv = served("--max-displays", "2", "--rotate", "0")
    await wait_http(srv.base)
    async with aiohttp.ClientSession() as http:
        a = await http.ws_connect(srv.base + "/ws")
        b = await http.ws_connect(srv.base + "/ws")
        with pytest.raises(aiohttp.WSServerHandshakeError) as exc:
            await http.ws_connect(srv.base + "/ws")
        assert exc.value.status == 503
        await _frames(a, b"KILL POT")
        pids = srv.displays()
        await a.close()
        await b.close()
        for pid in pids:
            await _until_gone(pid)
        c = await http.ws_connect(srv.base + "/ws")  # room again
        await _frames(c, b"KILL POT")
        [pid] = srv.displays()
        srv.stop()  # SIGTERM: displays end too
        await _until_gone(pid)
        await c.close()


async def test_off_loopback_every_address_needs_the_token(served):
    srv = served("--rotate", "0", host="0.0.0.0")
    assert srv.token and srv.url.startswith("http://") and f"?token={srv.token}" in srv.url
    await wait_http(srv.base)
    wrong = srv.token[:-1] + (
        "x" if srv.token[-1] != "x" else "y"
    )  # one character off, never the token
    async with aiohttp.ClientSession() as http:
        for path in ("/", "/?token=", "/?token=" + wrong, "/ws"):
            async with http.get(srv.base + path) as r:
                assert r.status == 403, path
        async with http.get(
            srv.base + f"/?token={srv.token}", headers={"Host": f"tv-room.local:{srv.port}"}
        ) as r:
            page = await r.text()
            assert r.status == 200
        assert f"ws://tv-room.local:{srv.port}/ws?token={srv.token}" in page
        ws = await http.ws_connect(srv.base + f"/ws?token={srv.token}")
        await _frames(ws, b"KILL POT")
        [pid] = srv.displays()
        srv.stop(signal.SIGKILL)  # the server dies without a word
        await ws.close()
        await _until_gone(pid)  # its display notices and ends


async def test_a_given_token_is_required_on_loopback_too(served):
    srv = served("--token", "cardroom-42")
    await wait_http(srv.base)
    async with aiohttp.ClientSession() as http:
        async with http.get(srv.base + "/") as r:
            assert r.status == 403
        async with http.get(srv.base + "/?token=cardroom-42") as r:
            assert r.status == 200


def test_the_command_line_passes_grid_token_and_cap(monkeypatch, tmp_path):
    from floorkill import cli
    from floorkill.ui import big_screen

    seen = {}
    monkeypatch.setattr(big_screen, "run_big_screen", lambda *a, **k: seen.update(k) or 0)
    assert (
        cli.main(
            [
                "big-screen",
                "--journal",
                str(tmp_path / "j.db"),
                "--grid",
                "--serve",
                "--host",
                "0.0.0.0",
                "--token",
                "cardroom-42",
                "--max-displays",
                "3",
            ]
        )
        == 0
    )
    assert seen["grid"] is True and seen["token"] == "cardroom-42" and seen["max_displays"] == 3
    assert cli.main(["big-screen", "--no-grid"]) == 0 and seen["grid"] is False
    assert cli.main(["big-screen"]) == 0 and seen["grid"] is None and seen["token"] is None

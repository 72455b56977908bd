"""The TV page's server (``big-screen --serve``, :mod:`floorkill.web`): one process, the
big screen's view pushed as JSON, and one bad client never locks the other screens out.

Most tests run the server in this process on loopback (an OS-chosen port); a second
loopback address (127.0.0.2) plays the other screen. The view the stream carries is the
view the terminal big screen renders (one source, two renderers)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import subprocess
import sys
import time

import aiohttp
from bshelp import KILL_POT, NEUTRAL, Served, add_table, digest, make_journal, text_of
from hypothesis import given
from hypothesis import strategies as st

from floorkill.display.follow import Follower
from floorkill.display.view import ViewBuilder, view_dict
from floorkill.store.journal import Journal
from floorkill.ui.big_screen.terminal import decision_content, make_big_screen_app
from floorkill.web.guard import Guard, Limits, is_loopback
from floorkill.web.server import BigScreenServer, ServeConfig, flag, make_token

OTHER = "127.0.0.2"  # a second screen's address (all of 127/8 is loopback on Linux)


@contextlib.asynccontextmanager
async def running(path, **kwargs):
    """A server in this process on 127.0.0.1; yields (server, base URL)."""
    config = ServeConfig(path, port=0, **kwargs)
    server = BigScreenServer(config)
    runner, listener = await server.start()
    port = listener.sockets[0].getsockname()[1]
    try:
        yield server, f"http://127.0.0.1:{port}"
    finally:
        await server.stop(runner, listener)


def session(address: str = "127.0.0.1") -> aiohttp.ClientSession:
    """A client whose connections come from ``address``."""
    return aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(local_addr=(address, 0), force_close=True)
    )


async def views(response, n: int = 1, timeout: float = 20.0) -> list[dict]:
    """The next ``n`` views on an event stream."""
    out: list[dict] = []
    event = None
    deadline = time.monotonic() + timeout
    while len(out) < n:
        left = deadline - time.monotonic()
        assert left > 0, f"only {len(out)} of {n} views"
        line = await asyncio.wait_for(response.content.readline(), left)
        assert line, "the stream ended"
        line = line.decode().rstrip("\n")
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: ") and event == "view":
            out.append(json.loads(line[6:]))
    return out


def expected_view(path, lang: str = "en") -> dict:
    follower = Follower(path, None, lang=lang)
    try:
        picture = follower.poll()
    finally:
        follower.close()
    assert picture is not None
    return view_dict(ViewBuilder(lang).build(picture))


# ---------------------------------------------------------------------------
# one view, two renderers


async def test_the_stream_carries_the_view_the_terminal_big_screen_renders(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path, KILL_POT)
    add_table(path, "Table 7", NEUTRAL)
    async with running(path) as (_server, base), session() as http:
        async with http.get(base + "/events") as r:
            assert r.headers["Content-Type"].startswith("text/event-stream")
            [sent] = await views(r)
        async with http.get(base + "/events?lang=ru") as r:
            [sent_ru] = await views(r)
    assert sent == expected_view(path) and sent_ru == expected_view(path, "ru")
    assert sent["tables"][0]["banner"]["text"] == "KILL POT — Seat 3 Cy — $20-$40"
    assert sent_ru["lang"] == "ru" and "КИЛЛ" in sent_ru["tables"][0]["banner"]["status"]

    app = make_big_screen_app(path, None, grid=False, rotate=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert view_dict(app.view) == sent  # the terminal's view is the one sent
        for i in range(2):
            table = sent["tables"][i]
            assert text_of(app, "#table-name") == table["name"]
            assert text_of(app, "#banner") == table["banner"]["text"]
            assert text_of(app, "#limits-label") == table["limits_label"]
            assert text_of(app, "#rotation") == table["rotation"]
            assert str(decision_content(app.view.tables[i].last)) == str(
                app.query_one("#last").content
            )
            app._rotate()
            await pilot.pause()
    grid = make_big_screen_app(path, None, grid=True, rotate=0)
    async with grid.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert view_dict(grid.view)["grid"] == sent["grid"]
        assert text_of(grid, "#room-title") == sent["grid"]["title"]


async def test_a_commit_reaches_every_screen_and_the_picture_is_kept_between(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path, NEUTRAL)
    async with running(path) as (_server, base), session() as a, session(OTHER) as b:
        ra = await a.get(base + "/events")
        rb = await b.get(base + "/events")
        [first_a], [first_b] = await views(ra), await views(rb)
        assert first_a == first_b and first_a["tables"][0]["banner"]["kind"] == "neutral"
        j = Journal(path, "podium")
        s = j.open_table("Table 12")
        for ev in KILL_POT:
            s.append(ev)
        j.close()
        for r in (ra, rb):
            while True:  # one view per poll that saw a commit: the last one is the kill
                [v] = await views(r)
                if v["tables"][0]["banner"]["kind"] == "kill":
                    break
        ra.close()
        rb.close()


# ---------------------------------------------------------------------------
# a viewer can change nothing


async def test_a_viewer_can_change_nothing(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path, KILL_POT)
    before = digest(path)
    async with running(path) as (_server, base), session() as http:
        for method in ("POST", "PUT", "DELETE", "PATCH"):
            for where in ("/", "/events", "/static/page.js"):
                async with http.request(method, base + where, data=b"x" * 100) as r:
                    assert r.status == 405, (method, where)
        async with http.get(base + "/", data=b"x" * 100_000) as r:
            assert r.status in (400, 413)  # no body is ever read
        async with http.get(base + "/static/../../web/server.py") as r:
            assert r.status == 404
        async with http.get(base + "/static/index.html") as r:
            assert r.status == 404  # the page is only served rendered
        async with http.get(base + "/") as r:
            page = await r.text()
            assert "script-src 'self'" in r.headers["Content-Security-Policy"]
        assert "<script>" not in page  # no inline script: the CSP allows none
    assert digest(path) == before


async def test_the_address_chooses_what_a_screen_shows_and_is_escaped(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path, KILL_POT)
    async with running(path, grid=True) as (_server, base), session() as http:
        async with http.get(base + '/?table="><script>x</script>&grid=0&placard=1&lang=ru') as r:
            page = await r.text()
        assert "<script>x" not in page and "&quot;&gt;&lt;script&gt;" in page
        assert 'data-grid="0"' in page and 'data-placard="1"' in page
        assert '<html lang="ru">' in page
        async with http.get(base + "/?lang=xx") as r:
            page = await r.text()
        assert '<html lang="en">' in page and 'data-grid="1"' in page  # the server's
    assert flag("YES", None) is True and flag("off", True) is False and flag("?", None) is None


async def test_hostile_request_lines_and_headers_are_refused(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path)
    async with running(path) as (_server, base), session() as http:
        async with http.get(base + "/?x=" + "a" * 600) as r:
            assert r.status == 414
        async with http.get(base + "/", headers={"X-Big": "a" * 5000}) as r:
            assert r.status in (400, 431)
        async with http.get(base + "/", headers={"Host": "rebound.example"}) as r:
            assert r.status == 403  # DNS rebinding onto loopback
        async with http.get(base + "/") as r:
            assert r.status == 200  # and it still serves


async def test_the_token_is_required_and_never_logged(tmp_path, caplog):
    path = tmp_path / "journal.db"
    make_journal(path)
    token = "cardroom-42-secret"
    caplog.set_level(logging.DEBUG)
    async with running(path, token=token) as (server, base), session() as http:
        wrong = token[:-1] + ("x" if token[-1] != "x" else "y")
        for where in ("/", "/?token=", f"/?token={wrong}", "/events", f"/events?token={wrong}"):
            async with http.get(base + where) as r:
                assert r.status == 403, where
        async with http.get(base + f"/?token={token}") as r:
            page = await r.text()
            assert r.status == 200
        assert token not in page  # the script reads it from its own address
        async with http.get(base + "/static/page.js") as r:
            assert r.status == 200  # the page's own files are not secret
        async with http.get(base + f"/events?token={token}") as r:
            await views(r)
        assert server.url().endswith(f"?token={token}")
    assert token not in caplog.text
    assert make_token("127.0.0.1", None) is None
    t1, t2 = make_token("0.0.0.0", None), make_token("192.168.1.5", None)
    assert t1 and t2 and t1 != t2 and len(t1) >= 20
    assert all(is_loopback(h) for h in ("127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost"))
    assert not any(is_loopback(h) for h in ("0.0.0.0", "192.168.1.5", "localhost.evil.com"))


# ---------------------------------------------------------------------------
# one bad client


def raw_socket(port: int, address: str = "127.0.0.1") -> socket.socket:
    s = socket.socket()
    s.bind((address, 0))
    s.connect(("127.0.0.1", port))
    s.settimeout(10)
    return s


def closed_by_server(s: socket.socket) -> bool:
    try:
        return s.recv(1) == b""
    except (ConnectionResetError, TimeoutError):
        return isinstance(sys.exc_info()[1], ConnectionResetError)


async def test_held_connections_from_one_address_never_lock_another_out(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path, KILL_POT)
    limits = Limits(connections_per_address=4, idle=30)
    async with running(path, limits=limits) as (server, base):
        port = int(base.rsplit(":", 1)[1])
        held = [raw_socket(port) for _ in range(4)]  # all this address may have
        extra = raw_socket(port)
        assert await asyncio.to_thread(closed_by_server, extra)  # dropped at once
        async with session(OTHER) as http, http.get(base + "/events") as r:
            [v] = await views(r)  # the other address's screen connects and updates
            assert v["tables"][0]["banner"]["kind"] == "kill"
        assert server.guard.refused >= 1
        for s in held + [extra]:
            s.close()


async def test_a_silent_connection_is_closed_but_a_screen_stays(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path)
    async with running(path, limits=Limits(idle=0.5)) as (_server, base):
        port = int(base.rsplit(":", 1)[1])
        silent = raw_socket(port)
        half = raw_socket(port)
        half.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # never finished
        async with session() as http, http.get(base + "/events") as r:
            await views(r)
            # (each socket waits 10 s at most: a server that never closes them fails)
            assert await asyncio.to_thread(closed_by_server, silent)
            assert await asyncio.to_thread(closed_by_server, half)
            await asyncio.sleep(1.0)  # twice the idle time: the stream is still open
            assert not r.content.at_eof() and not r.closed
        silent.close()
        half.close()


async def test_a_request_flood_from_one_address_is_limited_there(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path)
    limits = Limits(requests_per_second=1, request_burst=10, connections_per_address=64)
    async with running(path, limits=limits) as (server, base):
        async with session() as flood:
            statuses = []
            for _ in range(40):
                async with flood.get(base + "/static/page.css") as r:
                    statuses.append(r.status)
            # the burst, then about one a second (however slow this machine is today)
            assert statuses[:10] == [200] * 10 and statuses.count(429) >= 10, statuses
        async with session(OTHER) as other, other.get(base + "/") as r:
            assert r.status == 200
        assert server.guard.limited >= 10


async def test_event_streams_are_bounded_per_address_and_in_all(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path)
    limits = Limits(streams_per_address=2, streams=3)
    async with running(path, limits=limits) as (_server, base):
        async with session() as a, session(OTHER) as b:
            r1, r2 = await a.get(base + "/events"), await a.get(base + "/events")
            r3 = await a.get(base + "/events")
            assert (r1.status, r2.status, r3.status) == (200, 200, 503)
            r4 = await b.get(base + "/events")
            r5 = await b.get(base + "/events")
            assert (r4.status, r5.status) == (200, 503)  # three in all
            r1.close()  # a place is freed as soon as the server sees the hang-up
            deadline = time.monotonic() + 20
            while True:
                r6 = await b.get(base + "/events")
                if r6.status == 200 or time.monotonic() > deadline:
                    break
                r6.close()
                await asyncio.sleep(0.1)
            assert r6.status == 200
            for r in (r2, r3, r4, r5, r6):
                r.close()


async def test_a_screen_that_stops_reading_is_dropped_and_the_others_go_on(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path)
    async with running(path, limits=Limits(write_timeout=0.5)) as (server, base):
        port = int(base.rsplit(":", 1)[1])
        stuck = socket.socket()
        stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # and never read
        stuck.bind(("127.0.0.1", 0))
        stuck.connect(("127.0.0.1", port))
        stuck.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        async with session(OTHER) as http, http.get(base + "/events") as r:
            await views(r)
            channel = server.channels["en"]
            assert server.guard.total_streams == 2
            line = b"data: " + b"x" * 100_000 + b"\n"
            big = b"event: ping\n" + line * 10 + b"\n"  # a megabyte: over any buffer
            deadline = time.monotonic() + 30
            while server.guard.total_streams > 1:
                assert time.monotonic() < deadline, "the stuck screen was never dropped"
                channel.publish(big)
                await asyncio.sleep(0.2)
                while (await asyncio.wait_for(r.content.readline(), 20)) != b"\n":
                    pass  # the other screen reads every update in full
            assert server.guard.streams == {OTHER: 1}
        stuck.close()


def test_the_guard_counts_and_frees_per_address():
    now = [0.0]
    g = Guard(
        Limits(connections_per_address=2, requests_per_second=1, request_burst=2), lambda: now[0]
    )
    assert g.admit("a") and g.admit("a") and not g.admit("a") and g.admit("b")
    g.release("a")
    assert g.admit("a") and g.refused == 1
    assert g.allow_request("a") and g.allow_request("a") and not g.allow_request("a")
    assert g.allow_request("b")
    now[0] += 1.0
    assert g.allow_request("a") and not g.allow_request("a")


# ---------------------------------------------------------------------------
# the command


def test_the_server_process_imports_no_textual():
    code = (
        "import sys, floorkill.web.server, floorkill.display.view; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_command_serves_and_stops_on_sigterm(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path, KILL_POT)
    srv = Served(path, "--rotate", "5")
    try:

        async def check() -> None:
            from bshelp import wait_http

            await wait_http(srv.base)
            async with session() as http, http.get(srv.base + "/events") as r:
                [v] = await views(r)
                assert v["tables"][0]["banner"]["kind"] == "kill"
            async with session() as http, http.get(srv.base + "/") as r:
                assert 'data-rotate="5"' in await r.text()

        asyncio.run(check())
        srv.stop()  # SIGTERM; killed after 20 s (then the exit code is not 0)
        assert srv.proc.returncode == 0
        assert not any("Traceback" in line for line in srv.output)
    finally:
        srv.stop()


def test_a_short_token_is_refused_in_one_line(capsys, tmp_path):
    from floorkill.web.server import serve_big_screen

    assert serve_big_screen(tmp_path / "j.db", None, token="abc", port=1) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_command_line_passes_grid_token_and_cap(monkeypatch, tmp_path):
    from floorkill import cli
    from floorkill.web import server

    seen: dict = {}
    monkeypatch.setattr(server, "serve_big_screen", lambda *a, **k: seen.update(k) or 0)
    argv = ["big-screen", "--journal", str(tmp_path / "j.db"), "--grid", "--serve"]
    argv += ["--token", "cardroom-42", "--max-screens", "3", "--placard"]
    assert cli.main(argv) == 0
    assert seen["grid"] is True and seen["token"] == "cardroom-42" and seen["max_screens"] == 3
    assert seen["placard"] is True and seen["host"] == "127.0.0.1"
    assert cli.main(["big-screen", "--serve", "--no-grid"]) == 0 and seen["grid"] is False
    assert cli.main(["big-screen", "--serve"]) == 0 and seen["grid"] is None
    assert seen["token"] is None and seen["max_screens"] == 128  # the settings default


@given(
    st.lists(
        st.tuples(st.sampled_from(["admit", "release", "open", "close"]), st.integers(0, 3)),
        max_size=200,
    )
)
def test_the_guard_never_lets_an_address_past_its_limits(ops):
    """Whatever order connections and streams come and go in, no address holds more than
    its share, all addresses together no more than the total, and every count returns to
    zero when everything is gone."""
    limits = Limits(connections_per_address=3, connections=7, streams_per_address=2, streams=5)
    g = Guard(limits)
    held: dict[str, int] = {}
    streams: dict[str, int] = {}
    for op, n in ops:
        a = f"10.0.0.{n}"
        if op == "admit" and g.admit(a):
            held[a] = held.get(a, 0) + 1
        elif op == "release" and held.get(a):
            g.release(a)
            held[a] -= 1
        elif op == "open" and g.open_stream(a, (a, sum(streams.values()))):
            streams[a] = streams.get(a, 0) + 1
        elif op == "close" and streams.get(a):
            g.close_stream(a, None)
            streams[a] -= 1
        assert all(v <= 3 for v in g.connections.values()) and g.total <= 7
        assert all(v <= 2 for v in g.streams.values()) and g.total_streams <= 5
        assert g.total == sum(held.values()) and g.total_streams == sum(streams.values())
    for a, k in held.items():
        for _ in range(k):
            g.release(a)
    for a, k in streams.items():
        for _ in range(k):
            g.close_stream(a, None)
    assert g.total == 0 and g.connections == {} and g.total_streams == 0 and g.streams == {}

"""``floorkill big-screen --serve``: one server process for every TV in the room.

The page (``static/index.html``, ``page.css``, ``page.js``, all in the wheel, nothing from
outside) opens one Server-Sent Events stream, ``/events``; the server follows the journal
(a :class:`~floorkill.display.follow.Follower` per language, polled in a worker thread)
and, when it moves, words the picture once into the big screen's view model
(:class:`~floorkill.display.view.BigScreenView`, the one the terminal big screen renders),
serialises it once, and writes the same bytes to every screen in that language. A screen
chooses what it shows from its address: ``?lang=``, ``?table=``, ``?grid=1|0``,
``?placard=1``; the server's own ``--table``/``--grid``/``--placard`` are the defaults.

A viewer can change nothing: the routes are GET (and HEAD) only, the stream carries no
message from the browser, and the journal is opened read-only. Against one bad client:
per-address connection, stream and request limits and an idle timeout (:mod:`.guard`),
request lines and headers bounded, no body accepted, a screen that stops reading dropped
after :attr:`~floorkill.web.guard.Limits.write_timeout`. Off loopback every request needs
the token (``?token=``, printed at start); it never appears in a log line (there is no
access log) and the page never embeds it. On a loopback server the ``Host`` must name
loopback too (no DNS rebinding from a web page).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import html
import logging
import secrets
import signal
import string
import sys
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web

from floorkill.display.follow import DEFAULT_POLL, Follower
from floorkill.display.view import ViewBuilder, view_json
from floorkill.i18n import LANGS, N_, get_lang, normalize, tr

from .guard import Guard, GuardedProtocol, Limits, is_loopback, peer_address

log = logging.getLogger("floorkill.web")
PAGE_TITLE = N_("floorkill big screen")
STATIC = files("floorkill.web") / "static"
STATIC_FILES = {  # name -> content type: nothing else is served
    "page.css": "text/css",
    "page.js": "application/javascript",
}
KEEPALIVE = 15.0  # seconds between comments on an idle event stream
RETRY_MS = 1000  # EventSource: reconnect this soon after a drop
MAX_LINE = 2048  # bytes of a request line or one header
MAX_HEADERS = 32
MAX_QUERY = 512  # bytes of a query string
DEFAULT_MAX_SCREENS = 128
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


@dataclass
class ServeConfig:
    journal: str | Path
    host: str = "127.0.0.1"
    port: int = 8000
    token: str | None = None  # required in every URL when set
    table: str | None = None  # the default of ?table=
    grid: bool | None = None  # the default of ?grid=
    placard: bool = False  # the default of ?placard=
    rotate: float = 12.0  # seconds per table (or grid page) on the page
    lang: str = "en"  # the default of ?lang=
    poll: float = DEFAULT_POLL
    limits: Limits = field(default_factory=Limits)


class Channel:
    """One language: the follower, the words, the latest update, who waits for the next."""

    def __init__(self, journal: str | Path, lang: str, poll: float) -> None:
        self.lang = lang
        self.poll_every = poll
        self.follower = Follower(journal, None, lang=lang)
        self.builder = ViewBuilder(lang)
        self.event: bytes | None = None  # the last update, as an SSE event
        self.version = 0
        self._failed = False
        self._next: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._task = asyncio.create_task(self._follow(), name=f"follow-{lang}")

    def _step(self) -> bytes | None:
        """In a worker thread: poll the journal; a new picture is worded and serialised."""
        picture = self.follower.poll()
        if picture is None:
            return None
        data = view_json(self.builder.build(picture))
        return b"event: view\ndata: " + data + b"\n\n"

    async def _follow(self) -> None:
        try:
            while True:
                try:
                    event = await asyncio.to_thread(self._step)
                except Exception:  # noqa: BLE001 - the screens keep their picture; said once
                    event = None
                    if not self._failed:
                        self._failed = True
                        log.exception("floorkill: the big screen's view could not be made")
                if event is not None:
                    self.publish(event)
                await asyncio.sleep(self.poll_every)
        finally:
            await asyncio.to_thread(self.follower.close)

    def publish(self, event: bytes) -> None:
        """``event`` is the latest update: every screen of this language is woken for it."""
        self.event = event
        self.version += 1
        waiting, self._next = self._next, asyncio.get_running_loop().create_future()
        waiting.set_result(None)

    async def wait(self, version: int, timeout: float) -> bool:
        """Until an update newer than ``version`` (True) or ``timeout`` seconds (False)."""
        if self.version > version:
            return True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._next), timeout)
            return True
        return False

    async def close(self) -> None:
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task


def make_token(host: str, token: str | None) -> str | None:
    """The token the server will require: the given one, a fresh one off loopback, or
    none on loopback."""
    if token:
        return token
    return None if is_loopback(host) else secrets.token_urlsafe(18)


def flag(value: str | None, default: bool | None) -> bool | None:
    """``?grid=1`` / ``0`` (also yes/no, true/false, on/off); anything else: the default."""
    if value is None:
        return default
    word = value.strip().lower()
    if word in ("1", "yes", "true", "on"):
        return True
    if word in ("0", "no", "false", "off"):
        return False
    return default


class BigScreenServer:
    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.guard = Guard(config.limits)
        self.channels: dict[str, Channel] = {}
        self.default_lang = normalize(config.lang) or get_lang()
        self._template = string.Template((STATIC / "index.html").read_text(encoding="utf-8"))
        self._static = {name: (STATIC / name).read_bytes() for name in STATIC_FILES}
        self._streams: set[asyncio.Task[Any]] = set()

    # -- checks --------------------------------------------------------------------------
    def _token_ok(self, request: web.Request) -> bool:
        want = self.config.token
        if not want:
            return True
        got = request.query.get("token", "")
        return hmac.compare_digest(got.encode(), want.encode())

    def _host_ok(self, request: web.Request) -> bool:
        if not is_loopback(self.config.host):
            return True
        try:
            host = urlsplit("//" + (request.host or "")).hostname or ""
        except ValueError:
            return False
        return is_loopback(host)

    @web.middleware
    async def _checks(self, request: web.Request, handler: Any) -> web.StreamResponse:
        address = peer_address(request.transport)
        if not self.guard.allow_request(address):
            return _plain(429, tr("too many requests"), {"Retry-After": "1", "Connection": "close"})
        if request.method not in ("GET", "HEAD"):
            return _plain(405, tr("a screen sends nothing"), {"Allow": "GET, HEAD"})
        if request.body_exists:
            return _plain(413, tr("a screen sends nothing"), {"Connection": "close"})
        if len(request.query_string) > MAX_QUERY:
            return _plain(414, tr("the address is too long"))
        if not self._host_ok(request):
            return _plain(403, tr("wrong host name"))
        if not request.path.startswith("/static/") and request.path != "/favicon.ico":
            if not self._token_ok(request):
                return _plain(403, tr("the address needs its token"))
        return await handler(request)

    def _lang(self, request: web.Request) -> str:
        return normalize(request.query.get("lang")) or self.default_lang

    # -- handlers ------------------------------------------------------------------------
    def page(
        self,
        lang: str,
        table: str | None = None,
        grid: bool | None = None,
        placard: bool | None = None,
    ) -> str:
        """The page in ``lang``; ``table``/``grid``/``placard``: what it shows (None: the
        server's default)."""
        config = self.config
        table = (config.table or "") if table is None else table
        grid = config.grid if grid is None else grid
        placard = config.placard if placard is None else placard
        return self._template.substitute(
            lang=lang,
            title=html.escape(tr(PAGE_TITLE, lang)),
            lost=html.escape(tr("Reconnecting to the big screen …", lang)),
            waiting=html.escape(tr("Waiting for the podium journal …", lang)),
            missing=html.escape(tr("Waiting for table “{name}” …", lang), quote=True),
            missing_detail=html.escape(
                tr("The podium has not opened it in this journal yet.", lang), quote=True
            ),
            table=html.escape(table[:200], quote=True),
            grid={True: "1", False: "0", None: ""}[grid],
            placard="1" if placard else "",
            rotate=f"{max(0.0, config.rotate):g}",
        )

    async def handle_index(self, request: web.Request) -> web.Response:
        query = request.query
        page = self.page(
            self._lang(request),
            query.get("table"),
            flag(query.get("grid"), None),
            flag(query.get("placard"), None),
        )
        return web.Response(
            text=page, content_type="text/html", charset="utf-8", headers=SECURITY_HEADERS
        )

    async def handle_static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        body = self._static.get(name)
        if body is None:
            return _plain(404, tr("not found"))
        return web.Response(body=body, content_type=STATIC_FILES[name], headers=SECURITY_HEADERS)

    async def handle_favicon(self, request: web.Request) -> web.Response:
        return web.Response(status=204, headers=SECURITY_HEADERS)  # none: not a 404 in logs

    def channel(self, lang: str) -> Channel:
        ch = self.channels.get(lang)
        if ch is None:
            ch = self.channels[lang] = Channel(self.config.journal, lang, self.config.poll)
        return ch

    async def handle_events(self, request: web.Request) -> web.StreamResponse:
        address = peer_address(request.transport)
        transport = request.transport
        if not self.guard.open_stream(address, transport):
            return _plain(503, tr("too many big screens open"), {"Retry-After": "5"})
        task = asyncio.current_task()
        if task is not None:
            self._streams.add(task)
        response = web.StreamResponse(
            headers={
                **SECURITY_HEADERS,
                "Content-Type": "text/event-stream; charset=utf-8",
                "X-Accel-Buffering": "no",
            }
        )
        try:
            channel = self.channel(self._lang(request))
            await response.prepare(request)
            await self._write(response, f"retry: {RETRY_MS}\n\n".encode())
            version = 0
            while True:
                if await channel.wait(version, KEEPALIVE):
                    version = channel.version
                    data = channel.event
                else:
                    data = b"event: ping\ndata: 1\n\n"
                if data is not None:
                    await self._write(response, data)
        except (TimeoutError, ConnectionError):
            pass  # too slow to read, or gone: its place is freed
        finally:
            self._streams.discard(task)
            self.guard.close_stream(address, transport)
            if transport is not None and not transport.is_closing():
                transport.abort()
        return response

    async def _write(self, response: web.StreamResponse, data: bytes) -> None:
        await asyncio.wait_for(response.write(data), self.config.limits.write_timeout)

    # -- the app -------------------------------------------------------------------------
    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._checks], client_max_size=1024)
        app.add_routes(
            [
                web.get("/", self.handle_index),
                web.get("/events", self.handle_events),
                web.get("/static/{name}", self.handle_static),
                web.get("/favicon.ico", self.handle_favicon),
            ]
        )
        app.on_shutdown.append(self._on_shutdown)
        return app

    async def _on_shutdown(self, _app: web.Application) -> None:
        for task in list(self._streams):
            task.cancel()
        await asyncio.gather(*(channel.close() for channel in self.channels.values()))
        self.channels.clear()

    async def start(self) -> tuple[web.AppRunner, asyncio.Server]:
        """Listen; returns what :meth:`stop` takes."""
        runner = web.AppRunner(
            self.make_app(),
            access_log=None,  # no request line (and no token) in any log
            handle_signals=False,
            shutdown_timeout=2.0,
            handler_cancellation=True,  # a screen that hangs up frees its place at once
            keepalive_timeout=self.config.limits.idle,
            max_line_size=MAX_LINE,
            max_field_size=MAX_LINE,
            max_headers=MAX_HEADERS,
        )
        await runner.setup()
        server = runner.server
        assert server is not None
        loop = asyncio.get_running_loop()
        listener = await loop.create_server(
            lambda: GuardedProtocol(self.guard, server()),
            self.config.host,
            self.config.port,
            reuse_address=True,
            backlog=512,
        )
        return runner, listener

    async def stop(self, runner: web.AppRunner, listener: asyncio.Server) -> None:
        listener.close()
        await runner.shutdown()
        await runner.cleanup()

    def url(self) -> str:
        host = self.config.host
        shown = f"[{host}]" if ":" in host else host
        if host in ("0.0.0.0", "::"):
            shown = "THIS-MACHINE"
        url = f"http://{shown}:{self.config.port}/"
        return url + (f"?token={self.config.token}" if self.config.token else "")

    async def run(self) -> None:
        runner, listener = await self.start()
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(sig, stop.set)
        print(tr("floorkill big screen: open {url}  (Ctrl+C stops)", url=self.url()), flush=True)
        try:
            await stop.wait()
        finally:
            await self.stop(runner, listener)


def _plain(status: int, text: str, headers: dict[str, str] | None = None) -> web.Response:
    return web.Response(
        status=status,
        text="floorkill: " + text + "\n",
        headers={**SECURITY_HEADERS, **(headers or {})},
    )


def token_error(token: str | None) -> str | None:
    if token is not None and (
        len(token) < 8 or not token.isascii() or any(char in token for char in "&#?%/ \"'<>+=")
    ):
        return tr("--token needs at least 8 plain characters (letters, digits, - _ .)")
    return None


def serve_big_screen(
    journal_path: str | Path,
    table_name: str | None = None,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    rotate: float = 12.0,
    grid: bool | None = None,
    token: str | None = None,
    max_screens: int | None = None,
    placard: bool = False,
    lang: str = "en",
) -> int:
    """Serve the big screen until Ctrl+C / SIGTERM. Returns an exit code."""
    wrong = token_error(token)
    if wrong:
        print("floorkill: " + wrong, file=sys.stderr)
        return 2
    limits = Limits(streams=max(1, max_screens or DEFAULT_MAX_SCREENS))
    config = ServeConfig(
        journal_path,
        host=host,
        port=port,
        token=make_token(host, token),
        table=table_name,
        grid=grid,
        placard=placard,
        rotate=rotate,
        lang=lang,
        limits=limits,
    )
    server = BigScreenServer(config)
    try:
        asyncio.run(server.run())
    except OSError as exc:
        from floorkill.i18n import said
        from floorkill.system_errors import os_cause

        print(
            "floorkill: "
            + tr(
                "cannot serve on {host}:{port}: {reason}",
                host=host,
                port=port,
                reason=said(os_cause(exc)),
            ),
            file=sys.stderr,
        )
        return 2
    except KeyboardInterrupt:
        return 0
    return 0


__all__ = [
    "LANGS",
    "BigScreenServer",
    "Channel",
    "ServeConfig",
    "flag",
    "make_token",
    "serve_big_screen",
]

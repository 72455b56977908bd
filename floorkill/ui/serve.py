"""``floorkill big-screen --serve``: the read-only big screen in a browser.

One big-screen process per browser connection — ``python -m floorkill big-screen
--journal … [--table …|--grid]``, never with ``--serve`` — started without a shell and
fed by this server. That process is the read-only app of :mod:`floorkill.ui.big_screen`,
so a browser can change nothing. textual-serve (optional: ``pip install
'floorkill[serve]'``) provides the terminal page's script (xterm.js), its font and the
process protocol; the web server around them is ours, because a cardroom network needs:

* **a page that needs no outside network**: our own page (``web/index.html``), the
  font (Roboto Mono, Apache-2.0, shipped inside textual-serve) and scripts served from
  here, and a Content-Security-Policy that lets the browser fetch nothing else;
* **readable by default**: the page sizes its font so the display has about 100×27
  cells on any window, recomputed on resize (``web/page.js``); ``?fontsize=N`` fixes it;
* **it reconnects by itself** after a restart or a dropped network;
* **safe against hostile messages**: sizes are clamped (:data:`MAX_COLS` ×
  :data:`MAX_ROWS`), malformed or oversized messages are dropped, a display's process
  is ended when its socket closes (asked, then SIGTERM, then SIGKILL) and ends itself
  when this server dies, the websocket's ``Origin`` must be this server, at most
  ``max_displays`` displays run at once, and whenever the host is not loopback every
  request needs the token (``?token=…``, printed at start, or ``--token``). On loopback
  the ``Host`` header must name loopback too (no DNS rebinding from a web page).
"""

from __future__ import annotations

import asyncio
import hmac
import html
import ipaddress
import json
import os
import secrets
import signal
import string
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import floorkill
from floorkill.i18n import N_, get_lang, tr

PAGE_TITLE = N_("floorkill big screen")
WEB = Path(__file__).with_name("web")
MIN_COLS, MAX_COLS = 20, 400  # a display's size in cells, whatever a browser says
MIN_ROWS, MAX_ROWS = 8, 160
MIN_FONT, MAX_FONT = 6, 200  # ?fontsize=N, CSS pixels
MAX_MESSAGE = 4096  # bytes: a resize or a key is a few dozen
MAX_STDIN = 256  # characters of one stdin message
DEFAULT_MAX_DISPLAYS = 8
STOP_WAIT = 2.0  # seconds a display gets to quit before SIGTERM/SIGKILL
PARENT_ENV = "FLOORKILL_DISPLAY_PARENT"
FIRST_FRAME_BYTES = 512  # the first data this long is a drawn frame
TEXTUAL_JS_HOOKS = (  # (anchor in textual-serve's bundle, replacement)
    (
        "const i=e.dataset.fontSize;",
        "const i=window.floorkillFontSize?window.floorkillFontSize(e):e.dataset.fontSize;",
    ),
    (
        "const t=new w(e,{ping:r});",
        "const t=new w(e,{ping:r});window.floorkillAdopt&&window.floorkillAdopt(t);",
    ),
)
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "font-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


class ServeUnavailable(Exception):
    """textual-serve is not installed; ``str()`` is the one line to print."""


# ---------------------------------------------------------------------------
# the display command


def big_screen_argv(
    journal_path: str | Path,
    table_name: str | None = None,
    *,
    rotate: float | None = None,
    grid: bool | None = None,
    python: str | None = None,
    placard: bool = False,
    lang: str = "en",
) -> list[str]:
    """The command each browser connection runs: the terminal big screen, never --serve.
    ``grid``: True ``--grid``, False ``--no-grid``, None the automatic choice."""
    argv = [
        python or sys.executable,
        "-m",
        "floorkill",
        "big-screen",
        "--journal",
        journal_location(journal_path),
    ]
    if table_name is not None:
        argv += ["--table", table_name]
    if rotate is not None:
        argv += ["--rotate", f"{rotate:g}"]
    if grid is True:
        argv += ["--grid"]
    elif grid is False:
        argv += ["--no-grid"]
    if placard:
        argv += ["--placard"]
    if lang != "en":
        argv += ["--lang", lang]
    return argv


def clamp_int(value: Any, low: int, high: int) -> int | None:
    """An int in [low, high], or None when ``value`` is not an integer at all."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        value = value.strip()
        if not value.isdigit() or len(value) > 6:
            return None
        value = int(value)
    if not isinstance(value, int):
        return None
    return max(low, min(high, value))


def journal_location(journal_path: str | Path) -> str:
    """A file as an absolute path; a postgresql:// URL as given."""
    from floorkill.store.backend import is_url

    return str(journal_path) if is_url(journal_path) else str(Path(journal_path).absolute())


def is_loopback(host: str) -> bool:
    h = host.strip("[]").lower()
    if h == "localhost" or h.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(h).is_loopback
    except ValueError:
        return False


def parse_message(raw: str) -> tuple[str, Any] | None:
    """A browser message as (type, payload), or None when it is not one we accept."""
    if len(raw) > MAX_MESSAGE:
        return None
    try:
        env = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    if not isinstance(env, list) or not env or not isinstance(env[0], str):
        return None
    kind, payload = env[0], (env[1] if len(env) > 1 else None)
    if kind == "resize":
        if not isinstance(payload, dict):
            return None
        w = clamp_int(payload.get("width"), MIN_COLS, MAX_COLS)
        h = clamp_int(payload.get("height"), MIN_ROWS, MAX_ROWS)
        return None if w is None or h is None else ("resize", (w, h))
    if kind == "stdin":
        return ("stdin", payload[:MAX_STDIN]) if isinstance(payload, str) else None
    if kind == "ping":
        return ("ping", payload) if isinstance(payload, str) and len(payload) <= 64 else None
    return None  # focus/blur and anything else: nothing to do


# ---------------------------------------------------------------------------
# the page


def patch_textual_js(js: str) -> str:
    """textual-serve's bundle with our two hooks (font size, adopt the terminal). A
    bundle without the anchors (another textual-serve) still works: the page then keeps
    the font size it loaded with."""
    for anchor, replacement in TEXTUAL_JS_HOOKS:
        js = js.replace(anchor, replacement, 1)
    return js


def render_page(*, websocket: str, static: str, fontsize: int | None) -> str:
    template = string.Template((WEB / "index.html").read_text(encoding="utf-8"))
    return template.substitute(
        title=html.escape(tr(PAGE_TITLE)),
        static=html.escape(static, quote=True),
        lang=get_lang(),
        reconnecting=html.escape(tr("Reconnecting to the big screen …")),
        websocket=html.escape(websocket, quote=True),
        fontsize=str(fontsize or 16),
        fixed=str(fontsize or 0),
    )


def _package_root_env(env: dict[str, str]) -> dict[str, str]:
    """Make ``python -m floorkill`` work in the display processes from a checkout too."""
    root = str(Path(floorkill.__file__).resolve().parent.parent)
    paths = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    if root not in paths:
        env["PYTHONPATH"] = os.pathsep.join([root, *paths])
    return env


@dataclass
class ServeConfig:
    argv: list[str]
    host: str = "127.0.0.1"
    port: int = 8000
    token: str | None = None  # required in every page/websocket URL when set
    max_displays: int = DEFAULT_MAX_DISPLAYS


def _display_service_class():
    from textual_serve.app_service import AppService

    class DisplayService(AppService):
        """textual-serve's process bridge, started without a shell in its own process
        group and always ended: asked to quit, then SIGTERM, then SIGKILL."""

        def __init__(self, argv: list[str], **kwargs) -> None:
            super().__init__(" ".join(argv), **kwargs)
            self.argv = argv
            self.drawing = False  # the display has drawn its first frame
            self.size_sent: tuple[int, int] | None = None
            self.size_wanted: tuple[int, int] | None = None

        async def start(self, width: int, height: int) -> None:
            self.size_sent = self.size_wanted = (width, height)
            await super().start(width, height)

        async def resize(self, width: int, height: int) -> None:
            """Pass a (clamped) size on — only once the display draws: Textual's web
            driver can lose a resize that arrives while it starts."""
            self.size_wanted = (width, height)
            if self.drawing and self.size_wanted != self.size_sent:
                self.size_sent = self.size_wanted
                await self.set_terminal_size(width, height)

        async def on_data(self, payload: bytes) -> None:
            await super().on_data(payload)
            if not self.drawing and len(payload) >= FIRST_FRAME_BYTES:  # a frame, not setup
                self.drawing = True
                if self.size_wanted is not None and self.size_wanted != self.size_sent:
                    await self.resize(*self.size_wanted)

        async def _open_app_process(self, width: int = 80, height: int = 24):
            env = _package_root_env(self._build_environment(width=width, height=height))
            env[PARENT_ENV] = str(os.getpid())
            self._process = process = await asyncio.create_subprocess_exec(
                *self.argv,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=env,
                start_new_session=True,
            )
            self._stdin = process.stdin
            return process

        @property
        def pid(self) -> int | None:
            return self._process.pid if self._process is not None else None

        async def stop(self) -> None:
            process, task = self._process, self._task
            self._task = None
            if process is None:
                return
            if process.returncode is None:
                try:
                    await asyncio.wait_for(self.send_meta({"type": "quit"}), STOP_WAIT)
                except Exception:
                    pass
                for sig in (None, signal.SIGTERM, signal.SIGKILL):
                    if sig is not None:
                        try:
                            os.killpg(process.pid, sig)
                        except (ProcessLookupError, PermissionError):
                            pass
                    try:
                        await asyncio.wait_for(process.wait(), STOP_WAIT)
                        break
                    except TimeoutError:
                        continue
            if task is not None:
                try:
                    await asyncio.wait_for(task, STOP_WAIT)
                except (TimeoutError, Exception):
                    task.cancel()

        async def on_meta(self, data: bytes) -> None:
            try:
                kind = json.loads(data).get("type")
            except Exception:
                return
            if kind == "exit":
                await self.remote_close()
            # open_url, file deliveries: the big screen sends none, and none is passed on

        async def on_packed(self, payload: bytes) -> None:
            return None

    return DisplayService


class BigScreenServer:
    """The aiohttp server: the page, its static files, one display per websocket."""

    def __init__(self, config: ServeConfig) -> None:
        try:
            import textual_serve
            from aiohttp import web  # noqa: F401
        except ImportError:
            raise ServeUnavailable(
                "--serve needs textual-serve: pip install 'floorkill[serve]'"
            ) from None
        self.config = config
        self.ts_static = Path(textual_serve.__file__).parent / "static"
        self.service_class = _display_service_class()
        self.displays: set[Any] = set()
        self.starting = 0
        self._textual_js: bytes | None = None

    # -- checks ------------------------------------------------------------------
    def _token_ok(self, request) -> bool:
        want = self.config.token
        if not want:
            return True
        got = request.query.get("token", "")
        return hmac.compare_digest(got.encode(), want.encode())

    def _host_ok(self, request) -> bool:
        """On a loopback server the Host must be loopback (a web page that rebinds its
        own name to 127.0.0.1 is refused)."""
        if not is_loopback(self.config.host):
            return True
        try:
            host = urlsplit("//" + (request.host or "")).hostname or ""
        except ValueError:
            return False
        return is_loopback(host)

    def _origin_ok(self, request) -> bool:
        """A browser always sends Origin with a websocket: it must be this server."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True  # not a browser: the token (off loopback) still applies
        parts = urlsplit(origin)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            return False
        return parts.netloc.lower() == (request.host or "").lower()

    def _refuse(self, request):
        from aiohttp import web

        if not self._host_ok(request):
            return web.Response(
                status=403,
                text="floorkill: " + tr("wrong host name") + "\n",
                headers=SECURITY_HEADERS,
            )
        if not self._token_ok(request):
            return web.Response(
                status=403,
                text="floorkill: " + tr("the address needs its token") + "\n",
                headers=SECURITY_HEADERS,
            )
        return None

    # -- handlers ----------------------------------------------------------------
    async def handle_index(self, request):
        from aiohttp import web

        refused = self._refuse(request)
        if refused is not None:
            return refused
        raw = request.query.get("fontsize")
        fontsize = clamp_int(raw, MIN_FONT, MAX_FONT) if raw is not None else None
        scheme = "wss" if request.scheme == "https" else "ws"
        ws = f"{scheme}://{request.host}/ws"
        if self.config.token:
            ws += f"?token={self.config.token}"
        page = render_page(websocket=ws, static="static", fontsize=fontsize)
        return web.Response(
            text=page, content_type="text/html", charset="utf-8", headers=SECURITY_HEADERS
        )

    def _static_file(self, name: str) -> tuple[bytes, str] | None:
        if name == "textual.js":
            if self._textual_js is None:
                js = (self.ts_static / "js" / "textual.js").read_text(encoding="utf-8")
                self._textual_js = patch_textual_js(js).encode("utf-8")
            return self._textual_js, "application/javascript"
        files = {
            "xterm.css": (self.ts_static / "css" / "xterm.css", "text/css"),
            "page.css": (WEB / "page.css", "text/css"),
            "page.js": (WEB / "page.js", "application/javascript"),
            "fonts/RobotoMono-VariableFont_wght.ttf": (
                self.ts_static / "fonts" / "RobotoMono-VariableFont_wght.ttf",
                "font/ttf",
            ),
        }
        if name not in files:
            return None
        path, kind = files[name]
        return path.read_bytes(), kind

    async def handle_static(self, request):
        from aiohttp import web

        if not self._host_ok(request):
            return web.Response(status=403, text="floorkill: " + tr("wrong host name") + "\n")
        found = self._static_file(request.match_info["name"])
        if found is None:
            return web.Response(status=404, text=tr("not found") + "\n", headers=SECURITY_HEADERS)
        body, kind = found
        return web.Response(body=body, content_type=kind, headers=SECURITY_HEADERS)

    async def handle_websocket(self, request):
        from aiohttp import web

        refused = self._refuse(request)
        if refused is not None:
            return refused
        if not self._origin_ok(request):
            return web.Response(status=403, text="floorkill: " + tr("another site's page") + "\n")
        if len(self.displays) + self.starting >= self.config.max_displays:
            return web.Response(
                status=503, text="floorkill: " + tr("too many big screens open") + "\n"
            )
        width = clamp_int(request.query.get("width", "100"), MIN_COLS, MAX_COLS) or 100
        height = clamp_int(request.query.get("height", "30"), MIN_ROWS, MAX_ROWS) or 30
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        self.starting += 1
        service = None
        try:
            await websocket.prepare(request)
            from textual_serve.download_manager import DownloadManager

            service = self.service_class(
                self.config.argv,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=DownloadManager(),
            )
            self.displays.add(service)
            self.starting -= 1
            await service.start(width, height)
            ended = service._task

            async def close_when_ended() -> None:  # the process ended: so does the page's socket
                try:
                    await asyncio.shield(ended)
                finally:
                    if not websocket.closed:
                        await websocket.close()

            watcher = asyncio.create_task(close_when_ended())
            try:
                await self._messages(websocket, service)
            finally:
                watcher.cancel()
        except asyncio.CancelledError:
            pass
        finally:
            if service is None:
                self.starting -= 1
            else:
                try:
                    await service.stop()
                finally:
                    self.displays.discard(service)
            if not websocket.closed:
                await websocket.close()
        return websocket

    async def _messages(self, websocket, service) -> None:
        from aiohttp import WSMsgType

        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            parsed = parse_message(message.data)
            if parsed is None:
                continue
            kind, payload = parsed
            if kind == "resize":
                await service.resize(*payload)
            elif kind == "stdin":
                await service.send_bytes(payload.encode("utf-8"))
            elif kind == "ping":
                await websocket.send_json(["pong", payload])

    async def on_shutdown(self, app) -> None:
        await asyncio.gather(*(d.stop() for d in list(self.displays)), return_exceptions=True)

    def make_app(self):
        from aiohttp import web

        app = web.Application(client_max_size=MAX_MESSAGE)
        app.add_routes(
            [
                web.get("/", self.handle_index),
                web.get("/ws", self.handle_websocket),
                web.get("/static/{name:.+}", self.handle_static),
            ]
        )
        app.on_shutdown.append(self.on_shutdown)
        return app

    def url(self) -> str:
        host = self.config.host
        shown = f"[{host}]" if ":" in host else host
        if host in ("0.0.0.0", "::"):
            shown = "THIS-MACHINE"
        url = f"http://{shown}:{self.config.port}/"
        return url + (f"?token={self.config.token}" if self.config.token else "")

    def serve(self) -> None:
        from aiohttp import web

        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        runner_app = self.make_app()
        print(tr("floorkill big screen: open {url}  (Ctrl+C stops)", url=self.url()), flush=True)
        web.run_app(
            runner_app,
            host=self.config.host,
            port=self.config.port,
            print=None,
            loop=loop,
            handle_signals=True,
            shutdown_timeout=5,
        )


def make_token(host: str, token: str | None) -> str | None:
    """The token the server will require: the given one, a fresh one off loopback, or
    none on loopback."""
    if token:
        return token
    return None if is_loopback(host) else secrets.token_urlsafe(18)


def serve_big_screen(
    journal_path: str | Path,
    table_name: str | None = None,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    rotate: float | None = None,
    grid: bool | None = None,
    token: str | None = None,
    max_displays: int = DEFAULT_MAX_DISPLAYS,
    placard: bool = False,
    lang: str = "en",
) -> int:
    """Serve the big screen until Ctrl+C / SIGTERM. Returns an exit code."""
    if token is not None and (
        len(token) < 8 or not token.isascii() or any(c in token for c in "&#?%/ \"'<>")
    ):
        print(
            "floorkill: "
            + tr("--token needs at least 8 plain characters (letters, digits, - _ .)"),
            file=sys.stderr,
        )
        return 2
    argv = big_screen_argv(
        journal_path, table_name, rotate=rotate, grid=grid, placard=placard, lang=lang
    )
    config = ServeConfig(
        argv, host=host, port=port, token=make_token(host, token), max_displays=max(1, max_displays)
    )
    try:
        server = BigScreenServer(config)
    except ServeUnavailable as exc:
        print(f"floorkill: {exc}", file=sys.stderr)
        return 2
    try:
        server.serve()
    except OSError as exc:
        print(
            "floorkill: "
            + tr(
                "cannot serve on {host}:{port}: {reason}",
                host=host,
                port=port,
                reason=exc.strerror or exc,
            ),
            file=sys.stderr,
        )
        return 2
    return 0

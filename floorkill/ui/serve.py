"""``floorkill big-screen --serve``: the same read-only big screen in a browser.

textual-serve (optional: ``pip install 'floorkill[serve]'``) runs one big-screen process
per browser connection — ``python -m floorkill big-screen --journal … [--table …]``,
never with ``--serve`` — and forwards the browser's keys to it. That process is the
read-only app of :mod:`floorkill.ui.big_screen`, so a browser can change nothing.

Two changes to textual-serve's page:

* it reconnects by itself: when the connection closes (the server restarted, the
  network dropped, the display process ended) the page polls the server every few
  seconds and reloads as soon as it answers, so a TV browser recovers with no one
  touching it;
* the page's websocket and static addresses follow the address the browser used
  (textual-serve would otherwise give ``ws://0.0.0.0:8000/ws`` to a TV when serving
  with ``--host 0.0.0.0``).

``?fontsize=N`` on the page address sets the terminal font size in CSS pixels (an
integer; textual-serve's default is 16). The display fills the browser window, so a
larger font gives fewer, larger cells: on a 1920×1080 TV ``?fontsize=30`` gives about
100×30 cells.
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

import floorkill

PAGE_TITLE = "floorkill big screen"
RECONNECT_EVERY_MS = 3000
RECONNECT_MARK = "floorkill-reconnect"

RECONNECT_SCRIPT = """
<script id="%(mark)s">
  // floorkill: when the display's connection closes, wait for the server and reload.
  (function () {
    var every = %(every)d, started = false;
    function retry() {
      fetch(window.location.href, {cache: "no-store"}).then(function (r) {
        if (r.ok) { window.location.reload(); } else { setTimeout(retry, every); }
      }).catch(function () { setTimeout(retry, every); });
    }
    function watch() {
      if (started || !document.body.classList.contains("-closed")) { return; }
      started = true;
      setTimeout(retry, every);
    }
    window.addEventListener("load", function () {
      new MutationObserver(watch).observe(document.body, {attributes: true,
                                                          attributeFilter: ["class"]});
      watch();
    });
  })();
</script>
""" % {"mark": RECONNECT_MARK, "every": RECONNECT_EVERY_MS}


class ServeUnavailable(Exception):
    """textual-serve is not installed; ``str()`` is the one line to print."""


def big_screen_argv(journal_path: str | Path, table_name: str | None = None, *,
                    rotate: float | None = None, python: str | None = None) -> list[str]:
    """The command each browser connection runs: the terminal big screen, never --serve."""
    argv = [python or sys.executable, "-m", "floorkill", "big-screen",
            "--journal", str(Path(journal_path).absolute())]
    if table_name is not None:
        argv += ["--table", table_name]
    if rotate is not None and cli_knows_rotate():
        argv += ["--rotate", f"{rotate:g}"]
    return argv


def cli_knows_rotate() -> bool:
    """Whether ``floorkill big-screen`` takes ``--rotate`` (passed on to the served
    processes only then)."""
    try:
        from floorkill.cli import _parser

        return any("--rotate" in a.option_strings for a in _parser("big-screen")._actions)
    except Exception:
        return False


def big_screen_command(journal_path: str | Path, table_name: str | None = None, *,
                       rotate: float | None = None, python: str | None = None) -> str:
    """:func:`big_screen_argv` as one shell command line (textual-serve runs it in a shell),
    every argument quoted."""
    return shlex.join(big_screen_argv(journal_path, table_name, rotate=rotate, python=python))


def patch_page(html: str) -> str:
    """textual-serve's page with the reconnect script, and words for a closed session."""
    if RECONNECT_MARK in html:
        return html
    html = html.replace("Session ended.", "Reconnecting to the big screen …")
    if "</head>" in html:
        return html.replace("</head>", RECONNECT_SCRIPT + "</head>", 1)
    return html.replace("</body>", RECONNECT_SCRIPT + "</body>", 1)


def _package_root_env() -> None:
    """Make ``python -m floorkill`` work in the served processes from a checkout too."""
    root = str(Path(floorkill.__file__).resolve().parent.parent)
    paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    if root not in paths:
        os.environ["PYTHONPATH"] = os.pathsep.join([root, *paths])


def make_server(command: str, host: str = "127.0.0.1", port: int = 8000):
    """A textual-serve Server for ``command`` with the reconnecting page.

    Raises :class:`ServeUnavailable` when textual-serve is not installed."""
    try:
        import aiohttp_jinja2
        import jinja2
        from textual_serve.server import Server
    except ImportError:
        raise ServeUnavailable("--serve needs textual-serve: pip install 'floorkill[serve]'"
                               ) from None

    class BigScreenServer(Server):
        async def _make_app(self):
            app = await super()._make_app()
            page = (Path(self.templates_path) / "app_index.html").read_text(encoding="utf-8")
            aiohttp_jinja2.setup(app, loader=jinja2.DictLoader(
                {"app_index.html": patch_page(page)}))
            return app

        async def handle_index(self, request):
            # The page's addresses follow the one the browser used (a TV on the LAN).
            self.public_url = f"{request.scheme}://{request.host}"
            return await super().handle_index(request)

    return BigScreenServer(command, host=host, port=port, title=PAGE_TITLE)


def serve_big_screen(journal_path: str | Path, table_name: str | None = None, *,
                     host: str = "127.0.0.1", port: int = 8000,
                     rotate: float | None = None) -> int:
    """Serve the big screen until Ctrl+C / SIGTERM. Returns an exit code."""
    try:
        server = make_server(big_screen_command(journal_path, table_name, rotate=rotate),
                             host=host, port=port)
    except ServeUnavailable as exc:
        print(f"floorkill: {exc}", file=sys.stderr)
        return 2
    _package_root_env()
    try:
        server.serve()
    except OSError as exc:
        print(f"floorkill: cannot serve on {host}:{port}: {exc.strerror or exc}",
              file=sys.stderr)
        return 2
    return 0

"""Where floorkill logs: a rotating file in the user log directory.

:func:`start` gives the root logger one handler, a :class:`RotatingFileHandler` on
``floorkill.log`` in ``platformdirs.user_log_path("floorkill")`` (Linux:
``$XDG_STATE_HOME/floorkill/log``; ``$FLOORKILL_LOG_FILE`` names another file), 1 MB a
file, 5 kept. Every library's records go there too (psycopg's "error ignored …" warnings
during a server outage among them), and Python's warnings: with a handler on the root
logger, nothing a library logs is printed over a terminal screen. Where no log file can be
made (a read-only home), records are dropped, still never printed.
"""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

from floorkill.log import log

LEVELS = ("debug", "info", "warning", "error")
MAX_BYTES = 1_000_000
KEEP = 5
FORMAT = "%(asctime)s %(process)d %(threadName)s %(levelname)s %(name)s: %(message)s"

_handler: logging.Handler | None = None
_path: Path | None = None


def log_path() -> Path:
    """The log file this process writes (or would write)."""
    from floorkill.settings import current

    return current().log_file  # $FLOORKILL_LOG_FILE, the settings file, the user log dir


def current() -> Path | None:
    """The log file in use, None before :func:`start` or where none could be made."""
    return _path


def started() -> bool:
    return _handler is not None


def stop() -> None:
    """Remove the handler :func:`start` installed (tests: a log file in a folder that is
    about to go)."""
    global _handler, _path
    if _handler is not None:
        logging.getLogger().removeHandler(_handler)
        _handler.close()
    _handler = _path = None


def start(level: str = "info") -> Path | None:
    """Send every log record at ``level`` and above (floorkill's; libraries' from warning
    on) to the log file, replacing a handler an earlier call installed; the file, or None
    where it cannot be made."""
    global _handler, _path
    root = logging.getLogger()
    if _handler is not None:
        root.removeHandler(_handler)
        _handler.close()
    made = log_path()
    path: Path | None = made
    try:
        made.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            made,
            maxBytes=MAX_BYTES,
            backupCount=KEEP,
            encoding="utf-8",
            delay=True,
        )
    except OSError:
        handler, path = logging.NullHandler(), None
    handler.setFormatter(logging.Formatter(FORMAT))
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    log.setLevel(getattr(logging, level.upper(), logging.INFO))
    logging.captureWarnings(True)
    _handler, _path = handler, path
    return path

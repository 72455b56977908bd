"""The package's logger: every module logs through ``log`` (handlers: floorkill.log_file).

A handler that keeps going after an unexpected error says so here (``log.exception``),
never on the screen: until a handler is set up the null handler keeps Python from printing
a record to stderr (the podium's terminal)."""

from __future__ import annotations

import logging

log = logging.getLogger("floorkill")
log.addHandler(logging.NullHandler())

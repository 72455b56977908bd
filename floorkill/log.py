"""The package's logger: every module logs through ``log`` (handlers: floorkill.log_file)."""

from __future__ import annotations

import logging

log = logging.getLogger("floorkill")

"""The kill-pot rules model: pure Python, no UI, no storage.

table config + ordered events -> state + decisions, each decision citing clause ids.
"""

from .config import ConfigError, TableConfig, TableFile, load_table_file, load_table_text
from .decisions import Decision, Refusal
from .engine import Applied, apply
from .events import Event, parse_event
from .replay import Step, replay, replay_events
from .state import NextHand, TableState, initial_state, next_hand

__all__ = [
    "Applied",
    "ConfigError",
    "Decision",
    "Event",
    "NextHand",
    "Refusal",
    "Step",
    "TableConfig",
    "TableFile",
    "TableState",
    "apply",
    "initial_state",
    "load_table_file",
    "load_table_text",
    "next_hand",
    "parse_event",
    "replay",
    "replay_events",
]

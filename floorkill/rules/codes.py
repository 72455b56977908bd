"""The rules model's words: each set of codes one ``StrEnum``.

A member *is* its string (``ButtonStatus.LEG_UP == "leg-up"``): the journal, the table
files and ``replay --json`` store the same text as before there were enums, so no digest
changes, and a code read back from a journal compares equal to its member. The floor's
words for these codes (translated) are in ``floorkill/vocab.py``; the kill triggers, which
carry more than a word, are the records of ``rules/triggers.py``.
"""

from __future__ import annotations

from enum import StrEnum


class ButtonStatus(StrEnum):
    """The kill button (docs/rules.md 5): in the middle, face down before the leg holder,
    or face up in the pot of a kill hand."""

    NEUTRAL = "neutral"
    LEG_UP = "leg-up"
    KILLED = "killed"


class KillKind(StrEnum):
    """The table's ``[kill] kind``: a full kill doubles the stakes, a half kill takes them
    one and a half times; ``none`` is a table without kills."""

    NONE = "none"
    FULL = "full"
    HALF = "half"


class KillBy(StrEnum):
    """Why a kill button is killed: the rules required it, a player chose it (rrop-13.10),
    a new player agreed to kill (rrop-13.12) or it is a missed kill posted later
    (wsop-197)."""

    REQUIRED = "required"
    VOLUNTARY = "voluntary"
    AGREED = "agreed"
    OWED = "owed"


class OwedMode(StrEnum):
    """A kill a player did not post: barred until it is paid (rrop-13.6), or owing and
    posting it later (wsop-197); the table's ``missed_kill`` option."""

    BARRED = "barred"
    POST_LATER = "post-later"


class TriggerId(StrEnum):
    """The kill triggers the rules know (the ids of ``rules/triggers.py``'s records)."""

    TWO_POTS = "two-pots"
    SCOOP = "scoop"
    BIG_POT = "big-pot"


class EventType(StrEnum):
    """An event's ``type`` (docs/rules.md 4)."""

    HAND = "hand"
    JOIN = "join"
    AWAY = "away"
    BACK = "back"
    QUIT = "quit"
    VOLUNTARY_KILL = "voluntary_kill"
    PAY_KILL = "pay_kill"
    STACK = "stack"
    UNDERPOST = "underpost"
    MOVE = "move"
    CLOSE_TABLE = "close_table"
    REOPEN_TABLE = "reopen_table"
    SEAL = "seal"


class RecordType(StrEnum):
    """A journal record that is not an event of the table: it undoes or corrects one."""

    VOID = "void"
    CORRECT = "correct"


class QuestionKind(StrEnum):
    """What the rules may still need to know of an event (``rules/questions.py``); each
    is also the event field its answer fills."""

    LOW = "low"
    POT = "pot"
    FLOP = "flop"
    QUALIFIES = "qualifies"
    KILL_POSTED = "kill_posted"
    POSTS_KILL = "posts_kill"
    AGREES_TO_KILL = "agrees_to_kill"


__all__ = [
    "ButtonStatus",
    "EventType",
    "KillBy",
    "KillKind",
    "OwedMode",
    "QuestionKind",
    "RecordType",
    "TriggerId",
]

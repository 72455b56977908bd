"""The floor's words for the rules model's codes: event types, button states, kill kinds
and triggers. English message ids (marked for the catalogue); :func:`word` translates.
Unknown codes are shown as they are."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from floorkill.i18n import N_, tr
from floorkill.rules.codes import ButtonStatus, EventType, KillBy, KillKind, RecordType
from floorkill.rules.triggers import REGISTRY

EVENT_TYPES: dict[str, str] = {
    EventType.HAND: N_("hand"),
    EventType.JOIN: N_("join"),
    EventType.AWAY: N_("away"),
    EventType.BACK: N_("back"),
    EventType.QUIT: N_("quit"),
    EventType.STACK: N_("stack"),
    EventType.VOLUNTARY_KILL: N_("voluntary kill"),
    EventType.UNDERPOST: N_("under-post"),
    EventType.PAY_KILL: N_("kill paid"),
    EventType.MOVE: N_("seat change"),
    EventType.SEAL: N_("shift sealed"),
    RecordType.VOID: N_("undo"),
}
BUTTON: dict[str, str] = {
    ButtonStatus.NEUTRAL: N_("neutral"),
    ButtonStatus.LEG_UP: N_("leg up"),
    ButtonStatus.KILLED: N_("kill pot"),
}
KILL_KINDS: dict[str, str] = {KillKind.FULL: N_("full kill"), KillKind.HALF: N_("half kill")}


class _TriggerLabels(Mapping[str, str]):
    """The kill triggers' words, read from their records (rules/triggers.py) when asked, so
    a trigger registered later has its word too."""

    def __getitem__(self, trigger_id: str) -> str:
        return REGISTRY[trigger_id].label

    def __iter__(self) -> Iterator[str]:
        return iter(REGISTRY)

    def __len__(self) -> int:
        return len(REGISTRY)


TRIGGERS: Mapping[str, str] = _TriggerLabels()
BY_KIND: dict[str, str] = {
    KillBy.REQUIRED: N_("required"),
    KillBy.VOLUNTARY: N_("voluntary"),
    KillBy.AGREED: N_("agreed (new player)"),
    KillBy.OWED: N_("owed (posted later)"),
}


def word(table: Mapping[str, str], code: str | None, lang: str | None = None) -> str:
    """``code`` in the floor's words (the code itself when the table has none)."""
    if code is None:
        return ""
    return tr(table[code], lang) if code in table else code.replace("_", " ")


__all__ = ["BUTTON", "BY_KIND", "EVENT_TYPES", "KILL_KINDS", "TRIGGERS", "word"]

"""The shift report's own words (decision texts and clause titles come from the rules
model). Each key names an English message id; every translation is in the catalogue
(floorkill/locale/<lang>/LC_MESSAGES/floorkill.po)."""

from __future__ import annotations

from typing import Any

from floorkill.i18n import LANGS, N_, NC_, ptr, tr
from floorkill.rules.triggers import REGISTRY as trigger_registry

TEXT: dict[str, str | tuple[str, str]] = {  # a tuple: (context, message id)
    "title": N_("Shift report"),
    "journal": N_("Journal"),
    "period": N_("Period"),
    "whole": N_("the whole journal"),
    "from": N_("from {t}"),
    "to": N_("until {t}"),
    "generated": N_("Generated"),
    "times": N_("Times are {zone}."),
    "room": N_("The room"),
    "contents": N_("Tables"),
    "table": N_("Table"),
    "game": N_("Game"),
    "stakes": N_("Stakes"),
    "kill-game": N_("Kill"),
    "no-kill": N_("no kill"),
    "hands": N_("Hands"),
    "hands-total": N_("Hands since the table opened"),
    "kind-full": N_("full kill"),
    "kind-half": N_("half kill"),
    "kill-pots": N_("Kill pots"),
    "killer-won": N_("Won by the killer"),
    "killer-split": N_("Split by the killer"),
    "legs": N_("Legs"),
    "splits": N_("Splits"),
    "walks": N_("Walks (no flop)"),
    "voluntary": N_("Voluntary kills"),
    "agreements": N_("Agreed to kill"),
    "agreed-kills": N_("Agreed kills"),
    "underposts": N_("Under-posts"),
    "missed": N_("Missed kills"),
    "payments": N_("Kills paid"),
    "voids": N_("Voids"),
    "records": N_("Records"),
    "barred-now": N_("Barred at the end"),
    "totals": N_("Totals"),
    "summary": N_("Summary"),
    "kills-by-kind": N_("Kill pots by kind"),
    "kills-by-trigger": N_("Kill pots by trigger"),
    "kind": N_("Kind"),
    "trigger": N_("Trigger"),
    "count": N_("Count"),
    "kind-required": N_("required"),
    "kind-voluntary": N_("voluntary"),
    "kind-agreed": N_("agreed (new player)"),
    "kind-owed": N_("owed (posted later)"),
    "trigger-kill-again": N_("killer won again"),
    "trigger-voluntary": NC_("trigger", "voluntary"),
    "trigger-agreed": N_("agreed by a new player"),
    "trigger-owed": N_("owed kill posted"),
    "trigger-other": N_("other"),
    "kills-per-hour": N_("Kill pots per hour"),
    "timeline": N_("Kill button, hand by hand"),
    "timelines": N_("Kill button through the night"),
    "neutral": N_("neutral"),
    "leg-up": N_("leg up"),
    "killed": N_("kill pot"),
    "hand-n": N_("hand {n}"),
    "no-hands": N_("No hands in this period."),
    "no-kills": N_("No kill pots in this period."),
    "kill-list": N_("Kill pots"),
    "time": N_("Time"),
    "record": N_("#"),
    "seat": N_("Seat"),
    "player": N_("Player"),
    "amount": N_("Kill blind"),
    "outcome": N_("Outcome"),
    "outcome-won": N_("killer won"),
    "outcome-split": N_("killer split"),
    "outcome-lost": N_("another won"),
    "barred-section": N_("Barred players and payments"),
    "nobody-barred": N_("Nobody missed a kill."),
    "owes": N_("owes {amount}"),
    "mode-barred": N_("barred from every game until paid"),
    "mode-post-later": N_("posts it at the first chance"),
    "voids-section": N_("Voids (undo)"),
    "no-voids": N_("Nothing was undone."),
    "voided": N_("Undone"),
    "corrections-section": N_("Corrections"),
    "corrected": N_("Corrected (was → now)"),
    "struck": N_("struck"),
    "reason": N_("Reason"),
    "by": N_("By"),
    "rulings": N_("Rulings"),
    "clause": N_("Clause"),
    "times-cited": N_("Times cited"),
    "notable": N_("Rulings beyond the routine legs and kills"),
    "no-notable": N_("None."),
    "decision": N_("Ruling"),
    "floor": N_("Floorpersons on duty"),
    "first": N_("First entry"),
    "last": N_("Last entry"),
    "entries": N_("Entries"),
    "unnamed": N_("(not named)"),
    "problems": N_("Records that no longer apply under the current rules"),
    "seal": N_("Seal of the night"),
    "seal-text": N_(
        "The journal's chain head when this report was made. Keep it apart from the "
        "journal: the command below later proves that nothing up to this row was changed,"
        " cut or replaced."
    ),
    "no-seal": N_("These tables were kept in memory, not in a journal: there is no chain to seal."),
    "rows": N_("rows in the journal"),
    "no-tables": N_("The journal has no tables."),
    "hour": N_("Hour"),
    "all-hours": N_("all night"),
    "credit": N_(
        "Rules cited by clause id; summaries paraphrase Robert's Rules of Poker (Bob "
        "Ciaffone), house rules and the WSOP Live Action Rules."
    ),
}


def t(key: str, lang: str = "en", **params: Any) -> str:
    entry = TEXT[key]
    if isinstance(entry, tuple):
        return ptr(entry[0], entry[1], lang, **params)
    return tr(entry, lang, **params)


def trigger_word(bucket: str, lang: str = "en") -> str:
    """A row of the kill pots by trigger: a registered trigger's report word, else the
    report's own word for the other causes (an unknown bucket as it is)."""
    record = trigger_registry.get(bucket)
    if record is not None:
        return tr(record.report, lang)
    return t("trigger-" + bucket, lang) if "trigger-" + bucket in TEXT else bucket


__all__ = ["LANGS", "TEXT", "t", "trigger_word"]

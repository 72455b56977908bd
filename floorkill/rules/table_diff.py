"""How two set-ups of a table differ, in the floor's words and money.

``setup_changes(old, old_players, new, new_players, lang)`` gives one short phrase per
difference, old → new: ``limits $4-$8 → $5-$10``, ``kill half → full``,
``seat 3 Cy → Cyd``. The CLI import and the podium's open question both show these.
Every word is a message id of the catalogue (:mod:`floorkill.i18n`): in Russian
``лимиты $4-$8 → $5-$10``, ``килл половинный → полный``; amounts are written the
language's way (:func:`floorkill.i18n.money`) but limits and blinds, which keep the room's
notation (``$20-$40``, ``$5/$10``) as everywhere; names never translated.

:data:`VALUE_WORDS` (an option value in the floor's words) is what the table editor
shows in its choices too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from floorkill.i18n import N_, NC_, money, pgettext, tr

from .config import (
    AMOUNT_OPTIONS,
    KILL_OPTIONS,
    PRESET_TITLES,
    TRIGGERS,
    PlayerSpec,
    TableConfig,
    game_name,
)
from .money import dollars

ARROW = "→"
CONTEXT = "setup"  # the catalogue's context of these words ("kill" the field, not the event)

LABELS = {
    "game": NC_("setup", "game"),
    "joker": NC_("setup", "joker"),
    "seats": NC_("setup", "seats"),
    "first dealer seat": NC_("setup", "first dealer seat"),
    "limits": NC_("setup", "limits"),
    "blinds": NC_("setup", "blinds"),
    "kill": NC_("setup", "kill"),
    "kill triggers": NC_("setup", "kill triggers"),
    "rules preset": NC_("setup", "rules preset"),
}

OPTION_WORDS = {
    "scoop_minimum": NC_("setup", "scoop kill needs a pot of"),
    "big_pot_minimum": NC_("setup", "big-pot kill needs a pot of"),
    "second_leg_minimum": NC_("setup", "second leg needs to win"),
    "second_leg_pot": NC_("setup", "second leg needs a pot of"),
    "second_leg_needs_flop": NC_("setup", "second leg needs a flop"),
    "split_with_leg": NC_("setup", "leg holder who splits"),
    "split_by_killer": NC_("setup", "killer who splits"),
    "walk": NC_("setup", "leg holder who wins a walk"),
    "unqualified_second_win": NC_("setup", "second win too small"),
    "voluntary": NC_("setup", "voluntary kills"),
    "voluntary_cards": NC_("setup", "voluntary kill after cards"),
    "killer_acts": NC_("setup", "killer acts"),
    "kill_blind_is_blind_money": NC_("setup", "kill blind counts as blind money"),
    "new_player": NC_("setup", "new player in a kill pot"),
    "missed_kill": NC_("setup", "missed kill"),
    "killer_in_blind": NC_("setup", "killer in a blind posts"),
    "button_gap": NC_("setup", "player sitting where the blinds passed"),
}

# the values of the set-up and of every option, in the floor's words (ids are the values)
VALUE_WORDS = {
    "yes": NC_("setup", "yes"),
    "no": NC_("setup", "no"),
    "in": NC_("setup", "in"),
    "out": NC_("setup", "out"),
    "lowest": NC_("setup", "lowest"),
    "none": NC_("setup", "none"),
    "empty": NC_("setup", "empty"),
    "fixed": NC_("setup", "fixed"),
    "spread": NC_("setup", "spread"),
    "full": NC_("setup", "full"),
    "half": NC_("setup", "half"),
    "5x-upper": NC_("setup", "5x-upper"),
    "5x-lower": NC_("setup", "5x-lower"),
    "5x-big-blind": NC_("setup", "5x-big-blind"),
    "lower-bet": NC_("setup", "lower-bet"),
    "upper-bet": NC_("setup", "upper-bet"),
    "keeps": NC_("setup", "keeps"),
    "keeps-leg": NC_("setup", "keeps-leg"),
    "neutral": NC_("setup", "neutral"),
    "kills-again": NC_("setup", "kills-again"),
    "in-turn": NC_("setup", "in-turn"),
    "last": NC_("setup", "last"),
    "must-agree": NC_("setup", "must-agree"),
    "may-sit": NC_("setup", "may-sit"),
    "barred": NC_("setup", "barred"),
    "post-later": NC_("setup", "post-later"),
    "replaces": NC_("setup", "replaces"),
    "both": NC_("setup", "both"),
    "waits": NC_("setup", "waits"),
    "posts": NC_("setup", "posts"),
}
PRESET_WORDS = {  # the presets' titles (config.PRESET_TITLES) as the catalogue has them
    "robert": N_("Robert's Rules of Poker"),
    "wsop": N_("WSOP Live Action Rules"),
    "house": N_("House rules (seed)"),
    "house-alternate": N_("House rules, every Alternate Rule"),
    "house-pot": N_("House rules, second leg by pot size (5 big blinds)"),
}
assert set(PRESET_WORDS) == set(PRESET_TITLES), "a preset without its title in PRESET_WORDS"


def word(value: Any, lang: str | None = "en") -> str:
    """A set-up value in the floor's words (True → yes; a number or an unknown value as it is)."""
    if isinstance(value, bool):
        value = "yes" if value else "no"
    text = str(value)
    return pgettext(CONTEXT, VALUE_WORDS[text], lang) if text in VALUE_WORDS else text


def trigger_word(trigger_id: str, lang: str | None = "en") -> str:
    """A kill trigger in the set-up's words (its record's; an unknown id as it is)."""
    record = TRIGGERS.get(trigger_id)
    return pgettext(CONTEXT, record.setup, lang) if record is not None else trigger_id


def option_value(name: str, value: Any, lang: str | None = "en") -> str:
    """An option's value in the floor's words; an amount in money."""
    if name in AMOUNT_OPTIONS and isinstance(value, int) and not isinstance(value, bool):
        return money(value, lang)
    return word(value, lang)


def preset_title(preset: str, lang: str | None = "en") -> str:
    return tr(PRESET_WORDS[preset], lang) if preset in PRESET_WORDS else preset


def _label(key: str, lang: str | None) -> str:
    return pgettext(CONTEXT, key, lang)


def _blinds(cfg: TableConfig, lang: str | None) -> str:
    """The blinds in the room's notation in every language ("$5/$10"), like the limits."""
    if cfg.blinds == (0, 0):
        return word("none", lang)
    return f"{dollars(cfg.blinds[0])}/{dollars(cfg.blinds[1])}"


def _limits(cfg: TableConfig, lang: str | None) -> str:
    return (word("spread", lang) + " " if cfg.structure == "spread" else "") + cfg.stakes_text()


def _player(p: PlayerSpec | None, lang: str | None) -> str:
    if p is None:
        return word("empty", lang)
    return p.name + (f" ({money(p.stack, lang)})" if p.stack is not None else "")


def setup_changes(
    old: TableConfig,
    old_players: Sequence[PlayerSpec],
    new: TableConfig,
    new_players: Sequence[PlayerSpec],
    lang: str | None = "en",
) -> list[str]:
    """Every difference between two set-ups of a table, old → new; [] when the same.
    Labels, values, game names and money in ``lang`` (players' names stay as they are)."""
    out: list[str] = []

    def diff(label: str, a: str, b: str) -> None:
        if a != b:
            out.append(f"{_label(label, lang)} {a} {ARROW} {b}")

    diff("game", game_name(old.game, lang or "en"), game_name(new.game, lang or "en"))
    diff(
        "joker", word("in" if old.joker else "out", lang), word("in" if new.joker else "out", lang)
    )
    diff("seats", str(old.seats), str(new.seats))
    diff(
        "first dealer seat",
        str(old.button) if old.button else word("lowest", lang),
        str(new.button) if new.button else word("lowest", lang),
    )
    diff("limits", _limits(old, lang), _limits(new, lang))
    diff("blinds", _blinds(old, lang), _blinds(new, lang))
    ka, kb = old.kill, new.kill
    diff("kill", word(ka.kind, lang), word(kb.kind, lang))

    def triggers(ts: Iterable[str]) -> str:
        return ", ".join(trigger_word(trigger, lang) for trigger in ts) or word("none", lang)

    diff("kill triggers", triggers(ka.triggers), triggers(kb.triggers))
    diff(
        "rules preset",
        word(ka.preset, lang) if lang == "en" else preset_title(ka.preset, lang),
        word(kb.preset, lang) if lang == "en" else preset_title(kb.preset, lang),
    )
    for name in KILL_OPTIONS:
        old_value, new_value = getattr(ka, name), getattr(kb, name)
        if old_value != new_value:
            label = pgettext(CONTEXT, OPTION_WORDS[name], lang) if name in OPTION_WORDS else name
            out.append(
                f"{label} {option_value(name, old_value, lang)} {ARROW} {option_value(name, new_value, lang)}"
            )
    seats_a = {player.seat: player for player in old_players}
    seats_b = {player.seat: player for player in new_players}
    for seat in sorted(set(seats_a) | set(seats_b)):
        old_value, new_value = _player(seats_a.get(seat), lang), _player(seats_b.get(seat), lang)
        if old_value != new_value:  # a player's name is never translated
            out.append(
                tr(
                    "seat {seat} {before} {arrow} {after}",
                    lang,
                    seat=seat,
                    before=old_value,
                    arrow=ARROW,
                    after=new_value,
                )
            )
    return out

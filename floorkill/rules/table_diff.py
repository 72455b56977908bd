"""How two set-ups of a table differ, in the floor's words and dollars.

``setup_changes(old, old_players, new, new_players)`` gives one short phrase per
difference, old → new: ``limits $4-$8 → $5-$10``, ``kill half → full``,
``seat 3 Cy → Cyd``. The CLI import and the podium's open question both show these.
"""

from __future__ import annotations

from typing import Any, Sequence

from .config import AMOUNT_OPTIONS, GAME_NAMES, KILL_OPTIONS, PlayerSpec, TableConfig
from .money import dollars
from .placard import GAME_NAMES_RU
from .texts import amounts_in

ARROW = "→"

_WORDS = {   # label or value: Russian
    "game": "игра", "joker": "джокер", "seats": "мест за столом:", "first dealer seat": "первый дилер:",
    "limits": "лимиты", "blinds": "блайнды", "kill": "килл", "kill triggers": "поводы для килла:",
    "rules preset": "набор правил:", "seat": "место", "in": "в игре", "out": "нет",
    "lowest": "место с наименьшим номером", "empty": "пусто", "none": "нет", "yes": "да", "no": "нет",
    "spread": "спред", "full": "полный", "half": "половинный",
    "scoop kill needs a pot of": "килл за скуп: банк от",
    "big-pot kill needs a pot of": "килл за крупный банк: банк от",
    "second leg needs to win": "вторая «нога»: выигрыш сверх блайндов от",
    "second leg needs a pot of": "вторая «нога» по размеру банка:",
    "second leg needs a flop": "второй «ноге» нужен флоп:",
    "leg holder who splits": "делёж банка с «ногой»:",
    "killer who splits": "делёж банка киллером:",
    "leg holder who wins a walk": "«прогулка» с «ногой»:",
    "second win too small": "слишком малый второй выигрыш:",
    "voluntary kills": "добровольный килл:",
    "voluntary kill after cards": "добровольный килл после карт:",
    "killer acts": "киллер ходит",
    "kill blind counts as blind money": "килл-блайнд считается деньгами блайндов:",
    "new player in a kill pot": "новый игрок в килл-поте:",
    "missed_kill": "пропущенный килл:", "missed kill": "пропущенный килл:",
    "killer in a blind posts": "киллер на блайнде ставит",
    # option values
    "5x-upper": "5 верхних лимитов", "5x-lower": "5 нижних лимитов",
    "5x-big-blind": "5 больших блайндов", "lower-bet": "нижней ставки", "upper-bet": "верхней ставки",
    "keeps": "«нога» остаётся", "keeps-leg": "«нога» остаётся", "neutral": "баттон нейтрален",
    "kills-again": "снова килл", "in-turn": "в свою очередь", "last": "последним",
    "must-agree": "только с согласием на килл", "may-sit": "играет",
    "barred": "отстранение до уплаты", "post-later": "ставится позже",
    "replaces": "килл вместо блайнда", "both": "и блайнд, и килл",
    # kill triggers and rule presets
    "two-pots": "два банка подряд", "scoop": "скуп", "big-pot": "крупный банк",
    "robert": "правила Роберта", "wsop": "правила WSOP", "house": "правила заведения",
    "house-alternate": "правила заведения, все альтернативы",
    "house-pot": "правила заведения, «нога» по размеру банка",
}

_OPTION_WORDS = {
    "scoop_minimum": "scoop kill needs a pot of",
    "second_leg_pot": "second leg needs a pot of",
    "big_pot_minimum": "big-pot kill needs a pot of",
    "second_leg_minimum": "second leg needs to win",
    "second_leg_needs_flop": "second leg needs a flop",
    "split_with_leg": "leg holder who splits",
    "split_by_killer": "killer who splits",
    "walk": "leg holder who wins a walk",
    "unqualified_second_win": "second win too small",
    "voluntary": "voluntary kills",
    "voluntary_cards": "voluntary kill after cards",
    "killer_acts": "killer acts",
    "kill_blind_is_blind_money": "kill blind counts as blind money",
    "new_player": "new player in a kill pot",
    "missed_kill": "missed kill",
    "killer_in_blind": "killer in a blind posts",
}


def _word(value: Any, amount: bool = False) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if amount and isinstance(value, int):
        return dollars(value)
    return str(value)


def _ru(text: str) -> str:
    return _WORDS.get(text, text)


def _blinds(cfg: TableConfig) -> str:
    return "none" if cfg.blinds == (0, 0) else f"{dollars(cfg.blinds[0])}/{dollars(cfg.blinds[1])}"


def _limits(cfg: TableConfig, lang: str = "en") -> str:
    spread = "спред " if lang == "ru" else "spread "
    return (spread if cfg.structure == "spread" else "") + cfg.stakes_text()


def _player(p: PlayerSpec | None, lang: str = "en") -> str:
    if p is None:
        return "пусто" if lang == "ru" else "empty"
    return p.name + (f" ({dollars(p.stack)})" if p.stack is not None else "")


def setup_changes(old: TableConfig, old_players: Sequence[PlayerSpec], new: TableConfig,
                  new_players: Sequence[PlayerSpec], lang: str = "en") -> list[str]:
    """Every difference between two set-ups of a table, old → new; [] when the same.
    ``lang="ru"``: the labels, words and amounts in Russian (names, limits and blinds stay)."""
    out: list[str] = []
    say = _ru if lang == "ru" else (lambda text: text)

    def diff(label: str, a: Any, b: Any) -> None:
        if a != b:
            if label.startswith("seat "):           # a player's name is never translated
                out.append(f"{say('seat')}{label[4:]} {a} {ARROW} {b}")
            else:
                out.append(f"{say(label)} {say(str(a))} {ARROW} {say(str(b))}")

    games = GAME_NAMES_RU if lang == "ru" else GAME_NAMES
    diff("game", games.get(old.game, old.game), games.get(new.game, new.game))
    diff("joker", "in" if old.joker else "out", "in" if new.joker else "out")
    diff("seats", old.seats, new.seats)
    diff("first dealer seat", old.button or "lowest", new.button or "lowest")
    diff("limits", _limits(old, lang), _limits(new, lang))
    diff("blinds", _blinds(old), _blinds(new))
    ka, kb = old.kill, new.kill
    diff("kill", ka.kind, kb.kind)
    diff("kill triggers", ", ".join(map(say, ka.triggers)) or "none",
         ", ".join(map(say, kb.triggers)) or "none")
    diff("rules preset", ka.preset, kb.preset)
    for name in KILL_OPTIONS:
        a, b = getattr(ka, name), getattr(kb, name)
        if a != b:
            amount = name in AMOUNT_OPTIONS
            out.append(f"{say(_OPTION_WORDS.get(name, name))} {say(_word(a, amount))} {ARROW} "
                       f"{say(_word(b, amount))}")
    seats_a = {p.seat: p for p in old_players}
    seats_b = {p.seat: p for p in new_players}
    for seat in sorted(set(seats_a) | set(seats_b)):
        diff(f"seat {seat}", _player(seats_a.get(seat), lang), _player(seats_b.get(seat), lang))
    return [amounts_in(line, lang) for line in out]   # "$40" -> "40 $" (limits, blinds stay)

"""Where every table option comes from: the rulebook sentence behind it (quoted from the
seed in English; the Russian written fresh from the English, since the Russian seed has
meaning-reversing errors — docs/rules.md section 1), what each choice does, and which clauses the
decisions will cite under that choice.

Keyed by the option names of :data:`.config.KILL_OPTIONS` (plus ``kind`` and each
trigger), the same names the table editor's catalogue (:mod:`.options`) uses, so a form
can show, next to each field, ``source(name).quote[lang]``, ``explain(name, value, lang)``
and ``cites(name, value)``. Pure data: no Textual, no Rich.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .config import AMOUNT_OPTIONS, KILL_OPTIONS, TRIGGERS

ROBERT = "robert-rules-kill-pots-en.txt"
HOUSE = "house-rules-spread-limit-and-kill-games.txt"
AMOUNT = "amount"  # the choices key of "an amount typed in"


@dataclass(frozen=True, slots=True)
class Source:
    """One sentence of a rulebook. ``seed`` is the file in seeds/ (None: a public rulebook
    that is not among the seeds, paraphrased in the project's words)."""

    seed: str | None
    where: dict[str, str]
    quote: dict[str, str]


@dataclass(frozen=True, slots=True)
class Choice:
    text: dict[str, str]
    cites: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OptionSource:
    name: str
    sources: tuple[Source, ...]
    choices: dict[Any, Choice]
    note: dict[str, str] = field(default_factory=dict)  # how it works with other options


def _s(seed: str | None, where_en: str, where_ru: str, en: str, ru: str) -> Source:
    return Source(seed, {"en": where_en, "ru": where_ru}, {"en": en, "ru": ru})


def _c(en: str, ru: str, *cites: str) -> Choice:
    return Choice({"en": en, "ru": ru}, tuple(cites))


_NATURAL = ("House rules, winning two consecutive pots", "Правила заведения, два банка подряд")
_ALT = (
    "House rules, winning two consecutive pots — Alternate Rule",
    "Правила заведения, два банка подряд — альтернативное правило",
)
_WSOP = (
    "WSOP Live Action Rules 2024, Kill Pots (not among the seeds; paraphrased)",
    "Правила WSOP Live Action 2024, килл-поты (нет среди исходных текстов; пересказ)",
)


SOURCES: dict[str, OptionSource] = {
    s.name: s
    for s in (
        OptionSource(
            "kind",
            (
                _s(
                    ROBERT,
                    "Robert's Rules, Kill Pots, preamble",
                    "Правила Роберта, килл-поты, вступление",
                    "A full kill is double the amount of the big blind, and doubles the betting limits. A half "
                    "kill is one-and-a-half times the big blind, and increases the betting limits by that amount.",
                    "Полный килл равен двум большим блайндам и удваивает лимиты ставок. Половинный килл равен "
                    "полутора большим блайндам и во столько же раз повышает лимиты.",
                ),
                _s(
                    HOUSE,
                    "House rules, kill defined",
                    "Правила заведения, что такое килл",
                    "(IE, in a $10-$20 game with $5 and $10 Blinds, the player required to kill shall post a "
                    "third blind of $20, and that hand shall be played $20-$40.)",
                    "(Например, в игре $10-$20 с блайндами $5 и $10 обязанный убить банк ставит третий блайнд "
                    "$20, и эта раздача играется $20-$40.)",
                ),
            ),
            {
                "full": _c(
                    "The killer posts 2x the big blind; every limit doubles.",
                    "Убивающий ставит 2 больших блайнда; все лимиты удваиваются.",
                    "rrop-13.0",
                    "house-kill-defined",
                ),
                "half": _c(
                    "The killer posts 1.5x the big blind; every limit rises by half.",
                    "Убивающий ставит 1,5 больших блайнда; все лимиты растут в полтора раза.",
                    "rrop-13.0",
                ),
                "none": _c(
                    "No kill: a different game type from the same game with a kill.",
                    "Без килла: это другая игра, чем та же игра с киллом.",
                    "rrop-13.13",
                ),
            },
        ),
        OptionSource(
            "two-pots",
            (
                _s(
                    ROBERT,
                    "Robert's Rules, Kill Pots, preamble",
                    "Правила Роберта, килл-поты, вступление",
                    "In other games using a required kill, a player who wins two consecutive pots must kill "
                    "the next pot.",
                    "В остальных играх с обязательным киллом игрок, выигравший два банка подряд, обязан убить "
                    "следующий банк.",
                ),
            ),
            {
                True: _c(
                    "Winning two pots in a row kills the next hand (the first win is a leg up).",
                    "Два выигранных подряд банка убивают следующую раздачу (первый выигрыш — «нога»).",
                    "house-natural",
                    "rrop-13.3",
                ),
                False: _c(
                    "Two pots in a row do not kill.", "Два банка подряд не дают килла.", "rrop-13.0"
                ),
            },
        ),
        OptionSource(
            "scoop",
            (
                _s(
                    ROBERT,
                    "Robert's Rules, Kill Pots, preamble",
                    "Правила Роберта, килл-поты, вступление",
                    "In high-low split games using a required kill, a player who scoops a pot bigger than a "
                    "set size must kill the next pot.",
                    "В хай-лоу играх с обязательным киллом игрок, забравший обе половины банка больше "
                    "установленного размера, обязан убить следующий банк.",
                ),
            ),
            {
                True: _c(
                    "Winning the whole pot alone (both halves in hi-lo) at or above the scoop minimum "
                    "kills the next hand.",
                    "Выигрыш всего банка в одиночку (в хай-лоу — обеих половин) не меньше минимума "
                    "убивает следующую раздачу.",
                    "rrop-13.8",
                    "house-scoop",
                ),
                False: _c(
                    "A scoop does not kill.", "Выигрыш обеих половин не даёт килла.", "rrop-13.0"
                ),
            },
        ),
        OptionSource(
            "big-pot",
            (
                _s(
                    HOUSE,
                    "House rules, winning a big pot",
                    "Правила заведения, крупный банк",
                    "Winning a pot with more than a certain amount of money in it can be the event to trigger "
                    "a kill.",
                    "Выигрыш банка, в котором больше определённой суммы, может быть событием, вызывающим килл.",
                ),
            ),
            {
                True: _c(
                    "Winning a pot at or above the big-pot minimum kills the next hand.",
                    "Выигрыш банка не меньше минимума убивает следующую раздачу.",
                    "house-big-pot",
                ),
                False: _c(
                    "The size of a pot alone does not kill.",
                    "Размер банка сам по себе не даёт килла.",
                    "rrop-13.0",
                ),
            },
        ),
        OptionSource(
            "scoop_minimum",
            (
                _s(
                    ROBERT,
                    "Robert's Rules, Kill Pots, rule 8",
                    "Правила Роберта, килл-поты, правило 8",
                    "When a player wins both the high and the low pot (\u201cscoops\u201d) in a split-pot game "
                    "with a kill provision, the next hand will be killed only if the pot is at least five "
                    "times the size of the upper limit of the game.",
                    "Если игрок выигрывает и хай, и лоу (забирает весь банк) в игре с делёжкой банка и киллом, "
                    "следующая раздача убивается, только если банк не меньше пяти верхних лимитов игры.",
                ),
                _s(
                    HOUSE,
                    "House rules, scooping high and low",
                    "Правила заведения, выигрыш хай и лоу",
                    "A player's uncalled bet is not included in determining the pot size.",
                    "Неуравненная ставка игрока в размер банка не входит.",
                ),
            ),
            {
                "5x-upper": _c(
                    "The scoop kills from 5 upper limits (Robert's Rules).",
                    "Килл — от пяти верхних лимитов (Правила Роберта).",
                    "rrop-13.8",
                    "house-scoop",
                ),
                "5x-lower": _c(
                    "The scoop kills from 5 lower limits (a house choice).",
                    "Килл — от пяти нижних лимитов (выбор заведения).",
                    "rrop-13.8",
                    "house-scoop",
                ),
                AMOUNT: _c(
                    "The scoop kills from the amount typed in (a house choice).",
                    "Килл — от указанной суммы (выбор заведения).",
                    "rrop-13.8",
                    "house-scoop",
                ),
            },
            {
                "en": "Uncalled bets never count; the game's own limits are used, not a kill pot's.",
                "ru": "Неуравненные ставки не считаются; берутся обычные лимиты игры, а не килл-пота.",
            },
        ),
        OptionSource(
            "big_pot_minimum",
            (
                _s(
                    HOUSE,
                    "House rules, winning a big pot",
                    "Правила заведения, крупный банк",
                    "Typically the size of the pot required to trigger a kill is five times the upper limit in "
                    "a fixed limit game (IE winning $150 in a$15-$30 game.) Other formulae that can be used are "
                    "five times the lower limit (which is also the amount of the big blind) or an arbitrary "
                    "amount.",
                    "Обычно для килла нужен банк в пять верхних лимитов в игре с фиксированным лимитом "
                    "(например, выигрыш $150 в игре $15-$30). Можно брать и пять нижних лимитов (это же "
                    "размер большого блайнда) или произвольную сумму.",
                ),
            ),
            {
                "5x-upper": _c(
                    "A pot of 5 upper limits kills.",
                    "Килл даёт банк в пять верхних лимитов.",
                    "house-big-pot",
                ),
                "5x-lower": _c(
                    "A pot of 5 lower limits kills.",
                    "Килл даёт банк в пять нижних лимитов.",
                    "house-big-pot",
                ),
                AMOUNT: _c(
                    "A pot of the amount typed in kills.",
                    "Килл даёт банк не меньше указанной суммы.",
                    "house-big-pot",
                ),
            },
        ),
        OptionSource(
            "second_leg_minimum",
            (
                _s(
                    ROBERT,
                    "Robert's Rules, Kill Pots, rule 3",
                    "Правила Роберта, килл-поты, правило 3",
                    'For the second "leg" to qualify for a kill, you must win at least one full bet for '
                    "whatever limit you are playing, and it cannot be any part of the blind structure.",
                    "Чтобы вторая «нога» дала килл, нужно выиграть не меньше одной полной ставки того лимита, "
                    "в который идёт игра, и эти деньги не могут быть частью блайндов.",
                ),
            ),
            {
                "lower-bet": _c(
                    "The second win must take at least one lower bet beyond the blinds.",
                    "Второй выигрыш должен принести не меньше одной нижней ставки сверх блайндов.",
                    "rrop-13.3",
                ),
                "upper-bet": _c(
                    "The second win must take at least one upper bet beyond the blinds.",
                    "Второй выигрыш должен принести не меньше одной верхней ставки сверх блайндов.",
                    "rrop-13.3",
                ),
                AMOUNT: _c(
                    "The second win must take at least the amount typed in beyond the blinds.",
                    "Второй выигрыш должен принести не меньше указанной суммы сверх блайндов.",
                    "rrop-13.3",
                ),
            },
            {
                "en": "Measured at the limits actually played that hand. Not used when the second leg "
                "is set to need a pot of a certain size (Second leg: pot at least).",
                "ru": "Считается по лимитам, в которые игралась раздача. Не действует, если для второй "
                "«ноги» задан минимальный размер банка (настройка «Вторая „нога“: банк от»).",
            },
        ),
        OptionSource(
            "second_leg_pot",
            (
                _s(
                    HOUSE,
                    *_ALT,
                    "A player must win a pot of a certain size to be set by the house for the pot to qualify "
                    "as the second leg of a kill.",
                    "Чтобы банк засчитывался как вторая «нога» килла, игрок должен выиграть банк не меньше "
                    "размера, который устанавливает заведение.",
                ),
            ),
            {
                "none": _c(
                    "Off: the second leg is measured by money won beyond the blinds.",
                    "Выключено: вторая «нога» меряется выигрышем сверх блайндов.",
                    "rrop-13.3",
                ),
                "5x-upper": _c(
                    "The second leg needs a pot of at least 5 upper limits.",
                    "Для второй «ноги» нужен банк не меньше пяти верхних лимитов.",
                    "house-natural",
                ),
                "5x-lower": _c(
                    "The second leg needs a pot of at least 5 lower limits.",
                    "Для второй «ноги» нужен банк не меньше пяти нижних лимитов.",
                    "house-natural",
                ),
                "5x-big-blind": _c(
                    "The second leg needs a pot of at least 5 big blinds.",
                    "Для второй «ноги» нужен банк не меньше пяти больших блайндов.",
                    "house-natural",
                ),
                AMOUNT: _c(
                    "The second leg needs a pot of at least the amount typed in.",
                    "Для второй «ноги» нужен банк не меньше указанной суммы.",
                    "house-natural",
                ),
            },
            {
                "en": "When set, it replaces the beyond-the-blinds test: the podium asks for the pot "
                "(uncalled bets excluded), measured against the game's own limits and blinds.",
                "ru": "Если задано, заменяет проверку «сверх блайндов»: спрашивается размер банка (без "
                "неуравненных ставок), по обычным лимитам и блайндам игры.",
            },
        ),
        OptionSource(
            "second_leg_needs_flop",
            (
                _s(
                    HOUSE,
                    *_NATURAL,
                    "For the second leg to qualify for a kill there must be a flop and the player must win at "
                    "least one full bet for whatever limit is being played, which cannot be any part of the "
                    "blind structure.",
                    "Чтобы вторая «нога» дала килл, должен быть флоп, и игрок должен выиграть не меньше одной "
                    "полной ставки играемого лимита, не считая денег блайндов.",
                ),
            ),
            {
                True: _c(
                    "A second win without a flop never kills; the walk option says what happens to "
                    "the leg.",
                    "Второй выигрыш без флопа никогда не даёт килла; что будет с «ногой», решает "
                    "настройка «прогулки».",
                    "house-natural",
                ),
                False: _c(
                    "A second win without a flop is weighed like any other (Robert's Rules).",
                    "Второй выигрыш без флопа оценивается как любой другой (Правила Роберта).",
                    "rrop-13.3",
                ),
            },
            {
                "en": "Only games with a flop (hold'em, Omaha).",
                "ru": "Только для игр с флопом (холдем, омаха).",
            },
        ),
        OptionSource(
            "split_with_leg",
            (
                _s(
                    ROBERT,
                    "Robert's Rules, Kill Pots, rule 4",
                    "Правила Роберта, килл-поты, правило 4",
                    'If a player with one "leg up" splits the next pot, that player still has a "leg up" '
                    "for the next hand.",
                    "Если игрок с одной «ногой» делит следующий банк, «нога» у него сохраняется на следующую "
                    "раздачу.",
                ),
                _s(
                    HOUSE,
                    *_ALT,
                    "If a player with one leg up on a natural kill splits a pot, then the kill button shall "
                    "become neutral;",
                    "Если игрок с одной «ногой» делит банк, килл-баттон становится нейтральным;",
                ),
            ),
            {
                "keeps": _c(
                    "A leg holder who splits keeps the leg.",
                    "Разделивший банк сохраняет «ногу».",
                    "rrop-13.4",
                ),
                "neutral": _c(
                    "A leg holder who splits loses it: the button goes neutral.",
                    "Разделивший банк теряет «ногу»: баттон нейтрален.",
                    "house-natural",
                ),
            },
        ),
        OptionSource(
            "split_by_killer",
            (
                _s(
                    ROBERT,
                    "Robert's Rules, Kill Pots, rule 4",
                    "Правила Роберта, килл-поты, правило 4",
                    "If the player who split the pot was the kill in the previous hand, then that player must "
                    "also kill the next pot.",
                    "Если деливший банк убивал предыдущую раздачу, он обязан убить и следующий банк.",
                ),
                _s(
                    HOUSE,
                    *_ALT,
                    "if a player who killed a previous pot splits the subsequent pot, then the kill button "
                    "shall become neutral.",
                    "если игрок, убивший предыдущий банк, делит следующий, килл-баттон становится нейтральным.",
                ),
            ),
            {
                "kills-again": _c(
                    "A killer who splits the kill pot kills again.",
                    "Убивший банк и разделивший его убивает снова.",
                    "rrop-13.4",
                ),
                "neutral": _c(
                    "A killer who splits the kill pot: the button goes neutral.",
                    "Убивший банк и разделивший его: баттон нейтрален.",
                    "house-natural",
                ),
            },
        ),
        OptionSource(
            "walk",
            (
                _s(
                    HOUSE,
                    *_NATURAL,
                    "When a player has one leg up toward a natural kill and there is no flop then he keeps "
                    "the kill button. This is known as a walk.",
                    "Если у игрока одна «нога», а флопа не было, килл-баттон остаётся у него. Это называется "
                    "«прогулкой».",
                ),
                _s(
                    HOUSE,
                    *_ALT,
                    "In the event of a walk, the kill button becomes neutral.",
                    "При «прогулке» килл-баттон становится нейтральным.",
                ),
            ),
            {
                "keeps": _c(
                    "A leg holder who wins again without a flop keeps the leg.",
                    "Игрок с «ногой», снова выигравший без флопа, сохраняет «ногу».",
                    "house-natural",
                ),
                "neutral": _c(
                    "A leg holder who wins again without a flop loses it: the button goes neutral.",
                    "Игрок с «ногой», снова выигравший без флопа, теряет её: баттон нейтрален.",
                    "house-natural",
                ),
            },
            {
                "en": 'Applies only with "second leg needs a flop": a walk is a second win the flop rule '
                "stops. Without the flop rule a flopless second win is weighed like any other, "
                "whichever value is chosen here.",
                "ru": "Действует только вместе с «для второй ноги нужен флоп»: «прогулка» — это второй "
                "выигрыш, который останавливает правило флопа. Без него второй выигрыш без флопа "
                "оценивается как любой другой, что бы здесь ни было выбрано.",
            },
        ),
        OptionSource(
            "unqualified_second_win",
            (
                _s(
                    ROBERT,
                    "Robert's Rules, glossary, leg up",
                    "Правила Роберта, словарь, «нога»",
                    "LEG UP: Being in a situation equivalent to having won the previous pot, and thus liable "
                    "to have to kill the following pot if you win the current pot.",
                    "«НОГА»: положение игрока, как если бы он выиграл предыдущий банк; выиграв текущий, он "
                    "может быть обязан убить следующий.",
                ),
                _s(
                    HOUSE,
                    "House rules, kill games, (d)",
                    "Правила заведения, килл-игры, (d)",
                    "d) the previous pot did not meet the monetary requirements for a kill.",
                    "d) предыдущий банк не отвечал денежным требованиям для килла.",
                ),
            ),
            {
                "keeps-leg": _c(
                    "A second win too small to kill keeps the leg up.",
                    "Слишком маленький для килла второй выигрыш сохраняет «ногу».",
                    "rrop-13.3",
                    "rrop-glossary",
                ),
                "neutral": _c(
                    "A second win too small to kill: the button goes neutral.",
                    "Слишком маленький для килла второй выигрыш: баттон нейтрален.",
                    "house-button",
                ),
            },
        ),
        OptionSource(
            "voluntary",
            (
                _s(
                    ROBERT,
                    "Robert's Rules, Kill Pots, rule 10",
                    "Правила Роберта, килл-поты, правило 10",
                    "In lowball, an optional rule is allowing players to look at their first two cards and "
                    "then opt whether to kill the pot.",
                    "В лоуболе по необязательному правилу игрокам разрешают посмотреть первые две карты и "
                    "после этого решить, убивать ли банк.",
                ),
            ),
            {
                True: _c(
                    "A player may kill voluntarily (stack at least 4 kill blinds); the killer acts last "
                    "on the first round.",
                    "Игрок может убить банк добровольно (стек не меньше 4 килл-блайндов); убивший "
                    "ходит последним в первом круге.",
                    "rrop-13.10",
                ),
                False: _c("Only required kills.", "Только обязательные киллы.", "rrop-13.0"),
            },
        ),
        OptionSource(
            "voluntary_cards",
            (
                _s(
                    ROBERT,
                    "Robert's Rules, Kill Pots, rule 10",
                    "Правила Роберта, килл-поты, правило 10",
                    "The pot may no longer be killed if any player in the game has received a third card.",
                    "Банк больше нельзя убить, если кто-то из игроков уже получил третью карту.",
                ),
            ),
            {
                2: _c(
                    "Declared after seeing two cards (Robert's Rules).",
                    "Объявляется, увидев две карты (Правила Роберта).",
                    "rrop-13.10",
                ),
                3: _c(
                    "Declared after seeing three cards (as the Russian text of the rule has it).",
                    "Объявляется, увидев три карты (как в русском тексте правила).",
                    "rrop-13.10",
                ),
            },
            {
                "en": 'The Russian text of rule 10 says "two (sometimes three) cards".',
                "ru": "В русском тексте правила 10 сказано «две (иногда три) карты».",
            },
        ),
        OptionSource(
            "killer_acts",
            (
                _s(
                    ROBERT,
                    "Robert's Rules, Kill Pots, rule 2",
                    "Правила Роберта, килл-поты, правило 2",
                    "In a kill pot, the killer acts in proper turn (after the person on the immediate right).",
                    "В килл-поте убивший ходит в свою очередь (после соседа справа).",
                ),
            ),
            {
                "in-turn": _c(
                    "A required killer acts in turn.",
                    "Обязанный убить ходит в свою очередь.",
                    "rrop-13.2",
                ),
                "last": _c(
                    "A required killer acts last on the first round (house practice).",
                    "Обязанный убить ходит последним в первом круге (практика заведения).",
                    "rrop-13.2",
                ),
            },
        ),
        OptionSource(
            "kill_blind_is_blind_money",
            (
                _s(
                    ROBERT,
                    "Robert's Rules, Kill Pots, rule 3",
                    "Правила Роберта, килл-поты, правило 3",
                    "...and it cannot be any part of the blind structure.",
                    "...и эти деньги не могут быть частью блайндов.",
                ),
                _s(
                    None,
                    *_WSOP,
                    "Rule 191: the kill blind is not part of the blind structure when a second "
                    "leg is qualified.",
                    "Правило 191: при оценке второй «ноги» килл-блайнд не считается частью блайндов.",
                ),
            ),
            {
                True: _c(
                    "The kill blind counts as blind money when a second leg is measured.",
                    "Килл-блайнд считается деньгами блайндов при оценке второй «ноги».",
                    "rrop-13.3",
                ),
                False: _c(
                    "The kill blind counts as money won (WSOP).",
                    "Килл-блайнд считается выигранными деньгами (WSOP).",
                    "wsop-191",
                ),
            },
            {
                "en": "Only the wording of the question the podium asks.",
                "ru": "Меняет только формулировку вопроса на подиуме.",
            },
        ),
        OptionSource(
            "new_player",
            (
                _s(
                    ROBERT,
                    "Robert's Rules, Kill Pots, rule 12",
                    "Правила Роберта, килл-поты, правило 12",
                    "A new player is not entitled to play in a killed pot, but may do so by agreeing to kill "
                    "the next pot.",
                    "Новый игрок не вправе играть убитый банк, но может, если согласится убить следующий.",
                ),
                _s(
                    None,
                    *_WSOP,
                    "Rule 201: a new player may sit into a kill pot.",
                    "Правило 201: новый игрок может сесть в килл-пот.",
                ),
            ),
            {
                "must-agree": _c(
                    "A new player sits out a kill pot unless agreeing to kill the next one.",
                    "Новый игрок пропускает килл-пот, если не согласится убить следующий.",
                    "rrop-13.12",
                ),
                "may-sit": _c(
                    "A new player may play a kill pot (WSOP).",
                    "Новый игрок может играть килл-пот (WSOP).",
                    "wsop-201",
                ),
            },
        ),
        OptionSource(
            "missed_kill",
            (
                _s(
                    ROBERT,
                    "Robert's Rules, Kill Pots, rule 6",
                    "Правила Роберта, килл-поты, правило 6",
                    "A player who fails to post a required kill blind will not be allowed to participate in "
                    "any game until the kill money is posted.",
                    "Игрок, не поставивший обязательный килл-блайнд, не допускается ни к одной игре, пока не "
                    "внесёт эти деньги.",
                ),
                _s(
                    None,
                    *_WSOP,
                    "Rule 197: a missed kill is posted at the first chance off the button "
                    "and the blinds.",
                    "Правило 197: пропущенный килл ставится при первой возможности не на баттоне и не на "
                    "блайндах.",
                ),
            ),
            {
                "barred": _c(
                    "An unposted kill bars the player from every game until it is paid.",
                    "Не поставивший килл не допускается ни к одной игре, пока не внесёт его.",
                    "rrop-13.6",
                ),
                "post-later": _c(
                    "An unposted kill is owed and posted at the first hand off the button and "
                    "blinds (WSOP).",
                    "Непоставленный килл остаётся долгом и ставится в первой раздаче не на "
                    "баттоне и не на блайндах (WSOP).",
                    "wsop-197",
                ),
            },
        ),
        OptionSource(
            "killer_in_blind",
            (
                _s(
                    HOUSE,
                    "House rules, kill defined",
                    "Правила заведения, что такое килл",
                    "the player required to kill shall post a third blind of $20",
                    "обязанный убить банк ставит третий блайнд в $20",
                ),
                _s(
                    None,
                    *_WSOP,
                    "Rule 200: no chopping when the kill is in a blind.",
                    "Правило 200: если убивающий на блайнде, делить блайнды нельзя.",
                ),
            ),
            {
                "replaces": _c(
                    "A killer in a blind posts the kill in place of that blind.",
                    "Убивающий на блайнде ставит килл вместо этого блайнда.",
                    "wsop-200",
                ),
                "both": _c(
                    "A killer in a blind posts that blind and the kill.",
                    "Убивающий на блайнде ставит и блайнд, и килл.",
                    "wsop-200",
                ),
            },
            {
                "en": "The rulebooks are silent; rooms differ.",
                "ru": "Правила об этом молчат; в заведениях по-разному.",
            },
        ),
    )
}


def source(name: str) -> OptionSource:
    """The catalogue entry of an option (``kind``, a trigger, or a ``[kill]`` option)."""
    return SOURCES[name]


def _key(name: str, value: Any) -> Any:
    entry = SOURCES[name]
    if value in entry.choices and not (
        isinstance(value, int) and not isinstance(value, bool) and name in AMOUNT_OPTIONS
    ):
        return value
    if name in AMOUNT_OPTIONS and AMOUNT in entry.choices:
        return AMOUNT
    raise KeyError(f"{name}: no choice {value!r}")


def explain(name: str, value: Any, lang: str = "en") -> str:
    """What choosing ``value`` for ``name`` does, in player-neutral floor words."""
    text = SOURCES[name].choices[_key(name, value)].text
    return text.get(lang) or text["en"]


def cites(name: str, value: Any) -> tuple[str, ...]:
    """The clauses the decisions will cite under that choice."""
    return SOURCES[name].choices[_key(name, value)].cites


def options() -> tuple[str, ...]:
    """Every name the catalogue covers: kind, the triggers, then the [kill] options."""
    return ("kind", *TRIGGERS, *KILL_OPTIONS)


def describe(name: str, value: Any, lang: str = "en") -> tuple[str, ...]:
    """What a form shows beside an option set to ``value``: each source sentence with where
    it comes from, what this choice does with the clauses it cites, and the option's note
    (how it works with the others). Plain text lines."""
    entry = SOURCES[name]
    lang = lang if lang in ("en", "ru") else "en"
    open_q, close_q = ("«", "»") if lang == "ru" else ("\u201c", "\u201d")
    out = [f"{open_q}{src.quote[lang]}{close_q} — {src.where[lang]}" for src in entry.sources]
    out.append(f"{explain(name, value, lang)} [{', '.join(cites(name, value))}]")
    if entry.note:
        out.append(entry.note.get(lang) or entry.note["en"])
    return tuple(out)

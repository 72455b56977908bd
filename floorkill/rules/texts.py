"""Decision and refusal texts, English and Russian.

Templates use ``str.format`` fields; values (player names) are plain data and are
never interpreted as markup here or anywhere else.

Russian texts never depend on the player's gender (tests/rules/test_russian_texts.py):
a player's name is the subject of a present-tense verb ("{name} выигрывает банк"), stands
before a colon ("{name}: килл $40 не поставлен"), follows a noun ("у игрока {name}") or
stands for its seat ("место 3 ({name})"); never a past-tense verb, a short adjective or a
pronoun agreeing with the player. Names are never declined. A count takes the Russian
plural: ``{hands:раздачи|раздач|раздач}`` (forms for 1, 2-4, 5+). An amount is written the
Russian way ("40 $", "4,50 $": :func:`amounts_in`); limits keep the room's "$20-$40".
"""

from __future__ import annotations

import re
import string
from functools import cache
from typing import Any

from .money import HOW_TO_WRITE

MESSAGES: dict[str, dict[str, str]] = {
    # --- refusals: the shape of an event ---------------------------------------
    "not-an-event": {
        "en": "an event must be a table of fields",
        "ru": "событие должно быть таблицей полей",
    },
    "missing-field": {"en": "missing field '{field}'", "ru": "не хватает поля '{field}'"},
    "bad-seat": {
        "en": "{value} is not a seat number (1 to {seats})",
        "ru": "{value} — не номер места (от 1 до {seats})",
    },
    "seat-out-of-range": {
        "en": "there is no seat {seat} at this table (seats 1 to {seats})",
        "ru": "за этим столом нет места {seat} (места с 1 по {seats})",
    },
    "empty-seats": {
        "en": "'{field}' names no seat",
        "ru": "в '{field}' не указано ни одного места",
    },
    "seat-twice": {"en": "'{field}' names a seat twice", "ru": "в '{field}' место указано дважды"},
    "bad-bool": {
        "en": "'{field}' must be true or false, not {value}",
        "ru": "'{field}': нужно true или false, а не {value}",
    },
    "bad-amount": {"en": "'{field}': {reason}", "ru": "'{field}': неверная сумма ({reason})"},
    "bad-number": {
        "en": "'{field}' must be a whole number from {lo} to {hi}, not {value}",
        "ru": "'{field}': нужно целое число от {lo} до {hi}, а не {value}",
    },
    "unknown-type": {
        "en": "unknown event type {value} (one of: {types})",
        "ru": "неизвестный тип события {value} (допустимы: {types})",
    },
    "unknown-field": {
        "en": "'{field}' is not a field of a {type} event (fields: {allowed})",
        "ru": "'{field}' — не поле события {type} (поля: {allowed})",
    },
    "bad-name": {"en": "{reason}", "ru": "недопустимое имя игрока: {reason}"},
    "bad-cards-dealt": {
        "en": "cards_dealt ({dealt}) is less than cards_seen ({seen})",
        "ru": "cards_dealt ({dealt}) меньше cards_seen ({seen})",
    },
    "low-without-high": {"en": "'low' needs 'high' too", "ru": "для 'low' нужно указать и 'high'"},
    "hand-needs-one-result": {
        "en": "a hand needs exactly one of: winner, winners, high (with low), showdown",
        "ru": "у раздачи должно быть указано ровно одно из: winner, winners, high (с low), showdown",
    },
    "bad-showdown": {
        "en": 'showdown must be {{ board = "...", hands = {{ 3 = "As Ks", ... }} }}',
        "ru": 'showdown записывается так: {{ board = "...", hands = {{ 3 = "As Ks", ... }} }}',
    },
    "bad-cards": {"en": "cards: {reason}", "ru": "карты: {reason}"},
    "board-contradicts-flop": {
        "en": "the showdown board has three or more cards, so the hand saw the flop: flop = false contradicts it",
        "ru": "на борде вскрытия три карты или больше, значит, флоп был: flop = false этому противоречит",
    },
    "high-low-not-hilo": {
        "en": "high and low winners only exist in hi-lo games; {game} has one pot",
        "ru": "победители хай и лоу бывают только в хай-лоу играх, а здесь банк один",
    },
    # --- refusals: the rules -------------------------------------------------------
    "too-few-players": {
        "en": "fewer than two players are dealt in",
        "ru": "в раздаче меньше двух игроков",
    },
    "no-winner": {"en": "the hand names no winner", "ru": "в раздаче не указан победитель"},
    "seat-empty": {"en": "seat {seat} is empty", "ru": "место {seat} свободно"},
    "not-dealt-in": {
        "en": "seat {seat} {name} was not dealt in ({why})",
        "ru": "место {seat} ({name}) не участвовало в раздаче: {why}",
    },
    "qualify-disagree": {
        "en": "won_beyond_blinds and qualifies disagree (one full bet here is {minimum})",
        "ru": "won_beyond_blinds и qualifies противоречат друг другу (полная ставка здесь {minimum})",
    },
    "missed-killer-won": {
        "en": "seat {seat} {name} did not post the required kill, so was not dealt in and cannot have won",
        "ru": "место {seat} ({name}): обязательный килл не поставлен, поэтому карт в этой раздаче не было и "
        "выиграть её нельзя",
    },
    "pot-needed": {
        "en": "this hand needs the pot size (uncalled bets excluded): a kill depends on it",
        "ru": "нужен размер банка (без неуравненных ставок): от него зависит килл",
    },
    "second-leg-question": {
        "en": "second leg for seat {seat} {name}: did the winner win at least {minimum} beyond the "
        "blind money? Give won_beyond_blinds or qualifies",
        "ru": "вторая «нога» места {seat} ({name}): выиграно ли не меньше {minimum} сверх денег блайндов? Укажите "
        "won_beyond_blinds или qualifies",
    },
    "second-leg-pot-question": {
        "en": "second leg for seat {seat} {name}: was the pot at least {minimum} (uncalled bets "
        "excluded)? Give pot or qualifies",
        "ru": "вторая «нога» места {seat} ({name}): был ли банк не меньше {minimum} (без неуравненных ставок)? "
        "Укажите pot или qualifies",
    },
    "qualify-disagree-pot": {
        "en": "pot and qualifies disagree (the second leg here needs a pot of at least {minimum})",
        "ru": "pot и qualifies противоречат друг другу (для второй «ноги» здесь нужен банк не меньше {minimum})",
    },
    "voluntary-off": {
        "en": "this table does not allow voluntary kills",
        "ru": "за этим столом добровольный килл не разрешён",
    },
    "one-kill-per-deal": {
        "en": "this hand is already killed by seat {seat} {name}: only one kill per deal",
        "ru": "в этой раздаче уже есть килл — место {seat} ({name}): второй килл за раздачу не ставится",
    },
    "voluntary-too-many-seen": {
        "en": "a voluntary kill must be declared after seeing at most {allowed} cards (seen {seen})",
        "ru": "добровольный килл объявляют, посмотрев не больше {allowed:карты|карт|карт} (просмотрено: {seen})",
    },
    "voluntary-closed": {
        "en": "too late: a player has received card {dealt}; the pot can no longer be killed",
        "ru": "поздно: {dealt}-я карта уже сдана, ставить килл в этой раздаче нельзя",
    },
    "voluntary-stack-unknown": {
        "en": "record seat {seat}'s stack first: a voluntary kill needs at least {need} = 4 × {blind}",
        "ru": "сначала запишите стек места {seat}: для добровольного килла нужно не меньше {need} = 4 × {blind}",
    },
    "voluntary-stack-short": {
        "en": "stack {stack}, needs {need} = 4 × {blind}",
        "ru": "стек {stack}, а нужно {need} = 4 × {blind}",
    },
    "seat-taken": {"en": "seat {seat} is taken by {name}", "ru": "место {seat} занято: {name}"},
    "move-same-seat": {
        "en": "a move needs two different seats (from and to are both {seat})",
        "ru": "для пересадки нужны два разных места (оба — {seat})",
    },
    "seat-held": {
        "en": "seat {seat} is held: {name} posted the kill and left; it is free after this hand",
        "ru": "место {seat} удерживается до конца раздачи: {name} уходит, но поставленный килл остаётся в банке",
    },
    "name-taken": {
        "en": "{name} is already seated at seat {seat}",
        "ru": "{name} уже сидит на месте {seat}",
    },
    "join-barred": {
        "en": "{name} owes a kill of {amount} ({table}) and may not play until it is posted",
        "ru": "{name}: долг по киллу {amount} ({table}), играть нельзя, пока килл не внесён",
    },
    "already-away": {
        "en": "seat {seat} {name} is already away",
        "ru": "место {seat} ({name}) и так не за столом",
    },
    "not-away": {
        "en": "seat {seat} {name} is not away",
        "ru": "место {seat} ({name}) и так за столом",
    },
    "back-barred": {
        "en": "{name} owes a kill of {amount}: pay it before coming back",
        "ru": "{name}: долг по киллу {amount}, сначала внесите его",
    },
    "nothing-owed": {"en": "{name} owes no kill here", "ru": "{name}: долга по киллу здесь нет"},
    "owed-kill-being-posted": {
        "en": "{name}'s owed kill of {amount} is being posted this hand: it is paid by that "
        "post, not paid again (record the hand with kill_posted = false if it was not posted)",
        "ru": "{name}: долг по киллу {amount} вносится в этой раздаче — он оплачивается этой "
        "ставкой, второй раз его не платят (если килл не внесён, запишите раздачу с "
        "kill_posted = false)",
    },
    "table-closed": {
        "en": "this table is closed: reopen it before entering a {type} event",
        "ru": "этот стол закрыт: чтобы что-то записать, откройте его снова",
    },
    "table-closed-already": {"en": "this table is already closed", "ru": "этот стол уже закрыт"},
    "table-open-already": {
        "en": "this table is open: only a closed table can be reopened",
        "ru": "этот стол открыт: снова открыть можно только закрытый стол",
    },
    "closed": {
        "en": "table closed after {hands} hands (nothing is deleted; reopen to go on)",
        "ru": "стол закрыт после {hands:раздачи|раздач|раздач} (ничего не удалено; откройте его, чтобы продолжить)",
    },
    "closed-kill-kept": {
        "en": "table closed after {hands} hands; the coming kill by seat {seat} "
        "{name} stands if it is reopened",
        "ru": "стол закрыт после {hands:раздачи|раздач|раздач}; килл места {seat} ({name}) сохранится, если стол "
        "откроют снова",
    },
    "closed-leg-kept": {
        "en": "table closed after {hands} hands; seat {seat} {name} keeps the leg "
        "if it is reopened",
        "ru": "стол закрыт после {hands:раздачи|раздач|раздач}; «нога» места {seat} ({name}) сохранится, если стол "
        "откроют снова",
    },
    "reopened": {
        "en": "table reopened after {hands} hands",
        "ru": "стол снова открыт после {hands:раздачи|раздач|раздач}",
    },
    "underpost-not-killed": {
        "en": "the coming hand is not a kill pot",
        "ru": "следующая раздача — не килл-пот",
    },
    "void-no-record": {
        "en": "there is no record {seq} to undo",
        "ru": "записи {seq} нет, отменять нечего",
    },
    "void-of-void": {
        "en": "record {seq} is itself an undo; enter the event again instead",
        "ru": "запись {seq} сама отменяет другую; введите событие заново",
    },
    "void-twice": {"en": "record {seq} is already undone", "ru": "запись {seq} уже отменена"},
    "void-needs-reason": {"en": "an undo needs a reason", "ru": "для отмены нужна причина"},
    "void-corrected": {
        "en": "record {record} was corrected by record {newest}: undo or correct record {newest}",
        "ru": "запись {record} исправлена записью {newest}: отмените или исправьте запись {newest}",
    },
    "void-breaks": {
        "en": "undoing it would make later records impossible: {records}",
        "ru": "после отмены станут невозможны более поздние записи: {records}",
    },
    # --- corrections ----------------------------------------------------------------
    "correct-bad-record": {
        "en": "'{field}' must name records by number, not {value}",
        "ru": "'{field}': нужны номера записей, а не {value}",
    },
    "correct-no-record": {
        "en": "there is no record {record} to correct (records 1 to {last})",
        "ru": "записи {record} нет, исправлять нечего (записи с 1 по {last})",
    },
    "correct-bad-event": {
        "en": "'event' must be the replacement event in full, or \"none\" to strike the record (not {type})",
        "ru": "'event': нужно заменяющее событие целиком или \"none\", чтобы вычеркнуть запись (а не {type})",
    },
    "correct-settle-not-later": {
        "en": "record {record} is not later than the corrected record {corrected}",
        "ru": "запись {record} не позже исправляемой записи {corrected}",
    },
    "correct-settle-twice": {
        "en": "a record is both struck and kept",
        "ru": "запись и вычеркнута, и оставлена",
    },
    "correct-bad-reason": {
        "en": "a correction's reason and floorperson are text of at most {most} characters",
        "ru": "причина исправления и имя флормена — текст не длиннее {most} символов",
    },
    "correct-of-void": {
        "en": "record {record} is an undo; enter the event again instead",
        "ru": "запись {record} — отмена; введите событие заново",
    },
    "correct-of-refused": {
        "en": "record {record} was refused and never applied",
        "ru": "запись {record} была отклонена и не применялась",
    },
    "correct-of-voided": {
        "en": "record {record} is undone; enter the event again instead",
        "ru": "запись {record} отменена; введите событие заново",
    },
    "correct-of-struck": {
        "en": "record {record} was struck by the correction at record {by}: correct that one",
        "ru": "запись {record} вычеркнута исправлением в записи {by}: исправьте его",
    },
    "correct-not-newest": {
        "en": "record {record} was corrected by record {newest}: correct record {newest}",
        "ru": "запись {record} уже исправлена записью {newest}: исправьте запись {newest}",
    },
    "correct-refused": {
        "en": "the replacement for record {record} does not apply there: {reason}",
        "ru": "замена записи {record} там не применима: {reason}",
    },
    "correct-unsettled": {
        "en": "the correction makes later records impossible: {records}; strike or keep each",
        "ru": "после исправления невозможны более поздние записи: {records}; вычеркните или оставьте каждую",
    },
    "corrected": {
        "en": "record {record} corrected",
        "ru": "запись {record} исправлена",
    },
    "fix-hand": {
        "en": "hand {hand}: {before} → {after}",
        "ru": "раздача {hand}: {before} → {after}",
    },
    "fix-hand-from": {
        "en": "hand {hand}: {before} ({name}, seat {seat}) → {after}",
        "ru": "раздача {hand}: {before} (место {seat} ({name})) → {after}",
    },
    "fix-hand-to": {
        "en": "hand {hand}: {before} → {after} ({player}, seat {to_seat})",
        "ru": "раздача {hand}: {before} → {after} (место {to_seat} ({player}))",
    },
    "fix-hand-both": {
        "en": "hand {hand}: {before} ({name}, seat {seat}) → {after} ({player}, seat {to_seat})",
        "ru": "раздача {hand}: {before} (место {seat} ({name})) → {after} (место {to_seat} ({player}))",
    },
    "fix-ruling": {
        "en": "record {record} ({type}): the ruling changes",
        "ru": "запись {record} ({type}): решение меняется",
    },
    "fix-struck": {
        "en": "record {record} ({type}) struck",
        "ru": "запись {record} ({type}) вычеркнута",
    },
    "fix-bar-lifted": {
        "en": "bar on {name} lifted (no kill of {amount} owed)",
        "ru": "{name}: отстранение снято (килла {amount} за игроком нет)",
    },
    "fix-bar-new": {
        "en": "{name} barred: owes a kill of {amount}",
        "ru": "{name}: отстранение до уплаты килла {amount}",
    },
    "fix-impossible": {
        "en": "record {record} ({type}) no longer applies: {reason}",
        "ru": "запись {record} ({type}) больше не применима: {reason}",
    },
    # --- rulings ------------------------------------------------------------------
    "ruling-not-killed": {
        "en": "The coming hand is not a kill pot: normal limits and blinds",
        "ru": "Следующая раздача — не килл-пот: обычные лимиты и блайнды",
    },
    "ruling-killer-not-in-blind": {
        "en": "{name} posts the kill of {amount} as an extra blind; the blinds post as usual",
        "ru": "{name} ставит килл {amount} как дополнительный блайнд; блайнды ставятся как обычно",
    },
    "ruling-killer-in-blind-replaces": {
        "en": "{name} is in the {which}: posts the kill in place of that blind ({amount} in all); no chopping in this pot",
        "ru": "{name} на {which}: килл ставится вместо этого блайнда (всего {amount}); делить блайнды в этом банке "
        "нельзя",
    },
    "ruling-killer-in-blind-both": {
        "en": "{name} is in the {which}: posts that blind and the kill ({amount} in all); no chopping in this pot",
        "ru": "{name} на {which}: ставится и блайнд, и килл (всего {amount}); делить блайнды в этом банке нельзя",
    },
    "ruling-same-game": {
        "en": "{a} and {b} are the same game type: broken-game status carries over",
        "ru": "{a} и {b} — одна и та же игра: статус закрывшейся игры переносится",
    },
    "ruling-different-game": {
        "en": "{a} and {b} are different game types (the {why} differ): no broken-game status between them",
        "ru": "{a} и {b} — разные игры (различаются {why}): статус закрывшейся игры между ними не переносится",
    },
    "ruling-already-killed": {
        "en": "This deal is already killed by {name} for {amount}: no second kill",
        "ru": "В этой раздаче уже есть килл — {name}, {amount}: второго килла не бывает",
    },
    "ruling-no-kill-yet": {
        "en": "No kill on this deal yet: one kill at most may be posted",
        "ru": "В этой раздаче килла пока нет: можно поставить не больше одного",
    },
    # --- decisions -------------------------------------------------------------
    "leg-up": {
        "en": "{name} won the pot and has a leg up: the kill button goes face down in front of them",
        "ru": "{name} выигрывает банк и получает «ногу»: килл-баттон кладётся перед игроком лицевой стороной вниз",
    },
    "kill-trigger": {
        "en": "{name} must kill the next hand: posts {amount}, limits are raised",
        "ru": "{name}: обязательный килл в следующей раздаче — {amount}, лимиты повышаются",
    },
    "second-leg-kill": {
        "en": "{name} won a second pot in a row that qualifies: must kill the next hand for {amount}",
        "ru": "{name} выигрывает второй засчитанный банк подряд: килл в следующей раздаче — {amount}",
    },
    "second-leg-short": {
        "en": "{name} won again but less than {minimum} beyond the blinds: keeps the leg up, no kill",
        "ru": "{name} выигрывает снова, но меньше {minimum} сверх блайндов: «нога» остаётся, килла нет",
    },
    "second-leg-short-neutral": {
        "en": "{name} won again but less than {minimum} beyond the blinds: the button goes neutral",
        "ru": "{name} выигрывает снова, но меньше {minimum} сверх блайндов: баттон становится нейтральным",
    },
    "second-leg-pot-kill": {
        "en": "{name} won a second pot in a row of at least {minimum} (house rule): must kill the next hand for {amount}",
        "ru": "{name} выигрывает второй банк подряд, не меньше {minimum} (правило заведения): килл в следующей "
        "раздаче — {amount}",
    },
    "second-leg-pot-short": {
        "en": "{name} won again but the pot was under {minimum}: keeps the leg up, no kill",
        "ru": "{name} выигрывает снова, но банк меньше {minimum}: «нога» остаётся, килла нет",
    },
    "second-leg-pot-short-neutral": {
        "en": "{name} won again but the pot was under {minimum}: the button goes neutral",
        "ru": "{name} выигрывает снова, но банк меньше {minimum}: баттон становится нейтральным",
    },
    "walk-keeps": {
        "en": "{name} won without a flop (a walk): keeps the kill button, no kill",
        "ru": "{name} выигрывает без флопа («прогулка»): килл-баттон остаётся у игрока, килла нет",
    },
    "walk-neutral": {
        "en": "{name} won without a flop (a walk): the button goes neutral",
        "ru": "{name} выигрывает без флопа («прогулка»): баттон становится нейтральным",
    },
    "kill-again": {
        "en": "{name} killed the pot and won it: must kill again for {amount}",
        "ru": "{name} выигрывает банк со своим киллом: снова обязательный килл на {amount}",
    },
    "killer-split-kills-again": {
        "en": "{name} killed the pot and split it: must kill again for {amount}",
        "ru": "{name} делит банк со своим киллом: снова обязательный килл на {amount}",
    },
    "killer-split-neutral": {
        "en": "{name} killed the pot and split it: the button goes neutral",
        "ru": "{name} делит банк со своим киллом: баттон становится нейтральным",
    },
    "killer-scoop-too-small": {
        "en": "{name} won the kill pot but it was under {minimum}: the button goes neutral",
        "ru": "{name} выигрывает банк со своим киллом, но банк меньше {minimum}: баттон становится нейтральным",
    },
    "split-no-kill": {
        "en": "{name} killed the pot but shared it: only a sole winner of a pot big enough kills, so no kill; the button is neutral",
        "ru": "{name} делит банк со своим киллом: килл даёт только единоличный выигрыш достаточно крупного банка, "
        "поэтому килла нет; баттон нейтрален",
    },
    "split-neutral": {
        "en": "The pot was split and no splitter had the kill button: it goes neutral",
        "ru": "Банк разделён, и ни у кого из разделивших не было килл-баттона: баттон нейтрален",
    },
    "split-keeps-leg": {
        "en": "{name} split the pot and keeps the leg up",
        "ru": "{name} делит банк и сохраняет «ногу»",
    },
    "split-leg-neutral": {
        "en": "{name} split the pot: under the house rule the button goes neutral",
        "ru": "{name} делит банк: по правилу заведения баттон становится нейтральным",
    },
    "no-kill-small-pot": {
        "en": "{name} won the pot, under {minimum}: no kill, the button is neutral",
        "ru": "{name} выигрывает банк меньше {minimum}: килла нет, баттон нейтрален",
    },
    "no-required-kill": {
        "en": "{name} won the pot; this table has no required kill, so the button is neutral for the next hand",
        "ru": "{name} выигрывает банк; обязательного килла за этим столом нет, баттон на следующую раздачу нейтрален",
    },
    "barred": {
        "en": "{name} did not post the required kill of {amount}: barred from every game until it is posted",
        "ru": "{name}: обязательный килл {amount} не поставлен — к играм не допускается, пока килл не внесён",
    },
    "owes-later": {
        "en": "{name} did not post the kill of {amount}: owes it at the first hand off the button and blinds",
        "ru": "{name}: килл {amount} не поставлен — его нужно поставить в первой раздаче не на баттоне и не на "
        "блайндах",
    },
    "owed-kill-posted": {
        "en": "{name} posts the owed kill of {amount} this hand",
        "ru": "{name} ставит в этой раздаче задолженный килл {amount}",
    },
    "voluntary-kill": {
        "en": "{name} kills the pot voluntarily for {amount} and acts last on the first round",
        "ru": "{name} добровольно ставит килл {amount}; в первом круге торговли ход игрока последний",
    },
    "new-player-sits-out": {
        "en": "{name} sits down into a kill pot: not dealt in unless agreeing to kill the next pot",
        "ru": "{name} садится за стол перед килл-потом: карт не получает, если не согласится поставить килл в "
        "следующем банке",
    },
    "new-player-may-sit": {
        "en": "{name} sits down and may play the kill pot (house rule)",
        "ru": "{name} садится и может играть килл-пот (правило заведения)",
    },
    "agrees-to-kill": {
        "en": "{name} is dealt into the kill pot and agrees to kill the next pot for {amount}",
        "ru": "{name} получает карты в килл-поте и соглашается поставить килл {amount} в следующем банке",
    },
    "agreed-kill": {
        "en": "{name} kills this pot as agreed when sitting down: posts {amount}",
        "ru": "{name} ставит в этом банке килл {amount}, как было условлено при посадке",
    },
    "agreement-waits": {
        "en": "The next hand already has a required kill (one kill per deal): {name}'s agreed kill waits for the first hand without one",
        "ru": "В следующей раздаче уже есть обязательный килл (один килл за раздачу): согласованный килл игрока "
        "{name} ждёт первой раздачи без него",
    },
    "voluntary-not-posted": {
        "en": "{name} did not post the voluntary kill: the hand was played at the ordinary limits, the leg stays where it was, and nobody is barred (only a required kill must be posted)",
        "ru": "{name}: добровольный килл не поставлен — раздача сыграна по обычным лимитам, «нога» остаётся там, "
        "где была, и никого не отстраняют (отстраняют только за непоставленный обязательный килл)",
    },
    "kill-gone-leg-stays": {
        "en": "No kill this hand: {name} keeps the leg up; the hand is played at the ordinary limits",
        "ru": "В этой раздаче килла нет: «нога» остаётся у игрока {name}; раздача играется по обычным лимитам",
    },
    "kill-gone-neutral": {
        "en": "No kill this hand: the button is neutral and the hand is played at the ordinary limits",
        "ru": "В этой раздаче килла нет: баттон нейтрален, раздача играется по обычным лимитам",
    },
    "agreement-lapses-quit": {
        "en": "{name} left before the kill pot: the agreement to kill lapses",
        "ru": "{name} уходит до килл-пота: согласие поставить килл теряет силу",
    },
    "kill-stays-quit": {
        "en": "{name} leaves but the kill of {amount} stays in the pot: this hand is still a kill pot",
        "ru": "{name} уходит, но килл {amount} остаётся в банке: раздача по-прежнему килл-пот",
    },
    "kill-stays-away": {
        "en": "{name} steps away but the kill of {amount} stays in the pot: this hand is still a kill pot",
        "ru": "{name} отходит, но килл {amount} остаётся в банке: раздача по-прежнему килл-пот",
    },
    "voluntary-withdrawn": {
        "en": "{name} withdraws the voluntary kill; nobody is barred for it",
        "ru": "{name} отказывается от добровольного килла; никого за это не отстраняют",
    },
    "leg-holder-quit": {
        "en": "{name}, the last winner, quit the game: the button goes neutral",
        "ru": "Последний банк выигран игроком {name}, а игрок уходит из игры: баттон становится нейтральным",
    },
    "shows": {
        "en": "{name} shows {value_en} and {outcome_en}{joker_en}",
        "ru": "{name}: {value_ru} — {outcome_ru}{joker_ru}",
    },
    "leg-holder-quit-killed": {
        "en": "{name}, the last winner, quit the game: the leg is gone; {killer}'s kill of this hand stands",
        "ru": "Последний банк выигран игроком {name}, а игрок уходит из игры: «нога» пропадает; килл игрока "
        "{killer} в этой раздаче остаётся в силе",
    },
    "leg-kept-away": {
        "en": "{name} steps away with a leg up and keeps it for the return",
        "ru": "{name} отходит с «ногой»: она сохраняется до возвращения",
    },
    "leg-returns": {
        "en": "{name} is back with a leg up: the kill button is placed in front of them",
        "ru": "{name} возвращается с «ногой»: килл-баттон кладётся перед игроком",
    },
    "leg-credit-used": {
        "en": "{name} has the kill button again: the leg kept from stepping away is used up (a credit comes back once, not on a later neutral button)",
        "ru": "Килл-баттон снова у игрока {name}: «нога», сохранённая на время отхода, использована (она "
        "возвращается один раз, а не при каждом нейтральном баттоне)",
    },
    "leg-credit-waits": {
        "en": "{name} is back with a leg up: gets the kill button the next time it is neutral",
        "ru": "{name} возвращается с «ногой»: килл-баттон перейдёт к игроку, как только снова станет нейтральным",
    },
    "waits-for-the-button": {
        "en": "{name} sits between the dealer button and the big blind: not dealt in until the "
        "button has passed (the button never moves backwards)",
        "ru": "{name} садится между дилерской кнопкой и большим блайндом: карты не сдаются, "
        "пока кнопка не пройдёт это место (кнопка не идёт назад)",
    },
    "moved": {
        "en": "{name} moves from seat {from} to seat {to}: a seat change is not quitting the "
        "game, so the leg, a leg credit, an owed kill and away status go along",
        "ru": "{name} пересаживается с места {from} на место {to}: пересадка — не уход из игры, "
        "«нога», зачёт «ноги», долг по киллу и отлучка от стола сохраняются",
    },
    "kill-paid": {
        "en": "{name} posted the owed kill of {amount}",
        "ru": "{name}: задолженный килл {amount} внесён",
    },
    "must-complete": {
        "en": "{name} must complete: the pot is killed by {killer} (button face up), limits {limits}",
        "ru": "{name}: ставку нужно доставить до полной — банк убит игроком {killer} (баттон лицевой стороной "
        "вверх), лимиты {limits}",
    },
    "may-withdraw": {
        "en": "{name} may withdraw the chips and reconsider: the kill by {killer} was voluntary, limits {limits}",
        "ru": "{name} может забрать фишки и передумать: килл игрока {killer} добровольный, лимиты {limits}",
    },
}


# Word-valued parameters (never names) that are translated too.
TRANSLATED_PARAMS = ("which", "why", "before", "after")
WORDS: dict[str, dict[str, str]] = {
    # ruling-killer-in-blind-*: "{name} на {which}: ..."
    "small blind": {"ru": "малом блайнде"},
    "big blind": {"ru": "большом блайнде"},
    # ruling-different-game: what makes two games different types
    "kill": {"en": "kill provisions", "ru": "условия килла"},
    "game": {"en": "games", "ru": "сами игры"},
    "limits": {"ru": "лимиты"},
    # not-dealt-in: why a seat was not dealt in
    "away": {"ru": "игрока нет за столом"},
    "barred": {"ru": "отстранение до уплаты килла"},
    "sitting out the kill pot": {"ru": "пропуск килл-пота"},
    "waiting for the dealer button": {"ru": "ждёт, пока пройдёт дилерская кнопка"},
    # fix-hand: the kill button before and after a correction
    "kill pot": {"ru": "килл-пот"},
    "leg up": {"ru": "«нога»"},
    "neutral": {"ru": "нейтрально"},
}
# A decision about "the player" at a seat nobody sits in (a ruling asked on an empty seat).
NOBODY = {"en": "the player", "ru": "игрок"}


class _Formatter(string.Formatter):
    """``str.format`` plus Russian plurals: ``{hands:раздачи|раздач|раздач}`` gives
    "1 раздачи", "3 раздач", "21 раздачи" (the forms for 1, for 2-4, for 5-20)."""

    def format_field(self, value: object, format_spec: str) -> str:
        if "|" in format_spec and isinstance(value, int) and not isinstance(value, bool):
            return f"{value} {plural_ru(value, *format_spec.split('|', 2))}"
        return str(super().format_field(value, format_spec))


_FORMAT = _Formatter()


def plural_ru(n: int, one: str, few: str, many: str) -> str:
    """The Russian form of a word after the number ``n`` (1 раздача, 2 раздачи, 5 раздач)."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


# The reasons other modules give in English (money.MoneyError, names.NameError_,
# cards.CardError), said in Russian: (pattern, Russian with the pattern's groups). A reason
# no pattern knows stays as it is.
_NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "seven": "7"}
# (compiled when a reason is first said in Russian, not at every start)
_REASONS_RU_SOURCE: tuple[tuple[str, str], ...] = (
    # money
    (r"(.+) is negative", r"\1 — отрицательная сумма"),
    (
        r"an amount of about (\d+) digits is too large \(at most (.+)\)",
        r"слишком длинное число (цифр: около \1) — не больше \2",
    ),
    (r"(.+) is too large \(at most (.+)\)", r"\1 — слишком много (не больше \2)"),
    (r"(.+) is not an amount", r"\1 — не сумма денег"),
    (r"(.+) has an exponent \(e\)", r"\1 — запись с показателем степени"),
    (
        r"(.+) has a digit of another script \((.+)\), not 0-9",
        r"\1 — цифра другой письменности (\2), а не 0-9",
    ),
    (r"(.+) has an invisible character \((U\+[0-9A-F]+)\)", r"\1 — невидимый символ (\2)"),
    (
        r"(.+) has a comma that is neither cents \(4,50\) nor thousands \(1,000\)",
        r"\1 — запятая не отделяет ни центы (4,50), ни тысячи (1,000)",
    ),
    (r"(.+) has more than two decimals", r"\1 — больше двух знаков после точки"),
    (r"(.+) is not exact to the cent", r"\1 — не с точностью до цента"),
    (r"(.+) is too long for an amount", r"\1 — слишком длинная запись суммы"),
    (r"must be more than zero", r"нужна сумма больше нуля"),
    (r"(.+) x (\d+)/(\d+) needs a fraction of a cent", r"\1 × \2/\3 даёт доли цента"),
    # names
    (r"a (?:player|table) name must be text, not \w+", r"нужен текст"),
    (
        r"(?:player|table) name has an invisible character at position (\d+) \((U\+[0-9A-F]+)[^)]*\)"
        r"(?:: it would look exactly like (.+); type the name without it)?.*",  # a long one is cut
        r"невидимый символ на позиции \1 (\2); введите имя без него",
    ),
    (
        r"(?:player|table) name has a control or format character at position (\d+) \((U\+[0-9A-F]+)[^)]*\)",
        r"управляющий или служебный символ на позиции \1 (\2)",
    ),
    (
        r"(?:player|table) name is empty \(nothing is left once spaces are trimmed\)",
        r"пустое (после удаления пробелов ничего не остаётся)",
    ),
    (
        r"(?:player|table) name is (\d+) characters; at most (\d+)",
        r"слишком длинное: символов \1, а можно не больше \2",
    ),
    # cards
    (
        r"no such card ('.*?')(.*): write cards like .*",
        r"нет такой карты \1\2: пишите карты так: As, Td, 10h, 2c (ранги 2-9 T J Q K A, масти c d h s)",
    ),
    (r"duplicate card (\S+) \((.+), twice\)", r"карта \1 указана дважды (\2)"),
    (r"duplicate card (\S+) \((.+)\)", r"карта \1 указана дважды (\2)"),
    (r"duplicate card (\S+) twice", r"карта \1 указана дважды"),
    (r"the joker \(Jk\) is not in play(.*)", r"джокер (Jk) не в игре\1"),
    (
        r"(.+) shows the joker \(Jk\), but there is no joker in .+",
        r"\1: джокер (Jk), но в этой игре джокера нет",
    ),
    (
        r"(.+) shows the joker \(Jk\), but the joker is not in play at this table",
        r"\1: джокер (Jk), но за этим столом джокер не в игре",
    ),
    (
        r"seat (\d+) shows (\d+) cards?; .+ needs exactly (\w+)",
        r"место \1: карт \2, а нужно ровно \3",
    ),
    (r".+ needs the board: all five community cards", r"нужен борд: все пять общих карт"),
    (
        r"the board has (\d+) cards?; a .+ showdown needs all five",
        r"на борде карт: \1, а для вскрытия нужны все пять",
    ),
    (
        r".+ has no board, but a board was given: put every card in the seat's hand",
        r"в этой игре борда нет: запишите все карты в руки мест",
    ),
    (
        r"no hands to compare: .*",
        r"нечего сравнивать: для вскрытия нужны карты хотя бы одного места",
    ),
    (
        r"cards must be written as text like 'As Kd'(.*), not \w+",
        r"карты записываются текстом, например 'As Kd'\1",
    ),
    (r"seat (.+) is not a seat number", r"\1 — не номер места"),
)
_WHERE_RU_SOURCE = (
    (r"\bseat (\d+)", r"место \1"),
    (r"\bboard\b", "борд"),
    (r"\btwice\b", "дважды"),
    (r"\band\b", "и"),
)


_HOW_TO_WRITE_TAIL = "; " + HOW_TO_WRITE
_HOW_TO_WRITE_RU = "; пишите так: 1000, 1 000, 12 500, 4.50 или 4,50"


@cache
def _reasons_ru() -> tuple[
    tuple[tuple[re.Pattern[str], str], ...], tuple[tuple[re.Pattern[str], str], ...]
]:
    """(the reasons' patterns, the places' patterns), compiled once."""
    return (
        tuple((re.compile(p), ru) for p, ru in _REASONS_RU_SOURCE),
        tuple((re.compile(p), ru) for p, ru in _WHERE_RU_SOURCE),
    )


def reason_ru(reason: str) -> str:
    """A reason from the money, names or cards modules, in Russian (as it is if unknown)."""
    if reason.endswith(_HOW_TO_WRITE_TAIL):  # an amount's shape: what, then how to write it
        return reason_ru(reason[: -len(_HOW_TO_WRITE_TAIL)]) + _HOW_TO_WRITE_RU
    reasons, places = _reasons_ru()
    for pattern, ru in reasons:
        m = pattern.fullmatch(reason)
        if m is not None:
            text = m.expand(ru)
            for where, word in places:  # "(seat 3, twice)", "(board and seat 2)"
                text = where.sub(word, text)
            words = re.fullmatch(r"(.*ровно )(\w+)", text)
            if words is not None:
                text = words.group(1) + _NUMBER_WORDS.get(words.group(2), words.group(2))
            return text
    return reason


# Parameters that hold one amount ("$40"; a barred player's "$40 (Table 9)"), written in the
# language's way at render time: Russian "40 $", "4,50 $", "12 500 $" (floorkill.i18n.money,
# as the status line and the report write them). Limits ("$20-$40") stay as the room writes
# stakes everywhere.
MONEY_PARAMS = ("amount", "minimum", "need", "blind", "stack")
_AMOUNT = re.compile(r"(?<![\w$/'-])(-?)\$(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d\d))?(?![\d/-])")


def amounts_in(text: str, lang: str) -> str:
    """``text`` with each single amount ("$4.50", not the stakes "$20-$40" nor the blinds
    "$5/$10") written in ``lang``'s way."""
    if lang == "en" or "$" not in text:
        return text
    from floorkill.i18n import money  # lazily: Textual-free, no rules model in it

    def one(m: re.Match[str]) -> str:
        cents = int(m.group(2).replace(",", "")) * 100 + int(m.group(3) or 0)
        return money(-cents if m.group(1) else cents, lang)

    return _AMOUNT.sub(one, text)


def render(key: str, params: dict[str, Any], lang: str = "en") -> str:
    entry = MESSAGES.get(key)
    if entry is None:
        return key
    template = entry.get(lang) or entry["en"]
    for name in TRANSLATED_PARAMS:
        value = params.get(name)
        if isinstance(value, str) and value in WORDS:
            params = {**params, name: WORDS[value].get(lang, value)}
    if lang == "ru" and isinstance(params.get("reason"), str):
        params = {**params, "reason": amounts_in(reason_ru(params["reason"]), lang)}
    if lang != "en":
        params = {
            k: amounts_in(v, lang) if k in MONEY_PARAMS and isinstance(v, str) else v
            for k, v in params.items()
        }
    if "name" in params and params["name"] is None:
        params = {**params, "name": NOBODY.get(lang, NOBODY["en"])}
    try:
        if "|" in template:  # a plural spec: the slower formatter
            return _FORMAT.format(template, **params)
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return entry["en"]


_OUTCOME = {
    "win": {"en": "wins the pot", "ru": "выигрывает банк"},
    "split": {"en": "splits the pot", "ru": "делит банк"},
    "lose": {"en": "does not win", "ru": "не выигрывает"},
    "scoop": {"en": "scoops the pot, high and low", "ru": "забирает весь банк, хай и лоу"},
    "scoop-no-low": {
        "en": "scoops the pot: no hand qualifies for low",
        "ru": "забирает весь банк: квалифицированного лоу нет ни у кого",
    },
    "takes-high": {"en": "takes the high half", "ru": "забирает хай"},
    "shares-high": {"en": "shares the high half", "ru": "делит хай"},
    "takes-low": {"en": "takes the low half", "ru": "забирает лоу"},
    "shares-low": {"en": "shares the low half", "ru": "делит лоу"},
    "no-low-half": {
        "en": "no hand qualifies for low",
        "ru": "квалифицированного лоу нет ни у кого",
    },
    "nothing": {"en": "wins nothing", "ru": "ничего не выигрывает"},
    "and": {"en": " and ", "ru": " и "},
    "; ": {"en": "; ", "ru": "; "},
}


def outcome_words(
    lang: str, hilo: bool, high: str | None, low: str | None, scoop: bool, no_low: bool
) -> str:
    """What one hand took at a showdown: ``high`` / ``low`` are "takes", "shares" or None."""

    def w(key: str) -> str:
        return _OUTCOME[key][lang if lang in ("en", "ru") else "en"]

    if not hilo:
        return w("win") if high == "takes" else w("split") if high == "shares" else w("lose")
    if scoop:
        return w("scoop-no-low") if no_low else w("scoop")
    parts = []
    if high:
        parts.append(w(f"{high}-high"))
    if low:
        parts.append(w(f"{low}-low"))
    if not parts:
        return w("nothing")
    text = w("and").join(parts)
    if high and no_low:
        text += w("; ") + w("no-low-half")
    return text


# The questions the rules ask and what is pending (kept in their own module).
from .floor_texts import FLOOR_MESSAGES as _FLOOR_MESSAGES  # noqa: E402

MESSAGES.update(_FLOOR_MESSAGES)

"""Texts of the questions the rules ask (:mod:`.questions`) and of what is pending
(:mod:`.pending`), English and Russian. Merged into :data:`.texts.MESSAGES`, so a
:class:`~.decisions.Decision` renders them like any other; names stay plain data.
"""

from __future__ import annotations

FLOOR_MESSAGES: dict[str, dict[str, str]] = {
    # --- questions (rules/questions.py) -------------------------------------------
    "q-pot": {
        "en": "Pot size? (uncalled bets excluded) — {why}",
        "ru": "Размер банка? (без неуравненных ставок) — {why}",
    },
    "q-why-scoop": {
        "en": "a scoop of {minimum} or more kills",
        "ru": "скуп от {minimum} даёт килл",
    },
    "q-why-big-pot": {
        "en": "a pot of {minimum} or more kills",
        "ru": "банк от {minimum} даёт килл",
    },
    "q-low": {
        "en": "No qualifying low — scoop for seat {high}? y = scoop, or type the low winner's seat",
        "ru": "Квалифицированного лоу нет — скуп у места {high}? y — скуп, или введите место победителя лоу",
    },
    "q-flop": {
        "en": "Second leg for seat {seat} {name}: did the hand see a flop? (y/n)",
        "ru": "Вторая «нога» места {seat} ({name}): был ли флоп? (y/n)",
    },
    "q-second-leg": {
        "en": "Second leg for seat {seat} {name}: did the winner win at least one full bet "
        "({minimum}) beyond the blinds? (y/n or the amount)",
        "ru": "Вторая «нога» места {seat} ({name}): выиграна ли хотя бы одна полная ставка ({minimum}) сверх "
        "блайндов? (y/n или сумма)",
    },
    "q-second-leg-kill-blind-counts": {
        "en": "Second leg for seat {seat} {name}: did the winner win at least one full bet ({minimum}) "
        "beyond the blinds? (y/n or the amount) — the kill blind counts as blind money",
        "ru": "Вторая «нога» места {seat} ({name}): выиграна ли хотя бы одна полная ставка ({minimum}) сверх "
        "блайндов? (y/n или сумма) — килл-блайнд считается деньгами блайндов",
    },
    "q-second-leg-kill-blind-not-blind": {
        "en": "Second leg for seat {seat} {name}: did the winner win at least one full bet ({minimum}) "
        "beyond the blinds? (y/n or the amount) — the kill blind is not blind structure: count it",
        "ru": "Вторая «нога» места {seat} ({name}): выиграна ли хотя бы одна полная ставка ({minimum}) сверх "
        "блайндов? (y/n или сумма) — килл-блайнд не входит в структуру блайндов: учитывайте его",
    },
    "q-second-leg-pot": {
        "en": "Second leg for seat {seat} {name}: pot size? (uncalled bets excluded; the amount, or "
        "y/n: did it reach {minimum}?) — a pot of {minimum} or more kills",
        "ru": "Вторая «нога» места {seat} ({name}): размер банка? (без неуравненных ставок; сумма или y/n: дошёл ли "
        "банк до {minimum}?) — банк от {minimum} даёт килл",
    },
    "q-kill-posted": {
        "en": "Did seat {seat} {name} post the kill of {amount}? (k- on the line: not posted)",
        "ru": "Место {seat} ({name}): килл {amount} поставлен? (k- в строке: не поставлен)",
    },
    "q-posts-kill-quit": {
        "en": "Seat {seat} {name} leaves while the coming hand is their kill of {amount}: is the kill posted?",
        "ru": "Место {seat} ({name}) уходит, а в следующей раздаче за этим местом килл {amount}: килл поставлен?",
    },
    "q-posts-kill-away": {
        "en": "Seat {seat} {name} steps away while the coming hand is their kill of {amount}: is the kill posted?",
        "ru": "Место {seat} ({name}) отходит, а в следующей раздаче за этим местом килл {amount}: килл поставлен?",
    },
    "q-posts-kill-join": {
        "en": "Does {name} post a voluntary kill of {amount} to be dealt in at once?",
        "ru": "{name} ставит добровольный килл {amount}, чтобы сразу получить карты?",
    },
    "q-agrees": {
        "en": "The coming hand is a kill pot: does {name} agree to kill the next pot for {amount}?",
        "ru": "Следующая раздача — килл-пот: {name} соглашается поставить килл {amount} в следующем банке?",
    },
    "q-then-asked": {"en": "then the next question", "ru": "затем следующий вопрос"},
    # --- what is pending (rules/pending.py) -----------------------------------------
    "pending-kill-in-turn": {
        "en": "Coming hand is a KILL POT: Seat {seat} {name} posts {amount}; limits {limits}; killer acts in turn",
        "ru": "Следующая раздача — КИЛЛ-ПОТ: место {seat} ({name}) ставит {amount}; лимиты {limits}; киллер ходит в "
        "свою очередь",
    },
    "pending-kill-last": {
        "en": "Coming hand is a KILL POT: Seat {seat} {name} posts {amount}; limits {limits}; killer acts last",
        "ru": "Следующая раздача — КИЛЛ-ПОТ: место {seat} ({name}) ставит {amount}; лимиты {limits}; киллер ходит "
        "последним",
    },
    "pending-leg-kept": {
        "en": "Leg kept by Seat {seat} {name} under this kill",
        "ru": "«Нога» места {seat} ({name}) сохраняется на время этого килла",
    },
    "pending-leg": {
        "en": "Leg up: Seat {seat} {name} — a second qualifying win in a row kills the next hand",
        "ru": "«Нога»: место {seat} ({name}) — второй засчитанный выигрыш подряд даёт килл в следующей раздаче",
    },
    "pending-neutral": {
        "en": "Neutral: no kill pending",
        "ru": "Баттон нейтрален: килла не ожидается",
    },
    "pending-barred": {
        "en": "BARRED until the kill is posted: {name} owes {amount}",
        "ru": "НЕДОПУСК до уплаты килла: {name}, долг {amount}",
    },
    "pending-owes": {
        "en": "{name} owes a kill of {amount}, posted at the first hand off the button and blinds",
        "ru": "{name}: долг по киллу {amount}, ставится в первой раздаче не на баттоне и не на блайндах",
    },
    "pending-credit-back": {
        "en": "{name} is back with a leg credit: the leg returns when the kill "
        "button is next neutral",
        "ru": "{name} снова за столом с правом на «ногу»: она вернётся, когда килл-баттон в следующий раз станет "
        "нейтральным",
    },
    "pending-credit": {
        "en": "{name} stepped away with a leg up: gets it back on return",
        "ru": "{name} не за столом, «нога» сохраняется до возвращения",
    },
    "pending-agreed": {
        "en": "Seat {seat} {name} agreed to kill the next pot",
        "ru": "Место {seat} ({name}): согласие поставить килл в следующем банке",
    },
}

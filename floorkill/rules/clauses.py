"""The clause catalogue: every rule floorkill cites, in its own words.

Each decision the rules model makes carries one or more clause ids (see
``docs/rules.md`` section 1).  This module maps those ids to a short
title and a summary in English and Russian.  The summaries paraphrase the
source documents; they are not the rulebook text.  Russian summaries are
written from the English meaning, not taken from the loose Russian
translation of Robert's Rules (which reverses the meaning of rule 6, among
other errors).

Pure Python, standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "Clause",
    "CLAUSES",
    "CREDIT",
    "LANGS",
    "clause",
    "summary",
    "title",
]

LANGS: tuple[str, ...] = ("en", "ru")

_GIST_ONLY = "gist only; full text not verified"


@dataclass(frozen=True, slots=True)
class Clause:
    id: str  # e.g. "rrop-13.4"
    source: str  # where the rule comes from, human-readable
    title: dict[str, str]  # {"en": ..., "ru": ...}
    summary: dict[str, str]  # {"en": ..., "ru": ...}, our own words
    source_note: str = ""


CREDIT = {
    "en": (
        "Clause summaries paraphrase Robert's Rules of Poker by Bob Ciaffone "
        "(free to use with credit to the rulebook and its author), plus a "
        "cardroom's house rules for kill games and the WSOP Live Action Rules. "
        "They are floorkill's own wording, not the official text."
    ),
    "ru": (
        "Краткие изложения правил пересказывают своими словами «Правила покера "
        "Роберта» (Robert's Rules of Poker) Боба Чиаффоне (их можно свободно "
        "использовать с указанием книги и автора), а также внутренние правила "
        "карточного зала для килл-игр и WSOP Live Action Rules. Это формулировки "
        "floorkill, а не официальный текст."
    ),
}

_RROP = "Robert's Rules of Poker (Bob Ciaffone), Kill Pots"
_HOUSE = "House rules (cardroom)"
_JOKER = "Robert's Rules of Poker (Bob Ciaffone), The Joker"
_WSOP = "WSOP Live Action Rules 2024, Kill Pots"


def _c(
    id: str,
    source: str,
    title_en: str,
    title_ru: str,
    summary_en: str,
    summary_ru: str,
    source_note: str = "",
) -> Clause:
    return Clause(
        id=id,
        source=source,
        title={"en": title_en, "ru": title_ru},
        summary={"en": summary_en, "ru": summary_ru},
        source_note=source_note,
    )


_ALL: tuple[Clause, ...] = (
    # ------------------------------------------------------------------
    # Robert's Rules of Poker, chapter 13 "Kill Pots"
    # ------------------------------------------------------------------
    _c(
        "rrop-13.0",
        f"{_RROP}, preamble",
        "What a kill is",
        "Что такое килл",
        "Killing a pot means posting an overblind, an oversized blind that raises "
        "the stakes of that hand. A full kill is 2x the big blind and doubles every "
        "betting limit; a half kill is 1.5x the big blind and multiplies the limits "
        "by 1.5. A kill may be optional (common in lowball, so a newcomer can be "
        "dealt in at once rather than wait for the big blind) or required when a "
        "set event happens: in hi-lo games, scooping a pot above a set size; in "
        "other games, winning two pots in a row. In two-pot games the kill button "
        "marks the last pot's winner, who holds it until the following hand is "
        "over; if that player wins again and the pot qualifies on money, they must "
        "kill the next pot.",
        "«Убить» банк (сделать килл) — значит поставить оверблайнд, увеличенный "
        "блайнд, который поднимает ставки в этой раздаче. Полный килл равен двум "
        "большим блайндам и удваивает все лимиты; половинный килл — полтора "
        "больших блайнда, лимиты растут в 1,5 раза. Килл бывает добровольным "
        "(обычно в лоуболе — чтобы новичку сдали карты сразу, не дожидаясь "
        "большого блайнда) или обязательным при оговорённом событии: в хай-лоу — "
        "скуп банка больше установленного размера, в остальных играх — два "
        "выигранных банка подряд. В играх «на два банка» килл-баттон отмечает "
        "победителя последнего банка и остаётся у него до конца следующей "
        "раздачи; если он снова выигрывает и банк проходит по сумме, он обязан "
        "сделать килл в следующем банке.",
    ),
    _c(
        "rrop-13.1a",
        f"{_RROP}, rule 1(a)",
        "Neutral button: a new game",
        "Нейтральный баттон: новая игра",
        "On the first hand of a new game the kill button is neutral: it belongs to "
        "no player. Nobody holds a leg up and no kill is pending until someone "
        "wins a pot.",
        "В первой раздаче новой игры килл-баттон нейтрален — он ничей. Ни у кого "
        "нет «ноги», и килла никто не должен, пока кто-нибудь не выиграет банк.",
    ),
    _c(
        "rrop-13.1b",
        f"{_RROP}, rule 1(b)",
        "Neutral button: the last winner quit",
        "Нейтральный баттон: победитель ушёл из игры",
        "When the player who won the previous pot has quit the game, the kill "
        "button becomes neutral and nobody inherits that leg. A player who only "
        "steps away from the table keeps the leg (rule 5), and one who quits while "
        "owing a kill still has to post it (rule 6).",
        "Если победитель предыдущего банка ушёл из игры, килл-баттон становится "
        "нейтральным, и его «нога» никому не переходит. Игрок, который лишь "
        "отошёл от стола, «ногу» сохраняет (правило 5), а тот, кто уходит, будучи "
        "должен килл, всё равно обязан его поставить (правило 6).",
    ),
    _c(
        "rrop-13.1c",
        f"{_RROP}, rule 1(c)",
        "Neutral button: split pot, no button holder",
        "Нейтральный баттон: сплит без владельца баттона",
        "When the previous pot was split and none of the players who shared it "
        "held the kill button, the button becomes neutral. Sharing a pot never "
        "gives a player a new leg up. If one of the players in the split did hold "
        "the button, rule 4 applies instead.",
        "Если предыдущий банк разделили и ни у кого из участников дележа не было "
        "килл-баттона, баттон становится нейтральным. Разделённый банк никому не "
        "даёт новой «ноги». Если же баттон был у одного из участников сплита, "
        "действует правило 4.",
    ),
    _c(
        "rrop-13.2",
        f"{_RROP}, rule 2",
        "The killer acts in turn",
        "Киллер ходит в свою очередь",
        "In a killed pot the killer gets no special position: they act in normal "
        "rotation, right after the player on their right. The kill blind is "
        "simply one more blind in the order of action. (Many houses let the "
        "killer act last before the flop; floorkill offers that as a house "
        "option, and rule 10 calls for it with voluntary lowball kills.)",
        "В убитом банке у киллера нет особой позиции: он действует в обычном "
        "порядке, сразу после игрока справа от него. Килл-блайнд — просто ещё "
        "один блайнд в очереди ходов. (Во многих залах киллер ходит последним до "
        "флопа; в floorkill это опция зала, а правило 10 требует этого при "
        "добровольном килле в лоуболе.)",
    ),
    _c(
        "rrop-13.3",
        f"{_RROP}, rule 3",
        "First and second leg",
        "Первая и вторая «нога»",
        "The first leg has no pot-size requirement: winning any pot gives the "
        "winner a leg up. The second consecutive win triggers a kill only if the "
        "winner takes in at least one full bet at the stakes being played, "
        "counting none of the blind money (floorkill uses the lower bet unless "
        "the house sets another amount). A second win that falls short does not "
        "kill the next pot; read with the glossary's 'leg up', the winner simply "
        "keeps a leg up.",
        "Для первой «ноги» размер банка не важен: любой выигранный банк даёт "
        "победителю «ногу». Второй выигрыш подряд ведёт к киллу, только если "
        "победитель забрал сверх блайндов хотя бы одну полную ставку текущего "
        "лимита; деньги блайндов не считаются (floorkill берёт меньшую ставку, "
        "если зал не задал другую сумму). Если второй выигрыш до этого не "
        "дотягивает, следующий банк не убивается; по определению «ноги» из "
        "глоссария победитель просто сохраняет «ногу».",
    ),
    _c(
        "rrop-13.4",
        f"{_RROP}, rule 4",
        "Splitting with a leg up",
        "Сплит с «ногой»",
        "A player with a leg up who shares the next pot still has the leg up for "
        "the hand after. A killer who shares the killed pot must kill the next "
        "pot as well. The other players in the split gain no leg from it. (House "
        "alternate, offered as an option: either kind of split makes the button "
        "neutral.)",
        "Игрок с «ногой», разделивший следующий банк, сохраняет «ногу» на "
        "следующую раздачу. Киллер, разделивший убитый банк, обязан убить и "
        "следующий. Остальные участники сплита «ногу» не получают. "
        "(Альтернатива зала, доступная как опция: после любого такого сплита "
        "баттон становится нейтральным.)",
    ),
    _c(
        "rrop-13.5",
        f"{_RROP}, rule 5",
        "Leaving with a leg up",
        "Уход из-за стола с «ногой»",
        "A player who steps away from the table while holding a leg up still has "
        "it on coming back; missed hands do not cancel it. floorkill hands the "
        "button back at once if it is neutral on the player's return, otherwise "
        "the next time it would become neutral.",
        "Игрок, отошедший от стола с «ногой», сохраняет её, когда возвращается; "
        "пропущенные раздачи её не отменяют. floorkill возвращает ему баттон "
        "сразу, если к моменту возвращения баттон нейтрален, а иначе — как "
        "только он в следующий раз станет нейтральным.",
    ),
    _c(
        "rrop-13.6",
        f"{_RROP}, rule 6",
        "An owed kill must be posted",
        "Обязательный килл надо поставить",
        "A player who owes a required kill has to post it on that very hand, even "
        "when they would rather quit the game or be dealt out of the hand. Anyone "
        "who fails to post a required kill blind is barred from every game in the "
        "room until the kill money has been paid.",
        "Игрок, за которым числится обязательный килл, должен поставить его в "
        "этой же раздаче — даже если он хочет уйти из игры или пропустить "
        "раздачу (чтобы ему не сдавали карты). Кто не поставил обязательный "
        "килл-блайнд, не допускается ни к одной игре в зале, пока не внесёт "
        "деньги за килл.",
    ),
    _c(
        "rrop-13.7",
        f"{_RROP}, rule 7",
        "Kill money plays; the killer kills again",
        "Килл-блайнд играет; киллер убивает снова",
        "The kill blind is part of the pot, like the other blinds, and goes to "
        "whoever wins it. If a player who posted a required kill wins again, they "
        "must kill the next pot too, for the same amount as before. floorkill "
        "applies this to required kills only: a voluntary killer who wins gets an "
        "ordinary leg.",
        "Килл-блайнд входит в банк, как и остальные блайнды, и достаётся "
        "победителю. Если игрок, поставивший обязательный килл, снова выигрывает, "
        "он обязан убить и следующий банк — на ту же сумму. floorkill применяет "
        "это только к обязательному киллу: добровольный киллер при выигрыше "
        "получает обычную «ногу».",
    ),
    _c(
        "rrop-13.8",
        f"{_RROP}, rule 8",
        "A scoop kills only a big pot",
        "Скуп убивает только крупный банк",
        "In a hi-lo split game played with a kill, scooping (taking both the high "
        "and the low half) kills the next hand only when that pot was at least "
        "five times the game's upper limit, e.g. $100 or more in a $10-$20 game. "
        "A smaller scoop does not kill. The limit used is the game's own, not the "
        "raised limit of a killed hand.",
        "В хай-лоу игре с киллом игрок, взявший и хай, и лоу (скуп), убивает "
        "следующую раздачу, только если банк был не меньше пяти верхних лимитов "
        "игры — например, от $100 в игре $10-$20. Скуп меньшего банка килла не "
        "даёт. Считается обычный лимит игры, а не повышенный лимит убитой "
        "раздачи.",
    ),
    _c(
        "rrop-13.9",
        f"{_RROP}, rule 9",
        "Putting in too little in a kill pot",
        "Недоставил в убитом банке",
        "A player who did not notice the pot was killed may put in less than the "
        "kill stakes call for. If it is a required kill, with the kill button "
        "face up in the pot, the player must make the amount right. In any other "
        "case the player may take those chips back and rethink the action.",
        "Игрок, не заметивший, что банк убит, может поставить меньше, чем "
        "требуют ставки килла. Если это обязательный килл и килл-баттон лежит в "
        "банке надписью вверх, игрок обязан доставить до правильной суммы. В "
        "остальных случаях он может забрать эти фишки и заново решить, как "
        "действовать.",
    ),
    _c(
        "rrop-13.10",
        f"{_RROP}, rule 10",
        "Voluntary kill in lowball",
        "Добровольный килл в лоуболе",
        "As an optional lowball rule, a player may look at their first two cards "
        "and then decide to kill the pot. The chance is gone once any player has "
        "been dealt a third card. Before posting, the voluntary killer needs a "
        "stack of no less than four times the kill blind (big blind 2, kill 4: at "
        "least 16). Where this rule is used, the voluntary killer acts last on "
        "the first betting round instead of in turn.",
        "Необязательное правило лоубола: игрок может посмотреть две первые карты "
        "и после этого решить, убивать ли банк. Такая возможность пропадает, как "
        "только кому-либо сдана третья карта. Перед тем как поставить килл, у "
        "добровольного киллера в стеке должно быть не меньше четырёх "
        "килл-блайндов (большой блайнд 2, килл 4 — нужно минимум 16). Если "
        "правило действует, добровольный киллер ходит на первом круге торговли "
        "последним, а не в свою очередь.",
    ),
    _c(
        "rrop-13.11",
        f"{_RROP}, rule 11",
        "One kill per deal",
        "Один килл на раздачу",
        "A deal can be killed only once. No second kill blind, voluntary or "
        "required, may be added to a hand that is already killed; a player who "
        "agrees to kill (rule 12) does it on a later hand.",
        "Раздачу можно убить только один раз. Второй килл-блайнд — ни "
        "добровольный, ни обязательный — в уже убитую раздачу не ставится; "
        "игрок, согласившийся на килл (правило 12), делает его в одной из "
        "следующих раздач.",
    ),
    _c(
        "rrop-13.12",
        f"{_RROP}, rule 12",
        "A new player and a killed pot",
        "Новый игрок и убитый банк",
        "A player who is new to the game has no right to play a hand that has "
        "been killed. They can be dealt into it only by agreeing to kill the "
        "following pot.",
        "Новый игрок не вправе играть в убитом банке. Ему сдадут карты в такой "
        "раздаче, только если он согласится убить следующий банк.",
    ),
    _c(
        "rrop-13.13",
        f"{_RROP}, rule 13",
        "Kill games and broken-game priority",
        "Килл-игры и приоритет при закрытии стола",
        "Broken-game priority goes only to players from a game of the same limit "
        "and type. A game with a required kill counts as a different type from "
        "the same game without one, so players from one get no broken-game "
        "priority for the other.",
        "Приоритет «закрытого стола» получают только игроки из игры того же "
        "лимита и вида. Игра с обязательным киллом считается другим видом, чем "
        "такая же игра без килла, поэтому игроки одной не получают приоритета "
        "в другой.",
    ),
    _c(
        "rrop-glossary",
        "Robert's Rules of Poker (Bob Ciaffone), Glossary: kill, kill button, "
        "kill pot, leg up, overblind, scoop, joker, California lowball, "
        "Kansas City lowball",
        "Glossary terms",
        "Термины из глоссария",
        "Kill (kill blind): an overblind, usually twice the big blind, that "
        "doubles the limits; a half kill raises blind and limits by 50%; a kill "
        "is voluntary or mandatory, mandatory most often for two wins in a row "
        "or a hi-lo scoop. Kill button: the marker for the player due to kill; "
        "kill pot: a pot killed by the winner of the two previous pots, by the "
        "winner of a whole hi-lo pot that was big enough, or voluntarily. Leg "
        "up: standing as if you won the last pot, so winning this one obliges "
        "you to kill the next. Overblind: a blind bigger than the big blind, "
        "usually raising the stakes in proportion; scoop: winning both the high "
        "and the low half of a split pot. Joker: partly wild, in high draw an "
        "ace or a card that completes a straight or flush, in ace-to-five "
        "lowball the lowest rank missing from the hand; California lowball is "
        "ace-to-five with a joker, Kansas City lowball is deuce-to-seven draw, "
        "where 7-5-4-3-2 is best and straights and flushes hurt the hand.",
        "Килл (килл-блайнд): оверблайнд, обычно два больших блайнда, удваивающий "
        "лимиты; половинный килл поднимает блайнд и лимиты на 50%; килл бывает "
        "добровольным или обязательным — чаще всего за два выигрыша подряд или "
        "за скуп в хай-лоу. Килл-баттон — метка игрока, который должен сделать "
        "килл; килл-пот — банк, убитый победителем двух предыдущих банков, "
        "победителем целого и достаточно крупного банка в хай-лоу, или "
        "добровольно. «Нога» (leg up): положение игрока, как будто он выиграл "
        "прошлый банк, так что выигрыш этого банка обязывает его убить "
        "следующий. Оверблайнд — блайнд больше большого, обычно пропорционально "
        "поднимающий ставки; скуп — выигрыш и хай-, и лоу-половины банка. "
        "Джокер — частично дикая карта: в дро-покере на старшую комбинацию это "
        "туз или карта, дополняющая стрит или флеш, в лоуболе A-5 — младший "
        "ранг, которого нет в руке; калифорнийский лоубол — это A-5 с джокером, "
        "лоубол Канзас-Сити — дро 2-7, где лучшая рука 7-5-4-3-2, а стриты и "
        "флеши идут во вред.",
    ),
    # ------------------------------------------------------------------
    # A cardroom's house rules (with "Alternate Rule" variants)
    # ------------------------------------------------------------------
    _c(
        "house-spread",
        f"{_HOUSE}, Spread Limit Poker",
        "Spread-limit kills",
        "Килл в спред-лимите",
        "In spread-limit (unstructured) games a bet may be any amount between a "
        "minimum and a maximum for the round. When such a game is killed, both "
        "ends of the spread go up, not only the top: $2-$6 becomes $4-$12 with a "
        "full kill, and $1-$4-$8-$8 becomes $2-$8-$16-$16.",
        "В спред-лимите (игре без фиксированной ставки) ставка может быть любой "
        "между минимумом и максимумом круга. Когда такую игру убивают, растут "
        "обе границы, а не только верхняя: при полном килле $2-$6 превращается в "
        "$4-$12, а $1-$4-$8-$8 — в $2-$8-$16-$16.",
    ),
    _c(
        "house-blind-games",
        f"{_HOUSE}, Kill Pot Games",
        "Only blind games have kills",
        "Килл — только в играх с блайндами",
        "Any game played with blinds may be played with a kill, and only such "
        "games may. Games opened by antes and a bring-in (stud, stud hi-lo, razz) "
        "cannot be set up with a kill. A kill game says so on its table sign and "
        "has a kill button on the table or in the dealer's tray.",
        "Килл возможен в любой игре с блайндами — и только в таких играх. Игры, "
        "которые начинаются с анте и бринг-ина (стад, стад хай-лоу, рейз), с "
        "киллом не настраиваются. Килл-игра обозначается на табличке стола, а "
        "килл-баттон лежит на столе или в лотке дилера.",
    ),
    _c(
        "house-kill-defined",
        f"{_HOUSE}, Kill Defined",
        "The kill blind and doubled limits",
        "Килл-блайнд и удвоенные лимиты",
        "When a trigger set in advance happens (typically two pots in a row, a "
        "hi-lo scoop, or a pot above a set size), the player responsible, the "
        "killer, must post an extra blind on the next hand worth twice the "
        "regular big blind, and every limit of that hand doubles. Example: at "
        "$10-$20 with blinds of $5 and $10, the killer puts up a third blind of "
        "$20 and the hand is played $20-$40. The small and big blinds stay as "
        "they are.",
        "Когда наступает заранее оговорённое событие (обычно два банка подряд, "
        "скуп в хай-лоу или банк больше установленного размера), виновник — "
        "киллер — обязан в следующей раздаче поставить дополнительный блайнд в "
        "два обычных больших блайнда, и все лимиты этой раздачи удваиваются. "
        "Пример: в игре $10-$20 с блайндами $5 и $10 киллер ставит третий блайнд "
        "$20, и раздача играется по $20-$40. Малый и большой блайнды не "
        "меняются.",
    ),
    _c(
        "house-natural",
        f"{_HOUSE}, Winning Two Consecutive Pots (Natural Kill)",
        "Natural kill: two pots in a row",
        "Натуральный килл: два банка подряд",
        "Whoever wins a pot gets a leg up and the kill button, KILL side down; "
        "winning the next pot too means posting the double blind for a "
        "double-stakes hand, and a killer who wins the killed pot kills again for "
        "the same amount. A leg-up player who splits the next pot keeps the leg, "
        "and a killer who splits must kill again; other splitters gain nothing "
        "(Alternate Rule: either split makes the button neutral). A leg-up player "
        "who leaves keeps the leg and, on return, takes the button at once if it "
        "is free, otherwise when it next falls free. The first leg has no size "
        "requirement; the second needs a flop and at least one full bet won "
        "beyond the blind money (Alternate Rule: instead, a pot of a size the "
        "house sets). A leg-up player who wins without a flop (a walk) keeps the "
        "button (Alternate Rule: a walk makes the button neutral).",
        "Победитель банка получает «ногу» и килл-баттон надписью KILL вниз; "
        "если он выигрывает и следующий банк, то ставит двойной блайнд, и "
        "раздача играется по удвоенным ставкам, а киллер, выигравший убитый "
        "банк, убивает снова на ту же сумму. Игрок с «ногой», разделивший "
        "следующий банк, сохраняет «ногу», а киллер после сплита обязан убить "
        "снова; остальные участники сплита ничего не получают (альтернатива: "
        "после любого такого сплита баттон нейтрален). Игрок с «ногой», "
        "отошедший от стола, сохраняет её и по возвращении сразу получает "
        "баттон, если тот свободен, а иначе — когда баттон освободится. Для "
        "первой «ноги» размер банка не важен; для второй нужен флоп и выигрыш "
        "хотя бы одной полной ставки сверх блайндов (альтернатива: банк "
        "размера, который задаёт зал). Игрок с «ногой», выигравший без флопа "
        "(«уолк»), сохраняет баттон (альтернатива: после уолка баттон "
        "нейтрален).",
    ),
    _c(
        "house-scoop",
        f"{_HOUSE}, Scooping High and Low",
        "Scoop kill",
        "Килл за скуп",
        "In a hi-lo game with a kill, taking both the high and the low half, "
        "whether at showdown or because nobody called the last bet, kills the "
        "next pot, but only if the whole pot is at least five times the game's "
        "upper limit (so $100 at $10-$20). The scooper's own uncalled bet is "
        "left out when the pot is measured.",
        "В хай-лоу игре с киллом игрок, забравший и хай, и лоу — на вскрытии "
        "или потому, что его ставку никто не уравнял, — убивает следующий банк, "
        "но только если весь банк не меньше пяти верхних лимитов игры ($100 в "
        "игре $10-$20). Неуравненная ставка самого игрока при подсчёте банка не "
        "учитывается.",
    ),
    _c(
        "house-big-pot",
        f"{_HOUSE}, Winning a Big Pot",
        "Big-pot kill",
        "Килл за крупный банк",
        "A house may make winning a large pot the kill trigger: the winner of a "
        "pot of at least the set size posts a double live blind and the next "
        "hand is played for double stakes. The usual threshold in fixed limit is "
        "five times the upper limit ($150 in a $15-$30 game); other choices are "
        "five times the lower limit (the size of the big blind) or a flat amount, "
        "such as $50 in a $2-$10 spread or $1-$4-$8-$8 game. The figure is "
        "management's call.",
        "Зал может сделать поводом для килла выигрыш крупного банка: победитель "
        "банка не меньше установленного размера ставит двойной живой блайнд, и "
        "следующая раздача играется по удвоенным ставкам. Обычный порог в "
        "фиксированном лимите — пять верхних лимитов ($150 в игре $15-$30); "
        "другие варианты — пять нижних лимитов (равных большому блайнду) или "
        "фиксированная сумма, например $50 в спреде $2-$10 или $1-$4-$8-$8. "
        "Сумму определяет администрация.",
    ),
    _c(
        "house-button",
        f"{_HOUSE}, Kill Games",
        "The kill button's three statuses",
        "Три положения килл-баттона",
        "The kill button is either neutral, leg up (face down in front of the "
        "last pot's winner, who keeps it until the hand is over) or killed (in "
        "the pot with KILL face up). If the leg-up player wins a second pot in a "
        "row and it meets the money requirement, they must kill the next pot. "
        "The button is neutral when (a) a new game starts; (b) the last pot's "
        "winner has quit; (c) the last pot was split and no one in the split had "
        "the button (Alternate Rule: neutral after any split, button holder or "
        "not); or (d) the last pot fell short of the money requirement for a "
        "kill.",
        "Килл-баттон бывает нейтральным, «с ногой» (лежит надписью вниз перед "
        "победителем последнего банка, который держит его до конца раздачи) или "
        "«убитым» (лежит в банке надписью KILL вверх). Если игрок с «ногой» "
        "выигрывает второй банк подряд и банк проходит по сумме, он обязан убить "
        "следующий. Баттон нейтрален, когда: (a) начинается новая игра; (b) "
        "победитель последнего банка ушёл из игры; (c) последний банк разделили "
        "и ни у кого из участников сплита баттона не было (альтернатива: "
        "нейтрален после любого сплита, у кого бы ни был баттон); (d) последний "
        "банк не дотянул до суммы, нужной для килла.",
    ),
    # ------------------------------------------------------------------
    # The joker
    # ------------------------------------------------------------------
    _c(
        "joker-1",
        f"{_JOKER}, rule 1",
        "The joker is announced",
        "О джокере объявляют",
        "Players must be told whether the joker is in use in the game. floorkill "
        "allows the joker only in ace-to-five lowball and draw high. In "
        "ace-to-five (California) lowball the joker is the lowest rank the hand "
        "does not already hold (glossary); the rules that follow are draw high's.",
        "Игрокам обязательно сообщают, играет ли в игре джокер. floorkill "
        "допускает джокер только в лоуболе A-5 и в дро-покере на старшую "
        "комбинацию. В лоуболе A-5 (калифорнийском) джокер — самый младший ранг, "
        "которого в руке ещё нет (глоссарий); следующие правила — для дро-покера "
        "на старшую комбинацию.",
    ),
    _c(
        "joker-2",
        f"{_JOKER}, rule 2",
        "The joker is only partly wild",
        "Джокер — лишь частично дикая карта",
        "In draw high the joker is not a fully wild card: it can stand only for "
        "an ace, or fill in a straight, a flush or a straight flush. Otherwise it "
        "plays as an ace, so K-K-7-7 with the joker is two pair with an ace "
        "kicker. (In lowball it is the lowest rank missing from the hand.)",
        "В дро-покере на старшую комбинацию джокер — не полностью дикая карта: он "
        "может быть только тузом или дополнять стрит, флеш либо стрит-флеш. В "
        "остальных случаях он играет как туз, поэтому K-K-7-7 с джокером — это "
        "две пары с кикером-тузом. (В лоуболе это самый младший недостающий ранг.)",
    ),
    _c(
        "joker-3",
        f"{_JOKER}, rule 3",
        "The joker in a flush",
        "Джокер во флеше",
        "When the joker completes a flush it counts as the highest card of that "
        "suit the hand does not already contain. With the ace of hearts in hand, "
        "for instance, the joker in a heart flush plays as the king of hearts.",
        "Когда джокер дополняет флеш, он считается старшей картой этой масти, "
        "которой в руке ещё нет. Например, если туз червей уже в руке, джокер в "
        "червовом флеше играет как король червей.",
    ),
    _c(
        "joker-4",
        f"{_JOKER}, rule 4",
        "Five aces",
        "Пять тузов",
        "Four aces together with the joker make five aces, the best hand there "
        "is. It ranks above every other hand, a royal flush included.",
        "Четыре туза вместе с джокером дают пять тузов — самую сильную "
        "комбинацию. Она старше любой другой руки, включая роял-флеш.",
    ),
    # ------------------------------------------------------------------
    # WSOP Live Action Rules 2024, "Kill Pots" -- only the rules docs/rules.md
    # gives a gist for; their full text could not be verified.
    # ------------------------------------------------------------------
    _c(
        "wsop-190",
        f"{_WSOP}, rule 190",
        "Killer acts in turn; no bring-in in stud kills",
        "Киллер ходит в свою очередь; в стаде без бринг-ина",
        "Under the WSOP rules the killer acts in normal rotation rather than "
        "last. In a stud-type kill game there is no bring-in on a killed hand. "
        "This summary rests on the project spec's gist, not on the rulebook text.",
        "По правилам WSOP киллер ходит в обычном порядке, а не последним. В "
        "стад-играх с киллом в убитой раздаче бринг-ина нет. Это изложение "
        "основано на кратком пересказе из спецификации проекта, а не на тексте "
        "правил.",
        _GIST_ONLY,
    ),
    _c(
        "wsop-191",
        f"{_WSOP}, rule 191",
        "The kill blind is not blind money for a leg",
        "Килл-блайнд не считается блайндом для «ноги»",
        "When deciding whether a win qualifies as a leg, the kill blind is not "
        "treated as part of the blind structure, so kill money can count toward "
        "the full bet the winner must take in beyond the blinds. Robert's Rules "
        "leave all blind money out; floorkill offers the WSOP reading as a house "
        "option. This summary rests on the project spec's gist.",
        "Когда решают, засчитывается ли выигрыш как «нога», килл-блайнд не "
        "считается частью структуры блайндов, поэтому деньги килла могут войти "
        "в ту полную ставку, которую победитель должен выиграть сверх блайндов. "
        "По «Правилам Роберта» никакие блайнды не учитываются; floorkill "
        "предлагает прочтение WSOP как опцию зала. Изложение основано на кратком "
        "пересказе из спецификации.",
        _GIST_ONLY,
    ),
    _c(
        "wsop-196",
        f"{_WSOP}, rule 196",
        "Wrong bet in an announced kill pot",
        "Неверная ставка в объявленном килл-поте",
        "Once a kill has been announced, a bet made at the wrong (unkilled) size "
        "must be corrected to the kill stakes, or else it is forfeited. This "
        "summary rests on the project spec's gist, not on the rulebook text.",
        "Если килл объявлен, ставка неверного (не убитого) размера должна быть "
        "исправлена до ставок килла, иначе она теряется. Это изложение основано "
        "на кратком пересказе из спецификации проекта, а не на тексте правил.",
        _GIST_ONLY,
    ),
    _c(
        "wsop-197",
        f"{_WSOP}, rule 197",
        "A missed kill is posted later",
        "Пропущенный килл ставят позже",
        "A player who misses a kill they owe posts it at the first chance they "
        "are dealt in from a seat that is neither the button nor a blind. "
        "floorkill offers this as the post-later house option in place of "
        "barring the player (Robert's Rules, rule 6). This summary rests on the "
        "project spec's gist.",
        "Игрок, пропустивший положенный килл, ставит его при первой возможности, "
        "когда ему сдают карты не на баттоне и не на блайнде. floorkill "
        "предлагает это как опцию зала вместо отстранения игрока (правило 6 "
        "«Правил Роберта»). Изложение основано на кратком пересказе из "
        "спецификации.",
        _GIST_ONLY,
    ),
    _c(
        "wsop-199",
        f"{_WSOP}, rule 199",
        "No straddle in a kill pot",
        "Без страддла в килл-поте",
        "Straddling is not allowed in a killed pot; the kill blind is the only "
        "extra blind on that hand. This summary rests on the project spec's "
        "gist, not on the rulebook text.",
        "В убитом банке страддл запрещён; килл-блайнд — единственный "
        "дополнительный блайнд в этой раздаче. Это изложение основано на кратком "
        "пересказе из спецификации проекта, а не на тексте правил.",
        _GIST_ONLY,
    ),
    _c(
        "wsop-200",
        f"{_WSOP}, rule 200",
        "No chopping when the kill is in a blind",
        "Без чопа, если килл на блайнде",
        "When the kill is posted from the small or the big blind, the blinds may "
        "not agree to chop (take their blinds back when nobody else enters the "
        "pot). This summary rests on the project spec's gist, not on the "
        "rulebook text.",
        "Если килл поставлен с малого или большого блайнда, блайнды не могут "
        "договориться о чопе (забрать блайнды назад, когда больше никто не "
        "вошёл в банк). Это изложение основано на кратком пересказе из "
        "спецификации проекта, а не на тексте правил.",
        _GIST_ONLY,
    ),
    _c(
        "wsop-201",
        f"{_WSOP}, rule 201",
        "A new player may sit into a kill pot",
        "Новый игрок может сесть в килл-пот",
        "A newly seated player may be dealt into a killed pot without agreeing "
        "to kill the next one, unlike Robert's Rules, rule 12. floorkill offers "
        "this as the may-sit house option. This summary rests on the project "
        "spec's gist.",
        "Новому игроку могут сдать карты в убитом банке и без согласия убить "
        "следующий — в отличие от правила 12 «Правил Роберта». floorkill "
        "предлагает это как опцию зала. Изложение основано на кратком пересказе "
        "из спецификации.",
        _GIST_ONLY,
    ),
    _c(
        "wsop-202",
        f"{_WSOP}, rule 202",
        "Buying the button in a kill game",
        "Покупка баттона в килл-игре",
        "A player may buy the button in a kill game, except when the kill is in "
        "one of the blinds. This summary rests on the project spec's gist, not "
        "on the rulebook text.",
        "В килл-игре игрок может купить баттон, кроме случая, когда килл стоит "
        "на одном из блайндов. Это изложение основано на кратком пересказе из "
        "спецификации проекта, а не на тексте правил.",
        _GIST_ONLY,
    ),
    # ------------------------------------------------------------------
    # Cardroom practice for the dealer button (outside the kill chapter)
    _c(
        "room-dealer-button",
        "Cardroom practice for the dealer button (Robert's Rules of Poker, button and blind use)",
        "The dealer button never moves backwards",
        "Дилерская кнопка не идёт назад",
        "The dealer button moves forward one seat each hand and the blinds with it. "
        "A player who sits down, or comes back, between the last dealer and the "
        "coming big blind is not given the button or a blind out of turn: they wait "
        "until the button has passed their seat, so nobody posts the same blind two "
        "hands running because someone sat down.",
        "Дилерская кнопка каждую раздачу идёт на одно место вперёд, блайнды — за ней. "
        "Игрок, который садится или возвращается между последним дилером и "
        "ближайшим большим блайндом, не получает кнопку или блайнд вне очереди: он "
        "ждёт, пока кнопка пройдёт его место, и никто не ставит тот же блайнд две "
        "раздачи подряд из-за того, что кто-то сел.",
        "room practice; the seeds' kill chapter is silent",
    ),
)

CLAUSES: dict[str, Clause] = {c.id: c for c in _ALL}
assert len(CLAUSES) == len(_ALL), "duplicate clause id"

# WSOP Kill Pots rule numbers in 190..202 that the catalogue does not carry:
# docs/rules.md gives no gist for them and their text could not be verified.
_WSOP_NOT_CATALOGUED = frozenset({192, 193, 194, 195, 198})


def clause(id: str) -> Clause:
    """Return the clause with this id; KeyError with a helpful message if unknown."""
    try:
        return CLAUSES[id]
    except (KeyError, TypeError):
        pass
    hint = ""
    if isinstance(id, str):
        norm = id.strip().lower()
        if norm in CLAUSES:
            hint = f" (did you mean {norm!r}?)"
        elif (
            norm.startswith("wsop-")
            and norm[5:].isdigit()
            and int(norm[5:]) in _WSOP_NOT_CATALOGUED
        ):
            hint = (
                f" (WSOP Live Action Rules {norm[5:]} is not catalogued: its text "
                "could not be verified)"
            )
        else:
            prefix = norm.split("-", 1)[0] + "-" if "-" in norm else norm
            near = [k for k in CLAUSES if prefix and k.startswith(prefix)]
            if near:
                hint = f" (ids starting with {prefix!r}: {', '.join(near)})"
    raise KeyError(f"unknown clause id {id!r}{hint}; known ids: {', '.join(CLAUSES)}")


def _lang(lang: str) -> str:
    key = (lang or "en").strip().lower().replace("_", "-").split("-", 1)[0]
    if key not in LANGS:
        raise ValueError(f"unsupported language {lang!r}; use one of {', '.join(LANGS)}")
    return key


def summary(id: str, lang: str = "en") -> str:
    """The clause's summary in ``lang`` ("en" or "ru")."""
    return clause(id).summary[_lang(lang)]


def title(id: str, lang: str = "en") -> str:
    """The clause's short title in ``lang`` ("en" or "ru")."""
    return clause(id).title[_lang(lang)]

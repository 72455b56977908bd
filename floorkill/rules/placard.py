"""The table's placard: its game, limits and kill rules in plain player words, each line
with the clauses it rests on, generated from the configuration (never hand-written), in
English and Russian, as text or as one self-contained HTML page.

Every house option that can change what a player meets at this table is reflected by a
line; an option that has no effect with the table's other choices (the walk without the
flop rule, the beyond-the-blinds minimum under a pot-size second leg, the cards of a
voluntary kill when voluntary kills are off) is left out, because it changes nothing.
Pure Python: no Textual, no Rich. Player-facing text is plain data; the HTML escapes it.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from floorkill.i18n import LANGS, tr

from .codes import KillKind, OwedMode, TriggerId
from .config import GAME_NAMES, LOWBALL_GAMES, TableConfig
from .money import Cents, dollars
from .names import safe_text
from .texts import amounts_in
from .triggers import Trigger, active

GAME_NAMES_RU = {
    "holdem": "Холдем",
    "omaha": "Омаха",
    "omaha8": "Омаха хай-лоу 8/b",
    "lowball-a5": "Лоубол A-5",
    "lowball-27": "Лоубол 2-7",
    "draw-high": "Дро (на старшие)",
    "stud": "Семикарточный стад",
    "stud8": "Стад хай-лоу 8/b",
    "razz": "Разз",
}


@dataclass(frozen=True, slots=True)
class Line:
    text: dict[str, str]
    cites: tuple[str, ...] = ()

    def render(self, lang: str) -> str:
        return amounts_in(self.text.get(lang) or self.text["en"], lang)


@dataclass(frozen=True, slots=True)
class Placard:
    title: dict[str, str]
    lines: tuple[Line, ...]

    def text(self, lang: str = "en") -> str:
        out = [self.title.get(lang) or self.title["en"], ""]
        for line in self.lines:
            cites = f"  [{', '.join(line.cites)}]" if line.cites else ""
            out.append(f"- {line.render(lang)}{cites}")
        return "\n".join(out) + "\n"


def _l(en: str, ru: str, *cites: str) -> Line:
    return Line({"en": en, "ru": ru}, tuple(dict.fromkeys(cites)))


def _limits(cfg: TableConfig, limits: tuple[Cents, ...] | None = None) -> str:
    return cfg.stakes_text(limits)


def _second_leg_money(cfg: TableConfig) -> tuple[str, str]:
    """The beyond-the-blinds minimum in words, ordinary hand and kill pot (rrop-13.3)."""
    spec = cfg.kill.second_leg_minimum
    killed = cfg.killed_limits()
    if spec == "lower-bet":
        low = min if cfg.structure == "spread" else (lambda b: b[0])
        a, b = low(cfg.bets), low(killed)
    elif spec == "upper-bet":
        a, b = max(cfg.bets), max(killed)
    else:
        return dollars(int(spec)), dollars(int(spec))
    return dollars(a), dollars(b)


def placard(cfg: TableConfig) -> Placard:
    k = cfg.kill
    game_en = GAME_NAMES.get(cfg.game, cfg.game)
    game_ru = GAME_NAMES_RU.get(cfg.game, game_en)
    structure = {
        "fixed": ("fixed limit", "фиксированный лимит"),
        "spread": ("spread limit", "спред-лимит"),
    }[cfg.structure]
    stakes = _limits(cfg)
    name = safe_text(cfg.name)
    title = {
        "en": f"{name}: {game_en} {stakes}, {structure[0]}",
        "ru": f"{name}: {game_ru} {stakes}, {structure[1]}",
    }
    lines: list[Line] = []
    if cfg.blinds[1]:
        sb, bb = dollars(cfg.blinds[0]), dollars(cfg.blinds[1])
        lines.append(_l(f"Blinds {sb} and {bb}.", f"Блайнды {sb} и {bb}."))
    else:
        lines.append(
            _l("No blinds, so no kill.", "Без блайндов, поэтому без килла.", "house-blind-games")
        )
    if cfg.joker and cfg.game in LOWBALL_GAMES:  # California lowball (rrop-glossary, JOKER)
        lines.append(
            _l(
                "The joker is in: it plays as the lowest rank the hand does not already hold.",
                "Джокер в игре: он играет как самый младший ранг, которого в руке ещё нет.",
                "joker-1",
                "rrop-glossary",
            )
        )
    elif cfg.joker:
        lines.append(
            _l(
                "The joker is in: it counts as an ace, or completes a straight or a flush.",
                "Джокер в игре: он считается тузом или дополняет стрит или флеш.",
                "joker-1",
                "joker-2",
            )
        )
    if not cfg.is_kill_game:
        lines.append(
            _l(
                "This game is played without a kill (a different game from the same game "
                "with a kill).",
                "Игра без килла (это другая игра, чем та же игра с киллом).",
                "rrop-13.13",
            )
        )
        return Placard(title, tuple(lines))

    blind = dollars(cfg.kill_blind)
    killed = _limits(cfg, cfg.killed_limits())
    if k.kind == KillKind.FULL:
        lines.append(
            _l(
                f"Full kill: the killer posts {blind} (twice the big blind) and the hand "
                f"plays {killed}.",
                f"Полный килл: убивающий ставит {blind} (два больших блайнда), раздача "
                f"играется {killed}.",
                "rrop-13.0",
                "house-kill-defined",
            )
        )
    else:
        lines.append(
            _l(
                f"Half kill: the killer posts {blind} (one and a half big blinds) and the "
                f"hand plays {killed}.",
                f"Половинный килл: убивающий ставит {blind} (полтора больших блайнда), "
                f"раздача играется {killed}.",
                "rrop-13.0",
            )
        )
    if cfg.structure == "spread":
        lines.append(
            _l(
                "In a kill pot both the smallest and the largest bet are raised.",
                "В килл-поте повышаются и наименьшая, и наибольшая ставка.",
                "house-spread",
            )
        )

    trig = k.triggers
    if TriggerId.TWO_POTS in trig:
        lines.extend(_two_pots(cfg))
    if TriggerId.SCOOP in trig:
        m = dollars(cfg.minimum("scoop_minimum"))
        if cfg.hilo:
            lines.append(
                _l(
                    f"Win both the high and the low (a scoop) in a pot of at least {m} and "
                    "you kill the next hand; uncalled bets do not count.",
                    f"Выиграйте и хай, и лоу в банке не меньше {m} — и вы убиваете следующую "
                    "раздачу; неуравненные ставки не считаются.",
                    "rrop-13.8",
                    "house-scoop",
                )
            )
        else:
            lines.append(
                _l(
                    f"Win a whole pot of at least {m} alone and you kill the next hand; "
                    "uncalled bets do not count.",
                    f"Выиграйте в одиночку весь банк не меньше {m} — и вы убиваете следующую "
                    "раздачу; неуравненные ставки не считаются.",
                    "rrop-13.8",
                    "house-scoop",
                )
            )
    if TriggerId.BIG_POT in trig:
        m = dollars(cfg.minimum("big_pot_minimum"))
        lines.append(
            _l(
                f"Win a pot of at least {m} and you kill the next hand.",
                f"Выиграйте банк не меньше {m} — и вы убиваете следующую раздачу.",
                "house-big-pot",
            )
        )
    lines.extend(_record_line(cfg, r) for r in active(trig) if r.id not in _OWN_SENTENCES)
    if not trig:
        lines.append(
            _l("No kill is ever required here.", "Обязательного килла здесь нет.", "rrop-13.0")
        )
    else:
        lines.append(
            _l(
                "Win the pot you were made to kill and you kill again, for the same amount.",
                "Выиграли банк, который были обязаны убить, — убиваете снова, на ту же сумму.",
                "rrop-13.7",
            )
        )

    if k.voluntary:
        need = dollars(4 * cfg.kill_blind)
        cards_en = {2: "two", 3: "three"}.get(k.voluntary_cards, str(k.voluntary_cards))
        cards_ru = {2: "две", 3: "три"}.get(k.voluntary_cards, str(k.voluntary_cards))
        lines.append(
            _l(
                f"You may kill voluntarily after seeing your first {cards_en} cards, before "
                f"anyone has one more, with at least {need} in front of you (four kill "
                "blinds); you then act last on the first round.",
                f"Можно убить банк добровольно, посмотрев первые {cards_ru} карты и пока никто "
                f"не получил следующую, если перед вами не меньше {need} (четыре килл-блайнда); "
                "тогда в первом круге у вас последний ход.",
                "rrop-13.10",
            )
        )
    else:
        lines.append(_l("No voluntary kills.", "Добровольного килла нет.", "rrop-13.10"))
    lines.append(_l("Only one kill per hand.", "Не больше одного килла за раздачу.", "rrop-13.11"))
    if k.killer_acts == "last":
        lines.append(
            _l(
                "A required killer acts last on the first round.",
                "Обязанный убить ходит последним в первом круге.",
                "rrop-13.2",
            )
        )
    else:
        lines.append(
            _l(
                "A required killer acts in turn.",
                "Обязанный убить ходит в свою очередь.",
                "rrop-13.2",
            )
        )
    if k.killer_in_blind == "both":
        lines.append(
            _l(
                "A killer in a blind posts that blind and the kill; no chopping.",
                "Убивающий на блайнде ставит и блайнд, и килл; делить блайнды нельзя.",
                "wsop-200",
            )
        )
    else:
        lines.append(
            _l(
                "A killer in a blind posts the kill instead of that blind; no chopping.",
                "Убивающий на блайнде ставит килл вместо блайнда; делить блайнды нельзя.",
                "wsop-200",
            )
        )
    if k.new_player == "may-sit":
        lines.append(
            _l(
                "A new player may play a kill pot.",
                "Новый игрок может играть килл-пот.",
                "wsop-201",
            )
        )
    else:
        lines.append(
            _l(
                "A new player sits out a kill pot unless agreeing to kill the next pot.",
                "Новый игрок пропускает килл-пот, если не согласится убить следующий банк.",
                "rrop-13.12",
            )
        )
    if k.missed_kill == OwedMode.POST_LATER:
        lines.append(
            _l(
                "A kill you owe must be posted that hand even if you leave; a missed kill is "
                "posted at your first hand off the button and the blinds.",
                "Обязательный килл ставится в ту же раздачу, даже если вы уходите; пропущенный "
                "килл вы ставите в первой раздаче не на баттоне и не на блайндах.",
                "rrop-13.6",
                "wsop-197",
            )
        )
    else:
        lines.append(
            _l(
                "A kill you owe must be posted that hand even if you leave; until it is "
                "posted you may not play in any game.",
                "Обязательный килл ставится в ту же раздачу, даже если вы уходите; пока он не "
                "внесён, вы не можете играть ни в одной игре.",
                "rrop-13.6",
            )
        )
    return Placard(title, tuple(lines))


# The built-in triggers' sentences are written out above (English and Russian); any other
# registered trigger says its record's placard sentence.
_OWN_SENTENCES = frozenset(TriggerId)


def _record_line(cfg: TableConfig, record: Trigger) -> Line:
    """A trigger's placard sentence from its record (``{minimum}``: the pot its option
    asks for), with the clauses it rests on."""
    minimum = dollars(cfg.minimum(record.minimum_option)) if record.minimum_option else ""
    text = {lang: tr(record.placard, lang, minimum=minimum) for lang in LANGS}
    return Line(text, tuple(dict.fromkeys((*record.clauses, *record.fired_cites))))


def _two_pots(cfg: TableConfig) -> list[Line]:
    k = cfg.kill
    out: list[Line] = []
    out.append(
        _l(
            "Win two pots in a row and you kill the next hand. The first win gives you a leg "
            "up: the kill button face down in front of you.",
            "Выиграйте два банка подряд — и вы убиваете следующую раздачу. Первый выигрыш даёт "
            "«ногу»: килл-баттон лежит перед вами лицом вниз.",
            "house-natural",
            "rrop-13.3",
        )
    )
    pot = cfg.second_leg_pot
    if pot is not None:
        m = dollars(pot)
        en = f"The second win counts only in a pot of at least {m} (uncalled bets excluded)"
        ru = f"Второй выигрыш засчитывается, только если банк не меньше {m} (без неуравненных ставок)"
        cites: tuple[str, ...] = ("house-natural",)
    else:
        a, b = _second_leg_money(cfg)
        kb_en = (
            "the kill blind counts as money won"
            if not k.kill_blind_is_blind_money
            else "the kill blind counts as blind money"
        )
        kb_ru = (
            "килл-блайнд считается выигрышем"
            if not k.kill_blind_is_blind_money
            else "килл-блайнд считается деньгами блайндов"
        )
        also = f"; {b} in a kill pot" if a != b else ""
        also_ru = f"; {b} в килл-поте" if a != b else ""
        en = f"The second win counts only with at least {a} won beyond the blinds ({kb_en}{also})"
        ru = (
            f"Второй выигрыш засчитывается, только если выиграно не меньше {a} сверх блайндов "
            f"({kb_ru}{also_ru})"
        )
        cites = ("rrop-13.3",) if k.kill_blind_is_blind_money else ("rrop-13.3", "wsop-191")
    if k.second_leg_needs_flop:
        out.append(
            _l(en + ", after a flop.", ru + ", и только после флопа.", *cites, "house-natural")
        )
        if k.walk == "keeps":
            out.append(
                _l(
                    "Win again without a flop (a walk) and you keep your leg.",
                    "Снова выиграли без флопа («прогулка») — «нога» остаётся у вас.",
                    "house-natural",
                )
            )
        else:
            out.append(
                _l(
                    "Win again without a flop (a walk) and the button goes back to the middle.",
                    "Снова выиграли без флопа («прогулка») — баттон возвращается в центр.",
                    "house-natural",
                )
            )
    elif cfg.has_flop:
        out.append(_l(en + ", with or without a flop.", ru + ", с флопом или без.", *cites))
    else:
        out.append(_l(en + ".", ru + ".", *cites))
    less_en, less_ru = (
        ("in a smaller pot", "меньший банк")
        if pot is not None
        else ("with less than that", "меньше этого")
    )
    rule = "house-natural" if pot is not None else "rrop-13.3"
    if k.unqualified_second_win == "keeps-leg":
        out.append(
            _l(
                f"Win again {less_en} and you keep your leg.",
                f"Снова выиграли {less_ru} — «нога» остаётся у вас.",
                rule,
                "rrop-glossary",
            )
        )
    else:
        out.append(
            _l(
                f"Win again {less_en} and the button goes back to the middle.",
                f"Снова выиграли {less_ru} — баттон возвращается в центр.",
                rule,
                "house-button",
            )
        )
    if k.split_with_leg == "keeps":
        out.append(
            _l("A split keeps your leg.", "Разделённый банк сохраняет вашу «ногу».", "rrop-13.4")
        )
    else:
        out.append(
            _l(
                "A split loses your leg: the button goes back to the middle.",
                "Разделённый банк лишает вас «ноги»: баттон возвращается в центр.",
                "house-natural",
            )
        )
    if k.split_by_killer == "kills-again":
        out.append(
            _l(
                "Kill a pot and split it, and you kill again.",
                "Убили банк и разделили его — убиваете снова.",
                "rrop-13.4",
            )
        )
    else:
        out.append(
            _l(
                "Kill a pot and split it, and the button goes back to the middle.",
                "Убили банк и разделили его — баттон возвращается в центр.",
                "house-natural",
            )
        )
    out.append(
        _l(
            "Leave the table with a leg up and you keep it for your return.",
            "Ушли из-за стола с «ногой» — она сохраняется до вашего возвращения.",
            "rrop-13.5",
        )
    )
    return out


def placard_text(cfg: TableConfig, lang: str = "en") -> str:
    return placard(cfg).text(lang)


_CSS = """
body{margin:0;background:#0d2818;color:#f4f1e8;font-family:system-ui,sans-serif}
main{max-width:60rem;margin:0 auto;padding:2.5rem 2rem}
h1{font-size:2.6rem;margin:0 0 1.5rem;color:#ffd75e}
ul{list-style:none;padding:0;margin:0}
li{font-size:1.6rem;line-height:1.35;padding:.55rem 0;border-bottom:1px solid #2f5a40}
.cites{display:block;font-size:.95rem;color:#a9c7b3;font-family:ui-monospace,monospace}
footer{margin-top:1.5rem;font-size:.9rem;color:#a9c7b3}
"""


def placard_html(cfg: TableConfig, lang: str = "en") -> str:
    """One self-contained page (inline CSS, no scripts, no outside files)."""
    p = placard(cfg)
    esc = html.escape
    title = esc(p.title.get(lang) or p.title["en"])
    items = "\n".join(
        f"<li>{esc(line.render(lang))}"
        + (f'<span class="cites">{esc(", ".join(line.cites))}</span>' if line.cites else "")
        + "</li>"
        for line in p.lines
    )
    foot = (
        "Generated by floorkill from the table's configuration. Clauses: Robert's Rules of "
        "Poker (Bob Ciaffone), the house rules, WSOP Live Action Rules."
        if lang != "ru"
        else "Создано floorkill по настройкам стола. Пункты: Правила покера Роберта (Боб Чиаффоне), "
        "правила заведения, правила WSOP Live Action."
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{esc(lang)}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n<main>\n"
        f"<h1>{title}</h1>\n<ul>\n{items}\n</ul>\n<footer>{esc(foot)}</footer>\n"
        "</main>\n</body>\n</html>\n"
    )

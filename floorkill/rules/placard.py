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
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from floorkill.i18n import LANGS, N_, NC_, T_, Amount, Translated, said, tr

from .codes import KillKind, OwedMode, TriggerId
from .config import LOWBALL_GAMES, TableConfig, game_name
from .money import Cents
from .names import safe_text
from .triggers import Trigger, active


class Words(Mapping[str, str]):
    """A placard sentence: a message id and its parameters, read in each language of the
    catalogue (``words["ru"]``). A parameter that is itself a mapping of languages (a
    translated word) is read in the same language, an :class:`Amount` as money."""

    __slots__ = ("msgid", "params")

    def __init__(self, msgid: str, params: Mapping[str, object]) -> None:
        self.msgid = msgid
        self.params = dict(params)

    def __getitem__(self, lang: str) -> str:
        if lang not in LANGS:
            raise KeyError(lang)
        params = {
            key: value[lang] if isinstance(value, Mapping) else said(value, lang)
            for key, value in self.params.items()
        }
        return tr(self.msgid, lang, **params)

    def __iter__(self) -> Iterator[str]:
        return iter(LANGS)

    def __len__(self) -> int:
        return len(LANGS)

    def __hash__(self) -> int:
        return hash((self.msgid, repr(sorted(self.params.items(), key=repr))))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Words):
            return (self.msgid, self.params) == (other.msgid, other.params)
        return super().__eq__(other)


@dataclass(frozen=True, slots=True)
class Line:
    text: Mapping[str, str]
    cites: tuple[str, ...] = ()

    def render(self, lang: str) -> str:
        return self.text.get(lang) or self.text["en"]


@dataclass(frozen=True, slots=True)
class Placard:
    title: Mapping[str, str]
    lines: tuple[Line, ...]

    def text(self, lang: str = "en") -> str:
        out = [self.title.get(lang) or self.title["en"], ""]
        for line in self.lines:
            cites = f"  [{', '.join(line.cites)}]" if line.cites else ""
            out.append(f"- {line.render(lang)}{cites}")
        return "\n".join(out) + "\n"


def _l(msgid: str, *cites: str, **params: object) -> Line:
    return Line(Words(msgid, params), tuple(dict.fromkeys(cites)))


class _Game(Mapping[str, str]):
    """The game's name in each language."""

    def __init__(self, game: str) -> None:
        self.game = game

    def __getitem__(self, lang: str) -> str:
        return game_name(self.game, lang)

    def __iter__(self) -> Iterator[str]:
        return iter(LANGS)

    def __len__(self) -> int:
        return len(LANGS)


def _limits(cfg: TableConfig, limits: tuple[Cents, ...] | None = None) -> str:
    return cfg.stakes_text(limits)


def _second_leg_money(cfg: TableConfig) -> tuple[Amount, Amount]:
    """The beyond-the-blinds minimum in words, ordinary hand and kill pot (rrop-13.3)."""
    spec = cfg.kill.second_leg_minimum
    killed = cfg.killed_limits()
    if spec == "lower-bet":
        low = min if cfg.structure == "spread" else (lambda b: b[0])
        ordinary, in_kill = low(cfg.bets), low(killed)
    elif spec == "upper-bet":
        ordinary, in_kill = max(cfg.bets), max(killed)
    else:
        return Amount(int(spec)), Amount(int(spec))
    return Amount(ordinary), Amount(in_kill)


def placard(cfg: TableConfig) -> Placard:
    kill = cfg.kill
    structure = {
        "fixed": T_("fixed limit"),
        "spread": T_("spread limit"),
    }[cfg.structure]
    title = Words(
        N_("{name}: {game} {stakes}, {structure}"),
        {
            "name": safe_text(cfg.name),
            "game": _Game(cfg.game),
            "stakes": _limits(cfg),
            "structure": structure,
        },
    )
    lines: list[Line] = []
    if cfg.blinds[1]:
        sb, bb = Amount(cfg.blinds[0]), Amount(cfg.blinds[1])
        lines.append(_l(N_("Blinds {sb} and {bb}."), sb=sb, bb=bb))
    else:
        lines.append(_l(N_("No blinds, so no kill."), "house-blind-games"))
    if cfg.joker and cfg.game in LOWBALL_GAMES:  # California lowball (rrop-glossary, JOKER)
        lines.append(
            _l(
                N_("The joker is in: it plays as the lowest rank the hand does not already hold."),
                "joker-1",
                "rrop-glossary",
            )
        )
    elif cfg.joker:
        lines.append(
            _l(
                N_("The joker is in: it counts as an ace, or completes a straight or a flush."),
                "joker-1",
                "joker-2",
            )
        )
    if not cfg.is_kill_game:
        lines.append(
            _l(
                N_(
                    "This game is played without a kill (a different game from the same game with a kill)."
                ),
                "rrop-13.13",
            )
        )
        return Placard(title, tuple(lines))

    blind = Amount(cfg.kill_blind)
    killed = _limits(cfg, cfg.killed_limits())
    if kill.kind == KillKind.FULL:
        lines.append(
            _l(
                N_(
                    "Full kill: the killer posts {blind} (twice the big blind) and the hand plays {killed}."
                ),
                "rrop-13.0",
                "house-kill-defined",
                blind=blind,
                killed=killed,
            )
        )
    else:
        lines.append(
            _l(
                N_(
                    "Half kill: the killer posts {blind} (one and a half big blinds) and the hand plays {killed}."
                ),
                "rrop-13.0",
                blind=blind,
                killed=killed,
            )
        )
    if cfg.structure == "spread":
        lines.append(
            _l(
                N_("In a kill pot both the smallest and the largest bet are raised."),
                "house-spread",
            )
        )

    trig = kill.triggers
    for record in active(trig):  # in the registry's order
        if record.id == TriggerId.TWO_POTS:  # the leg and its house options: several lines
            lines.extend(_two_pots(cfg))
        else:
            lines.append(_trigger_line(cfg, record))
    if not trig:
        lines.append(_l(N_("No kill is ever required here."), "rrop-13.0"))
    else:
        lines.append(
            _l(
                N_("Win the pot you were made to kill and you kill again, for the same amount."),
                "rrop-13.7",
            )
        )

    if kill.voluntary:
        need = Amount(4 * cfg.kill_blind)
        cards: Mapping[str, str] | str = {
            2: Translated(NC_("placard cards", "two"), "placard cards"),
            3: Translated(NC_("placard cards", "three"), "placard cards"),
        }.get(kill.voluntary_cards) or str(kill.voluntary_cards)
        lines.append(
            _l(
                N_(
                    "You may kill voluntarily after seeing your first {cards} cards, before anyone has one more, with at least {need} in front of you (four kill blinds); you then act last on the first round."
                ),
                "rrop-13.10",
                cards=cards,
                need=need,
            )
        )
    else:
        lines.append(_l(N_("No voluntary kills."), "rrop-13.10"))
    lines.append(_l(N_("Only one kill per hand."), "rrop-13.11"))
    if kill.killer_acts == "last":
        lines.append(_l(N_("A required killer acts last on the first round."), "rrop-13.2"))
    else:
        lines.append(_l(N_("A required killer acts in turn."), "rrop-13.2"))
    if kill.killer_in_blind == "both":
        lines.append(
            _l(N_("A killer in a blind posts that blind and the kill; no chopping."), "wsop-200")
        )
    else:
        lines.append(
            _l(
                N_("A killer in a blind posts the kill instead of that blind; no chopping."),
                "wsop-200",
            )
        )
    if kill.new_player == "may-sit":
        lines.append(_l(N_("A new player may play a kill pot."), "wsop-201"))
    else:
        lines.append(
            _l(
                N_("A new player sits out a kill pot unless agreeing to kill the next pot."),
                "rrop-13.12",
            )
        )
    if kill.button_gap == "posts":
        lines.append(
            _l(
                N_(
                    "Sitting down where the blinds have just passed, you may post a big blind "
                    "to be dealt in at once."
                ),
                "room-dealer-button",
            )
        )
    if kill.missed_kill == OwedMode.POST_LATER:
        lines.append(
            _l(
                N_(
                    "A kill you owe must be posted that hand even if you leave; a missed kill is posted at your first hand off the button and the blinds."
                ),
                "rrop-13.6",
                "wsop-197",
            )
        )
    else:
        lines.append(
            _l(
                N_(
                    "A kill you owe must be posted that hand even if you leave; until it is posted you may not play in any game."
                ),
                "rrop-13.6",
            )
        )
    return Placard(title, tuple(lines))


def _trigger_line(cfg: TableConfig, record: Trigger) -> Line:
    """A trigger's placard sentence from its record (``{minimum}``: the pot its option
    asks for; its hi-lo sentence in a hi-lo game), with the clauses it rests on."""
    minimum = Amount(cfg.minimum(record.minimum_option)) if record.minimum_option else ""
    sentence = record.placard_hilo if cfg.hilo and record.placard_hilo else record.placard
    return Line(
        Words(sentence, {"minimum": minimum}),
        tuple(dict.fromkeys((*record.clauses, *record.fired_cites))),
    )


def _two_pots(cfg: TableConfig) -> list[Line]:
    kill = cfg.kill
    out: list[Line] = []
    out.append(
        _l(
            N_(
                "Win two pots in a row and you kill the next hand. The first win gives you a leg up: the kill button face down in front of you."
            ),
            "house-natural",
            "rrop-13.3",
        )
    )
    pot = cfg.second_leg_pot
    # the second win's condition, with or without the flop rule
    params: dict[str, object]
    if pot is not None:
        params = {"minimum": Amount(pot)}
        flop, any_flop, plain = (
            N_(
                "The second win counts only in a pot of at least {minimum} (uncalled bets "
                "excluded), after a flop."
            ),
            N_(
                "The second win counts only in a pot of at least {minimum} (uncalled bets "
                "excluded), with or without a flop."
            ),
            N_(
                "The second win counts only in a pot of at least {minimum} (uncalled bets excluded)."
            ),
        )
        cites: tuple[str, ...] = ("house-natural",)
    else:
        ordinary, in_kill = _second_leg_money(cfg)
        blind_money = (
            T_("the kill blind counts as money won")
            if not kill.kill_blind_is_blind_money
            else T_("the kill blind counts as blind money")
        )
        also = (
            Words(N_("; {amount} in a kill pot"), {"amount": in_kill})
            if ordinary != in_kill
            else ""
        )
        params = {"minimum": ordinary, "blind_money": blind_money, "also": also}
        flop, any_flop, plain = (
            N_(
                "The second win counts only with at least {minimum} won beyond the blinds "
                "({blind_money}{also}), after a flop."
            ),
            N_(
                "The second win counts only with at least {minimum} won beyond the blinds "
                "({blind_money}{also}), with or without a flop."
            ),
            N_(
                "The second win counts only with at least {minimum} won beyond the blinds "
                "({blind_money}{also})."
            ),
        )
        cites = ("rrop-13.3",) if kill.kill_blind_is_blind_money else ("rrop-13.3", "wsop-191")
    if kill.second_leg_needs_flop:
        out.append(_l(flop, *cites, "house-natural", **params))
        if kill.walk == "keeps":
            out.append(
                _l(N_("Win again without a flop (a walk) and you keep your leg."), "house-natural")
            )
        else:
            out.append(
                _l(
                    N_("Win again without a flop (a walk) and the button goes back to the middle."),
                    "house-natural",
                )
            )
    elif cfg.has_flop:
        out.append(_l(any_flop, *cites, **params))
    else:
        out.append(_l(plain, *cites, **params))
    less = (
        Translated(NC_("placard", "in a smaller pot"), "placard")
        if pot is not None
        else Translated(NC_("placard", "with less than that"), "placard")
    )
    rule = "house-natural" if pot is not None else "rrop-13.3"
    if kill.unqualified_second_win == "keeps-leg":
        out.append(
            _l(N_("Win again {less} and you keep your leg."), rule, "rrop-glossary", less=less)
        )
    else:
        out.append(
            _l(
                N_("Win again {less} and the button goes back to the middle."),
                rule,
                "house-button",
                less=less,
            )
        )
    if kill.split_with_leg == "keeps":
        out.append(_l(N_("A split keeps your leg."), "rrop-13.4"))
    else:
        out.append(
            _l(N_("A split loses your leg: the button goes back to the middle."), "house-natural")
        )
    if kill.split_by_killer == "kills-again":
        out.append(_l(N_("Kill a pot and split it, and you kill again."), "rrop-13.4"))
    else:
        out.append(
            _l(
                N_("Kill a pot and split it, and the button goes back to the middle."),
                "house-natural",
            )
        )
    out.append(
        _l(N_("Leave the table with a leg up and you keep it for your return."), "rrop-13.5")
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
    card = placard(cfg)
    esc = html.escape
    title = esc(card.title.get(lang) or card.title["en"])
    items = "\n".join(
        f"<li>{esc(line.render(lang))}"
        + (f'<span class="cites">{esc(", ".join(line.cites))}</span>' if line.cites else "")
        + "</li>"
        for line in card.lines
    )
    foot = tr(
        "Generated by floorkill from the table's configuration. Clauses: Robert's Rules of "
        "Poker (Bob Ciaffone), the house rules, WSOP Live Action Rules.",
        lang,
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{esc(lang)}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n<main>\n"
        f"<h1>{title}</h1>\n<ul>\n{items}\n</ul>\n<footer>{esc(foot)}</footer>\n"
        "</main>\n</body>\n</html>\n"
    )

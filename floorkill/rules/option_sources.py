"""Where every table option comes from: the rulebook sentence behind it (quoted from the
seed in English; the Russian written fresh from the English, since the Russian seed has
meaning-reversing errors — docs/rules.md section 1), what each choice does, and which clauses the
decisions will cite under that choice.

Keyed by the option names of :data:`.config.KILL_OPTIONS` (plus ``kind`` and each
trigger), the same names the table editor's catalogue (:mod:`.options`) uses, so a form
can show, next to each field, ``source(name).quote[lang]``, ``explain(name, value, lang)``
and ``cites(name, value)``. ``SOURCES`` holds ``kind`` and the ``[kill]`` options; a
trigger's entry is built from its record (rules/triggers.py: ``quotes``, ``option``,
``option_off``). Pure data: no Textual, no Rich.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from floorkill.i18n import LANGS, T_, Translated, ptr

from .clauses import HOUSE, ROBERT
from .config import AMOUNT_OPTIONS, KILL_OPTIONS, TRIGGERS
from .triggers import Trigger

AMOUNT = "amount"  # the choices key of "an amount typed in"


@dataclass(frozen=True, slots=True)
class Source:
    """One sentence of a rulebook. ``seed`` is the file in seeds/ (None: a public rulebook
    that is not among the seeds, paraphrased in the project's words)."""

    seed: str | None
    where: Translated
    quote: Translated


@dataclass(frozen=True, slots=True)
class Choice:
    text: Translated
    cites: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OptionSource:
    name: str
    sources: tuple[Source, ...]
    choices: dict[Any, Choice]
    note: Mapping[str, str] = field(default_factory=dict)  # how it works with other options


def _s(seed: str | None, where: Translated, quote: Translated) -> Source:
    return Source(seed, where, quote)


def _c(text: Translated, *cites: str) -> Choice:
    return Choice(text, tuple(cites))


_NATURAL = T_("House rules, winning two consecutive pots")
_ALT = T_("House rules, winning two consecutive pots — Alternate Rule")
_WSOP = T_("WSOP Live Action Rules 2024, Kill Pots (not among the seeds; paraphrased)")


SOURCES: dict[str, OptionSource] = {
    s.name: s
    for s in (
        OptionSource(
            "kind",
            (
                _s(
                    ROBERT,
                    T_("Robert's Rules, Kill Pots, preamble"),
                    T_(
                        "A full kill is double the amount of the big blind, and doubles the betting limits. A half "
                        "kill is one-and-a-half times the big blind, and increases the betting limits by that amount."
                    ),
                ),
                _s(
                    HOUSE,
                    T_("House rules, kill defined"),
                    T_(
                        "(IE, in a $10-$20 game with $5 and $10 Blinds, the player required to kill shall post a "
                        "third blind of $20, and that hand shall be played $20-$40.)"
                    ),
                ),
            ),
            {
                "full": _c(
                    T_("The killer posts 2x the big blind; every limit doubles."),
                    "rrop-13.0",
                    "house-kill-defined",
                ),
                "half": _c(
                    T_("The killer posts 1.5x the big blind; every limit rises by half."),
                    "rrop-13.0",
                ),
                "none": _c(
                    T_("No kill: a different game type from the same game with a kill."),
                    "rrop-13.13",
                ),
            },
        ),
        OptionSource(
            "scoop_minimum",
            (
                _s(
                    ROBERT,
                    T_("Robert's Rules, Kill Pots, rule 8"),
                    T_(
                        "When a player wins both the high and the low pot (\u201cscoops\u201d) in a split-pot game "
                        "with a kill provision, the next hand will be killed only if the pot is at least five "
                        "times the size of the upper limit of the game."
                    ),
                ),
                _s(
                    HOUSE,
                    T_("House rules, scooping high and low"),
                    T_("A player's uncalled bet is not included in determining the pot size."),
                ),
            ),
            {
                "5x-upper": _c(
                    T_("The scoop kills from 5 upper limits (Robert's Rules)."),
                    "rrop-13.8",
                    "house-scoop",
                ),
                "5x-lower": _c(
                    T_("The scoop kills from 5 lower limits (a house choice)."),
                    "rrop-13.8",
                    "house-scoop",
                ),
                AMOUNT: _c(
                    T_("The scoop kills from the amount typed in (a house choice)."),
                    "rrop-13.8",
                    "house-scoop",
                ),
            },
            T_("Uncalled bets never count; the game's own limits are used, not a kill pot's."),
        ),
        OptionSource(
            "big_pot_minimum",
            (
                _s(
                    HOUSE,
                    T_("House rules, winning a big pot"),
                    T_(
                        "Typically the size of the pot required to trigger a kill is five times the upper limit in "
                        "a fixed limit game (IE winning $150 in a$15-$30 game.) Other formulae that can be used are "
                        "five times the lower limit (which is also the amount of the big blind) or an arbitrary "
                        "amount."
                    ),
                ),
            ),
            {
                "5x-upper": _c(
                    T_("A pot of 5 upper limits kills."),
                    "house-big-pot",
                ),
                "5x-lower": _c(
                    T_("A pot of 5 lower limits kills."),
                    "house-big-pot",
                ),
                AMOUNT: _c(
                    T_("A pot of the amount typed in kills."),
                    "house-big-pot",
                ),
            },
        ),
        OptionSource(
            "second_leg_minimum",
            (
                _s(
                    ROBERT,
                    T_("Robert's Rules, Kill Pots, rule 3"),
                    T_(
                        'For the second "leg" to qualify for a kill, you must win at least one full bet for '
                        "whatever limit you are playing, and it cannot be any part of the blind structure."
                    ),
                ),
            ),
            {
                "lower-bet": _c(
                    T_("The second win must take at least one lower bet beyond the blinds."),
                    "rrop-13.3",
                ),
                "upper-bet": _c(
                    T_("The second win must take at least one upper bet beyond the blinds."),
                    "rrop-13.3",
                ),
                AMOUNT: _c(
                    T_("The second win must take at least the amount typed in beyond the blinds."),
                    "rrop-13.3",
                ),
            },
            T_(
                "Measured at the limits actually played that hand. Not used when the second leg "
                "is set to need a pot of a certain size (Second leg: pot at least)."
            ),
        ),
        OptionSource(
            "second_leg_pot",
            (
                _s(
                    HOUSE,
                    _ALT,
                    T_(
                        "A player must win a pot of a certain size to be set by the house for the pot to qualify "
                        "as the second leg of a kill."
                    ),
                ),
            ),
            {
                "none": _c(
                    T_("Off: the second leg is measured by money won beyond the blinds."),
                    "rrop-13.3",
                ),
                "5x-upper": _c(
                    T_("The second leg needs a pot of at least 5 upper limits."),
                    "house-natural",
                ),
                "5x-lower": _c(
                    T_("The second leg needs a pot of at least 5 lower limits."),
                    "house-natural",
                ),
                "5x-big-blind": _c(
                    T_("The second leg needs a pot of at least 5 big blinds."),
                    "house-natural",
                ),
                AMOUNT: _c(
                    T_("The second leg needs a pot of at least the amount typed in."),
                    "house-natural",
                ),
            },
            T_(
                "When set, it replaces the beyond-the-blinds test: the podium asks for the pot "
                "(uncalled bets excluded), measured against the game's own limits and blinds."
            ),
        ),
        OptionSource(
            "second_leg_needs_flop",
            (
                _s(
                    HOUSE,
                    _NATURAL,
                    T_(
                        "For the second leg to qualify for a kill there must be a flop and the player must win at "
                        "least one full bet for whatever limit is being played, which cannot be any part of the "
                        "blind structure."
                    ),
                ),
            ),
            {
                True: _c(
                    T_(
                        "A second win without a flop never kills; the walk option says what happens to "
                        "the leg."
                    ),
                    "house-natural",
                ),
                False: _c(
                    T_("A second win without a flop is weighed like any other (Robert's Rules)."),
                    "rrop-13.3",
                ),
            },
            T_("Only games with a flop (hold'em, Omaha)."),
        ),
        OptionSource(
            "split_with_leg",
            (
                _s(
                    ROBERT,
                    T_("Robert's Rules, Kill Pots, rule 4"),
                    T_(
                        'If a player with one "leg up" splits the next pot, that player still has a "leg up" '
                        "for the next hand."
                    ),
                ),
                _s(
                    HOUSE,
                    _ALT,
                    T_(
                        "If a player with one leg up on a natural kill splits a pot, then the kill button shall "
                        "become neutral;"
                    ),
                ),
            ),
            {
                "keeps": _c(
                    T_("A leg holder who splits keeps the leg."),
                    "rrop-13.4",
                ),
                "neutral": _c(
                    T_("A leg holder who splits loses it: the button goes neutral."),
                    "house-natural",
                ),
            },
        ),
        OptionSource(
            "split_by_killer",
            (
                _s(
                    ROBERT,
                    T_("Robert's Rules, Kill Pots, rule 4"),
                    T_(
                        "If the player who split the pot was the kill in the previous hand, then that player must "
                        "also kill the next pot."
                    ),
                ),
                _s(
                    HOUSE,
                    _ALT,
                    T_(
                        "if a player who killed a previous pot splits the subsequent pot, then the kill button "
                        "shall become neutral."
                    ),
                ),
            ),
            {
                "kills-again": _c(
                    T_("A killer who splits the kill pot kills again."),
                    "rrop-13.4",
                ),
                "neutral": _c(
                    T_("A killer who splits the kill pot: the button goes neutral."),
                    "house-natural",
                ),
            },
        ),
        OptionSource(
            "walk",
            (
                _s(
                    HOUSE,
                    _NATURAL,
                    T_(
                        "When a player has one leg up toward a natural kill and there is no flop then he keeps "
                        "the kill button. This is known as a walk."
                    ),
                ),
                _s(
                    HOUSE,
                    _ALT,
                    T_("In the event of a walk, the kill button becomes neutral."),
                ),
            ),
            {
                "keeps": _c(
                    T_("A leg holder who wins again without a flop keeps the leg."),
                    "house-natural",
                ),
                "neutral": _c(
                    T_(
                        "A leg holder who wins again without a flop loses it: the button goes neutral."
                    ),
                    "house-natural",
                ),
            },
            T_(
                'Applies only with "second leg needs a flop": a walk is a second win the flop rule '
                "stops. Without the flop rule a flopless second win is weighed like any other, "
                "whichever value is chosen here."
            ),
        ),
        OptionSource(
            "unqualified_second_win",
            (
                _s(
                    ROBERT,
                    T_("Robert's Rules, glossary, leg up"),
                    T_(
                        "LEG UP: Being in a situation equivalent to having won the previous pot, and thus liable "
                        "to have to kill the following pot if you win the current pot."
                    ),
                ),
                _s(
                    HOUSE,
                    T_("House rules, kill games, (d)"),
                    T_("d) the previous pot did not meet the monetary requirements for a kill."),
                ),
            ),
            {
                "keeps-leg": _c(
                    T_("A second win too small to kill keeps the leg up."),
                    "rrop-13.3",
                    "rrop-glossary",
                ),
                "neutral": _c(
                    T_("A second win too small to kill: the button goes neutral."),
                    "house-button",
                ),
            },
        ),
        OptionSource(
            "voluntary",
            (
                _s(
                    ROBERT,
                    T_("Robert's Rules, Kill Pots, rule 10"),
                    T_(
                        "In lowball, an optional rule is allowing players to look at their first two cards and "
                        "then opt whether to kill the pot."
                    ),
                ),
            ),
            {
                True: _c(
                    T_(
                        "A player may kill voluntarily (stack at least 4 kill blinds); the killer acts last "
                        "on the first round."
                    ),
                    "rrop-13.10",
                ),
                False: _c(T_("Only required kills."), "rrop-13.0"),
            },
        ),
        OptionSource(
            "voluntary_cards",
            (
                _s(
                    ROBERT,
                    T_("Robert's Rules, Kill Pots, rule 10"),
                    T_(
                        "The pot may no longer be killed if any player in the game has received a third card."
                    ),
                ),
            ),
            {
                2: _c(
                    T_("Declared after seeing two cards (Robert's Rules)."),
                    "rrop-13.10",
                ),
                3: _c(
                    T_(
                        "Declared after seeing three cards (as the Russian text of the rule has it)."
                    ),
                    "rrop-13.10",
                ),
            },
            T_('The Russian text of rule 10 says "two (sometimes three) cards".'),
        ),
        OptionSource(
            "killer_acts",
            (
                _s(
                    ROBERT,
                    T_("Robert's Rules, Kill Pots, rule 2"),
                    T_(
                        "In a kill pot, the killer acts in proper turn (after the person on the immediate right)."
                    ),
                ),
            ),
            {
                "in-turn": _c(
                    T_("A required killer acts in turn."),
                    "rrop-13.2",
                ),
                "last": _c(
                    T_("A required killer acts last on the first round (house practice)."),
                    "rrop-13.2",
                ),
            },
        ),
        OptionSource(
            "kill_blind_is_blind_money",
            (
                _s(
                    ROBERT,
                    T_("Robert's Rules, Kill Pots, rule 3"),
                    T_("...and it cannot be any part of the blind structure."),
                ),
                _s(
                    None,
                    _WSOP,
                    T_(
                        "Rule 191: the kill blind is not part of the blind structure when a second "
                        "leg is qualified."
                    ),
                ),
            ),
            {
                True: _c(
                    T_("The kill blind counts as blind money when a second leg is measured."),
                    "rrop-13.3",
                ),
                False: _c(
                    T_("The kill blind counts as money won (WSOP)."),
                    "wsop-191",
                ),
            },
            T_("Only the wording of the question the podium asks."),
        ),
        OptionSource(
            "new_player",
            (
                _s(
                    ROBERT,
                    T_("Robert's Rules, Kill Pots, rule 12"),
                    T_(
                        "A new player is not entitled to play in a killed pot, but may do so by agreeing to kill "
                        "the next pot."
                    ),
                ),
                _s(
                    None,
                    _WSOP,
                    T_("Rule 201: a new player may sit into a kill pot."),
                ),
            ),
            {
                "must-agree": _c(
                    T_("A new player sits out a kill pot unless agreeing to kill the next one."),
                    "rrop-13.12",
                ),
                "may-sit": _c(
                    T_("A new player may play a kill pot (WSOP)."),
                    "wsop-201",
                ),
            },
        ),
        OptionSource(
            "missed_kill",
            (
                _s(
                    ROBERT,
                    T_("Robert's Rules, Kill Pots, rule 6"),
                    T_(
                        "A player who fails to post a required kill blind will not be allowed to participate in "
                        "any game until the kill money is posted."
                    ),
                ),
                _s(
                    None,
                    _WSOP,
                    T_(
                        "Rule 197: a missed kill is posted at the first chance off the button "
                        "and the blinds."
                    ),
                ),
            ),
            {
                "barred": _c(
                    T_("An unposted kill bars the player from every game until it is paid."),
                    "rrop-13.6",
                ),
                "post-later": _c(
                    T_(
                        "An unposted kill is owed and posted at the first hand off the button and "
                        "blinds (WSOP)."
                    ),
                    "wsop-197",
                ),
            },
        ),
        OptionSource(
            "killer_in_blind",
            (
                _s(
                    HOUSE,
                    T_("House rules, kill defined"),
                    T_("the player required to kill shall post a third blind of $20"),
                ),
                _s(
                    None,
                    _WSOP,
                    T_("Rule 200: no chopping when the kill is in a blind."),
                ),
            ),
            {
                "replaces": _c(
                    T_("A killer in a blind posts the kill in place of that blind."),
                    "wsop-200",
                ),
                "both": _c(
                    T_("A killer in a blind posts that blind and the kill."),
                    "wsop-200",
                ),
            },
            T_("The rulebooks are silent; rooms differ."),
        ),
        OptionSource(
            "button_gap",
            (
                _s(
                    ROBERT,
                    T_("Robert's Rules, Kill Pots, preamble"),
                    T_(
                        "A kill may be optional in a game, and is often used at lowball when a player "
                        "wants to be dealt in right away instead of waiting to take the big blind."
                    ),
                ),
                _s(
                    None,
                    T_(
                        "Cardroom practice, button and blind use (Robert's Rules of Poker; paraphrased)"
                    ),
                    T_(
                        "A new player either waits for the big blind or posts an amount equal to it "
                        "and is dealt in at once; the button moves forward one seat a hand."
                    ),
                ),
            ),
            {
                "waits": _c(
                    T_(
                        "A player sitting down or coming back where the blinds have just passed "
                        "waits until the button has passed the seat."
                    ),
                    "room-dealer-button",
                ),
                "posts": _c(
                    T_(
                        "Such a player posts a big blind and is dealt in at once; the button and "
                        "the blinds pass the seat by until the button has gone round."
                    ),
                    "room-dealer-button",
                ),
            },
            T_(
                "Either way the button never moves backwards and nobody posts the same blind two "
                "hands running because someone sat down."
            ),
        ),
    )
}


def _trigger_source(record: Trigger) -> OptionSource:
    """A trigger's entry, from its record (rules/triggers.py): in ``triggers`` or not."""
    return OptionSource(
        record.id,
        tuple(
            Source(quote.seed, Translated(quote.where), Translated(quote.text))
            for quote in record.quotes
        ),
        {
            True: Choice(Translated(record.option), record.cites_when_on),
            False: Choice(Translated(record.option_off), ("rrop-13.0",)),
        },
    )


def source(name: str) -> OptionSource:
    """The catalogue entry of an option (``kind``, a trigger, or a ``[kill]`` option); a
    trigger's is read from its record, so one registered later has its entry too."""
    entry = SOURCES.get(name)
    if entry is None and name in TRIGGERS:
        return _trigger_source(TRIGGERS[name])
    if entry is None:
        raise KeyError(name)
    return entry


def _key(name: str, value: Any) -> Any:
    entry = source(name)
    if value in entry.choices and not (
        isinstance(value, int) and not isinstance(value, bool) and name in AMOUNT_OPTIONS
    ):
        return value
    if name in AMOUNT_OPTIONS and AMOUNT in entry.choices:
        return AMOUNT
    raise KeyError(f"{name}: no choice {value!r}")


def explain(name: str, value: Any, lang: str = "en") -> str:
    """What choosing ``value`` for ``name`` does, in player-neutral floor words."""
    text = source(name).choices[_key(name, value)].text
    return text.get(lang) or text["en"]


def cites(name: str, value: Any) -> tuple[str, ...]:
    """The clauses the decisions will cite under that choice."""
    return source(name).choices[_key(name, value)].cites


def options() -> tuple[str, ...]:
    """Every name the catalogue covers: kind, the triggers, then the [kill] options."""
    return ("kind", *TRIGGERS, *KILL_OPTIONS)


def describe(name: str, value: Any, lang: str = "en") -> tuple[str, ...]:
    """What a form shows beside an option set to ``value``: each source sentence with where
    it comes from, what this choice does with the clauses it cites, and the option's note
    (how it works with the others). Plain text lines."""
    entry = source(name)
    lang = lang if lang in LANGS else "en"
    out = [
        ptr(
            "quotation",
            "\u201c{quote}\u201d — {where}",
            lang,
            quote=src.quote[lang],
            where=src.where[lang],
        )
        for src in entry.sources
    ]
    out.append(f"{explain(name, value, lang)} [{', '.join(cites(name, value))}]")
    if entry.note:
        out.append(entry.note[lang])
    return tuple(out)

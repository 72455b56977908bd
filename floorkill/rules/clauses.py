"""The clause catalogue: every rule floorkill cites, in its own words.

Each decision the rules model makes carries one or more clause ids (see
``docs/rules.md`` section 1).  This module maps those ids to a short
title and a summary: English message ids of the one gettext catalogue, read in each of its
languages.  The summaries paraphrase the
source documents; they are not the rulebook text.  Russian summaries are
written from the English meaning, not taken from the loose Russian
translation of Robert's Rules (which reverses the meaning of rule 6, among
other errors).

Pure Python, standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorkill.i18n import LANGS, T_, Translated

__all__ = [
    "Clause",
    "CLAUSES",
    "CREDIT",
    "LANGS",
    "clause",
    "summary",
    "title",
]


_GIST_ONLY = "gist only; full text not verified"
# the seed files the table editor's rulebook sentences are quoted from
# (rules/option_sources.py, rules/triggers.py; tests/rules/test_option_sources.py finds
# each quote in its file)
ROBERT = "robert-rules-kill-pots-en.txt"
HOUSE = "house-rules-spread-limit-and-kill-games.txt"


@dataclass(frozen=True, slots=True)
class Clause:
    id: str  # e.g. "rrop-13.4"
    source: str  # where the rule comes from, human-readable
    title: Translated  # title["ru"]: the catalogue's words in that language
    summary: Translated  # our own words, in each language of the catalogue
    source_note: str = ""


CREDIT = T_(
    "Clause summaries paraphrase Robert's Rules of Poker by Bob Ciaffone "
    "(free to use with credit to the rulebook and its author), plus a "
    "cardroom's house rules for kill games and the WSOP Live Action Rules. "
    "They are floorkill's own wording, not the official text."
)

_RROP = "Robert's Rules of Poker (Bob Ciaffone), Kill Pots"
_HOUSE = "House rules (cardroom)"
_JOKER = "Robert's Rules of Poker (Bob Ciaffone), The Joker"
_WSOP = "WSOP Live Action Rules 2024, Kill Pots"


def _c(
    id: str,
    source: str,
    title: Translated,
    summary: Translated,
    source_note: str = "",
) -> Clause:
    return Clause(id=id, source=source, title=title, summary=summary, source_note=source_note)


_ALL: tuple[Clause, ...] = (
    # ------------------------------------------------------------------
    # Robert's Rules of Poker, chapter 13 "Kill Pots"
    # ------------------------------------------------------------------
    _c(
        "rrop-13.0",
        f"{_RROP}, preamble",
        T_("What a kill is"),
        T_(
            "Killing a pot means posting an overblind, an oversized blind that raises "
            "the stakes of that hand. A full kill is 2x the big blind and doubles every "
            "betting limit; a half kill is 1.5x the big blind and multiplies the limits "
            "by 1.5. A kill may be optional (common in lowball, so a newcomer can be "
            "dealt in at once rather than wait for the big blind) or required when a "
            "set event happens: in hi-lo games, scooping a pot above a set size; in "
            "other games, winning two pots in a row. In two-pot games the kill button "
            "marks the last pot's winner, who holds it until the following hand is "
            "over; if that player wins again and the pot qualifies on money, they must "
            "kill the next pot."
        ),
    ),
    _c(
        "rrop-13.1a",
        f"{_RROP}, rule 1(a)",
        T_("Neutral button: a new game"),
        T_(
            "On the first hand of a new game the kill button is neutral: it belongs to "
            "no player. Nobody holds a leg up and no kill is pending until someone "
            "wins a pot."
        ),
    ),
    _c(
        "rrop-13.1b",
        f"{_RROP}, rule 1(b)",
        T_("Neutral button: the last winner quit"),
        T_(
            "When the player who won the previous pot has quit the game, the kill "
            "button becomes neutral and nobody inherits that leg. A player who only "
            "steps away from the table keeps the leg (rule 5), and one who quits while "
            "owing a kill still has to post it (rule 6)."
        ),
    ),
    _c(
        "rrop-13.1c",
        f"{_RROP}, rule 1(c)",
        T_("Neutral button: split pot, no button holder"),
        T_(
            "When the previous pot was split and none of the players who shared it "
            "held the kill button, the button becomes neutral. Sharing a pot never "
            "gives a player a new leg up. If one of the players in the split did hold "
            "the button, rule 4 applies instead."
        ),
    ),
    _c(
        "rrop-13.2",
        f"{_RROP}, rule 2",
        T_("The killer acts in turn"),
        T_(
            "In a killed pot the killer gets no special position: they act in normal "
            "rotation, right after the player on their right. The kill blind is "
            "simply one more blind in the order of action. (Many houses let the "
            "killer act last before the flop; floorkill offers that as a house "
            "option, and rule 10 calls for it with voluntary lowball kills.)"
        ),
    ),
    _c(
        "rrop-13.3",
        f"{_RROP}, rule 3",
        T_("First and second leg"),
        T_(
            "The first leg has no pot-size requirement: winning any pot gives the "
            "winner a leg up. The second consecutive win triggers a kill only if the "
            "winner takes in at least one full bet at the stakes being played, "
            "counting none of the blind money (floorkill uses the lower bet unless "
            "the house sets another amount). A second win that falls short does not "
            "kill the next pot; read with the glossary's 'leg up', the winner simply "
            "keeps a leg up."
        ),
    ),
    _c(
        "rrop-13.4",
        f"{_RROP}, rule 4",
        T_("Splitting with a leg up"),
        T_(
            "A player with a leg up who shares the next pot still has the leg up for "
            "the hand after. A killer who shares the killed pot must kill the next "
            "pot as well. The other players in the split gain no leg from it. (House "
            "alternate, offered as an option: either kind of split makes the button "
            "neutral.)"
        ),
    ),
    _c(
        "rrop-13.5",
        f"{_RROP}, rule 5",
        T_("Leaving with a leg up"),
        T_(
            "A player who steps away from the table while holding a leg up still has "
            "it on coming back; missed hands do not cancel it. floorkill hands the "
            "button back at once if it is neutral on the player's return, otherwise "
            "the next time it would become neutral."
        ),
    ),
    _c(
        "rrop-13.6",
        f"{_RROP}, rule 6",
        T_("An owed kill must be posted"),
        T_(
            "A player who owes a required kill has to post it on that very hand, even "
            "when they would rather quit the game or be dealt out of the hand. Anyone "
            "who fails to post a required kill blind is barred from every game in the "
            "room until the kill money has been paid."
        ),
    ),
    _c(
        "rrop-13.7",
        f"{_RROP}, rule 7",
        T_("Kill money plays; the killer kills again"),
        T_(
            "The kill blind is part of the pot, like the other blinds, and goes to "
            "whoever wins it. If a player who posted a required kill wins again, they "
            "must kill the next pot too, for the same amount as before. floorkill "
            "applies this to required kills only: a voluntary killer who wins gets an "
            "ordinary leg."
        ),
    ),
    _c(
        "rrop-13.8",
        f"{_RROP}, rule 8",
        T_("A scoop kills only a big pot"),
        T_(
            "In a hi-lo split game played with a kill, scooping (taking both the high "
            "and the low half) kills the next hand only when that pot was at least "
            "five times the game's upper limit, e.g. $100 or more in a $10-$20 game. "
            "A smaller scoop does not kill. The limit used is the game's own, not the "
            "raised limit of a killed hand."
        ),
    ),
    _c(
        "rrop-13.9",
        f"{_RROP}, rule 9",
        T_("Putting in too little in a kill pot"),
        T_(
            "A player who did not notice the pot was killed may put in less than the "
            "kill stakes call for. If it is a required kill, with the kill button "
            "face up in the pot, the player must make the amount right. In any other "
            "case the player may take those chips back and rethink the action."
        ),
    ),
    _c(
        "rrop-13.10",
        f"{_RROP}, rule 10",
        T_("Voluntary kill in lowball"),
        T_(
            "As an optional lowball rule, a player may look at their first two cards "
            "and then decide to kill the pot. The chance is gone once any player has "
            "been dealt a third card. Before posting, the voluntary killer needs a "
            "stack of no less than four times the kill blind (big blind 2, kill 4: at "
            "least 16). Where this rule is used, the voluntary killer acts last on "
            "the first betting round instead of in turn."
        ),
    ),
    _c(
        "rrop-13.11",
        f"{_RROP}, rule 11",
        T_("One kill per deal"),
        T_(
            "A deal can be killed only once. No second kill blind, voluntary or "
            "required, may be added to a hand that is already killed; a player who "
            "agrees to kill (rule 12) does it on a later hand."
        ),
    ),
    _c(
        "rrop-13.12",
        f"{_RROP}, rule 12",
        T_("A new player and a killed pot"),
        T_(
            "A player who is new to the game has no right to play a hand that has "
            "been killed. They can be dealt into it only by agreeing to kill the "
            "following pot."
        ),
    ),
    _c(
        "rrop-13.13",
        f"{_RROP}, rule 13",
        T_("Kill games and broken-game priority"),
        T_(
            "Broken-game priority goes only to players from a game of the same limit "
            "and type. A game with a required kill counts as a different type from "
            "the same game without one, so players from one get no broken-game "
            "priority for the other."
        ),
    ),
    _c(
        "rrop-glossary",
        "Robert's Rules of Poker (Bob Ciaffone), Glossary: kill, kill button, "
        "kill pot, leg up, overblind, scoop, joker, California lowball, "
        "Kansas City lowball",
        T_("Glossary terms"),
        T_(
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
            "where 7-5-4-3-2 is best and straights and flushes hurt the hand."
        ),
    ),
    # ------------------------------------------------------------------
    # A cardroom's house rules (with "Alternate Rule" variants)
    # ------------------------------------------------------------------
    _c(
        "house-spread",
        f"{_HOUSE}, Spread Limit Poker",
        T_("Spread-limit kills"),
        T_(
            "In spread-limit (unstructured) games a bet may be any amount between a "
            "minimum and a maximum for the round. When such a game is killed, both "
            "ends of the spread go up, not only the top: $2-$6 becomes $4-$12 with a "
            "full kill, and $1-$4-$8-$8 becomes $2-$8-$16-$16."
        ),
    ),
    _c(
        "house-blind-games",
        f"{_HOUSE}, Kill Pot Games",
        T_("Only blind games have kills"),
        T_(
            "Any game played with blinds may be played with a kill, and only such "
            "games may. Games opened by antes and a bring-in (stud, stud hi-lo, razz) "
            "cannot be set up with a kill. A kill game says so on its table sign and "
            "has a kill button on the table or in the dealer's tray."
        ),
    ),
    _c(
        "house-kill-defined",
        f"{_HOUSE}, Kill Defined",
        T_("The kill blind and doubled limits"),
        T_(
            "When a trigger set in advance happens (typically two pots in a row, a "
            "hi-lo scoop, or a pot above a set size), the player responsible, the "
            "killer, must post an extra blind on the next hand worth twice the "
            "regular big blind, and every limit of that hand doubles. Example: at "
            "$10-$20 with blinds of $5 and $10, the killer puts up a third blind of "
            "$20 and the hand is played $20-$40. The small and big blinds stay as "
            "they are."
        ),
    ),
    _c(
        "house-natural",
        f"{_HOUSE}, Winning Two Consecutive Pots (Natural Kill)",
        T_("Natural kill: two pots in a row"),
        T_(
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
            "button (Alternate Rule: a walk makes the button neutral)."
        ),
    ),
    _c(
        "house-scoop",
        f"{_HOUSE}, Scooping High and Low",
        T_("Scoop kill"),
        T_(
            "In a hi-lo game with a kill, taking both the high and the low half, "
            "whether at showdown or because nobody called the last bet, kills the "
            "next pot, but only if the whole pot is at least five times the game's "
            "upper limit (so $100 at $10-$20). The scooper's own uncalled bet is "
            "left out when the pot is measured."
        ),
    ),
    _c(
        "house-big-pot",
        f"{_HOUSE}, Winning a Big Pot",
        T_("Big-pot kill"),
        T_(
            "A house may make winning a large pot the kill trigger: the winner of a "
            "pot of at least the set size posts a double live blind and the next "
            "hand is played for double stakes. The usual threshold in fixed limit is "
            "five times the upper limit ($150 in a $15-$30 game); other choices are "
            "five times the lower limit (the size of the big blind) or a flat amount, "
            "such as $50 in a $2-$10 spread or $1-$4-$8-$8 game. The figure is "
            "management's call."
        ),
    ),
    _c(
        "house-button",
        f"{_HOUSE}, Kill Games",
        T_("The kill button's three statuses"),
        T_(
            "The kill button is either neutral, leg up (face down in front of the "
            "last pot's winner, who keeps it until the hand is over) or killed (in "
            "the pot with KILL face up). If the leg-up player wins a second pot in a "
            "row and it meets the money requirement, they must kill the next pot. "
            "The button is neutral when (a) a new game starts; (b) the last pot's "
            "winner has quit; (c) the last pot was split and no one in the split had "
            "the button (Alternate Rule: neutral after any split, button holder or "
            "not); or (d) the last pot fell short of the money requirement for a "
            "kill."
        ),
    ),
    # ------------------------------------------------------------------
    # The joker
    # ------------------------------------------------------------------
    _c(
        "joker-1",
        f"{_JOKER}, rule 1",
        T_("The joker is announced"),
        T_(
            "Players must be told whether the joker is in use in the game. floorkill "
            "allows the joker only in ace-to-five lowball and draw high. In "
            "ace-to-five (California) lowball the joker is the lowest rank the hand "
            "does not already hold (glossary); the rules that follow are draw high's."
        ),
    ),
    _c(
        "joker-2",
        f"{_JOKER}, rule 2",
        T_("The joker is only partly wild"),
        T_(
            "In draw high the joker is not a fully wild card: it can stand only for "
            "an ace, or fill in a straight, a flush or a straight flush. Otherwise it "
            "plays as an ace, so K-K-7-7 with the joker is two pair with an ace "
            "kicker. (In lowball it is the lowest rank missing from the hand.)"
        ),
    ),
    _c(
        "joker-3",
        f"{_JOKER}, rule 3",
        T_("The joker in a flush"),
        T_(
            "When the joker completes a flush it counts as the highest card of that "
            "suit the hand does not already contain. With the ace of hearts in hand, "
            "for instance, the joker in a heart flush plays as the king of hearts."
        ),
    ),
    _c(
        "joker-4",
        f"{_JOKER}, rule 4",
        T_("Five aces"),
        T_(
            "Four aces together with the joker make five aces, the best hand there "
            "is. It ranks above every other hand, a royal flush included."
        ),
    ),
    # ------------------------------------------------------------------
    # WSOP Live Action Rules 2024, "Kill Pots" -- only the rules docs/rules.md
    # gives a gist for; their full text could not be verified.
    # ------------------------------------------------------------------
    _c(
        "wsop-190",
        f"{_WSOP}, rule 190",
        T_("Killer acts in turn; no bring-in in stud kills"),
        T_(
            "Under the WSOP rules the killer acts in normal rotation rather than "
            "last. In a stud-type kill game there is no bring-in on a killed hand. "
            "This summary rests on the project spec's gist, not on the rulebook text."
        ),
        _GIST_ONLY,
    ),
    _c(
        "wsop-191",
        f"{_WSOP}, rule 191",
        T_("The kill blind is not blind money for a leg"),
        T_(
            "When deciding whether a win qualifies as a leg, the kill blind is not "
            "treated as part of the blind structure, so kill money can count toward "
            "the full bet the winner must take in beyond the blinds. Robert's Rules "
            "leave all blind money out; floorkill offers the WSOP reading as a house "
            "option. This summary rests on the project spec's gist."
        ),
        _GIST_ONLY,
    ),
    _c(
        "wsop-196",
        f"{_WSOP}, rule 196",
        T_("Wrong bet in an announced kill pot"),
        T_(
            "Once a kill has been announced, a bet made at the wrong (unkilled) size "
            "must be corrected to the kill stakes, or else it is forfeited. This "
            "summary rests on the project spec's gist, not on the rulebook text."
        ),
        _GIST_ONLY,
    ),
    _c(
        "wsop-197",
        f"{_WSOP}, rule 197",
        T_("A missed kill is posted later"),
        T_(
            "A player who misses a kill they owe posts it at the first chance they "
            "are dealt in from a seat that is neither the button nor a blind. "
            "floorkill offers this as the post-later house option in place of "
            "barring the player (Robert's Rules, rule 6). This summary rests on the "
            "project spec's gist."
        ),
        _GIST_ONLY,
    ),
    _c(
        "wsop-199",
        f"{_WSOP}, rule 199",
        T_("No straddle in a kill pot"),
        T_(
            "Straddling is not allowed in a killed pot; the kill blind is the only "
            "extra blind on that hand. This summary rests on the project spec's "
            "gist, not on the rulebook text."
        ),
        _GIST_ONLY,
    ),
    _c(
        "wsop-200",
        f"{_WSOP}, rule 200",
        T_("No chopping when the kill is in a blind"),
        T_(
            "When the kill is posted from the small or the big blind, the blinds may "
            "not agree to chop (take their blinds back when nobody else enters the "
            "pot). This summary rests on the project spec's gist, not on the "
            "rulebook text."
        ),
        _GIST_ONLY,
    ),
    _c(
        "wsop-201",
        f"{_WSOP}, rule 201",
        T_("A new player may sit into a kill pot"),
        T_(
            "A newly seated player may be dealt into a killed pot without agreeing "
            "to kill the next one, unlike Robert's Rules, rule 12. floorkill offers "
            "this as the may-sit house option. This summary rests on the project "
            "spec's gist."
        ),
        _GIST_ONLY,
    ),
    _c(
        "wsop-202",
        f"{_WSOP}, rule 202",
        T_("Buying the button in a kill game"),
        T_(
            "A player may buy the button in a kill game, except when the kill is in "
            "one of the blinds. This summary rests on the project spec's gist, not "
            "on the rulebook text."
        ),
        _GIST_ONLY,
    ),
    # ------------------------------------------------------------------
    # Cardroom practice for the dealer button (outside the kill chapter)
    _c(
        "room-dealer-button",
        "Cardroom practice for the dealer button (Robert's Rules of Poker, button and blind use)",
        T_("The dealer button never moves backwards"),
        T_(
            "The dealer button moves forward one seat each hand and the blinds with it. "
            "A player who sits down, or comes back, between the last dealer and the "
            "coming big blind is not given the button or a blind out of turn: they wait "
            "until the button has passed their seat, so nobody posts the same blind two "
            "hands running because someone sat down. Where the house allows, they post a "
            "big blind instead and are dealt in at once, the button and the blinds passing "
            "the seat by."
        ),
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
            near = [cid for cid in CLAUSES if prefix and cid.startswith(prefix)]
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

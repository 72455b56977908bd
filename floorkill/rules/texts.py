"""Decision and refusal texts: message keys (what a decision stores) and their English
message ids in the one gettext catalogue (``floorkill/locale/<lang>/LC_MESSAGES``).

Templates use ``str.format`` fields; values (player names) are plain data and are
never interpreted as markup here or anywhere else.

Russian texts never depend on the player's gender (tests/rules/test_russian_texts.py):
a player's name is the subject of a present-tense verb ("{name} выигрывает банк"), stands
before a colon ("{name}: килл $40 не поставлен"), follows a noun ("у игрока {name}") or
stands for its seat ("место 3 ({name})"); never a past-tense verb, a short adjective or a
pronoun agreeing with the player. Names are never declined. A count takes the language's
plural form (:data:`PLURAL_PARAMS` names the count; ``ngettext`` picks the form). An
amount is stored as its cents and written the language's way when said ("$40", "40 $",
"4,50 $": :data:`MONEY_PARAMS`); limits keep the room's "$20-$40".
"""

from __future__ import annotations

import re
from typing import Any

from floorkill.i18n import N_, NC_, NN_, Phrase, gettext, money, ngettext, pgettext

from .money import dollars

MESSAGES: dict[str, str | tuple[str, str]] = {
    # --- refusals: the shape of an event ---------------------------------------
    "not-an-event": N_("an event must be a table of fields"),
    "missing-field": N_("missing field '{field}'"),
    "bad-seat": N_("{value} is not a seat number (1 to {seats})"),
    "seat-out-of-range": N_("there is no seat {seat} at this table (seats 1 to {seats})"),
    "empty-seats": N_("'{field}' names no seat"),
    "seat-twice": N_("'{field}' names a seat twice"),
    "bad-bool": N_("'{field}' must be true or false, not {value}"),
    "bad-amount": N_("'{field}': {reason}"),
    "bad-number": N_("'{field}' must be a whole number from {lo} to {hi}, not {value}"),
    "unknown-type": N_("unknown event type {value} (one of: {types})"),
    "unknown-field": N_("'{field}' is not a field of a {type} event (fields: {allowed})"),
    "bad-name": N_("{reason}"),
    "bad-cards-dealt": N_("cards_dealt ({dealt}) is less than cards_seen ({seen})"),
    "low-without-high": N_("'low' needs 'high' too"),
    "hand-needs-one-result": N_(
        "a hand needs exactly one of: winner, winners, high (with low), showdown"
    ),
    "bad-showdown": N_('showdown must be {{ board = "...", hands = {{ 3 = "As Ks", ... }} }}'),
    "bad-cards": N_("cards: {reason}"),
    "board-contradicts-flop": N_(
        "the showdown board has three or more cards, so the hand saw the flop: flop = false contradicts it"
    ),
    "high-low-not-hilo": N_("high and low winners only exist in hi-lo games; {game} has one pot"),
    # --- refusals: the rules -------------------------------------------------------
    "too-few-players": N_("fewer than two players are dealt in"),
    "no-winner": N_("the hand names no winner"),
    "seat-empty": N_("seat {seat} is empty"),
    "not-dealt-in": N_("seat {seat} {name} was not dealt in ({why})"),
    "qualify-disagree": N_(
        "won_beyond_blinds and qualifies disagree (one full bet here is {minimum})"
    ),
    "missed-killer-won": N_(
        "seat {seat} {name} did not post the required kill, so was not dealt in and cannot have won"
    ),
    "pot-needed": N_("this hand needs the pot size (uncalled bets excluded): a kill depends on it"),
    "second-leg-question": N_(
        "second leg for seat {seat} {name}: did the winner win at least {minimum} beyond the "
        "blind money? Give won_beyond_blinds or qualifies"
    ),
    "second-leg-pot-question": N_(
        "second leg for seat {seat} {name}: was the pot at least {minimum} (uncalled bets "
        "excluded)? Give pot or qualifies"
    ),
    "qualify-disagree-pot": N_(
        "pot and qualifies disagree (the second leg here needs a pot of at least {minimum})"
    ),
    "voluntary-off": N_("this table does not allow voluntary kills"),
    "one-kill-per-deal": N_(
        "this hand is already killed by seat {seat} {name}: only one kill per deal"
    ),
    "voluntary-too-many-seen": NN_(
        "a voluntary kill must be declared after seeing at most {allowed} cards (seen {seen})",
        "a voluntary kill must be declared after seeing at most {allowed} cards (seen {seen})",
    ),
    "voluntary-closed": N_(
        "too late: a player has received card {dealt}; the pot can no longer be killed"
    ),
    "voluntary-stack-unknown": N_(
        "record seat {seat}'s stack first: a voluntary kill needs at least {need} = 4 × {blind}"
    ),
    "voluntary-stack-short": N_("stack {stack}, needs {need} = 4 × {blind}"),
    "seat-taken": N_("seat {seat} is taken by {name}"),
    "move-same-seat": N_("a move needs two different seats (from and to are both {seat})"),
    "seat-held": N_(
        "seat {seat} is held: {name} posted the kill and left; it is free after this hand"
    ),
    "name-taken": N_("{name} is already seated at seat {seat}"),
    "join-barred": N_(
        "{name} owes a kill of {amount} ({table}) and may not play until it is posted"
    ),
    "already-away": N_("seat {seat} {name} is already away"),
    "not-away": N_("seat {seat} {name} is not away"),
    "back-barred": N_("{name} owes a kill of {amount}: pay it before coming back"),
    "nothing-owed": N_("{name} owes no kill here"),
    "owed-kill-being-posted": N_(
        "{name}'s owed kill of {amount} is being posted this hand: it is paid by that "
        "post, not paid again (record the hand with kill_posted = false if it was not posted)"
    ),
    "table-closed": N_("this table is closed: reopen it before entering a {type} event"),
    "table-closed-already": N_("this table is already closed"),
    "table-open-already": N_("this table is open: only a closed table can be reopened"),
    "closed": NN_(
        "table closed after {hands} hands (nothing is deleted; reopen to go on)",
        "table closed after {hands} hands (nothing is deleted; reopen to go on)",
    ),
    "closed-kill-kept": NN_(
        "table closed after {hands} hands; the coming kill by seat {seat} {name} stands if it is reopened",
        "table closed after {hands} hands; the coming kill by seat {seat} {name} stands if it is reopened",
    ),
    "closed-leg-kept": NN_(
        "table closed after {hands} hands; seat {seat} {name} keeps the leg if it is reopened",
        "table closed after {hands} hands; seat {seat} {name} keeps the leg if it is reopened",
    ),
    "reopened": NN_(
        "table reopened after {hands} hands",
        "table reopened after {hands} hands",
    ),
    "underpost-not-killed": N_("the coming hand is not a kill pot"),
    "void-no-record": N_("there is no record {seq} to undo"),
    "void-of-void": N_("record {seq} is itself an undo; enter the event again instead"),
    "void-twice": N_("record {seq} is already undone"),
    "void-needs-reason": N_("an undo needs a reason"),
    "void-corrected": N_(
        "record {record} was corrected by record {newest}: undo or correct record {newest}"
    ),
    "void-breaks": N_("undoing it would make later records impossible: {records}"),
    # --- corrections ----------------------------------------------------------------
    "correct-bad-record": N_("'{field}' must name records by number, not {value}"),
    "correct-no-record": N_("there is no record {record} to correct (records 1 to {last})"),
    "correct-bad-event": N_(
        "'event' must be the replacement event in full, or \"none\" to strike the record (not {type})"
    ),
    "correct-settle-not-later": N_(
        "record {record} is not later than the corrected record {corrected}"
    ),
    "correct-settle-twice": N_("a record is both struck and kept"),
    "bad-seal": N_("a seal's head is the chain head HASH@SEQ, its report a file name"),
    "correct-of-seal": N_(
        "record {record} is the shift's seal: it is the journal's, not an entry to correct"
    ),
    "correct-bad-answer": N_(
        "'answers': each names a later record of play once, with only the fields a question "
        "of the rules fills ({types})"
    ),
    "correct-bad-reason": N_(
        "a correction's reason and floorperson are text of at most {most} characters"
    ),
    "correct-of-void": N_("record {record} is an undo; enter the event again instead"),
    "correct-of-refused": N_("record {record} was refused and never applied"),
    "correct-of-voided": N_("record {record} is undone; enter the event again instead"),
    "correct-of-struck": N_(
        "record {record} was struck by the correction at record {by}: correct that one"
    ),
    "correct-not-newest": N_(
        "record {record} was corrected by record {newest}: correct record {newest}"
    ),
    "correct-refused": N_("the replacement for record {record} does not apply there: {reason}"),
    "correct-unsettled": N_(
        "the correction makes later records impossible: {records}; strike or keep each"
    ),
    "corrected": N_("record {record} corrected"),
    "fix-hand": N_("hand {hand}: {before} → {after}"),
    "fix-hand-from": N_("hand {hand}: {before} ({name}, seat {seat}) → {after}"),
    "fix-hand-to": N_("hand {hand}: {before} → {after} ({player}, seat {to_seat})"),
    "fix-hand-both": N_(
        "hand {hand}: {before} ({name}, seat {seat}) → {after} ({player}, seat {to_seat})"
    ),
    "fix-ruling": N_("record {record} ({type}): the ruling changes"),
    "fix-struck": N_("record {record} ({type}) struck"),
    "fix-bar-lifted": N_("bar on {name} lifted (no kill of {amount} owed)"),
    "fix-bar-new": N_("{name} barred: owes a kill of {amount}"),
    "fix-impossible": N_("record {record} ({type}) no longer applies: {reason}"),
    # --- rulings ------------------------------------------------------------------
    "ruling-not-killed": N_("The coming hand is not a kill pot: normal limits and blinds"),
    "ruling-killer-not-in-blind": N_(
        "{name} posts the kill of {amount} as an extra blind; the blinds post as usual"
    ),
    "ruling-killer-in-blind-replaces": N_(
        "{name} is in the {which}: posts the kill in place of that blind ({amount} in all); no chopping in this pot"
    ),
    "ruling-killer-in-blind-both": N_(
        "{name} is in the {which}: posts that blind and the kill ({amount} in all); no chopping in this pot"
    ),
    "ruling-same-game": N_("{a} and {b} are the same game type: broken-game status carries over"),
    "ruling-different-game": N_(
        "{a} and {b} are different game types (the {why} differ): no broken-game status between them"
    ),
    "ruling-already-killed": N_(
        "This deal is already killed by {name} for {amount}: no second kill"
    ),
    "ruling-no-kill-yet": N_("No kill on this deal yet: one kill at most may be posted"),
    # --- decisions -------------------------------------------------------------
    "leg-up": N_(
        "{name} won the pot and has a leg up: the kill button goes face down in front of them"
    ),
    "kill-trigger": N_("{name} must kill the next hand: posts {amount}, limits are raised"),
    "second-leg-kill": N_(
        "{name} won a second pot in a row that qualifies: must kill the next hand for {amount}"
    ),
    "second-leg-short": N_(
        "{name} won again but less than {minimum} beyond the blinds: keeps the leg up, no kill"
    ),
    "second-leg-short-neutral": N_(
        "{name} won again but less than {minimum} beyond the blinds: the button goes neutral"
    ),
    "second-leg-pot-kill": N_(
        "{name} won a second pot in a row of at least {minimum} (house rule): must kill the next hand for {amount}"
    ),
    "second-leg-pot-short": N_(
        "{name} won again but the pot was under {minimum}: keeps the leg up, no kill"
    ),
    "second-leg-pot-short-neutral": N_(
        "{name} won again but the pot was under {minimum}: the button goes neutral"
    ),
    "walk-keeps": N_("{name} won without a flop (a walk): keeps the kill button, no kill"),
    "walk-neutral": N_("{name} won without a flop (a walk): the button goes neutral"),
    "kill-again": N_("{name} killed the pot and won it: must kill again for {amount}"),
    "killer-split-kills-again": N_(
        "{name} killed the pot and split it: must kill again for {amount}"
    ),
    "killer-split-neutral": N_("{name} killed the pot and split it: the button goes neutral"),
    "killer-scoop-too-small": N_(
        "{name} won the kill pot but it was under {minimum}: the button goes neutral"
    ),
    "split-no-kill": N_(
        "{name} killed the pot but shared it: only a sole winner of a pot big enough kills, so no kill; the button is neutral"
    ),
    "split-neutral": N_("The pot was split and no splitter had the kill button: it goes neutral"),
    "split-keeps-leg": N_("{name} split the pot and keeps the leg up"),
    "split-leg-neutral": N_("{name} split the pot: under the house rule the button goes neutral"),
    "no-kill-small-pot": N_("{name} won the pot, under {minimum}: no kill, the button is neutral"),
    "no-required-kill": N_(
        "{name} won the pot; this table has no required kill, so the button is neutral for the next hand"
    ),
    "barred": N_(
        "{name} did not post the required kill of {amount}: barred from every game until it is posted"
    ),
    "owes-later": N_(
        "{name} did not post the kill of {amount}: owes it at the first hand off the button and blinds"
    ),
    "owed-kill-posted": N_("{name} posts the owed kill of {amount} this hand"),
    "voluntary-kill": N_(
        "{name} kills the pot voluntarily for {amount} and acts last on the first round"
    ),
    "new-player-sits-out-kill": N_(
        "{name} has not yet been dealt a hand here and the coming hand is a kill pot: not dealt in"
    ),
    "new-player-sits-out": N_(
        "{name} sits down into a kill pot: not dealt in unless agreeing to kill the next pot"
    ),
    "new-player-may-sit": N_("{name} sits down and may play the kill pot (house rule)"),
    "agrees-to-kill": N_(
        "{name} is dealt into the kill pot and agrees to kill the next pot for {amount}"
    ),
    "agreed-kill": N_("{name} kills this pot as agreed when sitting down: posts {amount}"),
    "agreement-waits": N_(
        "The next hand already has a required kill (one kill per deal): {name}'s agreed kill waits for the first hand without one"
    ),
    "voluntary-not-posted": N_(
        "{name} did not post the voluntary kill: the hand was played at the ordinary limits, the leg stays where it was, and nobody is barred (only a required kill must be posted)"
    ),
    "kill-gone-leg-stays": N_(
        "No kill this hand: {name} keeps the leg up; the hand is played at the ordinary limits"
    ),
    "kill-gone-neutral": N_(
        "No kill this hand: the button is neutral and the hand is played at the ordinary limits"
    ),
    "agreement-lapses-quit": N_("{name} left before the kill pot: the agreement to kill lapses"),
    "kill-stays-quit": N_(
        "{name} leaves but the kill of {amount} stays in the pot: this hand is still a kill pot"
    ),
    "kill-stays-away": N_(
        "{name} steps away but the kill of {amount} stays in the pot: this hand is still a kill pot"
    ),
    "voluntary-withdrawn": N_("{name} withdraws the voluntary kill; nobody is barred for it"),
    "leg-holder-quit": N_("{name}, the last winner, quit the game: the button goes neutral"),
    "shows": N_("{name} shows {value} and {outcome}{joker}"),
    "leg-holder-quit-killed": N_(
        "{name}, the last winner, quit the game: the leg is gone; {killer}'s kill of this hand stands"
    ),
    "leg-kept-away": N_("{name} steps away with a leg up and keeps it for the return"),
    "leg-returns": N_("{name} is back with a leg up: the kill button is placed in front of them"),
    "leg-credit-used": N_(
        "{name} has the kill button again: the leg kept from stepping away is used up (a credit comes back once, not on a later neutral button)"
    ),
    "leg-credit-waits": N_(
        "{name} is back with a leg up: gets the kill button the next time it is neutral"
    ),
    "posts-to-come-in": N_(
        "{name} sits where the blinds have just passed: posts a big blind of {amount} to be "
        "dealt in at once; the button and the blinds pass the seat by until the button has gone "
        "round"
    ),
    "waits-for-the-button": N_(
        "{name} sits between the dealer button and the big blind: not dealt in until the "
        "button has passed (the button never moves backwards)"
    ),
    "moved": N_(
        "{name} moves from seat {from} to seat {to}: a seat change is not quitting the "
        "game, so the leg, a leg credit, an owed kill and away status go along"
    ),
    "kill-paid": N_("{name} posted the owed kill of {amount}"),
    "must-complete": N_(
        "{name} must complete: the pot is killed by {killer} (button face up), limits {limits}"
    ),
    "may-withdraw": N_(
        "{name} may withdraw the chips and reconsider: the kill by {killer} was voluntary, limits {limits}"
    ),
}


# Word-valued parameters (never names) that are translated too, in the context "decision
# word" (the same English word may read otherwise elsewhere: "small blind" here is "on the
# small blind").
TRANSLATED_PARAMS = ("which", "why", "before", "after")
WORDS: dict[str, str] = {
    # ruling-killer-in-blind-*: "{name} на {which}: ..."
    "small blind": NC_("decision word", "small blind"),
    "big blind": NC_("decision word", "big blind"),
    # ruling-different-game: what makes two games different types
    "kill": NC_("decision word", "kill provisions"),
    "game": NC_("decision word", "games"),
    "limits": NC_("decision word", "limits"),
    # not-dealt-in: why a seat was not dealt in
    "away": NC_("decision word", "away"),
    "barred": NC_("decision word", "barred"),
    "sitting out the kill pot": NC_("decision word", "sitting out the kill pot"),
    "waiting for the dealer button": NC_("decision word", "waiting for the dealer button"),
    # fix-hand: the kill button before and after a correction
    "kill pot": NC_("decision word", "kill pot"),
    "leg up": NC_("decision word", "leg up"),
    "neutral": NC_("decision word", "neutral"),
}
# A decision about "the player" at a seat nobody sits in (a ruling asked on an empty seat).
NOBODY = NC_("decision word", "the player")
# Messages with a count: the parameter that chooses the plural form. The English singular
# is the plural's text ("after 1 hands"), as written before: every journal row stores its
# decisions' English text, and verify compares it with what the rules say.
PLURAL_PARAMS = {
    "voluntary-too-many-seen": "allowed",
    "closed": "hands",
    "closed-kill-kept": "hands",
    "closed-leg-kept": "hands",
    "reopened": "hands",
}


# Parameters that hold one amount, in cents (rules version 6 on), written the language's way
# when said: "$4.50", Russian "4,50 $", "12 500 $" (floorkill.i18n.money, as the status line
# and the report write them). Limits ("$20-$40") stay as the room writes stakes everywhere.
MONEY_PARAMS = frozenset(("amount", "minimum", "need", "blind", "stack"))
# Rules versions whose rows stored an amount as the text the rules wrote then ("$40",
# "$4.50", "-$5"), not its cents.
AMOUNTS_AS_TEXT = ("1", "2", "3", "4", "5")
_STORED_AMOUNT = re.compile(r"(-?)\$(\d+)(?:\.(\d\d))?")


def _cents_of_stored(text: str) -> int | None:
    """The cents of an amount as a row before rules version 6 stored it (exactly what
    :func:`floorkill.rules.money.dollars` wrote), else None."""
    found = _STORED_AMOUNT.fullmatch(text)
    if found is None:
        return None
    cents = int(found.group(2)) * 100 + int(found.group(3) or 0)
    return -cents if found.group(1) else cents


def read_stored(params: tuple[Any, ...]) -> tuple[Any, ...]:
    """A stored decision's params as the rules hold them today: an amount a row before
    rules version 6 stored as text ("$40") is its cents again."""
    out = []
    changed = False
    for name, value in params:
        if name in MONEY_PARAMS and isinstance(value, str):
            cents = _cents_of_stored(value)
            if cents is not None:
                value, changed = cents, True
        out.append((name, value))
    return tuple(out) if changed else params


def is_cents(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def template(key: str, params: dict[str, Any], lang: str = "en") -> str | None:
    """The message ``key`` in ``lang`` (its plural form for the count in ``params``)."""
    entry = MESSAGES.get(key)
    if entry is None:
        return None
    if isinstance(entry, tuple):
        count = params.get(PLURAL_PARAMS[key])
        number = count if isinstance(count, int) else 0
        return ngettext(entry[0], entry[1], number, lang)
    return gettext(entry, lang)


def render(key: str, params: dict[str, Any], lang: str = "en") -> str:
    text = template(key, params, lang)
    if text is None:
        return key
    if key == "shows":
        params = _shows_params(params, lang)
    for name in TRANSLATED_PARAMS:
        value = params.get(name)
        if isinstance(value, str) and value in WORDS:
            params = {**params, name: pgettext("decision word", WORDS[value], lang)}
    if any(isinstance(given, Phrase) for given in params.values()):  # a reason: said in ``lang``
        params = {
            param: given.text(lang) if isinstance(given, Phrase) else given
            for param, given in params.items()
        }
    if not MONEY_PARAMS.isdisjoint(params):
        params = {
            param: money(given, lang) if param in MONEY_PARAMS and is_cents(given) else given
            for param, given in params.items()
        }
    if "name" in params and params["name"] is None:
        params = {**params, "name": pgettext("decision word", NOBODY, lang)}
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return template(key, params) or key


_OUTCOME = {
    "win": NC_("showdown outcome", "wins the pot"),
    "split": NC_("showdown outcome", "splits the pot"),
    "lose": NC_("showdown outcome", "does not win"),
    "scoop": NC_("showdown outcome", "scoops the pot, high and low"),
    "scoop-no-low": NC_("showdown outcome", "scoops the pot: no hand qualifies for low"),
    "takes-high": NC_("showdown outcome", "takes the high half"),
    "shares-high": NC_("showdown outcome", "shares the high half"),
    "takes-low": NC_("showdown outcome", "takes the low half"),
    "shares-low": NC_("showdown outcome", "shares the low half"),
    "no-low-half": NC_("showdown outcome", "no hand qualifies for low"),
    "nothing": NC_("showdown outcome", "wins nothing"),
    "and": NC_("showdown outcome", " and "),
    "; ": NC_("showdown outcome", "; "),
}


def outcome_keys(hilo: bool, high: str | None, low: str | None, scoop: bool, no_low: bool) -> str:
    """What one hand took at a showdown, as the :data:`_OUTCOME` keys a decision stores
    (space-separated): ``high`` / ``low`` are "takes", "shares" or None."""
    if not hilo:
        return "win" if high == "takes" else "split" if high == "shares" else "lose"
    if scoop:
        return "scoop-no-low" if no_low else "scoop"
    parts = [f"{high}-high"] if high else []
    if low:
        parts.append(f"{low}-low")
    if not parts:
        return "nothing"
    if high and no_low:
        parts.append("no-low-half")
    return " ".join(parts)


def outcome_words(keys: str, lang: str = "en") -> str:
    """:func:`outcome_keys`' keys in words: "takes the high half and shares the low half"."""

    def w(key: str) -> str:
        return pgettext("showdown outcome", _OUTCOME[key], lang)

    parts = keys.split()
    tail = w("; ") + w("no-low-half") if parts[-1:] == ["no-low-half"] and len(parts) > 1 else ""
    if tail:
        parts.pop()
    return w("and").join(w(part) for part in parts) + tail


def _shows_params(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """A ``shows`` decision's words in ``lang``: the hand's value, how the joker played and
    what it took, from the language-neutral params (rules version 4 on); a decision stored
    before holds the words in English and Russian (``value_en``, ``value_ru``, ...)."""
    if "value_en" in params:
        suffix = lang if f"value_{lang}" in params else "en"
        return {
            **params,
            **{
                field: params.get(f"{field}_{suffix}", "")
                for field in ("value", "outcome", "joker")
            },
        }
    from floorkill.cards.hand_value import JokerUse, value_words

    value = value_words(params["kind"], params["key"], lang)
    if params.get("low_key") is not None:
        value += "; " + value_words("a5", params["low_key"], lang)
    joker = ""
    if params.get("joker"):
        joker = f" ({JokerUse(params['joker'], params['joker_as'], ()).text(lang)})"
    return {
        **params,
        "value": value,
        "joker": joker,
        "outcome": outcome_words(params["outcome"], lang),
    }


def stored_under(decision_params: tuple[Any, ...], key: str, rules: str) -> tuple[Any, ...]:
    """A decision's params as rules version ``rules`` stored them: an amount before version
    6 as its text ("$40"), a ``shows`` decision before version 4 its words in English and
    Russian."""
    if rules in AMOUNTS_AS_TEXT and not MONEY_PARAMS.isdisjoint(
        param for param, _ in decision_params
    ):
        decision_params = tuple(
            (param, dollars(value) if param in MONEY_PARAMS and is_cents(value) else value)
            for param, value in decision_params
        )
    if key != "shows" or rules not in ("1", "2", "3"):
        return decision_params
    params = dict(decision_params)
    if "value_en" in params:
        return decision_params
    words = {lang: _shows_params(params, lang) for lang in ("en", "ru")}
    return (
        ("name", params["name"]),
        ("value_en", words["en"]["value"]),
        ("value_ru", words["ru"]["value"]),
        ("joker_en", words["en"]["joker"]),
        ("joker_ru", words["ru"]["joker"]),
        ("outcome_en", words["en"]["outcome"]),
        ("outcome_ru", words["ru"]["outcome"]),
    )


# The questions the rules ask and what is pending (kept in their own module).
from .floor_texts import FLOOR_MESSAGES as _FLOOR_MESSAGES  # noqa: E402

MESSAGES.update(_FLOOR_MESSAGES)

"""Good Russian for any player: every text the rules model builds — decisions,
refusals, questions and their answers, what is pending, rulings, the room's questions —
reads as Russian a floorperson would write, and never depends on the player's gender.

Two passes, both for players with women's, men's and either-gender names (Latin and
Cyrillic):

* every message template in :data:`floorkill.rules.texts.MESSAGES`, rendered with each name
  (so a new template is checked the day it is written);
* the texts of many real states: the shipped sample tables replayed, and a seeded random
  walk (hands, splits, hi-lo halves, unanswered questions, joins, away/back/quit with and
  without the kill, voluntary kills, debts paid, closed tables, bars at other tables) over
  ten tables that between them switch on every house option. Every decision code and every
  decision, question, pending and ruling text key must be met.

A Russian text fails on a Latin word that is not a player or table name, a clause id, card
or game notation or a word of the short allow-list below; on a past-tense verb right after
a player's name ("Zoë Hart выиграл"); on gendered words (обязан, должна, вернулся …) and
on pronouns standing for the player ("перед ним"). An English text fails on any Cyrillic
outside the names.
"""

from __future__ import annotations

import ast
import random
import re
import string
from pathlib import Path

import pytest
from helpers import table_doc

from floorkill.cards._core import parse_codes
from floorkill.cards.evaluate import best_high
from floorkill.i18n import ngettext
from floorkill.rules import Refusal, apply, initial_state, load_table_file, rulings
from floorkill.rules import room as room_rules
from floorkill.rules.clauses import CLAUSES
from floorkill.rules.config import config_from_dict
from floorkill.rules.corrections import FIELDS as CORRECT_FIELDS
from floorkill.rules.corrections import History, impact
from floorkill.rules.events import EVENT_TYPES, FIELDS
from floorkill.rules.names import name_key
from floorkill.rules.pending import pending
from floorkill.rules.placard import placard
from floorkill.rules.questions import needs
from floorkill.rules.table_diff import setup_changes
from floorkill.rules.texts import MESSAGES, WORDS, render, template
from floorkill.rules.whatif import summary, what_if

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "floorkill" / "rules"

WOMEN = ("Zoë Hart", "Наталья Смирнова", "Ольга Петрова")
MEN = ("Marcus Bell", "Иван Петров", "Kwame Mensah")
EITHER = ("Sasha Kim", "Саша Ли", "Robin Moreau")
NAMES = WOMEN + MEN + EITHER
TABLES = ("Table 12", "Table 9", "Стол 3")

# Latin words a Russian text may hold besides names and notation: what is typed (the
# answer keys y/n, the k- shorthand of the hand line, event field names and values of a
# table file quoted by its refusals).
ALLOWED_LATIN = {
    "y",
    "n",
    "k",
    "true",
    "false",
    "winner",
    "winners",
    "high",
    "low",
    "showdown",
    "board",
    "hands",
    "pot",
    "flop",
    "won_beyond_blinds",
    "qualifies",
    "kill_posted",
    "cards_dealt",
    "cards_seen",
    "room",
    "player",
    "owes",
    "table",
    "WSOP",
    "none",  # a correction's event = "none"
    "correct",
    *CORRECT_FIELDS,
    *EVENT_TYPES,
    *(f for fields in FIELDS.values() for f in fields),
}
CLAUSE_ID = re.compile("|".join(re.escape(c) for c in sorted(CLAUSES, key=len, reverse=True)))
MONEY = re.compile(r"\$[\d.,]+")
STAKES = re.compile(
    r"\$\d[\d.]*(?:-\$?\d[\d.]*)+|\$\d[\d.]*/\$\d[\d.]*"
)  # $20-$40, $1-4-8-8, $5/$10
ENGLISH_AMOUNT = re.compile(r"\$\d")  # Russian: "40 $", "4,50 $"
CARDS = re.compile(r"(?<![A-Za-z])(?:10|[2-9TJQKA])[shdc](?![A-Za-z])|\bJk\b")  # As Ks 10h Jk
RANK_OR_SUIT = re.compile(r"(?<![A-Za-z])[TJQKAcdhs](?![A-Za-z])")  # "ранги … T J Q K A"
CODE_POINT = re.compile(r"U\+[0-9A-F]{4,6}")
RANKS = re.compile(r"(?<![A-Za-z])[2-9TJQKA](?:-[2-9TJQKA])+(?![A-Za-z])")  # A-K-9, 2-7
GAME_NOTATION = re.compile(r"\b8/b\b|\bA-5\b")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z_-]*")
QUOTED = re.compile(r"'[^']*'")  # what a file said, quoted: data
CYRILLIC = re.compile(r"[\u0400-\u04FF]")

# gendered words: a verb in the past, a short adjective or participle, agreeing with a player
GENDERED = re.compile(
    r"(?<![\w-])(?:"
    + "|".join(
        (
            "обязан",
            "обязана",
            "должен",
            "должна",
            "согласен",
            "согласна",
            "выиграл",
            "выиграла",
            "проиграл",
            "проиграла",
            "вернулся",
            "вернулась",
            "ушёл",
            "ушел",
            "ушла",
            "отошёл",
            "отошел",
            "отошла",
            "поставил",
            "поставила",
            "внёс",
            "внес",
            "внесла",
            "убил",
            "убила",
            "разделил",
            "разделила",
            "сел",
            "села",
            "отстранён",
            "отстранена",
            "отстранённый",
            "отстранённая",
            "готов",
            "готова",
        )
    )
    + r")(?![\w-])",
    re.IGNORECASE,
)
PRONOUNS = re.compile(
    r"(?<![\w-])(?:перед (?:ним|ней)|у (?:него|неё|нее)|(?:он|она) (?:же )?\w+л[аи]?)"
    r"(?![\w-])",
    re.IGNORECASE,
)
READER = re.compile(
    r"(?<![\w-])вы\s+\w+\s+(?:последним|первым)(?![\w-])", re.IGNORECASE
)  # "вы ходите последним"
PAST = re.compile(r"\w+(?:л|ла|ли|лся|лась)$")


# ---------------------------------------------------------------------------
# the checks


def _strip(text: str, names) -> str:
    for n in sorted(names, key=len, reverse=True):
        if n:
            text = text.replace(n, " ")
    return text


NOT_VERBS = {"ли", "если", "сначала", "мало", "килл", "стол"}


def russian_problems(text: str, names, tables=()) -> list[str]:
    problems = []
    rest = _strip(text, (*names, *tables))
    rest = QUOTED.sub(" ", rest)
    if ENGLISH_AMOUNT.search(STAKES.sub(" ", rest)):
        problems.append("an amount in English notation ($40): Russian writes 40 $")
    for pattern in (
        QUOTED,
        CLAUSE_ID,
        MONEY,
        CARDS,
        RANKS,
        GAME_NOTATION,
        RANK_OR_SUIT,
        CODE_POINT,
    ):
        rest = pattern.sub(" ", rest)
    latin = [w for w in LATIN_WORD.findall(rest) if w.rstrip("-") not in ALLOWED_LATIN]
    if latin:
        problems.append(f"Latin words {latin}")
    for m in GENDERED.finditer(text):
        problems.append(f"gendered word {m.group(0)!r}")
    for m in READER.finditer(text):
        problems.append(f"an adjective agreeing with the reader {m.group(0)!r}")
    for m in PRONOUNS.finditer(text):
        problems.append(f"pronoun for a player {m.group(0)!r}")
    for n in names:
        start = 0
        while n and (i := text.find(n, start)) >= 0:
            start = i + len(n)
            # the next word, past "не", "уже"... (a name in brackets stands for its seat;
            # "был ли флоп" asks about what follows)
            after = re.match(
                r"[\s,:—–-]*((?:(?:не|уже|снова|ещё|тоже)\s+)*)([\w-]+)(\s+ли\b)?", text[start:]
            )
            word = after.group(2).lower() if after and not after.group(3) else ""
            if word not in NOT_VERBS and PAST.search(word):
                problems.append(f"past tense after {n!r}: {after.group(2)!r}")
    return problems


def english_problems(text: str, names) -> list[str]:
    rest = _strip(text, names)
    return [f"Cyrillic in English: {rest!r}"] if CYRILLIC.search(rest) else []


class Texts:
    """Everything met: the texts with the names they may hold, and the keys and codes."""

    def __init__(self) -> None:
        self.keys: set[str] = set()
        self.codes: set[str] = set()
        self.failures: list[str] = []
        self.count = 0

    def check(self, key: str, en: str, ru: str, names) -> None:
        self.keys.add(key)
        self.count += 1
        names = tuple(n for n in names if isinstance(n, str))
        for p in russian_problems(ru, names, TABLES):
            self.failures.append(f"{key}: {p}\n    ru: {ru}")
        for p in english_problems(en, names + TABLES):
            self.failures.append(f"{key}: {p}\n    en: {en}")
        if not ru.strip() or not en.strip():
            self.failures.append(f"{key}: empty text")

    def decision(self, d, names) -> None:
        self.codes.add(d.code)
        self.check(d.key, d.text("en"), d.text("ru"), names)

    def refusal(self, r: Refusal, names) -> None:
        self.check(r.key, r.text("en"), r.text("ru"), names)

    def question(self, q, names) -> None:
        self.check(q.key, q.text("en"), q.text("ru"), names)
        why = dict(q.params).get("why")
        if isinstance(why, tuple):
            self.keys.update(k for k, _m in why)
        for a in q.answers:
            for d in a.decisions:
                self.decision(d, names)


# ---------------------------------------------------------------------------
# 1. every template, with every name

SAMPLE_PARAMS = {
    "seat": 3,
    "seats": 9,
    "value": "'x'",
    "field": "pot",
    "reason": "…",
    "lo": 0,
    "hi": 10,
    "types": "hand, join",
    "type": "hand",
    "allowed": 2,
    "seen": 3,
    "dealt": 3,
    "minimum": 2000,  # amounts: cents, as the rules store them
    "amount": 4000,
    "need": 8000,
    "blind": 2000,
    "stack": 6000,
    "table": "Table 9",
    "limits": "$20-$40",
    "seq": 7,
    "game": "holdem",
    "a": "Table 12",
    "b": "Table 9",
    "high": "3",
    # a showdown's hand, language-neutral (two pair, aces and kings; the joker as the ace)
    "kind": "high",
    "key": best_high(parse_codes("As Ad Ks Kd 7c")),
    "outcome": "takes-high shares-low no-low-half",
    "joker": "ace",
    "joker_as": "A",
    # corrections
    "record": 12,
    "records": "14, 17",
    "last": 20,
    "newest": 21,
    "by": 22,
    "corrected": 12,
    "most": 500,
    "hand": 33,
    "before": "kill pot",
    "after": "leg up",
    "to_seat": 6,
    # seat changes
    "from": 2,
    "to": 5,
}
TEMPLATE_KEYS = sorted(MESSAGES)


def _fields(template: str) -> set[str]:
    return {f for _t, f, _s, _c in string.Formatter().parse(template) if f}


@pytest.mark.parametrize("key", TEMPLATE_KEYS)
def test_every_template_reads_well_for_any_player(key):
    english = template(key, {}, "en") or ""
    texts = Texts()
    fields = _fields(english) | _fields(template(key, {}, "ru") or "")
    unknown = fields - set(SAMPLE_PARAMS) - {"name", "killer", "player", "hands", "why", "which"}
    assert not unknown, f"{key}: give the test a sample value for {unknown}"
    whys = [w for w in WORDS] if "why" in fields else [None]
    whiches = ["small blind", "big blind"] if "which" in fields else [None]
    for i, name in enumerate(NAMES):
        other = NAMES[(i + 4) % len(NAMES)]
        for hands in (1, 2, 5, 11, 21, 104) if "hands" in fields else (1,):
            for why in whys:
                for which in whiches:
                    params = {
                        **SAMPLE_PARAMS,
                        "name": name,
                        "player": name,
                        "killer": other,
                        "hands": hands,
                        "why": why,
                        "which": which,
                    }
                    en, ru = render(key, dict(params), "en"), render(key, dict(params), "ru")
                    # render() falls back to the raw English template when one fails
                    raw = template(key, params, "en")
                    assert en != raw or not fields, f"{key}: the English template failed"
                    assert ru != raw or not fields, f"{key}: the Russian template failed"
                    texts.check(key, en, ru, (name, other))
    assert not texts.failures, "\n".join(texts.failures[:20])


def test_russian_plurals():
    assert [
        ngettext("{n} hand", "{n} hands", n, "ru").format(n="").strip()
        for n in (0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112)
    ] == [
        "раздач",
        "раздача",
        "раздачи",
        "раздачи",
        "раздач",
        "раздач",
        "раздач",
        "раздач",
        "раздача",
        "раздачи",
        "раздач",
        "раздача",
        "раздач",
        "раздач",
    ]


def test_the_checks_catch_what_they_are_for():
    """The checks themselves: each kind of mistake the old texts made is caught."""
    names = ("Zoë Hart",)
    assert russian_problems("Zoë Hart выиграл банк", names)
    assert russian_problems("Zoë Hart не поставила килл", names)
    assert russian_problems("место 3 (Zoë Hart) обязано", names) == []
    assert russian_problems("Seat 3 Zoë Hart ставит 40 $", names)
    assert russian_problems("Zoë Hart ставит $40", names)
    assert (
        russian_problems(
            "Zoë Hart ставит 4,50\u00a0$; лимиты $20-$40, $1-4-8-8, блайнды $5/$10", names
        )
        == []
    )
    assert russian_problems("Zoë Hart обязан убить", names)
    assert russian_problems("килл-баттон кладётся перед ним", names)
    assert russian_problems("тогда вы ходите последним в первом круге", names)
    assert (
        russian_problems("Zoë Hart: обязательный килл — 40 $ [rrop-13.3], As Ks, A-K-9, y/n", names)
        == []
    )
    assert english_problems("Zoë Hart posts Наталья", names)
    assert english_problems("Наталья posts", ("Наталья",)) == []


# ---------------------------------------------------------------------------
# 2. real states


def _players(names):
    """Every other player with a stack written down."""
    return [(seat, name, 100) if seat % 2 else (seat, name) for seat, name in names]


SEATED = list(
    zip((1, 2, 3, 4, 5, 6), (WOMEN[0], MEN[0], EITHER[0], WOMEN[1], MEN[1], EITHER[1]), strict=True)
)
JOINERS = [WOMEN[2], MEN[2], EITHER[2]]

CONFIGS = {
    "robert": dict(game="holdem"),
    "house-alternate-half-last": dict(
        game="holdem", kind="half", preset="house-alternate", killer_acts="last"
    ),
    "house-pot": dict(game="holdem", preset="house-pot"),
    "wsop-voluntary": dict(game="holdem", preset="wsop", voluntary=True, killer_in_blind="both"),
    "omaha8-scoop": dict(
        game="omaha8", kind="half", triggers=("scoop",), bets=(20, 40), blinds=(10, 20)
    ),
    "big-pot": dict(game="holdem", triggers=("big-pot",), button_gap="posts"),
    "two-pots-and-big-pot-flop": dict(
        game="holdem", triggers=("two-pots", "big-pot"), second_leg_needs_flop=True
    ),
    "lowball-voluntary-post-later": dict(
        game="lowball-a5",
        voluntary=True,
        voluntary_cards=3,
        missed_kill="post-later",
        bets=(2, 4),
        blinds=(1, 2),
    ),
    "no-triggers": dict(game="holdem", triggers=()),
    "second-leg-pot-keeps": dict(game="holdem", second_leg_pot="5x-lower"),
    "omaha8-two-pots": dict(
        game="omaha8",
        triggers=("two-pots", "scoop"),
        bets=(20, 40),
        blinds=(10, 20),
        kill_blind_is_blind_money=False,
    ),
}


def _config(name):
    kw = dict(CONFIGS[name])
    game = kw.pop("game")
    tf = config_from_dict(table_doc(game, players=_players(SEATED), name="Table 12", **kw))
    return tf


class Walk:
    """A seeded random walk over one table: mostly sensible events, each first asked of
    :func:`needs` (the questions and what each answer decides), then applied; the texts of
    every decision, refusal, pending line and ruling go to ``texts``."""

    def __init__(self, tf, seed: int, texts: Texts) -> None:
        self.rng = random.Random(seed)
        self.state = initial_state(tf.config, tf.players)
        self.texts = texts

    # -- helpers ------------------------------------------------------------------
    def names(self):
        return tuple(p.name for p in self.state.players if p is not None) + NAMES

    def seated(self):
        return [p.seat for p in self.state.players if p is not None]

    def attempt(self, raw, elsewhere=None, state=None, keep=True):
        st = self.state if state is None else state
        try:
            for q in needs(st, raw, elsewhere):
                self.texts.question(q, self.names())
        except Refusal as r:
            self.texts.refusal(r, self.names())
        try:
            applied = apply(st, raw, elsewhere)
        except Refusal as r:
            self.texts.refusal(r, self.names())
            return None
        for d in applied.decisions:
            self.texts.decision(d, self.names())
        if keep:
            self.state = applied.state
        return applied

    def look(self):
        st, rng = self.state, self.rng
        for d in pending(st):
            self.texts.decision(d, self.names())
        seat = rng.choice(self.seated() + [st.config.seats])  # the last may be empty
        for d in (
            *rulings.short_post(st, seat),
            *rulings.killer_in_blind(st),
            *rulings.one_kill_per_deal(st),
        ):
            self.texts.decision(d, self.names())

    # -- events -------------------------------------------------------------------
    def hand(self):
        st, rng = self.state, self.rng
        cfg = st.config
        dealt = list(st.dealt_in()) or self.seated()
        if not dealt:
            return
        b = st.button
        favour = [s for s in (b.seat, b.leg_seat) if s in dealt]
        raw: dict = {"type": "hand"}
        form = rng.choice(["winner"] * 5 + ["winners"] * 2 + (["high"] * 3 if cfg.hilo else []))
        if form == "winner":
            raw["winner"] = rng.choice(dealt + favour * 3)
        elif form == "winners":
            raw["winners"] = rng.sample(dealt, min(len(dealt), rng.choice([2, 2, 3])))
            if favour and rng.random() < 0.5 and favour[0] not in raw["winners"]:
                raw["winners"][0] = favour[0]
        else:
            raw["high"] = rng.sample(dealt + favour * 2, 1)
            pick = rng.random()
            if pick < 0.3:
                raw["low"] = list(raw["high"])
            elif pick < 0.5:
                raw["low"] = []
            elif pick < 0.8:
                raw["low"] = [rng.choice(dealt)]
            # else: nothing said of the low -> the rules ask
        if rng.random() < 0.6:
            raw["pot"] = rng.choice([20, 60, 100, 150, 200, 400])
        if rng.random() < 0.3:
            raw["flop"] = rng.random() < 0.6
        if b.killed and rng.random() < 0.2:
            raw["kill_posted"] = False
        if rng.random() < 0.15:  # entered without the answers: refused
            self.attempt(dict(raw), keep=False)
        if rng.random() < 0.05:
            self.attempt({"type": "hand", "winner": self._empty_seat() or 1}, keep=False)
        for _ in range(4):  # the questions, answered one by one
            try:
                asked = [q for q in needs(st, raw) if q.ask]
            except Refusal:
                asked = []
            if not asked:
                break
            q = asked[0]
            self.texts.question(q, self.names())
            if q.kind == "low":
                raw["low"] = []
            elif q.kind == "pot" and not q.answers:
                raw["pot"] = rng.choice([20, 100, 200, 400])
            elif q.kind == "pot":
                raw["qualifies"] = rng.random() < 0.5
            elif q.kind in ("flop", "qualifies"):
                raw[q.kind] = rng.random() < 0.5
            else:
                break
        self.attempt(raw)

    def _empty_seat(self):
        empty = [i + 1 for i, p in enumerate(self.state.players) if p is None]
        return self.rng.choice(empty) if empty else None

    def voluntary_then_leave(self):
        """A voluntary kill declared, then its killer leaves with or without it (rrop-13.10)."""
        rng = self.rng
        seat = rng.choice(self.seated())
        self.attempt({"type": "voluntary_kill", "seat": seat, "cards_seen": rng.choice([2, 3, 4])})
        self.attempt({"type": "stack", "seat": seat, "amount": 100})
        if self.attempt({"type": "voluntary_kill", "seat": seat}) is not None:
            self.attempt(
                {
                    "type": rng.choice(["away", "quit"]),
                    "seat": seat,
                    "posts_kill": rng.random() < 0.3,
                }
            )

    def kill_under_a_leg(self):
        """Someone else kills voluntarily while a leg is up; then the leg holder steps away
        or quits, or the killer does not post (rrop-13.5, rrop-13.6, rrop-13.10)."""
        st, rng = self.state, self.rng
        b = st.button
        if b.status != "leg-up" or not st.config.kill.voluntary:
            return
        others = [s for s in self.seated() if s != b.seat]
        seat = rng.choice(others)
        self.attempt({"type": "stack", "seat": seat, "amount": 100})
        if self.attempt({"type": "voluntary_kill", "seat": seat}) is None:
            return
        leaver = rng.choice([b.seat, b.seat, seat])
        self.attempt(
            {"type": rng.choice(["away", "quit"]), "seat": leaver, "posts_kill": rng.random() < 0.5}
        )

    def agree_then_quit(self):
        """A new player agrees to kill the next pot, then leaves before it (rrop-13.12)."""
        seat = self._empty_seat()
        if seat is None or not self.state.button.killed:
            return
        seated = {name_key(p.name) for p in self.state.players if p is not None}
        pool = [n for n in JOINERS if name_key(n) not in seated]
        if not pool:
            return
        joined = self.attempt(
            {"type": "join", "seat": seat, "name": pool[0], "agrees_to_kill": True}
        )
        if joined is not None:
            self.attempt({"type": "quit", "seat": seat})

    def join(self):
        st, rng = self.state, self.rng
        empty = [i + 1 for i, p in enumerate(st.players) if p is None]
        if not empty:
            return
        seated = {name_key(n) for n in self.names()[: len(self.seated())]}
        pool = [n for n in JOINERS + [n for _s, n in SEATED] if name_key(n) not in seated]
        if not pool:
            return
        raw = {"type": "join", "seat": rng.choice(empty), "name": rng.choice(pool)}
        if rng.random() < 0.5:
            raw["stack"] = rng.choice([10, 40, 100])
        r = rng.random()
        if r < 0.3:
            raw["agrees_to_kill"] = rng.random() < 0.6
        elif r < 0.45:
            raw["posts_kill"] = True
        self.attempt(raw)

    def leave(self):
        st, rng = self.state, self.rng
        seated = self.seated()
        if len(seated) <= 2:
            return
        b = st.button
        pool = seated + [s for s in (b.seat, b.leg_seat) if s in seated] * 3
        raw = {"type": rng.choice(["away", "away", "quit"]), "seat": rng.choice(pool)}
        if rng.random() < 0.6:
            raw["posts_kill"] = rng.random() < 0.5
        self.attempt(raw)

    def back(self):
        away = [p.seat for p in self.state.players if p is not None and p.away]
        seat = self.rng.choice(away) if away else self.rng.choice(self.seated())
        self.attempt({"type": "back", "seat": seat})

    def voluntary(self):
        rng = self.rng
        seat = rng.choice(self.seated())
        if rng.random() < 0.7:
            self.attempt({"type": "stack", "seat": seat, "amount": rng.choice([15, 40, 200])})
        raw = {"type": "voluntary_kill", "seat": seat}
        if rng.random() < 0.3:
            raw["cards_seen"] = rng.choice([2, 3, 4])
        if rng.random() < 0.2:
            raw["cards_dealt"] = rng.choice([3, 4])
        self.attempt(raw)

    def pay(self):
        owed = [o.player for o in self.state.barred]
        name = self.rng.choice(owed) if owed else self.rng.choice(NAMES)
        self.attempt({"type": "pay_kill", "name": name})

    def underpost(self):
        self.attempt({"type": "underpost", "seat": self.rng.choice(self.seated())})

    def seat_change(self):
        """A seat change at this table (rrop-13.1b), to an empty seat or a taken one."""
        empty = self._empty_seat()
        seat = self.rng.choice(self.seated())
        self.attempt({"type": "move", "from": seat, "to": empty or seat})

    def close_and_reopen(self):
        self.attempt({"type": "close_table"})
        self.attempt({"type": "hand", "winner": self.rng.choice(self.seated())})  # refused: closed
        self.attempt({"type": "close_table"})  # already closed
        self.attempt({"type": "reopen_table"})
        self.attempt({"type": "reopen_table"})  # already open

    def barred_elsewhere(self):
        """A seated player barred at another table: the refusals that name that table."""
        st, rng = self.state, self.rng
        seats = self.seated()
        seat = rng.choice(seats)
        name = st.player(seat).name
        elsewhere = {name_key(name): (2000, "Table 9")}
        view = room_rules.view(st, elsewhere)
        self.attempt({"type": "hand", "winner": seat}, elsewhere, view, keep=False)
        away = self.attempt({"type": "away", "seat": seat}, elsewhere, view, keep=False)
        if away is not None:
            self.attempt({"type": "back", "seat": seat}, elsewhere, away.state, keep=False)
        self.attempt({"type": "pay_kill", "name": name}, elsewhere, view, keep=False)
        self.attempt({"type": "join", "seat": seat, "name": name}, elsewhere, view, keep=False)
        empty = [i + 1 for i, p in enumerate(st.players) if p is None]
        if empty:
            self.attempt(
                {"type": "join", "seat": empty[0], "name": JOINERS[0]},
                {name_key(JOINERS[0]): (2000, "Table 9")},
                keep=False,
            )
            bar = room_rules.Bar(JOINERS[0], 2000, "Table 9")
            q = room_rules.near_match_question(
                {"type": "join", "seat": empty[0], "name": JOINERS[0][:-1] + "у"},
                room_rules.Room({"Table 9": [bar]}),
            )
            if q is not None:
                self.texts.check("q-near-barred", q.text("en"), q.text("ru"), self.names())
                self.texts.check("near-yes", q.yes_text("en"), q.yes_text("ru"), self.names())
                self.texts.check(
                    "near-no", q.no_text("en"), q.no_text("ru"), self.names() + (q.name,)
                )
                self.texts.refusal(q.refusal, self.names())

    def run(self, steps: int) -> None:
        moves = (
            [self.hand] * 8
            + [self.join] * 2
            + [self.leave] * 2
            + [
                self.back,
                self.voluntary,
                self.pay,
                self.underpost,
                self.seat_change,
                self.barred_elsewhere,
                self.agree_then_quit,
                self.voluntary_then_leave,
                self.kill_under_a_leg,
            ]
        )
        for i in range(steps):
            self.rng.choice(moves)()
            self.look()
            if i % 25 == 24:
                self.close_and_reopen()


def _walk_texts() -> Texts:
    texts = Texts()
    for name in CONFIGS:
        tf = _config(name)
        for seed in range(4):
            Walk(tf, seed, texts).run(80)
    configs = [_config(n).config for n in CONFIGS]
    for a in configs[:3]:
        for b in configs:
            for d in rulings.same_game(a, b):
                texts.decision(d, ())
    return texts


def _sample_texts(texts: Texts) -> None:
    """The shipped sample tables, replayed event by event."""
    for path in sorted((ROOT / "sample_tables").glob("*.toml")):
        tf = load_table_file(path)
        state = initial_state(tf.config, tf.players)
        names = {p.name for p in tf.players} | {e.get("name") for e in tf.events} | set(NAMES)
        for raw in tf.events:
            try:
                applied = apply(state, raw)
            except Refusal as r:
                texts.refusal(r, names)
                continue
            for d in applied.decisions:
                texts.decision(d, names)
            state = applied.state
            for d in pending(state):
                texts.decision(d, names)


WHAT_IFS = (
    dict(split_with_leg="neutral"),
    dict(walk="neutral"),
    dict(second_leg_pot="5x-big-blind"),
    dict(missed_kill="post-later"),
    dict(kind="half"),
    dict(voluntary=False),
    dict(new_player="may-sit"),
    dict(triggers=["two-pots", "big-pot"]),
)


def _placard_and_what_if_texts(texts: Texts) -> None:
    """Each table's placard, and what a changed option would have decided differently in
    each sample session (hand by hand, with the players' names)."""
    for name in CONFIGS:
        for i, line in enumerate(placard(_config(name).config).lines):
            texts.check(f"placard:{name}:{i}", line.render("en"), line.render("ru"), ())
    for path in sorted((ROOT / "sample_tables").glob("*.toml")):
        tf = load_table_file(path)
        names = tuple({p.name for p in tf.players} | {e["name"] for e in tf.events if "name" in e})
        for change in WHAT_IFS:
            diffs = what_if(tf, **change)
            texts.check("what-if", summary(diffs, "en"), summary(diffs, "ru"), names)


BAD_INPUT = (
    # amounts (money.MoneyError)
    {"type": "hand", "winner": 1, "pot": "-3"},
    {"type": "hand", "winner": 1, "pot": "abc"},
    {"type": "hand", "winner": 1, "pot": "4.505"},
    {"type": "hand", "winner": 1, "pot": 4.555},
    {"type": "hand", "winner": 1, "pot": "1e99"},
    {"type": "hand", "winner": 1, "pot": "9" * 60},
    {"type": "hand", "winner": 1, "pot": 10**20},
    {"type": "stack", "seat": 1, "amount": "-3"},
    # names (names.NameError_)
    {"type": "join", "seat": 8, "name": 42},
    {"type": "join", "seat": 8, "name": "Zero\u200bwidth"},
    {"type": "join", "seat": 8, "name": "Mal\x1b[31m"},
    {"type": "join", "seat": 8, "name": "   "},
    {"type": "join", "seat": 8, "name": "x" * 40},
    {"type": "pay_kill", "name": ""},
    # cards (cards.CardError)
    *(
        {"type": "hand", "showdown": {"board": board, "hands": hands}}
        for board, hands in (
            ("Ah Kd 7c 2s 9h", {"3": "As Xs"}),
            ("Ah Kd 7c 2s 9h", {"3": "Ah Ks"}),
            ("Ah Kd 7c 2s 9h", {"3": "As Ks Qs"}),
            ("Ah Kd 7c", {"3": "As Ks"}),
            ("Ah Kd 7c 2s 9h", {"3": "Jk Ks"}),
            ("Ah Kd 7c 2s 9h", {"3": "As As"}),
            ("Ah Kd 7c 2s 9h", {"3": 5}),
            ("Ah Kd 7c 2s 9h", {"3": "As Ks", "4": "As Qs"}),
            ("", {"3": "As Ks"}),
        )
    ),
)


def test_what_other_modules_refuse_is_said_in_russian():
    """An amount, a name or the cards of a showdown refused: the reason (written in English
    by the money, names and cards modules) is said in Russian too."""
    state = initial_state(_config("robert").config, _config("robert").players)
    texts = Texts()
    for raw in BAD_INPUT:
        with pytest.raises(Refusal) as info:
            apply(state, raw)
        texts.refusal(info.value, NAMES)
        assert info.value.key in ("bad-amount", "bad-name", "bad-cards", "bad-showdown"), raw
    assert not texts.failures, "\n".join(texts.failures)


def test_table_changes_in_russian():
    """What the import and the podium's open question say changed in a table's set-up."""
    old = _config("robert")
    new = config_from_dict(
        table_doc(
            "omaha8",
            kind="half",
            seats=10,
            button=3,
            structure="spread",
            bets=(2, 6),
            triggers=("two-pots", "scoop"),
            preset="wsop",
            split_with_leg="neutral",
            second_leg_pot="5x-lower",
            walk="neutral",
            killer_acts="last",
            killer_in_blind="both",
            voluntary=True,
            voluntary_cards=3,
            second_leg_needs_flop=True,
            split_by_killer="neutral",
            unqualified_second_win="neutral",
            second_leg_minimum=8,
            name="Table 12",
            players=((1, MEN[1]), (3, WOMEN[1], 40), (4, EITHER[2])),
        )
    )
    en = setup_changes(old.config, old.players, new.config, new.players)
    ru = setup_changes(old.config, old.players, new.config, new.players, "ru")
    assert len(ru) == len(en) > 20
    texts = Texts()
    for e, r in zip(en, ru, strict=True):
        texts.check("setup-change", e, r, NAMES)
    assert not texts.failures, "\n".join(texts.failures)
    assert "игра Холдем → Омаха хай-лоу 8/b" in ru and "лимиты $10-$20 → спред $2-$6" in ru
    assert "second leg needs a pot of none → 5x-lower" in en  # no option id in English either


def _decision_codes_and_keys() -> tuple[set[str], set[str]]:
    """What the rules can say, read from their source: the codes and text keys of every
    ``Decision(...)`` (and the engine's ``say``/``neutral`` helpers), every ``Question``
    key and every message key of the pending list."""
    codes: set[str] = set()
    keys: set[str] = set()

    def strings(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, ast.IfExp):
            return strings(node.body) + strings(node.orelse)
        if isinstance(node, ast.JoinedStr):  # f"q-posts-kill-{t}"
            return []
        return []

    for path in RULES.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            fn = node.func.id if isinstance(node.func, ast.Name) else None
            if fn == "Decision" and len(node.args) >= 3:
                codes.update(strings(node.args[0]))
                keys.update(strings(node.args[2]))
            elif fn == "say" and len(node.args) >= 3:
                codes.update(strings(node.args[0]))
                keys.update(strings(node.args[2]))
            elif fn == "neutral" and node.args:
                keys.update(strings(node.args[0]))
            elif fn == "Question" and len(node.args) >= 2:
                keys.update(strings(node.args[1]))
    codes.add("neutral")
    return codes, keys | {"q-posts-kill-quit", "q-posts-kill-away"}


@pytest.fixture(scope="module")
def met() -> Texts:
    texts = _walk_texts()
    _sample_texts(texts)
    _placard_and_what_if_texts(texts)
    _correction_texts(texts)
    return texts


def _correction_texts(texts: Texts) -> None:
    """What a correction says it changes: hands, a struck record, bars lifted and new."""
    tf = _config("robert")
    names = tuple(p.name for p in tf.players)
    s2 = tf.players[1].seat
    hands = [{"type": "hand", "winner": p.seat} for p in tf.players[:3]]
    records = [
        hands[1],
        {**hands[1], "won_beyond_blinds": 20},
        {"type": "quit", "seat": s2, "posts_kill": False},
        hands[0],
    ]
    fixes = [
        {"record": 1, "event": hands[2]},
        {"record": 2, "event": "none"},
        {"record": 3, "event": {"type": "quit", "seat": s2}},
    ]
    for fix in fixes:
        h = History(tf.config, tf.players, records, strict=True)
        raw = {"type": "correct", **fix}
        for d in impact(h, raw).changes:
            texts.decision(d, names)
        for d in h.add(raw).decisions:
            texts.decision(d, names)
    h = History(tf.config, tf.players, [*records[:2], {"type": "quit", "seat": s2}], strict=True)
    for d in impact(h, {"type": "correct", "record": 3, "event": records[2]}).changes:
        texts.decision(d, names)


def test_every_text_met_reads_well_for_any_player(met):
    assert met.count > 5000, met.count
    assert not met.failures, f"{len(met.failures)} problems:\n" + "\n".join(met.failures[:25])


def test_every_decision_code_and_text_key_is_met(met):
    codes, keys = _decision_codes_and_keys()
    assert len(codes) > 20 and len(keys) > 60, (codes, keys)
    assert codes - met.codes == set(), f"decision codes never met: {sorted(codes - met.codes)}"
    missing = (
        keys | {"pending-neutral", "ruling-no-kill-yet", "q-why-scoop", "q-why-big-pot"}
    ) - met.keys
    assert missing == set(), f"text keys never met: {sorted(missing)}"


def test_every_rule_refusal_is_met(met):
    """The refusals a floorperson meets while playing (not those of a malformed file)."""
    rules_refusals = {
        "too-few-players",
        "seat-empty",
        "not-dealt-in",
        "missed-killer-won",
        "pot-needed",
        "second-leg-question",
        "voluntary-off",
        "one-kill-per-deal",
        "voluntary-too-many-seen",
        "voluntary-closed",
        "voluntary-stack-unknown",
        "voluntary-stack-short",
        "seat-taken",
        "name-taken",
        "join-barred",
        "already-away",
        "not-away",
        "back-barred",
        "nothing-owed",
        "table-closed",
        "table-open-already",
        "underpost-not-killed",
        "winner-barred-at",
        "back-barred-at",
        "owed-at-other-table",
    }
    assert rules_refusals - met.keys == set(), sorted(rules_refusals - met.keys)

"""Table configuration: the table file's `[table]`, `[stakes]`, `[kill]` and `[[players]]`.

Loaded from TOML with :func:`load_table_text` / :func:`load_table_file`; every
error names the file, the line (and column for syntax errors) and the key.
Rules: docs/rules.md section 3.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from floorkill.i18n import N_, NC_, Phrase, PhraseError, pgettext

from .codes import KillKind
from .money import (
    NOT_AN_AMOUNT,
    TOO_LONG,
    Cents,
    MoneyError,
    fmt,
    parse_amount,
    scale,
    to_toml,
    written_float,
)
from .names import NameError_, name_key, one_line, validate_name
from .triggers import REGISTRY

GAMES = (
    "holdem",
    "omaha",
    "omaha8",
    "lowball-a5",
    "lowball-27",
    "draw-high",
    "stud",
    "stud8",
    "razz",
)
BLINDLESS_GAMES = ("stud", "stud8", "razz")
HILO_GAMES = ("omaha8", "stud8")
LOWBALL_GAMES = ("lowball-a5", "lowball-27", "razz")
FLOP_GAMES = ("holdem", "omaha", "omaha8")
JOKER_GAMES = ("lowball-a5", "draw-high")
# the games' names (English; said in a language with game_name)
GAME_NAMES = {
    "holdem": NC_("game", "Hold'em"),
    "omaha": NC_("game", "Omaha"),
    "omaha8": NC_("game", "Omaha Hi-Lo 8/b"),
    "lowball-a5": NC_("game", "A-5 Lowball"),
    "lowball-27": NC_("game", "2-7 Lowball"),
    "draw-high": NC_("game", "Draw High"),
    "stud": NC_("game", "Seven-Card Stud"),
    "stud8": NC_("game", "Stud Hi-Lo 8/b"),
    "razz": NC_("game", "Razz"),
}


def game_name(game: str, lang: str | None = None) -> str:
    """The game's name in ``lang`` (the language in use by default; an unknown game: its
    id)."""
    english = GAME_NAMES.get(game)
    return pgettext("game", english, lang) if english is not None else game


# the kill triggers by id, their records (rules/triggers.py): `in`, iteration and join read ids
TRIGGERS = REGISTRY
MULTIPLIERS = {"full": (2, 1), "half": (3, 2)}

# The kill options: name -> (allowed values or None for "amount or keyword", default, clause)
KILL_OPTIONS: dict[str, tuple[tuple[Any, ...], Any, str]] = {
    "scoop_minimum": (("5x-upper", "5x-lower"), "5x-upper", "rrop-13.8"),
    "big_pot_minimum": (("5x-upper", "5x-lower"), "5x-upper", "house-big-pot"),
    "second_leg_minimum": (("lower-bet", "upper-bet"), "lower-bet", "rrop-13.3"),
    # The house alternate "must win a pot of a certain size" (house-natural); when set it
    # replaces the beyond-the-blinds test of second_leg_minimum (docs/rules.md 3, 5.3).
    "second_leg_pot": (("none", "5x-upper", "5x-lower", "5x-big-blind"), "none", "house-natural"),
    "second_leg_needs_flop": ((True, False), False, "house-natural"),
    "split_with_leg": (("keeps", "neutral"), "keeps", "rrop-13.4"),
    "split_by_killer": (("kills-again", "neutral"), "kills-again", "rrop-13.4"),
    "walk": (("keeps", "neutral"), "keeps", "house-natural"),
    "unqualified_second_win": (("keeps-leg", "neutral"), "keeps-leg", "rrop-13.3"),
    "voluntary": ((True, False), False, "rrop-13.10"),
    "voluntary_cards": ((2, 3), 2, "rrop-13.10"),
    "killer_acts": (("in-turn", "last"), "in-turn", "rrop-13.2"),
    "kill_blind_is_blind_money": ((True, False), True, "wsop-191"),
    "new_player": (("must-agree", "may-sit"), "must-agree", "rrop-13.12"),
    "missed_kill": (("barred", "post-later"), "barred", "rrop-13.6"),
    "killer_in_blind": (("replaces", "both"), "replaces", "wsop-200"),
    # a player sitting down (or back) between the last dealer and the coming small blind:
    # waits for the button to pass, or posts a big blind to be dealt in at once
    "button_gap": (("waits", "posts"), "waits", "room-dealer-button"),
}


def _default(name: str) -> Any:
    return KILL_OPTIONS[name][1]


AMOUNT_OPTIONS = ("scoop_minimum", "big_pot_minimum", "second_leg_minimum", "second_leg_pot")

# Rule presets a table can start from; a table's own [kill] keys override them.
PRESETS: dict[str, dict[str, Any]] = {
    "robert": {},
    "wsop": {
        "killer_acts": "in-turn",
        "kill_blind_is_blind_money": False,
        "new_player": "may-sit",
        "missed_kill": "post-later",
    },
    "house": {
        "second_leg_needs_flop": True,
        "unqualified_second_win": "neutral",
    },
    "house-alternate": {
        "second_leg_needs_flop": True,
        "unqualified_second_win": "neutral",
        "split_with_leg": "neutral",
        "split_by_killer": "neutral",
        "walk": "neutral",
    },
    # What rooms commonly play: a kill when the leg holder wins again and the pot
    # is at least five big blinds, the leg going back to the middle on a split or a walk.
    "house-pot": {
        "second_leg_pot": "5x-big-blind",
        "second_leg_needs_flop": True,
        "unqualified_second_win": "neutral",
        "split_with_leg": "neutral",
        "split_by_killer": "neutral",
        "walk": "neutral",
    },
}
PRESET_TITLES = {
    "robert": "Robert's Rules of Poker",
    "wsop": "WSOP Live Action Rules",
    "house": "House rules (seed)",
    "house-alternate": "House rules, every Alternate Rule",
    "house-pot": "House rules, second leg by pot size (5 big blinds)",
}


MAX_TABLE_NAME = 64
MAX_MESSAGE = 400  # a ConfigError is one line of at most this many characters
MAX_EVENT_DEPTH = 8  # lists and tables inside an event: a showdown needs 3


def validate_table_name(raw: object) -> str:
    """A table name follows the rules of player names (text, no control, format or bidi
    characters, NFC, stripped), up to 64 characters."""
    return validate_name(raw, what="table name", limit=MAX_TABLE_NAME)


class ConfigError(PhraseError):
    """A table file that cannot be used: one line, file:line[:col]: [section] key: reason.
    ``reason`` is a :class:`Phrase` (said in the screen's language by :meth:`text`; the
    file, the line and the key are the file's, as they are); ``str()`` is the English;
    ``message`` is the part after the file and line."""

    def __init__(
        self,
        message: str | Phrase,
        /,
        *,
        file: str = "<table>",
        line: int | None = None,
        col: int | None = None,
        key: str | None = None,
        where: str | None = None,
        **params: Any,
    ) -> None:
        self.reason = message if isinstance(message, Phrase) else Phrase(message, **params)
        self.file = file
        self.line = line
        self.col = col
        self.key = key
        self.where = where
        self.phrase = self.reason
        self.message = self._said("en")
        ValueError.__init__(self, self.text("en"))

    def _said(self, lang: str | None) -> str:
        reason = self.reason.text(lang)
        return f"{self.where}: {reason}" if self.where else reason

    def text(self, lang: str | None = None) -> str:
        place = self.file
        if self.line is not None:
            place += f":{self.line}"
            if self.col is not None:
                place += f":{self.col}"
        return one_line(f"{place}: {self._said(lang)}", MAX_MESSAGE)


@dataclass(frozen=True, slots=True)
class KillOptions:
    # every option's default comes from KILL_OPTIONS: one source
    kind: KillKind = KillKind.NONE
    triggers: tuple[str, ...] = ()
    preset: str = "robert"
    scoop_minimum: str | Cents = _default("scoop_minimum")
    big_pot_minimum: str | Cents = _default("big_pot_minimum")
    second_leg_minimum: str | Cents = _default("second_leg_minimum")
    second_leg_pot: str | Cents = _default("second_leg_pot")
    second_leg_needs_flop: bool = _default("second_leg_needs_flop")
    split_with_leg: str = _default("split_with_leg")
    split_by_killer: str = _default("split_by_killer")
    walk: str = _default("walk")
    unqualified_second_win: str = _default("unqualified_second_win")
    voluntary: bool = _default("voluntary")
    voluntary_cards: int = _default("voluntary_cards")
    killer_acts: str = _default("killer_acts")
    kill_blind_is_blind_money: bool = _default("kill_blind_is_blind_money")
    new_player: str = _default("new_player")
    missed_kill: str = _default("missed_kill")
    killer_in_blind: str = _default("killer_in_blind")
    button_gap: str = _default("button_gap")


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    seat: int
    name: str
    stack: Cents | None = None


@dataclass(frozen=True, slots=True)
class TableConfig:
    name: str
    game: str
    seats: int
    structure: str
    bets: tuple[Cents, ...]
    blinds: tuple[Cents, Cents]
    kill: KillOptions = field(default_factory=KillOptions)
    joker: bool = False
    button: int | None = None

    # -- derived amounts -------------------------------------------------
    @property
    def lower_limit(self) -> Cents:
        return min(self.bets) if self.structure == "spread" else self.bets[0]

    @property
    def upper_limit(self) -> Cents:
        return max(self.bets)

    @property
    def big_blind(self) -> Cents:
        return self.blinds[1]

    @property
    def multiplier(self) -> tuple[int, int]:
        return MULTIPLIERS.get(self.kill.kind, (1, 1))

    @property
    def kill_blind(self) -> Cents:
        num, den = self.multiplier
        return scale(self.big_blind, num, den)

    def killed_limits(self) -> tuple[Cents, ...]:
        num, den = self.multiplier
        return tuple(scale(bet, num, den) for bet in self.bets)

    def minimum(self, option: str) -> Cents:
        """scoop/big-pot/second-leg-pot minimum in cents, from the game's own (unkilled)
        limits and blinds."""
        spec = getattr(self.kill, option)
        if spec == "5x-upper":
            return 5 * self.upper_limit
        if spec == "5x-lower":
            return 5 * self.lower_limit
        if spec == "5x-big-blind":
            return 5 * self.big_blind
        return int(spec)

    @property
    def second_leg_pot(self) -> Cents | None:
        """The pot a second leg must reach under the house alternate, or None (the
        beyond-the-blinds test of rrop-13.3 applies)."""
        if self.kill.second_leg_pot == "none":
            return None
        return self.minimum("second_leg_pot")

    @property
    def is_kill_game(self) -> bool:
        return self.kill.kind != KillKind.NONE

    @property
    def hilo(self) -> bool:
        return self.game in HILO_GAMES

    @property
    def has_flop(self) -> bool:
        return self.game in FLOP_GAMES

    def stakes_text(self, limits: tuple[Cents, ...] | None = None) -> str:
        bets = limits if limits is not None else self.bets
        if self.structure == "fixed":
            return f"${fmt(bets[0])}-${fmt(bets[1])}"
        if len(bets) == 2:
            return f"${fmt(bets[0])}-${fmt(bets[1])}"
        if len(bets) == 5 and bets[1] == bets[2]:  # [1, 4, 4, 8, 8] is called $1-4-8-8
            bets = (bets[0], bets[1], bets[3], bets[4])
        return "$" + "-".join(fmt(bet) for bet in bets)

    def game_type(self) -> tuple[Any, ...]:
        """Identity for broken-game lists (rrop-13.13): same game, same limits, kill or not."""
        return (
            self.game,
            self.structure,
            self.bets,
            self.blinds,
            self.is_kill_game,
            self.kill.kind if self.is_kill_game else "none",
        )

    def differs_from_preset(self) -> dict[str, tuple[Any, Any]]:
        """Kill options that differ from the table's preset: name -> (preset value, value)."""
        base = KillOptions(**{**PRESETS.get(self.kill.preset, {})})
        out = {}
        for name in KILL_OPTIONS:
            preset_value, own_value = getattr(base, name), getattr(self.kill, name)
            if preset_value != own_value:
                out[name] = (preset_value, own_value)
        return out

    def to_toml_dict(self) -> dict[str, Any]:
        table: dict[str, Any] = {
            "name": self.name,
            "game": self.game,
            "joker": self.joker,
            "seats": self.seats,
        }
        if self.button is not None:
            table["button"] = self.button
        stakes: dict[str, Any] = {
            "structure": self.structure,
            "bets": [to_toml(amount) for amount in self.bets],
        }
        if self.game not in BLINDLESS_GAMES:
            stakes["blinds"] = [to_toml(amount) for amount in self.blinds]
        kill: dict[str, Any] = {"kind": self.kill.kind, "triggers": list(self.kill.triggers)}
        if self.kill.preset != "robert":
            kill["preset"] = self.kill.preset
        for name in KILL_OPTIONS:
            value = getattr(self.kill, name)
            if name in AMOUNT_OPTIONS and isinstance(value, int):
                value = to_toml(value)
            kill[name] = value
        return {"table": table, "stakes": stakes, "kill": kill}


@dataclass(frozen=True, slots=True)
class TableFile:
    config: TableConfig
    players: tuple[PlayerSpec, ...]
    events: tuple[dict[str, Any], ...]
    source: str = "<table>"
    event_lines: tuple[int | None, ...] = ()


# ---------------------------------------------------------------------------
# loading

_HEADER = re.compile(r"^\s*\[\[?\s*([A-Za-z0-9_.\-\"' ]+?)\s*\]\]?\s*(#.*)?$")


def _key_line(text: str, section: str | None, key: str | None, index: int = 0) -> int | None:
    """Best-effort line number of ``key`` in ``[section]`` (the index-th array table).
    Called only for an error message."""
    if key is not None and len(key) > 200:
        key = None  # a giant key: the section's line will do
    current: str | None = None
    seen = -1
    section_line = None
    for no, line in enumerate(text.splitlines(), start=1):
        match = _HEADER.match(line)
        if match:
            current = match.group(1).strip().strip("\"'")
            if section is None and current == key:
                return no
            if current == section:
                seen += 1
                if seen == index:
                    section_line = no
            continue
        if section is None and current is None and key is not None:
            if re.match(rf"^\s*\"?{re.escape(key)}\"?\s*=", line):
                return no
            continue
        if current == section and seen == index and key is not None:
            if re.match(rf"^\s*\"?{re.escape(key)}\"?\s*=", line):
                return no
    return section_line


_EVENTS_HEADER = re.compile(
    r"""^[ \t]*\[\[[ \t]*(?:events|"events"|'events')[ \t]*\]\][ \t]*(?:#.*)?$""", re.MULTILINE
)


def event_lines(text: str, count: int) -> tuple[int | None, ...]:
    """The line of each ``[[events]]`` header, found in ONE pass over the text (a search per
    event made loading quadratic). When the headers found are not exactly one per event
    (inline ``events = [...]``, a header-like line inside a multi-line string), no line is
    given rather than a wrong one."""
    found: list[int | None] = []
    line, pos = 1, 0
    for match in _EVENTS_HEADER.finditer(text):
        line += text.count("\n", pos, match.start())
        pos = match.start()
        found.append(line)
        if len(found) > count:
            break
    return tuple(found) if len(found) == count else (None,) * count


class _Loader:
    def __init__(self, text: str, file: str) -> None:
        self.text = text
        self.file = file

    def error(
        self,
        message: str | Phrase,
        /,
        section: str | None = None,
        key: str | None = None,
        index: int = 0,
        **params: Any,
    ) -> ConfigError:
        """The refusal of ``[section] key``: ``message`` a message id (with ``params``) or a
        :class:`Phrase`."""
        line = _key_line(self.text, section, key, index)
        shown = one_line(key, 60) if key is not None else None
        where = (
            f"[{section}] {shown}" if section and key else (f"[{section}]" if section else shown)
        )
        return ConfigError(message, file=self.file, line=line, key=key, where=where, **params)

    def table_get(self, doc: Mapping[str, Any], section: str) -> dict[str, Any]:
        value = doc.get(section, {})
        if not isinstance(value, dict):
            raise self.error(N_("must be a table"), None, section)
        return value

    def check_keys(
        self, data: Mapping[str, Any], section: str, allowed: Iterable[str], index: int = 0
    ) -> None:
        for key in data:
            if key not in allowed:
                raise self.error(
                    N_("unknown key (expected one of: {keys})"),
                    section,
                    key,
                    index,
                    keys=", ".join(allowed),
                )

    def amount(
        self, value: object, section: str, key: str, index: int = 0, positive: bool = True
    ) -> Cents:
        try:
            cents = parse_amount(value)
        except MoneyError as exc:
            raise self.error(exc.phrase, section, key, index) from None
        if positive and cents <= 0:
            raise self.error(N_("must be more than zero"), section, key, index)
        return cents

    def amount_or_word(self, value: object, section: str, key: str, words: Sequence[str]) -> Cents:
        """An option that is one of ``words`` or an amount, given neither of its words: an
        amount, or — when it is not written as one (a misspelt word, true, a list) — the
        choices listed. An amount that is wrong as an amount (negative, too large, finer
        than a cent) keeps its own reason."""
        try:
            parse_amount(value)
        except MoneyError as exc:
            if exc.what.msgid in (NOT_AN_AMOUNT, TOO_LONG):
                shown = _show(value) if isinstance(value, bool) else exc.what.params["value"]
                raise self.error(
                    N_("{value} is not one of: {choices} or an amount"),
                    section,
                    key,
                    value=shown,
                    choices=", ".join(_show(word) for word in words),
                ) from None
        return self.amount(value, section, key)


def load_table_file(path: str | Path) -> TableFile:
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ConfigError(
            N_("cannot read: {reason}"), file=str(path), reason=exc.strerror or str(exc)
        ) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(
            N_("not UTF-8 text (byte {byte})"), file=str(path), byte=exc.start
        ) from None
    return load_table_text(text, str(path))


def load_table_text(text: str, file: str = "<table>") -> TableFile:
    try:
        doc = tomllib.loads(text, parse_float=written_float)
    except RecursionError:
        raise ConfigError(
            N_("arrays or tables nested too deeply"), file=file, line=_first_line(text, _DEEP)
        ) from None
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        match = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        line = col = None
        if match:
            line, col = int(match.group(1)), int(match.group(2))
            msg = msg[: match.start()].strip()
        elif "end of document" in msg:
            line = text.count("\n") + 1
        raise ConfigError(
            N_("TOML syntax error: {what}"), file=file, line=line, col=col, what=toml_problem(msg)
        ) from None
    except ValueError:  # tomllib: an integer of more than 4,300 digits
        raise ConfigError(
            N_("a number with thousands of digits is not a number this file can hold"),
            file=file,
            line=_first_line(text, _HUGE_NUMBER),
        ) from None
    return config_from_dict(doc, text=text, file=file)


# tomllib has no catalogue: its messages (a fixed set) said in the catalogue's words, by
# their exact text, or by the text before (and after) the one value they quote
_TOML_MESSAGES = (
    N_("Invalid statement"),
    N_("Cannot overwrite a value"),
    N_("Expected ']' at the end of a table declaration"),
    N_("Expected ']]' at the end of an array declaration"),
    N_("Expected '=' after a key in a key/value pair"),
    N_("Invalid initial character for a key part"),
    N_("Unclosed array"),
    N_("Unclosed inline table"),
    N_("Unescaped '\\' in a string"),
    N_("Invalid hex value"),
    N_("Escaped character is not a Unicode scalar value"),
    N_("Unterminated string"),
    N_("Invalid date or datetime"),
    N_("Invalid value"),
    N_("Expected newline or end of document after a statement"),
)
_TOML_QUOTING = (
    ("Illegal character ", "", N_("Illegal character {value}")),
    ("Found invalid character ", "", N_("Found invalid character {value}")),
    ("Expected ", "", N_("Expected {value}")),
    ("Cannot declare ", " twice", N_("Cannot declare {value} twice")),
    ("Cannot mutate immutable namespace ", "", N_("Cannot mutate immutable namespace {value}")),
    ("Cannot redefine namespace ", "", N_("Cannot redefine namespace {value}")),
    ("Duplicate inline table key ", "", N_("Duplicate inline table key {value}")),
)


def toml_problem(message: str) -> Phrase | str:
    """tomllib's message (without its place) as a :class:`Phrase`; one it never gave before
    stays as it is."""
    if message in _TOML_MESSAGES:
        return Phrase(message)
    for head, tail, msgid in _TOML_QUOTING:
        if message.startswith(head) and message.endswith(tail) and len(message) > len(head + tail):
            return Phrase(msgid, value=message[len(head) : len(message) - len(tail)])
    return message


_DEEP = re.compile(r"[\[{](?:[^\]}\n]*?[\[{]){40}")
_HUGE_NUMBER = re.compile(r"[0-9_]{1000}")


def _first_line(text: str, pattern: re.Pattern[str]) -> int | None:
    match = pattern.search(text)
    return None if match is None else text.count("\n", 0, match.start()) + 1


def _too_deep(value: Any, limit: int) -> bool:
    """Whether lists/tables nest deeper than ``limit`` (no recursion: any depth is safe)."""
    if type(value) is dict and limit > 1:  # most events: a table of plain values
        for node in value.values():
            if type(node) is list or type(node) is dict:
                break
        else:
            return False
    stack = [(value, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            node = list(node.values())
        elif not isinstance(node, list):
            continue
        if depth >= limit:
            return True
        stack.extend((child, depth + 1) for child in node if isinstance(child, (list, dict)))
    return False


def config_from_dict(doc: Mapping[str, Any], *, text: str = "", file: str = "<table>") -> TableFile:
    ld = _Loader(text, file)
    if not doc:
        raise ConfigError(N_("empty table file (needs [table], [stakes])"), file=file, line=1)
    ld.check_keys(doc, None, ("table", "stakes", "kill", "players", "events"))  # type: ignore[arg-type]

    table_doc = ld.table_get(doc, "table")
    if "table" not in doc:
        raise ConfigError(N_("missing [table] section"), file=file, line=1, key="table")
    ld.check_keys(table_doc, "table", ("name", "game", "joker", "seats", "button"))
    if not isinstance(table_doc.get("name"), str) or not table_doc["name"].strip():
        raise ld.error(N_("a table needs a name (text)"), "table", "name")
    try:
        name = validate_table_name(table_doc.get("name"))
    except NameError_ as exc:
        raise ld.error(exc.phrase, "table", "name") from None
    game = table_doc.get("game")
    if not isinstance(game, str) or game not in GAMES:
        shown = one_line(repr(game), 60) if isinstance(game, str) else type(game).__name__
        raise ld.error(
            N_("{value} is not a game (one of: {games})"),
            "table",
            "game",
            value=shown,
            games=", ".join(GAMES),
        )
    joker = table_doc.get("joker", False)
    if not isinstance(joker, bool):
        raise ld.error(N_("must be true or false"), "table", "joker")
    if joker and game not in JOKER_GAMES:
        raise ld.error(
            N_("the joker is allowed only in {games} ({cite})"),
            "table",
            "joker",
            games=Phrase(N_("{first} and {second}"), first=JOKER_GAMES[0], second=JOKER_GAMES[1]),
            cite="joker-1",
        )
    seats = table_doc.get("seats", 9)
    if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= 10:
        raise ld.error(
            N_("must be a whole number from {lo} to {hi}"), "table", "seats", lo=2, hi=10
        )
    button = table_doc.get("button")
    if button is not None and (
        not isinstance(button, int) or isinstance(button, bool) or not 1 <= button <= seats
    ):
        raise ld.error(
            N_("must be a seat number from {lo} to {hi}"), "table", "button", lo=1, hi=seats
        )

    if "stakes" not in doc:
        raise ConfigError(N_("missing [stakes] section"), file=file, line=None, key="stakes")
    stakes_doc = ld.table_get(doc, "stakes")
    ld.check_keys(stakes_doc, "stakes", ("structure", "bets", "blinds"))
    structure = stakes_doc.get("structure", "fixed")
    if structure not in ("fixed", "spread"):
        raise ld.error(N_('must be "fixed" or "spread"'), "stakes", "structure")
    bets_raw = stakes_doc.get("bets")
    if not isinstance(bets_raw, list) or not bets_raw:
        raise ld.error(N_("must be a list of amounts, e.g. [10, 20]"), "stakes", "bets")
    bets = tuple(ld.amount(bet, "stakes", "bets") for bet in bets_raw)
    if structure == "fixed":
        if len(bets) != 2:
            raise ld.error(N_("fixed limit needs [lower, upper]"), "stakes", "bets")
        if bets[1] < bets[0]:
            raise ld.error(N_("upper bet is smaller than the lower bet"), "stakes", "bets")
    else:
        if len(bets) < 2:
            raise ld.error(
                N_("spread limit needs [min, max] or [min, max per round...]"), "stakes", "bets"
            )
        if any(bet < bets[0] for bet in bets[1:]):
            raise ld.error(N_("no maximum may be below the minimum"), "stakes", "bets")
    blinds_raw = stakes_doc.get("blinds")
    if game in BLINDLESS_GAMES:
        if blinds_raw not in (None, []):
            raise ld.error(
                N_("{game} is played without blinds ({cite})"),
                "stakes",
                "blinds",
                game=game,
                cite="house-blind-games",
            )
        blinds: tuple[Cents, Cents] = (0, 0)
    else:
        if not isinstance(blinds_raw, list) or len(blinds_raw) != 2:
            raise ld.error(N_("must be [small, big], e.g. [5, 10]"), "stakes", "blinds")
        sb = ld.amount(blinds_raw[0], "stakes", "blinds")
        bb = ld.amount(blinds_raw[1], "stakes", "blinds")
        if sb > bb:
            raise ld.error(N_("the small blind is bigger than the big blind"), "stakes", "blinds")
        blinds = (sb, bb)

    kill_doc = ld.table_get(doc, "kill")
    ld.check_keys(kill_doc, "kill", ("kind", "triggers", "preset", *KILL_OPTIONS))
    kind = kill_doc.get("kind", "none")
    if kind not in tuple(KillKind):
        raise ld.error(N_('must be "full", "half" or "none"'), "kill", "kind")
    kind = KillKind(kind)
    if kind != KillKind.NONE and game in BLINDLESS_GAMES:
        raise ld.error(
            N_("{game} has no blinds, so it cannot be played for a kill ({cite})"),
            "kill",
            "kind",
            game=game,
            cite="house-blind-games",
        )
    preset = kill_doc.get("preset", "robert")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise ld.error(
            N_("unknown preset (one of: {presets})"), "kill", "preset", presets=", ".join(PRESETS)
        )
    triggers_raw = kill_doc.get("triggers", [] if kind == KillKind.NONE else ["two-pots"])
    if not isinstance(triggers_raw, list) or any(tr not in TRIGGERS for tr in triggers_raw):
        raise ld.error(
            N_("must be a list of: {triggers}"), "kill", "triggers", triggers=", ".join(TRIGGERS)
        )
    if len(set(triggers_raw)) != len(triggers_raw):
        raise ld.error(N_("a trigger is listed twice"), "kill", "triggers")
    if kind == KillKind.NONE and triggers_raw:
        raise ld.error(N_('kind = "none" cannot have triggers'), "kill", "triggers")
    if "scoop" in triggers_raw and game not in HILO_GAMES:
        pass  # high-only: scoop means winning the whole pot alone (docs/rules.md 5.2)
    options: dict[str, Any] = dict(PRESETS[preset])
    for opt, (allowed, default, _clause) in KILL_OPTIONS.items():
        if opt not in kill_doc:
            options.setdefault(opt, default)
            continue
        value = kill_doc[opt]
        if opt in AMOUNT_OPTIONS and not (isinstance(value, str) and value in allowed):
            value = ld.amount_or_word(value, "kill", opt, allowed)
        elif isinstance(value, bool) != isinstance(allowed[0], bool) or value not in allowed:
            raise ld.error(
                N_("must be one of: {choices} or an amount")
                if opt in AMOUNT_OPTIONS
                else N_("must be one of: {choices}"),
                "kill",
                opt,
                choices=", ".join(_show(choice) for choice in allowed),
            )
        options[opt] = value
    if options["second_leg_needs_flop"] and game not in FLOP_GAMES:
        raise ld.error(N_("{game} has no flop"), "kill", "second_leg_needs_flop", game=game)
    if options["voluntary"] and kind == KillKind.NONE:
        raise ld.error(N_('a voluntary kill needs kind = "full" or "half"'), "kill", "voluntary")
    kill = KillOptions(kind=kind, triggers=tuple(triggers_raw), preset=preset, **options)
    config = TableConfig(
        name=name,
        game=game,
        seats=seats,
        structure=structure,
        bets=bets,
        blinds=blinds,
        kill=kill,
        joker=joker,
        button=button,
    )
    if kind != KillKind.NONE:
        try:
            _ = config.kill_blind
            _ = config.killed_limits()
        except MoneyError as exc:
            raise ld.error(
                N_("a {kind} kill here {reason}; pick amounts the kill divides exactly"),
                "kill",
                "kind",
                kind=str(kind),
                reason=exc.phrase,
            ) from None

    players_raw = doc.get("players", [])
    if not isinstance(players_raw, list):
        raise ld.error(N_("must be an array of tables ([[players]])"), None, "players")
    players: list[PlayerSpec] = []
    taken: dict[int, int] = {}
    names: dict[str, int] = {}
    for index, player_doc in enumerate(players_raw):
        if not isinstance(player_doc, dict):
            raise ld.error(N_("must be a table"), "players", None, index)
        ld.check_keys(player_doc, "players", ("seat", "name", "stack"), index)
        seat = player_doc.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= seats:
            raise ld.error(
                N_("must be a seat number from {lo} to {hi}"),
                "players",
                "seat",
                index,
                lo=1,
                hi=seats,
            )
        if seat in taken:
            raise ld.error(N_("seat {seat} is given twice"), "players", "seat", index, seat=seat)
        try:
            pname = validate_name(player_doc.get("name"))
        except NameError_ as exc:
            raise ld.error(exc.phrase, "players", "name", index) from None
        if name_key(pname) in names:
            raise ld.error(
                N_("{name} is already seated (names are unique, ignoring case)"),
                "players",
                "name",
                index,
                name=repr(pname),
            )
        stack = player_doc.get("stack")
        if stack is not None:
            stack = ld.amount(stack, "players", "stack", index, positive=False)
        taken[seat] = index
        names[name_key(pname)] = index
        players.append(PlayerSpec(seat=seat, name=pname, stack=stack))

    events_raw = doc.get("events", [])
    if not isinstance(events_raw, list) or any(
        not isinstance(event_doc, dict) for event_doc in events_raw
    ):
        raise ld.error(N_("must be an array of tables ([[events]])"), None, "events")
    lines = event_lines(text, len(events_raw)) if text else ()
    for index, event_doc in enumerate(events_raw):
        if _too_deep(event_doc, MAX_EVENT_DEPTH):
            raise ConfigError(
                N_(
                    "[[events]] number {number}: lists or tables nested too deeply "
                    "(an event needs at most {most})"
                ),
                file=file,
                line=lines[index] if lines else None,
                number=index + 1,
                most=MAX_EVENT_DEPTH,
            )
    return TableFile(
        config=config,
        players=tuple(players),
        events=tuple(events_raw),
        source=file,
        event_lines=lines,
    )


def _show(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    return str(v)


def table_file_to_dict(
    config: TableConfig, players: Iterable[PlayerSpec], events: Iterable[Mapping[str, Any]]
) -> dict[str, Any]:
    """A table file as a TOML-ready dict (for tomli-w)."""
    doc = config.to_toml_dict()
    doc["players"] = [
        {
            "seat": player.seat,
            "name": player.name,
            **({"stack": to_toml(player.stack)} if player.stack is not None else {}),
        }
        for player in players
    ]
    if events:
        doc["events"] = [dict(event) for event in events]
    return doc


def with_options(config: TableConfig, **changes: Any) -> TableConfig:
    return replace(config, kill=replace(config.kill, **changes))

"""Every private Textual name the tests use, in one place (textual is pinned exactly in
pyproject.toml; each function below is written against the pinned Textual 8.2.8).

Each function says what it does for the tests, why no public Textual API does it, and
which behaviour of Textual it relies on, so a Textual upgrade that moves one breaks here,
by name. tests/test_architecture.py fails on any other test file that touches a private
Textual name (floorkill's own modules have theirs in floorkill/ui/compat.py).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import textual._wait
from rich.console import RenderableType
from textual.app import App
from textual.binding import BindingsMap
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.events import Key
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.notifications import Notification
from textual.screen import Screen


def notices(app: App) -> list[Notification]:
    """The notifications ``app`` holds now, oldest first: what ``App.notify`` added and
    no toast's timeout has taken away yet. Textual has no public reader for them: the
    app keeps them in ``App._notifications``, a ``Notifications`` collection whose
    iteration drops the expired ones and yields the rest in the order they came."""
    return list(app._notifications)


def key_event(key: str) -> Key:
    """The Key event ``pilot.press`` would send for ``key``, to hand to the app without
    the Pilot's idle wait after each key. ``App._press_keys`` builds it from the key's
    name with the private ``textual.keys`` helpers used here: a punctuation character
    becomes its key name (``.`` → ``full_stop``) and the key's character is looked up
    from that name."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    original = REPLACED_KEYS.get(key, key)
    try:
        char = unicodedata.lookup(_get_unicode_name_from_key(original))
    except KeyError:
        char = key if len(key) == 1 else None
    return Key(key, char)


def record_display(app: App, record: Callable[[Screen, RenderableType | None], None]) -> None:
    """Call ``record(screen, renderable)`` with every screen update ``app`` makes, then let
    Textual write it as before. ``App._display`` is the one place an update leaves the
    app for its driver (a headless app makes them and writes none); Textual has no public
    hook on it."""
    display = app._display

    def both(screen: Screen, renderable: RenderableType | None) -> None:
        record(screen, renderable)
        display(screen, renderable)

    app._display = both  # type: ignore[method-assign]


def bindings_of(node: DOMNode) -> BindingsMap:
    """The bindings a screen, widget or app holds (its own and those it inherits), read
    before it runs. Textual keeps them in ``DOMNode._bindings``; the public
    ``App.active_bindings`` needs a running app and mixes in the focused widgets'."""
    return node._bindings


def class_bindings(cls: type[DOMNode]) -> BindingsMap:
    """The bindings every instance of ``cls`` starts with, its own and those it
    inherits, merged as Textual merges them for a new class
    (``DOMNode._merge_bindings``, which ``__init_subclass__`` calls)."""
    return cls._merge_bindings()


# Textual's own parse, kept before share_css_parse replaces it.
_own_parse = Stylesheet._parse_rules
_parsed: dict[tuple, list] = {}


def _shared_parse(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
    key = (css, read_from, is_default_rules, tie_breaker, scope, *sorted(self._variables.items()))
    rules = _parsed.get(key)
    if rules is None:
        rules = _parsed[key] = _own_parse(
            self, css, read_from, is_default_rules, tie_breaker, scope
        )
    return rules


def share_css_parse() -> None:
    """Every app of this process shares its CSS parse (tests/conftest.py calls it).

    Every app a test starts parses the same CSS again: each App has a new Stylesheet, and
    Textual caches a parse per stylesheet (a good part of a podium's start). Here the
    parsed rules are shared, keyed as Textual keys its own cache (the arguments of
    ``Stylesheet._parse_rules``, which parses one CSS source) and by the theme's
    variables (``Stylesheet._variables``), which the parse writes into the rules; a
    RuleSet is not changed after its parse. tests/ui/test_shared_css.py holds it to
    Textual's own parse (:func:`parsed_alone`)."""
    Stylesheet._parse_rules = _shared_parse  # type: ignore[method-assign]


def parsed_alone(sheet: Stylesheet) -> Stylesheet:
    """A copy of ``sheet`` (its sources, its variables) parsed by Textual's own
    ``Stylesheet._parse_rules``, not the shared parse."""
    alone = sheet.copy()
    alone._parse_rules = _own_parse.__get__(alone)  # type: ignore[method-assign]
    alone.parse()
    return alone


def quicker_idle_steps() -> None:
    """Pilot's idle wait looks in 5 ms steps (tests/conftest.py calls it).

    ``Pilot.press`` waits twice for the app to go idle after each key
    (``textual._wait.wait_for_idle``): it sleeps a step, then stops once the process used
    less than ``SLEEP_IDLE`` (1 ms) of CPU time in that step. The loop reads the step,
    ``SLEEP_GRANULARITY``, from its module on every turn; ``SLEEP_IDLE`` was worked out
    from it at import and stays 1 ms. So a key still waits until its handler has run, and
    the wait ends within a short step of that, not Textual's default 20 ms step: most of
    a Pilot test's wall time is these waits. No public API sets the step."""
    textual._wait.SLEEP_GRANULARITY = 1 / 200

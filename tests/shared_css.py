"""The CSS parse the apps of a test worker share (imported by tests/conftest.py).

Every app a test starts parses the same CSS again: each App has a new Stylesheet, and
Textual caches a parse per stylesheet (about a sixth of a podium's start). Within a worker
the parsed rules are shared, keyed as Textual keys its own cache and by the theme's
variables, which the parse writes into the rules; a RuleSet is not changed after its parse.
tests/ui/test_shared_css.py holds it to a parse of its own."""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet

own_parse = Stylesheet._parse_rules
_parsed: dict[tuple, list] = {}


def _shared_parse(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
    key = (css, read_from, is_default_rules, tie_breaker, scope, *sorted(self._variables.items()))
    rules = _parsed.get(key)
    if rules is None:
        rules = _parsed[key] = own_parse(self, css, read_from, is_default_rules, tie_breaker, scope)
    return rules


Stylesheet._parse_rules = _shared_parse  # type: ignore[method-assign]

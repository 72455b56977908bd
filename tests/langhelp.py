"""F3 cycles through every language with a catalogue (:data:`floorkill.i18n.LANGS`, in
its order): the presses that take a screen from one language to another, so a test that
switches to Russian still does with a third catalogue beside it."""

from __future__ import annotations

from floorkill.i18n import LANGS


def f3_to(lang: str, start: str = "en") -> list[str]:
    """The F3 presses from ``start`` to ``lang``."""
    return ["f3"] * ((LANGS.index(lang) - LANGS.index(start)) % len(LANGS))

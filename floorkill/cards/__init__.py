"""floorkill.cards -- parse cards, evaluate hands, settle showdowns.

Pure Python, standard library only (no Textual, no Rich).  The joker rules
live here.  See :func:`showdown` for the API the rules model uses and
:mod:`floorkill.cards.evaluate` for the per-game evaluators.
"""

from floorkill.cards._core import CardError, parse_cards
from floorkill.cards.showdown import GAMES, Showdown, showdown

__all__ = ["CardError", "parse_cards", "showdown", "Showdown", "GAMES"]

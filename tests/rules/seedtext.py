"""Where the tests find the rulebooks' text.

The repository ships the text its licence allows (tests/seeds/: Robert's Rules of Poker's
kill-pot chapter and glossary, with credit). The other source documents state no licence
to copy them, so they are not shipped; their checks run only where a folder of them is at
hand ($FLOORKILL_SEEDS) and are skipped, naming the file, elsewhere. docs/rules.md §12.1.
"""

from __future__ import annotations

import os
from pathlib import Path

SHIPPED = Path(__file__).resolve().parents[1] / "seeds"

# the source documents, by the file names the seeds folder gives them
ROBERT_EN = "robert-rules-kill-pots-en.txt"
ROBERT_RU = "robert-rules-kill-pots-ru.txt"  # a translation by an unnamed translator
HOUSE = "house-rules-spread-limit-and-kill-games.txt"
JOKER = "kill-pots-and-joker.txt"
SOURCES = (ROBERT_EN, ROBERT_RU, HOUSE, JOKER)


def outside() -> Path | None:
    """The folder $FLOORKILL_SEEDS names, when it holds the texts."""
    value = os.environ.get("FLOORKILL_SEEDS")
    if value and Path(value).is_dir() and any(Path(value).glob("*.txt")):
        return Path(value)
    return None


def seed_path(name: str) -> Path | None:
    """The text of source document ``name``: shipped, else from $FLOORKILL_SEEDS, else None."""
    shipped = SHIPPED / name
    if shipped.is_file():
        return shipped
    folder = outside()
    if folder is not None and (folder / name).is_file():
        return folder / name
    return None


def seed_paths() -> dict[str, Path]:
    """Every source document at hand, by name."""
    return {name: p for name in SOURCES if (p := seed_path(name)) is not None}

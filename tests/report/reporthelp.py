"""Journals for the report tests: the recorded sessions of sample tables. (The report is
opened in Chromium by the shared tests/browserhelp.py.)"""

from __future__ import annotations

from pathlib import Path

SAMPLES = (
    "california-lowball-2-4.toml",
    "holdem-10-20-full-killer-last.toml",
    "holdem-4-8-half-two-pots.toml",
)


def sample_journal(path: Path, names=SAMPLES, who: str = "Floor Fay"):
    """A journal holding the recorded sessions of sample tables (closed on return)."""
    from floorkill.resources import sample_tables_dir
    from floorkill.rules import load_table_file
    from floorkill.store.journal import Journal

    with Journal(path, who) as j:
        for name in names:
            tf = load_table_file(sample_tables_dir() / name)
            s = j.create_table(tf)
            for ev in tf.events:
                s.append(ev)
    return path

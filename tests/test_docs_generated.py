"""The generated parts of docs/podium.md (every key, every palette command) and
docs/table-file.md (every option with its values, clauses and rulebook sentence) match
the registries the app uses: a key or an option added, renamed or re-described without
`python -m floorkill.docgen` fails here."""

from __future__ import annotations

from pathlib import Path

from textual.binding import Binding

from floorkill import docgen
from floorkill.rules.config import GAMES, KILL_OPTIONS, PRESETS, TRIGGERS

ROOT = Path(__file__).resolve().parents[1]


def test_the_generated_pages_are_up_to_date():
    assert docgen.stale_pages() == [], "run: python -m floorkill.docgen"


def test_a_new_key_makes_the_keys_page_stale(monkeypatch):
    groups = docgen.key_groups

    def with_one_more():
        out = groups()
        heading, bindings = out[0]
        out[0] = (heading, [*bindings, Binding("f13", "nothing", "Nothing", id="nothing")])
        return out

    monkeypatch.setattr(docgen, "key_groups", with_one_more)
    assert docgen.stale_pages() == ["docs/podium.md"]


def test_a_changed_option_makes_the_table_file_page_stale(monkeypatch):
    from floorkill.rules import config

    changed = dict(KILL_OPTIONS)
    allowed, default, clause = changed["walk"]
    changed["walk"] = (allowed, "neutral", clause)
    monkeypatch.setattr(config, "KILL_OPTIONS", changed)
    assert docgen.stale_pages() == ["docs/table-file.md"]


def test_every_option_game_preset_and_trigger_is_on_the_table_file_page():
    page = (ROOT / "docs/table-file.md").read_text(encoding="utf-8")
    for name in KILL_OPTIONS:
        assert f"### `{name}`" in page
    for trigger in TRIGGERS:
        assert f'### trigger `"{trigger}"`' in page
    for game in GAMES:
        assert f"| `{game}` |" in page
    for preset in PRESETS:
        assert f"| `{preset}` |" in page


def test_every_podium_key_is_on_the_keys_page():
    page = (ROOT / "docs/podium.md").read_text(encoding="utf-8")
    for _heading, bindings in docgen.key_groups():
        for b in bindings:
            assert docgen.key_display(b.key) in page, b.key


def test_key_display_writes_keys_as_the_footer_does():
    assert docgen.key_display("f9,ctrl+t") == "`F9`, `Ctrl+T`"
    assert docgen.key_display("left_square_bracket,ctrl+left") == "`[`, `Ctrl+←`"
    assert docgen.key_display("escape") == "`Esc`"
    assert docgen.key_display("j") == "`j`"

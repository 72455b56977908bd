"""The podium's footer: every key's words in the language on screen, and as many keys as
the terminal's width holds.

The bindings keep their English descriptions (Textual's own); :func:`footer_bindings`
is what the podium screen's ``active_bindings`` hands the Footer: each shown binding
with its description from the catalogue (context "key"), and — when the row would not
fit — the least needed keys hidden from the footer (never disabled: the key still works,
and the command palette, Ctrl+P, lists every action). The essential keys (Undo, F2, F5,
F9, F10, the palette) always stay. On a Russian screen a letter key bound on both layouts
(the seat keys) is shown by its Russian layout's letter (:func:`letter_shown`: «о» for J).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from rich.cells import cell_len
from textual.binding import ActiveBinding, Binding

from floorkill.floor.keyboard import letter_shown
from floorkill.i18n import NC_, gettext, languages_in, pgettext

from ..actions import footer_words

KEY = "key"  # the catalogue's context for the footer's words

# binding id -> the key's word in the footer (English message id, context "key"): the
# podium's actions' from floorkill/ui/actions.py, then the widgets' own keys (the keys
# panel lists them: Ctrl+P, Keys)
WORDS: dict[str, str] = {
    **footer_words(),
    "focus_next": NC_("key", "Focus next"),
    "focus_previous": NC_("key", "Focus previous"),
    "copy_text": NC_("key", "Copy selected text"),
    "entry.cancel": NC_("key", "Clear"),
    "seating.next": NC_("key", "Next seat"),
    "seating.previous": NC_("key", "Previous seat"),
    "seating.choose": NC_("key", "Choose seat"),
    "history.back": NC_("key", "Entry"),
    "rules.previous_clause": NC_("key", "Previous clause"),
    "rules.next_clause": NC_("key", "Next clause"),
    "rules.page_up": NC_("key", "Page up"),
    "rules.page_down": NC_("key", "Page down"),
    "history.up": NC_("key", "Previous record"),
    "history.down": NC_("key", "Next record"),
    "history.page_up": NC_("key", "Page up"),
    "history.page_down": NC_("key", "Page down"),
    "history.first": NC_("key", "First record"),
    "history.last": NC_("key", "Last record"),
    "history.correct": NC_("key", "Correct this record"),
}
SEAT_KEY = NC_("key", "Seat {n}")  # seating.seat_1 … seating.seat_10
TABLE_KEY = NC_("key", "Table {n}")  # tables.open_1 … tables.open_9

# Textual's own text-input keys (no binding id) as the keys panel lists them: by their
# English description (the entry's line, the forms' fields)
TEXTUAL_WORDS: dict[str, str] = {
    d: d
    for d in (
        NC_("key", "Move cursor left"),
        NC_("key", "Move cursor left and select"),
        NC_("key", "Move cursor left a word"),
        NC_("key", "Move cursor left a word and select"),
        NC_("key", "Move cursor right or accept the completion suggestion"),
        NC_("key", "Move cursor right and select"),
        NC_("key", "Move cursor right a word"),
        NC_("key", "Move cursor right a word and select"),
        NC_("key", "Delete character left"),
        NC_("key", "Select all"),
        NC_("key", "Go to start"),
        NC_("key", "Go to end"),
        NC_("key", "Select line start"),
        NC_("key", "Select line end"),
        NC_("key", "Delete character right"),
        NC_("key", "Submit"),
        NC_("key", "Delete left to start of word"),
        NC_("key", "Delete all to the left"),
        NC_("key", "Delete right to start of word"),
        NC_("key", "Delete all to the right"),
        NC_("key", "Cut selected text"),
        NC_("key", "Paste text from the clipboard"),
        NC_("key", "Copy selected text"),
        NC_("key", "Scroll Up"),
        NC_("key", "Scroll Down"),
        NC_("key", "Scroll Left"),
        NC_("key", "Scroll Right"),
        NC_("key", "Scroll Home"),
        NC_("key", "Scroll End"),
        NC_("key", "Page Up"),
        NC_("key", "Page Down"),
        NC_("key", "Page Left"),
        NC_("key", "Page Right"),
        NC_("key", "Focus Next"),
        NC_("key", "Focus Previous"),
    )
}

# the order keys leave the footer when the row is too narrow: last in this list first;
# the first six never leave (the palette lists every action, with its key)
KEEP = ("command_palette", "undo", "showdown", "focus_entry", "tables", "rulings")
PRIORITY = KEEP + (
    "seating.join",
    "seating.away",
    "seating.quit",
    "seating.stack",
    "seating.pay",
    "seating.voluntary",
    "seating.rulings",
    "correct",
    "language",
    "focus_seats",
    "focus_history",
    "side_panel",
    "room_players",
    "next_theme",
    "quit",
)


def key_word(binding_id: str | None, description: str, lang: str) -> str:
    """The footer's word for a binding: by its id, else its description in the context
    "key" (itself when the catalogue has none)."""
    if binding_id in WORDS:
        return languages_in(pgettext(KEY, WORDS[binding_id], lang))
    if binding_id and binding_id.startswith("seating.seat_"):
        return pgettext(KEY, SEAT_KEY, lang).format(n=binding_id.rsplit("_", 1)[1])
    if binding_id and binding_id.startswith("tables.open_"):
        return pgettext(KEY, TABLE_KEY, lang).format(n=binding_id.rsplit("_", 1)[1])
    if description in TEXTUAL_WORDS:
        return pgettext(KEY, TEXTUAL_WORDS[description], lang)
    word = pgettext(KEY, description, lang)  # a widget's own key: NC_("key", ...) at its binding
    if word == description:
        word = gettext(description, lang)  # a screen's own words
    return languages_in(word)


def _rank(binding_id: str | None) -> int:
    return PRIORITY.index(binding_id) if binding_id in PRIORITY else len(PRIORITY)


def footer_bindings(
    active: Mapping[str, ActiveBinding],
    lang: str,
    width: int,
    key_display: Callable[[Binding], str],
    palette_key: str = "ctrl+p",
) -> dict[str, ActiveBinding]:
    """``active`` with each binding's words in ``lang``, and the shown ones that do not
    fit in ``width`` columns (the compact Footer's: key, space, word, one space between
    keys; the palette's key docked right after a one-column rule) no longer shown."""
    out: dict[str, ActiveBinding] = {}
    actions = {key: ab.binding.action for key, ab in active.items()}
    for key, ab in active.items():
        b = ab.binding
        word = key_word(b.id, b.description, lang)
        # a seat key on a Russian screen: «о», not j
        letter = letter_shown(key, lang, actions)
        if word != b.description or letter is not None:
            b = replace(b, description=word, key_display=letter or b.key_display)
        out[key] = ab._replace(binding=b) if b is not ab.binding else ab
    # the footer shows one key per action (the first bound), in the bindings' order
    shown: dict[str, tuple[str, ActiveBinding]] = {}
    for key, ab in out.items():
        if ab.binding.show and ab.binding.action not in shown:
            shown[ab.binding.action] = (key, ab)
    room = width - 1  # a spare column at the right
    palette = out.get(palette_key)
    if palette is not None:
        room -= (
            1 + cell_len(key_display(palette.binding)) + 1 + cell_len(palette.binding.description)
        )

    def cost(ab: ActiveBinding) -> int:
        return cell_len(key_display(ab.binding)) + 1 + cell_len(ab.binding.description) + 1

    kept = dict(shown)
    for action, (_key, ab) in sorted(shown.items(), key=lambda kv: -_rank(kv[1][1].binding.id)):
        if sum(cost(a) for _, a in kept.values()) <= room:
            break
        if ab.binding.id in KEEP:
            continue
        del kept[action]
    hidden = {action for action in shown if action not in kept}
    if hidden:
        for key, ab in list(out.items()):
            if ab.binding.show and ab.binding.action in hidden:
                out[key] = ab._replace(binding=replace(ab.binding, show=False))
    return out

"""A form of many fields drawn by one widget: a line per field — its label, its value, a note.

Textual's cost of opening a screen grows with its widgets, whatever each draws: the table
editor's thirty fields as Inputs, one-line choices and columns of labels and notes were
sixty widgets and took over a second to open. :class:`FieldList` is one widget (Textual's
line API: only the lines on screen are drawn, and a key redraws only its own line) with a
cursor on one field at a time:

- ↑/↓, Tab/Shift+Tab and Enter move to the previous or next field, PgUp/PgDn a screen;
- on a text field (:class:`TextField`) characters are typed at the text cursor (←/→,
  Home/End, Backspace, Delete; a paste types its first line);
- on a choice (:class:`ChoiceField`, ``‹ value ›``) ←/→ or Space step through its values,
  a letter picks the next value whose words, as shown, start with it — or with the letter
  its key types on the other layout (the S key: «ы» or ``s``);
- a click puts the cursor on a field (and steps a choice clicked again).

Setting a field's :attr:`Field.value` (by a key, or in code) posts
:class:`FieldList.Changed`; :meth:`Field.set` with ``post=False`` does not (a form that
changes several fields at once checks them once).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from floorkill.floor.keyboard import same_key
from floorkill.i18n import NC_

Ink = Callable[[str], Style]  # a component's colours by its name (``field-list--caret``)


class Field:
    """A field of a :class:`FieldList`: its id, its label, its value and the note beside it."""

    def __init__(self, id: str, label: str, value: Any, note: Text | str = "") -> None:
        self.id = id
        self.label = label
        self._value = self._checked(value)
        self._note = Text(note) if isinstance(note, str) else note
        self.form: FieldList | None = None
        self.version = 0  # bumped at every change of what its line shows

    def _checked(self, value: Any) -> Any:
        return value

    @property
    def value(self) -> Any:
        return self._value

    @value.setter
    def value(self, value: Any) -> None:
        self.set(value)

    def set(self, value: Any, *, post: bool = True) -> None:
        """Set the value; the form is told (``post``) only when it changed."""
        value = self._checked(value)
        if value == self._value and type(value) is type(self._value):
            return
        self._value = value
        self._moved_in()
        self._changed(post)

    def _moved_in(self) -> None:
        """The value was set as a whole (not typed)."""

    def _changed(self, post: bool = True) -> None:
        self.version += 1
        if self.form is not None:
            self.form.field_changed(self, post)

    @property
    def note(self) -> Text:
        return self._note

    @note.setter
    def note(self, note: Text) -> None:
        if note != self._note:
            self._note = note
            self._changed(post=False)

    def focus(self) -> None:
        """The form's cursor on this field, and the form focused."""
        if self.form is not None:
            self.form.move_to(self.id)
            self.form.focus()

    def shown(self, width: int, cursor: bool, ink: Ink) -> Text:  # pragma: no cover
        """The value in ``width`` cells (``cursor``: the form's cursor is on it)."""
        raise NotImplementedError

    # keys (the form hands them on): True when taken
    def key(self, event: events.Key) -> bool:
        return False

    def step(self, step: int) -> bool:
        return False


class TextField(Field):
    """A line of text typed at a cursor (a name, a number, an amount)."""

    def __init__(
        self, id: str, label: str, value: str = "", *, placeholder: str = "", note: Text | str = ""
    ) -> None:
        super().__init__(id, label, value, note)
        self.placeholder = placeholder
        self.cursor = len(self._value)

    def _checked(self, value: Any) -> str:
        return "" if value is None else str(value)

    def _moved_in(self) -> None:
        self.cursor = len(self._value)

    def type(self, text: str) -> None:
        """Type ``text`` at the cursor."""
        text = "".join(ch for ch in text if ch.isprintable())
        if text:
            typed, at = self._value, self.cursor
            self._value = typed[:at] + text + typed[at:]
            self.cursor = at + len(text)
            self._changed()

    def key(self, event: events.Key) -> bool:
        typed, at = self._value, self.cursor
        if event.is_printable and event.character:
            self.type(event.character)
        elif event.key == "backspace":
            if at:
                self._value, self.cursor = typed[: at - 1] + typed[at:], at - 1
                self._changed()
        elif event.key == "delete":
            if at < len(typed):
                self._value = typed[:at] + typed[at + 1 :]
                self._changed()
        elif event.key in ("home", "end"):
            self.cursor = 0 if event.key == "home" else len(typed)
            self._changed(post=False)
        else:
            return False
        return True

    def step(self, step: int) -> bool:
        self.cursor = max(0, min(len(self._value), self.cursor + step))
        self._changed(post=False)
        return True

    def shown(self, width: int, cursor: bool, ink: Ink) -> Text:
        typed = self._value
        if not typed:  # the placeholder, the cursor on its first letter
            text = Text(self.placeholder or " ")
            text.stylize(ink("field-list--placeholder"))
            if cursor:
                text.stylize(ink("field-list--caret"), 0, 1)
            return text
        start = 0  # the part of a long value around the cursor
        while start < self.cursor and cell_len(typed[start : self.cursor + 1]) > width:
            start += 1
        text = Text(typed[start:])
        if cursor:
            at = self.cursor - start
            if at >= len(text):
                text.append(" ")
            text.stylize(ink("field-list--caret"), at, at + 1)
        return text


class ChoiceField(Field):
    """One value out of a few, shown ``‹ words ›``."""

    def __init__(
        self,
        id: str,
        label: str,
        options: Sequence[tuple[str, Any]],
        value: Any,
        *,
        note: Text | str = "",
    ) -> None:
        self.options = [(str(words), choice) for words, choice in options]
        if not self.options:
            raise ValueError("a choice needs at least one option")
        super().__init__(id, label, value, note)

    def _checked(self, value: Any) -> Any:
        for _words, choice in self.options:  # (True is not 1: a yes/no is not a count)
            if choice == value and isinstance(choice, bool) == isinstance(value, bool):
                return choice
        raise ValueError(f"{value!r} is not one of {[choice for _w, choice in self.options]!r}")

    @property
    def words(self) -> str:
        """The words of the value chosen."""
        return self.options[self._index()][0]

    def _index(self) -> int:
        value = self._value
        return next(
            index
            for index, (_w, choice) in enumerate(self.options)
            if choice == value and isinstance(choice, bool) == isinstance(value, bool)
        )

    def step(self, step: int) -> bool:
        self.value = self.options[(self._index() + step) % len(self.options)][1]
        return True

    def key(self, event: events.Key) -> bool:
        """Space steps; a letter picks the next value whose words (as shown, in the screen's
        language) start with it, or with the letter the same key types on the other
        layout: the key means one thing whichever layout is switched on."""
        char = event.character
        if event.key == "space":
            return self.step(1)
        if not char or not char.isprintable():
            return False
        letters = same_key(char)
        count, start = len(self.options), self._index()
        for step in range(1, count + 1):
            words, choice = self.options[(start + step) % count]
            if words.casefold().startswith(letters):
                self.value = choice
                break
        return True  # a letter no value starts with is taken all the same: never a podium key

    def shown(self, width: int, cursor: bool, ink: Ink) -> Text:
        return Text(f"‹ {self.words} ›")


@dataclass(frozen=True)
class Head:
    """A section's title line (a blank line above it)."""

    text: str


def cut(text: Text, width: int) -> Text:
    """``text`` in ``width`` cells, cut at a word with an ellipsis (a clause id is never
    shown in part)."""
    if width <= 0:
        return Text()
    if text.cell_len <= width:
        return text
    cut_at = text.plain.rfind(" ", 0, width)
    out = text[: cut_at if cut_at > 0 else width - 1]
    out.append("…")
    return out


class FieldList(ScrollView, can_focus=True, inherit_bindings=False):
    """Fields and section heads, a line each, with a cursor on one field."""

    COMPONENT_CLASSES = {
        "field-list--head",
        "field-list--cursor",
        "field-list--note",
        "field-list--text",
        "field-list--placeholder",
        "field-list--caret",
    }
    DEFAULT_CSS = """
    FieldList { height: 1fr; overflow-x: hidden; }
    FieldList > .field-list--head { color: $accent; text-style: bold; }
    FieldList > .field-list--cursor { background: $accent 30%; text-style: bold; }
    FieldList > .field-list--note { color: $text-muted; }
    FieldList > .field-list--text { background: $surface; }
    FieldList > .field-list--placeholder { color: $text-disabled; }
    FieldList > .field-list--caret {
        background: $input-cursor-background; color: $input-cursor-foreground;
    }
    """
    BINDINGS = [
        Binding(
            "up,shift+tab",
            "move(-1)",
            NC_("key", "Previous field"),
            show=False,
            id="fields.previous",
        ),
        Binding(
            "down,tab,enter", "move(1)", NC_("key", "Next field"), show=False, id="fields.next"
        ),
        Binding("pageup", "page(-1)", NC_("key", "Page up"), show=False, id="fields.page_up"),
        Binding("pagedown", "page(1)", NC_("key", "Page down"), show=False, id="fields.page_down"),
        Binding("left", "step(-1)", NC_("key", "Previous choice"), show=False, id="fields.left"),
        Binding("right", "step(1)", NC_("key", "Next choice"), show=False, id="fields.right"),
    ]

    @dataclass
    class Changed(Message):
        """A field's value changed (typed, stepped, or set)."""

        form: FieldList
        field: Field

        @property
        def control(self) -> FieldList:
            return self.form

    @dataclass
    class Moved(Message):
        """The cursor is on another field."""

        form: FieldList
        field: Field

        @property
        def control(self) -> FieldList:
            return self.form

    def __init__(
        self,
        rows: Sequence[Head | Field],
        *,
        current: str | None = None,
        label_width: int = 26,
        value_width: int = 32,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.label_width = label_width
        self.value_width = value_width
        self.lines: list[Head | Field | None] = []  # None: the blank line above a head
        self.fields: dict[str, Field] = {}
        for row in rows:
            if isinstance(row, Head):
                self.lines += [None, row]
            else:
                row.form = self
                self.fields[row.id] = row
                self.lines.append(row)
        if not self.fields:
            raise ValueError("a form needs a field")
        self._at = self._line_of(current) if current in self.fields else self._next(-1, 1)
        # each line's strip, drawn again when its field, the width or the cursor changes
        # (budget: bench/editor_bench.py)
        self._cache: dict[int, tuple[tuple, Strip]] = {}

    # -- what is where --------------------------------------------------------------------
    @property
    def current(self) -> Field:
        row = self.lines[self._at]
        assert isinstance(row, Field)
        return row

    def field(self, id: str) -> Field:
        return self.fields[id]

    def _line_of(self, id: str | None) -> int:
        return next(
            index for index, row in enumerate(self.lines) if isinstance(row, Field) and row.id == id
        )

    def _next(self, at: int, step: int) -> int:
        """The line of the field ``step`` fields after line ``at`` (at the first or last
        field it stays)."""
        fields = [index for index, row in enumerate(self.lines) if isinstance(row, Field)]
        if step > 0:
            after = [index for index in fields if index > at]
            return (
                after[min(step, len(after)) - 1] if after else (at if at in fields else fields[-1])
            )
        before = [index for index in fields if index < at]
        return before[max(step, -len(before))] if before else (at if at in fields else fields[0])

    def move_to(self, id: str) -> None:
        self._go(self._line_of(id))

    def _go(self, line: int) -> None:
        if line == self._at:
            return
        old, self._at = self._at, line
        self.refresh_line(old)
        self.refresh_line(line)
        self._show(line)
        self.post_message(self.Moved(self, self.current))

    def _show(self, line: int) -> None:
        """Scroll so that the cursor's line (and the head just above it) is on screen."""
        top = line - 2 if line >= 2 and isinstance(self.lines[line - 1], Head) else line
        height = self.scrollable_content_region.height or 1
        scrolled = self.scroll_offset.y
        if top < scrolled:
            self.scroll_to(y=top, animate=False, immediate=True)
        elif line >= scrolled + height:
            self.scroll_to(y=line - height + 1, animate=False, immediate=True)

    def field_changed(self, field: Field, post: bool) -> None:
        self.refresh_line(self._line_of(field.id))
        if post:
            self.post_message(self.Changed(self, field))

    # -- keys -----------------------------------------------------------------------------
    def action_move(self, step: int) -> None:
        self._go(self._next(self._at, step))

    def action_page(self, step: int) -> None:
        self._go(self._next(self._at, step * max(1, self.scrollable_content_region.height - 2)))

    def action_step(self, step: int) -> None:
        self.current.step(step)

    def on_key(self, event: events.Key) -> None:
        if event.key in ("left", "right", "enter", "tab", "shift+tab"):
            return  # the bindings' (a text field's ←/→ move its cursor: step)
        if self.current.key(event):
            event.stop()
            event.prevent_default()

    def on_paste(self, event: events.Paste) -> None:
        field = self.current
        if isinstance(field, TextField) and event.text:
            field.type(event.text.splitlines()[0])
        event.stop()

    def on_click(self, event: events.Click) -> None:
        line = event.y + self.scroll_offset.y
        if 0 <= line < len(self.lines) and isinstance(self.lines[line], Field):
            was = self._at
            self._go(line)
            values = 1 + self.label_width + 1
            on_value = values <= event.x < values + self.value_width
            if was == line and on_value and isinstance(self.current, ChoiceField):
                self.current.step(1)

    def on_focus(self) -> None:
        self.refresh_line(self._at)
        self._show(self._at)

    def on_blur(self) -> None:
        self.refresh_line(self._at)

    def takes_typed(self, event: events.Key) -> bool:
        """A character typed into a text field is taken by it and only typed: the podium's
        key gate hands on the next key as soon as it is in. (A choice's letter can change
        other fields — a preset sets every option —, so the key after it waits for that,
        as any key does.)"""
        return event.is_printable and isinstance(self.current, TextField)

    # -- drawing --------------------------------------------------------------------------
    def on_resize(self) -> None:
        self._show(self._at)  # (the boxes below it came or went: the cursor's line in view)

    def on_mount(self) -> None:
        # as tall as its lines; no wider than the widget (nothing scrolls sideways): set
        # once, as a change of it lays the screen out again
        self.virtual_size = Size(0, len(self.lines))
        super().on_mount()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._cache.clear()

    def render_line(self, y: int) -> Strip:
        line = y + self.scroll_offset.y
        width = self.scrollable_content_region.width
        if not 0 <= line < len(self.lines) or width <= 0:
            return Strip.blank(width)
        row = self.lines[line]
        cursor = line == self._at and self.has_focus
        key = (width, cursor, row.version if isinstance(row, Field) else 0)
        cached = self._cache.get(line)
        if cached is not None and cached[0] == key:
            return cached[1]
        strip = Strip(self._segments(row, width, cursor), width)
        self._cache[line] = (key, strip)
        return strip

    def _ink(self, component: str) -> Style:
        """A component's colour and text style (its background only where it sets one:
        the caret's), over the line's own."""
        full = self.get_component_rich_style(component)
        ground = full.bgcolor if component == "field-list--caret" else None
        return Style(color=full.color, bgcolor=ground, bold=full.bold, italic=full.italic)

    def _ground(self, component: str) -> Style:
        """A component's background (and boldness), under the colours drawn on it."""
        full = self.get_component_rich_style(component)
        return Style(bgcolor=full.bgcolor, bold=full.bold)

    def _segments(self, row: Head | Field | None, width: int, cursor: bool) -> list[Segment]:
        text = Text(" ")
        if isinstance(row, Head):
            text.append(row.text, self._ink("field-list--head"))
        elif isinstance(row, Field):
            lw, vw = self.label_width, self.value_width
            text.append_text(cut(Text(row.label), lw))
            text.pad_right(1 + lw - text.cell_len + 1)
            value = row.shown(vw, cursor, self._ink)
            value.truncate(vw, overflow="ellipsis", pad=True)
            if cursor:  # under what the field drew (its caret), over a text field's ground
                value.stylize_before(self._ground("field-list--cursor"))
            if isinstance(row, TextField):
                value.stylize_before(self._ground("field-list--text"))
            text.append_text(value)
            text.pad_right(1 + lw + 1 + vw + 1 - text.cell_len)
            note = Text(style=self._ink("field-list--note"))
            note.append_text(cut(row.note, width - text.cell_len))
            text.append_text(note)
        text.truncate(width, pad=True)
        return list(text.render(self.app.console, end=""))


__all__ = ["ChoiceField", "Field", "FieldList", "Head", "TextField", "cut"]

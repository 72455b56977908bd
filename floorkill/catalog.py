"""Message catalogues, the gettext way: read a ``.po`` source, compile it to ``.mo`` bytes
(what ``msgfmt`` makes) and find the message ids the code uses.

Pure Python, no dependency: :mod:`floorkill.i18n` compiles each ``.po`` when it is first
needed and hands the bytes to the standard library's :class:`gettext.GNUTranslations`
(which reads the ``Plural-Forms`` header itself). ``python -m floorkill.catalog`` checks
every catalogue against the source (the test suite does the same).
"""

from __future__ import annotations

import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
LOCALE_DIR = PACKAGE / "locale"
DOMAIN = "floorkill"
# The languages floorkill ships complete: every message the code marks is translated. Any
# other catalogue may be partial (a language being added): what it lacks is said in English
# (gettext's fallback; an untranslated or fuzzy entry is never compiled, so nothing shows
# blank), and what it has is checked as strictly as a complete one's.
COMPLETE: tuple[str, ...] = ("ru",)
# the functions whose literal arguments are message ids: name -> (context?, plural?)
MARKERS = {
    "_": (False, False),
    "gettext": (False, False),
    "tr": (False, False),
    "N_": (False, False),
    "T_": (False, False),
    "ngettext": (False, True),
    "NN_": (False, True),
    "ntr": (False, True),
    "pgettext": (True, False),
    "ptr": (True, False),
    "NC_": (True, False),
    "Phrase": (False, False),
    "NPhrase": (False, True),
}


class PoError(ValueError):
    """A ``.po`` file that cannot be read: the message names file and line."""


@dataclass
class Entry:
    msgid: str
    msgstr: list[str] = field(default_factory=list)
    plural: str | None = None
    context: str | None = None
    fuzzy: bool = False
    line: int = 0

    @property
    def key(self) -> tuple[str | None, str]:
        return self.context, self.msgid


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(f"{where}: expected a quoted string")
    body = text[1:-1]
    if "\\" not in body and '"' not in body:
        return body  # no escape: the literal is its text (most lines; fast)
    import ast  # only when a catalogue is read (never for English)

    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        raise PoError(f"{where}: bad string {text}") from None


def parse_po(text: str, name: str = "<po>") -> list[Entry]:
    """Every entry of a ``.po`` file (the header is the entry with msgid "")."""
    entries: list[Entry] = []
    cur: Entry | None = None
    target: tuple[str, int] | None = None  # which field continuation lines extend
    fuzzy = False

    def finish() -> None:
        nonlocal cur
        if cur is not None:
            entries.append(cur)
        cur = None

    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name}:{no}"
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        if line.startswith('"'):
            if cur is None or target is None:
                raise PoError(f"{where}: a string outside an entry")
            piece = _unquote(line, where)
            fld, idx = target
            if fld == "msgstr":
                cur.msgstr[idx] += piece
            else:
                setattr(cur, fld, getattr(cur, fld) + piece)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgctxt" or (keyword == "msgid" and (cur is None or cur.msgstr)):
            finish()
            cur = Entry(msgid="", line=no, fuzzy=fuzzy)
            fuzzy = False
        if cur is None:
            raise PoError(f"{where}: {keyword} before msgid")
        if keyword == "msgctxt":
            cur.context = _unquote(rest, where)
            target = ("context", 0)
        elif keyword == "msgid":
            cur.msgid = _unquote(rest, where)
            target = ("msgid", 0)
        elif keyword == "msgid_plural":
            cur.plural = _unquote(rest, where)
            target = ("plural", 0)
        elif keyword == "msgstr":
            cur.msgstr = [_unquote(rest, where)]
            target = ("msgstr", 0)
        elif keyword.startswith("msgstr[") and keyword.endswith("]"):
            idx = int(keyword[7:-1])
            if idx != len(cur.msgstr):
                raise PoError(f"{where}: {keyword} out of order")
            cur.msgstr.append(_unquote(rest, where))
            target = ("msgstr", idx)
        else:
            raise PoError(f"{where}: unknown keyword {keyword!r}")
    finish()
    return entries


def header(entries: list[Entry]) -> dict[str, str]:
    for entry in entries:
        if entry.msgid == "" and entry.context is None:
            out = {}
            for row in entry.msgstr[0].splitlines():
                key, _, value = row.partition(":")
                out[key.strip()] = value.strip()
            return out
    return {}


def compile_mo(entries: list[Entry]) -> bytes:
    """GNU ``.mo`` bytes for ``entries`` (fuzzy and untranslated ones left out, as msgfmt does)."""
    pairs: dict[bytes, bytes] = {}
    for entry in entries:
        if entry.fuzzy and entry.msgid:
            continue
        if entry.msgid and not all(entry.msgstr):
            continue
        key = entry.msgid if entry.plural is None else f"{entry.msgid}\0{entry.plural}"
        if entry.context is not None:
            key = f"{entry.context}\x04{key}"
        pairs[key.encode()] = "\0".join(entry.msgstr).encode()
    head = pairs.get(b"", b"").decode()
    if "charset=" not in head:  # the catalogue is UTF-8, whatever it says
        pairs[b""] = (head + "Content-Type: text/plain; charset=UTF-8\n").encode()
    keys = sorted(pairs)
    ids = strs = b""
    offsets = []
    for msg_key in keys:
        offsets.append((len(ids), len(msg_key), len(strs), len(pairs[msg_key])))
        ids += msg_key + b"\0"
        strs += pairs[msg_key] + b"\0"
    count = len(keys)
    key_start = 7 * 4 + 16 * count
    val_start = key_start + len(ids)
    table = []
    for o1, l1, _o2, _l2 in offsets:
        table += [l1, o1 + key_start]
    vtable = []
    for _o1, _l1, o2, l2 in offsets:
        vtable += [l2, o2 + val_start]
    out = struct.pack("Iiiiiii", 0x950412DE, 0, count, 7 * 4, 7 * 4 + count * 8, 0, 0)
    out += struct.pack(f"{2 * count}i", *table) + struct.pack(f"{2 * count}i", *vtable)
    return out + ids + strs


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> tuple[str, ...]:
    """English (the source language), the languages shipped complete (:data:`COMPLETE`, in
    its order), then every other language with a catalogue by its code: the order F3 goes
    through them, so a language being added comes after the ones a floor already uses."""
    found = {path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")}
    shipped = [lang for lang in COMPLETE if lang in found]
    return ("en", *shipped, *sorted(found - set(shipped)))


# -- what the code uses --------------------------------------------------------------


def _literal(node) -> str | None:
    import ast

    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def extract(root: Path = PACKAGE) -> dict[tuple[str | None, str], tuple[str | None, str]]:
    """Every message id a marker call names with literals: (context, msgid) -> (plural, where)."""
    import ast

    found: dict[tuple[str | None, str], tuple[str | None, str]] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else None
            )
            if name not in MARKERS:
                continue
            has_ctx, has_plural = MARKERS[name]
            args = [_literal(arg) for arg in node.args]
            msgid_at = 1 if has_ctx else 0
            msgid = args[msgid_at] if len(args) > msgid_at else None
            if msgid is None:
                continue
            ctx = args[0] if has_ctx else None
            plural = args[msgid_at + 1] if has_plural and len(args) > msgid_at + 1 else None
            found[(ctx, msgid)] = (plural, f"{path.relative_to(root.parent)}:{node.lineno}")
    return found


def problems(lang: str, complete: bool | None = None) -> list[str]:
    """What is wrong with one catalogue: ids it has that the code no longer uses, wrong
    plural counts, format fields that differ from the English, an id twice; and, for a
    catalogue that must be ``complete`` (by default: a language of :data:`COMPLETE`), ids
    the code uses that it lacks and untranslated or fuzzy entries."""
    if complete is None:
        complete = lang in COMPLETE
    import string

    entries = parse_po(po_path(lang).read_text(encoding="utf-8"), str(po_path(lang)))
    used = extract()
    have = {entry.key: entry for entry in entries if entry.msgid}
    out = []
    seen: set = set()
    for entry in entries:
        if entry.msgid and entry.key in seen:
            out.append(f"twice: {entry.msgid!r} (line {entry.line})")
        seen.add(entry.key)
    nplurals = int(header(entries).get("Plural-Forms", "nplurals=2").split(";")[0].split("=")[1])
    for key, (_plural, where) in sorted(used.items(), key=lambda kv: kv[1][1]):
        if complete and key not in have:
            out.append(f"missing: {key[1]!r} ({where})")
    for key, entry in have.items():
        if key not in used:
            out.append(f"unused: {key[1]!r} (line {entry.line})")
            continue
        if complete and (entry.fuzzy or not all(entry.msgstr)):
            out.append(f"untranslated: {key[1]!r} (line {entry.line})")
        want_plural = used[key][0]
        if (entry.plural is None) != (want_plural is None) or (
            want_plural and entry.plural != want_plural
        ):
            out.append(f"plural differs from the code: {key[1]!r} (line {entry.line})")
        if entry.plural is not None and len(entry.msgstr) != nplurals:
            out.append(
                f"{len(entry.msgstr)} plural forms, not {nplurals}: {key[1]!r} (line {entry.line})"
            )
        fields = {field for _, field, _, _ in string.Formatter().parse(entry.msgid) if field}
        if entry.plural:
            fields |= {field for _, field, _, _ in string.Formatter().parse(entry.plural) if field}
        for translation in entry.msgstr:
            got = {field for _, field, _, _ in string.Formatter().parse(translation) if field}
            if not got <= fields:
                out.append(
                    f"format fields {sorted(got - fields)} not in the English: "
                    f"{key[1]!r} (line {entry.line})"
                )
    return out


def translated(lang: str) -> tuple[int, int]:
    """(messages the code marks that ``lang``'s catalogue translates, messages it marks)."""
    entries = parse_po(po_path(lang).read_text(encoding="utf-8"), str(po_path(lang)))
    done = {e.key for e in entries if e.msgid and not e.fuzzy and all(e.msgstr)}
    used = extract()
    return len(done & used.keys()), len(used)


def main() -> int:
    bad = 0
    for lang in languages()[1:]:
        for problem in problems(lang):
            print(f"{lang}: {problem}")
            bad += 1
        if lang not in COMPLETE:
            done, total = translated(lang)
            print(f"{lang}: {done} of {total} messages translated; the rest are said in English")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

"""A pseudo-locale for the tests: the catalogue of every message id the code marks, each
msgstr the English with every ASCII letter outside its {fields} swapped for an accented
one ("Blinds {sb}" -> "ƀĺîñđš {sb}"). Text that still holds an ASCII word after rendering
in it was never looked up in the catalogue."""

from __future__ import annotations

import re
import shutil
import string
from pathlib import Path

from floorkill.catalog import LOCALE_DIR, extract

PSEUDO = "xx"
_PLAIN = string.ascii_lowercase + string.ascii_uppercase
_ACCENTED = "åƀçđéƒĝĥîĵķĺɱñöþǫŕšŧûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŦÛṼŴẊÝŽ"
_SWAP = str.maketrans(_PLAIN, _ACCENTED)
# {fields}, and argparse's %-fields (its messages are in the catalogue as it writes them)
_FIELD = re.compile(r"(\{\{|\}\}|\{[^{}]*\}|%\([a-z_]+\)[sdr]|%[sdr])")


def pseudo(text: str) -> str:
    """``text`` with its letters swapped, its {fields} (and {{ }}) as they are."""
    return "".join(p if _FIELD.fullmatch(p) else p.translate(_SWAP) for p in _FIELD.split(text))


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def write_catalogue(root: Path) -> Path:
    """A locale folder at ``root``: the shipped catalogues and the pseudo one."""
    shutil.copytree(LOCALE_DIR, root, dirs_exist_ok=True)
    out = [
        'msgid ""',
        'msgstr ""',
        '"Language: xx\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
        "",
    ]
    for (context, msgid), (plural, _where) in sorted(
        extract().items(), key=lambda kv: (kv[0][0] or "", kv[0][1])
    ):
        if context is not None:
            out.append(f"msgctxt {_q(context)}")
        out.append(f"msgid {_q(msgid)}")
        if plural is None:
            out.append(f"msgstr {_q(pseudo(msgid))}")
        else:
            out += [
                f"msgid_plural {_q(plural)}",
                f"msgstr[0] {_q(pseudo(msgid))}",
                f"msgstr[1] {_q(pseudo(plural))}",
            ]
        out.append("")
    path = root / PSEUDO / "LC_MESSAGES" / "floorkill.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(out), encoding="utf-8")
    return root


def english_words(text: str, allowed: set[str]) -> list[str]:
    """The ASCII words of ``text`` (two letters or more) not in ``allowed``."""
    return [w for w in re.findall(r"[A-Za-z][A-Za-z']+", text) if w not in allowed]

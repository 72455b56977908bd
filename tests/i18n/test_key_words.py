"""Every key of the podium and its screens has its Russian word in the footer and the
Keys panel (the catalogue's, context "key", or the screen's own message): none is left
in English on a Russian screen."""

from __future__ import annotations

from floorkill.docgen import key_rows
from floorkill.i18n import language_codes

# the same in every language by nature: the languages' codes (F3)
SAME = {language_codes()}


def test_every_key_has_a_russian_word():
    left = [
        f"{screen}: {row.keys} {row.en!r}"
        for screen, rows in key_rows()
        for row in rows
        if row.en == row.ru and row.en not in SAME
    ]
    assert not left, "\n".join(left)

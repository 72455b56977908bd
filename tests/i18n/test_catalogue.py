"""The message catalogues: every id the code uses is translated, none is left over,
Russian plurals pick the right form, the .po compiles to what gettext reads."""

from __future__ import annotations

import gettext
import io

import pytest

from floorkill import catalog
from floorkill.i18n import (
    LANGS,
    default_lang,
    money,
    ngettext,
    normalize,
    ntr,
    number,
    set_lang,
    tr,
    translations,
)


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_catalogue_has_every_message_the_code_uses_and_no_other(lang):
    """And that the code marks messages the catalogue can find (one scan of the code, the
    one ``problems`` makes): the Russian catalogue has a report text (N_), a plural, a
    context (NC_) and the big screen's words, and ``problems`` reports a message it has
    that the extractor did not find ("unused") or found with another plural ("plural
    differs")."""
    if lang == "ru":
        entries = catalog.parse_po(catalog.po_path("ru").read_text(encoding="utf-8"))
        have = {entry.key: entry.plural for entry in entries if entry.msgid}
        assert have.get((None, "Shift report"), "absent") is None  # report texts (N_)
        assert have.get((None, "{n} hand")) == "{n} hands"
        assert have.get(("seat", "away"), "absent") is None  # a context (NC_)
        assert have.get((None, "KILL POT"), "absent") is None  # the big screen
    assert catalog.problems(lang) == []


def test_russian_plural_header_is_three_forms_in_the_russian_rule():
    entries = catalog.parse_po(catalog.po_path("ru").read_text(encoding="utf-8"))
    forms = catalog.header(entries)["Plural-Forms"]
    assert forms.startswith("nplurals=3;")
    plural = gettext.c2py(forms.split("plural=")[1].rstrip(";"))
    want = {
        0: 2,
        1: 0,
        2: 1,
        4: 1,
        5: 2,
        11: 2,
        12: 2,
        14: 2,
        21: 0,
        22: 1,
        25: 2,
        101: 0,
        111: 2,
        112: 2,
        1001: 0,
    }
    assert {n: plural(n) for n in want} == want


@pytest.mark.parametrize(
    "n, text",
    [
        (1, "1 раздача"),
        (2, "2 раздачи"),
        (5, "5 раздач"),
        (11, "11 раздач"),
        (21, "21 раздача"),
        (22, "22 раздачи"),
        (0, "0 раздач"),
        (12500, "12\u00a0500 раздач"),
    ],
)
def test_russian_hands_take_the_right_plural_form(n, text):
    assert ntr("{n} hand", "{n} hands", n, "ru") == text


def test_english_plurals_and_ids_are_the_english_text():
    assert ntr("{n} hand", "{n} hands", 1, "en") == "1 hand"
    assert ntr("{n} table", "{n} tables", 3, "en") == "3 tables"
    assert tr("KILL POT", "en") == "KILL POT"
    assert ngettext("{n} row", "{n} rows", 21, "ru") == "{n} запись"


def test_compiled_catalogue_is_what_gnu_gettext_reads():
    entries = catalog.parse_po(
        'msgid ""\nmsgstr "Plural-Forms: nplurals=3; plural=(n%10==1 '
        "&& n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || "
        'n%100>=20) ? 1 : 2);\\n"\n\nmsgctxt "seat"\nmsgid "away"\n'
        'msgstr "не за столом"\n\nmsgid "a"\nmsgid_plural "as"\n'
        'msgstr[0] "x"\nmsgstr[1] "y"\nmsgstr[2] "z"\n\n#, fuzzy\n'
        'msgid "b"\nmsgstr "draft"\n'
    )
    t = gettext.GNUTranslations(io.BytesIO(catalog.compile_mo(entries)))
    assert t.pgettext("seat", "away") == "не за столом" and t.gettext("away") == "away"
    assert [t.ngettext("a", "as", n) for n in (1, 3, 7)] == ["x", "y", "z"]
    assert t.gettext("b") == "b"  # fuzzy is left out


def test_a_broken_po_names_file_and_line():
    with pytest.raises(catalog.PoError, match=r"x.po:2"):
        catalog.parse_po('msgid "a"\nmsgstr "b\n', "x.po")


@pytest.mark.parametrize(
    "env, lang",
    [
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "ru_RU.UTF-8", "FLOORKILL_LANG": "en"}, "en"),
        ({"LANG": "en_US.UTF-8", "FLOORKILL_LANG": "ru"}, "ru"),
        ({"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),
        ({"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}, "en"),  # LC_ALL decides
        ({"LANGUAGE": "tlh:ru", "LANG": "en_US.UTF-8"}, "ru"),  # no Klingon catalogue
        ({"LANG": "tlh_US.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_language_comes_from_floorkill_lang_then_the_locale(env, lang):
    assert default_lang(env) == lang


def test_language_names_normalize():
    assert normalize("ru_RU.UTF-8") == normalize("RU") == normalize("ru-RU") == "ru"
    assert normalize("fr") is None and normalize("") is None


def test_set_lang_is_the_default_for_every_call(monkeypatch):
    monkeypatch.setenv("LANG", "C.UTF-8")
    try:
        assert set_lang("ru") == "ru" and tr("KILL POT") == "КИЛЛ-ПОТ"
        assert set_lang(None) == "en" and tr("KILL POT") == "KILL POT"
    finally:
        set_lang(None)


def test_money_and_numbers_the_russian_way():
    assert money(120000, "ru") == "1200\u00a0$" and money(450, "ru") == "4,50\u00a0$"
    assert money(1250000, "ru") == "12\u00a0500\u00a0$" and money(-2000, "ru") == "-20\u00a0$"
    assert money(120000, "en") == "$1200" and money(450, "en") == "$4.50"
    assert number(1500, "ru") == "1500" and number(15000, "en") == "15,000"


def test_translations_are_compiled_once():
    assert translations("ru") is translations("ru")


def _unquote_by_python(text: str, where: str) -> str:
    """Every string read as Python reads the literal (what catalog._unquote did for all)."""
    import ast

    try:
        return ast.literal_eval(text.strip())
    except (ValueError, SyntaxError):
        raise catalog.PoError(f"{where}: bad string {text}") from None


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_a_catalogue_reads_the_same_as_every_string_read_as_python_reads_it(lang, monkeypatch):
    text = catalog.po_path(lang).read_text(encoding="utf-8")
    fast = catalog.parse_po(text)
    monkeypatch.setattr(catalog, "_unquote", _unquote_by_python)
    assert catalog.parse_po(text) == fast and len(fast) > (100 if lang in catalog.COMPLETE else 1)


@pytest.mark.parametrize(
    "line, want",
    [
        ('"plain"', "plain"),
        ('"a \\"quote\\""', 'a "quote"'),
        ('"tab\\there"', "tab\there"),
        ('""', ""),
        ('"ünï — 🂡"', "ünï — 🂡"),
    ],
)
def test_unquote_reads_a_string_as_python_reads_it(line, want):
    assert catalog._unquote(line, "x.po:1") == want == _unquote_by_python(line, "x.po:1")


@pytest.mark.parametrize("line", ['"open', '"a " b"', "plain", '"bad \\q"x'])
def test_unquote_refuses_a_string_python_would_not_read(line):
    with pytest.raises(catalog.PoError, match="x.po:1"):
        catalog._unquote(line, "x.po:1")


def test_the_languages_shipped_complete_have_a_catalogue():
    """``catalog.COMPLETE``: a missing or untranslated message fails the check there; any
    other catalogue may be partial (docs/languages.md, Adding a language)."""
    assert set(catalog.COMPLETE) <= set(LANGS) and "ru" in catalog.COMPLETE


def test_a_language_being_added_comes_after_the_shipped_ones(tmp_path, monkeypatch):
    """F3 goes through ``catalog.languages()``: from English, Russian is still one press away
    when a German catalogue is added (which sorts before it by code)."""
    for lang in ("de", "ru"):
        path = tmp_path / lang / "LC_MESSAGES" / "floorkill.po"
        path.parent.mkdir(parents=True)
        path.write_text('msgid ""\nmsgstr ""\n', encoding="utf-8")
    monkeypatch.setattr(catalog, "LOCALE_DIR", tmp_path)
    assert catalog.languages() == ("en", "ru", "de")

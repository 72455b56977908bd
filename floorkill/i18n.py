"""Every user-visible string goes through here: gettext catalogues, Russian plurals,
the language in use, numbers and money as each language writes them.

Textual-free and Rich-free: the rules' texts, the CLI, the report and the UI all use it.

- Message ids are the English texts (``_("Shift report")``); English needs no catalogue.
- Other languages are ``floorkill/locale/<lang>/LC_MESSAGES/floorkill.po``, compiled to
  ``.mo`` bytes the first time the language is used (see :mod:`floorkill.catalog`) and
  read by the standard library's :class:`gettext.GNUTranslations` — plural rules come
  from the catalogue's ``Plural-Forms`` header (Russian: 1 раздача, 2 раздачи, 5 раздач).
- Every function takes an optional ``lang``; without it, the language in use
  (:func:`get_lang`): ``set_lang`` (F3 on a screen, ``--lang`` on the command line),
  else ``$FLOORKILL_LANG``, else the locale (``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/
  ``LANG``: ``ru_RU.UTF-8`` picks Russian), else English.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any

from floorkill.catalog import compile_mo, languages, parse_po, po_path

SOURCE_LANG = "en"
LANGS: tuple[str, ...] = languages()
_current: str | None = None


def normalize(lang: str | None) -> str | None:
    """ "ru_RU.UTF-8" / "ru-RU" / "RU" -> "ru"; None for a language we do not have."""
    if not lang:
        return None
    code = lang.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGS else None


def default_lang(environ: Mapping[str, str] | None = None) -> str:
    """``$FLOORKILL_LANG``, else the POSIX locale variables in gettext's order, else English."""
    env = os.environ if environ is None else environ
    chosen = normalize(env.get("FLOORKILL_LANG"))
    if chosen:
        return chosen
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:  # the first one set decides (LANGUAGE may list several)
            for part in value.split(":"):
                if normalize(part):
                    return normalize(part)  # type: ignore[return-value]
            if var != "LANGUAGE":
                return SOURCE_LANG
    return SOURCE_LANG


def get_lang() -> str:
    global _current
    if _current is None:
        _current = default_lang()
    return _current


def set_lang(lang: str | None) -> str:
    """Use ``lang`` from now on (None: back to the environment's choice, read again when
    next needed); returns it."""
    global _current
    _current = normalize(lang) if lang else None
    return _current or default_lang()


def language_codes() -> str:
    """Every language's code, "EN/RU" (the F3 key's English word)."""
    return "/".join(code.upper() for code in LANGS)


def languages_in(text: str) -> str:
    """``text`` with ``{languages}`` filled in: every language's code from :data:`LANGS`
    ("EN/RU", the F3 key's word), so a new catalogue adds itself."""
    return text.replace("{languages}", language_codes()) if "{languages}" in text else text


def next_lang(lang: str | None = None) -> str:
    """The language after ``lang`` in the F3 cycle."""
    lang = normalize(lang) or get_lang()
    return LANGS[(LANGS.index(lang) + 1) % len(LANGS)]


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    if lang == SOURCE_LANG or lang not in LANGS:
        return _gettext.NullTranslations()
    import io

    path = po_path(lang)
    mo = compile_mo(parse_po(path.read_text(encoding="utf-8"), str(path)))
    return _gettext.GNUTranslations(io.BytesIO(mo))


def _pick(lang: str | None) -> _gettext.NullTranslations:
    return translations(normalize(lang) or get_lang())


def gettext(message: str, lang: str | None = None) -> str:
    return _pick(lang).gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    return _pick(lang).ngettext(singular, plural, n)


def pgettext(context: str, message: str, lang: str | None = None) -> str:
    return _pick(lang).pgettext(context, message)


def N_(message: str) -> str:
    """Marks a message id for the catalogue where it is defined; translated where used."""
    return message


def NC_(context: str, message: str) -> str:
    """:func:`N_` for a message in a context (translate it with :func:`ptr`)."""
    return message


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """:func:`N_` for a message with a count: (singular, plural), translated with
    :func:`ngettext` where used."""
    return singular, plural


class Translated(Mapping[str, str]):
    """An English message id read in each language of the catalogue, as a mapping:
    ``title["ru"]``, ``title.get(lang)``; a language without a catalogue is no key."""

    __slots__ = ("msgid", "context")

    def __init__(self, msgid: str, context: str | None = None) -> None:
        self.msgid = msgid
        self.context = context

    def __getitem__(self, lang: str) -> str:
        if lang not in LANGS:
            raise KeyError(lang)
        if self.context is not None:
            return pgettext(self.context, self.msgid, lang)
        return gettext(self.msgid, lang)

    def __iter__(self) -> Iterator[str]:
        return iter(LANGS)

    def __len__(self) -> int:
        return len(LANGS)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Translated):
            return (self.context, self.msgid) == (other.context, other.msgid)
        return super().__eq__(other)

    def __hash__(self) -> int:
        return hash((self.context, self.msgid))

    def __repr__(self) -> str:
        return f"T_({self.msgid!r})"


def T_(message: str) -> Translated:
    """:func:`N_` for a text kept as a :class:`Translated` (read it in any language)."""
    return Translated(message)


def tr(message: str, lang: str | None = None, /, **params: Any) -> str:
    """``gettext`` then ``str.format(**params)``."""
    text = gettext(message, lang)
    return text.format(**params) if params else text


def ptr(context: str, message: str, lang: str | None = None, /, **params: Any) -> str:
    text = pgettext(context, message, lang)
    return text.format(**params) if params else text


def ntr(singular: str, plural: str, n: int, lang: str | None = None, /, **params: Any) -> str:
    """``ngettext`` then ``str.format(n=n, **params)`` (``{n}`` is written the local way)."""
    return ngettext(singular, plural, n, lang).format(n=number(n, lang), **params)


# -- texts said later: a key and its parameters --------------------------------------


class Amount(int):
    """A parameter that is an amount of money in cents: written the language's way where a
    :class:`Phrase` is said ("$4.50", "4,50 $"); ``grouped``: thousands grouped in every
    language ("$10,000,000")."""

    grouped: bool

    def __new__(cls, cents: int, grouped: bool = False) -> Amount:
        self = super().__new__(cls, cents)
        self.grouped = grouped
        return self


class Phrase:
    """A text said where it is shown: its message id (the English), an optional context and
    its parameters, rendered in the screen's language by :meth:`text` (never English prose
    read back). A parameter that is a :class:`Phrase` is said in the same language, an
    :class:`Amount` as money; anything else (a name, a quoted value) is data, as it is.
    ``str()`` is the English."""

    __slots__ = ("msgid", "context", "params")

    def __init__(self, msgid: str, /, context: str | None = None, **params: Any) -> None:
        self.msgid = msgid
        self.context = context
        self.params = params

    def text(self, lang: str | None = None) -> str:
        template = (
            gettext(self.msgid, lang)
            if self.context is None
            else pgettext(self.context, self.msgid, lang)
        )
        if not self.params:
            return template
        return template.format(**{k: said(v, lang) for k, v in self.params.items()})

    def __str__(self) -> str:
        return self.text(SOURCE_LANG)

    def _key(self) -> tuple[Any, ...]:
        return (self.msgid, self.context, tuple(sorted(self.params.items())))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Phrase({self.msgid!r}, {self.params!r})"


class NPhrase(Phrase):
    """A :class:`Phrase` with a count ``n``: its plural form in the language said
    (``ngettext``), ``{n}`` written the local way."""

    __slots__ = ("plural", "n")

    def __init__(self, singular: str, plural: str, n: int, /, **params: Any) -> None:
        super().__init__(singular, **params)
        self.plural = plural
        self.n = n

    def text(self, lang: str | None = None) -> str:
        template = ngettext(self.msgid, self.plural, self.n, lang)
        return template.format(
            n=number(self.n, lang), **{k: said(v, lang) for k, v in self.params.items()}
        )

    def _key(self) -> tuple[Any, ...]:
        return (*super()._key(), self.plural, self.n)


class Spoken(Phrase):
    """A text another part says in each language itself (a rules refusal's
    ``text(lang)``), usable as a :class:`Phrase` parameter."""

    __slots__ = ("say",)

    def __init__(self, say: Callable[[str], str]) -> None:
        super().__init__("")
        self.say = say

    def text(self, lang: str | None = None) -> str:
        return self.say(normalize(lang) or get_lang())

    def _key(self) -> tuple[Any, ...]:
        return (self.say,)


class Said(str):
    """A :class:`Phrase` kept with its English text: a ``str`` everywhere a text is (a log,
    a list of problems, a test's ``in``), said in another language with :meth:`text`."""

    phrase: Phrase

    def __new__(cls, phrase: Phrase) -> Said:
        self = super().__new__(cls, phrase.text(SOURCE_LANG))
        self.phrase = phrase
        return self

    def text(self, lang: str | None = None) -> str:
        return self.phrase.text(lang)


def in_lang(text: str, lang: str | None = None) -> str:
    """``text`` in ``lang`` when it is :class:`Said`; any other text as it is."""
    return text.text(lang) if isinstance(text, Said) else text


def quoted(value: object, limit: int = 60) -> str:
    """``repr(value)`` for a :class:`Phrase` to quote what was given, cut to ``limit``
    characters with "…" (a 10 MB value is not echoed whole)."""
    text = (
        repr(value)
        if not isinstance(value, str) or len(value) <= 4 * limit
        else repr(value[: 4 * limit])
    )
    return text if len(text) <= limit else text[: limit - 1] + "…"


def said(value: Any, lang: str | None = None) -> Any:
    """A parameter as a text shows it in ``lang``: a :class:`Phrase` (or an error carrying
    one as ``.phrase``) said, an :class:`Amount` as money, anything else as it is."""
    if isinstance(value, Phrase | Said):
        return value.text(lang)
    carried = getattr(value, "phrase", None) if isinstance(value, BaseException) else None
    if isinstance(carried, Phrase):  # an error that carries its phrase (PhraseError, ...)
        return carried.text(lang)
    if isinstance(value, Amount):
        return money(value, lang, grouped=value.grouped)
    return value


def error_text(exc: BaseException, lang: str | None = None) -> str:
    """An error as a screen says it: the phrase it carries (``.phrase``: a journal's, a
    form's) in ``lang``; any other (a library's, a bug) by its type and its own text."""
    phrase = getattr(exc, "phrase", None)
    if isinstance(phrase, Phrase):
        return phrase.text(lang)
    return f"{type(exc).__name__}: {exc}"


class PhraseError(ValueError):
    """An error that says what is wrong as a :class:`Phrase` (``.phrase``): shown in the
    screen's language with :meth:`text`; ``str()`` is the English."""

    def __init__(self, message: str | Phrase, /, **params: Any) -> None:
        self.phrase = message if isinstance(message, Phrase) else Phrase(message, **params)
        super().__init__(str(self.phrase))

    def text(self, lang: str | None = None) -> str:
        return self.phrase.text(lang)


# -- numbers and money ---------------------------------------------------------------

NBSP = "\u00a0"  # Russian groups thousands with a non-breaking space: 12 500


def number(n: int, lang: str | None = None) -> str:
    """``n`` as ``lang`` writes it (:func:`floorkill.number_format.number`)."""
    from floorkill.number_format import number as said

    return said(n, lang)


def money(cents: int, lang: str | None = None, *, grouped: bool = False) -> str:
    """``cents`` as ``lang`` writes money (:func:`floorkill.number_format.money`)."""
    from floorkill.number_format import money as said

    return said(cents, lang, grouped=grouped)


__all__ = [
    "language_codes",
    "languages_in",
    "Amount",
    "Said",
    "Spoken",
    "error_text",
    "in_lang",
    "NPhrase",
    "Phrase",
    "PhraseError",
    "quoted",
    "said",
    "LANGS",
    "NC_",
    "N_",
    "NN_",
    "T_",
    "Translated",
    "NBSP",
    "SOURCE_LANG",
    "_",
    "default_lang",
    "get_lang",
    "gettext",
    "money",
    "next_lang",
    "ngettext",
    "normalize",
    "number",
    "pgettext",
    "ptr",
    "set_lang",
    "tr",
    "ntr",
    "translations",
]

"""The side screens speak the podium's language (the app's ``lang``, F3) and switch with it.

:class:`Speaks` is a mixin for a screen: ``self.lang`` is the language given to it, else
the app's (the podium's ``lang``), else the language in use (:func:`floorkill.i18n.get_lang`);
F3 on the screen (:meth:`Speaks.action_language`) switches the app's language — the podium
under the screen follows it — and calls the screen's :meth:`Speaks.speak` to redraw its
words. The screens' key lines (:class:`~floorkill.ui.widgets.key_line.KeyLine`) say each
key's description (a catalogue id: mark it ``NC_("key", "Back")`` in ``BINDINGS``) in the
screen's language.
"""

from __future__ import annotations

from typing import Any, cast

from textual.screen import Screen

from floorkill.i18n import NC_, get_lang, next_lang, normalize


class Speaks:
    """Mixin of a :class:`~textual.screen.Screen`: its language and F3."""

    _lang: str | None = None

    @property
    def _screen(self) -> Screen[Any]:
        """The screen this mixin is part of (every user is a Screen), typed as one."""
        return cast("Screen[Any]", self)

    @property
    def lang(self) -> str:
        if self._lang:
            return self._lang
        try:
            app_lang = getattr(self._screen.app, "lang", None)
        except RuntimeError:  # not mounted yet: no app (Textual says so with a RuntimeError)
            app_lang = None
        return normalize(app_lang) or get_lang()

    @lang.setter
    def lang(self, value: str | None) -> None:
        self._lang = normalize(value)

    def action_language(self) -> None:
        """F3: the app's language switches (the podium under this screen follows), then
        this screen's words."""
        app = self._screen.app
        switch = getattr(app, "action_language", None)
        if callable(switch) and getattr(app, "lang", None) is not None:
            switch()
            self._lang = normalize(getattr(app, "lang", None))
        else:
            self._lang = next_lang(self.lang)
        self.speak()
        self._screen.refresh_bindings()  # the key line, in the new language

    def speak(self) -> None:
        """Redraw every word in ``self.lang`` (each screen says what it shows)."""


# F3's word: every language's code ("EN/RU"; floorkill.i18n.languages_in fills it in)
LANGUAGE_KEY = NC_("key", "{languages}")

# the app's own keys these screens' footers show too (the podium's BINDINGS name them)
APP_KEYS = (NC_("key", "Quit"), NC_("key", "Theme"), NC_("key", "Commands"))


__all__ = ["LANGUAGE_KEY", "Speaks"]

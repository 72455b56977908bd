"""The UI's tables of texts: each key names a message id of the catalogue (or a
(context, id) pair); :func:`pick` translates and formats (floorkill.i18n does the work)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from floorkill.i18n import pgettext, said, tr


def pick(
    table: Mapping[str, str | tuple[str, str]], key: str, lang: str | None = "en", **params: Any
) -> str:
    """``table[key]`` in ``lang``, formatted with ``params``."""
    entry = table[key]
    params = {
        name: said(value, lang) for name, value in params.items()
    }  # a reason: said in ``lang``
    if isinstance(entry, tuple):
        return pgettext(entry[0], entry[1], lang).format(**params)
    return tr(entry, lang).format(**params)

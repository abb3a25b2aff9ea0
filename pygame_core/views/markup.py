"""HTML as a type, so that escaping is checked by mypy rather than left to habit.

``Markup`` is text that is already HTML.  Only three things make one: ``escape(value)``
(any text, made safe), ``html(template, **values)`` (a literal template whose fields are
escaped unless they are Markup already) and ``Markup.join``.  A helper that takes
``Markup`` therefore refuses a plain ``str``: the caller must say whether it is text
(``escape``) or HTML it built (``html``).  Concatenating Markup with ``+`` or an f-string
gives a plain ``str`` again, which such a helper refuses.  Pure Python, no package: it
costs the page nothing at start-up.
"""

from __future__ import annotations

import html as _html
from collections.abc import Iterable
from typing import LiteralString


class Markup(str):
    """Text that is HTML already: inserted as it is, never escaped again."""

    __slots__ = ()

    def __html__(self) -> Markup:  # the convention markupsafe and Jinja share
        return self

    def join(self, parts: Iterable[str]) -> Markup:
        """The parts joined by this separator, each escaped unless it is Markup."""
        return Markup(str.join(self, (escape(p) for p in parts)))


def escape(value: object) -> Markup:
    """``value`` as HTML text, safe in content and in quoted attributes; Markup is kept."""
    if isinstance(value, Markup):
        return value
    return Markup(_html.escape(str(value), quote=True))


def html(template: LiteralString, /, **values: object) -> Markup:
    """``template`` with its ``{name}`` fields filled, each value escaped unless Markup."""
    return Markup(template.format(**{name: escape(v) for name, v in values.items()}))


def text_html(message: str, /, **values: object) -> Markup:
    """A translated message (text, escaped) with its ``{name}`` fields filled, each value
    escaped unless Markup: a whole sentence may hold markup (a button, a bold word) in
    whatever place the translation puts it."""
    return Markup(escape(message).format(**{name: escape(v) for name, v in values.items()}))

"""Every word the table says, in the player's language: the standard library's gettext.

Messages are whole sentences with named placeholders, so that a translation may change
the word order and the case a card's name takes::

    _("{player} took the {card}.").format(player=name, card=card_name)
    ngettext("{count} card", "{count} cards", n).format(count=number(n))
    pgettext("trick game", "Hand")     # context where one English word has two meanings

Text kept at module level is only marked with ``N_`` and translated where it is shown.

The catalogues are ``locale/<lang>/LC_MESSAGES/messages.po`` at the repository's root,
extracted and compiled with Babel at build time (``build.py``); the compiled ``.mo`` files
go into ``pygame_core/locale`` (for the terminal and the tests) and ``dist/locale`` (the
page fetches only the chosen language's).  English is the source language and needs no
catalogue.  One language is in use at a time, for the whole process: the page and the
terminal each show one table.
"""

from __future__ import annotations

import gettext
import io
import re
from pathlib import Path

SOURCE_LANGUAGE = "en"
# Language code -> its own name, as the Settings switch lists it.
LANGUAGES = {"en": "English", "lt": "Lietuvių", "el": "Ελληνικά"}
DOMAIN = "messages"
COMPILED = Path(__file__).resolve().parent / "locale"  # build.py compiles the .po here

# The pseudo-language of the tests: every translated message between these marks, so that
# a screen's text outside them has escaped the translation layer.
PSEUDO = "qps"
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"
_PLACEHOLDER = re.compile(r"(?<!\{)\{[^{}]*\}(?!\})")  # "{name}", not "{{"


class _Pseudo(gettext.NullTranslations):
    """Each message between the marks, and each of its placeholders outside them: what
    fills a placeholder must bring its own marks, so untranslated text passed into a
    translated sentence shows too."""

    def gettext(self, message: str) -> str:
        return PSEUDO_OPEN + _PLACEHOLDER.sub(
            lambda m: PSEUDO_CLOSE + m.group(0) + PSEUDO_OPEN, message) + PSEUDO_CLOSE

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def _(message: str) -> str:
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _translations.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Marks a message for extraction where it is defined; ``_()`` translates it where
    it is shown."""
    return message


def language() -> str:
    return _language


def use(code: str, catalogue: bytes | None = None) -> str:
    """Speak ``code`` from now on, from the compiled catalogue's bytes when given (the page
    fetches them), else from ``pygame_core/locale``.  An unknown language, or one whose
    catalogue is missing, falls back to English.  Returns the language now in use."""
    global _translations, _language
    if code == PSEUDO:
        _translations, _language = _Pseudo(), PSEUDO
        return _language
    if code not in LANGUAGES or code == SOURCE_LANGUAGE:
        _translations, _language = gettext.NullTranslations(), SOURCE_LANGUAGE
        return _language
    if catalogue is None:
        path = COMPILED / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
        if not path.exists():
            _translations, _language = gettext.NullTranslations(), SOURCE_LANGUAGE
            return _language
        catalogue = path.read_bytes()
    _translations, _language = gettext.GNUTranslations(io.BytesIO(catalogue)), code
    return _language


def choose(wanted: list[str]) -> str:
    """The first offered language among ``wanted`` (a browser's ``navigator.languages``,
    most wanted first: "lt-LT" counts as "lt"), else English."""
    for tag in wanted:
        code = tag.strip().lower().replace("_", "-").split("-")[0]
        if code in LANGUAGES:
            return code
    return SOURCE_LANGUAGE


def number(value: float, digits: int = 0) -> str:
    """``value`` written with the language's decimal mark and digit grouping (CLDR's, as
    the catalogue's translators copied them: tests/test_i18n.py checks them with Babel)."""
    text = f"{value:,.{digits}f}"
    if _language == PSEUDO:
        return text
    marks = {".": pgettext("decimal mark", "."), ",": pgettext("digit group mark", ",")}
    return "".join(marks.get(ch, ch) for ch in text)


def listing(items: list[str]) -> str:
    """``items`` as a sentence lists them: "a", "a and b", "a, b and c"."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    head = items[0]
    for item in items[1:-1]:
        head = _("{list}, {item}").format(list=head, item=item)
    return _("{list} and {last}").format(list=head, last=items[-1])

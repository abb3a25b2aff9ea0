"""The words of the page's own frame (web/index.html: the bar, the strip, the dialog's
foot, the update notice), in the player's language.

index.html writes them in English, each element marked ``data-msg`` (its text) or
``data-msg-label`` (its ``aria-label``) with the English message; the page replaces them
with ``chrome_text`` once the language's catalogue is loaded, and again after a switch in
Settings.  ``MESSAGES`` lists them for extraction: tests/test_i18n.py checks that it holds
every message index.html marks, and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import N_, _

MESSAGES = (
    N_("Card table"),
    N_("Menu"),
    N_("Game"),
    N_("New game"),
    N_("Saves"),
    N_("Copy link"),
    N_("Embed"),
    N_("Pace"),
    N_("Slow"),
    N_("Normal"),
    N_("Fast"),
    N_("Instant"),
    N_("Help"),
    N_("Settings"),
    N_("Statistics"),
    N_("Table"),
    N_("Hint"),
    N_("Undo"),
    N_("History"),
    N_("Undo that play"),
    N_("Shuffling the cards…"),
    N_("Loading"),
    N_("Plays"),
    N_("Close"),
    N_("A new version of the card table is ready."),
    N_("Update"),
    N_("(your game is kept)"),
    # Said by the page itself when it copies text for the player (web/page.js's copy).
    N_("Link copied: "),
    N_("Copied: "),
    N_("Copy this link: "),
    N_("Copy this text: "),
)


# Shown before Python runs (web/boot.js: the loading screen's words and the notice of a
# runtime that failed; web/embed.js: the poster of a table not loaded yet).  build.py
# writes their translations from the compiled catalogues into those two scripts.
BEFORE_PYTHON = (
    N_("Shuffling the cards…"),
    N_("The table has stopped"),
    N_("Its Python runtime failed and cannot go on. Your saves are kept: reload the page to "
       "play on."),
    N_("Reload the page"),
    N_("Card game against the computer"),
    N_("Play"),
    # Translators: the button of an embedded table's poster, read aloud ("Play Avinas").
    N_("Play {game}"),
    N_("Loading…"),
    # Translators: an embedded table's frame title ("Avinas card table").
    N_("{game} card table"),
    N_("Card table"),
    N_("Avissinia"),
    N_("Avinas"),
    N_("Abyssinia"),
)


def before_python_words(translate: Callable[[str], str]) -> dict[str, str]:
    """The words shown before Python runs, English -> as ``translate`` gives them."""
    return {message: translate(message) for message in BEFORE_PYTHON}


def chrome_text(message: str) -> str:
    """``message`` (one of ``MESSAGES``, as index.html marks it) in the language in use;
    anything else is returned unchanged (a page newer than the package)."""
    return _(message) if message in MESSAGES else message

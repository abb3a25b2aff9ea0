"""Small helpers for the words the package says, below every layer that says them."""

from __future__ import annotations

from .i18n import _, pgettext


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def sentence(text: str) -> str:
    """``text`` with its first letter made a capital and the rest left as they are (not
    ``str.capitalize``, which would make "East's" "east's")."""
    return text[:1].upper() + text[1:]


def hint_text(label: str, reason: str) -> str:
    """A suggested move as the hint says it (and a review's mark): its spoken name and the
    reason given for it."""
    if label and reason:
        # Translators: {play} is the suggested move, {reason} the coach's reasons for it.
        return _("Hint: {play}. Why: {reason}.").format(play=label, reason=reason)
    if label:
        return _("Hint: {play}.").format(play=label)
    if reason:
        return _("Hint. Why: {reason}.").format(reason=reason)
    return _("Hint.")


def suit_name(suit: int) -> str:
    """A suit's name in the player's language (clubs, diamonds, hearts, spades: the order
    of ``cards.SUITS``), nominative plural: "hearts"."""
    return (pgettext("suit", "clubs"), pgettext("suit", "diamonds"),
            pgettext("suit", "hearts"), pgettext("suit", "spades"))[suit]


def rank_plural(rank: int) -> str:
    """A rank's name in the plural ("kings", "sixes"), from two (0) to ace (12)."""
    return (pgettext("ranks", "twos"), pgettext("ranks", "threes"),
            pgettext("ranks", "fours"), pgettext("ranks", "fives"),
            pgettext("ranks", "sixes"), pgettext("ranks", "sevens"),
            pgettext("ranks", "eights"), pgettext("ranks", "nines"),
            pgettext("ranks", "tens"), pgettext("ranks", "jacks"),
            pgettext("ranks", "queens"), pgettext("ranks", "kings"),
            pgettext("ranks", "aces"))[rank]


def rank_name(rank: int) -> str:
    """A rank's name ("king", "six"), from two (0) to ace (12)."""
    return (pgettext("rank", "two"), pgettext("rank", "three"), pgettext("rank", "four"),
            pgettext("rank", "five"), pgettext("rank", "six"), pgettext("rank", "seven"),
            pgettext("rank", "eight"), pgettext("rank", "nine"), pgettext("rank", "ten"),
            pgettext("rank", "jack"), pgettext("rank", "queen"), pgettext("rank", "king"),
            pgettext("rank", "ace"))[rank]

"""Playing cards: a small immutable card type and the 52- and 32-card packs.

A card's text form is rank then suit, e.g. ``Q♣``; the ASCII spelling ``QC`` parses too
and is what ``card.code`` gives (used in action texts, which must survive URLs and HTML
attributes).  ``10`` and ``T`` both read as ten.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import NamedTuple

from .i18n import _, pgettext
from .words import rank_name

RANKS = "23456789TJQKA"  # index 0..12, two .. ace
SUITS = "CDHS"  # clubs, diamonds, hearts, spades
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
)

TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(13)
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


class CardError(ValueError):
    """A card text that names no card."""


class Card(NamedTuple):
    """One card; ``rank`` 0..12 (two..ace), ``suit`` 0..3 (clubs, diamonds, hearts, spades)."""

    rank: int
    suit: int

    def __str__(self) -> str:
        return _RANK_TEXT[self.rank] + SUIT_SYMBOLS[self.suit]

    @property
    def code(self) -> str:
        """ASCII form, e.g. ``QC`` or ``10H``: safe in URLs, attributes and file names."""
        return _RANK_TEXT[self.rank] + SUITS[self.suit]

    @property
    def number(self) -> int:
        """0..51, suit by suit."""
        return self.suit * 13 + self.rank

    @property
    def name(self) -> str:
        """Spoken name in the language in use, e.g. ``queen of clubs``."""
        return card_name(self.rank, self.suit)

    @property
    def short(self) -> str:
        """The short name as the player reads it (``Q♣``; the rank mark in the language in
        use).  ``str(card)`` stays the same in every language: it is a format."""
        return rank_mark(self.rank) + SUIT_SYMBOLS[self.suit]

    @staticmethod
    def parse(text: str) -> Card:
        return parse_card(text)


def card_name(rank: int, suit: int) -> str:
    """A card's spoken name (``queen of clubs``) in the language in use."""
    # Translators: the suit as it stands in a card's name ("queen of clubs"); in
    # Lithuanian the genitive ("kryžių dama").
    suits = (pgettext("suit in a card's name", "clubs"),
             pgettext("suit in a card's name", "diamonds"),
             pgettext("suit in a card's name", "hearts"),
             pgettext("suit in a card's name", "spades"))
    # Translators: a card's spoken name, e.g. "queen of clubs".
    return pgettext("card name", "{rank} of {suit}").format(rank=rank_name(rank),
                                                            suit=suits[suit])


def rank_mark(rank: int) -> str:
    """The rank as printed on a card's corner: digits, or a letter in the language in use."""
    if rank < JACK:
        return _RANK_TEXT[rank]
    return (pgettext("rank mark", "J"), pgettext("rank mark", "Q"), pgettext("rank mark", "K"),
            pgettext("rank mark", "A"))[rank - JACK]


_RANK_TEXT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
ALL_CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in range(4) for r in range(13))


def _build_lookup() -> dict[str, Card]:
    table: dict[str, Card] = {}
    for card in ALL_CARDS:
        rank_spellings = [_RANK_TEXT[card.rank], RANKS[card.rank]]
        suit_spellings = [SUITS[card.suit], SUIT_SYMBOLS[card.suit], SUITS[card.suit].lower()]
        for r in rank_spellings:
            for s in suit_spellings:
                table[r + s] = card
                table[r.lower() + s] = card
    return table


_LOOKUP = _build_lookup()


def parse_card(text: str) -> Card:
    """Read ``Q♣``, ``QC``, ``qc``, ``10H`` or ``TH``; raise CardError otherwise."""
    card = _LOOKUP.get(text.strip()) if isinstance(text, str) else None
    if card is None:
        raise CardError(_("not a card: {text} (expected rank then suit, like QC or Q♣)").format(
            text=repr(text)))
    return card


def parse_cards(texts: list[str] | str) -> list[Card]:
    """Read a list of card texts, or one string of them separated by spaces or commas."""
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    return [parse_card(t) for t in texts]


def full_pack() -> list[Card]:
    """The 52-card pack in a fixed order."""
    return list(ALL_CARDS)


def short_pack() -> list[Card]:
    """The 32-card pack (sevens to aces) in a fixed order."""
    return [c for c in ALL_CARDS if c.rank >= SEVEN]


# --- card counting (shared by the opponents and the replay codec's frozen predictor: pure
# arithmetic, nothing there to retune) ---------------------------------------------------
@functools.cache
def chance_of_any(unseen: int, drawn: int, good: int) -> float:
    """The chance that ``drawn`` cards dealt from ``unseen`` cards include at least one of
    the ``good`` ones among them (one minus the hypergeometric chance of none)."""
    if good <= 0 or drawn <= 0 or unseen <= 0:
        return 0.0
    none = 1.0
    for i in range(min(drawn, unseen)):
        none *= max(0, unseen - good - i) / (unseen - i)
    return 1.0 - none


def rank_counts(cards: Iterable[Card]) -> list[int]:
    """How many of each rank (index 0..12, two .. ace)."""
    counts = [0] * 13
    for card in cards:
        counts[card[0]] += 1
    return counts


def suit_counts(cards: Iterable[Card]) -> list[int]:
    """How many of each suit (index 0..3, ``SUITS`` order)."""
    counts = [0] * 4
    for card in cards:
        counts[card[1]] += 1
    return counts

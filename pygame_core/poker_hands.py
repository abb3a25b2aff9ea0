"""Five-card poker hands: high (normal poker order) and ace-to-five low, by table lookup.

``high_key(cards)`` and ``low_key(cards)`` take exactly five cards (anything indexable as
``(rank, suit)`` with rank 0..12 two..ace, like ``cards.Card``) and return an int: in both
the *greater key is the better hand* and equal keys are equal hands (suits never break
ties).  Keys are dense: high keys run 0..7461 (one per class of equal high hands), low keys
0..6174 (one per multiset of ranks).

Speed matters (Monte Carlo opponents evaluate many hands): the tables below are built once
at import from every multiset of five ranks, and an evaluation is a sum of five powers of 8
(a rank multiset's signature: three bits of count per rank) plus one dict lookup.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement
from typing import Any

from .i18n import _, pgettext
from .words import rank_name, rank_plural

# High categories, weakest first.
(HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE,
 FOUR_OF_A_KIND, STRAIGHT_FLUSH) = range(9)
CATEGORY_NAMES = (
    "high card", "one pair", "two pair", "three of a kind", "straight", "flush",
    "full house", "four of a kind", "straight flush",
)
PLURALS = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "jacks", "queens", "kings", "aces",
)
ACE = 12
# Count pattern (counts sorted high first) -> category before straights and flushes; the
# same order ranks low hands from best (no pair) to worst (four of a kind).
_PATTERNS = {
    (1, 1, 1, 1, 1): HIGH_CARD, (2, 1, 1, 1): ONE_PAIR, (2, 2, 1): TWO_PAIR,
    (3, 1, 1): THREE_OF_A_KIND, (3, 2): FULL_HOUSE, (4, 1): FOUR_OF_A_KIND,
}

_WEIGHT = tuple(1 << (3 * r) for r in range(13))  # signature weight of one card of rank r

# A hand's strength before it is made dense: (category, ranks that decide ties, best first).
Strength = tuple[int, tuple[int, ...]]


def _groups(ranks: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Counts and ranks ordered by count, then rank, both descending (the tie-break order)."""
    counted = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    return tuple(c for c, _ in counted), tuple(r for _, r in counted)


def _straight_top(ranks: Sequence[int]) -> int | None:
    """The top rank of a straight made by five distinct ranks, or None; A-2-3-4-5 tops at 5."""
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return None
    if distinct[4] - distinct[0] == 4:
        return distinct[4]
    if distinct == [0, 1, 2, 3, ACE]:
        return 3  # the wheel: the five is its top card
    return None


def _high_strength(ranks: Sequence[int], suited: bool) -> Strength:
    counts, ordered = _groups(ranks)
    category = _PATTERNS[counts]
    top = _straight_top(ranks)
    if top is not None:
        return (STRAIGHT_FLUSH if suited else STRAIGHT), (top,)
    if suited:
        return FLUSH, ordered
    return category, ordered


def _low_strength(ranks: Sequence[int]) -> Strength:
    """Badness of an ace-to-five low: ace counts as below the two; pairs count against."""
    low_ranks = [(r + 1) % 13 for r in ranks]  # ace 0, two 1, ..., king 12
    counts, ordered = _groups(low_ranks)
    return _PATTERNS[counts], ordered


Table = dict[tuple[int, bool], Strength]  # (rank signature, suited) -> strength


def _dense(strengths: Table) -> tuple[dict[tuple[int, bool], int], list[Strength]]:
    classes = sorted(set(strengths.values()))
    index = {s: i for i, s in enumerate(classes)}
    return {k: index[s] for k, s in strengths.items()}, classes


def _build() -> tuple[dict[int, int], dict[int, int], dict[int, int], list[Strength], list[Strength]]:  # noqa: E501
    high: Table = {}
    low: Table = {}
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue  # five of a kind needs a joker
        sig = sum(_WEIGHT[r] for r in ranks)
        high[sig, False] = _high_strength(ranks, False)
        if len(set(ranks)) == 5:
            high[sig, True] = _high_strength(ranks, True)
        low[sig, False] = _low_strength(ranks)
    high_index, high_classes = _dense(high)
    low_index, low_classes = _dense(low)
    worst_low = len(low_classes) - 1
    plain = {sig: k for (sig, suited), k in high_index.items() if not suited}
    flush = {sig: k for (sig, suited), k in high_index.items() if suited}
    # Low strengths sort best first; flip them so that, as for high, greater is better.
    low_keys = {sig: worst_low - k for (sig, _), k in low_index.items()}
    return plain, flush, low_keys, high_classes, low_classes[::-1]


_HIGH, _HIGH_FLUSH, _LOW, HIGH_CLASSES, LOW_CLASSES = _build()
HIGH_KEYS = len(HIGH_CLASSES)  # 7462
LOW_KEYS = len(LOW_CLASSES)  # 6175


def high_key(cards: Sequence[Any]) -> int:
    """Strength of five cards as a high hand: greater is better, equal is a tie."""
    a, b, c, d, e = cards
    w = _WEIGHT
    sig = w[a[0]] + w[b[0]] + w[c[0]] + w[d[0]] + w[e[0]]
    if a[1] == b[1] == c[1] == d[1] == e[1]:
        return _HIGH_FLUSH[sig]
    return _HIGH[sig]


def low_key(cards: Sequence[Any]) -> int:
    """Strength of five cards as an ace-to-five low hand: greater is better (lower)."""
    a, b, c, d, e = cards
    w = _WEIGHT
    return _LOW[w[a[0]] + w[b[0]] + w[c[0]] + w[d[0]] + w[e[0]]]


# A hand with a pair or better, named alike high and low: its category's words around the
# plural names of its grouped ranks (the first, and for two pair and a full house, the second).
def _grouped(category: int, ranks: Sequence[int]) -> str:
    first = rank_plural(ranks[0])
    second = rank_plural(ranks[1]) if len(ranks) > 1 else ""
    if category == ONE_PAIR:
        # Translators: a poker hand, e.g. "pair of nines"; {ranks} is a rank's plural.
        return _("pair of {ranks}").format(ranks=first)
    if category == TWO_PAIR:
        # Translators: a poker hand, two pair: "nines and fours" (the ranks' plurals).
        return _("{high} and {low}").format(high=first, low=second)
    if category == THREE_OF_A_KIND:
        # Translators: a poker hand, e.g. "three nines"; {ranks} is a rank's plural.
        return _("three {ranks}").format(ranks=first)
    if category == FULL_HOUSE:
        # Translators: a poker hand, a full house: "nines full of kings" (plurals).
        return _("{three} full of {two}").format(three=first, two=second)
    # Translators: a poker hand, e.g. "four nines"; {ranks} is a rank's plural.
    return _("four {ranks}").format(ranks=first)


def high_name(key: int) -> str:
    """A high hand's spoken name, e.g. ``three nines`` or ``queen-high flush`` (in the
    language in use)."""
    category, ranks = HIGH_CLASSES[key]
    top = rank_name(ranks[0])
    if category == STRAIGHT_FLUSH:
        if ranks[0] == ACE:
            return pgettext("poker hand", "royal flush")
        # Translators: a poker hand; {rank} is its top card's rank ("nine").
        return _("{rank}-high straight flush").format(rank=top)
    if category == STRAIGHT:
        # Translators: a poker hand; {rank} is its top card's rank ("nine").
        return _("{rank}-high straight").format(rank=top)
    if category == FLUSH:
        # Translators: a poker hand; {rank} is its top card's rank ("queen").
        return _("{rank}-high flush").format(rank=top)
    if category == HIGH_CARD:
        # Translators: a poker hand with nothing better than its top card ("ace high").
        return _("{rank} high").format(rank=top)
    return _grouped(category, ranks[:2])


def low_name(key: int) -> str:
    """A low hand's spoken name, e.g. ``eight-five low`` or ``pair of nines``."""
    category, low_ranks = LOW_CLASSES[key]
    ranks = tuple((r - 1) % 13 for r in low_ranks)  # back to two 0 .. ace 12
    if category == HIGH_CARD:
        # Translators: an ace-to-five low hand named by its two highest ranks: "eight-five
        # low".
        return _("{first}-{second} low").format(first=rank_name(ranks[0]),
                                               second=rank_name(ranks[1]))
    return _grouped(category, ranks[:2])


def high_category(key: int) -> int:
    return HIGH_CLASSES[key][0]

"""Hand evaluation: our keys against pokerkit's StandardHighHand and RegularLowHand."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from pokerkit import Card as PkCard
from pokerkit import RegularLowHand, StandardHighHand
from pokerkit.lookups import RegularLookup, StandardLookup

from pygame_core.cards import RANKS, Card, full_pack, parse_cards
from pygame_core.poker_hands import (
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    HIGH_KEYS,
    LOW_KEYS,
    ONE_PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    high_category,
    high_key,
    high_name,
    low_key,
    low_name,
)

PACK = full_pack()


def pk_text(cards: list[Card]) -> str:
    return "".join(RANKS[c.rank] + "cdhs"[c.suit] for c in cards)


def cmp(a: object, b: object) -> int:
    return (a > b) - (a < b)  # type: ignore[operator]


def hands(text: str) -> list[list[Card]]:
    return [parse_cards(h) for h in text.split("|")]


def random_hands(rng: random.Random, count: int) -> list[list[Card]]:
    """Random hands, a third of them from narrow packs so flushes, straights and quads
    turn up often enough to be compared too."""
    out = []
    for i in range(count):
        if i % 3 == 0:
            pack = PACK
        elif i % 3 == 1:  # one or two suits: many flushes and straight flushes
            suits = rng.sample(range(4), rng.choice((1, 2)))
            pack = [c for c in PACK if c.suit in suits]
        else:  # few ranks: many pairs, trips, full houses, quads, straights
            start = rng.randrange(-1, 9)
            ranks = {(start + k) % 13 for k in range(5)} | {rng.randrange(13)}
            pack = [c for c in PACK if c.rank in ranks]
        out.append(rng.sample(pack, 5))
    return out


def test_keys_agree_with_pokerkit_on_random_pairs_of_hands() -> None:
    rng = random.Random(2024)
    sample = random_hands(rng, 4000)
    high = [StandardHighHand(pk_text(h)) for h in sample]
    low = [RegularLowHand(pk_text(h)) for h in sample]
    ours_high = [high_key(h) for h in sample]
    ours_low = [low_key(h) for h in sample]
    categories = set()
    ties = 0
    for _ in range(20_000):
        i, j = rng.randrange(len(sample)), rng.randrange(len(sample))
        assert cmp(ours_high[i], ours_high[j]) == cmp(high[i], high[j]), (sample[i], sample[j])
        assert cmp(ours_low[i], ours_low[j]) == cmp(low[i], low[j]), (sample[i], sample[j])
        ties += ours_high[i] == ours_high[j] and i != j
        categories.add(high_category(ours_high[i]))
    assert categories == set(range(9))  # every category was compared
    assert ties > 0


def test_class_counts() -> None:
    assert HIGH_KEYS == 7462  # the distinct five-card high hands
    assert LOW_KEYS == 6175  # the multisets of five ranks without five of a kind


def test_high_categories_in_order() -> None:
    ladder = hands(
        "KS 9D 7C 4H 2S|2S 2D 7C 4H KS|2S 2D 4C 4H KS|7S 7D 7C 4H 2S|AS 2D 3C 4H 5S|"
        "6S 2D 3C 4H 5S|KS QD JC TH AS|2S 9S 7S 4S KS|7S 7D 7C 2H 2S|3S 3D 3C 3H 2S|"
        "AS 2S 3S 4S 5S|AS KS QS JS TS"
    )
    keys = [high_key(h) for h in ladder]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert [high_category(k) for k in keys] == [
        HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, STRAIGHT, STRAIGHT, FLUSH,
        FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH, STRAIGHT_FLUSH,
    ]


def test_high_kickers_higher_pair_first_and_triplet_first() -> None:
    a, b = hands("KS KD 2C 2H 3S|QS QD JC JH AS")
    assert high_key(a) > high_key(b)  # kings up beats queens up, whatever the kickers
    a, b = hands("3S 3D 3C AH AS|2S 2D 2C KH KS")
    assert high_key(a) > high_key(b)  # the triplet decides a full house
    a, b = hands("9S 9D AC 4H 2S|9H 9C AD 4S 3S")
    assert high_key(a) < high_key(b)  # then kickers from the highest down


def test_suits_never_break_ties() -> None:
    a, b = hands("KS QS 9H 7D 3C|KH QH 9S 7C 3D")
    assert high_key(a) == high_key(b) and low_key(a) == low_key(b)
    a, b = hands("KS QS 9S 7S 3S|KH QH 9H 7H 3H")
    assert high_key(a) == high_key(b)


def test_ace_to_five_low() -> None:
    ladder = hands(
        "5S 4D 3C 2H AS|6S 4D 3C 2H AS|6S 5D 3C 2H AS|6S 5D 4C 2H AS|7S 4D 3C 2H AS|"
        "8S 5D 4C 3H AD|KS QD JC TH 8S|AS AD 2C 3H 4S|2S 2D 3C 3H AS|AS AD AC 2H 3S|"
        "AS AD AC 2H 2S|KS KD KC KH QS"
    )
    keys = [low_key(h) for h in ladder]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)
    flush_wheel, plain_wheel = hands("AS 2S 3S 4S 5S|AD 2S 3C 4H 5S")
    assert low_key(flush_wheel) == low_key(plain_wheel)  # straights and flushes ignored


@pytest.mark.parametrize(
    ("cards", "high", "low"),
    [
        ("9S 9H 9D KC 2C", "three nines", "three nines"),
        ("8S 5D 4C 3H AD", "ace high", "eight-five low"),
        ("5S 4D 3C 2H AS", "five-high straight", "five-four low"),
        ("AS KS QS JS TS", "royal flush", "king-queen low"),
        ("9S 8S 7S 6S 5S", "nine-high straight flush", "nine-eight low"),
        ("6S 6D 6C 6H 2S", "four sixes", "four sixes"),
        ("QS QD QC 2H 2S", "queens full of twos", "queens full of twos"),
        ("QS 9S 7S 4S 2S", "queen-high flush", "queen-nine low"),
        ("AS AD 2C 2H 3S", "aces and twos", "twos and aces"),
        ("AS AD KC 2H 3S", "pair of aces", "pair of aces"),
    ],
)
def test_hand_names(cards: str, high: str, low: str) -> None:
    hand = parse_cards(cards)
    assert high_name(high_key(hand)) == high
    assert low_name(low_key(hand)) == low


@pytest.mark.slow
def test_every_five_card_hand_agrees_with_pokerkit() -> None:
    """All 2,598,960 hands: our keys and pokerkit's lookup entries form the same classes of
    equal hands, in the same order (so every comparison of two hands agrees)."""
    pk_cards = list(PkCard.parse(pk_text(PACK)))
    high_lookup, low_lookup = StandardLookup(), RegularLookup()
    high_entry, low_entry = high_lookup.get_entry, low_lookup.get_entry
    high_map: dict[int, int] = {}
    low_map: dict[int, int] = {}
    count = 0
    for combo in combinations(range(52), 5):
        ours = [PACK[i] for i in combo]
        theirs = [pk_cards[i] for i in combo]
        h, hi = high_key(ours), high_entry(theirs).index
        if high_map.setdefault(h, hi) != hi:
            pytest.fail(f"{ours}: high key {h} is also pokerkit class {high_map[h]}, not {hi}")
        lo, li = low_key(ours), low_entry(theirs).index
        if low_map.setdefault(lo, li) != li:
            pytest.fail(f"{ours}: low key {lo} is also pokerkit class {low_map[lo]}, not {li}")
        count += 1
    assert count == 2_598_960
    assert len(high_map) == HIGH_KEYS and len(low_map) == LOW_KEYS
    # One pokerkit class per key, and the same order: for high a greater pokerkit index is
    # a better hand; for low (RegularLowHand) a smaller index is.
    high_order = [high_map[k] for k in sorted(high_map)]
    assert high_order == sorted(set(high_order))
    low_order = [low_map[k] for k in sorted(low_map)]
    assert low_order == sorted(set(low_order), reverse=True)

"""Abyssinia under random play: the invariants hold at every step of many matches."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from pygame_core import IllegalActionError, load_game, new_game, parse_card
from pygame_core.abyssinia import _BY_TEXT, ACTIVE, ENTRY, Abyssinia, price
from pygame_core.cards import full_pack

ALL_MOVES = list(_BY_TEXT.values())
PACK = Counter(full_pack())


def check_step(g: Abyssinia, total: int) -> None:
    assert sum(g.chips) + g.pot == total  # chips are conserved exactly
    assert min(g.chips) >= 0  # nobody ever pays beyond their stack
    if g.is_over:
        return
    cards = [c for h in g.hands for c in h] + g.market + g.pack
    assert Counter(cards) == PACK  # every card in exactly one place
    assert g.status[g.current_player] == ACTIVE  # type: ignore[index]
    assert all(g.chips[s] >= 0 for s in range(g.n))
    assert g.outstanding <= 4 and g.raises <= 3


def play_match(seed: int) -> int:
    """Play one random match with every check; return the number of deals."""
    rng = random.Random(seed)
    players = 2 + seed % 7
    chips = ENTRY + seed % 6  # small stacks keep matches short
    g = new_game("abyssinia", seed=seed, players=players, chips=chips)
    assert isinstance(g, Abyssinia)
    total = players * chips
    step = 0
    while not g.is_over:
        check_step(g, total)
        legal = g.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        if step % 5 == 0:
            before = g.full_state()
            assert g.clone().full_state() == before
            illegal = [m for m in ALL_MOVES if m not in legal]
            bad = rng.choice(illegal)
            with pytest.raises(IllegalActionError):
                g.apply(bad)
            assert g.full_state() == before
        seat = g.current_player
        assert seat is not None
        move = rng.choice(legal)
        chips_before, pot_before = g.chips[seat], g.pot
        g.apply(str(move) if step % 2 else move)
        if move.verb == "buy" and g.last is not None and "deal_over" not in g.last:
            cost = price(parse_card(g.last["card"]))
            assert chips_before - g.chips[seat] == cost == g.pot - pot_before
        step += 1
        assert step < 100_000, "the match did not end"
    check_step(g, total)
    assert g.legal_actions() == [] and g.current_player is None
    assert sum(1 for c in g.chips if c >= ENTRY) < 2  # ends when fewer than two can enter
    assert g.winners == [g.chips.index(max(g.chips))]
    for record in g.deals:
        assert sum(record["net"]) == 0
        assert sum(record["award"]) == record["pot"]
        assert sum(record["paid"]) == record["pot"]
    assert g.deals[-1]["chips"] == g.chips
    assert load_game(json.dumps(g.to_json())).full_state() == g.full_state()
    return g.deals_played


def test_random_matches_keep_every_invariant() -> None:
    deals = 0
    for seed in range(200):
        deals += play_match(seed)
    assert deals >= 1000


@pytest.mark.parametrize("players", range(2, 9))
def test_random_matches_with_default_chips_end(players: int) -> None:
    rng = random.Random(players)
    g = new_game("abyssinia", seed=players, players=players)
    total = 100 * players
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        assert sum(g.chips) + g.pot == total
        assert g.deals_played < 20_000, "the match did not end"
    assert sum(1 for c in g.chips if c >= ENTRY) == 1


def test_random_play_json_round_trip_mid_deal() -> None:
    rng = random.Random(5)
    for seed in range(20):
        g = new_game("abyssinia", seed=seed, players=2 + seed % 7)
        for _ in range(rng.randrange(1, 200)):
            g.apply(rng.choice(g.legal_actions()))
        loaded = load_game(g.to_json())
        assert loaded.full_state() == g.full_state()
        assert loaded.observation(0) == g.observation(0)
        clone = g.clone()
        for _ in range(30):  # the clone and the original stay in step
            if g.is_over:
                break
            move = rng.choice(g.legal_actions())
            g.apply(move)
            clone.apply(move)
        assert clone.full_state() == g.full_state()

"""Abyssinia opponents: legal play, determinism, no peeking at the pack, the search's budget."""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import play_with

from benchmarks.lab.setups import register
from pygame_core import new_game
from pygame_core.abyssinia import Abyssinia
from pygame_core.cards import full_pack
from pygame_core.opponents import LEVELS, Opponent, make_opponent
from pygame_core.opponents.abyssinia import HARD, AbyssiniaSearch, world_from_observation
from pygame_core.opponents.search import Budget
from pygame_core.slices import run_to_end

register()  # the lab's baselines (random, hard-2026) and research setups

QUICK = Budget(iterations=12, seconds=None)  # small and exact: tests must not depend on time


def players_for(levels: list[str], seed: int) -> list[Opponent]:
    ops = [make_opponent("abyssinia", level, seat, seed) for seat, level in enumerate(levels)]
    for op in ops:
        if isinstance(op, AbyssiniaSearch):
            op.budget = QUICK
    return ops


def play_match(game: Abyssinia, ops: list[Opponent], max_moves: int = 20_000) -> None:
    play_with(game, ops, max_moves)


def abyssinia(seed: int, **options: Any) -> Abyssinia:
    game = new_game("abyssinia", seed=seed, **options)
    assert isinstance(game, Abyssinia)
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_plays_only_legal_actions_and_finishes_matches(level: str) -> None:
    for seed in range(7 if level == "hard" else 14):
        players = 2 + seed % 7
        rng = random.Random(seed)
        # The level under test in a random seat, the others mixed levels.
        levels = [rng.choice(["random", "easy", "medium"]) for _ in range(players)]
        levels[rng.randrange(players)] = level
        game = abyssinia(seed, players=players, chips=45)
        play_match(game, players_for(levels, seed))
        assert game.is_over and game.winners


def test_same_seed_same_decisions() -> None:
    histories = []
    for _ in range(2):
        game = abyssinia(7, players=4, chips=48)
        play_match(game, players_for(["hard", "medium", "easy", "hard"], 7))
        histories.append(list(game.history))
    assert histories[0] == histories[1]


def twin_games(seed: int, players: int) -> tuple[Abyssinia, Abyssinia]:
    """Two games whose packs agree in their first 30 cards and differ deeper down."""
    pack = full_pack()
    random.Random(seed).shuffle(pack)
    deeper = pack[30:]
    random.Random(seed + 1).shuffle(deeper)
    assert deeper != pack[30:]
    twin = pack[:30] + deeper
    return (
        abyssinia(seed, players=players, dealer=0, deck=[c.code for c in pack]),
        abyssinia(seed, players=players, dealer=0, deck=[c.code for c in twin]),
    )


@pytest.mark.parametrize("level", LEVELS)
def test_does_not_peek_at_the_pack(level: str) -> None:
    decisions = 0
    for seed in range(4):
        players = 2 + seed
        a, b = twin_games(seed, players)
        script = random.Random(seed)
        # Play both games alike while fewer than 30 cards have left the pack, so every
        # observation is the same; at each turn the level must decide the same in both.
        while not a.is_over and a.deals_played == 0 and len(a.pack) > 52 - 30 + 1:
            seat = a.current_player
            assert seat is not None
            obs_a, obs_b = a.observation(seat), b.observation(seat)
            assert obs_a == obs_b
            assert a.full_state()["pack_order"] != b.full_state()["pack_order"]
            choices = []
            for obs in (obs_a, obs_b):
                op = players_for([level] * players, seed)[seat]
                choices.append(op.decide(obs))
            assert choices[0] == choices[1]
            decisions += 1
            # Carry on with a scripted, pack-blind line of play (no folds: keep everyone in).
            legal = [t for t in obs_a["legal"] if t != "fold"]
            action = script.choice(legal)
            a.apply(action)
            b.apply(action)
    assert decisions > 20


def test_hard_searches_within_its_budget_and_yields() -> None:
    game = abyssinia(3, players=5)
    seat = game.current_player
    assert seat is not None
    op = make_opponent("abyssinia", "hard", seat, 3)
    assert isinstance(op, AbyssiniaSearch)
    assert op.budget.iterations > 0
    assert op.budget.seconds is not None  # the page's safety cap
    op.budget = Budget(iterations=40, seconds=None, slice_seconds=0.0)
    thinking = op.think(game.observation(seat))
    yields = 0
    while True:
        try:
            next(thinking)
            yields += 1
        except StopIteration as done:
            action = done.value
            break
    assert yields >= 1
    assert op.iterations == 40
    assert action in game.observation(seat)["legal"]
    assert "high half" in op.explain()


def test_world_agrees_with_the_observation_and_plays_on() -> None:
    game = abyssinia(11, players=4)
    rng = random.Random(0)
    for _ in range(13):  # into the second purchase round
        game.apply(rng.choice([t for t in game.legal_actions() if str(t) != "fold"]))
    seat = game.current_player
    assert seat is not None
    obs = game.observation(seat)
    world = world_from_observation(obs, random.Random(1))
    mine = world.observation(seat)
    for key in ("hands", "market", "pack", "pot", "status", "to_act", "put", "paid", "legal",
                "current_player", "phase", "round", "outstanding", "raises", "chips"):
        assert mine[key] == obs[key], key
    deals = world.deals_played
    while world.deals_played == deals:  # the world plays on to the end of the deal
        world.apply(rng.choice(world.legal_actions()))
    assert sum(world.chips) + world.pot == sum(game.chips) + game.pot  # chips conserved


def test_hard_bets_and_raises_for_value_where_the_2026_level_waits() -> None:
    """Hard's betting counts the multiway edge of a chip: with four players in, a chip bet
    gains ``4 * equity - 1``.  At 32% of the pot (the 2026 level only calls a bet) hard
    raises; at 28% (the 2026 level checks) it bets; by pot odds it still folds."""
    from types import SimpleNamespace

    from pygame_core.opponents.abyssinia import _bet_choice as bet_2026

    view: Any = SimpleNamespace(active=[0, 1, 2, 3], to_call=1, pot=20)
    facing = ["fold", "call", "raise"]
    opening = ["check", "bet"]
    assert HARD.bet(facing, 0.32, 2.0, view, 0.3, 0.34)[0] == "raise"
    assert bet_2026(facing, 0.32, 2.0, view, 0.3, 0.34)[0] == "call"
    assert HARD.bet(opening, 0.28, 2.0, view, 0.3, 0.26)[0] == "bet"
    assert bet_2026(opening, 0.28, 2.0, view, 0.3, 0.26)[0] == "check"
    assert HARD.bet(opening, 0.26, 2.0, view, 0.3, 0.22)[0] == "check"
    assert HARD.bet(facing, 0.30, -0.5, view, 0.3, 0.3)[0] == "fold"
    heads_up: Any = SimpleNamespace(active=[0, 1], to_call=1, pot=20)
    assert HARD.bet(facing, 0.30, 2.0, heads_up, 0.3, 0.3)[0] == "call"


def _table_after_two_checks() -> Abyssinia:
    """Three players, each bought a king blind (pot 6); seats 0 and 1 checked the first
    betting round and seat 2 is to act, last."""
    rest = [c for c in full_pack() if c.code not in ("QH", "JH", "KS", "KH", "KD")]
    pack = ["QH", "JH", "KS", "KH", "KD", *(c.code for c in rest)]
    table = abyssinia(1, players=3, dealer=2, deck=pack)
    for action in ("buy blind", "buy blind", "buy blind", "check", "check"):
        table.apply(action)
    assert (table.player, table.pot) == (2, 6)
    return table


def _outlook(samples: list[Any]) -> Any:
    from pygame_core.opponents.abyssinia import Outlook

    outlook = Outlook(len(samples[0][0]))
    for sample in samples:
        outlook.add(sample)
    return outlook


def _scoops(me: int, a: int, z: int, z_second: int) -> list[Any]:
    """Sampled showdowns in which one player takes both halves: ``me`` (index 2) in ``me``
    of them, A (index 0) in ``a``, Z (index 1) in ``z``; where Z scoops, the player at index
    ``z_second`` is next best in both halves.  Z has 8 chips of cards to buy, the others 5."""
    samples = []
    for winner, count in ((2, me), (0, a), (1, z)):
        for _ in range(count):
            keys = [1, 1, 1]
            keys[winner] = 3
            if winner == 1:
                keys[z_second] = 2
            samples.append((list(keys), list(keys), [5, 8, 5]))
    return samples


def test_hard_bets_where_its_bet_makes_a_weak_hand_fold_and_leave_it_the_share() -> None:
    """The betting rule alone checks with 36% of a three-way pot (a chip bet gains
    3 x 0.36 - 1 = +0.08, under its margin).  Played out, a bet is called by A (36%) and
    folded by Z (28%, whose dear cards to come make calling a loss by pot odds), and Z's
    showdowns, where this seat is next best, become this seat's: betting beats checking.
    Where A is next best behind Z instead, the fold gains this seat nothing and it checks."""
    from pygame_core.opponents.abyssinia import (
        _value_rule,
        betting_values,
    )

    table = _table_after_two_checks()
    seats, bets_later = [0, 1, 2], 4.0  # four betting rounds still to come after this one
    gaining = _outlook(_scoops(9, 9, 7, z_second=2))
    run_to_end(gaining.read((0, 1, 2)))
    run_to_end(gaining.read((0, 2)))
    share = gaining.of(2, (0, 1, 2))[0]
    assert share == pytest.approx(0.36)
    assert gaining.of(2, (0, 2))[0] == pytest.approx(0.64)  # Z's scoops come to this seat
    assert _value_rule(["check", "bet"], share, 1.0, 3) == "check"
    values = run_to_end(betting_values(table, 2, seats, gaining, bets_later))
    assert set(values) == {"check", "bet"}
    assert values["bet"] > values["check"] + 1
    not_gaining = _outlook(_scoops(9, 9, 7, z_second=0))
    values = run_to_end(betting_values(table, 2, seats, not_gaining, bets_later))
    assert values["bet"] < values["check"]


def test_outlook_shares_split_ties_and_drop_the_players_who_fold() -> None:
    """Each half goes to the best key among the players still in, shared on a tie; the
    purchases to come are those of the players still in."""

    outlook = _outlook([([5, 5, 1], [1, 2, 9], [1, 2, 4]), ([1, 2, 3], [3, 2, 1], [0, 0, 8])])
    for members in ((0, 1, 2), (0, 1)):
        run_to_end(outlook.read(members))
    # Sample 1: 0 and 1 tie the high, 2 takes the low.  Sample 2: 2 high, 0 low.
    assert outlook.of(0, (0, 1, 2)) == pytest.approx(((0.25 + 0.5) / 2, (0.25 * 7 + 0.5 * 8) / 2,
                                                      0.5))
    assert outlook.of(2, (0, 1, 2)) == pytest.approx(((0.5 + 0.5) / 2, (0.5 * 7 + 0.5 * 8) / 2,
                                                      6.0))
    # Without 2: sample 1, 0 and 1 share the high and 1 takes the low; sample 2, 1 high, 0 low.
    assert outlook.of(1, (0, 1)) == pytest.approx(((0.75 + 0.5) / 2, (0.75 * 3 + 0.5 * 0) / 2,
                                                   1.0))


def test_outlook_reads_the_pages_thousands_of_samples_in_slices() -> None:
    """At the page's budget a betting decision has thousands of samples: reading them for a
    set of players yields between slices, and gives what one unbroken read gives."""

    rng = random.Random(3)
    samples = [([rng.randrange(50) for _ in range(4)], [rng.randrange(50) for _ in range(4)],
                [rng.randrange(9) for _ in range(4)]) for _ in range(3000)]
    sliced, whole = _outlook(samples), _outlook(samples)
    slices = sum(1 for _ in sliced.read((0, 1, 3), slice_seconds=0.0))
    assert slices == 3000 // 64
    assert sum(1 for _ in whole.read((0, 1, 3), slice_seconds=60.0)) == 0
    assert [sliced.of(m, (0, 1, 3)) for m in (0, 1, 3)] == [whole.of(m, (0, 1, 3))
                                                           for m in (0, 1, 3)]
    assert sum(sliced.of(m, (0, 1, 3))[0] for m in (0, 1, 3)) == pytest.approx(1.0)


def test_playout_player_keeps_what_the_purchase_rules_read() -> None:
    """A playout's hand keeps its spoilers of a low, its one suit, its top low rank and its
    high cards as cards are added, the same as counting them afresh."""
    from pygame_core.opponents.abyssinia import HIGH_CARD, LOW_RANK, _low_bad, _Player

    rng = random.Random(11)
    for _ in range(300):
        cards = rng.sample(full_pack(), rng.randrange(6))
        player = _Player.of(cards[:2]).copy()
        for card in cards[2:]:
            player.add(card)
        assert player.cards == cards
        assert player.bad == _low_bad(cards)[0]
        suits = {c.suit for c in cards}
        if cards:
            assert player.suit == (suits.pop() if len(suits) == 1 else -1)
        assert player.top == max((LOW_RANK[c.rank] for c in cards), default=0)
        assert player.high == sum(c.rank >= HIGH_CARD for c in cards)


def test_fitted_purchase_rule_buys_the_choice_its_features_value_most() -> None:
    """The playouts' fitted rule looks its values up in tables and writes the blind's out;
    it must choose what the weights times ``market_features`` and ``blind_features`` say."""
    from pygame_core.opponents.abyssinia import (
        BUY_WEIGHTS,
        MARKET_FEATURES,
        _dot,
        _Player,
        blind_features,
        fitted_choice,
        purchase_features,
    )

    rng = random.Random(5)
    choices = set()
    for _ in range(3000):
        pack = full_pack()
        rng.shuffle(pack)
        held = rng.randrange(5)
        player = _Player.of(pack[:held])
        left, right = pack[held], pack[held + 1]
        weights = BUY_WEIGHTS[held]
        values = [_dot(weights[:MARKET_FEATURES], purchase_features(player, card))
                  for card in (left, right)]
        values.append(_dot(weights[MARKET_FEATURES:], blind_features(player)))
        choice = fitted_choice(player, left, right)
        choices.add(choice)
        assert values[choice] == pytest.approx(max(values), abs=1e-9)
    assert choices == {0, 1, 2}


@pytest.mark.parametrize(("hand", "left", "right", "buys"), [
    ("AS 2H 3D 4C", "5H", "KC", 0),  # the five makes the best low there is
    ("KS KH QD QC", "2C", "KD", 1),  # the king fills a full house
    ("9H 9S KC", "9D", "3C", 0),  # trips
    ("AS 3H 5D 7C", "KH", "QS", 2),  # neither helps the low: a blind card may
    ("5S 5D 9C 9H", "KS", "QS", 2),  # neither helps two pair: a blind card may fill it
])
def test_fitted_purchase_rule_buys_what_a_player_would(hand: str, left: str, right: str,
                                                       buys: int) -> None:
    """Hard's playouts model every player's later purchases with the fitted rule: it
    completes a low or a full house, and buys blind where no market card helps, which the
    cheap rule (hard-2026's) does not: it buys the king to the low hand."""
    from benchmarks.lab.setups.abyssinia import cheap_choice
    from pygame_core.cards import parse_card, parse_cards
    from pygame_core.opponents.abyssinia import _Player, fitted_choice

    player = _Player.of(parse_cards(hand.split()))
    assert fitted_choice(player, parse_card(left), parse_card(right)) == buys
    if hand == "AS 3H 5D 7C":
        assert cheap_choice(player, parse_card(left), parse_card(right)) == 0

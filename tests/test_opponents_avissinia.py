"""Avissinia opponents: legal, deterministic, blind to hidden cards, and sensible."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import count_slices, decides_alike, play_some, play_with

from benchmarks.lab.setups import register
from pygame_core import new_game, parse_cards
from pygame_core.avissinia import (
    CENTRE,
    HAND_SIZE,
    OWN,
    TRAIL,
    Avissinia,
    Play,
    scripted_deck,
    world_from_observation,
)
from pygame_core.cards import Card
from pygame_core.opponents import Opponent, SearchOpponent, make_opponent
from pygame_core.opponents.search import Budget, walk

register()  # the lab's baselines (random, hard-2026) and research setups

LEVELS = ["easy", "medium", "hard"]


def quick(op: Opponent, iterations: int = 4) -> Opponent:
    if isinstance(op, SearchOpponent):
        op.budget = Budget(iterations=iterations, seconds=None)
    return op


def play_match(levels: list[str], seed: int, **options: object) -> Avissinia:
    game = new_game("avissinia", seed=seed, **options)
    assert isinstance(game, Avissinia)
    players = [quick(make_opponent("avissinia", lv, s, seed)) for s, lv in enumerate(levels)]
    play_with(game, players)
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_only_legal_actions_and_finishes_matches(level: str) -> None:
    for seed in range(3):
        game = play_match(
            [level, "random", level, "medium"], seed, target=20, partnership=seed == 1
        )
        assert game.is_over and game.winners


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_gives_the_same_decisions(level: str) -> None:
    first = play_match([level] * 4, 11, target=15).history
    again = play_match([level] * 4, 11, target=15).history
    assert first == again


def two_deals_differing_only_in_hidden_cards() -> tuple[Avissinia, Avissinia]:
    mine = parse_cards("7H 9C JD 2S KH 4C")
    centre = parse_cards("3D 8S 9H 7D")
    west = parse_cards("AS AH AD AC QS QH")
    north = parse_cards("5C 5D 5H 5S 6C 6D")
    games = []
    for left, across in ((west, north), (north, west)):  # the same cards, other hands
        deck = scripted_deck(3, {0: mine, 1: left, 2: across}, centre)
        game = new_game("avissinia", seed=1, deck=deck, dealer=3)
        assert isinstance(game, Avissinia)
        games.append(game)
    return games[0], games[1]


@pytest.mark.parametrize("level", LEVELS)
def test_decision_does_not_change_when_hidden_cards_are_redealt(level: str) -> None:
    a, b = two_deals_differing_only_in_hidden_cards()
    assert a.full_state()["hands"] != b.full_state()["hands"]
    obs_a, obs_b = a.observation(0), b.observation(0)
    assert obs_a == obs_b
    choice_a = quick(make_opponent("avissinia", level, 0, 5), 30).decide(obs_a)
    choice_b = quick(make_opponent("avissinia", level, 0, 5), 30).decide(obs_b)
    assert choice_a == choice_b


def test_sampled_worlds_agree_with_the_observation() -> None:
    game = new_game("avissinia", seed=21)
    rng = random.Random(21)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions()))
    seat = game.current_player
    assert seat is not None
    obs = game.observation(seat)
    worlds = [world_from_observation(obs, random.Random(i)) for i in range(5)]
    for world in worlds:
        view = world.observation(seat)
        for key in ("hand", "centre", "piles", "hand_counts", "stock", "scores", "legal"):
            assert view[key] == obs[key], key
    hidden = {tuple(map(str, w.hands[(seat + 1) % 4])) for w in worlds}
    assert len(hidden) > 1, "the unseen cards are really sampled"


def test_easy_takes_the_biggest_capture() -> None:
    deck = scripted_deck(3, {0: parse_cards("7H JS 2C 3C 4C 5C")}, parse_cards("9S 7D JD JC"))
    game = new_game("avissinia", seed=1, deck=deck, dealer=3)
    assert (
        make_opponent("avissinia", "easy", 0, 1).decide(game.observation(0)) == "capture JS centre"
    )


def test_medium_prefers_a_safe_capture_when_the_rank_is_dead() -> None:
    # Three tens are visible to seat 0, so nobody can take back a pile topped by a ten.
    deck = scripted_deck(3, {0: parse_cards("10H 10S 2C 3C 4C 5C")}, parse_cards("9S 2D 8C 10C"))
    game = new_game("avissinia", seed=1, deck=deck, dealer=3)
    choice = make_opponent("avissinia", "medium", 0, 1).decide(game.observation(0))
    assert choice in ("capture 10H centre", "capture 10S centre")


def test_hard_search_yields_to_the_page_between_slices() -> None:
    game = new_game("avissinia", seed=3)
    seat = game.current_player
    assert seat is not None
    hard = make_opponent("avissinia", "hard", seat, 3)
    assert isinstance(hard, SearchOpponent) and hard.budget.iterations > 0
    hard.budget = Budget(iterations=400, seconds=None, slice_seconds=0.0)
    slices, choice = count_slices(hard, game.observation(seat))
    assert choice in game.observation(seat)["legal"]
    assert slices > 1
    assert hard.explain()


def late_positions(count: int = 20) -> Iterator[tuple[int, Avissinia, int, Any]]:
    """Positions late in the second deal of games four medium players played (seeds 0 to
    ``count`` - 1): the seed, the game, the seat to play and its observation."""
    for seed in range(count):
        game = new_game("avissinia", seed=seed)
        assert isinstance(game, Avissinia)
        players = [make_opponent("avissinia", "medium", s, seed) for s in range(4)]
        for _ in range(random.Random(seed).randrange(30, 46)):
            seat = game.current_player
            assert seat is not None
            game.apply(players[seat].decide(game.observation(seat)))
        me = game.current_player
        assert me is not None
        yield seed, game, me, game.observation(me)


def test_reading_the_plays_puts_the_hidden_cards_with_their_holders_more_often() -> None:
    """Policy-based inference: over many positions from games medium players played, worlds
    weighted by how likely each seat's plays were place more hidden cards with the seat
    that truly holds them than uniform sampling does."""
    import math

    from pygame_core.opponents.avissinia import Reading

    uniform_total = weighted_total = 0.0
    positions = 0
    for seed, game, me, obs in late_positions():
        reading = Reading(obs, temperature=0.5, slack=0.1)
        assert reading.plays  # the others have played in this deal
        holder = {c: s for s, hand in enumerate(game.hands) if s != me for c in hand}
        rng = random.Random(seed)
        worlds = [world_from_observation(obs, rng) for _ in range(60)]
        right = [sum(holder.get(c) == s for s, h in enumerate(w.hands) for c in h) / len(holder)
                 for w in worlds]
        logs = [reading.log_likelihood(w.hands) for w in worlds]
        weights = [math.exp(x - max(logs)) for x in logs]
        uniform_total += sum(right) / len(right)
        weighted_total += sum(r * w for r, w in zip(right, weights, strict=True)) / sum(weights)
        positions += 1
    assert weighted_total / positions > uniform_total / positions + 0.03


@pytest.mark.parametrize("reading_name", ["Reading", "TypedReading"])
def test_the_chain_walks_to_worlds_that_place_the_hidden_cards_with_their_holders(
        reading_name: str) -> None:
    """Hard's sampler (a Metropolis chain over the hidden deals, weighted by the reading:
    hard-reading's, and the typed reading of the page's hard): every deal it gives agrees
    with the observation, and over many positions it places more hidden cards with their
    true holder than uniform deals do."""
    from pygame_core.avissinia import deal_hidden, unseen_cards
    from pygame_core.opponents import avissinia as levels
    from pygame_core.opponents.avissinia import Chain
    from pygame_core.slices import run_to_end

    reading_class = getattr(levels, reading_name)

    uniform_total = chain_total = 0.0
    positions = 0
    for seed, game, me, obs in late_positions():
        holder = {c: s for s, hand in enumerate(game.hands) if s != me for c in hand}
        unseen = sorted(unseen_cards(obs))

        def right(hands: list[list[Card]], me: int = me, holder: dict[Card, int] = holder
                  ) -> float:
            return sum(holder.get(c) == s for s, h in enumerate(hands) if s != me
                       for c in h) / len(holder)

        rng = random.Random(seed)
        uniform_total += sum(right(deal_hidden(obs, rng).hands) for _ in range(30)) / 30
        chain = Chain(obs, reading_class(obs, temperature=0.3, slack=0.1), rng)
        run_to_end(walk(chain.step, 100, rng, 1.0))
        placed = 0.0
        for _ in range(30):
            for _ in range(6):
                chain.step(rng)
            deal = chain.deal(rng)
            assert [len(h) for h in deal.hands] == obs["hand_counts"]
            assert sorted(c.code for c in deal.hands[me]) == sorted(obs["hand"])
            hidden = [c for s, h in enumerate(deal.hands) if s != me for c in h] + deal.stock
            assert sorted(hidden) == unseen
            placed += right(deal.hands)
        chain_total += placed / 30
        positions += 1
    assert chain.accepted > 0
    print(f"uniform {uniform_total / positions:.1%}, chain {chain_total / positions:.1%}")
    assert chain_total / positions > uniform_total / positions + 0.05


@pytest.mark.parametrize(("level", "plays"), [("hard-reading", 9), ("hard-endgame", 33),
                                              ("hard-own-fitted", 9), ("hard", 30)])
def test_hard_reading_the_plays_does_not_peek_when_the_hidden_cards_are_redealt(
        level: str, plays: int) -> None:
    """Later in a deal, where hard reads the others' plays (the chain is walked), and for
    hard-endgame in the second half, where its playouts end in a best response: the same
    observation with the hidden cards dealt otherwise among the other hands and the stock
    gives the same decision."""
    checked = 0
    for seed in range(6):
        game = new_game("avissinia", seed=seed)
        assert isinstance(game, Avissinia)
        players = [make_opponent("avissinia", "medium", s, seed) for s in range(4)]
        for _ in range(plays + seed):
            seat = game.current_player
            assert seat is not None
            game.apply(players[seat].decide(game.observation(seat)))
        me = game.current_player
        assert me is not None
        other = game.clone()
        places = [s for s in range(4) if s != me]
        hidden = [c for s in places for c in other.hands[s]] + other.stock
        random.Random(seed).shuffle(hidden)
        for s in places:
            n = len(other.hands[s])
            other.hands[s], hidden = sorted(hidden[:n]), hidden[n:]
        other.stock = hidden
        assert other.hands != game.hands
        obs = game.observation(me)
        assert other.observation(me) == obs
        if len(obs["legal"]) < 2:
            continue
        assert decides_alike("avissinia", level, me, seed, [obs, other.observation(me)], 20)
        checked += 1
    assert checked >= 4


def test_the_reading_keeps_the_earlier_deals_plays_with_the_hands_they_came_from() -> None:
    """In the round's second deal the reading also keeps the others' plays of the first,
    each with the hand the seat held then (every card of it was played in that deal) and
    the table it saw; the first deal's plays are not read as this deal's."""
    from pygame_core.opponents.avissinia import Reading

    for seed in range(6):
        game = new_game("avissinia", seed=seed, partnership=seed % 2 == 1)
        assert isinstance(game, Avissinia)
        players = [make_opponent("avissinia", "medium", s, seed) for s in range(4)]
        held = []  # (seat, hand, centre) at each play of the first deal
        for _ in range(HAND_SIZE * 4 + 5 + seed):
            seat = game.current_player
            assert seat is not None
            if len(held) < HAND_SIZE * 4:
                held.append((seat, sorted(game.hands[seat]), list(game.centre)))
            game.apply(players[seat].decide(game.observation(seat)))
        me = game.current_player
        assert me is not None
        reading = Reading(game.observation(me), 0.3, 0.1)
        first = [(seat, hand, centre) for seat, hand, centre in held if seat != me]
        assert [(p.seat, sorted(p.later), p.view.centre) for p in reading.earlier] == first
        assert len(reading.plays) == sum(1 for seat, _ in game.round_plays[HAND_SIZE * 4:]
                                         if seat != me)


def test_the_typed_reading_reads_medium_players_and_not_searching_ones() -> None:
    """In the true deal, the typed reading gives "plays as medium" a high chance for
    medium players' seats and a low one for hard-2026's, whose plays medium's rule
    explains only about half of the time."""
    from pygame_core.opponents.avissinia import TypedReading

    weights: dict[str, list[float]] = {"medium": [], "hard-2026": []}
    for level, seats in weights.items():
        for seed in range(8):
            game = new_game("avissinia", seed=seed)
            assert isinstance(game, Avissinia)
            players = [make_opponent("avissinia", level, s, seed) for s in range(4)]
            for player in players:
                if isinstance(player, SearchOpponent):
                    player.budget = Budget(iterations=30, seconds=None)
            for _ in range(HAND_SIZE * 4 + 12 + seed % 6):
                seat = game.current_player
                assert seat is not None
                game.apply(players[seat].decide(game.observation(seat)))
            me = game.current_player
            assert me is not None
            reading = TypedReading(game.observation(me), 0.3, 0.1)
            seats += [reading.medium_weight(s, list(game.hands[s])) for s in range(4) if s != me]
    medium = sum(weights["medium"]) / len(weights["medium"])
    searching = sum(weights["hard-2026"]) / len(weights["hard-2026"])
    print(f"medium players {medium:.2f}, hard-2026 {searching:.2f}")
    assert medium > 0.9 and searching < 0.5


def test_typed_playouts_play_each_seat_as_the_kind_its_plays_show() -> None:
    """The page's hard (hard-typed) plays its own side out by the sighted fitted policy in
    every world, and each other seat by medium's sighted rule or the policy fitted to a
    searcher's plays, drawn world by world from the typed reading: mostly the rule at a
    table of medium players, mostly the searcher's policy at a table of hard-2026's."""
    from pygame_core.opponents.avissinia import AvissiniaSearch, ByKind
    from pygame_core.opponents.avissinia_playout import (
        choose_fitted,
        choose_sighted,
        choose_sighted_fitted,
    )

    as_rule: dict[str, list[bool]] = {"medium": [], "hard-2026": []}
    for level, kinds in as_rule.items():
        for seed in range(6):
            game = new_game("avissinia", seed=seed, partnership=seed % 2 == 1)
            assert isinstance(game, Avissinia)
            players = [make_opponent("avissinia", level, s, seed) for s in range(4)]
            for player in players:
                if isinstance(player, SearchOpponent):
                    player.budget = Budget(iterations=30, seconds=None)
            for _ in range(HAND_SIZE * 4 + 14):
                seat = game.current_player
                assert seat is not None
                game.apply(players[seat].decide(game.observation(seat)))
            me = game.current_player
            assert me is not None
            hard = make_opponent("avissinia", "hard", me, seed)
            assert isinstance(hard, AvissiniaSearch)
            seats = hard.setup.seats
            assert isinstance(seats, ByKind)
            obs = game.observation(me)
            for _ in hard.read(obs):
                pass
            rng = random.Random(seed)
            for _ in range(20):
                worlds = hard._worlds
                deal = worlds.deal(obs, rng)
                for seat, policy in enumerate(seats.kinds(me, obs, deal, worlds.reading, rng)):
                    if seat == me or (game.options.partnership and (seat - me) % 2 == 0):
                        assert policy is choose_sighted_fitted
                    else:
                        assert policy in (choose_sighted, choose_fitted)
                        kinds.append(policy is choose_sighted)
    medium = sum(as_rule["medium"]) / len(as_rule["medium"])
    searching = sum(as_rule["hard-2026"]) / len(as_rule["hard-2026"])
    print(f"played as medium: medium players {medium:.0%}, hard-2026 {searching:.0%}")
    assert medium > 0.85 and searching < 0.5


def test_hard_playouts_end_with_the_round() -> None:
    """A playout ends with the round (every hand and the stock empty) and deals no next
    one; the game itself does."""
    from pygame_core.opponents.avissinia import AvissiniaSearch
    from pygame_core.opponents.avissinia_playout import choose_sighted, play_out

    game = new_game("avissinia", seed=8)
    assert isinstance(game, Avissinia)
    seat = game.current_player
    assert seat is not None
    hard = make_opponent("avissinia", "hard", seat, 8)
    assert isinstance(hard, AvissiniaSearch)
    world = hard.world(game.observation(seat), random.Random(1))
    play = Avissinia.parse_action(game.observation(seat)["legal"][0])
    trial = world.copy()
    trial.play(play.card.rank, play.target)
    play_out(trial, seat, choose_sighted)
    assert not any(trial.hands) and not trial.stock
    assert sum(map(len, trial.piles)) + len(trial.centre) == 52
    whole = game.clone()
    rng = random.Random(2)
    while not whole.rounds:
        whole.apply(rng.choice(whole.legal_actions()))
    assert whole.is_over or any(whole.hands)  # the real game deals the next round


def play_rank(game: Avissinia, rank: int, target: int) -> None:
    """A playout's move (a rank and a target) played through the game, with a card of that
    rank from the hand of the player to move."""
    card = next(c for c in game.hands[game.player] if c.rank == rank)
    game.apply(str(Play(card, target)))


def last_round_margin(game: Avissinia, seat: int) -> float:
    """``seat``'s side's points in the round the game last scored, minus the other sides'
    mean: a playout's margin, as the game counts it."""
    points = game.rounds[-1]["side_points"]
    others = [p for side, p in enumerate(points) if side != game.side_of(seat)]
    return points[game.side_of(seat)] - sum(others) / len(others)


@pytest.mark.parametrize("policy", ["sighted", "counted", "fitted", "sighted_fitted"])
def test_rank_playouts_make_the_games_own_moves_and_score(policy: str) -> None:
    """The playouts run on ranks alone: every move they make, played through the game with
    a card of that rank, leaves the game in the same state (hands, piles, centre, stock in
    dealing order, the player to move), and the playout's margin is the game's result."""
    from pygame_core.opponents import avissinia_playout
    from pygame_core.opponents.avissinia_playout import RankRound

    choose = getattr(avissinia_playout, f"choose_{policy}")

    rounds = 0
    for seed in range(40):
        game = new_game("avissinia", seed=seed, partnership=seed % 2 == 1)
        assert isinstance(game, Avissinia)
        rng = random.Random(seed)
        play_some(game, rng, 0, 40)
        state = RankRound.of_game(game)
        seat = rng.randrange(4)
        while True:
            rank, target = choose(state)
            play_rank(game, rank, target)
            state.play(rank, target)
            if game.rounds:  # the round is over (and the game has dealt the next one)
                break
            mirror = RankRound.of_game(game)
            assert (state.hands, state.piles, state.centre, state.stock, state.player,
                    state.live) == (mirror.hands, mirror.piles, mirror.centre, mirror.stock,
                                    mirror.player, mirror.live)
        assert not any(state.hands) and not state.stock
        assert state.margin(seat) == last_round_margin(game, seat)
        rounds += 1
    assert rounds == 40


def test_best_response_is_a_line_the_game_plays_and_no_rule_beats_it() -> None:
    """``best_response`` (hard-endgame's playouts' end): from positions with one to three
    cards each in the second half, its value is reached by a real line (its best move at
    each of the seat's turns, the others keeping to the rule) played through the game and
    scored by it; it is never below the rule's own playout or the rule improved by a
    playout at each turn, and above the rule somewhere.  With one card each it is the best
    single move followed by the rule."""
    from benchmarks.lab.setups.avissinia import best_response, rollout_improved
    from pygame_core.opponents.avissinia_playout import (
        RankRound,
        choose_sighted,
        play_out,
    )

    def value_after(state: RankRound, move: tuple[int, int], seat: int) -> float:
        after = state.copy()
        after.play(*move)
        return best_response(after, seat, choose_sighted)

    gained = 0
    for seed in range(60):
        game = new_game("avissinia", seed=seed, partnership=seed % 3 == 2)
        assert isinstance(game, Avissinia)
        cards = 1 + seed % 3
        while game.stock or any(len(hand) != cards for hand in game.hands):
            play_rank(game, *choose_sighted(RankRound.of_game(game)))
        state = RankRound.of_game(game)
        seat = state.player
        value = best_response(state.copy(), seat, choose_sighted)
        rule = play_out(state.copy(), seat, choose_sighted)
        improved = rollout_improved(state.copy(), seat, choose_sighted)
        assert value >= rule and value >= improved
        gained += value > rule
        if cards == 1:
            assert value == max(value_after(state, m, seat) for m in state.moves())
        while not game.rounds:  # the best line, through the game
            state = RankRound.of_game(game)
            if state.player == seat:
                move = max(state.moves(), key=lambda m: value_after(state, m, seat))
            else:
                move = choose_sighted(state)
            play_rank(game, *move)
        assert value == last_round_margin(game, seat)
    assert gained > 0


def test_rank_playouts_capture_the_whole_top_run() -> None:
    """A capture in a playout takes the whole top run (ruling 3) onto the capturer's pile,
    in the order it lay, the capturing card on top; the run below is exposed."""
    from pygame_core.avissinia import CENTRE
    from pygame_core.opponents.avissinia_playout import RankRound, points_by_rank

    state = RankRound([[5], [], [], []], [[], [2, 7, 7], [], []], [3, 5, 5], [], 0, 1,
                      points_by_rank(1, 3), False)
    state.play(5, CENTRE)
    assert state.piles[0] == [5, 5, 5] and state.centre == [3]
    state = RankRound([[7], [], [], []], [[], [2, 7, 7], [], []], [], [], 0, 1,
                      points_by_rank(1, 3), False)
    state.play(7, 1)
    assert state.piles == [[7, 7, 7], [2], [], []]


def test_hard_yields_between_walking_the_chain_and_searching() -> None:
    """The chain's walk and the search each keep to their own slices: even with slices
    too long to end on the clock, hard yields once between the walk and the search (else
    the page ran up to two slices of work in one browser task)."""
    game = new_game("avissinia", seed=2)
    players = [make_opponent("avissinia", "medium", s, 2) for s in range(4)]
    for _ in range(10):
        seat = game.current_player
        assert seat is not None
        game.apply(players[seat].decide(game.observation(seat)))
    seat = game.current_player
    assert seat is not None
    obs = game.observation(seat)
    assert len(obs["legal"]) > 1
    hard = make_opponent("avissinia", "hard", seat, 2)
    assert isinstance(hard, SearchOpponent)
    hard.budget = Budget(iterations=4, seconds=None, slice_seconds=60.0)
    slices, choice = count_slices(hard, obs)
    assert slices == 1 and choice in obs["legal"]


def test_counting_playouts_do_not_depend_on_who_holds_the_hidden_cards() -> None:
    """Medium's rule unsighted (hard-unsighted's playouts) and the fitted policy
    (hard-fitted-playouts') play every seat by the chance that the opponents hold a rank
    among the cards it has not seen, not by where they lie.  Reshuffling the other hands
    and the stock never changes their choice; medium's rule sighted (hard's playouts) does
    change it somewhere."""
    from pygame_core.opponents.avissinia_playout import RankRound, choose, choose_fitted

    sighted_changed = checked = 0
    for seed in range(30):
        game = new_game("avissinia", seed=seed)
        assert isinstance(game, Avissinia)
        rng = random.Random(seed)
        for _ in range(rng.randrange(2, 20)):
            game.apply(rng.choice(game.legal_actions()))
        me = game.current_player
        assert me is not None
        for _ in range(5):
            other = game.clone()
            places = [s for s in range(4) if s != me]
            hidden = [c for s in places for c in other.hands[s]] + other.stock
            rng.shuffle(hidden)
            for s in places:
                n = len(other.hands[s])
                other.hands[s], hidden = sorted(hidden[:n]), hidden[n:]
            other.stock = hidden
            seen, moved = RankRound.of_game(game), RankRound.of_game(other)
            assert choose(moved, sighted=False) == choose(seen, sighted=False)
            assert choose_fitted(moved) == choose_fitted(seen)
            sighted_changed += choose(moved) != choose(seen)
            checked += 1
    assert checked == 150 and sighted_changed > 0


@pytest.mark.parametrize(("level", "own_policy"), [
    ("hard-own-counting", "choose_counted"), ("hard-own-fitted", "choose_sighted_fitted")])
def test_own_side_playouts_play_its_side_by_its_policy_and_the_others_by_sight(
        level: str, own_policy: str) -> None:
    """hard-own-counting's playouts play its own seat (and its partner's, in partnerships)
    by the count of the cards unseen, as it will play without sight, hard-own-fitted's by
    the sighted fitted policy, and both play the other seats by the sighted rule; over
    many positions both kinds of seat choose differently from the other rule somewhere,
    so the split is not a no-op."""
    from pygame_core.opponents import avissinia_playout
    from pygame_core.opponents.avissinia_playout import RankRound, choose_sighted

    own = getattr(avissinia_playout, own_policy)
    differs = {True: 0, False: 0}  # by whether the seat to move is on its side
    for seed in range(200):
        partnership = seed % 2 == 1
        game = new_game("avissinia", seed=seed, partnership=partnership)
        assert isinstance(game, Avissinia)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 40)):
            game.apply(rng.choice(game.legal_actions()))
        hard = make_opponent("avissinia", level, seed % 4, seed)
        assert isinstance(hard, SearchOpponent)
        hard.world(game.observation(hard.seat), rng)
        policy = hard._policy
        state = RankRound.of_game(game)
        own_side = state.player == hard.seat or (
            partnership and (state.player - hard.seat) % 2 == 0)
        assert policy(state) == (own(state) if own_side else choose_sighted(state))
        differs[own_side] += own(state) != choose_sighted(state)
    assert differs[True] and differs[False]


@pytest.mark.parametrize("sighted", [False, True])
def test_fitted_playout_policy_plays_what_its_features_value_most(sighted: bool) -> None:
    """The fitted policies write ``play_features`` out for speed; in every position each
    must play a legal play that its weights times the features value most, and over many
    positions it makes captures, additions and trails alike.  The sighted one's features
    see the hands."""
    from pygame_core.opponents.avissinia_playout import (
        PLAY_WEIGHTS,
        SIGHTED_PLAY_WEIGHTS,
        RankRound,
        choose_fitted,
        choose_sighted_fitted,
        play_features,
    )

    weights = SIGHTED_PLAY_WEIGHTS if sighted else PLAY_WEIGHTS
    policy = choose_sighted_fitted if sighted else choose_fitted
    kinds = set()
    for seed in range(300):
        game = new_game("avissinia", seed=seed, partnership=seed % 2 == 1)
        assert isinstance(game, Avissinia)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 45)):
            game.apply(rng.choice(game.legal_actions()))
        state = RankRound.of_game(game)
        plays = {(p.card.rank, p.target) for p in game.legal_actions()}
        values = {play: sum(w * f for w, f in zip(weights, play_features(state, *play, sighted),
                                                    strict=True))
                  for play in plays}
        chosen = policy(state)
        assert chosen in plays
        assert values[chosen] == pytest.approx(max(values.values()), abs=1e-9)
        kinds.add(min(chosen[1], 0))  # TRAIL, OWN and CENTRE are negative; a pile is not
    assert kinds == {min(t, 0) for t in (TRAIL, OWN, CENTRE, 1)}


def test_sighted_fitted_policy_plays_a_round_better_than_the_sighted_rule() -> None:
    """With every hand known, one seat playing the sighted fitted policy against three
    playing the sighted rule makes more of the round than playing the rule itself: what
    it was fitted for (rollout improvement), on deals it was not fitted on."""
    from pygame_core.opponents.avissinia_playout import (
        RankRound,
        choose_sighted,
        choose_sighted_fitted,
        play_out,
        split_by_side,
    )

    gains = []
    for seed in range(70000, 70200):
        game = new_game("avissinia", seed=seed)
        assert isinstance(game, Avissinia)
        state = RankRound.of_game(game)
        seat = state.player
        fitted = split_by_side(seat, choose_sighted_fitted, choose_sighted)
        gains.append(play_out(state.copy(), seat, fitted)
                     - play_out(state.copy(), seat, choose_sighted))
    mean = sum(gains) / len(gains)
    spread = (sum((g - mean) ** 2 for g in gains) / (len(gains) - 1)) ** 0.5
    print(f"gain {mean:+.2f} points a round")
    assert mean - 2 * spread / len(gains) ** 0.5 > 0.5


@pytest.mark.parametrize(("hand", "centre", "piles", "plays"), [
    # The centre's run of jacks is worth more than anything else on the table.
    ("2S JH 9C", "4D JS JC", ["", "", "", ""], ("J", CENTRE)),
    # Nothing to capture: trail the card worth least, not the jack.
    ("3S JH", "9D", ["", "", "", ""], ("3", TRAIL)),
    # Robbing an opponent's run of three beats taking a lone centre card.
    ("5S 8H", "5D", ["", "8C 8D 8S", "", ""], ("8", 1)),
])
def test_fitted_playout_policy_plays_what_a_player_would(
        hand: str, centre: str, piles: list[str], plays: tuple[str, int]) -> None:
    """Scripted positions (seat 0 to play, the rest of the pack unseen)."""
    from pygame_core.avissinia import HAND_SIZE
    from pygame_core.cards import RANKS
    from pygame_core.opponents.avissinia_playout import RankRound, choose_fitted, points_by_rank

    def ranks(text: str) -> list[int]:
        return sorted(c.rank for c in parse_cards(text)) if text else []

    seen = ranks(hand) + ranks(centre) + [r for p in piles for r in ranks(p)]
    rest = [r for r in range(13) for _ in range(4)]
    for r in seen:
        rest.remove(r)
    others = [sorted(rest[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(3)]
    state = RankRound([ranks(hand), *others], [ranks(p) for p in piles], ranks(centre),
                      rest[3 * HAND_SIZE:], 0, 0, points_by_rank(1, 3), False)
    rank, target = plays
    assert choose_fitted(state) == (RANKS.index(rank), target)


def test_hard_says_it_searched_one_play_when_alike_trails_leave_one() -> None:
    """Trails alike in rank and value are searched once; when that leaves one candidate the
    hint's reason says "searched 1 play", not "1 plays"."""
    from pygame_core.opponents.avissinia import _distinct, _View

    found = 0
    for seed in range(60):
        game = new_game("avissinia", seed=seed)
        players = [make_opponent("avissinia", "medium", s, seed) for s in range(4)]
        while game.deals_finished < 1 and found < 2:
            seat = game.current_player
            assert seat is not None
            obs = game.observation(seat)
            if len(obs["legal"]) > 1 and len(_distinct(obs["legal"], _View(obs))) == 1:
                hard = quick(make_opponent("avissinia", "hard", seat, seed))
                assert hard.decide(obs) in obs["legal"]
                assert "searched 1 play;" in hard.explain()
                found += 1
            game.apply(players[seat].decide(obs))
        if found >= 2:
            break
    assert found == 2

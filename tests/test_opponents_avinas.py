"""Avinas opponents: legal, deterministic, blind to hidden cards, and sensible."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import count_slices, decides_alike, play_with

from benchmarks.lab.setups import register
from pygame_core import new_game, parse_cards
from pygame_core.avinas import (
    Avinas,
    scripted_deck,
    shown_voids,
    trump_tables,
    world_from_observation,
)
from pygame_core.cards import SEVEN, SUITS, Card, parse_card, short_pack
from pygame_core.opponents import Opponent, SearchOpponent, make_opponent
from pygame_core.opponents.avinas import playout
from pygame_core.opponents.search import Budget

register()  # the lab's baselines (random, hard-2026) and research setups

LEVELS = ["easy", "medium", "hard"]


def quick(op: Opponent, iterations: int = 2) -> Opponent:
    if isinstance(op, SearchOpponent):
        op.budget = Budget(iterations=iterations, seconds=None)
    return op


def new(seed: int, **options: object) -> Avinas:
    game = new_game("avinas", seed=seed, **options)
    assert isinstance(game, Avinas)
    return game


def play_match(levels: list[str], seed: int, **options: object) -> Avinas:
    game = new(seed, **options)
    players = [quick(make_opponent("avinas", lv, s, seed)) for s, lv in enumerate(levels)]
    play_with(game, players)
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_only_legal_actions_and_finishes_matches(level: str) -> None:
    for seed in range(4):
        game = play_match([level, "random", level, "medium"], seed, pip_target=3)
        assert game.is_over and game.hands_played > 0


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_gives_the_same_decisions(level: str) -> None:
    first = play_match([level] * 4, 7, pip_target=3).history
    again = play_match([level] * 4, 7, pip_target=3).history
    assert first == again


def two_deals_differing_only_in_hidden_cards() -> tuple[Avinas, Avinas]:
    """Dealer 0.  Seat 1 (to bid first) sees its hand and seat 3's special cards; the
    dealer's side's specials hold no seven, so the two hands over there can be swapped."""
    seat1 = parse_cards("QC QS JH AH 10H KH 9H 8D")
    seat3 = parse_cards("7C 8C 9C AD KD 10D 9D 8S")
    rest = [c for c in short_pack() if c not in seat1 + seat3]
    sevens = [c for c in rest if c.rank == SEVEN]
    others = [c for c in rest if c.rank != SEVEN]
    north = [*sevens[:2], *others[:6]]  # sevens first: never 4th or 8th
    south = [*sevens[2:], *others[6:]]
    games = []
    for dealer_hand, partner_hand in ((north, south), (south, north)):
        deck = scripted_deck(0, {0: dealer_hand, 1: seat1, 2: partner_hand, 3: seat3})
        games.append(new(1, deck=deck, dealer=0))
    return games[0], games[1]


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_do_not_change_when_hidden_cards_are_redealt(level: str) -> None:
    a, b = two_deals_differing_only_in_hidden_cards()
    assert a.full_state()["hands"] != b.full_state()["hands"]
    assert a.kind == b.kind == "no sevens" and a.current_player == 1
    decisions = []
    for _ in range(2):  # the bid, then the naming lead after the others pass
        obs_a, obs_b = a.observation(1), b.observation(1)
        assert obs_a == obs_b
        choice_a = quick(make_opponent("avinas", level, 1, 5), 12).decide(obs_a)
        choice_b = quick(make_opponent("avinas", level, 1, 5), 12).decide(obs_b)
        assert choice_a == choice_b
        decisions.append(choice_a)
        for game in (a, b):
            if game.phase == "bid":
                game.apply(choice_a if choice_a != "pass" else "bid 7")
                while game.phase == "bid":
                    game.apply("pass")
    assert decisions[1].startswith("play")


def test_sampled_worlds_agree_with_the_observation() -> None:
    voids_seen = 0
    for seed in range(40):
        game = new(seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(4, 30)):
            game.apply(rng.choice(game.legal_actions()))
        seat = game.current_player
        assert seat is not None
        obs = game.observation(seat)
        trump = None if obs["trump"] is None else SUITS.index(obs["trump"])
        tricks = [
            (t["leader"], tuple((p["seat"], parse_card(p["card"])) for p in t["cards"]),
             t["winner"], t["facedown"])
            for t in obs["tricks"]
        ]
        current: list[tuple[int, Card | None]] = [
            (p["seat"], None if p["card"] is None else parse_card(p["card"]))
            for p in obs["trick"]
        ]
        down = bool(obs["trick"]) and obs["trick"][0]["facedown"]
        voids = shown_voids(tricks, current, down, trump)
        worlds = [world_from_observation(obs, random.Random(i)) for i in range(4)]
        for world in worlds:
            view = world.observation(seat)
            for key in obs:
                if key not in ("moves", "last"):
                    assert view[key] == obs[key], (seed, key)
            for other in range(4):
                if other != seat and voids[other] and trump is not None:
                    voids_seen += 1
                    eff = trump_tables(trump)[0]
                    assert not any(eff[c] in voids[other] for c in world.hands[other])
            for item in obs["exposed"]:
                assert parse_card(item["card"]) in world.hands[item["seat"]]
        if sum(obs["hand_counts"]) - len(obs["hand"]) > 4:
            hidden = {tuple(w.hands[(seat + 1) % 4]) for w in worlds}
            assert len(hidden) > 1, "the unseen cards are really sampled"
    assert voids_seen > 0


def test_the_dealer_places_what_he_saw() -> None:
    game = new(3)
    dealer = game.dealer
    obs = game.observation(dealer)
    obs["current_player"] = dealer  # only the knowledge matters here
    world = world_from_observation(obs, random.Random(0))
    for item in obs["dealer_saw"]:
        assert parse_card(item["card"]) in world.hands[item["seat"]]


def test_easy_bids_its_real_trump_count() -> None:
    a, _ = two_deals_differing_only_in_hidden_cards()
    assert make_opponent("avinas", "easy", 1, 0).decide(a.observation(1)) == "bid 7"


@pytest.mark.parametrize("level", LEVELS)
def test_a_declarer_who_has_made_it_stops(level: str) -> None:
    for seed in range(60):
        game = new(seed)
        rng = random.Random(seed)
        while not game.is_over and game.phase != "stop":
            game.apply(rng.choice(game.legal_actions()))
        seat = game.current_player
        if seat is None or game.hands_played:
            continue
        made = game.points[seat % 2] >= 61 and all(
            b <= sum(1 for c in game.dealt[seat] if trump_tables(game.trump or 0)[0][c] == 4)
            for s, b in game.bids if s == seat
        )
        choice = quick(make_opponent("avinas", level, seat, seed)).decide(game.observation(seat))
        assert choice == ("stop" if made else "play on")


def test_hard_search_yields_to_the_page_between_slices() -> None:
    game = new(2)
    rng = random.Random(2)
    while game.phase != "play" or len(game.legal_actions()) < 3 or game.trump is None:
        game.apply(rng.choice(game.legal_actions()))
    seat = game.current_player
    assert seat is not None
    hard = make_opponent("avinas", "hard", seat, 2)
    assert isinstance(hard, SearchOpponent) and hard.budget.iterations > 0
    hard.budget = Budget(iterations=30, seconds=None, slice_seconds=0.0)
    slices, choice = count_slices(hard, game.observation(seat))
    assert choice in game.observation(seat)["legal"]
    assert slices > 1
    assert hard.explain()


def test_hard_playouts_stop_at_the_end_of_the_hand() -> None:
    """The search's worlds do not deal the next hand: the playout ends with the hand's
    record, the dealer unchanged and nothing dealt (``hard-2026`` dealt and bid it too)."""
    game = new(4)
    rng = random.Random(4)
    while game.phase != "play" or game.trump is None:
        game.apply(rng.choice(game.legal_actions()))
    seat = game.current_player
    assert seat is not None
    obs = game.observation(seat)
    hard = make_opponent("avinas", "hard", seat, 4)
    assert isinstance(hard, SearchOpponent)
    world = hard.world(obs, random.Random(4))
    hands_before = len(world.hand_records)
    playout(world, seat)
    assert len(world.hand_records) == hands_before + 1
    assert world.dealer == obs["dealer"]
    assert world.bids == [(b["seat"], b["bid"] or 0) for b in obs["bids"]]  # no new bidding
    assert world.last is None and game.last is not None  # a playout keeps no narration
    baseline = make_opponent("avinas", "hard-2026", seat, 4)
    assert isinstance(baseline, SearchOpponent)
    old_world = baseline.world(obs, random.Random(4))
    playout(old_world, seat)
    assert old_world.is_over or old_world.dealer != obs["dealer"]  # it dealt again


# --- hard reads the others' card plays ------------------------------------------------------


def reading_positions(seeds: range = range(20), level: str = "medium",
                      ) -> Iterator[tuple[int, Avinas, int, Any]]:
    """Positions from games four ``level`` players played (a search at 20 worlds), stopped
    in the play of a hand at trick 2 or later where the seat to play has a choice: (seed,
    game, seat, observation)."""
    for seed in seeds:
        game = new(seed)
        players = [make_opponent("avinas", level, s, seed) for s in range(4)]
        for player in players:
            if isinstance(player, SearchOpponent):
                player.budget = Budget(iterations=20, seconds=None)
        stop_at = random.Random(seed).randrange(12, 26)
        for moves in range(300):
            seat = game.current_player
            assert seat is not None and not game.is_over
            obs = game.observation(seat)
            if (moves >= stop_at and obs["phase"] == "play" and obs["trump"] is not None
                    and obs["trick_number"] >= 2 and len(obs["legal"]) > 1):
                yield seed, game, seat, obs
                break
            game.apply(players[seat].decide(obs))


def true_hand_then(game: Avinas, seat: int) -> list[Card]:
    """The cards ``seat`` still held before the trick in progress, a face-down lead's
    card included (it lies on the table, hidden)."""
    held = list(game.hands[seat])
    if game.trick and game.facedown and game.trick[0][0] == seat:
        held.append(game.trick[0][1])
    return held


def test_the_reading_sees_medium_make_the_plays_it_made_in_the_true_deal() -> None:
    """The reading rebuilds, for each card another seat played this hand, the table that
    seat saw; in the true deal medium's rule picks the card it really played (all but a
    few plays that hang on what only that seat saw, such as its partner's signal)."""
    from pygame_core.avinas import hidden_layout
    from pygame_core.opponents.avinas import PlayReading

    agree = total = 0
    for _, game, _, obs in reading_positions():
        reading = PlayReading(obs, hidden_layout(obs), slack=0.1)
        assert reading.plays
        for past in reading.plays:
            total += 1
            agree += reading.chance(past, true_hand_then(game, past.seat) + past.later) > 0.5
    assert total > 150
    assert agree / total > 0.93


def test_the_typed_reading_reads_medium_players_and_not_searching_ones() -> None:
    """``hard-typed``'s reading weighs, for each seat, whether it plays as medium does:
    in the true deal, its plays make that likely for medium players and unlikely for
    hard-2026's searching ones (whose plays medium's rule makes about half the time)."""
    from pygame_core.avinas import hidden_layout
    from pygame_core.opponents.avinas import TypedPlayReading

    def weights(level: str) -> list[float]:
        found = []
        for _, game, _, obs in reading_positions(range(24), level):
            reading = TypedPlayReading(obs, hidden_layout(obs), slack=0.1, prior=0.5)
            found += [reading.medium_weight(s, true_hand_then(game, s))
                      for s in reading.seats()]
        return found

    medium, searching = weights("medium"), weights("hard-2026")
    assert len(medium) > 50 and len(searching) > 50
    assert sum(medium) / len(medium) > 0.85
    assert sum(searching) / len(searching) < 0.45


def test_typed_playouts_play_medium_players_unsighted_and_searching_ones_sighted() -> None:
    """``hard-typed-playouts`` draws each other seat's kind with every world: in games of
    medium players it plays them out mostly as card counters (unsighted), in games of
    hard-2026's searching players mostly sighted; itself never sighted."""
    from benchmarks.lab.setups.avinas import KindSight

    def sighted_share(level: str) -> float:
        sighted = total = 0
        for seed, _, me, obs in reading_positions(range(16), level):
            opponent = quick(make_opponent("avinas", "hard-typed-playouts", me, seed))
            assert isinstance(opponent, KindSight)
            opponent.decide(obs)  # walks the chain on the others' plays
            rng = random.Random(seed)
            for _ in range(10):
                sight = opponent.sight(opponent.world(obs, rng))
                assert isinstance(sight, tuple) and not sight[me]
                sighted += sum(sight)
                total += 3
        return sighted / total

    assert sighted_share("medium") < 0.25
    assert sighted_share("hard-2026") > 0.5


def test_the_chain_places_the_hidden_cards_with_their_holders_more_often() -> None:
    """Hard's sampler: every deal it gives fits the observation (sizes, the seat's own
    hand, the voids shown, exactly the unseen cards), and over many positions it puts more
    hidden cards with the seat that truly holds them than the uniform sampler does."""
    from pygame_core.avinas import hidden_layout
    from pygame_core.opponents.avinas import HandChain, PlayReading
    from pygame_core.opponents.search import walk
    from pygame_core.slices import run_to_end

    uniform_total = chain_total = 0.0
    positions = accepted = 0
    for seed, game, me, obs in reading_positions():
        layout = hidden_layout(obs)
        holder = {c: s for s in range(4) if s != me for c in true_hand_then(game, s)}

        def right(world: Avinas, me: int = me, holder: dict[Card, int] = holder) -> float:
            return sum(holder.get(c) == s for s in range(4) if s != me
                       for c in true_hand_then(world, s)) / len(holder)

        rng = random.Random(seed)
        uniform_total += sum(right(world_from_observation(obs, rng)) for _ in range(30)) / 30
        chain = HandChain(layout, PlayReading(obs, layout, slack=0.1), rng)
        run_to_end(walk(chain.step, 60, rng, 1.0))
        placed = 0.0
        for _ in range(30):
            for _ in range(4):
                chain.step(rng)
            assert sorted(c for cards in chain.extra for c in cards) == sorted(layout.unseen)
            assert [len(cards) for cards in chain.extra] == layout.need
            eff = trump_tables(SUITS.index(obs["trump"]))[0]
            for s, cards in enumerate(chain.extra):
                assert not any(eff[c] in layout.voids[s] for c in cards)
            world = world_from_observation(obs, rng, chain.extra)
            assert world.observation(me)["hand"] == obs["hand"]
            placed += right(world)
        chain_total += placed / 30
        positions += 1
        accepted += chain.accepted
    assert positions >= 15 and accepted > 0
    print(f"uniform {uniform_total / positions:.1%}, chain {chain_total / positions:.1%}")
    assert chain_total / positions > uniform_total / positions + 0.06


@pytest.mark.parametrize(
    "level", ["hard", "hard-reading", "hard-unread-unsighted", "hard-endgame",
              "hard-typed-endgame", "hard-typed-playouts-endgame"])
def test_hard_levels_do_not_peek_when_the_hidden_cards_are_redealt(level: str) -> None:
    """In the play of a hand, where hard reads the others' plays (and where hard without
    its reading does not): a deal that differs only in the hidden cards (another world
    consistent with the seat's observation) gives the same observation and the same
    decision."""
    checked = 0
    for seed, game, me, obs in reading_positions(range(8)):
        world = world_from_observation(obs, random.Random(seed + 100))
        other = game.clone()
        other.hands = [list(h) for h in world.hands]
        other.trick = list(world.trick)  # a face-down lead's card is hidden too
        if other.hands == game.hands:
            continue
        assert other.observation(me) == obs
        assert decides_alike("avinas", level, me, seed, [obs, other.observation(me)], 12)
        checked += 1
    assert checked >= 5


def test_hard_without_its_reading_samples_uniformly_and_plays_out_unsighted() -> None:
    """``hard-unread-unsighted`` (arena only): where hard's chain reads the others' plays,
    its worlds are the uniform sampler's (the same hands from the same random numbers),
    each played out to the end of the hand by card counters."""
    checked = 0
    for seed, _, me, obs in reading_positions(range(6)):
        opponent = quick(make_opponent("avinas", "hard-unread-unsighted", me, seed))
        assert isinstance(opponent, SearchOpponent)
        opponent.decide(obs)  # where hard would start its chain on the plays
        world = opponent.world(obs, random.Random(seed))
        assert world.hands == world_from_observation(obs, random.Random(seed)).hands
        assert not world.deal_next_hand
        for action in obs["legal"]:
            after = opponent.after(world, action)
            value = opponent.action_value(world, action)
            assert value == playout(after, me, sighted=False)
            checked += 1
    assert checked > 10


def test_unsighted_playouts_do_not_depend_on_who_holds_the_hidden_cards() -> None:
    """Hard's playouts play every seat as a card counter: the seat to play knows its own
    hand and which cards the other three hold between them, not who holds which.  Swapping
    cards between the other hands never changes its choice; the sighted policy (the
    oracle's) does change it somewhere."""
    from pygame_core.opponents.avinas import _quick_action

    sighted_changed = checked = 0
    for seed in range(30):
        game = new(seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(8, 30)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.is_over or game.phase != "play" or game.trump is None:
            continue
        me = game.current_player
        assert me is not None
        for _ in range(5):
            other = game.clone()
            a, b = [s for s in range(4) if s != me and other.hands[s]][:2]
            i, j = rng.randrange(len(other.hands[a])), rng.randrange(len(other.hands[b]))
            other.hands[a][i], other.hands[b][j] = other.hands[b][j], other.hands[a][i]
            assert _quick_action(other, sighted=False) == _quick_action(game, sighted=False)
            sighted_changed += _quick_action(other) != _quick_action(game)
            checked += 1
    assert checked > 50 and sighted_changed > 0


def test_the_reading_counts_every_card_a_seat_played_later_even_unread_ones() -> None:
    """A seat's hand at a read play is what it holds now plus every card it played since,
    a face-down lead included (not read itself, but its card was in the hand)."""
    from pygame_core.avinas import hidden_layout
    from pygame_core.opponents.avinas import PlayReading

    found = 0
    for seed in range(200):
        game = new(seed)
        rng = random.Random(seed)
        while not game.is_over and not (game.trick_number >= 3 and game.phase == "play"):
            game.apply(rng.choice(game.legal_actions()))
        if game.is_over or not game.tricks[1][3]:
            continue  # trick 2 was not led face down
        me = game.current_player
        assert me is not None
        leader, plays, _, _ = game.tricks[1]
        if leader == me:
            continue
        obs = game.observation(me)
        reading = PlayReading(obs, hidden_layout(obs), slack=0.1)
        first = next(p for p in reading.plays if p.seat == leader)
        assert first.trick_number == 1
        assert plays[0][1] in first.later  # the face-down lead, played after trick 1
        assert sorted(first.later) == sorted(
            c for _, cards, _, _ in game.tricks for s, c in cards if s == leader)
        found += 1
    assert found >= 3

"""Information-set MCTS (the lab's ``ismcts``) and the Avissinia setups that use it."""

from __future__ import annotations

import random
from collections.abc import Hashable

from conftest import play_some, play_with
from test_opponents_avissinia import quick, two_deals_differing_only_in_hidden_cards

from benchmarks.lab.ismcts import Node, ismcts, most_visited
from benchmarks.lab.setups import register
from benchmarks.lab.setups.avissinia import TreeSearch, rank_move
from pygame_core import new_game
from pygame_core.avissinia import Avissinia
from pygame_core.opponents import make_opponent
from pygame_core.opponents.avissinia_playout import RankRound, choose_sighted
from pygame_core.opponents.search import Budget, pimc

register()  # the lab's research setups

SAFE = 0.75  # the sure result of the toy's safe move


class CoinWorld:
    """A toy with a hidden coin: seat 0 takes ``safe`` (worth SAFE) or ``gamble``, and
    after gambling guesses the coin (1 if right, else 0).  Seen from seat 0, a guess is
    right half the time whatever it is; a search that sees the coin in every world it
    samples always guesses right, so it values gambling at 1: strategy fusion."""

    def __init__(self, coin: int) -> None:
        self.coin = coin
        self.history: list[str] = []
        self.player = 0

    def moves(self) -> list[Hashable]:
        if not self.history:
            return ["safe", "gamble"]
        return ["heads", "tails"]

    def make(self, move: Hashable) -> None:
        self.history.append(str(move))

    def finished(self) -> bool:
        return self.history[:1] == ["safe"] or len(self.history) == 2

    def margins(self) -> list[float]:
        if self.history == ["safe"]:
            return [SAFE]
        return [1.0 if self.history[1] == ("heads", "tails")[self.coin] else 0.0]


def run(generator):  # type: ignore[no-untyped-def]
    try:
        while True:
            next(generator)
    except StopIteration as done:
        return done.value


def test_ismcts_does_not_fuse_strategies_where_pimc_does() -> None:
    """The reason to search information sets: the guess after gambling is one node for
    every world, so its value is what a player who cannot see the coin gets (half), and
    the safe move wins; PIMC, guessing in each world with the coin in view, gambles."""
    rng = random.Random(3)
    budget = Budget(iterations=2000, seconds=None)
    root, done = run(ismcts(lambda: CoinWorld(rng.randrange(2)), lambda w: w.moves()[0],
                            budget, exploration=0.5))
    assert done == 2000
    assert most_visited(root) == "safe"
    gamble = root.children["gamble"]
    assert 0.35 < gamble.total / gamble.visits < 0.65

    def sighted_value(world: CoinWorld, action: str) -> float:
        world = CoinWorld(world.coin)
        world.make(action)
        if not world.finished():
            world.make(("heads", "tails")[world.coin])  # the playout sees the coin
        return world.margins()[0]

    best, means, _, _ = run(pimc(["safe", "gamble"], lambda: CoinWorld(rng.randrange(2)),
                                 sighted_value, Budget(iterations=50, seconds=None)))
    assert best == "gamble" and means["gamble"] == 1.0


class DiceWorld:
    """One move for seat 0 among ``a`` (worth 0.2), ``b`` (0.9, legal in a world only when
    its die is even) and ``c`` (0.5)."""

    def __init__(self, die: int) -> None:
        self.die = die
        self.played: str | None = None
        self.player = 0

    def moves(self) -> list[Hashable]:
        return ["a", "b", "c"] if self.die % 2 == 0 else ["a", "c"]

    def make(self, move: Hashable) -> None:
        self.played = str(move)

    def finished(self) -> bool:
        return self.played is not None

    def margins(self) -> list[float]:
        return [{"a": 0.2, "b": 0.9, "c": 0.5}[self.played or "a"]]


def test_ismcts_counts_a_move_available_only_in_the_worlds_where_it_is_legal() -> None:
    rng = random.Random(5)
    dice: list[int] = []

    def sample() -> DiceWorld:
        dice.append(rng.randrange(6))
        return DiceWorld(dice[-1])

    def policy(world: DiceWorld) -> Hashable:
        return "b" if "b" in world.moves() else "a"

    root, done = run(ismcts(sample, policy, Budget(600, None), 0.3))
    even = sum(1 for d in dice if d % 2 == 0)
    children: dict[Hashable, Node] = root.children
    # "b" enters the tree in the first even world (the policy's choice), then is counted
    # in every even world and in no odd one.
    assert len(dice) == done == 600
    assert children["b"].available == even
    assert children["b"].available < children["a"].available <= done
    for child in children.values():
        assert 0 < child.visits <= child.available
    assert most_visited(root) == "b"  # the best where it is legal, chosen in an even world


def test_rank_round_moves_are_the_legal_plays_by_rank() -> None:
    """The tree's moves are the game's legal plays, a card standing for its rank: every
    legal play is one of them and each of them is legal, once."""
    for seed in range(30):
        game = new_game("avissinia", seed=seed, partnership=seed % 3 == 0)
        assert isinstance(game, Avissinia)
        play_some(game, random.Random(seed), 0, 45)
        moves = RankRound.of_game(game).moves()
        assert len(moves) == len(set(moves))
        legal = {rank_move(str(play)) for play in game.legal_actions()}
        assert set(moves) == legal


def test_rank_round_margins_are_each_seats_margin() -> None:
    uneven = 0
    for seed in range(20):
        game = new_game("avissinia", seed=seed, partnership=seed % 2 == 0)
        assert isinstance(game, Avissinia)
        play_some(game, random.Random(seed), 10, 45)
        state = RankRound.of_game(game)
        assert state.margins() == [state.margin(seat) for seat in range(4)]
        uneven += any(m != 0 for m in state.margins())
    assert uneven > 10


def test_hard_ismcts_plays_legal_moves_to_the_end_of_a_match() -> None:
    for seed in range(2):
        game = new_game("avissinia", seed=seed, target=15, partnership=seed == 1)
        assert isinstance(game, Avissinia)
        players = [quick(make_opponent("avissinia", lv, s, seed), 30)
                   for s, lv in enumerate(["hard-ismcts", "medium", "hard-ismcts", "easy"])]
        play_with(game, players)
        assert game.is_over and game.winners


def test_hard_ismcts_does_not_peek_and_says_what_it_searched() -> None:
    a, b = two_deals_differing_only_in_hidden_cards()
    choices = []
    for game in (a, b):
        op = quick(make_opponent("avissinia", "hard-ismcts", 0, 5), 200)
        assert isinstance(op, TreeSearch)
        choices.append(op.decide(game.observation(0)))
        assert op.iterations == 200
        assert "in a tree of 200 playouts" in op.explain()
    assert choices[0] == choices[1]
    assert choices[0] in a.observation(0)["legal"]


def test_hard_ismcts_searches_with_the_playout_policy_below_its_tree() -> None:
    """With a budget of one playout per root move, every root move is tried once and
    the first is the playout policy's own choice."""
    game = new_game("avissinia", seed=4)
    assert isinstance(game, Avissinia)
    seat = game.current_player
    assert seat is not None
    op = make_opponent("avissinia", "hard-ismcts", seat, 4)
    assert isinstance(op, TreeSearch)
    obs = game.observation(seat)
    world = op.world(obs, random.Random(0))
    moves = world.moves()
    root, done = run(ismcts(lambda: op.world(obs, random.Random(0)), choose_sighted,
                            Budget(iterations=len(moves), seconds=None), 6.0))
    assert done == len(moves)
    assert sorted(root.children) == sorted(moves)
    assert all(child.visits == 1 for child in root.children.values())
    assert next(iter(root.children)) == choose_sighted(world)


def test_ismcts_lets_only_the_searching_seats_choose_in_the_tree() -> None:
    """With ``searching``, the other seats play the policy in the tree: in one world their
    policy's play is fixed, so each of their nodes has one child, where the published form
    (every seat choosing) tries several of their plays."""
    game = new_game("avissinia", seed=6)
    assert isinstance(game, Avissinia)
    seat = game.current_player
    assert seat is not None
    op = make_opponent("avissinia", "hard-ismcts-own", seat, 6)
    world = op.world(game.observation(seat), random.Random(0))
    budget = Budget(iterations=400, seconds=None)
    own, _ = run(ismcts(world.copy, choose_sighted, budget, 6.0, searching={seat}))
    every, _ = run(ismcts(world.copy, choose_sighted, budget, 6.0))
    assert len(own.children) == len(world.moves()) > 1
    for root in (own, every):
        replies = [len(child.children) for child in root.children.values()]
        if root is own:
            assert all(n == 1 for n in replies)
        else:
            assert max(replies) > 1
    # Three plays by the others later, hard chooses again: the tree branches there.
    def below(node: Node, depth: int) -> list[Node]:
        if depth == 0:
            return [node]
        return [n for child in node.children.values() for n in below(child, depth - 1)]

    assert max(len(node.children) for node in below(own, 4)) > 1

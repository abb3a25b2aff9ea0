"""Avissinia's research setups: the hard search with one or more parts changed, measured
in the arena and not kept (their figures: ``benchmarks/lab/experiments``), the baseline
``hard-2026``, and the oracles (``oracles.py``).  Each is a composition of the parts in
``pygame_core.opponents.avissinia`` and a few of the lab's own below.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from pygame_core.avissinia import (
    PLAYERS,
    AvissiniaObservation,
    HiddenDeal,
    deal_hidden,
    play_of,
)
from pygame_core.opponents import Opponent, Thinking
from pygame_core.opponents.avissinia import (
    HARD,
    AvissiniaSearch,
    AvissiniaSetup,
    BySide,
    EverySeat,
    ReadDeals,
    Reading,
    RoundEnd,
    UniformDeals,
    Worlds,
)
from pygame_core.opponents.avissinia_playout import (
    Policy,
    RankRound,
    choose_counted,
    choose_counted_fitted,
    choose_fitted,
    choose_sighted,
    choose_sighted_fitted,
    play_out,
)
from pygame_core.opponents.search import Budget
from pygame_core.words import plural

World = TypeVar("World")


# --- the lab's own parts -----------------------------------------------------------------


def play_out_to_endgame(state: RankRound, seat: int, policy: Policy, cards: int) -> float:
    """``play_out``, but once the stock is dealt and ``seat`` is to play with ``cards``
    cards or fewer, it plays the rest of the round as its exact best against the others'
    ``policy`` (``best_response``)."""
    hands = state.hands
    while hands[state.player]:
        if state.player == seat and len(hands[seat]) <= cards and not state.stock:
            return best_response(state, seat, policy)
        state.play(*policy(state))
    return state.margin(seat)


def best_response(state: RankRound, seat: int, policy: Policy) -> float:
    """``seat``'s margin when it plays its exact best from here to the end of the round and
    every other seat keeps to ``policy``: a search that branches only at ``seat``'s turns
    (the others' plays follow from the position), so a few dozen lines at three cards.
    ``state`` is used up."""
    hands = state.hands
    while hands[state.player] and state.player != seat:
        state.play(*policy(state))
    if not hands[state.player]:
        return state.margin(seat)
    best = -1e9
    for move in state.moves():
        after = state.copy()
        after.play(*move)
        best = max(best, best_response(after, seat, policy))
    return best


def rollout_improved(state: RankRound, seat: int, policy: Policy) -> float:
    """``seat``'s margin when at each of its turns it makes the move whose playout by
    ``policy`` scores best (the search's choice in a world it sees whole: the oracle's) and
    the other seats keep to ``policy``; what ``best_response`` is measured against.
    ``state`` is used up."""
    def by_playout(move: tuple[int, int]) -> float:
        after = state.copy()
        after.play(*move)
        return play_out(after, seat, policy)

    while state.hands[state.player]:
        state.play(*(max(state.moves(), key=by_playout) if state.player == seat
                     else policy(state)))
    return state.margin(seat)


@dataclass(frozen=True)
class BestResponseEnd:
    """Playouts that end in an exact best response: once the stock is dealt and the
    searcher holds ``cards`` cards or fewer, it plays its remaining cards as well as they
    can be played against the others' policies in that world."""

    cards: int = 3

    def value(self, trial: RankRound, seat: int, policy: Policy) -> float:
        return play_out_to_endgame(trial, seat, policy, self.cards)


def resample(worlds: Sequence[World], log_weights: Sequence[float], rng: random.Random) -> World:
    """One of ``worlds``, drawn with chance proportional to its weight (given as logs, so
    tiny likelihoods do not underflow): sampling-importance-resampling, which turns uniform
    worlds into worlds drawn closer to the posterior the weights describe."""
    top = max(log_weights)
    weights = [math.exp(x - top) for x in log_weights]
    pick = rng.random() * sum(weights)
    for world, weight in zip(worlds, weights, strict=True):
        pick -= weight
        if pick <= 0:
            return world
    return worlds[-1]


class ResampledWorlds(Worlds):
    def __init__(self, reading: Reading, pool: int) -> None:
        super().__init__(reading)
        self.pool = pool

    def deal(self, obs: AvissiniaObservation, rng: random.Random) -> HiddenDeal:
        reading = self.reading
        assert reading is not None
        deals = [deal_hidden(obs, rng, reading.unseen) for _ in range(self.pool)]
        return resample(deals, [reading.log_likelihood(d.hands) for d in deals], rng)


@dataclass(frozen=True)
class ResampledDeals:
    """The first reading: each world drawn from ``pool`` uniform deals in proportion to
    its likelihood (sampling-importance-resampling)."""

    pool: int = 4
    temperature: float = 0.5
    slack: float = 0.1

    def read(self, obs: AvissiniaObservation, rng: random.Random, slice_seconds: float
             ) -> Generator[None, None, Worlds]:
        reading = Reading(obs, self.temperature, self.slack)
        return ResampledWorlds(reading, self.pool) if reading.plays else Worlds(reading)
        yield  # no slices


class TreeSearch(AvissiniaSearch):
    """The reading and playouts under information-set MCTS (``ismcts``) instead of PIMC:
    one tree over the moves from the searcher's information set, each iteration a world
    from the sampler.  Its budget counts playouts, one an iteration."""

    exploration = 6.0  # points: UCB's constant (a round's margins spread over tens of points)

    def __init__(self, game: str, seat: int, seed: int, setup: AvissiniaSetup,
                 own_tree: bool) -> None:
        super().__init__(game, seat, seed, setup)
        self.own_tree = own_tree

    def think(self, obs: AvissiniaObservation) -> Thinking:
        from ..ismcts import ismcts, most_visited

        legal: list[str] = obs["legal"]
        if len(legal) == 1:
            return legal[0]
        yield from self.read(obs)
        rng = self.rng
        root, self.iterations = yield from ismcts(
            lambda: self.world(obs, rng), choose_sighted, self.budget, self.exploration,
            self.searching(obs))
        self.playouts = self.iterations
        move = most_visited(root)
        chosen = root.children[move]
        self.reason = (f"searched {plural(len(root.children), 'play')} in a tree of "
                       f"{plural(self.iterations, 'playout')}; "
                       f"expects {chosen.total / chosen.visits:+.1f} points")
        return next(text for text in legal if rank_move(text) == move)

    def searching(self, obs: AvissiniaObservation) -> set[int] | None:
        """The seats that choose in the tree: every seat (SO-ISMCTS), or only its side."""
        if not self.own_tree:
            return None
        me = self.seat
        return {me, (me + 2) % PLAYERS} if obs["partnership"] else {me}


def rank_move(text: str) -> tuple[int, int]:
    """A play's text as the playouts' move: (the card's rank, the target)."""
    card, target = play_of(text)
    return card.rank, target


# --- the setups ----------------------------------------------------------------------------

PAGE_BUDGET = Budget(iterations=60)
SIGHTED = EverySeat(choose_sighted)

# The hard level as it was in 2026: uniform worlds, every seat on medium's rule with sight,
# every candidate in every world.  The baseline every change is measured against.
HARD_2026 = AvissiniaSetup("hard-2026", UniformDeals(), SIGHTED, RoundEnd(), PAGE_BUDGET)
# The page's hard until the twentieth pass: every other seat read as a medium player.
HARD_READING = AvissiniaSetup("hard-reading", ReadDeals(typed=False), SIGHTED, RoundEnd(),
                              PAGE_BUDGET, race_z=3.0)


def reading_with(name: str, seats: EverySeat | BySide) -> AvissiniaSetup:
    """hard-reading with other playouts."""
    return replace(HARD_READING, name=name, seats=seats)


SEARCH_SETUPS: tuple[AvissiniaSetup, ...] = (
    HARD_2026,
    HARD_READING,
    AvissiniaSetup("hard-sir", ResampledDeals(), SIGHTED, RoundEnd(), PAGE_BUDGET),
    reading_with("hard-unsighted", EverySeat(choose_counted)),
    reading_with("hard-fitted-playouts", EverySeat(choose_fitted)),
    reading_with("hard-sighted-fitted", EverySeat(choose_sighted_fitted)),
    reading_with("hard-own-fitted", BySide(choose_sighted_fitted, choose_sighted)),
    reading_with("hard-own-counted-fitted", BySide(choose_counted_fitted, choose_sighted)),
    reading_with("hard-own-counting", BySide(choose_counted, choose_sighted)),
    reading_with("hard-searchers-modelled", BySide(choose_sighted, choose_fitted)),
    reading_with("hard-own-fitted-searchers", BySide(choose_sighted_fitted, choose_fitted)),
    replace(HARD_READING, name="hard-endgame", ending=BestResponseEnd(3)),
    # The page's hard under the name its arena runs were measured with (so they replay).
    replace(HARD, name="hard-typed"),
    # Its reading taking a medium player's plays as all but certain.
    replace(HARD, name="hard-typed-sharp",
            sampler=ReadDeals(typed=True, temperature=0.05, slack=0.02)),
)

# ISMCTS over hard-reading's worlds, two chain steps between them (one playout a world).
TREE = replace(HARD_READING, sampler=ReadDeals(typed=False, steps=2))


def search_setup(setup: AvissiniaSetup) -> Callable[[str, int, int], Opponent]:
    def make(game: str, seat: int, seed: int) -> Opponent:
        return AvissiniaSearch(game, seat, seed, setup)

    return make


def tree_setup(name: str, own_tree: bool) -> Callable[[str, int, int], Opponent]:
    def make(game: str, seat: int, seed: int) -> Opponent:
        return TreeSearch(game, seat, seed, replace(TREE, name=name), own_tree)

    return make


SETUPS: dict[str, Callable[[str, int, int], Opponent]] = {
    **{setup.name: search_setup(setup) for setup in SEARCH_SETUPS},
    "hard-ismcts": tree_setup("hard-ismcts", own_tree=False),
    "hard-ismcts-own": tree_setup("hard-ismcts-own", own_tree=True),
}


def setup_named(name: str) -> AvissiniaSetup:
    return next(setup for setup in SEARCH_SETUPS if setup.name == name)

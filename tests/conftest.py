"""Shared test helpers."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from pygame_core import Game, i18n
from pygame_core.slices import drive


def play_randomly(game: Game[Any, Any], rng: random.Random, max_moves: int = 100_000) -> int:
    """Play random legal actions to the end of the match; return the number of moves."""
    moves = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        moves += 1
        assert moves < max_moves, "the match did not end"
    return moves


def play_some(game: Game[Any, Any], rng: random.Random, least: int, most: int) -> None:
    """Play ``rng.randrange(least, most)`` random legal actions: a random position."""
    for _ in range(rng.randrange(least, most)):
        game.apply(rng.choice(game.legal_actions()))


def play_with(game: Game[Any, Any], players: list[Any], max_moves: int = 100_000) -> int:
    """Play the match out with opponents (one per seat), each seeing only its observation;
    check that every decision is legal and explained.  Returns the number of moves."""
    moves = 0
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        obs = game.observation(seat)
        action = players[seat].decide(obs)
        assert action in obs["legal"], (action, obs["legal"])
        assert players[seat].explain() or players[seat].level == "random"
        game.apply(action)
        moves += 1
        assert moves < max_moves, "the match did not end"
    return moves


def count_slices(opponent: Any, obs: dict[str, Any]) -> tuple[int, str]:
    """Run an opponent's thinking to the end; return how often it yielded, and its choice."""
    action, slices = drive(opponent.think(obs))
    assert action is not None
    return slices, action


def decides_alike(game: str, level: str, seat: int, seed: int,
                  observations: list[dict[str, Any]], iterations: int) -> bool:
    """Whether fresh opponents of ``level`` (a search at fixed ``iterations``) make the same
    decision from each of ``observations`` (the no-peeking tests)."""
    from pygame_core.opponents import SearchOpponent, make_opponent
    from pygame_core.opponents.search import Budget

    choices = set()
    for obs in observations:
        opponent = make_opponent(game, level, seat, seed)
        if isinstance(opponent, SearchOpponent):
            opponent.budget = Budget(iterations=iterations, seconds=None)
        choices.add(opponent.decide(obs))
    return len(choices) == 1


@pytest.fixture
def pseudo() -> Iterator[None]:
    """The pseudo-language for one test (each message between marks), then English."""
    i18n.use(i18n.PSEUDO)
    try:
        yield
    finally:
        i18n.use(i18n.SOURCE_LANGUAGE)

"""Shared test helpers."""

from __future__ import annotations

import random
from typing import Any

from pygame_core import Game


def play_randomly(game: Game[Any, Any], rng: random.Random, max_moves: int = 100_000) -> int:
    """Play random legal actions to the end of the match; return the number of moves."""
    moves = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        moves += 1
        assert moves < max_moves, "the match did not end"
    return moves

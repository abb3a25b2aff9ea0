"""Computer opponents.  They see only ``observation(seat)``, never the full state.

An opponent's ``think(obs)`` is a generator: it yields between slices of work (so the page
can hand control back to the browser) and returns the chosen action's text.  ``decide``
runs it to the end.  All randomness comes from the opponent's own seeded generator, so a
replay is deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

Observation = dict[str, Any]
Thinking = Generator[None, None, str]

LEVELS = ("random", "easy", "medium", "hard")


class Opponent:
    """Base class: plays a uniformly random legal action."""

    level = "random"

    def __init__(self, game: str, seat: int, seed: int) -> None:
        self.game = game
        self.seat = seat
        self.rng = random.Random(f"{game}/{seat}/{seed}")

    def think(self, obs: Observation) -> Thinking:
        legal: list[str] = obs["legal"]
        if not legal:
            raise ValueError(f"seat {self.seat} has nothing to play")
        return self.rng.choice(legal)
        yield  # makes this a generator; a random choice needs no slices

    def decide(self, obs: Observation) -> str:
        thinking = self.think(obs)
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                result: str = done.value
                return result


def make_opponent(game: str, level: str, seat: int, seed: int) -> Opponent:
    """The opponent for ``game`` at ``level`` in ``seat``, seeded from the game's seed."""
    if level not in LEVELS:
        raise ValueError(f"unknown opponent level {level!r} (levels: {', '.join(LEVELS)})")
    return Opponent(game, seat, seed)

"""Computer opponents.  They see only ``observation(seat)``, never the full state.

An opponent's ``think(obs)`` is a generator: it yields between slices of work (so the page
can hand control back to the browser) and returns the chosen action's text.  ``decide``
runs it to the end.  All randomness comes from the opponent's own generator, seeded from
the game, its seat and the game's seed, so a replay is deterministic.

Levels: ``easy`` (rules of thumb), ``medium`` (heuristics with card counting) and ``hard``
(search over the hidden cards); ``random`` is a baseline for the arena and tests.
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Generator
from typing import Any

Observation = dict[str, Any]
Thinking = Generator[None, None, str]

LEVELS = ("easy", "medium", "hard")
# Never on the page: `random`, and `hard-2026` (the hard level as it was, the baseline every
# change is measured against); `oracle` is added by the arena.
ARENA_LEVELS = ("random", *LEVELS, "hard-2026")

# Game name -> module defining LEVEL_CLASSES {"easy": ..., "medium": ..., "hard": ...}.
MODULES = {
    "avissinia": "pygame_core.opponents.avissinia",
    "avinas": "pygame_core.opponents.avinas",
    "abyssinia": "pygame_core.opponents.abyssinia",
}


@functools.cache
def chance_of_any(unseen: int, drawn: int, good: int) -> float:
    """Card counting: the chance that ``drawn`` cards dealt from ``unseen`` cards include at
    least one of the ``good`` ones among them (one minus the hypergeometric chance of none)."""
    if good <= 0 or drawn <= 0 or unseen <= 0:
        return 0.0
    none = 1.0
    for i in range(min(drawn, unseen)):
        none *= max(0, unseen - good - i) / (unseen - i)
    return 1.0 - none


class Opponent:
    """Base class, and the ``random`` level: a uniformly random legal action."""

    level = "random"

    def __init__(self, game: str, seat: int, seed: int) -> None:
        self.game = game
        self.seat = seat
        self.rng = random.Random(f"{game}/{self.level}/{seat}/{seed}")

    def think(self, obs: Observation) -> Thinking:
        legal: list[str] = obs["legal"]
        if not legal:
            raise ValueError(f"seat {self.seat} has nothing to play")
        return self.choose(obs, legal)
        yield  # makes this a generator; a rule of thumb needs no slices

    def choose(self, obs: Observation, legal: list[str]) -> str:
        """A quick decision; heuristic levels override this."""
        return self.rng.choice(legal)

    def think_for(self, obs: Observation, seconds: float) -> Thinking:
        """``think``, given about ``seconds`` of wall clock (the page's pace).  Heuristic
        levels decide at once; the search levels search until the time is up, yielding
        every ``slice_seconds`` (8 ms) as ``think`` does."""
        return (yield from self.think(obs))

    def explain(self) -> str:
        """One short line on why the last decision was made (for the page's hint)."""
        return getattr(self, "reason", "")

    def decide(self, obs: Observation) -> str:
        thinking = self.think(obs)
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                result: str = done.value
                return result


class SearchOpponent(Opponent):
    """An opponent that searches over worlds: full states consistent with what it sees."""

    from .search import Budget as _Budget

    budget = _Budget()
    iterations = 0  # worlds searched for the last searched decision (for the benchmarks)
    playouts = 0  # and the playouts run in them (one per candidate per world)

    def think_for(self, obs: Observation, seconds: float) -> Thinking:
        saved = self.budget
        self.budget = self._Budget.for_seconds(seconds)
        try:
            return (yield from self.think(obs))
        finally:
            self.budget = saved

    def world(self, obs: Observation, rng: random.Random) -> Any:
        """A full game state consistent with ``obs``, the hidden cards sampled with ``rng``."""
        raise NotImplementedError


def opponent_class(game: str, level: str) -> type[Opponent]:
    if level == "random":
        return Opponent
    if game not in MODULES:
        raise ValueError(f"no opponents for game {game!r}")
    classes: dict[str, type[Opponent]] = importlib.import_module(MODULES[game]).LEVEL_CLASSES
    if level not in classes:
        raise ValueError(f"unknown opponent level {level!r} (levels: {', '.join(classes)})")
    return classes[level]


def make_opponent(game: str, level: str, seat: int, seed: int) -> Opponent:
    """The opponent for ``game`` at ``level`` in ``seat``, seeded from the game's seed."""
    return opponent_class(game, level)(game, seat, seed)

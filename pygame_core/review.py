"""Review of one seat's play: which decisions cost the most, by the hard level's search.

Each decision of the seat (one with more than one legal action) is evaluated as the hard
opponent would see it: worlds are sampled consistently with the seat's observation at that
point (``SearchOpponent.world``) and every legal action is scored in each world by the
search's own measure (``SearchOpponent.action_value``, in its ``value_unit``).  Scoring
every action in the same worlds makes the difference between two actions much less noisy
than either value, and gives its standard error directly: the per-world differences'
standard deviation over the root of the number of worlds.

The figures are expected values of the search, not certainties.  A decision is marked as
a mistake only when its cost against the search's best action exceeds both
``NOISE_SIGMAS`` standard errors and ``min_cost``, so no mark stands on the search's own
noise.

``review(...)`` is a generator: it yields between slices of work (like an opponent's
``think``) so the page can hand control back to the browser, and returns a ``Review``.
``run_to_end`` (from ``slices``, re-exported here) drives it in one go (tests, scripts,
the terminal).  The moves are put in words by the caller's ``narrate`` (the views' words, which
this module does not import): without one, by their text.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from .base import Game
from .opponents import SearchOpponent, make_opponent
from .replay import Replay, ReplayStepper, Slices
from .slices import run_to_end
from .words import hint_text

NOISE_SIGMAS = 2.0  # a cost must exceed this many standard errors to be marked
MIN_COST = 0.75  # ... and this much, in the search's unit
WORLDS = 32  # sampled worlds per decision
LEVEL = "hard"

__all__ = ["Decision", "Review", "review", "run_to_end"]

T = TypeVar("T")


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat, as the search judged it."""

    step: int  # the replay step just before it (``ReplayStepper.go(step)`` shows it)
    deal: int
    played: str
    best: str  # the action with the best expected value
    cost: float  # the best's expected value minus the played action's (>= 0)
    stderr: float  # the standard error of that difference
    worlds: int
    unit: str
    means: dict[str, float]  # every legal action's expected value
    played_words: str  # the actions as the narration would say them
    best_words: str
    why: str = ""  # the hard opponent's own reason for the best action, when it agrees

    @property
    def marked(self) -> bool:
        return self.played != self.best and self.cost > max(NOISE_SIGMAS * self.stderr,
                                                            MIN_COST)

    def text(self) -> str:
        """The mark in words, in the style of the hint: what it cost and what was better."""
        if not self.marked:
            return (f"{self.played_words}: a good choice by the search's estimate (no other "
                    f"choice was clearly better).")
        line = (f"{self.played_words}: that cost about {self.cost:.1f} {self.unit} "
                f"(expected value, ±{NOISE_SIGMAS * self.stderr:.1f}); better: "
                f"{_lower_first(self.best_words)}")
        return hint_text(line, self.why).removeprefix("Hint: ")


@dataclass
class Review:
    """Every decision reviewed, in the order they were made."""

    seat: int
    decisions: list[Decision] = field(default_factory=list)
    seconds: float = 0.0  # from start to end, the page's time between slices included
    note: str = ("Figures are expected values from the hard level's search over sampled "
                 "hands; a play is marked only when its cost is clearly beyond the search's "
                 "own noise.")

    @property
    def marked(self) -> list[Decision]:
        """The marked mistakes, the costliest first."""
        return sorted((d for d in self.decisions if d.marked), key=lambda d: -d.cost)

    def lines(self, limit: int = 3) -> list[str]:
        return [d.text() for d in self.marked[:limit]]


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text.startswith("You ") else text


# The last move of a state in words, as ``seat`` saw it ("" for none).
Narrate = Callable[[Game[Any, Any], int], str]


def _no_words(_state: Game[Any, Any], _seat: int) -> str:
    return ""


def _words(state: Game[Any, Any], seat: int, action: str, narrate: Narrate) -> str:
    """``action`` by ``seat`` in ``state`` as the narration says it: its first sentence
    only, so the words never tell what followed it."""
    trial = state.clone()
    trial.apply(action)
    said = narrate(trial, seat) or action
    first = said.split(". ")[0].rstrip(".")
    return first


def _decision_steps(stepper: ReplayStepper, seat: int, deal: int | None,
                    steps: Iterable[int] | None) -> list[int]:
    if steps is not None:
        chosen = list(steps)
    elif deal is not None:
        first, last = stepper.deal_range(deal)
        chosen = list(range(first, last))
    else:
        chosen = list(range(stepper.steps))
    return [s for s in chosen if 0 <= s < stepper.steps and stepper.movers[s] == seat]


def review(
    replay: Replay | Game[Any, Any] | ReplayStepper,
    seat: int = 0,
    *,
    deal: int | None = None,
    steps: Iterable[int] | None = None,
    worlds: int = WORLDS,
    seed: int | None = None,
    narrate: Narrate = _no_words,
    progress: Callable[[int, int], None] | None = None,
) -> Generator[None, None, Review]:
    """Review ``seat``'s decisions in ``deal`` (or at the given ``steps``, or all of them).

    A decision at step ``s`` is the action that leads from step ``s`` to ``s + 1``: the
    page shows it with ``stepper.go(decision.step)``.

    Deterministic for a given replay and ``seed`` (default: the match's seed).
    ``narrate(state, seat)`` puts a state's last move in words, as ``seat`` saw it.
    ``progress(done, total)`` is told of each decision as it is reviewed (the page's bar).
    """
    stepper = (replay if isinstance(replay, ReplayStepper)
               else (yield from ReplayStepper.sliced(replay)))
    where = stepper.step  # a stepper passed in is left where it was
    game_name = stepper.replay.game
    seed = stepper.replay.seed if seed is None else seed
    started = time.perf_counter()
    result = Review(seat)
    clock = Slices()
    chosen = _decision_steps(stepper, seat, deal, steps)
    for number, step in enumerate(chosen):
        if progress is not None:
            progress(number, len(chosen))
        state = stepper.go(step)
        legal = [str(a) for a in state.legal_actions()]
        if len(legal) < 2:
            continue
        adviser = make_opponent(game_name, LEVEL, seat, seed)
        if not isinstance(adviser, SearchOpponent):
            raise TypeError(f"the {LEVEL} level of {game_name} does not search")
        decision = yield from _evaluate(adviser, state, seat, stepper, step, legal, worlds,
                                        random.Random(f"review/{seed}/{step}"), narrate, clock)
        result.decisions.append(decision)
    # The hard opponent's own reason for the search's best action, for the marked ones.
    for index, decision in enumerate(result.decisions):
        if decision.marked:
            adviser = make_opponent(game_name, LEVEL, seat, seed)
            obs = stepper.go(decision.step).observation(seat)
            choice = yield from adviser.think(obs)
            if choice == decision.best:
                result.decisions[index] = replace(decision, why=adviser.explain())
    stepper.go(where)
    if progress is not None:
        progress(len(chosen), len(chosen))
    result.seconds = time.perf_counter() - started
    return result


def _evaluate(
    adviser: SearchOpponent, state: Game[Any, Any], seat: int, stepper: ReplayStepper,
    step: int, legal: list[str], worlds: int, rng: random.Random, narrate: Narrate,
    clock: Slices,
) -> Generator[None, None, Decision]:
    played = stepper.replay.actions[step]
    obs = state.observation(seat)
    values: dict[str, list[float]] = {a: [] for a in legal}
    for _ in range(worlds):
        world = adviser.world(obs, rng)
        for action in legal:
            value = yield from _sliced(adviser.action_value_slices(world, action), clock)
            values[action].append(value)
            if clock.due():
                yield
    means = {a: statistics.fmean(v) for a, v in values.items()}
    best = max(legal, key=lambda a: means[a])  # first of equals: the stable order
    differences = [b - p for b, p in zip(values[best], values[played], strict=True)]
    cost = statistics.fmean(differences)
    stderr = statistics.stdev(differences) / math.sqrt(worlds) if worlds > 1 else math.inf
    return Decision(
        step=step, deal=stepper.deal_of(step + 1), played=played, best=best, cost=cost,
        stderr=stderr, worlds=worlds, unit=adviser.value_unit, means=means,
        played_words=_words(state, seat, played, narrate),
        best_words=_words(state, seat, best, narrate),
    )


def _sliced(work: Generator[None, None, T], clock: Slices) -> Generator[None, None, T]:
    """Run ``work``, passing its pauses on only when a slice of time is used up."""
    while True:
        try:
            next(work)
        except StopIteration as done:
            result: T = done.value
            return result
        if clock.due():
            yield

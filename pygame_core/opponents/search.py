"""Perfect-information Monte Carlo: the hard level's search over sampled worlds.

Each iteration samples one world (a full state consistent with the observation) and scores
every candidate action in that same world, so the comparison between actions is not
drowned by the luck of the deal.  The budget is a fixed number of iterations (so a seed
gives the same decision on any machine) with a wall-clock cap as a safety net; the search
yields every ``slice_seconds`` so the page can keep the browser responsive.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

Game = Any  # a pygame_core game state; kept loose so the search serves every game


World = TypeVar("World")


def metropolis(delta: float, rng: random.Random) -> bool:
    """Whether a Metropolis chain keeps a proposal (symmetric) whose log-likelihood changes
    by ``delta``: always when it rises, else with chance exp(delta)."""
    return delta >= 0 or rng.random() < math.exp(delta)


class ReadPlay(Protocol):
    """A play another seat made this deal, as a game's reading keeps it."""

    @property
    def seat(self) -> int: ...

    @property
    def later(self) -> list[Any]:  # the seat's cards played from this one on (this one too)
        ...


ReadPlayT = TypeVar("ReadPlayT", bound=ReadPlay)


def seat_log_likelihood(plays: Sequence[ReadPlayT], seat: int, held: list[Any],
                        chance: Callable[[ReadPlayT, list[Any]], float],
                        memo: dict[tuple[int, tuple[Any, ...]], float],
                        hand_order: Callable[[Any], Any] | None = None) -> float:
    """The log chance of ``seat``'s plays among ``plays`` when it still holds ``held``: its
    hand at each play is ``held`` plus the cards it has played since, in the order the
    game keeps a hand in (``hand_order``, or the cards' own order: the order a player's
    ties are broken in).

    Each play's log chance is kept in ``memo`` by the hand: a chain comes back to the same
    hands again and again (about 80% of the Avinas reading's calls at the page's budget),
    and the policy behind ``chance`` is the dearest part of a chain's step."""
    total = 0.0
    for index, play in enumerate(plays):
        if play.seat != seat:
            continue
        hand = tuple(sorted(held + play.later, key=hand_order))
        value = memo.get((index, hand))
        if value is None:
            value = memo[index, hand] = math.log(chance(play, list(hand)))
        total += value
    return total


def log_mixture(a: float, b: float) -> float:
    """log(e^a + e^b) without overflow: a seat's log likelihood over two kinds of player."""
    top = max(a, b)
    return top + math.log(math.exp(a - top) + math.exp(b - top))


def first_kind_weight(a: float, b: float) -> float:
    """The posterior of the first of two kinds whose log chances are ``a`` and ``b``."""
    return 1.0 / (1.0 + math.exp(min(b - a, 700.0)))


def walk(step: Callable[[random.Random], None], steps: int, rng: random.Random,
         slice_seconds: float) -> Generator[None, None, None]:
    """``steps`` steps of a chain, yielding every ``slice_seconds`` (the page's slices)."""
    clock = time.perf_counter
    slice_start = clock()
    for _ in range(steps):
        step(rng)
        if clock() - slice_start > slice_seconds:
            yield
            slice_start = clock()


@dataclass(frozen=True)
class Budget:
    iterations: int = 200
    seconds: float | None = 0.22  # safety cap; None for exact reproducibility
    slice_seconds: float = 0.008  # the page gets control back at least this often

    @classmethod
    def for_seconds(cls, seconds: float) -> Budget:
        """Think for about ``seconds`` of wall clock, however many iterations that buys
        (the page's pace); the iteration count is only a far ceiling."""
        if seconds <= 0:
            raise ValueError(f"a thinking time must be positive, not {seconds!r}")
        return cls(iterations=1_000_000, seconds=seconds)


INSTANT_SECONDS = 0.22  # what hard always had: its thinking time when the pace leaves none
DRAW_MARGIN = 0.1  # of each pause, left for drawing and announcing the move


def thinking_seconds(pause_ms: float) -> float:
    """How long a computer player may think when the page pauses ``pause_ms`` between the
    computer players' moves: most of the pause (which the page waits anyway, counting the
    thinking), and at least what hard always had."""
    return max(INSTANT_SECONDS, pause_ms / 1000 - DRAW_MARGIN)


# The page's paces (web/index.html's pause in ms) and the thinking time each gives.
PACES_MS = {"instant": 0, "fast": 300, "normal": 800, "slow": 1400}
PACE_SECONDS = {pace: thinking_seconds(ms) for pace, ms in PACES_MS.items()}


# Racing (successive elimination): every RACE_EVERY worlds from RACE_START on, a candidate
# whose paired difference from the leader is below zero by more than ``race_z`` standard
# errors stops being played out, so the budget goes to the candidates still in doubt.
RACE_START = 16
RACE_EVERY = 8


def pimc(
    candidates: list[str],
    sample_world: Callable[[], Game],
    score: Callable[[Game, str], float],
    budget: Budget,
    race_z: float | None = None,
) -> Generator[None, None, tuple[str, dict[str, float], int, int]]:
    """Return the candidate with the best mean score, every candidate's mean (over the
    worlds it was played out in), the number of worlds searched and of playouts run.

    With ``race_z``, candidates clearly behind the leader are dropped as the worlds come in
    (``race``); the search stops early once one is left."""
    totals = dict.fromkeys(candidates, 0.0)  # summed as they come, as hard-2026 always did
    counts = dict.fromkeys(candidates, 0)  # the worlds each candidate was played out in
    # Each world's score, kept only for racing (its paired differences).
    values: dict[str, list[float]] = {a: [] for a in candidates}
    live = list(candidates)
    clock = time.perf_counter
    started = slice_start = clock()
    done = 0
    while done < budget.iterations:
        world = sample_world()
        for action in live:
            value = score(world, action)
            totals[action] += value
            counts[action] += 1
            if race_z is not None:
                values[action].append(value)
            # Checked after every playout, not every world: under Pyodide one world's
            # playouts for all candidates can take longer than a whole slice.
            if clock() - slice_start > budget.slice_seconds:
                yield
                slice_start = clock()
        done += 1
        if race_z is not None and done >= RACE_START and (done - RACE_START) % RACE_EVERY == 0:
            live = race(live, values, race_z)
            if len(live) == 1:
                break
        if budget.seconds is not None and clock() - started > budget.seconds:
            break
    means = {a: totals[a] / counts[a] for a in candidates}
    best = max(live, key=lambda a: means[a])  # first of equals: the stable order
    return best, means, done, sum(counts.values())


def race(live: list[str], values: dict[str, list[float]], z: float) -> list[str]:
    """The candidates of ``live`` not clearly worse than the leader: those whose mean
    paired difference from it (over the same worlds) is not below zero by more than ``z``
    standard errors.  Order kept.  (Plain math, not ``statistics``: that module and its
    imports would add to the page's start-up.)"""
    leader = max(live, key=lambda a: math.fsum(values[a]))
    kept = []
    for action in live:
        diffs = [x - y for x, y in zip(values[action], values[leader], strict=True)]
        n = len(diffs)
        mean = math.fsum(diffs) / n
        error = math.sqrt(math.fsum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        if action == leader or mean + z * error >= 0:
            kept.append(action)
    return kept

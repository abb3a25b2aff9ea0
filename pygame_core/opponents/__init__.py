"""Computer opponents.  They see only ``observation(seat)``, never the full state.

An opponent's ``think(obs)`` is a generator: it yields between slices of work (so the page
can hand control back to the browser) and returns the chosen action's text.  ``decide``
runs it to the end.  All randomness comes from the opponent's own generator, seeded from
the game, its seat and the game's seed, so a replay is deterministic.

Each game offers three players, each a named setup: ``easy`` (rules of thumb), ``medium``
(heuristics with card counting) and ``hard`` (a search over the hidden cards, composed from
named parts in the game's module).  Nothing else can be made until a caller adds setups of
its own with ``register_setup`` (the lab beside the package, ``benchmarks/lab``, adds its
research setups and baselines that way; the page never does).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Generator, Mapping
from typing import TYPE_CHECKING, Any, Generic

from ..cards import chance_of_any as chance_of_any  # re-exported for the levels
from ..registry import SPECS
from ..slices import run_to_end

Observation = Mapping[str, Any]
if TYPE_CHECKING:  # a default type (PEP 696) lets generic code write plain ``Opponent``
    from typing_extensions import TypeVar

    ObsT = TypeVar("ObsT", bound=Observation, default=Any)
else:
    from typing import TypeVar

    ObsT = TypeVar("ObsT")
Thinking = Generator[None, None, str]

LEVELS = ("easy", "medium", "hard")

# Game name -> module defining SETUPS {"easy": ..., "medium": ..., "hard": ...}.
MODULES = {name: spec.opponents for name, spec in SPECS.items()}


class Opponent(Generic[ObsT]):
    """Base class: a uniformly random legal action (the lab's ``random`` baseline); each
    level overrides ``choose`` or ``think``.  ``level`` names the setup, and seeds the
    player's generator with the game, the seat and the game's seed."""

    level = "random"

    def __init__(self, game: str, seat: int, seed: int, level: str | None = None) -> None:
        if level is not None:
            self.level = level
        self.game = game
        self.seat = seat
        self.rng = random.Random(f"{game}/{self.level}/{seat}/{seed}")

    def think(self, obs: ObsT) -> Thinking:
        legal: list[str] = obs["legal"]
        if not legal:
            raise ValueError(f"seat {self.seat} has nothing to play")
        return self.choose(obs, legal)
        yield  # makes this a generator; a rule of thumb needs no slices

    def choose(self, obs: ObsT, legal: list[str]) -> str:
        """A quick decision; heuristic levels override this."""
        return self.rng.choice(legal)

    def think_for(self, obs: ObsT, seconds: float) -> Thinking:
        """``think``, given about ``seconds`` of wall clock (the page's pace).  Heuristic
        levels decide at once; the search levels search until the time is up, yielding
        every ``slice_seconds`` (8 ms) as ``think`` does."""
        return (yield from self.think(obs))

    def explain(self) -> str:
        """One short line on why the last decision was made (for the page's hint)."""
        return getattr(self, "reason", "")

    def decide(self, obs: ObsT) -> str:
        return run_to_end(self.think(obs))


class SearchOpponent(Opponent[ObsT]):
    """An opponent that searches over worlds: full states consistent with what it sees."""

    from .search import Budget as _Budget

    budget = _Budget()
    iterations = 0  # worlds searched for the last searched decision (for the benchmarks)
    playouts = 0  # and the playouts run in them (one per candidate per world)
    means: dict[str, float] | None = None  # and every candidate's value in them
    # Racing: drop the candidates this many standard errors behind the leader as the worlds
    # come in (None: every candidate in every world, as hard-2026 searched).
    race_z: float | None = None

    def think_for(self, obs: ObsT, seconds: float) -> Thinking:
        saved = self.budget
        self.budget = self._Budget.for_seconds(seconds)
        try:
            return (yield from self.think(obs))
        finally:
            self.budget = saved

    value_unit = "points"  # what ``action_value`` counts, in words ("points", "chips")

    def world(self, obs: ObsT, rng: random.Random) -> Any:
        """A full game state consistent with ``obs``, the hidden cards sampled with ``rng``."""
        raise NotImplementedError

    def action_value(self, world: Any, action: str) -> float:
        """What taking ``action`` in the sighted ``world`` is worth to this seat, in
        ``value_unit``: the figure the search compares candidates by (the review of the
        human's play reads it too).  This default plays the deal out with the medium
        level in every seat and counts the change in the seat's score; a game's search
        overrides it with its own fast playout."""
        return run_to_end(self._medium_playout(world, action))

    def search(self, obs: ObsT, candidates: list[str]
               ) -> Generator[None, None, tuple[str, dict[str, float]]]:
        """PIMC over worlds sampled from ``obs`` (``world``), each candidate scored by
        ``action_value``, within the budget: the best candidate and every candidate's mean."""
        from .search import pimc

        rng = self.rng
        best, means, self.iterations, self.playouts = yield from pimc(
            candidates, lambda: self.world(obs, rng), self.action_value, self.budget,
            self.race_z)
        self.means = means
        return best, means

    @staticmethod
    def after(world: Any, action: str) -> Any:
        """A copy of the sighted ``world`` with ``action`` taken (to play out from)."""
        trial = world.clone()
        trial._apply(type(world).parse_action(action))
        return trial

    def action_value_slices(self, world: Any, action: str) -> Generator[None, None, float]:
        """``action_value``, yielding between the moves of the default's long playout so a
        caller on the page keeps its slices short; a game's own fast ``action_value`` is
        called whole."""
        if type(self).action_value is SearchOpponent.action_value:
            return (yield from self._medium_playout(world, action))
        return self.action_value(world, action)

    def _medium_playout(self, world: Any, action: str) -> Generator[None, None, float]:
        trial = world.clone()
        before = trial.scores[self.seat]
        deals = trial.deals_finished
        trial.apply(action)
        players = [make_opponent(self.game, "medium", s, trial.seed)
                   for s in range(trial.num_players)]
        while not trial.is_over and trial.deals_finished == deals:
            yield
            seat = trial.current_player
            trial.apply(players[seat].decide(trial.observation(seat)))
        return float(trial.scores[self.seat] - before)


# A setup: makes the player for (game, seat, game seed).
Setup = Callable[[str, int, int], Opponent]
_setups: dict[str, dict[str, Setup]] = {}


def setups(game: str) -> dict[str, Setup]:
    """The setups that can be made for ``game``: its module's three, then any registered."""
    if game not in MODULES:
        raise ValueError(f"no opponents for game {game!r}")
    if game not in _setups:
        offered: Mapping[str, Setup] = importlib.import_module(MODULES[game]).SETUPS
        _setups[game] = dict(offered)
    return _setups[game]


def register_setup(game: str, name: str, setup: Setup) -> None:
    """Make ``setup`` available as ``name`` for ``game`` (the lab's research setups and
    baselines).  The page's three levels cannot be replaced; registering the same setup
    again under its name does nothing."""
    known = setups(game)
    if name in LEVELS or known.get(name, setup) is not setup:
        raise ValueError(f"{game}: a setup named {name!r} exists already")
    known[name] = setup


def make_opponent(game: str, level: str, seat: int, seed: int) -> Opponent:
    """The opponent for ``game`` at ``level`` in ``seat``, seeded from the game's seed."""
    known = setups(game)
    if level not in known:
        raise ValueError(f"unknown opponent level {level!r} (levels: {', '.join(known)})")
    return known[level](game, seat, seed)

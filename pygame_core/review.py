"""Review of one seat's play: which decisions cost the most, by the coach's analysis.

Each decision of the seat (one with more than one legal action) is the coach's analysis of
that position (``coach.analysis``): the same analysis, at the same depth and with the same
chance (seeded from the position), that gives the hint there, so a play the hint advised
is the analysis's best and is never marked.  Every candidate is scored in the same deals of
the unseen cards, so the difference between two plays is much less noisy than either
value, and its standard error comes directly from the paired differences.

A decision is marked as a mistake only when its cost against the best exceeds both the
analysis's noise allowance (``Analysis.z`` standard errors, larger when more plays were
compared) and ``MIN_COST``; the reason is the game's coach's, in the game's words.

``review(...)`` is a generator: it yields between slices of work (like an opponent's
``think``) so the page can hand control back to the browser, and returns a ``Review``.
``run_to_end`` (from ``slices``, re-exported here) drives it in one go (tests, scripts,
the terminal).  The moves are put in words by the caller's ``narrate`` (the views' words, which
this module does not import): without one, by their text.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field
from typing import Any

from .base import Game
from .coach import analysis_work, coach_of
from .coach.analysis import MIN_COST, amount_words, margin_words
from .i18n import N_, _
from .replay import Replay, ReplayStepper
from .slices import run_to_end
from .words import sentence

__all__ = ["MIN_COST", "Decision", "Review", "margin_words", "review", "run_to_end"]


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat, as the coach's analysis judged it."""

    step: int  # the replay step just before it (``ReplayStepper.go(step)`` shows it)
    deal: int
    played: str
    best: str  # the action the analysis rates best (the hint there)
    cost: float  # the best's value minus the played action's
    stderr: float  # the standard error of that difference
    worlds: int  # deals of the unseen cards the best was scored in
    unit: str
    means: dict[str, float]  # every candidate's value, and the played action's
    played_words: str  # the play made, as the narration says it
    best_words: str  # the better play, in the coach's words (a play not made has no outcome
    # to narrate: Abyssinia's blind card stays unseen)
    why: str = ""  # the coach's reason, in the game's words
    z: float = 2.0  # standard errors a cost must exceed (more plays compared, more)
    marked: bool = False  # a mistake clearly beyond the noise

    @property
    def margin(self) -> float:
        return self.z * self.stderr

    def text(self) -> str:
        """The mark in words, in the style of the hint: what it cost and what was better."""
        if not self.marked:
            return _("{play}: a good choice (no other choice was clearly better).").format(
                play=self.played_words)
        parts = {"play": self.played_words, "cost": amount_words(self.unit, self.cost),
                 "margin": margin_words(self.margin), "better": _lower_first(self.best_words)}
        if self.why:
            # Translators: {play} the play made, {cost} an estimate with its unit ("1.2
            # points"), {margin} its uncertainty ("±0.4"), {better} the better play
            # ("trailing the 7♣"), {why} the coach's reasons.
            return _("{play}: that cost about {cost} ({margin}); better: {better}. "
                     "Why: {why}.").format(**parts, why=self.why)
        return _("{play}: that cost about {cost} ({margin}); better: {better}.").format(
            **parts)


@dataclass
class Review:
    """Every decision reviewed, in the order they were made."""

    seat: int
    decisions: list[Decision] = field(default_factory=list)
    seconds: float = 0.0  # from start to end, the page's time between slices included
    note: str = N_("Figures are expected values: the coach's estimates over the ways the "
                 "unseen cards may lie, the same as its hints; a play is marked only when "
                 "its cost is clearly beyond their uncertainty, allowing for the number of "
                 "plays compared.")  # translated where shown

    @property
    def marked(self) -> list[Decision]:
        """The marked mistakes, the costliest first."""
        return sorted((d for d in self.decisions if d.marked), key=lambda d: -d.cost)

    def lines(self, limit: int = 3) -> list[str]:
        return [d.text() for d in self.marked[:limit]]


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


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
    narrate: Narrate = _no_words,
    progress: Callable[[int, int], None] | None = None,
) -> Generator[None, None, Review]:
    """Review ``seat``'s decisions in ``deal`` (or at the given ``steps``, or all of them).

    A decision at step ``s`` is the action that leads from step ``s`` to ``s + 1``: the
    page shows it with ``stepper.go(decision.step)``.

    Deterministic: each decision's analysis is seeded from its position.
    ``narrate(state, seat)`` puts a state's last move in words, as ``seat`` saw it.
    ``progress(done, total)`` is told of each decision as it is reviewed (the page's bar).
    """
    stepper = (replay if isinstance(replay, ReplayStepper)
               else (yield from ReplayStepper.sliced(replay)))
    where = stepper.step  # a stepper passed in is left where it was
    game_name = stepper.replay.game
    coach = coach_of(game_name)
    if coach is None:
        raise ValueError(f"no coach for {game_name!r}")
    started = time.perf_counter()
    result = Review(seat)
    chosen = _decision_steps(stepper, seat, deal, steps)
    for number, step in enumerate(chosen):
        if progress is not None:
            progress(number, len(chosen))
        state = stepper.go(step)
        obs = state.observation(seat)
        if len(obs["legal"]) < 2:
            continue
        played = stepper.replay.actions[step]
        analysis = yield from analysis_work(game_name, obs, also=played)
        cost, stderr = analysis.cost(played)
        marked = analysis.marked(played)
        best = analysis.best
        result.decisions.append(Decision(
            step=step, deal=stepper.deal_of(step + 1), played=played, best=best, cost=cost,
            stderr=stderr, worlds=analysis.deals, unit=analysis.unit,
            means={**analysis.means, played: analysis.mean(played)},
            played_words=_words(state, seat, played, narrate),
            best_words=sentence(coach.said(obs, best)),
            why=coach.mark_reason(obs, analysis, played) if marked else "",
            z=analysis.z, marked=marked))
        yield
    stepper.go(where)
    if progress is not None:
        progress(len(chosen), len(chosen))
    result.seconds = time.perf_counter() - started
    return result

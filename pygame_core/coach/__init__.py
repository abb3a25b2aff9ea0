"""The coach: one analysis of a position (``analysis``) gives the hint, the review of a past
decision and the coach note, with reasons in each game's own words (one module a game)."""

from __future__ import annotations

import importlib
from collections.abc import Generator, Mapping
from typing import Any, Protocol

from ..i18n import _
from ..words import sentence
from .analysis import Analysis, Scorer, amount_words, analyse, margin_words

GAMES = ("avissinia", "avinas", "abyssinia")


class Coach(Protocol):
    """What a game's coach module offers."""

    SCORER: Scorer

    def said(self, obs: Mapping[str, Any], text: str) -> str: ...

    def hint_reason(self, obs: Mapping[str, Any], analysis: Analysis) -> str: ...

    def mark_reason(self, obs: Mapping[str, Any], analysis: Analysis, played: str) -> str: ...


def coach_of(game: str) -> Coach | None:
    """The game's coach module, or None for a game without one."""
    if game not in GAMES:
        return None
    module: Any = importlib.import_module(f"{__name__}.{game}")
    return module  # type: ignore[no-any-return]


def analysis_work(game: str, obs: Mapping[str, Any], also: str | None = None
                  ) -> Generator[None, None, Analysis]:
    """The analysis of ``obs`` (a seat's observation) as sliced work."""
    coach = coach_of(game)
    if coach is None:
        raise ValueError(f"no coach for {game!r}")
    return (yield from analyse(game, obs, coach.SCORER, also))


def hint_work(game: str, obs: Mapping[str, Any]
              ) -> Generator[None, None, tuple[str, str] | None]:
    """The coach's hint: the analysis's best play and why, in the game's words (None for a
    game without a coach)."""
    coach = coach_of(game)
    if coach is None or not obs["legal"]:
        return None
    analysis = yield from analyse(game, obs, coach.SCORER)
    return analysis.best, coach.hint_reason(obs, analysis)


def note_work(game: str, obs: Mapping[str, Any], played: str
              ) -> Generator[None, None, str | None]:
    """The coach note on ``played`` (a play made where ``obs`` was seen): the same analysis
    as the hint's and the review's; a note only when it marks the play as costly."""
    coach = coach_of(game)
    if coach is None or len(obs["legal"]) < 2:
        return None
    analysis = yield from analyse(game, obs, coach.SCORER, played)
    if not analysis.marked(played):
        return None
    cost, _stderr = analysis.cost(played)
    margin = margin_words(analysis.margin(played))
    why = coach.mark_reason(obs, analysis, played)
    play, better = sentence(coach.said(obs, played)), coach.said(obs, analysis.best)
    cost_words = amount_words(analysis.unit, cost)
    if why:
        # Translators: {play} and {better} are plays, e.g. "Trailing the 7♣"; {cost} an
        # estimate with its unit ("1.2 points"), {margin} its uncertainty ("±0.4"), {why}
        # the coach's reasons.
        return _("{play} cost about {cost} ({margin}); {better} was better: {why}.").format(
            play=play, cost=cost_words, margin=margin, better=better, why=why)
    return _("{play} cost about {cost} ({margin}); {better} was better.").format(
        play=play, cost=cost_words, margin=margin, better=better)

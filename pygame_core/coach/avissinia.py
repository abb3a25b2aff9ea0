"""The coach for Avissinia: its scorer (hard's parts) and its reasons in the game's words.

A reason names what a play takes and what it leaves to be taken: the cards and points a
capture wins, and how many cards of the rank now on top (of your pile, or of the centre
after a trail) are still out, so whether anyone can take them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..avissinia import CENTRE, OWN, TRAIL, Avissinia, top_run
from ..cards import RANK_NAMES, Card
from ..opponents.avissinia import _distinct, _View
from ..registry import COMPASS
from ..words import plural
from .analysis import Analysis, SearchScorer, joined, same_as_first, versus

DEALS = 370  # at least what hard plays at the Normal pace (page 315, 367 in the decisions
# that thought the whole time; CPython here 269), racing as hard does
RACE_Z = 3.0


def candidates(obs: Mapping[str, Any]) -> tuple[list[str], dict[str, str]]:
    legal = [str(a) for a in obs["legal"]]
    view = _View(obs)
    kept = _distinct(legal, view)

    def key(text: str) -> tuple[Any, ...]:
        play = Avissinia.parse_action(text)
        return (play.target, play.card.rank, view.value([play.card]))

    return kept, same_as_first(legal, kept, key)


SCORER = SearchScorer("avissinia", DEALS, RACE_Z, candidates, "points")


def _ranks(rank: int, n: int) -> str:
    name = RANK_NAMES[rank]
    return name if n == 1 else (name + "es" if name == "six" else name + "s")


def _ranks_out(rank: int, n: int) -> str:
    """"2 other kings", "1 other six"."""
    return f"{n} other {_ranks(rank, n)}"


def _whose(seat: int, obs: Mapping[str, Any]) -> str:
    names = COMPASS if obs["players"] <= len(COMPASS) else tuple(
        f"player {s + 1}" for s in range(obs["players"]))
    return "your" if seat == obs["seat"] else f"{names[seat]}'s"


def _taken(obs: Mapping[str, Any], view: _View, play: Any) -> list[Card]:
    source = view.centre if play.target == CENTRE else view.piles[play.target]
    return source[len(source) - top_run(source):]


def said(obs: Mapping[str, Any], text: str) -> str:
    """A play as the reason says it: "taking the centre's 2 cards with the 9♥"."""
    play = Avissinia.parse_action(text)
    if play.target == TRAIL:
        return f"trailing the {play.card}"
    if play.target == OWN:
        return f"adding the {play.card} to your pile"
    view = _View(obs)
    where = "the centre's" if play.target == CENTRE else _whose(play.target, obs)
    return f"taking {where} {plural(len(_taken(obs, view, play)), 'card')} with the {play.card}"


def _out(view: _View, rank: int) -> int:
    """Cards of ``rank`` neither in your hand nor on the table: the others may hold them."""
    return view.unseen_of_rank[rank]


def _safety(view: _View, card: Card, what: str) -> str:
    """Whether anyone can take ``what`` (topped by ``card``): how many of its rank are out."""
    out = _out(view, card.rank)
    if out == 0:
        return _gone(view, card, f"so nobody can take {what}")
    are = "is" if out == 1 else "are"
    return f"{_ranks_out(card.rank, out)} {are} still out, so {what} could be taken"


def _gone(view: _View, card: Card, then: str) -> str:
    """No other card of ``card``'s rank is out: the others are in your hand or played."""
    held = sum(1 for c in view.hand if c.rank == card.rank and c != card)
    if held == 0:
        return f"the three other {_ranks(card.rank, 3)} are gone, {then}"
    return (f"you hold {held} of the other {_ranks(card.rank, 3)} and the rest are gone, "
            f"{then.replace('nobody', 'nobody else')}")


def consideration(obs: Mapping[str, Any], text: str) -> str:
    """What ``text`` takes and what it risks, in the game's words."""
    view = _View(obs)
    play = Avissinia.parse_action(text)
    card = play.card
    if play.target == TRAIL:
        worth = plural(view.value([card]), "point")
        out = _out(view, card.rank)
        if out == 0:
            return _gone(view, card, "so nobody can take it")
        are = "is" if out == 1 else "are"
        return f"it risks {worth}: {_ranks_out(card.rank, out)} {are} still out"
    if play.target == OWN:
        return _safety(view, card, "your pile")
    taken = _taken(obs, view, play)
    won = view.value([*taken, card])
    where = "from the centre" if play.target == CENTRE else \
        f"from {_whose(play.target, obs)} pile"
    return joined(f"it wins {plural(len(taken), 'card')} {where}, {plural(won, 'point')} with "
                  f"your {card}", _safety(view, card, "your pile"))


def hint_reason(obs: Mapping[str, Any], analysis: Analysis) -> str:
    best = analysis.best
    return joined(consideration(obs, best),
                  versus(analysis, lambda a: said(obs, a), "points more"))


def mark_reason(obs: Mapping[str, Any], analysis: Analysis, played: str) -> str:
    return joined(consideration(obs, analysis.best),
                  f"{said(obs, played)}: {consideration(obs, played)}")

"""The coach for Avissinia: its scorer (hard's parts) and its reasons in the game's words.

A reason names what a play takes and what it leaves to be taken: the cards and points a
capture wins, and how many cards of the rank now on top (of your pile, or of the centre
after a trail) are still out, so whether anyone can take them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..avissinia import CENTRE, OWN, TRAIL, Avissinia, top_run
from ..cards import Card
from ..i18n import _, ngettext
from ..opponents.avissinia import _distinct, _View
from ..registry import COMPASS
from ..words import rank_name, rank_plural
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


def _others_out(rank: int, n: int) -> str:
    """"2 other kings are still out", "1 other six is still out"."""
    # Translators: {rank} is a rank's name ("king"), {ranks} the same in the plural
    # ("kings"): cards the others may hold.
    return ngettext("{count} other {rank} is still out",
                    "{count} other {ranks} are still out", n).format(
        count=n, rank=rank_name(rank), ranks=rank_plural(rank))


def _player(seat: int, obs: Mapping[str, Any]) -> str:
    """Another seat's name: "North", or "player 5" at a larger table."""
    if obs["players"] <= len(COMPASS):
        return _(COMPASS[seat])
    return _("player {number}").format(number=seat + 1)


def _whose_pile(seat: int, obs: Mapping[str, Any]) -> str:
    """"your pile", "North's pile", "player 5's pile"."""
    if seat == obs["seat"]:
        return _("your pile")
    # Translators: {player} is a seat's name ("North") or "player 5".
    return _("{player}'s pile").format(player=_player(seat, obs))


def _taken(obs: Mapping[str, Any], view: _View, play: Any) -> list[Card]:
    source = view.centre if play.target == CENTRE else view.piles[play.target]
    return source[len(source) - top_run(source):]


def said(obs: Mapping[str, Any], text: str) -> str:
    """A play as the reason says it: "taking the centre's 2 cards with the 9♥"."""
    play = Avissinia.parse_action(text)
    if play.target == TRAIL:
        # Translators: a play as the coach names it, inside its sentences ("{card}": 7♣).
        return _("trailing the {card}").format(card=play.card.short)
    if play.target == OWN:
        return _("adding the {card} to your pile").format(card=play.card.short)
    view = _View(obs)
    n = len(_taken(obs, view, play))
    if play.target == CENTRE:
        return ngettext("taking the centre's {count} card with the {card}",
                        "taking the centre's {count} cards with the {card}", n).format(
            count=n, card=play.card.short)
    # Translators: {player} is a seat's name ("North") or "player 5".
    return ngettext("taking {player}'s {count} card with the {card}",
                    "taking {player}'s {count} cards with the {card}", n).format(
        player=_player(play.target, obs), count=n, card=play.card.short)


def _out(view: _View, rank: int) -> int:
    """Cards of ``rank`` neither in your hand nor on the table: the others may hold them."""
    return view.unseen_of_rank[rank]


def _safety(view: _View, card: Card, pile: bool) -> str:
    """Whether anyone can take your pile (``pile``) or the centre, now topped by ``card``:
    how many of its rank are out."""
    out = _out(view, card.rank)
    if out == 0:
        return _gone(view, card, pile)
    if pile:
        # Translators: {cards_out} is e.g. "2 other kings are still out".
        return _("{cards_out}, so your pile could be taken").format(
            cards_out=_others_out(card.rank, out))
    return _("{cards_out}, so it could be taken").format(cards_out=_others_out(card.rank, out))


def _gone(view: _View, card: Card, pile: bool) -> str:
    """No other card of ``card``'s rank is out: the others are in your hand or played."""
    held = sum(1 for c in view.hand if c.rank == card.rank and c != card)
    ranks = rank_plural(card.rank)
    if held == 0:
        if pile:
            # Translators: {ranks} is a rank's name in the plural ("kings").
            return _("the three other {ranks} are gone, so nobody can take your pile").format(
                ranks=ranks)
        return _("the three other {ranks} are gone, so nobody can take it").format(
            ranks=ranks)
    if pile:
        return ngettext(
            "you hold {count} of the other {ranks} and the rest are gone, so nobody else can "
            "take your pile",
            "you hold {count} of the other {ranks} and the rest are gone, so nobody else can "
            "take your pile", held).format(count=held, ranks=ranks)
    return ngettext(
        "you hold {count} of the other {ranks} and the rest are gone, so nobody else can "
        "take it",
        "you hold {count} of the other {ranks} and the rest are gone, so nobody else can "
        "take it", held).format(count=held, ranks=ranks)


def consideration(obs: Mapping[str, Any], text: str) -> str:
    """What ``text`` takes and what it risks, in the game's words."""
    view = _View(obs)
    play = Avissinia.parse_action(text)
    card = play.card
    if play.target == TRAIL:
        worth = view.value([card])
        out = _out(view, card.rank)
        if out == 0:
            return _gone(view, card, False)
        # Translators: {cards_out} is e.g. "2 other kings are still out".
        return ngettext("it risks {count} point: {cards_out}",
                        "it risks {count} points: {cards_out}", worth).format(
            count=worth, cards_out=_others_out(card.rank, out))
    if play.target == OWN:
        return _safety(view, card, True)
    taken = _taken(obs, view, play)
    won = view.value([*taken, card])
    if play.target == CENTRE:
        cards = ngettext("it wins {count} card from the centre",
                         "it wins {count} cards from the centre", len(taken)).format(
            count=len(taken))
    else:
        cards = ngettext("it wins {count} card from {pile}",
                         "it wins {count} cards from {pile}", len(taken)).format(
            count=len(taken), pile=_whose_pile(play.target, obs))
    # Translators: {cards_won} is e.g. "it wins 2 cards from the centre"; {card} e.g. 9♥.
    wins = ngettext("{cards_won}, {count} point with your {card}",
                    "{cards_won}, {count} points with your {card}", won).format(
        cards_won=cards, count=won, card=card.short)
    return joined(wins, _safety(view, card, True))


def _more(amount: str, play: str) -> str:
    # Translators: {amount} is a decimal estimate (1.2); {play} another play.
    return _("about {amount} points more than {play}").format(amount=amount, play=play)


def hint_reason(obs: Mapping[str, Any], analysis: Analysis) -> str:
    best = analysis.best
    return joined(consideration(obs, best), versus(analysis, lambda a: said(obs, a), _more))


def mark_reason(obs: Mapping[str, Any], analysis: Analysis, played: str) -> str:
    # Translators: {play} is a play ("trailing the 7♣"), {reason} what it risks or wins.
    return joined(consideration(obs, analysis.best),
                  _("{play}: {reason}").format(play=said(obs, played),
                                               reason=consideration(obs, played)))

"""The coach for Abyssinia: its scorer (hard's parts) and its reasons in the game's words.

A purchase is scored per deal of the pack (left, right and blind in the same pack orders,
the later purchases bought by hard's fitted rule, the showdown exact).  A betting decision
is scored as hard checks its bets: the betting round played out on every action, every
player answering by hard's rule on its share of the pot; its figures are read in
``BATCHES`` equal parts of the pack orders, so their spread shows their uncertainty."""

from __future__ import annotations

import random
import time
from collections.abc import Generator, Mapping
from typing import Any

from ..abyssinia import price, world_from_observation
from ..cards import parse_card
from ..i18n import _, ngettext, number
from ..opponents import make_opponent
from ..opponents.abyssinia import (
    FUTURE_BET,
    SIDES,
    SURPRISE,
    AbyssiniaSearch,
    Outlook,
    _half,
    _Player,
    _playout,
    _View,
    _worth_staying,
    betting_values,
)
from .analysis import SLICE_SECONDS, Analysis, Values, joined, versus

# Pack orders a decision: a purchase plays each of its three choices out in every one, a
# betting decision one playout a pack order; at least hard's at the Normal pace (in the
# page about 9,800 a decision; under CPython here 8,800 for a bet, 5,800 for a purchase).
BUYING_PACKS = 6_000
BETTING_PACKS = 10_000
BATCHES = 10  # a betting decision's figures, read in this many parts


class AbyssiniaScorer:
    unit = "chips"

    def __init__(self, buying_packs: int = BUYING_PACKS, betting_packs: int = BETTING_PACKS,
                 batches: int = BATCHES) -> None:
        self.buying_packs = buying_packs
        self.betting_packs = betting_packs
        self.batches = batches

    def candidates(self, obs: Mapping[str, Any]) -> tuple[list[str], dict[str, str]]:
        return [str(a) for a in obs["legal"]], {}

    def score(self, obs: Mapping[str, Any], candidates: list[str], seed: int
              ) -> Generator[None, None, tuple[Values, list[str], dict[str, Any]]]:
        adviser = make_opponent("abyssinia", "hard", obs["seat"], seed)
        assert isinstance(adviser, AbyssiniaSearch)
        view = _View(obs)  # type: ignore[arg-type]
        seats = view.active
        me = seats.index(view.seat)
        buyers = view.buyers()
        bets_later = view.bets_left * FUTURE_BET
        buying = view.buying
        choices = [SIDES.index(a) for a in candidates] if buying else [-1]
        values: Values = {a: [] for a in candidates}
        shares = {a: [0.0, 0.0] for a in candidates}  # high and low halves won, summed
        packs = self.buying_packs if buying else self.betting_packs
        per_batch = max(1, packs // self.batches)
        outlooks = [Outlook(len(seats)) for _ in range(self.batches)]
        rng = adviser.rng
        clock = time.perf_counter
        slice_start = clock()
        for done in range(self.batches * per_batch):
            world = adviser.world(obs, rng)  # type: ignore[arg-type]
            deck = world.pack[::-1]  # top first
            surprises = [rng.randrange(3) if rng.random() < SURPRISE else -1 for _ in buyers]
            base = [_Player.of(world.hands[s]) for s in seats]
            for action, first in zip(candidates, choices, strict=False):  # betting: one
                players = [p.copy() for p in base]
                end = _playout(players, list(world.market), deck, buyers, first, surprises,
                               adviser.setup.buys)
                highs, lows, paid = end
                high, low = _half(highs, me), _half(lows, me)
                shares[action][0] += high
                shares[action][1] += low
                if not buying:
                    outlooks[done // per_batch].add(end)
                    continue
                share = (high + low) / 2
                values[action].append(_worth_staying(
                    share, share * sum(paid), paid[me], view.pot, view.to_call, len(seats),
                    bets_later))
            if clock() - slice_start > SLICE_SECONDS:
                yield
                slice_start = clock()
        total = self.batches * per_batch
        notes = {"shares": {a: (h / total, lo / total) for a, (h, lo) in shares.items()}
                 if buying else {a: (shares[candidates[0]][0] / total,
                                     shares[candidates[0]][1] / total) for a in candidates},
                 "players": len(seats), "pot": view.pot, "to_call": view.to_call}
        if buying:
            return values, list(candidates), notes
        table = world_from_observation(obs, random.Random(0))  # type: ignore[arg-type]
        for outlook in outlooks:
            yield
            worth = yield from betting_values(table, view.seat, seats, outlook, bets_later,
                                              SLICE_SECONDS)
            for action in candidates:
                values[action].append(worth[action])
        return values, list(candidates), notes


SCORER = AbyssiniaScorer()


def _percent(x: float) -> str:
    # Translators: a percentage ({percent} is a number such as 45).
    return _("{percent}%").format(percent=number(x * 100))


def said(obs: Mapping[str, Any], text: str) -> str:
    """An action as the reason says it: "buying the 10♦ on the left", "calling"."""
    if text in SIDES:
        if text == "buy blind":
            # Translators: a play as the coach names it, inside its sentences.
            return _("buying the top card of the pack blind")
        side = SIDES.index(text)
        card = parse_card(obs["market"][side]["card"])
        if side == 0:
            return _("buying the {card} on the left").format(card=card.short)
        return _("buying the {card} on the right").format(card=card.short)
    words = {"check": _("checking"), "bet": _("betting"), "call": _("calling"),
             "raise": _("raising"), "fold": _("folding")}
    return words.get(text, text)


def consideration(obs: Mapping[str, Any], analysis: Analysis, text: str) -> str:
    """The shares of the pot a play leaves you, and the pot odds of a bet."""
    notes = analysis.notes
    if not notes:
        return ""
    high, low = notes["shares"][text]
    # Translators: {high} and {low} are percentages ("45%") of the pot's two halves.
    shares = _("{high} of the high half, {low} of the low half").format(
        high=_percent(high), low=_percent(low))
    if text in SIDES:
        if text == "buy blind":
            # Translators: {shares} is e.g. "45% of the high half, 20% of the low half".
            return _("{shares} after the blind card, whose price you pay once it is "
                     "turned").format(shares=shares)
        card = parse_card(obs["market"][SIDES.index(text)]["card"])
        cost = price(card)
        return ngettext("{shares} with the {card}, which costs {count} chip",
                        "{shares} with the {card}, which costs {count} chips", cost).format(
            shares=shares, card=card.short, count=cost)
    pot, to_call, players = notes["pot"], notes["to_call"], notes["players"]
    equity = (high + low) / 2
    if text in ("call", "fold") and to_call:
        needed = to_call / (pot + to_call)
        # Translators: {call} and {pot} are counts of chips; {needed} a percentage.
        return _("{shares}; calling {call} into a pot of {pot} needs {needed} of it").format(
            shares=shares, call=to_call, pot=pot, needed=_percent(needed))
    edge = equity * players - 1
    if text in ("bet", "raise"):
        # Translators: {edge} is a decimal figure of chips, e.g. 0.35.
        return _("{shares}; each chip you bet that the others match gains you about "
                 "{edge}").format(shares=shares, edge=number(edge, 2))
    if edge <= 0.1:
        return _("{shares}; no edge to bet").format(shares=shares)
    return shares


def _more(amount: str, play: str) -> str:
    # Translators: {amount} is a decimal estimate (1.2); {play} another play.
    return _("about {amount} chips more than {play}").format(amount=amount, play=play)


def hint_reason(obs: Mapping[str, Any], analysis: Analysis) -> str:
    return joined(consideration(obs, analysis, analysis.best),
                  versus(analysis, lambda a: said(obs, a), _more))


def mark_reason(obs: Mapping[str, Any], analysis: Analysis, played: str) -> str:
    better = consideration(obs, analysis, analysis.best)
    mine = consideration(obs, analysis, played)
    if not mine or mine == better:
        return better
    # Translators: {play} is a play ("calling"), {reason} the shares it leaves you.
    return joined(better, _("{play}: {reason}").format(play=said(obs, played), reason=mine))

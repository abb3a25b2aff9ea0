"""The coach for Avinas: its scorer (hard's parts) and its reasons in the game's words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ..avinas import (
    BID,
    STOP,
    TRUMP,
    Avinas,
    AvinasObservation,
    best_trump_suit,
    trump_tables,
)
from ..cards import SUIT_NAMES
from ..opponents.avinas import POINTS, _candidates, _equal, _View
from ..registry import COMPASS
from ..words import plural
from .analysis import Analysis, SearchScorer, joined, versus

QUIET = ("no knock", "no knock back", "pass")
DEALS = 180  # at least what hard plays at the Normal pace (page 166; CPython here 176)


def candidates(obs: Mapping[str, Any]) -> tuple[list[str], dict[str, str]]:
    legal = [str(a) for a in obs["legal"]]
    view = _View(cast(AvinasObservation, obs))
    if view.phase == "stop":
        return legal, {}
    # The quiet choice first, so it wins a tie: a knock (or a knock back) needs a gain.
    kept = sorted(_candidates(view, legal), key=lambda a: a not in QUIET)
    same: dict[str, str] = {}
    if view.phase == "play" and view.trump is not None:
        eff, strength = view.tables
        out = set(view.out)
        for text in legal:
            if text in kept:
                continue
            action = Avinas.parse_action(text)
            if action.kind == "facedown" or action.card is None:
                continue
            for other in kept:
                chosen = Avinas.parse_action(other)
                if chosen.kind != "facedown" and chosen.card is not None \
                        and _equal(action.card, chosen.card, eff, strength, out):
                    same[text] = other
                    break
    return kept, same


SCORER = SearchScorer("avinas", DEALS, None, candidates, "penalties")


def _points(n: int) -> str:
    return plural(n, "card point") if n else "no card points"


def said(obs: Mapping[str, Any], text: str) -> str:
    """A play as the reason says it: "playing the 10♥", "bidding 5", "passing"."""
    action = Avinas.parse_action(text)
    if action.kind == "bid":
        return f"bidding {action.value}"
    if action.card is None:
        return {"pass": "passing", "knock": "knocking", "no knock": "not knocking",
                "knock back": "knocking back", "no knock back": "not knocking back",
                "stop": "stopping the hand", "play on": "playing on"}.get(text, text)
    if action.kind == "facedown":
        signal = "valuable" if action.value else "not valuable"
        return f"leading the {action.card} face down, signalled {signal}"
    if action.value is not None and action.value >= 0:
        return f"leading the {action.card} and naming {SUIT_NAMES[action.value]} trumps"
    return f"playing the {action.card}"


def _partner_name(view: _View) -> str:
    return COMPASS[view.partner] if view.seat == 0 else f"seat {view.partner + 1}"


def consideration(obs: Mapping[str, Any], text: str) -> str:
    """What decides ``text``, in the game's words: the trumps held or still out, the
    card's points, whether anyone left to play can beat it, the partner's signal."""
    view = _View(cast(AvinasObservation, obs))
    action = Avinas.parse_action(text)
    if view.phase == BID or text == "pass":
        count, suit = best_trump_suit(view.hand)
        held = f"you hold {plural(count, 'trump')} with {SUIT_NAMES[suit]} as trumps"
        if text == "pass":
            return f"{held}; the highest bid is {view.high_bid}" if view.high_bid else held
        return held
    if view.phase == STOP:
        mine = view.points[view.side]
        return f"your side has {plural(mine, 'card point')} of the 61 it needs"
    card = action.card
    if card is None:
        return "a knock pays only if that side takes all 8 tricks"
    if view.trump is None:
        named = action.value if action.value is not None and action.value >= 0 else card.suit
        eff = trump_tables(named)[0]
        count = sum(1 for c in view.hand if eff[c] == TRUMP)
        return (f"with {SUIT_NAMES[named]} as trumps you hold {plural(count, 'trump')} "
                f"for a bid of {view.high_bid}")
    if action.kind == "facedown":
        signal = "valuable" if action.value else "not valuable"
        return (f"with no trump to lead, the {card} goes face down (it cannot win the "
                f"trick), worth {_points(POINTS[card])}, and your partner is told it is "
                f"{signal}")
    eff = view.tables[0]
    trumps_out = sum(1 for c in view.out if eff[c] == TRUMP)
    parts = []
    if view.partner_signal is not None and view.facedown:
        word = "valuable" if view.partner_signal else "not valuable"
        parts.append(f"{_partner_name(view)}'s face-down lead was signalled {word}")
    first = view.trick[0][1] if view.trick else None
    # A face-down lead counts as a trump lead for following (rule 8).
    led = TRUMP if view.facedown else eff[card] if first is None else eff[first]
    if view.threatened(card, led):
        parts.append(f"a player still to play may beat the {card}")
    elif view.trick or view.trick_number < 8:
        parts.append(f"nobody still to play can beat the {card}")
    parts.append(f"it is worth {_points(POINTS[card])}")
    trumps = sum(1 for c in view.hand if eff[c] == TRUMP)
    if eff[card] == TRUMP:
        parts.append(f"it spends one of your {plural(trumps, 'trump')}")
    if not view.trick:
        parts.append(f"{plural(trumps_out, 'trump')} still out")
    return joined(*parts)


def hint_reason(obs: Mapping[str, Any], analysis: Analysis) -> str:
    return joined(consideration(obs, analysis.best),
                  versus(analysis, lambda a: said(obs, a), "penalties better for your side"))


def mark_reason(obs: Mapping[str, Any], analysis: Analysis, played: str) -> str:
    return joined(consideration(obs, analysis.best),
                  f"{said(obs, played)}: {consideration(obs, played)}")

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
from ..i18n import _, ngettext
from ..opponents.avinas import POINTS, _candidates, _equal, _View
from ..registry import COMPASS
from ..words import suit_name
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


def _worth(n: int) -> str:
    """"it is worth 10 card points", "it is worth no card points"."""
    if not n:
        return _("it is worth no card points")
    return ngettext("it is worth {count} card point", "it is worth {count} card points",
                    n).format(count=n)


def said(obs: Mapping[str, Any], text: str) -> str:
    """A play as the reason says it: "playing the 10♥", "bidding 5", "passing"."""
    action = Avinas.parse_action(text)
    if action.kind == "bid":
        # Translators: a play as the coach names it, inside its sentences.
        return _("bidding {bid}").format(bid=action.value)
    if action.card is None:
        words = {"pass": _("passing"), "knock": _("knocking"), "no knock": _("not knocking"),
                 "knock back": _("knocking back"), "no knock back": _("not knocking back"),
                 "stop": _("stopping the hand"), "play on": _("playing on")}
        return words.get(text, text)
    if action.kind == "facedown":
        if action.value:
            return _("leading the {card} face down, signalled valuable").format(
                card=action.card.short)
        return _("leading the {card} face down, signalled not valuable").format(
            card=action.card.short)
    if action.value is not None and action.value >= 0:
        # Translators: {suit} is a suit's name in the plural ("hearts").
        return _("leading the {card} and naming {suit} trumps").format(
            card=action.card.short, suit=suit_name(action.value))
    return _("playing the {card}").format(card=action.card.short)


def _partner_name(view: _View) -> str:
    return _(COMPASS[view.partner]) if view.seat == 0 else _("seat {number}").format(
        number=view.partner + 1)


def consideration(obs: Mapping[str, Any], text: str) -> str:
    """What decides ``text``, in the game's words: the trumps held or still out, the
    card's points, whether anyone left to play can beat it, the partner's signal."""
    view = _View(cast(AvinasObservation, obs))
    action = Avinas.parse_action(text)
    if view.phase == BID or text == "pass":
        count, suit = best_trump_suit(view.hand)
        # Translators: {suit} is a suit's name in the plural ("hearts").
        held = ngettext("you hold {count} trump with {suit} as trumps",
                        "you hold {count} trumps with {suit} as trumps", count).format(
            count=count, suit=suit_name(suit))
        if text == "pass" and view.high_bid:
            # Translators: {held} is e.g. "you hold 3 trumps with hearts as trumps".
            return _("{held}; the highest bid is {bid}").format(held=held, bid=view.high_bid)
        return held
    if view.phase == STOP:
        mine = view.points[view.side]
        return ngettext("your side has {count} card point of the 61 it needs",
                        "your side has {count} card points of the 61 it needs", mine).format(
            count=mine)
    card = action.card
    if card is None:
        return _("a knock pays only if that side takes all 8 tricks")
    if view.trump is None:
        named = action.value if action.value is not None and action.value >= 0 else card.suit
        eff = trump_tables(named)[0]
        count = sum(1 for c in view.hand if eff[c] == TRUMP)
        return ngettext("with {suit} as trumps you hold {count} trump for a bid of {bid}",
                        "with {suit} as trumps you hold {count} trumps for a bid of {bid}",
                        count).format(suit=suit_name(named), count=count, bid=view.high_bid)
    if action.kind == "facedown":
        worth = POINTS[card]
        if action.value:
            return ngettext(
                "with no trump to lead, the {card} goes face down (it cannot win the trick), "
                "worth {count} card point, and your partner is told it is valuable",
                "with no trump to lead, the {card} goes face down (it cannot win the trick), "
                "worth {count} card points, and your partner is told it is valuable",
                worth).format(card=card.short, count=worth)
        return ngettext(
            "with no trump to lead, the {card} goes face down (it cannot win the trick), "
            "worth {count} card point, and your partner is told it is not valuable",
            "with no trump to lead, the {card} goes face down (it cannot win the trick), "
            "worth {count} card points, and your partner is told it is not valuable",
            worth).format(card=card.short, count=worth)
    eff = view.tables[0]
    trumps_out = sum(1 for c in view.out if eff[c] == TRUMP)
    parts = []
    if view.partner_signal is not None and view.facedown:
        # Translators: {player} is the partner's seat name ("North") or "seat 3".
        if view.partner_signal:
            parts.append(_("{player}'s face-down lead was signalled valuable").format(
                player=_partner_name(view)))
        else:
            parts.append(_("{player}'s face-down lead was signalled not valuable").format(
                player=_partner_name(view)))
    first = view.trick[0][1] if view.trick else None
    # A face-down lead counts as a trump lead for following (rule 8).
    led = TRUMP if view.facedown else eff[card] if first is None else eff[first]
    if view.threatened(card, led):
        parts.append(_("a player still to play may beat the {card}").format(card=card.short))
    elif view.trick or view.trick_number < 8:
        parts.append(_("nobody still to play can beat the {card}").format(card=card.short))
    parts.append(_worth(POINTS[card]))
    trumps = sum(1 for c in view.hand if eff[c] == TRUMP)
    if eff[card] == TRUMP:
        parts.append(ngettext("it spends one of your {count} trump",
                              "it spends one of your {count} trumps", trumps).format(
            count=trumps))
    if not view.trick:
        parts.append(ngettext("{count} trump still out", "{count} trumps still out",
                              trumps_out).format(count=trumps_out))
    return joined(*parts)


def _more(amount: str, play: str) -> str:
    # Translators: {amount} is a decimal estimate (1.2); {play} another play.
    return _("about {amount} penalties better for your side than {play}").format(
        amount=amount, play=play)


def hint_reason(obs: Mapping[str, Any], analysis: Analysis) -> str:
    return joined(consideration(obs, analysis.best),
                  versus(analysis, lambda a: said(obs, a), _more))


def mark_reason(obs: Mapping[str, Any], analysis: Analysis, played: str) -> str:
    # Translators: {play} is a play ("playing the 10♥"), {reason} what decides it.
    return joined(consideration(obs, analysis.best),
                  _("{play}: {reason}").format(play=said(obs, played),
                                               reason=consideration(obs, played)))

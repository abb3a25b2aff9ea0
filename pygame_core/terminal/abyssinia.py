"""Abyssinia at the terminal: chips, the cards each seat bought, the market, the pot."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from ..abyssinia import AbyssiniaObservation, phase_words
from ..i18n import _, ngettext
from ..views.abyssinia import action_label
from .draw import card, cards


def header(obs: Mapping[str, Any], names: Sequence[str]) -> str:
    # Translators: the terminal's header line; {phase} is e.g. "betting round 2", {pot}
    # and {entry} counts of chips.
    return _("Abyssinia · deal {deal} · {phase} · pot {pot} · entry {entry}").format(
        deal=int(obs["deals_played"]) + 1, phase=phase_words(obs), pot=obs["pot"],
        entry=obs["entry"])


def _status(status: str) -> str:
    if status == "folded":
        return _("folded")
    if status == "sitting out":
        return _("sitting out")
    return status


def seat(obs: Mapping[str, Any], where: int, names: Sequence[str]) -> list[str]:
    status = str(obs["status"][where])
    put = int(obs["put"][where])
    chips = int(obs["chips"][where])
    return [
        ngettext("{count} chip", "{count} chips", chips).format(count=chips),
        cards(obs["hands"][where], empty=_("no cards")) if where else "",  # yours: the hand
        "" if status == "active" else _status(status),
        # Translators: chips a seat has put into the pot this deal.
        _("put {count}").format(count=put) if put else "",
        _("dealer") if obs.get("dealer") == where else "",
    ]


def _offer(side: str, code: str, price: int) -> str:
    # Translators: a market offer at the terminal: "left Q♦ for 3 chips".
    if side == "left":
        return ngettext("left {card} for {count} chip", "left {card} for {count} chips",
                        price).format(card=card(code), count=price)
    return ngettext("right {card} for {count} chip", "right {card} for {count} chips",
                    price).format(card=card(code), count=price)


def centre(obs: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    offers = [_offer(str(m["side"]), str(m["card"]), int(m["price"]))
              for m in obs.get("market", [])]
    pack = int(obs["pack"])
    offers.append(ngettext("pack {count} card", "pack {count} cards", pack).format(count=pack))
    # Translators: {offers} lists the market's cards and the pack's size.
    return [_("Market: {offers}").format(offers=", ".join(offers))]


def hand(obs: Mapping[str, Any]) -> list[str]:
    return list(obs["hands"][0])


def option(action: str, obs: Mapping[str, Any], names: Sequence[str]) -> str:
    return action_label(action, cast(AbyssiniaObservation, obs))


def standing(obs: Mapping[str, Any], names: Sequence[str]) -> str:
    # Translators: {chips} lists each seat's name and chips: "You 12, Ada 9".
    return _("Chips: {chips}").format(
        chips=", ".join(f"{names[s]} {v}" for s, v in enumerate(obs["chips"])))

"""Avissinia at the terminal: piles' top runs, the centre, the stock."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from ..avissinia import AvissiniaObservation
from ..i18n import _, ngettext
from ..views.avissinia import describe, top_run
from .draw import card, cards, wrapped


def header(obs: Mapping[str, Any], names: Sequence[str]) -> str:
    parts = {"round": obs["round"], "deal": obs["deal"], "target": obs["target"]}
    # Translators: the terminal's header line; {target} is the score that wins.
    if obs.get("partnership"):
        return _("Avissinia · round {round}, deal {deal} · first to {target} · "
                 "partnerships").format(**parts)
    return _("Avissinia · round {round}, deal {deal} · first to {target}").format(**parts)


def seat(obs: Mapping[str, Any], where: int, names: Sequence[str]) -> list[str]:
    pile = list(obs["piles"][where])
    run = pile[len(pile) - top_run(pile):] if pile else []
    held = int(obs["hand_counts"][where])
    return [
        "" if where == 0 else ngettext("{count} card", "{count} cards", held).format(
            count=held),
        # Translators: a seat's pile at the terminal: its size and the cards on top.
        _("pile {count}, top {cards}").format(count=len(pile), cards=cards(run)) if pile
        else _("no pile"),
        # Translators: a seat's points at the terminal ("pts": points, kept short).
        _("{points} pts this round, score {score}").format(
            points=obs["round_points"][where], score=obs["scores"][where]),
        _("dealer") if obs.get("dealer") == where else "",
    ]


def centre(obs: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    codes = list(obs["centre"])
    # Translators: the centre at the terminal: its size, and the cards left to deal.
    label = _("Centre {count} (stock {stock}):").format(count=len(codes), stock=obs["stock"])
    return wrapped(label, [card(c) for c in codes] or [_("empty")], most=3)


def hand(obs: Mapping[str, Any]) -> list[str]:
    return list(obs.get("hand", []))


def option(action: str, obs: Mapping[str, Any], names: Sequence[str]) -> str:
    words = describe(action, cast(AvissiniaObservation, obs), names)
    words = words.replace(" it onto the centre", "")  # the option list is terse
    return f"{card(action.split()[1])} {words}"


def standing(obs: Mapping[str, Any], names: Sequence[str]) -> str:
    # Translators: {scores} lists each seat's name and score: "You 12, West 9".
    return _("Scores: {scores}").format(
        scores=", ".join(f"{names[s]} {v}" for s, v in enumerate(obs["scores"])))

"""Avissinia at the terminal: piles' top runs, the centre, the stock."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from ..avissinia import AvissiniaObservation
from ..views.avissinia import describe, top_run
from ..words import plural
from .draw import card, cards, wrapped


def header(obs: Mapping[str, Any], names: Sequence[str]) -> str:
    sides = " · partnerships" if obs.get("partnership") else ""
    return (f"Avissinia · round {obs['round']}, deal {obs['deal']} · first to "
            f"{obs['target']}{sides}")


def seat(obs: Mapping[str, Any], where: int, names: Sequence[str]) -> list[str]:
    pile = list(obs["piles"][where])
    run = pile[len(pile) - top_run(pile):] if pile else []
    return [
        "" if where == 0 else plural(int(obs["hand_counts"][where]), "card"),
        f"pile {len(pile)}, top {cards(run)}" if pile else "no pile",
        f"{obs['round_points'][where]} pts this round, score {obs['scores'][where]}",
        "dealer" if obs.get("dealer") == where else "",
    ]


def centre(obs: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    codes = list(obs["centre"])
    label = f"Centre {len(codes)} (stock {obs['stock']}):"
    return wrapped(label, [card(c) for c in codes] or ["empty"], most=3)


def hand(obs: Mapping[str, Any]) -> list[str]:
    return list(obs.get("hand", []))


def option(action: str, obs: Mapping[str, Any], names: Sequence[str]) -> str:
    words = describe(action, cast(AvissiniaObservation, obs), names)
    words = words.replace(" it onto the centre", "")  # the option list is terse
    return f"{card(action.split()[1])} {words}"


def standing(obs: Mapping[str, Any], names: Sequence[str]) -> str:
    return "Scores: " + ", ".join(f"{names[s]} {v}" for s, v in enumerate(obs["scores"]))

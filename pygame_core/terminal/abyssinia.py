"""Abyssinia at the terminal: chips, the cards each seat bought, the market, the pot."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from ..abyssinia import AbyssiniaObservation
from ..views.abyssinia import action_label
from ..words import plural
from .draw import card, cards


def header(obs: Mapping[str, Any], names: Sequence[str]) -> str:
    return (f"Abyssinia · deal {int(obs['deals_played']) + 1} · {obs.get('phase_text', '')} · "
            f"pot {obs['pot']} · entry {obs['entry']}")


def seat(obs: Mapping[str, Any], where: int, names: Sequence[str]) -> list[str]:
    status = str(obs["status"][where])
    put = int(obs["put"][where])
    return [
        plural(int(obs["chips"][where]), "chip"),
        cards(obs["hands"][where], empty="no cards") if where else "",  # yours: the hand
        "" if status == "active" else status,
        f"put {put}" if put else "",
        "dealer" if obs.get("dealer") == where else "",
    ]


def centre(obs: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    offers = [f"{m['side']} {card(m['card'])} for {plural(int(m['price']), 'chip')}"
              for m in obs.get("market", [])]
    return ["Market: " + ", ".join([*offers, f"pack {plural(int(obs['pack']), 'card')}"])]


def hand(obs: Mapping[str, Any]) -> list[str]:
    return list(obs["hands"][0])


def option(action: str, obs: Mapping[str, Any], names: Sequence[str]) -> str:
    return action_label(action, cast(AbyssiniaObservation, obs))


def standing(obs: Mapping[str, Any], names: Sequence[str]) -> str:
    return "Chips: " + ", ".join(f"{names[s]} {v}" for s, v in enumerate(obs["chips"]))

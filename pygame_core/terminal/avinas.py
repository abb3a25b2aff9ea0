"""Avinas at the terminal: the bids, the exposed sevens, the trick, the sides' tallies."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import SUIT_SYMBOLS, SUITS
from ..words import plural
from .draw import card, cards


def _suit(letter: object) -> str:
    return SUIT_SYMBOLS[SUITS.index(letter)] if isinstance(letter, str) and letter in SUITS \
        else "?"


def _sides(names: Sequence[str]) -> tuple[str, str]:
    return f"{names[0]}&{names[2]}", f"{names[1]}&{names[3]}"


def header(obs: Mapping[str, Any], names: Sequence[str]) -> str:
    if obs.get("kind") == "sevens":
        kind = f"sevens game (n = {obs.get('sevens')})"
    else:
        kind = f"no sevens, bid {obs.get('high_bid') or '—'}"
    trump = f" · trumps {_suit(obs['trump'])}" if obs.get("trump") else ""
    declarer = obs.get("declarer")
    by = f" · declarer {names[int(declarer)]}" if declarer is not None else ""
    return f"Avinas · hand {obs['hand_number']} · {kind}{trump}{by}"


def seat(obs: Mapping[str, Any], where: int, names: Sequence[str]) -> list[str]:
    shown = [e["card"] for e in obs.get("exposed", []) if e["seat"] == where]
    bids = [f"bid {b['bid']}" if b["bid"] else "passed"
            for b in obs.get("bids", []) if b["seat"] == where]
    return [
        "" if where == 0 else plural(int(obs["hand_counts"][where]), "card"),
        f"shows {cards(shown)}" if shown else "",
        bids[-1] if bids else "",
        "knocked" if obs.get("knock") and obs.get("declarer") == where else "",
        "knocked back" if obs.get("knock_back") == where and obs.get("knock") else "",
        "dealer" if obs.get("dealer") == where else "",
    ]


def centre(obs: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    played = ", ".join(f"{names[p['seat']]} {'face down' if p.get('facedown') else card(p['card'])}"
                       for p in obs.get("trick") or [])
    ours, theirs = _sides(names)
    won, pips, rams = obs["tricks_won"], obs["pips"], obs["rams"]
    return [f"Trick {obs.get('trick_number', 1)}: {played or 'nothing played yet'}",
            f"Tricks {ours} {won[0]}, {theirs} {won[1]} · pips {pips[0]}–{pips[1]} · "
            f"rams {rams[0]}–{rams[1]} (match at {obs['pip_target']} pips)"]


def hand(obs: Mapping[str, Any]) -> list[str]:
    return list(obs.get("hand", []))


def option(action: str, obs: Mapping[str, Any], names: Sequence[str]) -> str:
    words = action.split()
    if words[0] == "facedown":
        return f"{card(words[1])} face down, {' '.join(words[2:])}"
    if words[0] == "play" and action != "play on":
        trumps = f" trumps {_suit(words[3])}" if len(words) == 4 else ""
        return card(words[1]) + trumps
    return action


def standing(obs: Mapping[str, Any], names: Sequence[str]) -> str:
    return centre(obs, names)[1]

"""Avinas at the terminal: the bids, the exposed sevens, the trick, the sides' tallies."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import SUIT_SYMBOLS, SUITS
from ..i18n import _, ngettext
from .draw import card, cards


def _suit(letter: object) -> str:
    return SUIT_SYMBOLS[SUITS.index(letter)] if isinstance(letter, str) and letter in SUITS \
        else "?"


def _sides(names: Sequence[str]) -> tuple[str, str]:
    # Translators: a side at the terminal: two seats' names, "You&North".
    return (_("{first}&{second}").format(first=names[0], second=names[2]),
            _("{first}&{second}").format(first=names[1], second=names[3]))


def header(obs: Mapping[str, Any], names: Sequence[str]) -> str:
    if obs.get("kind") == "sevens":
        # Translators: Avinas's kind of hand at the terminal; {count} sevens were exposed.
        kind = _("sevens game (n = {count})").format(count=obs.get("sevens"))
    else:
        kind = _("no sevens, bid {bid}").format(bid=obs.get("high_bid") or "—")
    declarer = obs.get("declarer")
    parts = {"hand": obs["hand_number"], "kind": kind, "trumps": _suit(obs.get("trump")),
             "declarer": names[int(declarer)] if declarer is not None else ""}
    # Translators: the terminal's header line; {trumps} is a suit symbol (♥), {declarer} a
    # seat's name.
    if obs.get("trump") and declarer is not None:
        return _("Avinas · hand {hand} · {kind} · trumps {trumps} · declarer {declarer}").format(
            **parts)
    if obs.get("trump"):
        return _("Avinas · hand {hand} · {kind} · trumps {trumps}").format(**parts)
    if declarer is not None:
        return _("Avinas · hand {hand} · {kind} · declarer {declarer}").format(**parts)
    return _("Avinas · hand {hand} · {kind}").format(**parts)


def seat(obs: Mapping[str, Any], where: int, names: Sequence[str]) -> list[str]:
    shown = [e["card"] for e in obs.get("exposed", []) if e["seat"] == where]
    bids = [_("bid {bid}").format(bid=b["bid"]) if b["bid"] else _("passed")
            for b in obs.get("bids", []) if b["seat"] == where]
    held = int(obs["hand_counts"][where])
    return [
        "" if where == 0 else ngettext("{count} card", "{count} cards", held).format(
            count=held),
        # Translators: the sevens a seat shows: "shows 7♥ 7♣".
        _("shows {cards}").format(cards=cards(shown)) if shown else "",
        bids[-1] if bids else "",
        _("knocked") if obs.get("knock") and obs.get("declarer") == where else "",
        _("knocked back") if obs.get("knock_back") == where and obs.get("knock") else "",
        _("dealer") if obs.get("dealer") == where else "",
    ]


def centre(obs: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    face_down = _("face down")
    played = ", ".join(
        f"{names[p['seat']]} {face_down if p.get('facedown') else card(p['card'])}"
        for p in obs.get("trick") or [])
    ours, theirs = _sides(names)
    won, pips, rams = obs["tricks_won"], obs["pips"], obs["rams"]
    # Translators: the trick at the terminal; {played} lists seats and their cards.
    trick = _("Trick {number}: {played}").format(
        number=obs.get("trick_number", 1), played=played or _("nothing played yet"))
    # Translators: the tallies at the terminal; {ours} and {theirs} are the sides
    # ("You&North"), {target} the pips that end the match.
    tally = _("Tricks {ours} {won}, {theirs} {lost} · pips {pips}–{their_pips} · rams "
              "{rams}–{their_rams} (match at {target} pips)").format(
        ours=ours, won=won[0], theirs=theirs, lost=won[1], pips=pips[0], their_pips=pips[1],
        rams=rams[0], their_rams=rams[1], target=obs["pip_target"])
    return [trick, tally]


def hand(obs: Mapping[str, Any]) -> list[str]:
    return list(obs.get("hand", []))


def option(action: str, obs: Mapping[str, Any], names: Sequence[str]) -> str:
    words = action.split()
    if words[0] == "facedown":
        # Translators: an option at the terminal: a card led face down, signalled valuable.
        if words[2:] == ["valuable"]:
            return _("{card} face down, valuable").format(card=card(words[1]))
        return _("{card} face down, not valuable").format(card=card(words[1]))
    if words[0] == "play" and action != "play on":
        if len(words) == 4:
            # Translators: an option at the terminal: a card led naming a trump suit (♥).
            return _("{card} trumps {suit}").format(card=card(words[1]), suit=_suit(words[3]))
        return card(words[1])
    return {"pass": _("pass"), "knock": _("knock"), "no knock": _("no knock"),
            "knock back": _("knock back"), "no knock back": _("no knock back"),
            "stop": _("stop"), "play on": _("play on")}.get(action, _action_words(words))


def _action_words(words: list[str]) -> str:
    if words[0] == "bid" and len(words) == 2:
        return _("bid {bid}").format(bid=words[1])
    return " ".join(words)


def standing(obs: Mapping[str, Any], names: Sequence[str]) -> str:
    return centre(obs, names)[1]

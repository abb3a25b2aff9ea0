"""One conformance test over every game the package exposes, in the style of OpenSpiel's
random simulation test: random legal play over many seeds and options, checking the engine
interface's promises at every step.

At every step: the clone is equal and independent (playing on it leaves the original's
``full_state`` unchanged), the save round-trips, every legal action applies on a clone and
its text parses back, an illegal one raises IllegalActionError and changes nothing, and each
seat's observation shows no card that seat may not see and does not change when the hidden
cards are re-dealt consistently.  Over a match: the same seed and actions give the same
state, and the match ends within a bound.  Short matches (small targets and stacks) keep
the quick suite fast; the default options are played in the ``slow`` variant.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest

import pygame_core
from pygame_core import Game, IllegalActionError, load_game, new_game, parse_card

GAME_NAMES = list(pygame_core.GAMES)
MAX_MOVES = 200_000  # far beyond any match seen under random play (abyssinia, 8: ~43,000)

# Options that keep matches short, per game, and the variants worth covering.
QUICK_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "avissinia": [{"target": 8}, {"target": 8, "partnership": True}],
    "avinas": [{"pip_target": 3}],
    "abyssinia": [{"players": n, "chips": 41 + n % 3} for n in range(2, 9)],
}
FULL_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "avissinia": [{}, {"partnership": True}],
    "avinas": [{}],
    "abyssinia": [{"players": n} for n in range(2, 9)],
}


def canonical(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


# --- what each seat may not see, read from the full state --------------------------------
def hidden_avissinia(game: Game[Any, Any], full: dict[str, Any], seat: int) -> set[str]:
    other_hands = {c for s, h in enumerate(full["hands"]) if s != seat for c in h}
    return other_hands | set(full["stock_order"])


def hidden_avinas(game: Game[Any, Any], full: dict[str, Any], seat: int) -> set[str]:
    exposed = {e["card"] for e in full["exposed"]}
    partner = (seat + 2) % 4
    # Ruling 2: the dealer has seen his partner's special cards (the 4th and 8th dealt).
    seen_specials = (
        {full["dealt"][partner][3], full["dealt"][partner][7]} if seat == full["dealer"] else set()
    )
    hidden = {
        c for s, h in enumerate(full["hands"]) if s != seat for c in h
        if c not in exposed and not (s == partner and c in seen_specials)
    }
    trick = full["trick"]
    if full["facedown"] and trick and trick[0]["seat"] != seat:
        hidden.add(trick[0]["card"])  # a face-down lead stays hidden until the trick ends
    return hidden


def hidden_abyssinia(game: Game[Any, Any], full: dict[str, Any], seat: int) -> set[str]:
    return set(full["pack_order"])  # an open game: only the pack's order is secret


# --- the same state with the hidden cards dealt differently ------------------------------
def redeal_avissinia(game: Any, seat: int, rng: random.Random) -> None:
    others = [s for s in range(4) if s != seat]
    pool = [c for s in others for c in game.hands[s]] + list(game.stock)
    rng.shuffle(pool)
    for s in others:
        n = len(game.hands[s])
        game.hands[s] = sorted(pool[:n])
        del pool[:n]
    game.stock = pool


def redeal_avinas(game: Any, seat: int, rng: random.Random) -> None:
    full = game.full_state()
    hidden = hidden_avinas(game, full, seat)
    others = [s for s in range(4) if s != seat]
    slots = [(s, i) for s in others for i, c in enumerate(game.hands[s]) if c.code in hidden]
    down = game.facedown and game.trick and game.trick[0][0] != seat
    pool = [game.hands[s][i] for s, i in slots] + ([game.trick[0][1]] if down else [])
    rng.shuffle(pool)
    for (s, i), card in zip(slots, pool, strict=False):
        game.hands[s][i] = card
    if down:
        game.trick[0] = (game.trick[0][0], pool[-1])
    game._legal = None  # the engine caches the mover's legal list


def redeal_abyssinia(game: Any, seat: int, rng: random.Random) -> None:
    rng.shuffle(game.pack)


HIDDEN: dict[str, Callable[[Game[Any, Any], dict[str, Any], int], set[str]]] = {
    "avissinia": hidden_avissinia, "avinas": hidden_avinas, "abyssinia": hidden_abyssinia,
}
REDEAL: dict[str, Callable[[Any, int, random.Random], None]] = {
    "avissinia": redeal_avissinia, "avinas": redeal_avinas, "abyssinia": redeal_abyssinia,
}


# Records of finished deals name cards that a later deal has dealt again.
PAST_DEALS = {"rounds", "hand_history", "deals", "last_deal"}


def words(value: Any, skip: frozenset[str] = frozenset()) -> Iterator[str]:
    """Every whitespace-separated word in a JSON-able value (card codes are words), but
    not under the keys in ``skip``."""
    if isinstance(value, str):
        yield from value.split()
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                yield from words(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from words(item)


def is_card(word: str) -> bool:
    try:
        parse_card(word)
    except ValueError:
        return False
    return True


def observation_type(game: Game[Any, Any]) -> Any:
    """The TypedDict ``observation`` returns: ``<GameClass>Observation`` in its module."""
    cls = type(game)
    return getattr(sys.modules[cls.__module__], f"{cls.__name__}Observation")


# --- the checks --------------------------------------------------------------------------
def action_universe(name: str, options: dict[str, Any]) -> list[str]:
    """Action texts this game uses, gathered from a few random matches."""
    seen: set[str] = set()
    for seed in range(3):
        game = new_game(name, seed=10_000 + seed, **options)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            seen.update(str(a) for a in legal)
            game.apply(rng.choice(legal))
    return sorted(seen)


def check_step(
    game: Game[Any, Any], universe: list[str], rng: random.Random, new_deal: bool,
    check_save: bool = True, seats: Iterable[int] | None = None,
) -> None:
    """All the per-step checks; ``new_deal``: the last move ended a deal (so the ``last``
    play belongs to the one before); ``check_save``: also round-trip the save (a replay of
    the whole log, so long matches do it only now and then); ``seats``: whose observations
    to check (all by default)."""
    name = game.NAME
    skip = frozenset(PAST_DEALS | ({"last"} if new_deal else set()))
    before = game.full_state()
    # A deep snapshot (JSON text and back), compared with ``==``: faster than dumping each.
    frozen = json.loads(json.dumps(before))
    # Clone: equal, and independent of the original.
    twin = game.clone()
    assert twin.full_state() == frozen
    # The save round-trips.
    if check_save:
        save = game.to_json()
        assert load_game(save).full_state() == frozen
        assert load_game(json.dumps(save)).full_state() == frozen
    # Every legal action applies on a clone, and its text parses back to it.
    legal = game.legal_actions()
    assert legal and len({str(a) for a in legal}) == len(legal)
    for action in legal:
        assert str(game.parse_action(str(action))) == str(action)
        assert game.illegal_reason(action) is None
        game.clone().apply(action)
    assert game.full_state() == frozen, "playing on a clone changed the original"
    # An illegal action raises and changes nothing.
    legal_texts = {str(a) for a in legal}
    illegal = [t for t in universe if t not in legal_texts]
    for text in rng.sample(illegal, min(3, len(illegal))):
        with pytest.raises(IllegalActionError):
            game.apply(text)
    assert game.full_state() == frozen, "a refused action changed the state"
    # Observations: the declared keys, no hidden card, blind to how the hidden cards lie.
    declared = observation_type(game).__required_keys__
    for seat in range(game.num_players) if seats is None else seats:
        obs = game.observation(seat)
        json.dumps(obs)  # plain JSON-able data
        assert set(obs) == declared, f"keys not in the TypedDict: {set(obs) ^ declared}"
        assert obs["seat"] == seat
        assert obs["deals_finished"] == game.deals_finished
        if seat == game.current_player:
            assert obs["legal"] == [str(a) for a in legal]
        else:
            assert obs["legal"] == []
        leaked = HIDDEN[name](game, before, seat) & {w for w in words(obs, skip) if is_card(w)}
        assert not leaked, f"seat {seat} sees {sorted(leaked)}"
        other = game.clone()
        REDEAL[name](other, seat, rng)
        assert other.observation(seat) == obs, (
            f"seat {seat}'s observation depends on cards it cannot see"
        )


def play_checked(
    name: str, options: dict[str, Any], seed: int, universe: list[str], sparse: bool = False
) -> None:
    """Play a random match with ``check_step`` before every move or, if ``sparse``, before
    ever fewer of them and for one seat in turn (long matches: the observation grows with
    the deals played, and a save round-trip replays the whole log)."""
    assert name in HIDDEN and name in REDEAL, f"no hiding rule for {name} in this test"
    game = new_game(name, seed=seed, **options)
    assert new_game(name, seed=seed, **options).full_state() == game.full_state()
    rng = random.Random(seed)  # the moves: the same match however much is checked
    checks = random.Random(f"checks/{seed}")
    moves = checked = next_check = 0
    new_deal = False
    while not game.is_over:
        if moves == next_check:
            seats = [checked % game.num_players] if sparse else None
            check_step(game, universe, checks, new_deal, not sparse or checked % 25 == 0, seats)
            checked += 1
            next_check += max(10, moves // 20) if sparse else 1  # sparse: ~14 per doubling
        deals = game.deals_finished
        game.apply(rng.choice(game.legal_actions()))
        new_deal = game.deals_finished != deals
        moves += 1
        assert moves < MAX_MOVES, "the match did not end"
    # The end: nobody to move, nothing legal, every action refused.
    assert game.current_player is None and game.legal_actions() == []
    with pytest.raises(IllegalActionError):
        game.apply(universe[0])
    assert all(0 <= s < game.num_players for s in game.winners)
    # The same seed and actions give the same state.
    replay = new_game(name, seed=seed, **options)
    for text in game.history:
        replay.apply(text)
    assert replay.full_state() == game.full_state()
    assert load_game(game.to_json()).full_state() == game.full_state()


def cases(
    table: dict[str, list[dict[str, Any]]], seeds: range, more: dict[str, range] | None = None
) -> list[Any]:
    """Every game's option sets with ``seeds`` (or the game's own range in ``more``)."""
    return [
        pytest.param(name, options, seed, id=f"{name}-{json.dumps(options, sort_keys=True)}-{seed}")
        for name in GAME_NAMES for options in table.get(name, [{}])
        for seed in (more or {}).get(name, seeds)
    ]


_UNIVERSES: dict[str, list[str]] = {}


def universe_for(name: str, options: dict[str, Any]) -> list[str]:
    key = name + canonical(options)
    if key not in _UNIVERSES:
        _UNIVERSES[key] = action_universe(name, options)
    return _UNIVERSES[key]


def test_every_game_is_covered() -> None:
    assert set(GAME_NAMES) == set(QUICK_OPTIONS) == set(HIDDEN) == set(REDEAL)


@pytest.mark.parametrize(("name", "options", "seed"), cases(QUICK_OPTIONS, range(4)))
def test_random_play_keeps_the_interface(name: str, options: dict[str, Any], seed: int) -> None:
    play_checked(name, options, seed, universe_for(name, options))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "options", "seed"), cases(FULL_OPTIONS, range(1), {"avinas": range(4)})
)
def test_random_play_keeps_the_interface_default_options(
    name: str, options: dict[str, Any], seed: int
) -> None:
    play_checked(name, options, seed, universe_for(name, options), sparse=True)

"""Avinas under random play: the invariants that must hold at every step of every match."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from conftest import play_randomly

from pygame_core import IllegalActionError, load_game, new_game
from pygame_core.avinas import Action, Avinas
from pygame_core.cards import short_pack

ALL_CODES = frozenset(c.code for c in short_pack())
# JSON punctuation to spaces, so that card codes become words: "play QC trump H" -> QC.
PUNCTUATION = str.maketrans({c: " " for c in '"[]{},:'})


def json_words(data: Any) -> set[str]:
    return set(json.dumps(data).translate(PUNCTUATION).split())


def hidden_from(game: Avinas, seat: int) -> set[str]:
    """Card codes ``seat`` must not see: other hands, less what is exposed or was looked at,
    and a face-down lead that is not its own."""
    hidden: set[str] = set()
    for other in range(4):
        if other != seat:
            hidden |= {c.code for c in game.hands[other]}
    if game.facedown and game.trick[0][0] != seat:
        hidden.add(game.trick[0][1].code)
    # Cards known to be somewhere (exposed, or seen by the dealer) stay known where they
    # were, even when one of them is the face-down lead: naming them tells nothing new.
    hidden -= {c.code for e in game.exposed for c in e}
    if seat == game.dealer:
        hidden -= {c.code for c in game.specials[(seat + 2) % 4]}
    return hidden


def check_observation(game: Avinas, seat: int) -> None:
    obs = game.observation(seat)
    shown = dict(obs)
    del shown["hand_history"]  # names no card at all: checked once at the end of a match
    if obs["last"] and obs["last"].get("new_hand"):
        # The narration of the last trick of the previous hand names cards dealt anew.
        del shown["last"]
    leaked = json_words(shown) & hidden_from(game, seat)
    assert not leaked, f"seat {seat} sees {leaked}"
    assert obs["hand"] == [c.code for c in game.hands[seat]]
    assert obs["hand_counts"] == [len(h) for h in game.hands]
    if seat == game.current_player:
        assert obs["legal"] == [str(a) for a in game.legal_actions()]
    else:
        assert obs["legal"] == []


def check_state(game: Avinas, before_pips: list[int]) -> None:
    held = [c for h in game.hands for c in h]
    held += [c for _, c in game.trick]
    held += [c for _, plays, _, _ in game.tricks for _, c in plays]
    assert sorted(held) == sorted(short_pack()), "32 cards, each exactly once"
    assert min(game.rams) == 0, "at most one side has rams"
    assert game.pips[0] >= before_pips[0] and game.pips[1] >= before_pips[1]
    assert sum(game.points) <= 120
    assert sum(game.points) == sum(
        game.values[c] for _, plays, _, _ in game.tricks for _, c in plays
    )


def check_finished_hands(game: Avinas) -> None:
    for record in game.hand_records:
        if record["kind"] == "void":
            continue
        if record.get("stopped_after") is None:
            assert sum(record["points"]) == 120 and sum(record["tricks"]) == 8
        else:
            assert sum(record["points"]) <= 120
            assert sum(record["tricks"]) == record["stopped_after"] < 8
        if record["kind"] == "sevens":
            assert record["pips"] == [0, 0]
        else:
            assert sorted(record["pips"])[0] == 0 and max(record["pips"]) > 0


def check_illegal_refused(game: Avinas, rng: random.Random) -> None:
    legal = game.legal_actions()
    candidates = [
        Action("pass"), Action("knock"), Action("stop"), Action("bid", None, 9),
        *(Action("play", c) for c in short_pack()),
        *(Action("facedown", c, 1) for c in short_pack()),
    ]
    wrong = [a for a in candidates if a not in legal]
    before = game.full_state()
    action = rng.choice(wrong)
    with pytest.raises(IllegalActionError):
        game.apply(action)
    with pytest.raises(IllegalActionError):
        game.apply(str(action))
    assert game.full_state() == before


def run_match(seed: int) -> Avinas:
    game = new_game("avinas", seed=seed)
    assert isinstance(game, Avinas)
    rng = random.Random(seed)
    checkpoint = rng.randrange(40, 400)
    moves = 0
    while not game.is_over:
        pips = list(game.pips)
        legal = game.legal_actions()
        assert legal and game.current_player is not None
        action = rng.choice(legal)
        assert Avinas.parse_action(str(action)) == action
        game.apply(str(action) if moves % 2 else action)
        moves += 1
        check_state(game, pips)
        check_observation(game, moves % 4)  # each seat in turn
        if moves % 50 == 0 and not game.is_over:
            check_illegal_refused(game, rng)
        if moves == checkpoint:
            assert game.clone().full_state() == game.full_state()
            assert load_game(json.dumps(game.to_json())).full_state() == game.full_state()
        assert moves < 20_000, "the match did not end"
    check_finished_hands(game)
    assert not json_words(game.observation(0)["hand_history"]) & ALL_CODES
    assert game.current_player is None and game.legal_actions() == []
    assert max(game.pips) >= game.options.pip_target
    assert game.hands_played == len(game.hand_records)
    assert game.clone().full_state() == game.full_state()
    assert load_game(game.to_json()).full_state() == game.full_state()
    return game


@pytest.mark.parametrize("block", range(10))
def test_random_play_invariants(block: int) -> None:
    """500 matches (10 blocks of 50 seeds), every invariant checked at every step."""
    outcomes = set()
    for seed in range(block * 50, block * 50 + 50):
        game = run_match(seed)
        outcomes.add(tuple(game.winners))
    assert outcomes <= {(0, 2), (1, 3)}  # a draw cannot arise in play


def test_clone_is_independent() -> None:
    game = new_game("avinas", seed=7)
    rng = random.Random(7)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions()))
    copy = game.clone()
    before = game.full_state()
    play_randomly(copy, random.Random(1))
    assert copy.is_over and game.full_state() == before


@pytest.mark.slow
def test_random_play_many_matches() -> None:
    for seed in range(500, 3000):
        game = new_game("avinas", seed=seed)
        play_randomly(game, random.Random(seed))
        assert game.is_over and len(game.winners) == 2
        assert load_game(game.to_json()).full_state() == game.full_state()

"""Avissinia random play over many seeds, checking the invariants at every step."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from pygame_core import IllegalActionError, load_game, new_game
from pygame_core.avissinia import Avissinia
from pygame_core.cards import full_pack

ALL_CODES = Counter(c.code for c in full_pack())


def check_invariants(game: Avissinia, start_totals: list[int]) -> None:
    where = Counter(c.code for c in game.stock + game.centre)
    for hand in game.hands:
        where.update(c.code for c in hand)
    for pile in game.piles:
        where.update(c.code for c in pile)
    assert where == ALL_CODES, "every card in exactly one place"
    value = game.options.points
    assert game.round_scores == [sum(value(c) for c in p) for p in game.piles]
    assert sum(game.round_scores) + sum(value(c) for c in game.centre) <= 60
    # The match totals are the totals at the round's start: scores equal cards won.
    assert game.match_scores == start_totals
    for seat in range(4):
        obs = game.observation(seat)
        # Records of finished rounds name cards from old deals: public history.
        current = {k: v for k, v in obs.items() if k != "rounds"}
        if obs["last"] and obs["last"]["round"] != obs["round"]:
            del current["last"]  # the last play of the previous round
        shown = set(json.dumps(current).replace('"', " ").replace(",", " ").split())
        for other in range(4):
            if other != seat:
                hidden = {c.code for c in game.hands[other]}
                visible = set(obs["centre"]) | {c for p in obs["piles"] for c in p}
                assert not (hidden - visible) & shown, "an observation names another hand"
        assert obs["hand_counts"] == [len(h) for h in game.hands]


@pytest.mark.parametrize("partnership", [False, True])
def test_random_play_invariants_over_many_seeds(partnership: bool) -> None:
    seeds = range(250)  # 500 matches with both forms of the game
    for seed in seeds:
        rng = random.Random(seed)
        game = new_game("avissinia", seed=seed, partnership=partnership)
        assert isinstance(game, Avissinia)
        totals = list(game.match_scores)
        rounds = 0
        moves = 0
        while not game.is_over:
            actions = game.legal_actions()
            assert actions and len(set(map(str, actions))) == len(actions)
            if moves % 17 == 0:  # deep checks on a sample of steps keep the suite quick
                check_invariants(game, totals)
                clone = game.clone()
                assert clone.full_state() == game.full_state()
                if moves % 340 == 0:  # a replay costs the whole history: sample fewer
                    assert load_game(json.dumps(game.to_json())).full_state() == game.full_state()
                before = game.full_state()
                with pytest.raises(IllegalActionError):
                    game.apply("capture 2C pile 9")
                assert game.full_state() == before
            game.apply(rng.choice(actions))
            moves += 1
            if len(game.rounds) != rounds:
                rounds = len(game.rounds)
                record = game.rounds[-1]
                assert record["totals"] == [
                    t + p for t, p in zip(totals, record["side_points"], strict=True)
                ]
                assert sum(record["points"]) <= 60
                totals = list(record["totals"])
            assert moves < 52 * 200
        best = max(game.match_scores)
        assert best >= 61 and game.match_scores.count(best) == 1
        assert game.winners


def test_every_step_of_one_game_is_checked_in_full() -> None:
    rng = random.Random(99)
    game = new_game("avissinia", seed=99, target=25)  # short: a replay per step
    assert isinstance(game, Avissinia)
    totals = list(game.match_scores)
    while not game.is_over:
        check_invariants(game, totals)
        copy = game.clone()
        game.apply(rng.choice(game.legal_actions()))
        assert copy.full_state() != game.full_state(), "clone is independent"
        totals = list(game.rounds[-1]["totals"]) if game.rounds else totals
        if not game.is_over:
            assert load_game(game.to_json()).full_state() == game.full_state()

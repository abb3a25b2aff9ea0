"""The Avinas endgame solver: exact against plain minimax over the engine, and the level
that uses it (``hard-endgame``) values its candidates by it."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from benchmarks.lab.setups import register
from pygame_core.avinas import NO_SEVENS, PLAY, SIMPLE, STOP, TRICKS, Avinas, AvinasOptions
from pygame_core.opponents import SearchOpponent, make_opponent
from pygame_core.opponents.avinas import (
    ENDGAME_TRICKS,
    AvinasSearch,
    SolvedEndRun,
    _made_it,
    _quick_action,
    playout,
    record_value,
    world_from_observation,
)
from pygame_core.opponents.avinas_solver import Solver, solved_value
from pygame_core.opponents.search import Budget

register()  # the lab's research setups


def solved_end(opponent: object) -> SolvedEndRun:
    """The solved endgame a searching level ends its playouts with."""
    assert isinstance(opponent, AvinasSearch) and isinstance(opponent.ending, SolvedEndRun)
    return opponent.ending


def minimax(world: Avinas, seat: int, tie_break: float) -> float:
    """The value of the rest of the hand by trying every legal action the engine offers,
    each seat playing for its side: the slow, obviously right answer.  A declarer at a stop
    follows the rule every level follows (stop once made); a face-down lead's signal does
    not change the play, so one of the two is tried."""
    hands = len(world.hand_records)

    def value(state: Avinas) -> float:
        if len(state.hand_records) > hands:
            record = state.hand_records[-1]
            points = record.get("points", [0, 0])
            side = seat % 2
            return record_value(record, seat) - 0.01 * (points[side] - points[1 - side]) \
                + tie_break * (points[side] - points[1 - side])
        if state.phase == STOP:
            after = state.clone()
            after._apply(SIMPLE["stop" if _made_it(state) else "play on"])
            return value(after)
        results = []
        for action in state.legal_actions():
            if action.kind == "facedown" and action.value == 0:
                continue
            after = state.clone()
            after._apply(action)
            results.append(value(after))
        return max(results) if state.player % 2 == seat % 2 else min(results)

    return value(world)


def endgames(seeds: range, tricks_left: int) -> Iterator[Avinas]:
    """Hands played by the quick policy into their last ``tricks_left`` tricks, stopped at a
    random card (mid-trick, between tricks, or at a no-sevens declarer's stop)."""
    for seed in seeds:
        world = Avinas(AvinasOptions(), seed)
        world.narrate, world.deal_next_hand = False, False
        rng = random.Random(seed)
        while not world.hand_records:
            if (world.phase in (PLAY, STOP) and world.trump is not None
                    and world.trick_number > TRICKS - tricks_left and rng.random() < 0.4):
                yield world
                break
            world._apply(_quick_action(world))


@pytest.mark.parametrize("tie_break", [0.0, 0.01])
def test_the_solver_finds_the_value_plain_minimax_finds(tie_break: float) -> None:
    """Over many endgames of three tricks (both kinds of hand, every seat to play, with and
    without card points as a tie-break), the solver's value is minimax's, exactly."""
    checked, kinds, stops, values = 0, set(), 0, set()
    for world in endgames(range(160), 3):
        seat = world.player
        solved = solved_value(world.clone(), seat, tie_break)
        assert solved == pytest.approx(minimax(world.clone(), seat, tie_break), abs=1e-9)
        checked += 1
        kinds.add(world.kind)
        stops += world.phase == STOP
        values.add(round(solved))
    assert checked >= 100 and NO_SEVENS in kinds and len(kinds) == 2 and stops > 0
    assert len(values) > 2  # the endings differ: not one value everywhere


def test_the_solver_reuses_its_positions_across_the_candidates_of_one_world() -> None:
    """One solver asked for several worlds of the same hand (one per candidate card) gives
    each the value a fresh solver gives, and visits fewer positions than fresh solvers."""
    compared = 0
    for world in endgames(range(60), 3):
        if world.phase != PLAY:
            continue
        shared = Solver(world, world.player)
        fresh_nodes = 0
        for action in world.legal_actions():
            after = world.clone()
            after._apply(action)
            if after.hand_records:
                continue
            fresh = Solver(after, world.player)
            assert shared.value(after) == fresh.value()
            fresh_nodes += fresh.nodes
            compared += 1
        assert shared.nodes <= fresh_nodes
    assert compared > 50


def test_worlds_that_share_their_ends_solve_as_each_alone() -> None:
    """A search's worlds share the values of finished hands (``shared_ends``): each world
    of a hidden-card redeal, every seat's side, both kinds of hand, solves to the value a
    solver of its own gives, and the shared values are mostly found, not scored again."""
    checked, kinds, sides = 0, set(), set()
    scored_alone = scored_shared = 0
    for world in endgames(range(40), 3):
        for seat in (world.player, (world.player + 1) % 4):
            shared: dict = {}
            obs = world.observation(seat)
            for i in range(6):
                redealt = world_from_observation(obs, random.Random(i))
                redealt.narrate, redealt.deal_next_hand = False, False
                alone = Solver(redealt.clone(), seat, 0.01)
                assert Solver(redealt.clone(), seat, 0.01, shared).value() == alone.value()
                scored_alone += len(alone.ends)
                checked += 1
            scored_shared += sum(len(ends) for ends in shared.values())
            kinds.add(world.kind)
            sides.add(seat % 2 == (world.declarer or 0) % 2)
    assert checked >= 400 and len(kinds) == 2 and len(sides) == 2
    assert scored_shared < 0.6 * scored_alone, (scored_shared, scored_alone)


@pytest.mark.parametrize("level", ["hard-endgame", "hard-unread-endgame"])
def test_hard_endgame_solves_the_last_tricks_and_plays_the_quick_policy_before(
        level: str) -> None:
    """The endgame levels (arena only) value a candidate by the quick policy's play (as
    the level plays it out: unsighted for hard's, sighted for hard-unread's) down to the
    last ``ENDGAME_TRICKS`` tricks, and the solver's value from there."""
    checked = 0
    for seed, world in enumerate(endgames(range(40), TRICKS)):
        if world.phase != PLAY or world.trick_number > TRICKS - 1:
            continue
        me = world.player
        opponent = make_opponent("avinas", level, me, seed)
        assert isinstance(opponent, AvinasSearch) and solved_end(opponent).solved_leaves
        for action in world.legal_actions()[:3]:
            text = str(action)
            expected = world.clone()
            expected._apply(action)
            while not expected.hand_records and not (
                    expected.trick_number > TRICKS - ENDGAME_TRICKS
                    and expected.phase in (PLAY, STOP)):
                expected._apply(_quick_action(expected, opponent.sighted))
            want = (record_value(expected.hand_records[-1], me) if expected.hand_records
                    else solved_value(expected, me, solved_end(opponent).tie_break))
            assert opponent.action_value(world, text) == want
            checked += 1
    assert checked > 20


def test_hard_endgame_keeps_the_stop_rule_and_plays_legal_whole_hands() -> None:
    """Whole hands with ``hard-endgame`` in every seat end, and every action it chose was
    legal (the engine's ``apply`` checks each)."""
    for seed in range(3):
        game = Avinas(AvinasOptions(pip_target=2), seed)
        players = [make_opponent("avinas", "hard-endgame", s, seed) for s in range(4)]
        for player in players:
            assert isinstance(player, SearchOpponent)
            player.budget = Budget(iterations=4, seconds=None)
        while not game.is_over:
            seat = game.current_player
            game.apply(players[seat].decide(game.observation(seat)))
        assert game.hands_played > 0


@pytest.mark.parametrize("level", ["hard-endgame-only", "hard-unread-endgame-only"])
def test_the_endgame_only_levels_solve_only_the_plays_of_the_last_tricks(level: str) -> None:
    """The endgame-only levels (arena only) value a play of the last ``ENDGAME_TRICKS``
    tricks by the solver, and an earlier decision by the level's whole playout."""
    early = late = 0
    worlds = [*endgames(range(30), TRICKS), *endgames(range(30, 60), ENDGAME_TRICKS)]
    for seed, world in enumerate(worlds):
        if world.phase != PLAY:
            continue
        me = world.player
        opponent = make_opponent("avinas", level, me, seed)
        assert isinstance(opponent, AvinasSearch) and not solved_end(opponent).solved_leaves
        for action in world.legal_actions()[:2]:
            after = world.clone()
            after._apply(action)
            if world.trick_number > TRICKS - ENDGAME_TRICKS:
                want = (record_value(after.hand_records[-1], me) if after.hand_records
                        else solved_value(after, me, solved_end(opponent).tie_break))
                late += 1
            else:
                want = playout(after, me, opponent.sighted)
                early += 1
            assert opponent.action_value(world, str(action)) == want
    assert early > 10 and late > 10


@pytest.mark.parametrize("level", ["hard", "hard-endgame-only"])
def test_hards_hint_says_when_it_solved_the_rest_of_the_hand_exactly(level: str) -> None:
    """The page's hard solves the last ``ENDGAME_TRICKS`` tricks: its hint says so, and says
    it solved the whole rest of the hand exactly once the decision is in them.  A level
    that solves only the endgame's own plays says so only there."""
    early = late = 0
    worlds = [*endgames(range(20), TRICKS), *endgames(range(20, 40), ENDGAME_TRICKS)]
    for seed, world in enumerate(worlds):
        if world.phase != PLAY:
            continue
        me = world.player
        hard = make_opponent("avinas", level, me, seed)
        assert isinstance(hard, AvinasSearch)
        hard.budget = Budget(iterations=4, seconds=None)
        hard.decide(world.observation(me))
        reason = hard.explain()
        if "expects" not in reason:  # no search: one sensible choice
            continue
        if world.trick_number > TRICKS - ENDGAME_TRICKS:
            assert reason.startswith("solved the rest of the hand exactly"), reason
            late += 1
        else:
            solved_there = f"the last {ENDGAME_TRICKS} tricks solved exactly" in reason
            assert solved_there == solved_end(hard).solved_leaves, reason
            early += 1
    assert early >= 5 and late >= 5, (early, late)

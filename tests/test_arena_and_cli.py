"""The lab's arena (``python3 -m benchmarks.lab arena``), its oracles and replays, and the
terminal commands (``python3 -m pygame_core``) print what they promise."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

import benchmarks.lab.arena as arena
from benchmarks.lab.__main__ import main as lab
from benchmarks.lab.arena import mean_ci
from benchmarks.lab.oracles import truths
from pygame_core.__main__ import main as cli
from pygame_core.opponents import make_opponent
from pygame_core.opponents.search import Budget
from pygame_core.slices import run_to_end


def advantage(text: str, level: str) -> tuple[float, float]:
    match = re.search(rf"{level}\s+x\d: advantage per deal ([+-][\d.]+) ± ([\d.]+)", text)
    assert match, text
    return float(match.group(1)), float(match.group(2))


@pytest.mark.parametrize(
    ("game", "seats", "measure"),
    [
        ("avissinia", "easy,random,random,random", "share of points"),
        ("avinas", "easy,random,easy,random", "penalty balance"),
        ("abyssinia", "easy,random,random,random", "net chips per deal"),
    ],
)
def test_arena_rotates_seats_and_reports_each_level(
    game: str, seats: str, measure: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert lab(["arena", game, "--seats", seats, "--deals", "12", "--matches", "1"]) == 0
    out = capsys.readouterr().out
    assert "12 deal seeds x 4 rotations" in out
    easy, _ = advantage(out, "easy")
    rand, _ = advantage(out, "random")
    assert easy == pytest.approx(-rand, abs=0.011)  # the two levels' advantages mirror
    assert easy > 0, "easy should beat random even over a dozen deals"
    assert measure in out and "match wins" in out and "decision mean" in out


def test_arena_plays_a_repeated_seating_once_and_counts_it_as_played(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """easy,random,easy,random rotated by two seats every level where it sat: the same game
    move for move, so the arena plays it once and counts its result again, giving the
    figures that playing all four rotations gives."""
    import json
    import statistics

    from pygame_core import new_game

    levels = ["easy", "random", "easy", "random"]
    expected = []
    for seed in range(7, 10):
        easy, rand = [], []
        for r in range(4):
            seats = levels[-r:] + levels[:-r] if r else levels
            game = new_game("avinas", seed=seed)
            players = arena.seat_players("avinas", seats, seed, None)
            arena.play(game, players, {lv: [] for lv in seats}, 1)
            for seat, level in enumerate(seats):
                (easy if level == "easy" else rand).append(game.deal_result()[seat])
        expected.append(statistics.fmean(easy) - statistics.fmean(rand))

    games: list[int] = []
    real_play = arena.play
    monkeypatch.setattr(arena, "play", lambda *a: (games.append(1), real_play(*a)))
    path = tmp_path / "per-deal.jsonl"
    lab(["arena", "avinas", "--seats", ",".join(levels), "--deals", "3", "--seed", "7",
         "--per-deal", str(path)])
    assert len(games) == 3 * 2
    figures = [json.loads(line)["advantage"]["easy"] for line in path.read_text().splitlines()]
    assert figures == pytest.approx(expected)


def test_arena_refuses_a_wrong_seat_count() -> None:
    with pytest.raises(SystemExit, match="needs 4 seats"):
        lab(["arena", "avissinia", "--seats", "easy,random", "--deals", "1"])


def test_confidence_interval_shrinks_with_more_samples() -> None:
    few = mean_ci([1.0, -1.0] * 5)
    many = mean_ci([1.0, -1.0] * 500)
    assert few[0] == many[0] == 0.0
    assert many[1] < few[1]


@pytest.mark.parametrize("game", ["avissinia", "avinas", "abyssinia"])
def test_simulate_prints_throughput(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["simulate", game, "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"throughput: [\d.]+ matches/s, \d+ rounds/s, \d+ actions/s", out), out


def test_terminal_play_against_the_computer(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["1", "not a move", "1", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert cli(["play", "avissinia", "--seed", "4", "--level", "easy"]) == 0
    out = capsys.readouterr().out
    assert "You are seat 0" in out and "Not a play or a command" in out
    assert "Centre" in out and "first to 61" in out and "Hand:" in out  # the table, in text


def oracle_at(level: str, game: Any, seat: int, seed: int) -> Any:
    """The lab's ``level`` in ``seat``, shown ``game`` as the arena shows an oracle."""
    op = make_opponent("avissinia", level, seat, seed)
    for truth in truths(op):
        truth.state = game
    return op


def test_the_hands_oracle_sees_every_hand_but_not_the_stock_order() -> None:
    """``oracle-hands`` (Avissinia): its worlds hold the true hands, piles and centre, and
    the true stock's cards in another order; setups a game lacks, or unknown ones, are
    refused by the arena."""
    from pygame_core import new_game
    from pygame_core.opponents.avissinia_playout import RankRound

    game = new_game("avissinia", seed=5)
    seat = game.current_player
    assert seat is not None
    oracle = oracle_at("oracle-hands", game, seat, 5)
    obs = game.observation(seat)
    run_to_end(oracle.read(obs))
    truth = RankRound.of_game(game)
    orders = set()
    for i in range(5):
        world = oracle.world(obs, random.Random(i))
        assert world.hands == truth.hands and world.piles == truth.piles
        assert sorted(world.stock) == sorted(truth.stock)
        orders.add(tuple(world.stock))
    assert len(orders) > 1
    with pytest.raises(SystemExit, match="unknown level 'oracle-hands' for avinas"):
        lab(["arena", "avinas", "--seats", "oracle-hands,medium,medium,medium", "--deals", "1"])
    with pytest.raises(SystemExit, match="unknown level"):
        lab(["arena", "avissinia", "--seats", "grandmaster,medium,medium,medium"])
    assert lab(["arena", "avissinia", "--seats", "hard-sir,medium,medium,medium",
                "--deals", "1", "--iterations", "2"]) == 0


def test_a_known_share_oracle_keeps_the_cards_it_knows_and_deals_the_rest() -> None:
    """``oracle-known-N`` (Avissinia): each hidden card is known or not for the whole deal;
    a world keeps every known card where it truly lies (its holder's hand, its place in the
    stock) and deals the unknown ones among the places they fill.  With every card known a
    world is the true state; with half or none, worlds differ."""
    from collections import Counter

    from benchmarks.lab.oracles import KnownShare
    from pygame_core import new_game
    from pygame_core.opponents.avissinia_playout import RankRound

    game = new_game("avissinia", seed=7)
    seat = game.current_player
    assert seat is not None
    others = [s for s in range(4) if s != seat]
    hidden = [card for s in others for card in game.hands[s]] + list(game.stock)
    obs = game.observation(seat)
    truth = RankRound.of_game(game)
    for percent in (0, 50, 100):
        oracle = oracle_at(f"oracle-known-{percent}", game, seat, 7)
        run_to_end(oracle.read(obs))
        sampler = oracle.setup.sampler
        assert isinstance(sampler, KnownShare)
        knows = sampler.knows
        known = sum(1 for card in hidden if knows(card))
        if percent == 0:
            assert known == 0
        elif percent == 100:
            assert known == len(hidden)
        else:
            assert 0.3 * len(hidden) < known < 0.7 * len(hidden)
        worlds = [oracle.world(obs, random.Random(i)) for i in range(6)]
        for world in worlds:
            assert world.hands[seat] == truth.hands[seat] and world.piles == truth.piles
            assert [len(h) for h in world.hands] == [len(h) for h in truth.hands]
            assert Counter(r for h in [*world.hands, world.stock] for r in h) == \
                Counter(r for h in [*truth.hands, truth.stock] for r in h)
            for s in others:  # the known cards of a hand are all in the world's hand
                held = Counter(card.rank for card in game.hands[s] if knows(card))
                assert not held - Counter(world.hands[s])
            assert all(world.stock[i] == card.rank
                       for i, card in enumerate(game.stock) if knows(card))
        distinct = {(tuple(map(tuple, w.hands)), tuple(w.stock)) for w in worlds}
        if percent == 100:
            assert distinct == {(tuple(map(tuple, truth.hands)), tuple(truth.stock))}
        else:
            assert len(distinct) > 1


def test_the_own_fitted_oracle_values_plays_in_the_true_state_by_its_own_sides_policy(
) -> None:
    """``oracle-own-fitted`` (Avissinia) searches the true state, and a play's value there
    is the round played out with its own side on the sighted fitted policy and the others
    on the sighted rule (hard-own-fitted's playouts), not the oracle's all-rule playout."""
    from pygame_core import new_game
    from pygame_core.opponents.avissinia import play_of
    from pygame_core.opponents.avissinia_playout import (
        RankRound,
        choose_sighted,
        choose_sighted_fitted,
        play_out,
        split_by_side,
    )

    differs = 0
    for seed in range(12):
        game = new_game("avissinia", seed=seed, partnership=seed % 2 == 1)
        players = [make_opponent("avissinia", "medium", s, seed) for s in range(4)]
        for _ in range(seed * 3):
            seat = game.current_player
            game.apply(players[seat].decide(game.observation(seat)))
        seat = game.current_player
        oracle = oracle_at("oracle-own-fitted", game, seat, seed)
        obs = game.observation(seat)
        run_to_end(oracle.read(obs))
        world = oracle.world(obs, random.Random(seed))
        truth = RankRound.of_game(game)
        assert (world.hands, world.piles, world.centre, world.stock) == (
            truth.hands, truth.piles, truth.centre, truth.stock)
        own = split_by_side(seat, choose_sighted_fitted, choose_sighted)
        for action in obs["legal"]:
            card, target = play_of(action)
            after = truth.copy()
            after.play(card.rank, target)
            rule = play_out(after.copy(), seat, choose_sighted)
            value = play_out(after, seat, own)
            assert oracle.action_value(world, action) == value
            differs += value != rule
    assert differs > 0


def test_the_half_oracles_see_only_in_their_half_of_the_round() -> None:
    """``oracle-first-half`` decides as the oracle while the stock is still to be dealt and
    as the oracle's search blind (hard-reading) once it is; ``oracle-second-half`` the
    other way round.  The arena's fixed budget reaches both searches."""
    from benchmarks.lab.oracles import HalfOracle, searches
    from pygame_core import new_game

    budget = Budget(iterations=8, seconds=None)

    def decisions(game: Any) -> dict[str, str]:
        seat = game.current_player
        out = {}
        for level, name in (("oracle", "oracle"), ("hard", "hard-reading"),
                            ("first", "oracle-first-half"), ("second", "oracle-second-half")):
            op = oracle_at(name, game, seat, 9)
            for search in searches(op):
                search.budget = budget
            out[level] = op.decide(game.observation(seat))
        return out

    game = new_game("avissinia", seed=9)
    medium = [make_opponent("avissinia", "medium", s, 9) for s in range(4)]
    differ = {"first": 0, "second": 0}  # positions where the oracle and hard disagree
    for _ in range(40):  # the first half and most of the second
        first_half = bool(game.stock)
        chosen = decisions(game)
        if chosen["oracle"] != chosen["hard"]:
            sighted, blind = ("first", "second") if first_half else ("second", "first")
            assert chosen[sighted] == chosen["oracle"] and chosen[blind] == chosen["hard"]
            differ["first" if first_half else "second"] += 1
        seat = game.current_player
        game.apply(medium[seat].decide(game.observation(seat)))
    assert differ["first"] and differ["second"]  # both halves told the two apart
    players = arena.seat_players("avissinia", ["oracle-second-half", "medium", "medium",
                                               "medium"], 9, None, {"oracle-second-half": 12})
    half = players[0]
    assert isinstance(half, HalfOracle)
    assert half.seeing.budget.iterations == half.blind.budget.iterations == 12


def test_the_oracles_of_avinas_and_abyssinia_play_on_the_true_cards() -> None:
    """Avinas's and Abyssinia's oracle: hard's search whose every world is the true table
    (a copy: the search's playouts leave the game as it was)."""
    from pygame_core import new_game

    for name in ("avinas", "abyssinia"):
        game = new_game(name, seed=5)
        seat = game.current_player
        assert seat is not None
        oracle = make_opponent(name, "oracle", seat, 5)
        [truth] = truths(oracle)
        truth.state = game
        obs = game.observation(seat)
        if name == "avinas":
            run_to_end(oracle.read(obs))
        world = oracle.world(obs, random.Random(1))
        assert world is not game and world.hands == game.hands
        if name == "abyssinia":
            assert world.pack == game.pack
        oracle.budget = Budget(iterations=3, seconds=None)
        assert oracle.decide(obs) in obs["legal"]
        assert game.observation(seat) == obs


def test_the_terminal_has_no_arena_and_makes_only_the_pages_levels(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m pygame_core arena`` is gone (the arena is the lab's); ``play --level``
    offers the page's three levels."""
    with pytest.raises(SystemExit):
        cli(["arena", "avissinia", "--seats", "easy,random,random,random"])
    assert "invalid choice: 'arena'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli(["play", "avissinia", "--level", "hard-2026"])


def test_arena_writes_each_deal_seeds_advantages(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--per-deal``: one JSON line a deal seed, each level's advantage on it, so that two
    runs on the same seeds can be paired; their mean is the printed advantage."""
    import json
    from pathlib import Path

    path = Path(str(tmp_path)) / "deals.jsonl"
    assert lab(["arena", "avissinia", "--seats", "easy,random,random,random", "--deals", "5",
                "--seed", "40", "--per-deal", str(path)]) == 0
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["seed"] for r in rows] == [40, 41, 42, 43, 44]
    easy = [r["advantage"]["easy"] for r in rows]
    assert easy == pytest.approx([-r["advantage"]["random"] for r in rows])
    mean, _ = advantage(capsys.readouterr().out, "easy")
    assert mean == pytest.approx(sum(easy) / len(easy), abs=0.006)


@pytest.mark.parametrize("common", [True, False])
def test_common_chance_gives_a_seat_the_same_worlds_whatever_level_sits_there(
    common: bool,
) -> None:
    """``--common-chance``: a seat's chance comes from the seat and the deal seed, not its
    level.  hard-cheap-buys and hard-2026 share a purchase search (they bet differently), so
    in the same seat of the same Abyssinia deal they then sample the same worlds: the same
    purchase, with the same figures, and their chance left in the same state.  By default
    each level has its own chance."""

    from pygame_core import new_game

    game = new_game("abyssinia", seed=5)
    seat = game.current_player
    obs = game.observation(seat)
    levels = ["hard-cheap-buys", "hard-2026", "hard-cheap-buys", "hard-2026"]
    hard = arena.seat_players("abyssinia", levels, 5, 30, None, common)[seat]
    old = arena.seat_players("abyssinia", levels[1:] + levels[:1], 5, 30, None, common)[seat]
    assert {hard.level, old.level} == {"hard-cheap-buys", "hard-2026"}
    assert hard.decide(obs) in obs["legal"] and old.decide(obs) in obs["legal"]
    assert (hard.rng.getstate() == old.rng.getstate()) is common
    assert (hard.explain() == old.explain()) is common



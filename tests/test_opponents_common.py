"""What every game's opponents share."""

from __future__ import annotations

from math import comb

import pytest

from pygame_core.opponents import chance_of_any, make_opponent


@pytest.mark.parametrize(
    ("unseen", "drawn", "good"), [(40, 18, 3), (10, 5, 1), (8, 8, 2), (30, 6, 0)]
)
def test_chance_of_any_is_the_hypergeometric_complement(unseen: int, drawn: int, good: int) -> None:
    exact = 1 - comb(unseen - good, drawn) / comb(unseen, drawn)
    assert chance_of_any(unseen, drawn, good) == pytest.approx(exact)


def test_unknown_level_and_game_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown opponent level"):
        make_opponent("avissinia", "grandmaster", 1, 1)
    with pytest.raises(ValueError, match="no opponents"):
        make_opponent("snap", "easy", 1, 1)


def test_without_the_lab_only_easy_medium_and_hard_can_be_made() -> None:
    """The package alone (a fresh interpreter that never imports the lab) makes exactly
    the page's three levels for each game: no baseline, research setup or oracle."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from pygame_core.opponents import make_opponent, setups\n"
        "for game in ('avissinia', 'avinas', 'abyssinia'):\n"
        "    print(game, sorted(setups(game)))\n"
        "    for level in ('random', 'hard-2026', 'hard-typed', 'oracle'):\n"
        "        try:\n"
        "            make_opponent(game, level, 1, 1)\n"
        "        except ValueError:\n"
        "            continue\n"
        "        print('made', game, level)\n"
        "print('lab loaded' if 'benchmarks' in sys.modules else 'lab not loaded')\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out == [
        "avissinia ['easy', 'hard', 'medium']",
        "avinas ['easy', 'hard', 'medium']",
        "abyssinia ['easy', 'hard', 'medium']",
        "lab not loaded",
    ]


def test_the_lab_adds_its_setups_by_registration_and_cannot_replace_the_pages() -> None:
    """``register_setup`` adds a setup under a new name (again: nothing changes); the
    page's levels, or a name taken by another setup, are refused."""
    from benchmarks.lab.setups import register
    from pygame_core.opponents import Opponent, register_setup, setups

    register()
    register()  # idempotent
    for game in ("avissinia", "avinas", "abyssinia"):
        assert {"easy", "medium", "hard", "random", "hard-2026", "oracle"} <= set(setups(game))
        assert make_opponent(game, "hard-2026", 1, 1).level == "hard-2026"
    with pytest.raises(ValueError, match="exists already"):
        register_setup("avinas", "hard", Opponent)
    with pytest.raises(ValueError, match="exists already"):
        register_setup("avinas", "random", lambda game, seat, seed: Opponent(game, seat, seed))


def test_thinking_for_a_time_searches_until_it_is_up_and_restores_the_budget() -> None:
    from pygame_core import new_game
    from pygame_core.opponents import SearchOpponent
    from pygame_core.opponents.search import PACE_SECONDS, Budget

    with pytest.raises(ValueError, match="positive"):
        Budget.for_seconds(0)
    assert PACE_SECONDS["instant"] < PACE_SECONDS["normal"] < PACE_SECONDS["slow"]
    game = new_game("avissinia", seed=3)
    seat = game.current_player
    assert seat is not None
    obs = game.observation(seat)
    hard = make_opponent("avissinia", "hard", seat, 3)
    assert isinstance(hard, SearchOpponent)
    fixed = hard.budget
    thinking = hard.think_for(obs, 0.05)
    slices = 0
    while True:
        try:
            next(thinking)
            slices += 1
        except StopIteration as done:
            choice = done.value
            break
    assert choice in obs["legal"]
    assert hard.budget == fixed
    assert hard.iterations > 0 and slices > 0
    # A heuristic level ignores the time: the same decision, at once.
    medium = make_opponent("avissinia", "medium", seat, 3)
    with pytest.raises(StopIteration) as at_once:
        next(medium.think_for(obs, 0.05))
    assert at_once.value.value == make_opponent("avissinia", "medium", seat, 3).decide(obs)


def test_racing_drops_a_candidate_clearly_behind_and_keeps_a_close_noisy_one() -> None:
    from pygame_core.opponents.search import race

    leader = [float(i % 5) for i in range(24)]
    values = {
        "steady loser": [x - 0.2 for x in leader],  # always a little behind: clearly worse
        "leader": leader,
        "noisy": [x + (1.0 if i % 2 else -1.3) for i, x in enumerate(leader)],  # in doubt
    }
    assert race(list(values), values, 3.0) == ["leader", "noisy"]
    assert race(["noisy", "leader"], values, 3.0) == ["noisy", "leader"]  # order kept


def test_a_racing_search_stops_once_one_candidate_is_left() -> None:
    import random

    from pygame_core.opponents.search import RACE_START, Budget, pimc
    from pygame_core.slices import run_to_end

    rng = random.Random(3)
    offsets = {"best": 0.0, "worse": -3.0, "worst": -5.0}

    def score(world: float, action: str) -> float:
        return world + offsets[action] + rng.gauss(0, 0.5)

    budget = Budget(iterations=200, seconds=None)
    best, means, worlds, playouts = run_to_end(
        pimc(list(offsets), lambda: rng.uniform(-10, 10), score, budget, race_z=3.0))
    assert best == "best" and worlds == RACE_START and playouts == 3 * RACE_START
    assert means["worst"] < means["worse"] < means["best"]
    best, _, worlds, playouts = run_to_end(
        pimc(list(offsets), lambda: rng.uniform(-10, 10), score, budget))
    assert best == "best" and worlds == 200 and playouts == 600  # no racing: every world

#!/usr/bin/env python3
"""The hard search's speed under CPython: playouts per second, and the iterations (worlds)
it completes per decision at each of the page's paces when it thinks for a time budget.

Plays ``--deals`` deals of each game with medium opponents; at each of seat 0's decisions
the hard level (and ``hard-2026``, the baseline) decides once per pace with
``think_for(obs, PACE_SECONDS[pace])``, and once at its fixed iterations.

    python3 -m benchmarks.lab.opponents_cpython [--games avissinia,avinas,abyssinia] [--deals 1]
        [--levels hard-2026,hard]

Not a test: it prints figures.  The machine is shared and noisy: read them as rough.
"""

from __future__ import annotations

import argparse
import statistics
import time

from pygame_core import new_game
from pygame_core.opponents import SearchOpponent, make_opponent
from pygame_core.opponents.search import PACE_SECONDS

from .setups import register

register()  # hard-2026, the baseline


def positions(game_name: str, deals: int, seed: int) -> list[dict[str, object]]:
    """Seat 0's observations where it had a choice, in games medium players played."""
    out = []
    for d in range(deals):
        options = {"players": 4} if game_name == "abyssinia" else {}
        game = new_game(game_name, seed=seed + d, **options)
        players = [make_opponent(game_name, "medium", s, seed) for s in range(game.num_players)]
        while game.deals_finished < 1 and not game.is_over:
            seat = game.current_player
            obs = game.observation(seat)
            if seat == 0 and len(obs["legal"]) > 1:
                out.append(obs)
            game.apply(players[seat].decide(obs))
    return out


def measure(game_name: str, level: str, obs_list: list[dict[str, object]],
            seconds: float | None) -> tuple[float, float, float]:
    """(median iterations per decision, median decision ms, playouts per second)."""
    iterations, times = [], []
    playouts = 0
    spent = 0.0
    for obs in obs_list:
        op = make_opponent(game_name, level, 0, 1)
        assert isinstance(op, SearchOpponent)
        thinking = op.think_for(obs, seconds) if seconds else op.think(obs)
        started = time.perf_counter()
        while True:
            try:
                next(thinking)
            except StopIteration:
                break
        elapsed = time.perf_counter() - started
        if op.iterations:  # a searched decision, not an obvious one
            iterations.append(op.iterations)
            times.append(elapsed)
            playouts += op.playouts
            spent += elapsed
    if not times:
        return 0.0, 0.0, 0.0
    return statistics.median(iterations), statistics.median(times) * 1000, playouts / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="avissinia,avinas,abyssinia")
    parser.add_argument("--deals", type=int, default=1)
    parser.add_argument("--seed", type=int, default=900)
    parser.add_argument("--levels", default="hard-2026,hard", help="search levels, by commas")
    args = parser.parse_args()
    for game_name in args.games.split(","):
        obs_list = positions(game_name, args.deals, args.seed)
        print(f"{game_name}: {len(obs_list)} decisions of seat 0")
        for level in args.levels.split(","):
            paces: list[tuple[str, float | None]] = [("fixed", None), *PACE_SECONDS.items()]
            for pace, seconds in paces:
                its, ms, rate = measure(game_name, level, obs_list, seconds)
                print(f"  {level:17} {pace:7}: median {its:6.0f} iterations, "
                      f"{ms:6.1f} ms a decision; {rate:7.0f} playouts/s")


if __name__ == "__main__":
    main()

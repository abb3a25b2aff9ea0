"""How long the review of one deal takes under CPython, per game.

Plays each game medium against medium (seat 0 included) until the first deal, round or
hand is finished, then reviews seat 0's decisions in it and prints the time per deal and
per decision, the slices it yielded, the longest slice, and what it marked.

    python benchmarks/review_timing.py [--deals 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

from pygame_core import new_game
from pygame_core.opponents import make_opponent
from pygame_core.review import review
from pygame_core.session.replay_review import table_words

CASES: list[tuple[str, dict[str, Any]]] = [
    ("avissinia", {}), ("avinas", {}), ("abyssinia", {"players": 4}),
    ("abyssinia", {"players": 8}),
]


def one_deal(name: str, options: dict[str, Any], seed: int) -> Any:
    game = new_game(name, seed=seed, **options)
    players = [make_opponent(name, "medium", s, seed) for s in range(game.num_players)]
    while not game.is_over and game.deals_finished == 0:
        seat = game.current_player
        game.apply(players[seat].decide(game.observation(seat)))
    return game


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3)
    args = parser.parse_args(argv)
    print("review of seat 0's first deal by the coach's analysis, CPython")
    print(f"{'game':<22}{'s/deal':>8}{'decisions':>11}{'ms/dec':>8}{'slices':>8}"
          f"{'max slice ms':>14}{'marked':>8}")
    for name, options in CASES:
        totals, decisions, slices, longest, marked = [], [], [], [], []
        for seed in range(1, args.deals + 1):
            game = one_deal(name, options, seed)
            thinking = review(game, 0, deal=0,
                              narrate=table_words(game.NAME, game.num_players))
            count, worst = 0, 0.0
            started = time.perf_counter()
            while True:
                tick = time.perf_counter()
                try:
                    next(thinking)
                except StopIteration as done:
                    result = done.value
                    break
                count += 1
                worst = max(worst, time.perf_counter() - tick)
            totals.append(time.perf_counter() - started)
            decisions.append(len(result.decisions))
            slices.append(count)
            longest.append(worst)
            marked.append(len(result.marked))
            for line in result.lines(1):
                print(f"    {name} seed {seed}: {line}")
        label = name + "".join(f" {k}={v}" for k, v in options.items())
        per = sum(totals) / max(1, sum(decisions))
        print(f"{label:<22}{statistics.median(totals):>8.2f}{statistics.median(decisions):>11.0f}"
              f"{per * 1000:>8.0f}{statistics.median(slices):>8.0f}"
              f"{max(longest) * 1000:>14.1f}{sum(marked):>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

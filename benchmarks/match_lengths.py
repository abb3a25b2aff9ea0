"""How long a match runs, in moves and in the human's decisions, with easy computer
players in every seat: the figures behind the start screen's time estimates.

    python3 -m benchmarks.match_lengths [--matches N]

Prints medians (the computer's moves are paced on the page: Normal waits 0.8 s each).
"""

from __future__ import annotations

import argparse
import statistics
from typing import Any

from pygame_core import new_game
from pygame_core.opponents import make_opponent

SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("avissinia", {}), ("avinas", {}), ("abyssinia", {"chips": 41}),
    ("abyssinia", {"chips": 100}),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=10)
    args = parser.parse_args()
    for name, options in SETUPS:
        moves, mine = [], []
        for seed in range(args.matches):
            game = new_game(name, seed=seed, **options)
            players = {s: make_opponent(name, "easy", s, seed) for s in range(game.num_players)}
            decisions = 0
            while not game.is_over:
                seat = game.current_player
                assert seat is not None
                decisions += seat == 0
                game.apply(players[seat].decide(game.observation(seat)))
            moves.append(len(game.history))
            mine.append(decisions)
        print(f"{name} {options or ''}: median {statistics.median(moves):.0f} moves, "
              f"{statistics.median(mine):.0f} of them seat 0's, over {args.matches} matches")


if __name__ == "__main__":
    main()

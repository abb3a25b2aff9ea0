"""How long a replay link is for a whole match of each game (goal: well under 2,000).

Plays whole matches over a range of seeds and prints, per setup, the match's deals and
moves and the length of the link's whole fragment (everything after ``#``: ``replay=``
and the code), median and largest, with the time to decode the longest; beside it the
same link in format version 1 (mixed radix) and with the log as one byte per action
index through the standard library's deflate and lzma (medians).

Seats: ``medium`` (every seat medium, the default), ``easy`` (every seat easy), or
``human`` (seat 0 a stand-in for a person: the medium level's move four times in five,
else a random legal move; the other seats medium).  The version-2 coder predicts with a
frozen copy of the medium and easy judgement, so all-medium and all-easy matches are its
best case; ``human`` shows what a player who often does something else costs.

    python benchmarks/replay_links.py [--seeds 10] [--first-seed 1] [--seats medium]
                                      [--only abyssinia] [--players 6,8] [--each]

Measured 2026-12-02 (format 2; characters of the fragment, median / largest; v1 the same
matches in format 1).  The machine was heavily shared, so the Abyssinia setups with 4 to
8 players have fewer seeds than asked (a whole match of medium players is about 1,000 to
1,500 deals there and took minutes each):

    seats medium                 seeds  deals   link       v1          decode (longest)
    avissinia                       10      6    91 / 101  124 / 133    0.04 s
    avissinia partnership           10      4    98 / 117  117 / 130    0.04 s
    avinas                          10     36   266 / 341  281 / 361    0.10 s
    abyssinia players=2             10    217    62 / 63   674 / 1851   0.76 s
    abyssinia players=4              2   1328    62 / 62  4379 / 4851   2.05 s (21,567 moves)
    abyssinia players=6              2   1891    88 / 89  6117 / 8557   4.08 s (38,145 moves)
    abyssinia players=8              1   2629   101       9533          4.29 s (41,982 moves)
    seats human (seat 0 strays one move in five)
    avissinia                       10      6    90 / 107  118 / 147
    avissinia partnership           10      4   102 / 110  117 / 118
    avinas                          10     27   206 / 343  218 / 359
    abyssinia players=2             10     85   121 / 185  292 / 502
    abyssinia players=4              4   1004   100 / 157 3147 / 4481   1.82 s

Decode times are CPU seconds under CPython 3.11 (Pyodide is about 2 to 3 times slower).
Players the predictor does not foresee cost nearly what format 1 did: 60 deals of
Abyssinia with four hard players took 401 characters (format 1: 422), with one medium
and three hard 330 (433), about 5 to 6 characters a deal.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Any

from pygame_core import new_game
from pygame_core.opponents import make_opponent
from pygame_core.replay import decode, encode, link_lengths

CASES: list[tuple[str, dict[str, Any]]] = [
    ("avissinia", {}),
    ("avissinia", {"partnership": True}),
    ("avinas", {}),
    ("abyssinia", {"players": 2}),
    ("abyssinia", {"players": 4}),
    ("abyssinia", {"players": 6}),
    ("abyssinia", {"players": 8}),
]
HUMAN_STRAYS = 0.2  # how often the stand-in for a person plays a random legal move


def full_match(name: str, options: dict[str, Any], seed: int, seats: str) -> Any:
    game = new_game(name, seed=seed, **options)
    level = "easy" if seats == "easy" else "medium"
    players = [make_opponent(name, level, s, seed) for s in range(game.num_players)]
    rng = random.Random(f"human/{seed}")
    while not game.is_over:
        seat = game.current_player
        if seats == "human" and seat == 0 and rng.random() < HUMAN_STRAYS:
            game.apply(rng.choice(game.legal_actions()))
        else:
            game.apply(players[seat].decide(game.observation(seat)))
    return game


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--seats", choices=("medium", "easy", "human"), default="medium")
    parser.add_argument("--only", help="only the setups of this game")
    parser.add_argument("--players", help="Abyssinia only with these numbers of players (2,4)")
    parser.add_argument("--each", action="store_true", help="print every match too")
    args = parser.parse_args(argv)
    print(f"whole matches, seats {args.seats}, seeds {args.first_seed}..."
          f"{args.first_seed + args.seeds - 1}; characters of the fragment after '#'")
    print(f"{'setup':<28}{'deals':>7}{'moves':>8}{'link':>7}{'max':>7}{'decode s':>9}"
          f"{'v1':>8}{'v1 max':>8}{'deflate':>9}{'lzma':>8}", flush=True)
    for name, options in CASES:
        if args.only and name != args.only:
            continue
        if args.players and options.get("players") not in {
                int(n) for n in args.players.split(",")}:
            continue
        rows = []
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            game = full_match(name, options, seed, args.seats)
            link = encode(game)
            started = time.process_time()
            assert decode(link).actions == tuple(game.history)  # the benchmark checks itself
            rows.append({**link_lengths(game, link), "deals": game.deals_finished,
                         "decode": time.process_time() - started})
            if args.each:
                print(f"  seed {seed}: " + ", ".join(
                    f"{k} {v:.2f}" if isinstance(v, float) else f"{k} {v}"
                    for k, v in rows[-1].items()), flush=True)
        label = name + "".join(f" {k}={v}" for k, v in options.items())

        def med(key: str, rows: list[dict[str, Any]] = rows) -> float:
            return statistics.median(r[key] for r in rows)

        longest = max(rows, key=lambda r: r["actions"])
        print(f"{label:<28}{med('deals'):>7.0f}{med('actions'):>8.0f}{med('link'):>7.0f}"
              f"{max(r['link'] for r in rows):>7}{longest['decode']:>9.2f}"
              f"{med('v1'):>8.0f}{max(r['v1'] for r in rows):>8}"
              f"{med('bytes_deflated'):>9.0f}{med('bytes_lzma'):>8.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

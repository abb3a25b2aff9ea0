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

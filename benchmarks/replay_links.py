"""How long a replay link is for a whole match of each game (goal: well under 2,000).

Plays full matches medium against medium over a range of seeds and prints, per game, the
match's deals and moves, the link's length in characters (median and largest), per deal,
and to the end of the 50th deal (the whole match if shorter), beside two other packings
of the whole log: one varint byte per action index, with and without deflate (medians).

    python benchmarks/replay_links.py [--seeds 10] [--first-seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from typing import Any

from pygame_core import new_game
from pygame_core.opponents import make_opponent
from pygame_core.replay import Replay, ReplayStepper, decode, encode, link_lengths

SESSION_DEALS = 50  # a long sitting at the table: the link to the end of the 50th deal

CASES: list[tuple[str, dict[str, Any]]] = [
    ("avissinia", {}),
    ("avissinia", {"partnership": True}),
    ("avinas", {}),
    ("abyssinia", {"players": 4}),
    ("abyssinia", {"players": 8}),
]


def full_match(name: str, options: dict[str, Any], seed: int) -> Any:
    game = new_game(name, seed=seed, **options)
    players = [make_opponent(name, "medium", s, seed) for s in range(game.num_players)]
    while not game.is_over:
        seat = game.current_player
        game.apply(players[seat].decide(game.observation(seat)))
    return game


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"full matches, medium v medium, seeds {args.first_seed}..."
          f"{args.first_seed + args.seeds - 1} (characters of base64url after 'replay=')")
    print(f"{'game':<28}{'deals':>7}{'moves':>8}{'link':>8}{'max':>7}{'per deal':>9}{'50 deals':>9}"
          f"{'varint':>9}{'varint+deflate':>16}")
    for name, options in CASES:
        rows = []
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            game = full_match(name, options, seed)
            link = encode(game)
            assert decode(link).actions == tuple(game.history)  # the benchmark checks itself
            starts = ReplayStepper(game).deal_starts
            end = starts[SESSION_DEALS] if len(starts) > SESSION_DEALS else len(game.history)
            session = len(encode(Replay.of(game).up_to(end)))
            rows.append({**link_lengths(game), "deals": game.deals_finished, "session": session})
        label = name + "".join(f" {k}={v}" for k, v in options.items())

        def med(key: str, rows: list[dict[str, int]] = rows) -> float:
            return statistics.median(r[key] for r in rows)

        per_deal = sum(r["link"] for r in rows) / sum(r["deals"] for r in rows)
        print(f"{label:<28}{med('deals'):>7.0f}{med('actions'):>8.0f}{med('link'):>8.0f}"
              f"{max(r['link'] for r in rows):>7}{per_deal:>9.1f}"
              f"{med('session'):>9.0f}{med('varint_log'):>9.0f}"
              f"{med('varint_log_deflated'):>16.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

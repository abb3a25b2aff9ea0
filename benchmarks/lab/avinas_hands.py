#!/usr/bin/env python3
"""An Avinas head-to-head broken down by the kind of hand (where one level loses to another).

    python3 -m benchmarks.lab.avinas_hands A B --seed 50000 --deals 500 [--iterations 60]
        [--level-iterations hard=754,hard-2026=60] [--per-deal F.jsonl]

Plays each deal seed in the two seatings the arena plays for ``A,B,A,B`` (its other two
rotations repeat them), so A's advantage on a seed is the arena's, deal for deal.  Prints A's
advantage per deal over all the seeds and by the kind of hand: a sevens hand without a
knock (the deal fixes the declarer and the trump, so only the card play is decided), a
sevens hand with a knock, and a no-sevens hand (bids, the declarer's play, stopping); then,
for the sevens hands without a knock, how often each level's side made its 61 when it
declared.  ``--per-deal`` writes the arena's per-deal lines (``benchmarks/lab/arena_pairs.py``
pairs them).

Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from typing import Any

from pygame_core import new_game

from .arena import (
    mean_ci,
    parse_level_iterations,
    per_deal_line,
    play,
    seat_players,
)


def kind_of(records: list[dict[str, Any]]) -> str:
    """The kind of the deal seed's hand, from its records in the two seatings."""
    if records[0]["kind"] != "sevens":
        return "no sevens"
    if any(r.get("knock") is not None for r in records):
        return "sevens, a knock"
    return "sevens, no knock"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--seed", type=int, default=50000)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--level-iterations", default=None)
    parser.add_argument("--per-deal", default=None, metavar="PATH")
    args = parser.parse_args()
    seatings = ([args.a, args.b, args.a, args.b], [args.b, args.a, args.b, args.a])
    fixed = parse_level_iterations(args.level_iterations, seatings[0])
    by_kind: dict[str, list[float]] = defaultdict(list)
    declared: dict[str, list[float]] = defaultdict(list)  # level -> made it (1) or not (0)
    times: dict[str, list[float]] = defaultdict(list)
    out = open(args.per_deal, "w") if args.per_deal else None  # noqa: SIM115
    for seed in range(args.seed, args.seed + args.deals):
        advantage, records = 0.0, []
        for seats in seatings:
            game = new_game("avinas", seed=seed)
            play(game, seat_players("avinas", seats, seed, args.iterations, fixed), times, 1)
            side = seats.index(args.a) % 2
            advantage += game.deal_result()[side]
            records.append((seats, game.hand_records[-1]))
        kind = kind_of([r for _, r in records])
        by_kind[kind].append(advantage)
        by_kind["all"].append(advantage)
        if kind == "sevens, no knock":
            for seats, record in records:
                declared[seats[record["declarer"]]].append(float(record["declarer_won"]))
        if out is not None:
            out.write(per_deal_line(seed, {args.a: advantage, args.b: 0.0 - advantage}))  # not -0.0
            out.flush()
    if out is not None:
        out.close()
    print(f"avinas: {args.a} against {args.b}, deal seeds {args.seed}-"
          f"{args.seed + args.deals - 1}; {args.a}'s advantage per deal:")
    for kind in ("all", "sevens, no knock", "sevens, a knock", "no sevens"):
        values = by_kind.get(kind, [])
        if values:
            mean, ci = mean_ci(values)
            print(f"  {kind:17} {len(values):5} deal seeds  {mean:+.2f} ± {ci:.2f}")
    print("sevens hands without a knock: the declaring side made its 61")
    for level in (args.a, args.b):
        if declared[level]:
            mean, ci = mean_ci(declared[level])
            print(f"  when {level} declared: {mean:.1%} ± {ci:.1%} of {len(declared[level])}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""What the Avinas endgame solver costs, by the number of tricks left.

    python3 -m benchmarks.lab.avinas_solver [--positions 30] [--most 6] [--tie-break 0.01]

Plays hands with the quick policy (deal seeds 0 onwards) and, in each, solves one position
with the given number of tricks left (at a random card of the first of them).  Prints, for
3 tricks left up to ``--most``, the median and the longest time of a solve and the median
and the largest number of positions visited.  Not a test: it prints figures (CPython).
"""

from __future__ import annotations

import argparse
import random
import time

from pygame_core.avinas import PLAY, TRICKS, Avinas, AvinasOptions
from pygame_core.opponents.avinas import _quick_action
from pygame_core.opponents.avinas_solver import Solver


def position(seed: int, tricks_left: int) -> Avinas | None:
    """A hand of deal seed ``seed`` played by the quick policy until ``tricks_left`` tricks
    remain, at a random card of the first of them (None if the hand ends before)."""
    world = Avinas(AvinasOptions(), seed)
    world.narrate, world.deal_next_hand = False, False
    rng = random.Random(seed)
    while not world.hand_records:
        if (world.phase == PLAY and world.trump is not None
                and world.trick_number >= TRICKS + 1 - tricks_left and rng.random() < 0.5):
            return world
        world._apply(_quick_action(world))
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--most", type=int, default=6)
    parser.add_argument("--tie-break", type=float, default=0.01)
    args = parser.parse_args()
    print("tricks left  positions  solve: median, longest   positions visited: median, most")
    for left in range(3, args.most + 1):
        times, nodes = [], []
        for seed in range(args.positions):
            world = position(seed, left)
            if world is None:
                continue
            solver = Solver(world, world.player, args.tie_break)
            start = time.perf_counter()
            solver.value()
            times.append(time.perf_counter() - start)
            nodes.append(solver.nodes)
        times.sort()
        nodes.sort()
        print(f"{left:11d}  {len(times):9d}  {times[len(times) // 2] * 1000:8.1f} ms, "
              f"{times[-1] * 1000:7.1f} ms   {nodes[len(nodes) // 2]:18,d}, {nodes[-1]:,d}")


if __name__ == "__main__":
    main()

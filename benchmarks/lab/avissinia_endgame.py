#!/usr/bin/env python3
"""What an exact endgame could add to Avissinia's playouts, with every card known.

    python3 -m benchmarks.lab.avissinia_endgame [--cards 1 2 3] [--positions 300]

Plays rounds with the playouts' sighted rule (deal seeds 0 onwards, individual game) until
every hand holds ``--cards`` cards in the second half, then compares, for the seat to
move, three ways of playing the rest of the round while the other seats keep to the rule:

- the rule itself (what hard's playouts do after the first play);
- rollout improvement: at each of its turns the seat plays every move out by the rule and
  makes the best (``rollout_improved``: what the search does at every decision in the true
  state, the oracle);
- best response: the seat's exact best play against the rule (``best_response``, what
  ``hard-endgame``'s playouts end with).

Prints the mean gain of the last two over the rule (points of margin a round).  The Avinas
solver paid because Avinas's quick rule leaves much on the table at the end; if rollout
improvement already makes most of the best response, an Avissinia solver has little to
add.  Not a test: it prints figures (CPython).
"""

from __future__ import annotations

import argparse
import statistics

from pygame_core import new_game
from pygame_core.avissinia import Avissinia
from pygame_core.opponents.avissinia_playout import RankRound, choose_sighted, play_out

from .setups.avissinia import best_response, rollout_improved


def position(seed: int, cards: int) -> RankRound:
    """Deal seed ``seed`` played by the rule until every hand holds ``cards`` cards in the
    second half."""
    game = new_game("avissinia", seed=seed)
    assert isinstance(game, Avissinia)
    state = RankRound.of_game(game)
    while state.stock or any(len(hand) != cards for hand in state.hands):
        state.play(*choose_sighted(state))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--positions", type=int, default=300)
    args = parser.parse_args()
    for cards in args.cards:
        improved, best = [], []
        for seed in range(args.positions):
            state = position(seed, cards)
            seat = state.player
            rule = play_out(state.copy(), seat, choose_sighted)
            improved.append(rollout_improved(state.copy(), seat, choose_sighted) - rule)
            best.append(best_response(state.copy(), seat, choose_sighted) - rule)
        print(f"{cards} cards each, {args.positions} positions: rollout improvement "
              f"{statistics.fmean(improved):+.2f}, best response {statistics.fmean(best):+.2f} "
              f"points of margin over the rule")


if __name__ == "__main__":
    main()

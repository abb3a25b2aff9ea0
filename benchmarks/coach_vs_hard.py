#!/usr/bin/env python3
"""Is the coach's hint weaker than hard?  Where they differ, a deeper judge decides.

Plays first deals medium against medium (seeds FIRST to LAST - 1); at each decision of
seat 0 asks hard (``think_for`` the Normal pace's 0.7 s, under CPython) and the coach (its
analysis's best).  Where they choose differently, a judge, the same analysis at
``--deals`` worlds with another seed and no racing, scores both plays; prints how often
they agree and the judge's mean difference (coach minus hard) with its standard error.
Avissinia and Avinas (Abyssinia's hard decides by another path than the coach's scores).

    python benchmarks/coach_vs_hard.py avissinia --deals 1500 --seeds 1 9

Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pygame_core import new_game
from pygame_core.coach import analysis_work, coach_of
from pygame_core.coach.analysis import SearchScorer, analyse
from pygame_core.opponents import make_opponent
from pygame_core.slices import run_to_end


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["avissinia", "avinas"])
    parser.add_argument("--deals", type=int, default=1000, help="the judge's worlds")
    parser.add_argument("--seeds", type=int, nargs=2, default=(1, 9), metavar=("FIRST", "LAST"))
    args = parser.parse_args()
    name = args.game
    coach: Any = coach_of(name)
    judge = SearchScorer(name, args.deals, None, coach.candidates, coach.SCORER.unit)
    agree, diffs = 0, []
    for seed in range(*args.seeds):
        game = new_game(name, seed=seed)
        players = [make_opponent(name, "medium", s, seed) for s in range(game.num_players)]
        while game.deals_finished == 0:
            seat = game.current_player
            assert seat is not None
            obs = game.observation(seat)
            if seat == 0 and len(obs["legal"]) > 1:
                hard = make_opponent(name, "hard", 0, seed)
                chosen = run_to_end(hard.think_for(obs, 0.7))
                best = run_to_end(analysis_work(name, obs)).best
                if coach.candidates(obs)[1].get(chosen, chosen) == best:
                    agree += 1
                else:  # another seed for the judge: the position with a mark of its own
                    judged = run_to_end(analyse(name, {**obs, "judge": seed}, judge, chosen))
                    diffs.append(judged.mean(best) - judged.mean(chosen))
            game.apply(players[seat].decide(obs))
    mean = statistics.fmean(diffs) if diffs else 0.0
    error = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.nan
    print(f"{name}: {agree + len(diffs)} decisions, coach and hard agree on {agree}; where "
          f"they differ ({len(diffs)}), the judge ({args.deals} worlds) rates the coach's "
          f"play {mean:+.2f} ± {error:.2f} {coach.SCORER.unit} over hard's (mean ± SE)")


if __name__ == "__main__":
    main()

"""The arena: opponents measured against each other on duplicate deals.

    python3 -m benchmarks.lab arena GAME --seats hard,medium,medium,medium --deals N
        [--matches M] [--players P] [--seed S] [--iterations K]
        [--level-iterations hard=240,hard-2026=60] [--common-chance]

Each deal seed is played once per rotation of the seats (every level sits in every seat,
and in Avinas each level plays for both partnerships), so the luck of the cards cancels.
For each level the arena prints its advantage per deal (its seats' mean result minus the
other seats' mean, with a 95% confidence interval over the deal seeds), its share of the
points, its match wins when ``--matches`` is given, and its decision times.

Any setup the lab registers can sit (``setups``): the page's easy, medium and hard,
``random``, ``hard-2026`` (the baseline), the research setups and the oracles (``oracles``:
the hard search dealt the true cards, a ceiling for measuring hard).

``--common-chance`` gives each seat the same chance in every rotation, whatever level sits
there (common random numbers), so two levels that share a search differ in a head-to-head
only where their decisions do.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections import defaultdict
from typing import Any

from pygame_core import new_game
from pygame_core.opponents import Opponent, SearchOpponent, make_opponent, setups
from pygame_core.opponents.search import Budget
from pygame_core.registry import SPECS

from .oracles import searches, truths
from .setups import register

register()  # every level a recorded run names can be made


def seat_players(
    game_name: str, levels: list[str], seed: int, iterations: int | None,
    level_iterations: dict[str, int] | None = None, common_chance: bool = False,
) -> list[Opponent]:
    """The players for one game.  With ``common_chance`` each seat's chance (its sampled
    worlds) comes from the seat and the deal seed alone, not from its level: two levels that
    share a search then sample the same worlds in the same seat of the same deal, and differ
    only where their decisions differ (common random numbers: a paired comparison of close
    levels needs far fewer deals)."""
    players: list[Opponent] = []
    for seat, level in enumerate(levels):
        op = make_opponent(game_name, level, seat, seed)
        fixed = (level_iterations or {}).get(level, iterations)
        targets: list[Opponent] = [*searches(op)] or [op]
        for target in targets:
            if fixed is not None and isinstance(target, SearchOpponent):
                target.budget = Budget(iterations=fixed, seconds=None)
            if common_chance:
                target.rng = random.Random(f"{game_name}/seat/{seat}/{seed}")
        players.append(op)
    return players


def play(
    game: Any, players: list[Opponent], times: dict[str, list[float]], until_deals: int | None
) -> None:
    """Play until the match ends, or until ``until_deals`` deals are finished."""
    while not game.is_over and (until_deals is None or game.deals_finished < until_deals):
        seat = game.current_player
        op = players[seat]
        for truth in truths(op):
            truth.state = game
        started = time.perf_counter()
        action = op.decide(game.observation(seat))
        times[op.level].append(time.perf_counter() - started)
        game.apply(action)


def parse_level_iterations(text: str | None, levels: list[str]) -> dict[str, int]:
    """``hard=240,hard-2026=60``: fixed iterations for some levels (e.g. each at the
    iterations it completes on the page at a pace, measured by the browser benchmark)."""
    out: dict[str, int] = {}
    for item in filter(None, (text or "").split(",")):
        level, _, count = item.partition("=")
        if level not in levels or not count.isdigit() or int(count) < 1:
            raise SystemExit(f"--level-iterations: expected LEVEL=COUNT for a seated level, "
                             f"got {item!r}")
        out[level] = int(count)
    return out


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval."""
    if len(values) < 2:
        return (values[0] if values else 0.0), float("inf")
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def per_deal_line(seed: int, advantages: dict[str, float]) -> str:
    """One deal seed's advantages by level as a ``--per-deal`` line (what
    ``benchmarks/lab/arena_pairs.py`` reads)."""
    return json.dumps({"seed": seed, "advantage": advantages}) + "\n"


def rotations(game: Any) -> int:
    return int(game.num_players)


class Table:
    """One arena table: its levels by seat, their budgets and chance, played deal seed by
    deal seed in every rotation of the seats."""

    def __init__(self, game: str, levels: list[str], options: dict[str, Any],
                 iterations: int | None, level_iterations: dict[str, int],
                 common_chance: bool, times: dict[str, list[float]] | None = None) -> None:
        self.game = game
        self.levels = levels
        self.options = options
        self.iterations = iterations
        self.level_iterations = level_iterations
        self.common_chance = common_chance
        self.times: dict[str, list[float]] = defaultdict(list) if times is None else times

    def rotated(self, r: int) -> list[str]:
        levels = self.levels
        return levels[-r:] + levels[:-r] if r else list(levels)

    def players(self, seats: list[str], seed: int) -> list[Opponent]:
        return seat_players(self.game, seats, seed, self.iterations, self.level_iterations,
                            self.common_chance)

    def deal_seed(self, seed: int, totals: dict[str, float] | None = None
                  ) -> dict[str, float]:
        """Each level's advantage on deal ``seed`` over every rotation (its seats' mean
        result minus the other seats' mean); each seat's result added to ``totals``."""
        per_level: dict[str, list[float]] = defaultdict(list)
        seen: dict[tuple[str, ...], list[float]] = {}
        n_rot = len(self.levels)
        for r in range(n_rot):
            seats = self.rotated(r)
            # A rotation that seats every level where an earlier one did (hard,hard-2026
            # alternating, rotated by two) replays the same game move for move: its
            # result is reused, which halves a head-to-head's time.
            result = seen.get(tuple(seats))
            if result is None:
                game = new_game(self.game, seed=seed, **self.options)
                play(game, self.players(seats, seed), self.times, game.deals_finished + 1)
                result = seen[tuple(seats)] = list(game.deal_result())
            for seat, level in enumerate(seats):
                per_level[level].append(result[seat])
                if totals is not None:
                    totals[level] += result[seat]
        out = {}
        for level in sorted(per_level, key=self.levels.index):
            others = [x for lv, xs in per_level.items() if lv != level for x in xs]
            mine = statistics.fmean(per_level[level])
            out[level] = mine - (statistics.fmean(others) if others else 0.0)
        return out


def run(args: argparse.Namespace) -> None:
    levels = args.seats.split(",")
    known = setups(args.game)
    for level in levels:
        if level not in known:
            raise SystemExit(f"unknown level {level!r} for {args.game} "
                             f"(levels: {', '.join(known)})")
    players_option = SPECS[args.game].players_option
    options: dict[str, Any] = {players_option: len(levels)} if players_option else {}
    probe = new_game(args.game, seed=0, **options)
    if len(levels) != probe.num_players:
        raise SystemExit(f"{args.game} needs {probe.num_players} seats, got {len(levels)}")
    distinct = sorted(set(levels), key=levels.index)
    fixed_iterations = parse_level_iterations(args.level_iterations, levels)
    advantage: dict[str, list[float]] = defaultdict(list)
    totals: dict[str, float] = defaultdict(float)
    wins: dict[str, list[float]] = defaultdict(list)
    times: dict[str, list[float]] = defaultdict(list)
    table = Table(args.game, levels, options, args.iterations, fixed_iterations,
                  args.common_chance, times)
    n_rot = rotations(probe)
    rotated = table.rotated
    per_deal = open(args.per_deal, "w") if args.per_deal else None  # noqa: SIM115
    started = time.perf_counter()
    for i in range(args.deals):
        seed = args.seed + i
        deal_advantage = table.deal_seed(seed, totals)
        for level in distinct:
            advantage[level].append(deal_advantage[level])
        if per_deal is not None:  # one line a deal seed: for paired comparisons between runs
            per_deal.write(per_deal_line(seed, deal_advantage))
            per_deal.flush()
    for i in range(args.matches):
        seed = args.seed + 1_000_000 + i
        for r in range(n_rot):
            seats = rotated(r)
            game = new_game(args.game, seed=seed, **options)
            play(game, table.players(seats, seed), times, None)
            won = set(game.winners)
            for level in distinct:
                my_seats = {s for s, lv in enumerate(seats) if lv == level}
                wins[level].append(1.0 if won & my_seats else 0.0)
    elapsed = time.perf_counter() - started
    if per_deal is not None:
        per_deal.close()

    grand = sum(abs(v) for v in totals.values()) or 1.0
    print(
        f"{args.game}: seats {','.join(levels)}; {args.deals} deal seeds x {n_rot} rotations"
        + (f", {args.matches} match seeds x {n_rot} rotations" if args.matches else "")
        + (f"; hard iterations {args.iterations}" if args.iterations else "")
        + (f"; iterations by level {args.level_iterations}" if fixed_iterations else "")
        + ("; common chance" if args.common_chance else "")
        + f"; {elapsed:.0f} s"
    )
    for level in distinct:
        adv, adv_ci = mean_ci(advantage[level])
        seats = levels.count(level)
        line = (
            f"  {level:7} x{seats}: advantage per deal {adv:+.2f} ± {adv_ci:.2f} "
            f"({'clear of even' if abs(adv) > adv_ci else 'not clear of even'})"
        )
        per_seat = totals[level] / (args.deals * n_rot * seats)
        words, spec = probe.RESULT_WORDS, SPECS[args.game]
        if probe.RESULTS_ONLY_WON:  # never lost: a level's share of them means something
            line += f"; share of {words} {totals[level] / grand:.1%} ({seats}/{len(levels)} seats)"
        else:  # won from the others: a balance per round
            line += f"; {words} per {spec.round_word.lower()} per seat {per_seat:+.2f}"
        if wins[level]:
            w, w_ci = mean_ci(wins[level])
            line += f"; match wins {w:.1%} ± {w_ci:.1%}"
        ts = sorted(times[level])
        if ts:
            p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
            mean_ms = statistics.fmean(ts) * 1000
            line += f"; decision mean {mean_ms:.1f} ms, p95 {p95 * 1000:.1f} ms"
        print(line)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 -m benchmarks.lab arena",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game")
    parser.add_argument("--seats", required=True, help="levels by seat: hard,medium,medium,medium")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--matches", type=int, default=0, help="also play this many whole matches")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--iterations",
        type=int,
        default=None,
        help="fix the hard search's iterations (no time cap)",
    )
    parser.add_argument(
        "--level-iterations",
        default=None,
        help="fixed iterations per level, e.g. hard=240,hard-2026=60 (the page's budgets)",
    )
    parser.add_argument(
        "--per-deal",
        default=None,
        metavar="PATH",
        help="write each deal seed's advantages as JSON lines (to pair runs on the same deals)",
    )
    parser.add_argument(
        "--common-chance",
        action="store_true",
        help="seed each seat's sampling by seat and deal, not by level (common random "
        "numbers: for comparing close levels head-to-head)",
    )
    run(parser.parse_args(argv))
    return 0

"""The arena: opponents measured against each other on duplicate deals.

    python -m pygame_core arena GAME --seats hard,medium,medium,medium --deals N
        [--matches M] [--players P] [--seed S] [--iterations K]
        [--level-iterations hard=240,hard-2026=60] [--common-chance]

Each deal seed is played once per rotation of the seats (every level sits in every seat,
and in Avinas each level plays for both partnerships), so the luck of the cards cancels.
For each level the arena prints its advantage per deal (its seats' mean result minus the
other seats' mean, with a 95% confidence interval over the deal seeds), its share of the
points, its match wins when ``--matches`` is given, and its decision times.

``oracle`` plays the hard search with sight of every card: a ceiling for measuring the
hard level, never offered on the page (in Avissinia the search of ``hard-reading``, the
hard before the twentieth pass).  In Avissinia ``oracle-hands`` sees the hands but not the
stock's order, and ``oracle-first-half`` and ``oracle-second-half`` see only in one half
of the round (the same search blind in the other): where the oracle's edge comes from.
``oracle-known-N`` (N = 0, 25, 33, 50, 75, 100) knows N% of the hidden cards for certain
(hard-2026's search; 0 is hard-2026, 100 the oracle): what a share of certain knowledge of
the cards is worth.

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
from typing import Any, ClassVar

from . import new_game
from .opponents import ARENA_LEVELS, Opponent, SearchOpponent, make_opponent, opponent_class
from .opponents.search import Budget
from .registry import SPECS


class Oracle(Opponent):
    """The hard level's search run on the true state instead of sampled worlds."""

    level = "oracle"
    only_game: str | None = None  # the one game whose state this oracle can read, if any
    # The level whose search it runs, by game; hard where no game is named.  Avissinia's
    # hard plays each other seat out as the kind of player its plays show, which the true
    # state does not say: its oracle stays the search of the hard every Avissinia oracle
    # figure was measured with, every seat on medium's sighted rule.
    searchers: ClassVar[dict[str, str]] = {"avissinia": "hard-reading"}
    truth: Any = None

    def __init__(self, game: str, seat: int, seed: int) -> None:
        super().__init__(game, seat, seed)
        inner = make_opponent(game, self.searcher_of(game), seat, seed)
        assert isinstance(inner, SearchOpponent)
        inner.world = lambda obs, rng: inner.world_of(self.truth)  # type: ignore[method-assign]
        inner.sighted = True  # in the true state, seeing every hand is what the cards allow
        self.inner = inner

    def searcher_of(self, game: str) -> str:
        return self.searchers.get(game, "hard")

    def think(self, obs: dict[str, Any]) -> Any:
        return self.inner.think(obs)

    def searches(self) -> list[SearchOpponent]:
        """The searches a fixed budget or common chance applies to."""
        return [self.inner]


class HandsOracle(Oracle):
    """The oracle without the stock's order (Avissinia): it sees every hand, but the cards
    still to be dealt come in a random order in each world.  What perfect inference of the
    hands would give the hard search: the share of the oracle's edge that reading the
    plays can reach at most."""

    level = "oracle-hands"
    only_game = "avissinia"  # the only game with a stock to hide

    def __init__(self, game: str, seat: int, seed: int) -> None:
        super().__init__(game, seat, seed)

        def world(obs: Any, rng: Any) -> Any:
            state = self.inner.world_of(self.truth)
            rng.shuffle(state.stock)
            return state

        self.inner.world = world  # type: ignore[method-assign]


class HalfOracle(Oracle):
    """The oracle's sight in one half of an Avissinia round only (while the stock is still
    to be dealt, or once it is), hard's own search over its worlds in the other: how much
    of the oracle's edge each half holds, so where hard's shortfall lies (the same search
    in both halves: in Avissinia, ``hard-reading``'s)."""

    level = "oracle-first-half"
    only_game = "avissinia"  # the only game whose round deals from a stock halfway
    sees_first_half = True

    def __init__(self, game: str, seat: int, seed: int) -> None:
        super().__init__(game, seat, seed)
        blind = make_opponent(game, self.searcher_of(game), seat, seed)
        assert isinstance(blind, SearchOpponent)
        self.blind = blind

    def think(self, obs: dict[str, Any]) -> Any:
        sees = bool(self.truth.stock) == self.sees_first_half
        return (self.inner if sees else self.blind).think(obs)

    def searches(self) -> list[SearchOpponent]:
        return [self.inner, self.blind]


class SecondHalfOracle(HalfOracle):
    level = "oracle-second-half"
    sees_first_half = False


class OwnFittedOracle(Oracle):
    """The oracle with hard-own-fitted's playouts: its own side plays better in them than
    by the sighted rule.  It shows that the oracle's edge, the goal's measure, rises with
    hard's playouts (+1.33 a deal over the oracle; docs/opponents.md, the nineteenth
    pass)."""

    level = "oracle-own-fitted"
    only_game = "avissinia"
    searchers: ClassVar[dict[str, str]] = {"avissinia": "hard-own-fitted"}


class KnownShareOracle(Oracle):
    """Sight of a share of the hidden cards only (Avissinia): each card another seat holds
    or the stock hides is known where it lies or not by a draw fixed for the deal seed, and
    every world deals the unknown ones at random among the places they fill.  With
    hard-2026's search (uniform worlds, every seat on the sighted rule in the playouts) it
    runs from hard-2026 (none known) to the oracle (all known): how much of the oracle's
    edge knowing a share of the cards for certain gives, to set beside how many cards the
    reading of the plays can place."""

    level = "oracle-known-50"
    only_game = "avissinia"
    searchers: ClassVar[dict[str, str]] = {"avissinia": "hard-2026"}
    known = 0.5

    def __init__(self, game: str, seat: int, seed: int) -> None:
        super().__init__(game, seat, seed)
        self.deal_seed = seed
        self.known_cards: dict[object, bool] = {}  # drawn once a card, not once a world
        self.inner.world = self.partly_known_world  # type: ignore[method-assign]

    def knows(self, card: object) -> bool:
        if card not in self.known_cards:
            draw = random.Random(f"known/{card}/{self.deal_seed}").random()
            self.known_cards[card] = draw < self.known
        return self.known_cards[card]

    def partly_known_world(self, obs: Any, rng: random.Random) -> Any:
        truth = self.truth
        world = self.inner.world_of(truth)
        places = [(world.hands[s], truth.hands[s]) for s in range(truth.num_players)
                  if s != self.seat] + [(world.stock, truth.stock)]
        unknown = [(ranks, i) for ranks, cards in places for i, card in enumerate(cards)
                   if not self.knows(card)]
        dealt = [ranks[i] for ranks, i in unknown]
        rng.shuffle(dealt)
        for (ranks, i), rank in zip(unknown, dealt, strict=True):
            ranks[i] = rank
        for hand in world.hands:
            hand.sort()  # the playouts keep hands sorted, as the game does
        return world


def known_share_oracle(percent: int) -> type[Oracle]:
    return type(f"KnownShareOracle{percent}", (KnownShareOracle,),
                {"level": f"oracle-known-{percent}", "known": percent / 100})


ORACLES: dict[str, type[Oracle]] = {
    **{f"oracle-known-{p}": known_share_oracle(p) for p in (0, 25, 33, 50, 75, 100)},
    "oracle-own-fitted": OwnFittedOracle,
    "oracle": Oracle, "oracle-hands": HandsOracle,
    "oracle-first-half": HalfOracle, "oracle-second-half": SecondHalfOracle,
}
LEVELS = (*ARENA_LEVELS, *ORACLES)


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
        op: Opponent = (
            ORACLES[level](game_name, seat, seed)
            if level in ORACLES
            else make_opponent(game_name, level, seat, seed)
        )
        fixed = (level_iterations or {}).get(level, iterations)
        for target in op.searches() if isinstance(op, Oracle) else [op]:
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
        if isinstance(op, Oracle):
            op.truth = game
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
    ``benchmarks/arena_pairs.py`` reads)."""
    return json.dumps({"seed": seed, "advantage": advantages}) + "\n"


def rotations(game: Any) -> int:
    return int(game.num_players)


def run(args: argparse.Namespace) -> None:
    levels = args.seats.split(",")
    for level in levels:
        if level in ORACLES:
            only = ORACLES[level].only_game
            if only not in (None, args.game):
                raise SystemExit(f"{level}: only {SPECS[only].title} has a stock to read")
            continue
        if level == "random":
            continue
        try:  # the page's levels, hard-2026, and any arena-only level the game defines
            opponent_class(args.game, level)
        except ValueError:
            raise SystemExit(f"unknown level {level!r} (levels: {', '.join(LEVELS)})") from None
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
    n_rot = rotations(probe)

    def rotated(r: int) -> list[str]:
        return levels[-r:] + levels[:-r] if r else list(levels)

    per_deal = open(args.per_deal, "w") if args.per_deal else None  # noqa: SIM115
    started = time.perf_counter()
    for i in range(args.deals):
        seed = args.seed + i
        per_level: dict[str, list[float]] = defaultdict(list)
        deal_total = 0.0
        seen: dict[tuple[str, ...], list[float]] = {}
        for r in range(n_rot):
            seats = rotated(r)
            # A rotation that seats every level where an earlier one did (hard,hard-2026
            # alternating, rotated by two) replays the same game move for move: its
            # result is reused, which halves a head-to-head's time.
            result = seen.get(tuple(seats))
            if result is None:
                game = new_game(args.game, seed=seed, **options)
                players = seat_players(args.game, seats, seed, args.iterations,
                                       fixed_iterations, args.common_chance)
                play(game, players, times, game.deals_finished + 1)
                result = seen[tuple(seats)] = list(game.deal_result())
            deal_total += sum(abs(x) for x in result)
            for seat, level in enumerate(seats):
                per_level[level].append(result[seat])
                totals[level] += result[seat]
        for level in distinct:
            others = [x for lv, xs in per_level.items() if lv != level for x in xs]
            mine = statistics.fmean(per_level[level])
            advantage[level].append(mine - (statistics.fmean(others) if others else 0.0))
        if per_deal is not None:  # one line a deal seed: for paired comparisons between runs
            per_deal.write(per_deal_line(seed, {level: advantage[level][-1]
                                                for level in distinct}))
            per_deal.flush()
    for i in range(args.matches):
        seed = args.seed + 1_000_000 + i
        for r in range(n_rot):
            seats = rotated(r)
            game = new_game(args.game, seed=seed, **options)
            play(game, seat_players(args.game, seats, seed, args.iterations, fixed_iterations,
                                    args.common_chance), times, None)
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
        prog="python -m pygame_core arena",
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

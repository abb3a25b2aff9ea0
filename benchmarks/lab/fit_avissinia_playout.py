"""Fit a play policy for Avissinia hard's playouts to hard's own search, or to rollouts.

Every seat in hard's playouts plays by one policy.  The closer it comes to what the search
itself would play, the better the playouts should model the other players (hard ones, on
the page) and hard's own later plays.  (Measured in the arena as ``hard-fitted-playouts``:
it predicts the search far better than medium's sighted rule but plays much worse against
medium players, so hard keeps the sighted rule; docs/opponents.md.)  This script plays
rounds with four hard players, records at each decision the true state and the search's
value of every candidate (every candidate in every world, no racing), and fits the weights
of ``FittedPolicy`` (linear in ``play_features``) to those values by least squares (ridge),
each decision centred.

    python3 -m benchmarks.lab.fit_avissinia_playout collect OUT.jsonl --seed 50000 --deals 150
    python3 -m benchmarks.lab.fit_avissinia_playout fit A.jsonl B.jsonl ...

``rollouts`` records instead the positions of rounds four medium players play, with the
value of every play when the round is played out from it by the sighted rule in the true
state (rollout improvement: what the oracle's search finds there), and ``fit --sighted``
fits a policy that sees every hand (``SIGHTED_PLAY_WEIGHTS``, ``hard-sighted-fitted``'s
playouts) to those:

    python3 -m benchmarks.lab.fit_avissinia_playout rollouts OUT.jsonl --seed 60000 --deals 1000
    python3 -m benchmarks.lab.fit_avissinia_playout fit --sighted OUT.jsonl

Every fourth deal seed is played with partnerships.  ``fit`` needs numpy (``pip install
.[fit]``): it prints the weights as ``PLAY_WEIGHTS`` and, on the deals it held out (seeds
divisible by 3), how often each policy plays what the search values most and how many
points the search says each policy's plays lose.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from pygame_core import new_game
from pygame_core.avissinia import Avissinia
from pygame_core.opponents import Opponent
from pygame_core.opponents.avissinia import AvissiniaSearch, Medium
from pygame_core.opponents.avissinia_playout import (
    PLAY_FEATURES,
    FittedPolicy,
    Policy,
    RankRound,
    choose_counted,
    choose_fitted,
    choose_sighted,
    choose_sighted_fitted,
    play_features,
    play_out,
)
from pygame_core.opponents.search import Budget

from .setups.avissinia import HARD_READING


def first_rounds(args: argparse.Namespace, make_player: Callable[[int, int], Opponent]
                 ) -> Iterator[tuple[int, Avissinia, Opponent]]:
    """Each deal seed's first round, decision by decision: (seed, game, the player to
    move, made by ``make_player(seat, seed)`` for each seed).  The caller plays the move;
    every fourth deal seed is played with partnerships."""
    for seed in range(args.seed, args.seed + args.deals):
        game = new_game("avissinia", seed=seed, partnership=seed % 4 == 3)
        assert isinstance(game, Avissinia)
        players = [make_player(seat, seed) for seat in range(4)]
        while game.deals_finished < 1:
            seat = game.current_player
            assert seat is not None
            yield seed, game, players[seat]


def collect(args: argparse.Namespace) -> None:
    def recording(seat: int, seed: int) -> Opponent:
        # hard-reading's search, every candidate's value from every world (no racing).
        setup = replace(HARD_READING, budget=Budget(iterations=args.iterations, seconds=None),
                        race_z=None)
        return AvissiniaSearch("avissinia", seat, seed, setup)

    with open(args.out, "w") as out:
        for seed, game, player in first_rounds(args, recording):
            assert isinstance(player, AvissiniaSearch)
            player.means = None
            action = player.decide(game.observation(player.seat))
            if player.means is not None:
                values = []
                for text, value in player.means.items():
                    play = Avissinia.parse_action(text)
                    values.append([play.card.rank, play.target, value])
                out.write(record_of(seed, RankRound.of_game(game), values) + "\n")
            game.apply(action)


def record_of(seed: int, state: RankRound, values: list[list[float]]) -> str:
    return json.dumps({
        "seed": seed, "hands": state.hands, "piles": state.piles, "centre": state.centre,
        "stock": state.stock, "player": state.player, "first_player": state.first_player,
        "points_of": state.points_of, "partnership": state.partnership, "values": values})


def rollouts(args: argparse.Namespace) -> None:
    def medium(seat: int, seed: int) -> Opponent:
        return Medium("avissinia", seat, seed)

    with open(args.out, "w") as out:
        for seed, game, player in first_rounds(args, medium):
            state = RankRound.of_game(game)
            values = []
            for rank, target in state.moves():
                after = state.copy()
                after.play(rank, target)
                values.append([rank, target, play_out(after, player.seat, choose_sighted)])
            out.write(record_of(seed, state, values) + "\n")
            game.apply(player.decide(game.observation(player.seat)))


def state_of(record: dict[str, Any]) -> RankRound:
    return RankRound(record["hands"], record["piles"], record["centre"], record["stock"],
                     record["player"], record["first_player"], tuple(record["points_of"]),
                     record["partnership"])


def fit(args: argparse.Namespace) -> None:
    import numpy as np  # the fit only: the package and its tests do not need numpy

    records = [json.loads(line) for path in args.records
               for line in Path(path).read_text().splitlines()]
    train = [r for r in records if r["seed"] % 3]
    held_out = [r for r in records if not r["seed"] % 3]
    xs, ys = [], []
    for record in train:
        state = state_of(record)
        x = np.array([play_features(state, rank, target, args.sighted)
                      for rank, target, _ in record["values"]])
        y = np.array([value for _, _, value in record["values"]])
        # Only the differences between the candidates matter: centre each decision.
        xs.append(x - x.mean(0))
        ys.append(y - y.mean())
    x, y = np.vstack(xs), np.concatenate(ys)
    weights = np.linalg.solve(x.T @ x + args.ridge * np.eye(x.shape[1]), x.T @ y)
    fitted = tuple(round(float(w), 3) for w in weights)
    name = "SIGHTED_PLAY_WEIGHTS" if args.sighted else "PLAY_WEIGHTS"
    print(f"{name}: tuple[float, ...] = (  # fitted on {len(train)} decisions")
    for name, w in zip(PLAY_FEATURES, fitted, strict=True):
        print(f"    {w},  # {name}")
    print(")")

    policies: dict[str, Policy | None] = {
        "medium's rule, sighted (hard, hard-2026)": choose_sighted,
        "medium's rule, counted (hard-unsighted)": choose_counted,
        "fitted (PLAY_WEIGHTS, hard-fitted-playouts)": choose_fitted,
        "fitted, sighted (SIGHTED_PLAY_WEIGHTS, hard-sighted-fitted)": choose_sighted_fitted,
        "fitted here": FittedPolicy(fitted, args.sighted),
    }
    for name, policy in policies.items():
        if policy is None:
            continue
        agree = regret = 0.0
        for record in held_out:
            values = {(rank, target): value for rank, target, value in record["values"]}
            value = values[policy(state_of(record))]
            agree += value == max(values.values())
            regret += max(values.values()) - value
        n = len(held_out)
        print(f"{name}: plays the records' best in {agree / n:.1%} of {n} held-out "
              f"decisions; loses {regret / n:.3f} points a decision by the records' values")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("out")
    c.add_argument("--seed", type=int, default=50000)
    c.add_argument("--deals", type=int, default=150)
    c.add_argument("--iterations", type=int, default=240)
    r = sub.add_parser("rollouts")
    r.add_argument("out")
    r.add_argument("--seed", type=int, default=60000)
    r.add_argument("--deals", type=int, default=1000)
    f = sub.add_parser("fit")
    f.add_argument("records", nargs="+")
    f.add_argument("--ridge", type=float, default=1.0)
    f.add_argument("--sighted", action="store_true",
                   help="features that see every hand (for rollouts' records)")
    args = parser.parse_args()
    {"collect": collect, "rollouts": rollouts, "fit": fit}[args.command](args)


if __name__ == "__main__":
    main()

"""Fit the purchase rule of Abyssinia hard's playouts to hard's own search.

Every player's future purchases in hard's playouts follow a rule (``fitted_choice``).  The
closer the rule comes to what the search itself would buy, the better the playouts model
the other players (hard ones, on the page) and hard's own later purchases.  This script
plays games with four (and six) hard players, records at each purchase the search's value
of every choice (left, right, blind), and fits the rule's weights to those values by
least squares (ridge), separately by cards held.

    python3 -m benchmarks.lab.fit_abyssinia_buying collect OUT.jsonl --players 4 --seed 50000 \\
        --deals 150 [--rule cheap|fitted]
    python3 -m benchmarks.lab.fit_abyssinia_buying fit A.jsonl B.jsonl ...

``fit`` needs numpy (``pip install .[fit]``): it prints the weights as ``BUY_WEIGHTS``
and, on the deals it held out (seeds divisible by 3), how often each rule buys what the
search values most and how much the search says each rule's purchases lose.
"""

from __future__ import annotations

import argparse
import json
import textwrap
from dataclasses import replace
from pathlib import Path
from typing import Any

from pygame_core import new_game
from pygame_core.cards import Card, parse_card
from pygame_core.opponents.abyssinia import (
    HARD,
    MARKET_FEATURES,
    ROUNDS,
    AbyssiniaSearch,
    FittedRule,
    _Player,
    _View,
    blind_features,
    choice_values,
    fitted_choice,
    purchase_features,
)
from pygame_core.opponents.search import Budget
from pygame_core.slices import run_to_end

from .setups.abyssinia import cheap_choice

RULES = {"cheap": cheap_choice, "fitted": fitted_choice}


def collect(args: argparse.Namespace) -> None:
    with open(args.out, "w") as out:
        for seed in range(args.seed, args.seed + args.deals):
            game = new_game("abyssinia", seed=seed, players=args.players)
            setup = replace(HARD, buys=RULES[args.rule],
                            budget=Budget(iterations=args.iterations, seconds=None))
            players = [AbyssiniaSearch("abyssinia", s, seed, setup)
                       for s in range(args.players)]
            while game.deals_played < 1 and not game.is_over:
                seat = game.current_player
                obs = game.observation(seat)
                view, op = _View(obs), players[seat]
                if view.buying and len(obs["legal"]) > 1:
                    stats = run_to_end(op._sample(obs, view, view.active.index(seat),
                                                  view.buyers(), [0, 1, 2]))
                    values = choice_values(stats, view)
                    out.write(json.dumps({
                        "seed": seed, "hand": [str(c) for c in view.hand],
                        "market": [str(c) for c in view.market], "values": values}) + "\n")
                game.apply(op.decide(obs))


def rows(record: dict[str, Any]) -> tuple[_Player, Card, Card, list[list[float]]]:
    """The record's hand and market, and a row of features for each choice (left, right,
    blind): the market cards' weights come first, then the blind's."""
    player = _Player.of([parse_card(c) for c in record["hand"]])
    left, right = (parse_card(c) for c in record["market"])
    blind = [*map(float, blind_features(player))]
    return player, left, right, [
        [*map(float, purchase_features(player, left)), *[0.0] * len(blind)],
        [*map(float, purchase_features(player, right)), *[0.0] * len(blind)],
        [*[0.0] * MARKET_FEATURES, *blind],
    ]


def fit(args: argparse.Namespace) -> None:
    import numpy as np  # the fit only: the package and its tests do not need numpy

    records = [json.loads(line) for path in args.records
               for line in Path(path).read_text().splitlines()]
    train = [r for r in records if r["seed"] % 3]
    held_out = [r for r in records if not r["seed"] % 3]
    weights = []
    for held in range(ROUNDS):
        xs, ys = [], []
        for record in train:
            if len(record["hand"]) != held:
                continue
            x = np.array(rows(record)[3])
            y = np.array(record["values"])
            # Only the differences between the choices matter: centre each decision.
            xs.append(x - x.mean(0))
            ys.append(y - y.mean())
        x, y = np.vstack(xs), np.concatenate(ys)
        w = np.linalg.solve(x.T @ x + args.ridge * np.eye(x.shape[1]), x.T @ y)
        weights.append(tuple(round(float(v), 3) for v in w))
    print("BUY_WEIGHTS: tuple[tuple[float, ...], ...] = (")
    for held, w in enumerate(weights):
        print(f"    # {held} {'card' if held == 1 else 'cards'} held")
        lines = textwrap.wrap(", ".join(map(str, w)), 91)
        print("    (" + "\n     ".join(lines) + "),")
    print(")")

    rules = {"cheap": cheap_choice, "fitted": FittedRule(weights)}
    for name, rule in rules.items():
        agree = regret = 0.0
        for record in held_out:
            player, left, right, _ = rows(record)
            choice = rule(player, left, right)
            values = record["values"]
            agree += values[choice] == max(values)
            regret += max(values) - values[choice]
        n = len(held_out)
        print(f"{name}: buys the search's choice in {agree / n:.1%} of {n} held-out "
              f"purchases; loses {regret / n:.2f} chips a purchase by the search's values")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("out")
    c.add_argument("--players", type=int, default=4)
    c.add_argument("--seed", type=int, default=50000)
    c.add_argument("--deals", type=int, default=150)
    c.add_argument("--iterations", type=int, default=600)
    c.add_argument("--rule", choices=sorted(RULES), default="fitted")
    f = sub.add_parser("fit")
    f.add_argument("records", nargs="+")
    f.add_argument("--ridge", type=float, default=1.0)
    args = parser.parse_args()
    collect(args) if args.command == "collect" else fit(args)


if __name__ == "__main__":
    main()

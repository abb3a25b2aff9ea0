#!/usr/bin/env python3
"""Where the page's hard loses to the oracle in Avissinia, decision by decision.

    python3 -m benchmarks.lab.avissinia_regret --seed 51000 --deals 50 --worlds 240 --out F.jsonl
        [--level hard]
    python3 -m benchmarks.lab.avissinia_regret --report F.jsonl [G.jsonl ...]

Hard (``--worlds`` worlds a decision), or another searching level (``--level``: hard-2026,
oracle-hands, ...), plays each deal seed's first round against three medium players, once
in every seat (the arena's rotations).  At each of its decisions with
a choice, every candidate is also valued as the oracle values it, in the true state (its
search's one playout with every card known: the lab's ``oracle``), beside hard's own value of
it (its search's mean over its worlds).  The report prints:

- hard's regret in the oracle's measure (the oracle's best candidate's value minus the
  value of hard's play), per round, by the half of the round and the cards in hand, and
  by the kind of play hard made against the kind the oracle would have made;
- how often hard makes the oracle's play;
- hard's bias by kind of play: its value of a candidate relative to the mean of the
  decision's candidates, minus the oracle's relative value of the same candidate.  A kind
  of play hard over- or undervalues against the oracle would show here, and could be
  corrected; none that shows means what hard gives up is what it does not know.

Not a test: it prints figures (CPython).  Two runs over different deal seeds can share
the machine's cores and be reported together.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from typing import Any

from pygame_core import new_game
from pygame_core.avissinia import CENTRE, OWN, TRAIL
from pygame_core.opponents import make_opponent
from pygame_core.opponents.avissinia import AvissiniaSearch, play_of
from pygame_core.slices import run_to_end

from .arena import mean_ci, seat_players
from .oracles import searches, truths

KINDS = {TRAIL: "trail", CENTRE: "capture the centre", OWN: "add to own pile"}


def kind_of(action: str) -> str:
    return KINDS.get(play_of(action)[1], "rob a pile")


def play(args: argparse.Namespace) -> None:
    with open(args.out, "w") as out:
        for seed in range(args.seed, args.seed + args.deals):
            for hard_seat in range(4):
                levels = ["medium"] * 4
                levels[hard_seat] = args.level
                game = new_game("avissinia", seed=seed)
                players = seat_players("avissinia", levels, seed, None,
                                       {args.level: args.worlds})
                player = players[hard_seat]
                # An oracle that sees part of the truth searches with its first search.
                hard = searches(player)[0]
                oracle = make_opponent("avissinia", "oracle", hard_seat, seed)
                assert isinstance(oracle, AvissiniaSearch)
                while game.deals_finished < 1:
                    seat = game.current_player
                    hard.means = None
                    for seen in [*truths(players[seat]), *truths(oracle)]:
                        seen.state = game
                    action = players[seat].decide(game.observation(seat))
                    if seat == hard_seat and hard.means is not None:
                        obs = game.observation(seat)
                        run_to_end(oracle.read(obs))  # its worlds: the true deal
                        truth = oracle.world(obs, oracle.rng)
                        out.write(json.dumps({
                            "level": args.level, "seed": seed, "seat": seat,
                            "stock": len(game.stock), "hand": len(game.hands[seat]),
                            "played": action, "searched": hard.means,
                            "oracle": {a: oracle.action_value(truth, a) for a in hard.means},
                        }) + "\n")
                    game.apply(action)
                out.write(json.dumps({"seed": seed, "seat": hard_seat,
                                      "result": game.deal_result()[hard_seat]}) + "\n")
                out.flush()


def regret(decision: dict[str, Any]) -> float:
    values = decision["oracle"]
    return float(max(values.values()) - values[decision["played"]])


def interval(values: list[float]) -> str:
    mean, half = mean_ci(values)
    return f"{mean:+.2f} ± {half:.2f}"


def report(files: list[str]) -> None:
    decisions: list[dict[str, Any]] = []
    rounds = 0
    for name in files:
        with open(name) as lines:
            for line in lines:
                record = json.loads(line)
                record["file"] = name  # two files may hold the same deal seed
                if "result" in record:
                    rounds += 1
                else:
                    decisions.append(record)
    total = sum(regret(d) for d in decisions)
    by_round: dict[tuple[str, int, int], float] = defaultdict(float)
    for d in decisions:
        by_round[(d.get("file", ""), d["seed"], d["seat"])] += regret(d)
    per_round = [*by_round.values(), *[0.0] * (rounds - len(by_round))]
    level = "+".join(sorted({d["level"] for d in decisions}))
    print(f"{level}: {rounds} rounds, {len(decisions)} decisions with a choice; regret in "
          f"the oracle's measure {interval(per_round)} points of margin a round")
    same = sum(1 for d in decisions if regret(d) == 0)
    print(f"makes a play the oracle values best in {same / len(decisions):.1%} of them")

    by_phase: dict[tuple[str, int], float] = defaultdict(float)
    for d in decisions:
        by_phase[("stock to deal" if d["stock"] else "stock dealt", d["hand"])] += regret(d)
    print("regret a round by the half of the round and the cards in hand:")
    for half in ("stock to deal", "stock dealt"):
        cells = {hand: by_phase[(half, hand)] for (h, hand) in by_phase if h == half}
        share = sum(cells.values()) / total
        print(f"  {half} ({share:.0%}): " + ", ".join(
            f"{hand} cards {cells[hand] / rounds:.2f}" for hand in sorted(cells)))

    by_kinds: dict[tuple[str, str], list[float]] = defaultdict(list)
    for d in decisions:
        values = d["oracle"]
        best = max(values, key=values.get)
        if regret(d) > 0:
            by_kinds[(kind_of(d["played"]), kind_of(best))].append(regret(d))
    print("regret a round by the level's play and the oracle's (where they differ):")
    for (played, best), regrets in sorted(by_kinds.items(), key=lambda kv: -sum(kv[1])):
        print(f"  {played:>18} for {best:<18} {len(regrets):5} decisions, "
              f"{sum(regrets) / rounds:.2f} ({sum(regrets) / total:.0%})")

    bias: dict[str, list[float]] = defaultdict(list)
    for d in decisions:
        searched_mean = statistics.fmean(d["searched"].values())
        oracle_mean = statistics.fmean(d["oracle"].values())
        for action, value in d["searched"].items():
            relative_oracle = d["oracle"][action] - oracle_mean
            bias[kind_of(action)].append((value - searched_mean) - relative_oracle)
    print("the level's value of a kind of play, relative to the decision's other "
          "candidates, minus the oracle's:")
    for kind, values in sorted(bias.items(), key=lambda kv: -len(kv[1])):
        print(f"  {kind:>18}: {interval(values)} over {len(values)} candidates")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=51000)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--worlds", type=int, default=240)
    parser.add_argument("--level", default="hard", help="the searching level measured")
    parser.add_argument("--out", help="the decisions, a JSON line each (then reported)")
    parser.add_argument("--report", nargs="+", metavar="FILE",
                        help="report decisions already written by --out, without playing")
    args = parser.parse_args()
    if args.report:
        report(args.report)
        return
    if not args.out:
        parser.error("--out FILE (where the decisions go) or --report FILE ...")
    play(args)
    report([args.out])


if __name__ == "__main__":
    main()

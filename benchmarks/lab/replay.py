"""Replay a recorded per-deal file: play its deal seeds again with the command that
recorded them and compare every level's advantage, deal for deal, exactly.

    python3 -m benchmarks.lab replay experiments/NAME/FILE.jsonl [--deals N] [--every K]

The command comes from the experiment's ``experiment.json`` (its ``runs``: each file's
game, seats and budgets).  Prints one line a deal seed and the count that differ; exits 1
if any does.  A setup's decisions are unchanged when its recorded deals replay: hard's, by
the files recorded under its name or under the names it had before.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from pygame_core.registry import SPECS

from .arena import Table, parse_level_iterations


def run_of(path: Path) -> dict[str, Any]:
    """The recorded command of the per-deal file at ``path`` (from its experiment)."""
    experiment = json.loads((path.parent / "experiment.json").read_text())
    for run in experiment["runs"]:
        if path.name in run["files"]:
            found: dict[str, Any] = run
            return found
    raise SystemExit(f"{path}: not among the runs of {path.parent / 'experiment.json'}")


def recorded(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def table_of(run: dict[str, Any]) -> Table:
    levels = run["seats"].split(",")
    option = SPECS[run["game"]].players_option
    options = {option: len(levels)} if option else {}
    return Table(run["game"], levels, options, run.get("iterations"),
                 parse_level_iterations(run.get("level_iterations"), levels),
                 bool(run.get("common_chance")))


def replay(path: Path, deals: int, every: int = 1, seeds: list[int] | None = None
           ) -> list[tuple[int, bool]]:
    """The first ``deals`` of every ``every``-th recorded deal seed (or of ``seeds``)
    played again: each seed and whether every level's advantage came out as recorded."""
    table = table_of(run_of(path))
    rows = recorded(path)
    if seeds is not None:
        rows = [row for row in rows if row["seed"] in seeds]
    out = []
    for row in rows[::every][:deals]:
        again = table.deal_seed(row["seed"])
        out.append((row["seed"], again == row["advantage"]))
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m benchmarks.lab replay",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--deals", type=int, default=5, help="deal seeds to replay a file")
    parser.add_argument("--every", type=int, default=1, help="take every K-th recorded seed")
    args = parser.parse_args(argv)
    differ = total = 0
    for path in args.files:
        for seed, same in replay(path, args.deals, args.every):
            total += 1
            differ += not same
            print(f"{path.name} seed {seed}: {'same' if same else 'DIFFERS'}", flush=True)
    print(f"{total - differ} of {total} deal seeds replayed decision for decision")
    return 1 if differ else 0

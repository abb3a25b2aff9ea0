#!/usr/bin/env python3
"""Pair two arena runs on the same deal seeds (``--per-deal`` files).

    python3 -m benchmarks.lab.arena_pairs A.jsonl:LEVEL B.jsonl:LEVEL [--oracle O.jsonl:oracle]

A run kept in several files (a long run split over both cores) is named by joining them
with "+": A1.jsonl+A2.jsonl:LEVEL.

Prints, over the deal seeds both runs played, each level's mean advantage, the paired
difference A - B with its 95% interval (the luck of the deals cancels), and with
``--oracle`` each level's share of the oracle's edge on those same deals, with a 95%
interval by the delta method (the ratio of two paired means).

Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics


def load(spec: str) -> dict[int, float]:
    paths, _, level = spec.rpartition(":")
    out: dict[int, float] = {}
    for path in paths.split("+"):
        with open(path) as lines:
            for line in lines:
                row = json.loads(line)
                out[row["seed"]] = row["advantage"][level]
    return out


def mean_ci(xs: list[float]) -> tuple[float, float]:
    if len(xs) < 2:
        return (xs[0] if xs else 0.0), float("inf")
    return statistics.fmean(xs), 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def ratio_ci(a: list[float], o: list[float]) -> tuple[float, float]:
    """mean(a) / mean(o) and the half-width of its 95% interval (delta method)."""
    n = len(a)
    ma, mo = statistics.fmean(a), statistics.fmean(o)
    r = ma / mo
    # The ratio's linearised residuals: a_i - r * o_i, over the oracle's mean.
    resid = [x - r * y for x, y in zip(a, o, strict=True)]
    return r, 1.96 * statistics.stdev(resid) / math.sqrt(n) / abs(mo)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a")
    parser.add_argument("b", nargs="?")
    parser.add_argument("--oracle", default=None)
    args = parser.parse_args()
    runs = {spec: load(spec) for spec in filter(None, (args.a, args.b, args.oracle))}
    seeds = sorted(set.intersection(*(set(r) for r in runs.values())))
    if not seeds:
        parser.error("the runs share no deal seed (join one run's files with '+')")
    print(f"{len(seeds)} deal seeds in common ({seeds[0]}-{seeds[-1]})")
    for spec in filter(None, (args.a, args.b)):
        m, ci = mean_ci([runs[spec][s] for s in seeds])
        line = f"  {spec}: {m:+.2f} ± {ci:.2f}"
        if args.oracle:
            r, rci = ratio_ci([runs[spec][s] for s in seeds], [runs[args.oracle][s] for s in seeds])
            line += f"; share of the oracle's edge {r:.0%} ± {rci:.0%}"
        print(line)
    if args.oracle:
        m, ci = mean_ci([runs[args.oracle][s] for s in seeds])
        print(f"  {args.oracle}: {m:+.2f} ± {ci:.2f}")
    if args.b:
        d, ci = mean_ci([runs[args.a][s] - runs[args.b][s] for s in seeds])
        print(f"  paired difference {args.a} - {args.b}: {d:+.2f} ± {ci:.2f} "
              f"({'clear of even' if abs(d) > ci else 'not clear of even'})")


if __name__ == "__main__":
    main()

"""Mutate real inputs of every surface (replay links, share links, stored entries of every
key, page commands with their keys and fields, host messages) and count what the package
does with them: accepted as legitimate, refused with its own error or message, or anything
else (which must be 0), with the slowest input of each surface.

    python3 benchmarks/fuzz_inputs.py [N per surface] [SEED]

The property tests (tests/test_input_fuzz.py) run the same mutations; saves and slots have
their own (benchmarks/fuzz_saves.py).
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from input_fuzz import SURFACES, outcome


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 41)
    failed = False
    print(f"{'surface':14} {'tried':>6} {'accepted':>9} {'refused':>8} {'other':>6}  slowest")
    for surface in SURFACES:
        samples = surface.samples()
        tally: Counter[str] = Counter()
        others: list[str] = []
        slowest = (0.0, "")
        for _ in range(count):
            item = surface.mutate(rng, rng.choice(samples))
            start = time.perf_counter()
            result = outcome(surface, item)
            took = time.perf_counter() - start
            if took > slowest[0]:
                slowest = (took, result)
            kind = "other" if result.startswith("other") else result
            tally[kind] += 1
            if kind == "other" and len(others) < 5:
                others.append(result)
        print(f"{surface.name:14} {count:6} {tally['accepted']:9} {tally['refused']:8} "
              f"{tally['other']:6}  {slowest[0]:.3f} s ({slowest[1]})")
        for line in others:
            print("    " + line)
        failed = failed or bool(tally["other"])
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

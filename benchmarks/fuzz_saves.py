"""Mutate real saves of every game (and the slot wrapper) and count what the readers do.

    python benchmarks/fuzz_saves.py [N] [SEED]

Prints mutations tried, refused cleanly (SaveError), loaded legitimately, and anything else
(which must be 0), with the first few of those.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from save_mutations import MUTATIONS, outcome, real_saves


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 12)
    saves = real_saves()
    tally: Counter[str] = Counter()
    by_mutation: Counter[tuple[str, str]] = Counter()
    others: list[str] = []
    for _ in range(count):
        mutate = rng.choice(MUTATIONS)
        result = outcome(mutate(rng, rng.choice(saves)))
        kind = "other" if result.startswith("other") else result
        tally[kind] += 1
        by_mutation[(mutate.__name__, kind)] += 1
        if kind == "other" and len(others) < 5:
            others.append(result)
    print(f"mutations tried: {count}  refused (SaveError): {tally['refused']}  "
          f"loaded legitimately: {tally['loaded']}  anything else: {tally['other']}")
    for name in sorted({m for m, _ in by_mutation}):
        row = {k: by_mutation[(name, k)] for k in ("refused", "loaded", "other")}
        print(f"  {name:14} {row}")
    for line in others:
        print("  " + line)
    sys.exit(1 if tally["other"] else 0)


if __name__ == "__main__":
    main()

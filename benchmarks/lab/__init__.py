"""The lab beside the package: the arena, the oracles, the research setups and the
experiments behind the opponents' figures.  The page never loads it; it adds its setups to
the opponents' registry with one call (``setups.register``).

    python3 -m benchmarks.lab arena GAME --seats hard,medium,medium,medium --deals 200
    python3 -m benchmarks.lab replay FILE.jsonl [--deals N]
    python3 -m benchmarks.lab index
"""

"""The lab's commands: ``arena`` (levels measured on duplicate deals), ``replay`` (an
experiment's recorded per-deal file played again, deal for deal) and ``index`` (write
``experiments/INDEX.md`` from the experiments' folders)."""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    commands = ("arena", "replay", "index")
    if not argv or argv[0] not in commands:
        print(f"usage: python3 -m benchmarks.lab {{{','.join(commands)}}} ...\n\n{__doc__}",
              file=sys.stderr)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "arena":
        from .arena import main as arena

        return arena(rest)
    if command == "replay":
        from .replay import main as replay

        return replay(rest)
    from .experiments.index import main as index

    return index(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Write the golden playthroughs in this folder (see tests/test_golden.py).

Run it only when a rule change is deliberate:  ``python tests/golden/regenerate.py``.
Each playthrough is played afresh by its chooser (a seeded random player, or the medium
opponent in every seat) and its action log and state digests are written over the file.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from pygame_core import Game, new_game
from pygame_core.opponents import make_opponent

HERE = Path(__file__).parent
CHECKPOINTS = 4  # intermediate digests, evenly spaced through the log
MAX_MOVES = 200_000

# (file stem, game, options, seed, chooser)
PLAYTHROUGHS: list[tuple[str, str, dict[str, Any], int, str]] = [
    ("avissinia-individual-random", "avissinia", {"target": 20}, 11, "random"),
    ("avissinia-partnership-random", "avissinia", {"partnership": True}, 12, "random"),
    ("avissinia-individual-medium", "avissinia", {"target": 30}, 13, "medium"),
    ("avinas-random", "avinas", {}, 21, "random"),
    ("avinas-random-short", "avinas", {"pip_target": 4}, 22, "random"),
    ("avinas-medium", "avinas", {"pip_target": 6}, 23, "medium"),
    ("abyssinia-2-random", "abyssinia", {"players": 2}, 31, "random"),
    ("abyssinia-5-random", "abyssinia", {"players": 5, "chips": 60}, 32, "random"),
    ("abyssinia-8-random", "abyssinia", {"players": 8, "chips": 50}, 33, "random"),
    ("abyssinia-3-medium", "abyssinia", {"players": 3, "chips": 55}, 34, "medium"),
]


def digest(game: Game[Any, Any]) -> str:
    """sha256 of ``full_state()`` as canonical JSON."""
    text = json.dumps(game.full_state(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def checkpoints(moves: int) -> list[int]:
    """Move counts after which an intermediate digest is kept."""
    return sorted({moves * (i + 1) // (CHECKPOINTS + 1) for i in range(CHECKPOINTS)} - {0})


def play(name: str, options: dict[str, Any], seed: int, chooser: str) -> list[str]:
    game = new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    players = ([] if chooser == "random" else  # a seeded choice, not the lab's player
               [make_opponent(name, chooser, s, seed) for s in range(game.num_players)])
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        if chooser == "random":
            action = str(rng.choice(game.legal_actions()))
        else:
            action = players[seat].decide(game.observation(seat))
        game.apply(action)
        if len(game.history) > MAX_MOVES:
            raise RuntimeError(f"{name} seed {seed}: the match did not end")
    return list(game.history)


def record(stem: str, name: str, options: dict[str, Any], seed: int, chooser: str) -> None:
    actions = play(name, options, seed, chooser)
    game = new_game(name, seed=seed, **options)
    marks = checkpoints(len(actions))
    digests: dict[str, str] = {}
    for number, text in enumerate(actions, 1):
        game.apply(text)
        if number in marks:
            digests[str(number)] = digest(game)
    data = {
        "game": name, "options": options, "seed": seed, "chooser": chooser,
        "moves": len(actions), "digests": digests, "final": digest(game),
        "scores": game.scores, "winners": game.winners, "actions": actions,
    }
    (HERE / f"{stem}.json").write_text(json.dumps(data, indent=1) + "\n")
    print(f"{stem}: {len(actions)} moves, final {data['final'][:12]}")


def main(argv: list[str]) -> None:
    wanted = set(argv)
    for stem, name, options, seed, chooser in PLAYTHROUGHS:
        if not wanted or stem in wanted:
            record(stem, name, options, seed, chooser)


if __name__ == "__main__":
    main(sys.argv[1:])

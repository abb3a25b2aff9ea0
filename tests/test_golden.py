"""Golden playthroughs: recorded matches whose states must not change.

Each tests/golden/*.json holds a game, its options and seed, the action log a seeded random
player or the medium opponents chose, and sha256 digests of ``full_state()`` (canonical
JSON) after a few intermediate moves and at the end.  Replaying the log must accept every
action and reproduce every digest, so an unintended change to the rules (or to the state an
optimisation must keep identical) fails here.  After a deliberate rule change, regenerate
the files with ``python tests/golden/regenerate.py [stem ...]`` and review the diff.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import pygame_core
from pygame_core import new_game

GOLDEN = Path(__file__).parent / "golden"
sys.path.insert(0, str(GOLDEN))
from regenerate import PLAYTHROUGHS, digest  # noqa: E402

FILES = sorted(GOLDEN.glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def test_every_game_and_playthrough_has_a_golden_file() -> None:
    assert {p.stem for p in FILES} == {stem for stem, *_ in PLAYTHROUGHS}
    assert {load(p)["game"] for p in FILES} == set(pygame_core.GAMES)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_replaying_the_log_reproduces_every_digest(path: Path) -> None:
    data = load(path)
    game = new_game(data["game"], seed=data["seed"], **data["options"])
    assert len(data["actions"]) == data["moves"] and data["digests"]
    seen: dict[str, str] = {}
    for number, text in enumerate(data["actions"], 1):
        assert not game.is_over, f"the match ended before move {number}"
        game.apply(text)
        if str(number) in data["digests"]:
            seen[str(number)] = digest(game)
    assert seen == data["digests"]
    assert game.is_over
    assert digest(game) == data["final"]
    assert (game.scores, game.winners) == (data["scores"], data["winners"])

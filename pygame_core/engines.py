"""The engines by name: which module plays each game, imported on first use so the page
loads only the game it plays.  Beside the engines at the bottom of the package, so that
the saves, the link reader and the session can deal a game without importing the package
root (which re-exports all of this)."""

from __future__ import annotations

import importlib
from typing import Any

from .base import Game, OptionError, check_seed, options_from
from .registry import SPECS

# Game name -> module.
GAMES: dict[str, str] = {name: spec.engine for name, spec in SPECS.items()}


def game_class(name: str) -> type[Game[Any, Any]]:
    if name not in GAMES:
        raise OptionError(f"unknown game {name!r} (games: {', '.join(GAMES)})")
    module = importlib.import_module(GAMES[name])
    cls: type[Game[Any, Any]] = module.GAME
    return cls


def new_game(name: str, *, seed: int, **options: Any) -> Game[Any, Any]:
    """Start a match of ``name`` with the given seed and options (validated)."""
    cls = game_class(name)
    return cls(options_from(cls.OPTIONS, options), check_seed(seed))

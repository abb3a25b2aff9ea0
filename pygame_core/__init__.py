"""pygame_core: the rules of Avissinia, Avinas and Abyssinia, and their computer players.

Pure Python with no dependencies and no browser imports: it runs unchanged under CPython
and Pyodide.  ``new_game(name, seed=..., **options)`` starts a game; ``load_game(save)``
rebuilds one from a save.
"""

from __future__ import annotations

import importlib
from typing import Any

from .base import Game, GameError, IllegalActionError, OptionError, check_seed, options_from
from .cards import Card, CardError, parse_card, parse_cards
from .registry import SPECS
from .saves import SaveError, dumps, load

__all__ = [
    "GAMES", "Card", "CardError", "Game", "GameError", "IllegalActionError", "OptionError",
    "SaveError", "dumps", "game_class", "load_game", "new_game", "parse_card", "parse_cards",
]

# Game name -> module; imported on first use so the page loads only the game it plays.
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


def load_game(data: dict[str, Any] | str | bytes) -> Game[Any, Any]:
    """Rebuild a game from a save; raise SaveError with a clear message if it is bad."""
    return load(data)

"""pygame_core: the rules of Avissinia, Avinas and Abyssinia, and their computer players.

Pure Python with no dependencies and no browser imports: it runs unchanged under CPython
and Pyodide.  ``new_game(name, seed=..., **options)`` starts a game; ``load_game(save)``
rebuilds one from a save.  This module only gathers the public calls for scripts and
tests: no module of the package imports it (``tests/test_layers.py``).
"""

from __future__ import annotations

from typing import Any

from .base import Game, GameError, IllegalActionError, OptionError
from .cards import Card, CardError, parse_card, parse_cards
from .engines import GAMES, game_class, new_game
from .saves import SaveError, dumps, load

__all__ = [
    "GAMES", "Card", "CardError", "Game", "GameError", "IllegalActionError", "OptionError",
    "SaveError", "dumps", "game_class", "load_game", "new_game", "parse_card", "parse_cards",
]


def load_game(data: dict[str, Any] | str | bytes) -> Game[Any, Any]:
    """Rebuild a game from a save; raise SaveError with a clear message if it is bad."""
    return load(data)

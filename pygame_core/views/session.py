"""The page's pure bookkeeping: share links and the save slots kept in the browser.

A slot holds the engine's save (``Game.to_json()``, checked on load) wrapped with what the
page adds: the opponents' levels, the slot's name and when it was saved.
"""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Mapping, Sequence
from typing import Any

from .. import GAMES, Game, inputs
from ..opponents import LEVELS, Opponent, make_opponent
from . import GAME_TITLES

PREFIX = "cardtable:"  # every key the page writes to localStorage starts with this
CURRENT = PREFIX + "current"  # the game in progress, saved after every move
SETTINGS = PREFIX + "settings"
SLOT = PREFIX + "slot:"  # named saves: SLOT + name
SLOT_KIND = "cardtable.slot"
SLOT_VERSION = 1
# Query parameters that are the page's own, not the game's options.
PAGE_PARAMS = frozenset({"game", "seed", "speed", "embed", "levels", "sw", "snapshot"})
DEFAULT_LEVEL = LEVELS[len(LEVELS) // 2]
MAX_OPPONENTS = 7  # Abyssinia seats up to eight players
# Options a share link always spells out, even at their defaults (a link is read by people).
SHOWN_OPTIONS = ("players", "chips")


def opponent(game: str, level: str, seat: int, seed: int) -> Opponent:
    """The computer player the page seats: ``make_opponent``, or the random baseline while
    a game has no opponents module of its own yet (the table stays playable)."""
    try:
        return make_opponent(game, level, seat, seed)
    except ModuleNotFoundError as exc:
        if exc.name != f"pygame_core.opponents.{game}":
            raise
        return Opponent(game, seat, seed)


def available_games() -> list[tuple[str, bool]]:
    """Every game with whether its module is there (found without importing it)."""
    out = []
    for name, module in GAMES.items():
        try:
            ok = importlib.util.find_spec(module) is not None
        except ImportError:
            ok = False
        out.append((name, ok))
    return out


def parse_query(params: Mapping[str, str]) -> inputs.Link | None:
    """Read a share link's query (``game``, ``seed`` and the game's options) with the one
    validating reader (``inputs.read_link``).  Without a seed the link deals afresh each
    time it is opened.  None if the address names no game; OptionError (with the engine's
    words) if it is broken: an unknown game, a bad seed, a bad option."""
    link = inputs.read_link(list(params.items()))
    return link if link.game is not None else None


# Characters a query value may hold unescaped.  Our links carry numbers, booleans, names,
# levels and card codes, which never need escaping.
_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789,.-_")


def encode_query(params: Mapping[str, str]) -> str:
    """``urlencode``, without importing urllib.parse when nothing needs escaping: that
    import costs about 50 ms of the page's start under Pyodide, for links that are plain."""
    if all(_PLAIN.issuperset(k) and _PLAIN.issuperset(v) for k, v in params.items()):
        return "&".join(f"{k}={v}" for k, v in params.items())
    from urllib.parse import urlencode  # rare: only for unusual values

    return urlencode(params)


def share_query(game: Game[Any, Any], levels: Sequence[str] | None = None) -> str:
    """The query string of a link that deals this game again from its start."""
    return encode_query(share_params(game, levels))


def share_params(game: Game[Any, Any], levels: Sequence[str] | None = None) -> dict[str, str]:
    """The query parameters of ``share_query``, in order."""
    params: dict[str, str] = {"game": game.NAME, "seed": str(game.seed)}
    options = {name: getattr(game.options, name) for name in SHOWN_OPTIONS
               if hasattr(game.options, name)}
    options.update(game.options_dict())
    for name, value in options.items():
        if isinstance(value, bool):
            params[name] = "1" if value else "0"
        elif isinstance(value, list):
            params[name] = ",".join(str(v) for v in value)
        else:
            params[name] = str(value)
    if levels:
        params["levels"] = ",".join(levels)
    return params


def clean_levels(levels: object, count: int = 3) -> list[str]:
    """``count`` valid levels (one per opponent), whatever was stored (a bad or missing
    entry becomes the default)."""
    out = [DEFAULT_LEVEL] * count
    if isinstance(levels, (list, tuple)):
        for i, level in enumerate(levels[:count]):
            if level in LEVELS:
                out[i] = str(level)
    return out


def wrap_save(game: Game[Any, Any], levels: Sequence[str], name: str, saved_at: str) -> str:
    """A slot's JSON text: the engine's save plus the page's own fields."""
    return json.dumps({
        "kind": SLOT_KIND,
        "version": SLOT_VERSION,
        "name": name,
        "saved_at": saved_at,
        "levels": list(levels),
        "save": game.to_json(),
    }, ensure_ascii=False)


# A slot's game as read back: the one reader of outside input (``inputs``) does it.
Loaded = inputs.Slot


def unwrap_save(text: str) -> Loaded:
    """Rebuild a slot's game; SaveError with a clear message if it cannot be used."""
    return inputs.read_slot(text)


def save_summary(key: str, text: str) -> dict[str, Any]:
    """A slot as the saves list shows it, read without replaying the game (never raises)."""
    return dict(inputs.slot_summary(key, text, GAME_TITLES, SLOT))

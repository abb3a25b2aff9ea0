"""Saves: a game as a replay log, validated on load and migrated by version.

A save is ``{format, version, game, options, seed, actions, check}``.  Loading replays the
actions through ``apply``, so an action that the rules refuse (a tampered or inconsistent
log) is reported with its position; ``check`` is a digest of the rest, so an edit that
happens to stay legal is caught as well.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .base import GameError

if TYPE_CHECKING:
    from .base import Game

SAVE_FORMAT = "pygame_core.save"
SAVE_VERSION = 1
# version -> function turning a save of that version into one of the next version.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
MAX_SAVE_BYTES = 2_000_000


class SaveError(GameError):
    """A save that cannot be loaded: the message says why."""


def _digest(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()[:32]


def save_dict(game: Game[Any, Any]) -> dict[str, Any]:
    body: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": game.NAME,
        "options": game.options_dict(),
        "seed": game.seed,
        "actions": list(game.history),
    }
    body["check"] = _digest(body)
    return body


def dumps(game: Game[Any, Any]) -> str:
    return json.dumps(save_dict(game), ensure_ascii=False)


def _require(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise SaveError(f"save is incomplete: it has no {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise SaveError(f"save is damaged: {key!r} has the wrong type")
    return value


def load(data: dict[str, Any] | str | bytes) -> Game[Any, Any]:
    """Rebuild a game from a save (a dict or its JSON text); raise SaveError if it is bad."""
    from . import GAMES, new_game

    if isinstance(data, (str, bytes)):
        if len(data) > MAX_SAVE_BYTES:
            raise SaveError("save is too large to be a game of ours")
        try:
            data = json.loads(data)
        except (ValueError, UnicodeDecodeError) as exc:
            raise SaveError(f"save is not valid JSON (damaged or truncated): {exc}") from exc
    if not isinstance(data, dict):
        raise SaveError("save is not a JSON object")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"not a saved game of ours (format {data.get('format')!r})")
    version = _require(data, "version", int)
    if version > SAVE_VERSION or version < 1:
        raise SaveError(
            f"save version {version} is not one this program reads (it reads 1 to {SAVE_VERSION})"
        )
    while version < SAVE_VERSION:
        data = MIGRATIONS[version](data)
        version = data["version"]
    name = _require(data, "game", str)
    if name not in GAMES:
        raise SaveError(f"save is for an unknown game {name!r}")
    options = _require(data, "options", dict)
    seed = _require(data, "seed", int)
    actions = _require(data, "actions", list)
    check = _require(data, "check", str)
    body = {k: v for k, v in data.items() if k != "check"}
    if _digest(body) != check:
        raise SaveError("save has been altered or damaged (its check does not match)")
    try:
        game = new_game(name, seed=seed, **options)
    except GameError as exc:
        raise SaveError(f"save has bad settings: {exc}") from exc
    for number, text in enumerate(actions, 1):
        if not isinstance(text, str):
            raise SaveError(f"save is damaged: move {number} is not text")
        try:
            game.apply(text)
        except GameError as exc:
            raise SaveError(f"save is inconsistent at move {number} ({text!r}): {exc}") from exc
    return game

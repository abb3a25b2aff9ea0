"""What a save holds, as ``Game.to_json`` writes it: the fields and their digests.

Kept apart from ``saves.py`` (which reads, checks and migrates saves, and needs the
engine) so that the engine's base can write a save without importing its reader: the
dependency runs one way, ``saves`` -> ``base`` -> ``save_format``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any, Protocol


class Saved(Protocol):
    """What a save is written from: a ``base.Game``, named here by what is read of it (so
    that this module, which ``base`` imports, imports nothing back)."""

    @property
    def NAME(self) -> str: ...  # the game's class attribute

    @property
    def seed(self) -> int: ...

    @property
    def history(self) -> Sequence[str]: ...

    def options_dict(self) -> dict[str, Any]: ...

    def full_state(self) -> dict[str, Any]: ...


SAVE_FORMAT = "pygame_core.save"
SAVE_VERSION = 2


def digest(body: Any) -> str:
    """A short digest of JSON data, the same for the same data however its keys are
    ordered; TypeError or ValueError for what is not JSON data."""
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()[:32]


def state_digest(game: Saved, keys: list[str] | None = None) -> dict[str, Any]:
    """``reaches``: the fields of ``full_state()`` that a save vouches for, and their digest."""
    state = game.full_state()
    keys = sorted(state) if keys is None else keys
    return {"keys": keys, "digest": digest([state.get(k) for k in keys])}


def save_dict(game: Saved) -> dict[str, Any]:
    """The save of ``game``: its deal and moves, the position they reach, and a check."""
    body: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": game.NAME,
        "options": game.options_dict(),
        "seed": game.seed,
        "actions": list(game.history),
        "reaches": state_digest(game),
    }
    body["check"] = digest(body)
    return body

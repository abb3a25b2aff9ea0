"""Saves: a game as a replay log, validated on load and migrated by version.

A save is ``{format, version, game, options, seed, actions, reaches, check}``.  Loading
replays the actions through ``apply``, so an action that the rules refuse (a tampered or
inconsistent log) is reported with its position; ``check`` is a digest of the rest, so an
edit that happens to stay legal is caught as well.  ``reaches`` (version 2) is a digest of
``full_state()`` after the replay, over the state's fields at the time of saving (so a later
version may add fields): a save made by a version that deals differently is reported instead
of silently becoming another game.

Every problem is a SaveError, whatever the input: the text is read strictly (no NaN or
Infinity, no repeated keys, limited nesting and size) before anything is built from it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .base import GameError, options_from
from .engines import GAMES, game_class
from .i18n import _
from .save_format import SAVE_FORMAT, SAVE_VERSION, digest, save_dict, state_digest
from .strict_json import SAVE, Refusals, read_json

if TYPE_CHECKING:
    from .base import Game

MAX_SAVE_BYTES = 2_000_000
MAX_ACTIONS = 100_000
MAX_ACTION_CHARS = 40
# A save nests options -> deck -> card (3 levels); a slot wraps it once more.
MAX_SAVE_DEPTH = 4


class SaveError(GameError):
    """A save that cannot be loaded: the message says why."""


def _digest(body: Any) -> str:
    try:
        return digest(body)
    except (TypeError, ValueError) as exc:  # only a dict built in Python can get here
        raise SaveError(_("save holds something that is not JSON data: {reason}").format(
            reason=exc)) from exc


def _with_check(data: dict[str, Any]) -> None:
    check = _require(data, "check", str)
    if _digest({k: v for k, v in data.items() if k != "check"}) != check:
        raise SaveError(_("save has been altered or damaged (its check does not match)"))


def _from_version_1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 had no ``reaches``: its position is taken on trust (its check still holds)."""
    _with_check(data)
    body = {k: v for k, v in data.items() if k != "check"}
    body.update(version=2, reaches=None)
    body["check"] = _digest(body)
    return body


# version -> function turning a save of that version into one of the next version.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _from_version_1}


def depth(value: Any) -> int:
    """How deeply lists and dicts nest in ``value`` (iteratively: it may be deep)."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (dict, list)):
            level += 1
            deepest = max(deepest, level)
            if level > 64:
                break
            stack.extend((v, level) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


def parse_json(text: str | bytes, max_depth: int, what: Refusals = SAVE) -> Any:
    """JSON from outside, read strictly: SaveError for anything that is not plain data."""
    return read_json(text, max_depth, what, SaveError, MAX_SAVE_BYTES)


__all__ = ["SAVE_FORMAT", "SAVE_VERSION", "SaveError", "dumps", "load", "parse_json",
           "read_header", "save_dict", "state_digest"]


def dumps(game: Game[Any, Any]) -> str:
    return json.dumps(save_dict(game), ensure_ascii=False)


def _require(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        # Translators: {field} is a field of the save's file, as written in it.
        raise SaveError(_("save is incomplete: it has no {field}").format(field=repr(key)))
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise SaveError(_("save is damaged: {field} has the wrong type").format(
            field=repr(key)))
    return value


def read_header(data: Any) -> dict[str, Any]:
    """A save's fields, checked and migrated to this version, without replaying it (the
    saves list reads this); SaveError if anything is wrong."""
    if isinstance(data, (str, bytes)):
        data = parse_json(data, MAX_SAVE_DEPTH)
    if not isinstance(data, dict):
        raise SaveError(_("save is not a JSON object"))
    if depth(data) > MAX_SAVE_DEPTH:
        raise SaveError(_("save is damaged: it nests deeper than a saved game does"))
    if data.get("format") != SAVE_FORMAT:
        # Translators: {format} is the format written in the file.
        raise SaveError(_("not a saved game of ours (format {format})").format(
            format=repr(str(data.get("format"))[:40])))
    version = _require(data, "version", int)
    if version > SAVE_VERSION or version < 1:
        raise SaveError(_("save version {version} is not one this program reads (it reads 1 "
                          "to {newest})").format(version=version, newest=SAVE_VERSION))
    migrated = version < SAVE_VERSION
    while version < SAVE_VERSION:
        data = MIGRATIONS[version](data)
        version = data["version"]
    name = _require(data, "game", str)
    if name not in GAMES:
        raise SaveError(_("save is for an unknown game {name}").format(name=repr(name[:40])))
    _require(data, "options", dict)
    _require(data, "seed", int)
    actions = _require(data, "actions", list)
    if len(actions) > MAX_ACTIONS:
        raise SaveError(_("save is too long to be a game of ours"))
    for number, text in enumerate(actions, 1):
        if not isinstance(text, str) or len(text) > MAX_ACTION_CHARS:
            raise SaveError(_("save is damaged: move {number} is not a move's text").format(
                number=number))
    reaches = data.get("reaches")
    if not (reaches is None and migrated) and not (
        isinstance(reaches, dict) and set(reaches) == {"keys", "digest"}
        and isinstance(reaches["keys"], list) and len(reaches["keys"]) <= 200
        and all(isinstance(k, str) for k in reaches["keys"])
        and isinstance(reaches["digest"], str)
    ):
        raise SaveError(_("save is damaged: it does not say what position its moves reach"))
    _with_check(data)
    header: dict[str, Any] = data
    return header


def load(data: dict[str, Any] | str | bytes) -> Game[Any, Any]:
    """Rebuild a game from a save (a dict or its JSON text); raise SaveError if it is bad."""
    data = read_header(data)
    seed, actions = data["seed"], data["actions"]
    try:
        cls = game_class(data["game"])
    except ImportError as exc:
        raise SaveError(_("the game {name} is not available in this version").format(
            name=repr(data["game"]))) from exc
    try:  # the options are data, never keyword arguments (an option named "seed" is refused)
        game = cls(options_from(cls.OPTIONS, data["options"]), seed)
    except GameError as exc:
        raise SaveError(_("save has bad settings: {reason}").format(reason=exc)) from exc
    for number, text in enumerate(actions, 1):
        try:
            game.apply(text)
        except GameError as exc:
            # Translators: {move} is the move's text as the save keeps it (not translated).
            raise SaveError(_("save is inconsistent at move {number} ({move}): {reason}").format(
                number=number, move=repr(text), reason=exc)) from exc
    reaches = data["reaches"]
    if reaches is not None and state_digest(game, reaches["keys"]) != reaches:
        # Translators: {game} is the game's name (Avinas).
        raise SaveError(_("this {game} save was made by a version of the game that deals "
                          "differently: its moves lead to another position here, so it cannot "
                          "be continued").format(game=_(cls.TITLE)))
    return game

"""The one reader of what comes from outside: a share link's query, a slot's stored text
and an imported file.

Every problem becomes the engine's own error, with a message a player can act on:
OptionError for a link, SaveError for a slot or a file.  Nothing else escapes: numbers are
ASCII digits of a sane length, option names are only the game's own and are passed as data
(never as keyword arguments, so an option named ``seed`` or ``name`` cannot collide), and
every text has a size and nesting limit.

Rule for repeated keys: a link that names a parameter twice is refused (which of the two
was meant cannot be guessed); so is a saved text with a key twice in one object.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from . import GAMES, game_class
from .base import (
    MAX_SEED,
    Game,
    GameError,
    OptionError,
    check_seed,
    options_from,
    read_digits,
    short_repr,
)
from .opponents import LEVELS
from .registry import SPECS
from .saves import MAX_SAVE_DEPTH, SaveError, load, parse_json, read_header

# The page's own query parameters; every other one must be an option of the game.
PAGE_PARAMS = ("game", "seed", "speed", "embed", "levels", "sw", "snapshot", "parent")
MAX_PAIRS = 40
MAX_KEY_CHARS = 30
MAX_VALUE_CHARS = 300  # a scripted 52-card deck, comma-separated, is about 210
SEED_DIGITS = 19  # MAX_SEED has 19 digits
SPEEDS = (0, 1400)  # milliseconds between the others' moves: the Pace select's range
MAX_OPPONENTS = 7
SLOT_KIND = "cardtable.slot"
SLOT_VERSION = 1
MAX_SLOT_DEPTH = MAX_SAVE_DEPTH + 3  # the wrapper, and an export's statistics
MAX_LABEL_CHARS = 200  # a slot's name and time


@dataclasses.dataclass(frozen=True)
class Link:
    """What an address asks for.  ``game`` None: no deal (the menu, or the game in
    progress); ``seed`` None: a fresh deal each time the link is opened."""

    game: str | None = None
    seed: int | None = None
    options: tuple[tuple[str, str], ...] = ()
    levels: tuple[str, ...] | None = None
    speed: int | None = None
    embed: bool = False

    def start(self) -> Game[Any, Any]:
        """The deal itself; OptionError naming what the link got wrong."""
        if self.game is None:
            raise OptionError("the link names no game")
        seed = random.randrange(2**53) if self.seed is None else self.seed
        game = start_game(self.game, seed, dict(self.options))
        wanted = game.num_players - 1
        if self.levels is not None and len(self.levels) != wanted:
            raise OptionError(
                f"levels must name {wanted} opponents for {game.num_players} players, "
                f"not {len(self.levels)}"
            )
        return game


def start_game(name: str, seed: int, options: dict[str, object]) -> Game[Any, Any]:
    """``new_game`` with the options as data: OptionError for any problem."""
    if name not in GAMES:
        raise OptionError(f"unknown game {short_repr(name)} (games: {', '.join(GAMES)})")
    try:
        cls = game_class(name)
    except ImportError as exc:
        raise OptionError(f"the game {name!r} is not available yet") from exc
    return cls(options_from(cls.OPTIONS, options), check_seed(seed))


def read_levels(text: str) -> tuple[str, ...]:
    levels = tuple(t.strip() for t in text.split(","))
    if not 1 <= len(levels) <= MAX_OPPONENTS or any(level not in LEVELS for level in levels):
        raise OptionError(
            f"levels must be one per opponent, each {', '.join(LEVELS)}, separated by commas,"
            f" not {short_repr(text)}"
        )
    return levels


def read_link(pairs: Sequence[tuple[str, str]]) -> Link:
    """Read an address's query as (key, value) pairs in order (repeats kept, so they can be
    refused).  OptionError if anything is wrong; ``Link().game`` None if it names no game."""
    if len(pairs) > MAX_PAIRS:
        raise OptionError(f"the link has {len(pairs)} parameters: no link of ours has so many")
    values: dict[str, str] = {}
    for pair in pairs:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise OptionError("the link's parameters must be names with values")
        key, value = pair
        if not isinstance(key, str) or not isinstance(value, str):
            raise OptionError("the link's parameters must be text")
        if not key:
            raise OptionError("the link has a parameter with no name (an '=' with nothing before)")
        if len(key) > MAX_KEY_CHARS or not key.isascii() or not key.replace("_", "a").isalnum():
            raise OptionError(f"the link has a parameter named {short_repr(key)}: no game uses it")
        if len(value) > MAX_VALUE_CHARS:
            raise OptionError(f"the link's {key} is {len(value)} characters long: too long")
        if key in values:
            raise OptionError(f"the link names {key} twice: keep one of them")
        values[key] = value
    game = values.get("game")
    seed = None
    if "seed" in values:
        seed = read_digits(values["seed"], SEED_DIGITS)
        if game is None:
            raise OptionError("the link has a seed but no game")
        if seed is None:
            raise OptionError(
                f"seed must be a whole number from 0 to {MAX_SEED}, written with the digits"
                f" 0-9, not {short_repr(values['seed'])}"
            )
        seed = check_seed(seed)
    speed = None
    if "speed" in values:
        speed = read_digits(values["speed"], 5)
        if speed is None or not SPEEDS[0] <= speed <= SPEEDS[1]:
            raise OptionError(
                f"speed must be a pause in milliseconds from {SPEEDS[0]} to {SPEEDS[1]},"
                f" written with the digits 0-9, not {short_repr(values['speed'])}"
            )
    embed = values.get("embed", "0")
    if embed not in ("0", "1"):
        raise OptionError(f"embed must be 1 (inside another page) or 0, not {short_repr(embed)}")
    options = tuple((k, v) for k, v in values.items() if k not in PAGE_PARAMS)
    if game is None:
        if options or "levels" in values:
            raise OptionError("the link sets options but names no game (add game=...)")
        return Link(speed=speed, embed=embed == "1")
    if game not in GAMES:
        raise OptionError(f"unknown game {short_repr(game)} (games: {', '.join(GAMES)})")
    levels = read_levels(values["levels"]) if "levels" in values else None
    if options:  # names checked now, so the message comes before any deal is made
        try:
            fields = game_class(game).OPTIONS.__dataclass_fields__
        except ImportError as exc:
            raise OptionError(f"the game {game!r} is not available yet") from exc
        for name, _ in options:
            if name not in fields:
                raise OptionError(
                    f"{name} is not an option of {game} (its options: {', '.join(fields)})"
                )
    return Link(game, seed, options, levels, speed, embed == "1")


@dataclasses.dataclass
class Slot:
    """A slot's game, rebuilt, with what the page keeps beside it."""

    game: Game[Any, Any]
    levels: list[str]
    name: str
    saved_at: str


def _slot_dict(text: object) -> dict[str, Any]:
    """A slot's (or an imported file's) JSON, checked as far as it can be without replaying
    the game: the wrapper, and the engine's save inside it."""
    if not isinstance(text, (str, bytes)):
        raise SaveError("save is not text")
    data = parse_json(text, MAX_SLOT_DEPTH)
    if not isinstance(data, dict):
        raise SaveError("save is not a JSON object")
    if data.get("kind") == SLOT_KIND:
        version = data.get("version")
        if version != SLOT_VERSION or isinstance(version, bool):
            raise SaveError(f"save slot version {short_repr(version)} is not one this page reads")
        if not isinstance(data.get("save"), dict):
            raise SaveError("save is incomplete: it holds no game")
        return data
    if "actions" in data and "format" in data:  # an engine save on its own
        return {"kind": SLOT_KIND, "version": SLOT_VERSION, "save": data}
    raise SaveError("not a saved game of this card table")


def _label(value: object) -> str:
    return value[:MAX_LABEL_CHARS] if isinstance(value, str) else ""


def clean_levels(levels: object, count: int) -> list[str]:
    """``count`` valid levels, whatever was stored: a bad or missing one is the default."""
    default = LEVELS[len(LEVELS) // 2]
    out = [default] * count
    if isinstance(levels, list):
        for i, level in enumerate(levels[:count]):
            if isinstance(level, str) and level in LEVELS:
                out[i] = level
    return out


def read_slot(text: object) -> Slot:
    """Rebuild a slot's (or an imported file's) game; SaveError saying why it cannot be."""
    data = _slot_dict(text)
    game = load(data["save"])
    return Slot(game, clean_levels(data.get("levels"), game.num_players - 1),
                _label(data.get("name")), _label(data.get("saved_at")))


def slot_summary(key: str, text: object, titles: dict[str, str] | None = None,
                 prefix: str = "") -> dict[str, str]:
    """A slot as the saves list shows it, read without replaying the game.  Never raises:
    a damaged slot comes back with its ``error``, so the list opens and it can be deleted."""
    name = key[len(prefix):] if prefix and key.startswith(prefix) else key
    try:
        data = _slot_dict(text)
        save = read_header(data["save"])
    except GameError as exc:
        return {"key": key, "name": name, "error": str(exc), "title": "", "detail": ""}
    game, options = save["game"], save["options"]
    mode = SPECS[game].describe_options(options)
    saved_at = _label(data.get("saved_at"))
    when = f", saved {saved_at[:16].replace('T', ' ')}" if saved_at else ""
    return {
        "key": key, "name": name, "error": "",
        "title": (titles or {}).get(game, game) + mode,
        "detail": f"{len(save['actions'])} moves played{when}",
    }

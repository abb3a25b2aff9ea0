"""Share links, both ways: the one reader of an address's query, and the writer of the
query that deals a game again (the stored texts have theirs in ``session/storage.py``).

Every problem becomes the engine's own error, OptionError, with a message a player can act
on.  Nothing else escapes: numbers are ASCII digits of a sane length, option names are only
the game's own and are passed as data (never as keyword arguments, so an option named
``seed`` or ``name`` cannot collide), and every value has a size limit.

Rule for repeated keys: a link that names a parameter twice is refused (which of the two
was meant cannot be guessed).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from .base import (
    MAX_SEED,
    Game,
    OptionError,
    check_seed,
    options_from,
    read_digits,
    short_repr,
)
from .engines import GAMES, game_class
from .i18n import _, ngettext
from .opponents import LEVELS
from .query import encode_query

# The page's own query parameters; every other one must be an option of the game.  Those
# that say how the page runs (not which deal) stay in the address bar as the game goes on.
DEAL_PARAMS = ("game", "seed", "levels")
PAGE_RUN_PARAMS = ("speed", "embed", "sw", "snapshot", "parent", "lang")
PAGE_PARAMS = DEAL_PARAMS + PAGE_RUN_PARAMS
LEARN_PARAM = "learn"  # ?learn=GAME opens that game's lesson (session/lesson_screen.py)
MAX_PAIRS = 40
MAX_KEY_CHARS = 30
MAX_VALUE_CHARS = 300  # a scripted 52-card deck, comma-separated, is about 210
SEED_DIGITS = 19  # MAX_SEED has 19 digits
SPEEDS = (0, 1400)  # milliseconds between the others' moves: the Pace select's range
MAX_OPPONENTS = 7  # Abyssinia seats up to eight players
DEFAULT_LEVEL = LEVELS[len(LEVELS) // 2]
# Options a share link always spells out, even at their defaults (a link is read by people).
SHOWN_OPTIONS = ("players", "chips")


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
            raise OptionError(_("the link names no game"))
        seed = random.randrange(2**53) if self.seed is None else self.seed
        game = start_game(self.game, seed, dict(self.options))
        wanted = game.num_players - 1
        if self.levels is not None and len(self.levels) != wanted:
            # Translators: "levels" is the link's parameter, as typed in it (not translated).
            raise OptionError(ngettext(
                "levels must name {count} opponent for {players} players, not {given}",
                "levels must name {count} opponents for {players} players, not {given}",
                wanted).format(count=wanted, players=game.num_players, given=len(self.levels)))
        return game


def start_game(name: str, seed: int, options: dict[str, object]) -> Game[Any, Any]:
    """``new_game`` with the options as data: OptionError for any problem."""
    if name not in GAMES:
        # Translators: {games} lists the games' names as a link writes them (not translated).
        raise OptionError(_("unknown game {name} (games: {games})").format(
            name=short_repr(name), games=", ".join(GAMES)))
    try:
        cls = game_class(name)
    except ImportError as exc:
        raise OptionError(_("the game {name} is not available yet").format(
            name=repr(name))) from exc
    return cls(options_from(cls.OPTIONS, options), check_seed(seed))


def read_levels(text: str) -> tuple[str, ...]:
    levels = tuple(t.strip() for t in text.split(","))
    if not 1 <= len(levels) <= MAX_OPPONENTS or any(level not in LEVELS for level in levels):
        # Translators: "levels" is the link's parameter and {levels} the levels' names as a
        # link writes them (not translated).
        raise OptionError(_("levels must be one per opponent, each {levels}, separated by "
                            "commas, not {given}").format(levels=", ".join(LEVELS),
                                                          given=short_repr(text)))
    return levels


def read_link(pairs: Sequence[tuple[str, str]]) -> Link:
    """Read an address's query as (key, value) pairs in order (repeats kept, so they can be
    refused).  OptionError if anything is wrong; ``Link().game`` None if it names no game."""
    if len(pairs) > MAX_PAIRS:
        raise OptionError(_("the link has {count} parameters: no link of ours has so many").format(
            count=len(pairs)))
    values: dict[str, str] = {}
    for pair in pairs:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise OptionError(_("the link's parameters must be names with values"))
        key, value = pair
        if not isinstance(key, str) or not isinstance(value, str):
            raise OptionError(_("the link's parameters must be text"))
        if not key:
            raise OptionError(_("the link has a parameter with no name (an '=' with nothing "
                                "before)"))
        if len(key) > MAX_KEY_CHARS or not key.isascii() or not key.replace("_", "a").isalnum():
            raise OptionError(_("the link has a parameter named {name}: no game uses it").format(
                name=short_repr(key)))
        if len(value) > MAX_VALUE_CHARS:
            # Translators: {name} is the link's parameter, as typed in it.
            raise OptionError(_("the link's {name} is {count} characters long: too long").format(
                name=key, count=len(value)))
        if key in values:
            raise OptionError(_("the link names {name} twice: keep one of them").format(name=key))
        values[key] = value
    game = values.get("game")
    seed = None
    if "seed" in values:
        seed = read_digits(values["seed"], SEED_DIGITS)
        if game is None:
            # Translators: "seed" is the link's parameter (not translated).
            raise OptionError(_("the link has a seed but no game"))
        if seed is None:
            # Translators: "seed" is the link's parameter (not translated).
            raise OptionError(_("seed must be a whole number from 0 to {most}, written with "
                                "the digits 0-9, not {given}").format(
                most=MAX_SEED, given=short_repr(values["seed"])))
        seed = check_seed(seed)
    speed = None
    if "speed" in values:
        speed = read_digits(values["speed"], 5)
        if speed is None or not SPEEDS[0] <= speed <= SPEEDS[1]:
            # Translators: "speed" is the link's parameter (not translated).
            raise OptionError(_("speed must be a pause in milliseconds from {least} to {most}, "
                                "written with the digits 0-9, not {given}").format(
                least=SPEEDS[0], most=SPEEDS[1], given=short_repr(values["speed"])))
    embed = values.get("embed", "0")
    if embed not in ("0", "1"):
        # Translators: "embed" is the link's parameter (not translated).
        raise OptionError(_("embed must be 1 (inside another page) or 0, not {given}").format(
            given=short_repr(embed)))
    options = tuple((k, v) for k, v in values.items() if k not in PAGE_PARAMS)
    if game is None:
        if options or "levels" in values:
            # Translators: "game=..." is what to add to the link, as typed (not translated).
            raise OptionError(_("the link sets options but names no game (add game=...)"))
        return Link(speed=speed, embed=embed == "1")
    if game not in GAMES:
        raise OptionError(_("unknown game {name} (games: {games})").format(
            name=short_repr(game), games=", ".join(GAMES)))
    levels = read_levels(values["levels"]) if "levels" in values else None
    if options:  # names checked now, so the message comes before any deal is made
        try:
            fields = game_class(game).OPTIONS.__dataclass_fields__
        except ImportError as exc:
            raise OptionError(_("the game {name} is not available yet").format(
                name=repr(game))) from exc
        for name, _value in options:
            if name not in fields:
                # Translators: {name} and {options} are options as a link writes them; {game}
                # is a game's name as a link writes it (not translated).
                raise OptionError(_("{name} is not an option of {game} (its options: "
                                    "{options})").format(name=name, game=game,
                                                         options=", ".join(fields)))
    return Link(game, seed, options, levels, speed, embed == "1")


def clean_levels(levels: object, count: int) -> list[str]:
    """``count`` valid levels (one per opponent), whatever was stored or asked for: a bad
    or missing one is the default."""
    out = [DEFAULT_LEVEL] * count
    if isinstance(levels, (list, tuple)):
        for i, level in enumerate(levels[:count]):
            if isinstance(level, str) and level in LEVELS:
                out[i] = level
    return out


def share_params(game: Game[Any, Any], levels: Sequence[str] | None = None) -> dict[str, str]:
    """The query parameters of a link that deals this game again from its start, in order."""
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


def share_query(game: Game[Any, Any], levels: Sequence[str] | None = None) -> str:
    """The query string of ``share_params``."""
    return encode_query(share_params(game, levels))

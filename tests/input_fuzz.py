"""Every kind of input from outside the package, real examples of each, and ways to damage
or forge them: for the property tests (tests/test_input_fuzz.py) and for
benchmarks/fuzz_inputs.py, which prints the counts per surface.

A surface is one door into the package: ``run(item)`` feeds one input through it, and
returns "accepted" (taken as legitimate) or "refused" (turned away with the package's own
error, or answered with a message and nothing changed); anything else it raises is a bug
and ``outcome`` reports it as "other: ...".  Saves and slots are the save fuzz's
(tests/save_mutations.py).
"""

from __future__ import annotations

import base64
import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pygame_core import GAMES, GameError, new_game
from pygame_core import replay as codec
from pygame_core.links import read_link
from pygame_core.opponents import make_opponent
from pygame_core.session.commands import COMMANDS, Session
from pygame_core.session.core import HUMAN, Effects, finish_work
from pygame_core.session.host import accepts_command
from pygame_core.session.storage import (
    DictStorage,
    Keys,
    parse_choices,
    parse_settings,
    parse_stats,
    wrap_save,
)

WEIRD_TEXT = ["", " ", "³", "٣", "１", "-1", "0", "1" * 5000, "9" * 30, "NaN", "Infinity",
              "1e400", "null", "[]", "{}", "x" * 3000, "\x00", "é", ":", "deal:", "step:²",
              "deal:" + "9" * 5000, "end", "1:end", "a,b", "<b>", "'\"", "\\", "%00"]
WEIRD_VALUES: list[Any] = [None, True, False, 0, -1, 1.5, 2**70, 10**40,
                           float("inf"), float("nan"), "", "x" * 3000, "³", [], {}, [[[[1]]]],
                           {"a": {"b": {"c": 1}}}, ["easy", 3], "hard"]


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


def played(name: str, seed: int, moves: int, **options: Any) -> Any:
    game = new_game(name, seed=seed, **options)
    players = [make_opponent(name, "easy", s, seed) for s in range(game.num_players)]
    while not game.is_over and len(game.history) < moves:
        seat = game.current_player
        game.apply(players[seat].decide(game.observation(seat)))
    return game


# --- replay links -----------------------------------------------------------------------
def real_links() -> list[str]:
    """Links of every game and every version, short and long."""
    games = [played("avissinia", 3, 60, partnership=True), played("avinas", 4, 90),
             played("abyssinia", 5, 150, players=5), played("abyssinia", 6, 20, players=2)]
    return [codec.encode(g, version=v) for g in games for v in codec.READ_VERSIONS]


def _forge(rng: random.Random, link: str) -> str:
    """Edit the link's bytes and sign them again, as a forger would (a plain edit stops at
    the check)."""
    data = base64.urlsafe_b64decode(link + "=" * (-len(link) % 4))
    version, flags = data[0], data[1]
    body = data[2:-codec.CHECK_BYTES]
    if flags & codec.FLAG_DEFLATED:
        body = codec._inflate(body)
    kind = rng.randrange(5)
    b = bytearray(body)
    if kind == 0 and b:
        b[rng.randrange(len(b))] = rng.randrange(256)
    elif kind == 1:
        b[rng.randrange(len(b) + 1):] = bytes(rng.randrange(256) for _ in range(rng.randrange(8)))
    elif kind == 2:  # another count of moves
        b += codec._varint(rng.choice([0, 1, 5_000, 50_000, 50_001, 10**9]))
    elif kind == 3:  # other options
        name = next(g for g in GAMES if g.encode() in b)
        settings = [*WEIRD_VALUES, {"seed": 1}, {"name": "x"},
                    {"players": rng.choice(WEIRD_VALUES)}]
        opts = json.dumps(rng.choice(settings)).encode() if rng.random() < 0.8 \
            else deep(rng.choice([3, 50, 20_000])).encode()
        b = bytearray(codec._varint(len(name)) + name.encode() + codec._varint(7)
                      + codec._varint(len(opts)) + opts + codec._varint(rng.randrange(300))
                      + bytes(rng.randrange(256) for _ in range(rng.randrange(40))))
    else:
        version = rng.choice([0, 1, 2, 3, 4, 255])
    head = bytes((version, 0))
    return base64.urlsafe_b64encode(head + bytes(b) + codec._check(head, bytes(b))) \
        .rstrip(b"=").decode()


def _text_edit(rng: random.Random, text: str) -> str:
    i = rng.randrange(len(text) + 1)
    kind = rng.randrange(4)
    if kind == 0:
        return text[:i]
    if kind == 1:
        return text[:i] + text[i + 1:]
    if kind == 2:
        return text[:i] + rng.choice("AZaz09-_=%#&+/ ³") + text[i:]
    return text * rng.randrange(2, 40)


def run_replay_link(text: str) -> str:
    try:
        codec.decode(text)
    except codec.ReplayError:
        return "refused"
    return "accepted"


# --- share links --------------------------------------------------------------------------
REAL_QUERIES = [
    [("game", "avissinia"), ("seed", "12"), ("partnership", "1")],
    [("game", "avinas"), ("seed", "3"), ("levels", "easy,hard,medium"), ("speed", "0")],
    [("game", "abyssinia"), ("players", "6"), ("chips", "500"), ("embed", "1")],
    [("game", "abyssinia"), ("seed", "9"), ("players", "2"), ("levels", "hard")],
]


def _query_edit(rng: random.Random, pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    pairs = list(pairs)
    kind = rng.randrange(4)
    at = rng.randrange(len(pairs))
    if kind == 0:
        pairs[at] = (pairs[at][0], rng.choice(WEIRD_TEXT))
    elif kind == 1:
        pairs.append((rng.choice(["seed", "game", "target", "deck", "levels", "x", "", "³"]),
                      rng.choice(WEIRD_TEXT)))
    elif kind == 2:
        pairs.append(pairs[at])
    else:
        del pairs[at]
    return pairs


def run_share_link(pairs: list[tuple[str, str]]) -> str:
    try:
        link = read_link(pairs)
        if link.game is not None:
            link.start()
    except GameError:
        return "refused"
    return "accepted"


# --- stored entries -------------------------------------------------------------------------
KEYS = Keys()
STORED_READERS: dict[str, Callable[[str], object]] = {
    "settings": parse_settings, "stats": parse_stats, "choices": parse_choices}


def real_entries() -> list[tuple[str, str]]:
    """(key, text) as the page writes them: the game in progress, a slot, the settings,
    the statistics and the start form's choices."""
    game = played("avinas", 8, 40)
    slot = wrap_save(game, ["easy", "hard", "medium"], "Mine", "2026-12-01T20:00:00Z")
    return [
        (KEYS.current, slot), (KEYS.slot + "Mine", slot),
        (KEYS.settings, json.dumps({"pace": 700, "animations": False, "four_colour": True,
                                    "shortcuts": True})),
        (KEYS.stats, json.dumps({"avinas": {"played": 3, "won": 1, "best_score": 2,
                                            "streak": 0, "best_streak": 1}})),
        (KEYS.choices, json.dumps({"game": "abyssinia", "levels": ["hard"] * 5,
                                   "players": "6", "chips": "300"})),
    ]


def _json_edit(rng: random.Random, text: str) -> str:
    """Damage stored JSON: replace a value anywhere, nest it deep, or edit its text."""
    if rng.random() < 0.35:
        return _text_edit(rng, text)
    if rng.random() < 0.1:
        return deep(rng.choice([5, 100, 50_000]))
    data = json.loads(text)
    if rng.random() < 0.1 and isinstance(data, dict) and data:  # a number no reader can hold
        return text.replace(json.dumps(rng.choice(list(data))) + ": ",
                            json.dumps(rng.choice(list(data))) + ": " + "9" * 5000 + ", ", 1)
    stack: list[Any] = [data]
    holders = []
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            holders.extend((item, k) for k in item)
            stack.extend(item.values())
        elif isinstance(item, list):
            holders.extend((item, i) for i in range(len(item)))
            stack.extend(item)
    if not holders:
        return json.dumps(rng.choice(WEIRD_VALUES))
    holder, key = rng.choice(holders)
    holder[key] = rng.choice(WEIRD_VALUES)
    try:
        return json.dumps(data)
    except ValueError:
        return text[: len(text) // 2]


def run_stored_entry(entry: tuple[str, str]) -> str:
    """The page opened over this stored entry: its reader, then a session that starts,
    shows the start screen, the saves and the game, whatever the entry holds."""
    key, text = entry
    name = key.removeprefix(KEYS.prefix)
    reader = STORED_READERS.get(name)
    refused = False
    if reader is not None:
        refused = not reader(text) and text not in ("{}", "")
    session = Session(DictStorage({key: text}), pace=0, stamp=lambda: "2026-12-01T21:00:00Z")
    effects = session.start_from_address({})
    refused = refused or "could not be resumed" in session.notice
    session.html()
    session.command("saves")
    session.html()
    session.command("menu")
    assert "data-cmd=\"start\"" in session.html() or session.game is not None
    finish_work(effects)
    return "refused" if refused else "accepted"


# --- page commands ------------------------------------------------------------------------
def session_in(state: str, seed: int) -> Session:
    """A session in one of the states a command may meet it in."""
    session = Session(DictStorage({}), pace=0, stamp=lambda: "2026-12-01T21:00:00Z")
    if state == "start":
        return session
    game = {"avissinia": "avissinia", "avinas": "avinas"}.get(state, "abyssinia")
    session.start_from_address({"game": game, "seed": str(seed)})
    while session.waiting_for_computer():
        session.step()
    if state == "after-deal":
        while session.game is not None and session.game.deals_finished == 0:
            obs = session.game.observation(HUMAN)
            if obs["legal"] and session.game.current_player == HUMAN:
                session.human_play(obs["legal"][0])
            while session.waiting_for_computer():
                session.step()
    return session


COMMAND_NAMES = [*sorted(COMMANDS), "", "nope", "replay-deal", "x" * 500]
STATES = ("start", "avissinia", "avinas", "abyssinia", "after-deal")


@dataclass(frozen=True)
class Command:
    state: str
    seed: int
    name: str
    key: str | None
    fields: Mapping[str, str]


def random_command(rng: random.Random) -> Command:
    key = rng.choice([None, *WEIRD_TEXT, "0", "1", "deal:0", "step:3", "deal:0:end", "iframe",
                      "cardtable:slot:Mine"])
    fields = {rng.choice(["game", "width", "height", "deal", "save-name", "level-1",
                          "players", "chips", "partnership", "x"]): rng.choice(WEIRD_TEXT)
              for _ in range(rng.randrange(4))}
    return Command(rng.choice(STATES), rng.randrange(4), rng.choice(COMMAND_NAMES), key, fields)


def run_command(command: Command) -> str:
    session = session_in(command.state, command.seed)
    effects = session.command(command.name, command.key, command.fields)
    effects = finish_work(effects)
    session.html()
    refused = effects is None or (bool(effects.say) and not effects.draw)
    return "refused" if refused else "accepted"


# --- host messages (postMessage commands) -------------------------------------------------
def random_message(rng: random.Random) -> dict[str, Any]:
    data: dict[str, Any] = {"protocol": rng.choice(["card-table", "card-table", "x", None])}
    data["command"] = rng.choice(["new-game", "new-game", "pause", "resume", "nope", 3, None])
    for field in ("game", "seed", "options", "levels", "speed"):
        if rng.random() < 0.5:
            data[field] = rng.choice(WEIRD_VALUES + list(GAMES) + [10**5000, {"chips": 10**5000},
                {"players": rng.choice(WEIRD_VALUES)}, {"seed": 1}, {"partnership": 1},
                ["easy", "hard", "medium"]])
    return data


def run_message(data: dict[str, Any]) -> str:
    if not accepts_command(data, True, "https://host.example", None, False):
        return "refused"
    session = session_in("start", 1)
    effects: Effects | None = session.host_command(data)
    effects = finish_work(effects)
    posted = effects.post if effects is not None else []
    return "refused" if any(m.get("type") == "error" for m in posted) else "accepted"


# --- the surfaces ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Surface:
    name: str
    samples: Callable[[], list[Any]]
    mutate: Callable[[random.Random, Any], Any]
    run: Callable[[Any], str]


def _link_mutation(rng: random.Random, link: str) -> str:
    return _forge(rng, link) if rng.random() < 0.6 else _text_edit(rng, link)


SURFACES = [
    Surface("replay link", real_links, _link_mutation, run_replay_link),
    Surface("share link", lambda: REAL_QUERIES, _query_edit, run_share_link),
    Surface("stored entry", real_entries,
            lambda rng, entry: (entry[0], _json_edit(rng, entry[1])), run_stored_entry),
    Surface("page command", lambda: [None], lambda rng, _: random_command(rng), run_command),
    Surface("host message", lambda: [None], lambda rng, _: random_message(rng), run_message),
]


def outcome(surface: Surface, item: Any) -> str:
    try:
        return surface.run(item)
    except Exception as exc:  # anything else is a bug: say what and where
        try:
            shown = repr(item)[:120]
        except ValueError:  # an integer too long to print
            shown = type(item).__name__
        return f"other: {type(exc).__name__}: {str(exc)[:200]} <- {shown}"

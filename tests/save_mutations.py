"""Real saves of every game, and many ways to damage them: for the save fuzz test and for
benchmarks/fuzz_saves.py, which prints the counts.

``outcome(text)`` feeds one text to the readers: "refused" (a SaveError), "loaded" (a game
that is legitimate: it saves and reloads to the same state, and every seat can observe it)
or "other: ..." (anything else, which must never happen).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from pygame_core import GAMES, SaveError, dumps, load_game, new_game
from pygame_core.saves import _digest
from pygame_core.session.storage import read_slot, slot_summary

WEIRD_NUMBERS = ["³", "٣", "１", "Infinity", "-Infinity", "NaN", "1e400", "9" * 5000,
                 "-0", "1.5", "true", "null", '"7"', "[]", "{}", "1" + "0" * 25]
WEIRD_VALUES: list[Any] = [None, True, 1.5, -1, 2**70, "", "x" * 3000, "³", [], {}, [[[[1]]]],
                           ["ZZ"], {"a": 1}, float("inf")]


def real_saves() -> list[dict[str, Any]]:
    """Saves of every game: fresh, mid-game and long, with options and a scripted deck."""
    out = []
    for name in GAMES:
        for seed, moves in ((1, 0), (2, 15), (3, 120)):
            options: dict[str, Any] = {"abyssinia": {"players": 3 + seed}}.get(name, {})
            if seed == 2:
                from pygame_core import game_class
                from pygame_core.cards import full_pack, short_pack

                pack = short_pack() if name == "avinas" else full_pack()
                random.Random(seed).shuffle(pack)
                options = {**options, "deck": [c.code for c in pack]}
                assert game_class(name)  # the module is there
            game = new_game(name, seed=seed, **options)
            rng = random.Random(seed)
            for _ in range(moves):
                if game.is_over:
                    break
                game.apply(rng.choice(game.legal_actions()))
            out.append(json.loads(dumps(game)))
    return out


def wrap(save: Any) -> str:
    return json.dumps({"kind": "cardtable.slot", "version": 1, "name": "n",
                       "saved_at": "2026-12-01T00:00:00", "levels": ["easy"] * 7,
                       "save": save})


def resign(save: Any) -> Any:
    """Recompute the check, as a careful forger would (else most edits stop there)."""
    if isinstance(save, dict):
        body = {k: v for k, v in save.items() if k != "check"}
        try:
            return {**body, "check": _digest(body)}
        except SaveError:
            return save
    return save


# --- mutations: (rng, save) -> the text to read ----------------------------------------
def _text_edit(rng: random.Random, save: dict[str, Any]) -> str:
    text = json.dumps(save) if rng.random() < 0.5 else wrap(save)
    i = rng.randrange(len(text) + 1)
    kind = rng.randrange(6)
    if kind == 0:
        return text[:i]  # truncated
    if kind == 1:
        return text[:i] + text[i + 1:]
    if kind == 2:
        return text[:i] + rng.choice('[]{}",:0123456789-.eE\\ a³٣\x00') + text[i:]
    if kind == 3:
        j = rng.randrange(len(text) + 1)
        return text[:i] + text[min(i, j):max(i, j)] + text[i:]
    if kind == 4:
        return text[:i] + "[" * rng.choice([10, 1000, 100_000]) + text[i:]
    digits = [k for k, c in enumerate(text) if c.isdigit()]
    if not digits:
        return text
    k = rng.choice(digits)
    return text[:k] + rng.choice(WEIRD_NUMBERS) + text[k + 1:]


def _field_edit(rng: random.Random, save: dict[str, Any]) -> str:
    save = json.loads(json.dumps(save))
    key = rng.choice([*save, "extra"])
    kind = rng.randrange(3)
    if kind == 0:
        save.pop(key, None)
    elif kind == 1:
        save[key] = rng.choice(WEIRD_VALUES)
    else:
        save[key] = [save.get(key)] * rng.choice([2, 50])
    save = resign(save) if rng.random() < 0.8 else save
    return _dump(rng, save)


def _dump(rng: random.Random, save: Any) -> str:
    try:
        return wrap(save) if rng.random() < 0.5 else json.dumps(save)
    except ValueError:  # a float('inf') is written as Infinity: allow it, the reader refuses
        return json.dumps(save, allow_nan=True)


def _option_edit(rng: random.Random, save: dict[str, Any]) -> str:
    save = json.loads(json.dumps(save))
    options = save["options"]
    names = ["seed", "name", "cls", "self", "options", "__class__", "deck", "dealer",
             "players", "chips", "target", "partnership", "pip_target", "opponents_pips",
             "card_points", "rams_plain"]
    name = rng.choice(names + list(options))
    if name == "deck" and rng.random() < 0.7:
        deck = list(options.get("deck") or ["QC", "KC", "AC"])
        kind = rng.randrange(5)
        if kind == 0:
            deck[rng.randrange(len(deck))] = rng.choice([*WEIRD_VALUES, "ZZ", "QC", "1C"])
        elif kind == 1:
            deck.append(rng.choice(deck))
        elif kind == 2:
            deck.pop()
        elif kind == 3:
            rng.shuffle(deck)
        else:
            deck = ",".join(str(c) for c in deck)  # type: ignore[assignment]
        options["deck"] = deck
    else:
        options[name] = rng.choice([*WEIRD_VALUES, 0, 1, 3, 5, 12, "1", "1,2,3", [1, 2, 3],
                                    [1, 2], float("nan"), 10**9])
    return _dump(rng, resign(save))


def _action_edit(rng: random.Random, save: dict[str, Any]) -> str:
    save = json.loads(json.dumps(save))
    actions = save["actions"]
    kind = rng.randrange(5)
    if kind == 0 and actions:
        del actions[rng.randrange(len(actions))]
    elif kind == 1 and actions:
        i, j = rng.randrange(len(actions)), rng.randrange(len(actions))
        actions[i], actions[j] = actions[j], actions[i]
    elif kind == 2:
        actions.insert(rng.randrange(len(actions) + 1), rng.choice(
            ["pass", "bid 3", "bid ٣", "capture 2C pile ³", "trail QC", "fold", "call",
             "play QC trump H", "x" * 100, "", "bid 99999999999999999999"]))
    elif kind == 3 and actions:
        i = rng.randrange(len(actions))
        actions[i] = actions[i].translate(str.maketrans("0123", "⁰¹²³"))
    else:
        actions.append(rng.choice(WEIRD_VALUES))
    return _dump(rng, resign(save))


def _header_edit(rng: random.Random, save: dict[str, Any]) -> str:
    save = json.loads(json.dumps(save))
    kind = rng.randrange(4)
    if kind == 0:
        save["version"] = rng.choice([0, 1, 3, "2", True, 2.0, -1, 10**30])
        if save["version"] == 1:
            save.pop("reaches", None)
    elif kind == 1:
        save["seed"] = rng.choice([-1, 2**63, 2**64, 1.0, "1", True, save["seed"] + 1])
    elif kind == 2:
        save["reaches"] = rng.choice([None, {}, {"keys": [], "digest": "0"},
                                      {"keys": "x", "digest": 1}, [1]])
    else:
        save["game"] = rng.choice(["chess", "", "AVINAS", "avinas ", 3, None, *GAMES])
    return _dump(rng, resign(save))


def _wrapper_edit(rng: random.Random, save: dict[str, Any]) -> str:
    slot: dict[str, Any] = json.loads(wrap(save))
    key = rng.choice(["kind", "version", "name", "saved_at", "levels", "save", "stats"])
    slot[key] = rng.choice([*WEIRD_VALUES, "cardtable.slot", 1, 2])
    return json.dumps(slot, allow_nan=True)


MUTATIONS: list[Callable[[random.Random, dict[str, Any]], str]] = [
    _text_edit, _field_edit, _option_edit, _action_edit, _header_edit, _wrapper_edit,
]


def legitimate(game: Any) -> bool:
    """A loaded game that behaves as one: it saves and reloads to the same state, and every
    seat can observe it."""
    again = load_game(dumps(game))
    for seat in range(game.num_players):
        game.observation(seat)
    return bool(again.full_state() == game.full_state())


def outcome(text: str) -> str:
    """Read ``text`` as a slot (it may be a bare save) and as a bare save; list it."""
    results = []
    for reader in (read_slot, load_game):
        try:
            loaded = reader(text)
        except SaveError:
            results.append("refused")
            continue
        except Exception as exc:  # anything but SaveError is the failure counted
            return f"other: {type(exc).__name__}: {str(exc)[:120]} (from {reader.__name__})"
        game = getattr(loaded, "game", loaded)
        if not legitimate(game):
            return "other: loaded a game that does not reload to itself"
        results.append("loaded")
    try:  # the saves list reads every slot without replaying it, and must never fail
        summary = slot_summary("cardtable:current", text)
    except Exception as exc:  # anything but SaveError is the failure counted
        return f"other: slot_summary raised {type(exc).__name__}: {str(exc)[:120]}"
    if results[0] == "loaded" and summary["error"]:
        return "other: the saves list calls damaged a slot that loads"
    return results[0]

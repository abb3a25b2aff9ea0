"""Saves: round trips, and every kind of bad save refused with a clear error."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from pygame_core import SaveError, dumps, load_game, new_game


def played(seed: int = 4, moves: int = 30) -> Any:
    game = new_game("avissinia", seed=seed, partnership=True)
    rng = random.Random(seed)
    for _ in range(moves):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_save_is_the_documented_replay_log() -> None:
    save = played().to_json()
    assert set(save) == {
        "format", "version", "game", "options", "seed", "actions", "reaches", "check",
    }
    assert save["game"] == "avissinia" and save["options"] == {"partnership": True}
    assert len(save["actions"]) == 30


def test_save_round_trips_through_json_text() -> None:
    game = played()
    again = load_game(dumps(game))
    assert again.full_state() == game.full_state()
    assert again.legal_actions() == game.legal_actions()


def test_scripted_deck_survives_a_save() -> None:
    from pygame_core.cards import full_pack

    deck = full_pack()[::-1]
    game = new_game("avissinia", seed=2, deck=deck)
    game.apply(game.legal_actions()[0])
    assert load_game(dumps(game)).full_state() == game.full_state()


def test_truncated_save_is_refused() -> None:
    text = dumps(played())
    with pytest.raises(SaveError, match="not valid JSON"):
        load_game(text[: len(text) // 2])


def test_not_a_save_is_refused() -> None:
    with pytest.raises(SaveError, match="not a saved game"):
        load_game('{"hello": 1}')
    with pytest.raises(SaveError, match="not a JSON object"):
        load_game("[1, 2]")


@pytest.mark.parametrize("version", [0, 3, 99])
def test_wrong_version_is_refused(version: int) -> None:
    save = played().to_json()
    save["version"] = version
    with pytest.raises(SaveError, match=f"version {version}"):
        load_game(save)


def test_tampered_action_is_caught_by_the_check() -> None:
    save = played().to_json()
    save["actions"][3] = save["actions"][3].replace("trail", "add")
    with pytest.raises(SaveError, match="altered or damaged"):
        load_game(save)


def test_tampered_seed_is_caught_by_the_check() -> None:
    save = played().to_json()
    save["seed"] += 1
    with pytest.raises(SaveError, match="altered"):
        load_game(save)


def resign(save: dict[str, Any]) -> dict[str, Any]:
    """Recompute the check, as a careful forger would."""
    from pygame_core.saves import _digest

    body = {k: v for k, v in save.items() if k != "check"}
    return {**body, "check": _digest(body)}


def test_inconsistent_log_is_refused_with_the_move_number_even_when_resigned() -> None:
    save = played().to_json()
    save["actions"][5] = "capture AS pile 3"
    with pytest.raises(SaveError, match="move 6"):
        load_game(resign(save))


def test_bad_options_and_unknown_game_are_refused() -> None:
    save = played().to_json()
    with pytest.raises(SaveError, match="bad settings"):
        load_game(resign({**save, "options": {"partnership": "sometimes"}}))
    with pytest.raises(SaveError, match="unknown game"):
        load_game(resign({**save, "game": "snap"}))
    with pytest.raises(SaveError, match="wrong type"):
        load_game(resign({**save, "seed": "four"}))
    with pytest.raises(SaveError, match="no 'actions'"):
        load_game({k: v for k, v in save.items() if k != "actions"})


def test_a_save_from_a_finished_match_loads_finished() -> None:
    game = new_game("avissinia", seed=8)
    rng = random.Random(8)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    again = load_game(json.loads(dumps(game)))
    assert again.is_over and again.winners == game.winners


# --- version 2: a save knows the position it reaches ------------------------------------
V1_SAVES = json.loads((Path(__file__).parent / "data" / "saves_v1.json").read_text())


@pytest.mark.parametrize("name", sorted(V1_SAVES))
def test_a_version_1_save_written_by_the_old_program_migrates_and_loads(name: str) -> None:
    old = json.loads(V1_SAVES[name])
    assert old["version"] == 1 and "reaches" not in old
    game = load_game(V1_SAVES[name])
    assert name == game.NAME and game.history == old["actions"]
    again = game.to_json()  # saved again, it is a version 2 save that vouches for its end
    assert again["version"] == 2 and again["reaches"]["digest"]
    assert load_game(again).full_state() == game.full_state()


def test_a_tampered_version_1_save_is_still_caught_by_its_check() -> None:
    old = json.loads(V1_SAVES["avinas"])
    old["seed"] += 1
    with pytest.raises(SaveError, match="altered or damaged"):
        load_game(old)


def test_a_save_whose_moves_reach_another_position_is_reported() -> None:
    """As if the save came from a version whose shuffle differs: same moves, other deal."""
    save = played().to_json()
    save["reaches"] = {**save["reaches"], "digest": "0" * 32}
    with pytest.raises(SaveError, match="deals differently"):
        load_game(resign(save))


def test_a_later_field_in_the_state_does_not_break_an_older_save() -> None:
    save = played().to_json()
    save["reaches"]["keys"] = save["reaches"]["keys"][:-1]  # as if saved before that field
    from pygame_core.saves import state_digest

    save["reaches"] = state_digest(played(), save["reaches"]["keys"])
    assert load_game(resign(save)).history == save["actions"]


def test_a_version_2_save_must_say_what_it_reaches() -> None:
    save = played().to_json()
    with pytest.raises(SaveError, match="what position"):
        load_game(resign({**save, "reaches": None}))

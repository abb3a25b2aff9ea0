"""The one reader of outside input: hostile links, damaged slots, engine edges.

Every problem must come back as the engine's own error (a GameError) with a message that
names what to fix; nothing else may escape.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygame_core import GameError, IllegalActionError, OptionError, SaveError, new_game
from pygame_core.links import read_link
from pygame_core.saves import MAX_SAVE_BYTES
from pygame_core.session.storage import read_slot, slot_summary

Q = list[tuple[str, str]]

# (pairs, what the message must say): each a link a person could paste, truncate or edit.
HOSTILE_LINKS: list[tuple[Q, str]] = [
    ([("game", "avissinia"), ("deck", "ZZ")], "not a card: 'ZZ'"),
    ([("game", "avissinia"), ("deck", "QC,QC")], "names QC twice"),
    ([("game", "avissinia"), ("deck", "QC,KC")], "each of the 52 cards"),
    ([("game", "avinas"), ("seed", "³")], "digits 0-9"),
    ([("game", "avinas"), ("seed", "٣")], "digits 0-9"),
    ([("game", "avinas"), ("seed", "9" * 5000)], "too long"),
    ([("game", "avinas"), ("seed", "9" * 200)], "digits 0-9"),
    ([("game", "avinas"), ("seed", "99999999999999999999")], "seed must be a whole number"),
    ([("game", "avinas"), ("seed", "-1")], "digits 0-9"),
    ([("game", "avinas"), ("seed", "Infinity")], "digits 0-9"),
    ([("game", "avinas"), ("seed", "NaN")], "digits 0-9"),
    ([("game", "avinas"), ("seed", "1e9")], "digits 0-9"),
    ([("game", "avinas"), ("seed", "")], "digits 0-9"),
    ([("game", "avissinia"), ("target", "²")], "digits 0-9"),
    ([("game", "avissinia"), ("target", "9" * 40)], "at most 7 digits"),
    ([("game", "avissinia"), ("target", "Infinity")], "whole number"),
    ([("game", "avinas"), ("opponents_pips", "1,2,٣")], "whole number"),
    ([("game", "avinas"), ("opponents_pips", "1,2")], "3 whole numbers"),
    ([("game", "avissinia"), ("name", "x")], "name is not an option of avissinia"),
    ([("game", "avissinia"), ("cls", "x")], "cls is not an option"),
    ([("game", "avissinia"), ("options", "x")], "options is not an option"),
    ([("game", "avissinia"), ("self", "x")], "self is not an option"),
    ([("game", "avissinia"), ("__class__", "x")], "not an option"),
    ([("game", "avissinia"), ("seed", "1"), ("seed", "2")], "names seed twice"),
    ([("game", "avissinia"), ("game", "avinas")], "names game twice"),
    ([("game", "avissinia"), ("partnership", "1"), ("partnership", "0")], "twice"),
    ([("game", "chess")], "unknown game 'chess'"),
    ([("game", "")], "unknown game ''"),
    ([("game", "avissini")], "unknown game"),  # truncated
    ([("game", "avissinia"), ("partnership", "tru")], "true or false"),  # truncated
    ([("game", "avissinia"), ("partnership", "maybe")], "true or false"),
    ([("seed", "5")], "seed but no game"),
    ([("partnership", "1")], "names no game"),
    ([("game", "avissinia"), ("speed", "99999999")], "speed must be"),
    ([("game", "avissinia"), ("speed", "1401")], "from 0 to 1400"),
    ([("game", "avissinia"), ("speed", "-5")], "speed must be"),
    ([("game", "avissinia"), ("speed", "٣")], "speed must be"),
    ([("speed", "Infinity")], "speed must be"),
    ([("game", "avissinia"), ("levels", "hard,godlike")], "levels must be"),
    ([("game", "avissinia"), ("levels", ",".join(["hard"] * 50))], "levels must be"),
    ([("game", "avissinia"), ("embed", "yes")], "embed must be"),
    ([("game", "abyssinia"), ("players", "99")], "players must be from"),
    ([("game", "abyssinia"), ("players", "4"), ("dealer", "7")], "dealer must be a seat"),
    ([("game", "avissinia"), ("", "5")], "no name"),
    ([("game", "avissinia"), ("x" * 5000, "5")], "no game uses it"),
    ([("game", "avissinia"), ("pärtnership", "1")], "no game uses it"),
    ([(f"k{i}", "1") for i in range(100)], "so many"),
]


@pytest.mark.parametrize(("pairs", "message"), HOSTILE_LINKS,
                         ids=[str(i) for i in range(len(HOSTILE_LINKS))])
def test_a_hostile_link_is_refused_with_an_option_error_naming_the_problem(
    pairs: Q, message: str
) -> None:
    with pytest.raises(OptionError) as caught:
        read_link(pairs).start()
    assert message in str(caught.value)
    assert len(str(caught.value)) < 400  # a huge value is never echoed in full


def test_a_link_levels_count_must_match_the_opponents() -> None:
    with pytest.raises(OptionError, match="levels must name 3 opponents"):
        read_link([("game", "avinas"), ("levels", "hard")]).start()


def test_a_good_link_deals_the_game_it_names() -> None:
    link = read_link([("game", "abyssinia"), ("seed", "42"), ("players", "5"),
                      ("chips", "60"), ("speed", "300"), ("levels", "easy,hard,easy,hard")])
    game = link.start()
    assert (game.NAME, game.seed, game.num_players) == ("abyssinia", 42, 5)
    assert link.speed == 300 and link.levels == ("easy", "hard", "easy", "hard")
    assert game.full_state() == new_game("abyssinia", seed=42, players=5, chips=60).full_state()


def test_a_link_without_a_game_opens_the_menu_and_keeps_its_speed() -> None:
    link = read_link([("speed", "0"), ("embed", "1")])
    assert (link.game, link.speed, link.embed) == (None, 0, True)


def test_an_option_named_like_an_engine_parameter_never_reaches_a_keyword() -> None:
    """``seed`` is the link's own; ``name`` would collide with ``new_game(name, ...)``."""
    game = read_link([("game", "avissinia"), ("seed", "3")]).start()
    assert game.seed == 3
    with pytest.raises(OptionError, match="not an option"):
        read_link([("game", "avissinia"), ("seed", "3"), ("name", "avinas")])


# --- slots and imported files -----------------------------------------------------------
def slot_text(**changes: Any) -> str:
    game = new_game("avinas", seed=8)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    data = {"kind": "cardtable.slot", "version": 1, "name": "Mine",
            "saved_at": "2026-12-01T10:00:00", "levels": ["easy", "hard", "medium"],
            "save": game.to_json(), **changes}
    return json.dumps(data)


def test_a_good_slot_reads_back_with_its_levels_and_name() -> None:
    slot = read_slot(slot_text())
    assert (slot.game.NAME, len(slot.game.history), slot.name) == ("avinas", 6, "Mine")
    assert slot.levels == ["easy", "hard", "medium"]
    summary = slot_summary("cardtable:slot:Mine", slot_text(), {"avinas": "Avinas"},
                           "cardtable:slot:")
    assert summary["error"] == "" and summary["title"] == "Avinas"
    assert summary["detail"] == "6 moves played, saved 2026-12-01 10:00"


DAMAGED_SLOTS: list[tuple[object, str]] = [
    ("", "not valid JSON"),
    ("{", "not valid JSON"),
    (slot_text()[:-40], "not valid JSON"),  # truncated
    ("[" * 100_000, "nests deeper"),
    ('{"kind": "cardtable.slot", "kind": "x"}', "appears twice"),
    (slot_text(save={"format": "pygame_core.save", "x": [[[[[[1]]]]]]}), "nests deeper"),
    (slot_text(version=2), "slot version 2"),
    (slot_text(save=None), "holds no game"),
    (slot_text().replace('"seed": 8', '"seed": NaN'), "NaN"),
    (slot_text().replace('"seed": 8', '"seed": Infinity'), "Infinity"),
    (slot_text().replace('"seed": 8', '"seed": 8.0'), "wrong type"),
    (slot_text().replace('"seed": 8', '"seed": 1' + "0" * 30), "altered"),
    ('"just text"', "not a JSON object"),
    (" " * (MAX_SAVE_BYTES + 1), "too large"),
    (None, "not text"),
    (b"\xff\xfe", "not text"),
]


@pytest.mark.parametrize(("text", "message"), DAMAGED_SLOTS,
                         ids=[str(i) for i in range(len(DAMAGED_SLOTS))])
def test_a_damaged_slot_is_a_save_error_and_still_lists(text: object, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        read_slot(text)
    summary = slot_summary("cardtable:current", text)
    assert message in summary["error"] and summary["title"] == ""


def test_a_slot_with_a_forged_option_named_seed_is_refused_not_a_type_error() -> None:
    from pygame_core.saves import _digest

    save = json.loads(slot_text())["save"]
    body = {k: v for k, v in save.items() if k != "check"}
    body["options"] = {"seed": 5, "name": "x"}
    save = {**body, "check": _digest(body)}
    with pytest.raises(SaveError, match="unknown option 'seed'"):
        read_slot(json.dumps({"kind": "cardtable.slot", "version": 1, "save": save}))


def test_bad_labels_and_levels_in_a_slot_fall_back_to_defaults() -> None:
    slot = read_slot(slot_text(name=["x"], saved_at=5, levels=["godlike", 3]))
    assert (slot.name, slot.saved_at, slot.levels) == ("", "", ["medium"] * 3)


# --- engine edges -----------------------------------------------------------------------
@pytest.mark.parametrize("name", ["avissinia", "avinas", "abyssinia"])
@pytest.mark.parametrize("thing", [None, 3, 2.5, ("trail", "QC"), ["pass"], object(), b"pass"])
def test_apply_of_something_that_is_not_an_action_is_an_illegal_action(
    name: str, thing: object
) -> None:
    game = new_game(name, seed=1)
    before = game.full_state()
    with pytest.raises(IllegalActionError, match=r"not an? .*action"):
        game.apply(thing)  # type: ignore[arg-type]
    assert game.full_state() == before


def test_apply_of_an_action_value_with_wrong_fields_is_an_illegal_action() -> None:
    from pygame_core.avinas import Action

    game = new_game("avinas", seed=1)
    for bad in (Action("play", "QC"), Action("bid", None, 99), Action("play", None, 9)):  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError):
            game.apply(bad)


def test_apply_of_a_real_action_value_still_works() -> None:
    game = new_game("avinas", seed=1)
    action = game.legal_actions()[0]
    game.apply(action)
    assert game.history == [str(action)]


@pytest.mark.parametrize(("name", "text"), [
    ("avissinia", "capture 2C pile ³"), ("avissinia", "capture 2C pile ١"),
    ("avissinia", "capture 2C pile " + "1" * 5000), ("avinas", "bid ٣"),
    ("avinas", "bid ³"), ("avinas", "bid " + "9" * 5000),
])
def test_parsing_reads_only_ascii_digits(name: str, text: str) -> None:
    from pygame_core import game_class

    with pytest.raises(IllegalActionError, match="not an"):
        game_class(name).parse_action(text)


@pytest.mark.parametrize("name", ["avissinia", "avinas", "abyssinia"])
@pytest.mark.parametrize("seat", [-1, 4, 8, 99, True, "0", None, 1.0])
def test_observation_of_a_seat_that_does_not_exist_is_a_game_error(
    name: str, seat: object
) -> None:
    game = new_game(name, seed=1)
    with pytest.raises(GameError, match="no seat"):
        game.observation(seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ['{"pace": "²"}', '{"pace": "٣٠٠"}', "[" * 100_000,
                                  '{"pace": NaN}', '{"pace": 1, "pace": 2}'])
def test_damaged_settings_and_statistics_fall_back_to_defaults(text: str) -> None:
    from pygame_core.session.storage import DEFAULT_SETTINGS, parse_settings, parse_stats

    assert parse_settings(text) == DEFAULT_SETTINGS
    assert parse_stats(text) == {}

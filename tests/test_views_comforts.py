"""The comforts around the table under CPython: the turn line and the panels
(views/panels.py), the stored settings and statistics (session/storage.py), the hand
history and undo (session/history.py), and the keys the help lists."""

from __future__ import annotations

import json
import random
import re

import pytest
from test_views import HOSTILE, parse

from pygame_core import new_game
from pygame_core.session import history, storage
from pygame_core.views import card_html, narrate, panels
from pygame_core.views.help import RULES
from pygame_core.words import hint_text


# --- the turn line -------------------------------------------------------------------
def avissinia_turn(legal: list[str]) -> dict[str, object]:
    return {"game": "avissinia", "seat": 0, "current_player": 0, "legal": legal,
            "is_over": False}


def test_turn_line_names_the_captures_when_there_are_some() -> None:
    line = panels.turn_line(avissinia_turn(["capture 7C centre", "trail 7C", "trail 2H"]))
    assert line.startswith("Your turn: play a card.")
    assert "capture" in line and "7♣" in line and "trail" in line


def test_turn_line_says_trail_when_nothing_can_be_captured() -> None:
    line = panels.turn_line(avissinia_turn(["trail 7C", "trail 2H"]))
    assert "No capture is possible" in line and "trail" in line
    line = panels.turn_line(avissinia_turn(["add 7C", "trail 7C", "trail 2H"]))
    assert "add it to your own pile" in line


def test_turn_line_for_the_others_the_summary_and_the_end() -> None:
    obs = avissinia_turn([])
    assert panels.turn_line({**obs, "current_player": 2}) == "North to play…"
    assert "Next round" in panels.turn_line(obs, summary=True)
    over = {**obs, "is_over": True, "current_player": None}
    assert "you won" in panels.turn_line({**over, "winners": [0, 2]})
    assert "you won" not in panels.turn_line({**over, "winners": [1]})


def test_turn_line_from_real_observations_of_every_game() -> None:
    for name in ("avissinia", "avinas", "abyssinia"):
        game = new_game(name, seed=3)
        rng = random.Random(1)
        seen = set()
        for _ in range(200):
            if game.is_over:
                break
            seat = game.current_player
            assert seat is not None
            obs = game.observation(seat)
            line = panels.turn_line(obs)
            assert line.startswith("Your turn"), (name, obs.get("phase"), line)
            seen.add(line.split(":")[0])
            other = panels.turn_line(game.observation((seat + 1) % game.num_players))
            assert other.endswith("to play…")
            game.apply(rng.choice(game.legal_actions()))
        assert seen


def test_turn_line_wording_per_phase() -> None:
    bid = {"game": "avinas", "seat": 0, "current_player": 0, "phase": "bid", "high_bid": 4,
           "legal": ["pass", "bid 5"]}
    assert "higher than 4" in panels.turn_line(bid)
    assert "knock" in panels.turn_line({**bid, "phase": "knock"})
    buy = {"game": "abyssinia", "seat": 0, "current_player": 0, "phase": "buy",
           "legal": ["buy left", "buy right", "buy blind"],
           "market": [{"side": "left", "card": "AS", "price": 4},
                      {"side": "right", "card": "7H", "price": 1}]}
    line = panels.turn_line(buy)
    assert "A♠, 4 chips" in line and "7♥, 1 chip)" in line and "blind" in line
    bet = {**buy, "phase": "bet", "legal": ["call", "raise", "fold"], "to_call": 2}
    assert panels.turn_line(bet) == "Your turn to bet: 2 to call. Call, raise by 1, or fold."
    assert "check" in panels.turn_line({**bet, "legal": ["check", "bet"], "to_call": 0})
    unknown = {"game": "chess", "seat": 0, "current_player": 0, "legal": ["e4", "d4"]}
    assert panels.turn_line(unknown) == "Your turn: 2 possible moves."


# --- settings ------------------------------------------------------------------------
def test_settings_default_when_missing_or_unreadable() -> None:
    for text in (None, "", "garbage", "[1, 2]", '{"pace": "fast"}', '{"animations": "yes"}'):
        assert storage.parse_settings(text) == storage.DEFAULT_SETTINGS


def test_settings_keep_what_is_valid() -> None:
    text = json.dumps({"pace": 300, "animations": False, "four_colour": True,
                       "shortcuts": False, "coach_note": True, "language": "lt", "unknown": 1})
    assert storage.parse_settings(text) == {"pace": 300, "animations": False,
                                             "four_colour": True, "shortcuts": False,
                                             "coach_note": True, "language": "lt"}
    assert storage.parse_settings('{"language": "tlh"}')["language"] == ""
    assert storage.parse_settings('{"pace": "1400"}')["pace"] == 1400  # the old page's form
    assert storage.parse_settings('{"pace": -5}')["pace"] == 800
    assert storage.parse_settings('{"pace": true}')["pace"] == 800


def test_settings_panel_reflects_the_settings() -> None:
    html = panels.settings_html({"pace": 300, "animations": False, "four_colour": True,
                                   "shortcuts": True})
    tags = parse(html).tags
    boxes = {a["id"]: "checked" in a for t, a in tags if t == "input"}
    assert boxes == {"set-animations": False, "set-four-colour": True, "set-shortcuts": True,
                     "set-coach-note": False}
    chosen = [a["value"] for t, a in tags if t == "option" and "selected" in a]
    assert chosen == ["en", "300"]  # the language spoken, the pace


# --- statistics ----------------------------------------------------------------------
def test_stats_count_wins_streaks_and_best_score() -> None:
    stats: dict[str, dict[str, int]] = {}
    for won, score in ((True, 40), (True, 70), (False, 20), (True, 65)):
        stats = storage.record_result(stats, "avissinia", won=won, score=score)
    assert stats["avissinia"] == {"played": 4, "won": 3, "streak": 1, "best_streak": 2,
                                  "best_score": 70}
    again = storage.record_result(stats, "avinas", won=False, score=-3)
    assert again["avinas"]["best_score"] == -3 and again["avinas"]["streak"] == 0
    assert "avinas" not in stats  # the old dict is left alone


def test_stats_survive_storage_and_drop_junk() -> None:
    stats = storage.record_result({}, "avissinia", won=True, score=61)
    assert storage.parse_stats(json.dumps(stats)) == stats
    junk = {"avissinia": {"played": "7"}, "x": 3, "avinas": {"played": 2, "won": True}}
    assert storage.parse_stats(json.dumps(junk)) == {"avinas": {"played": 2}}
    assert storage.parse_stats("nonsense") == {} and storage.parse_stats(None) == {}


def test_stats_panel_lists_every_game_and_escapes() -> None:
    stats = storage.record_result({}, "avissinia", won=True, score=61)
    html = panels.stats_html(stats, ["avissinia", "avinas", HOSTILE])
    assert "<img" not in html and "61" in html
    assert any(a.get("data-cmd") == "reset-stats" for _, a in parse(html).tags)


# --- history and undo ----------------------------------------------------------------
def played(seed: int, moves: int) -> object:
    game = new_game("avissinia", seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_history_narrates_the_latest_rounds_moves_with_their_seats() -> None:
    game = new_game("avissinia", seed=5)
    rng = random.Random(5)
    expected = []
    while len(game.history) < 56:  # past the end of round 1 (48 cards played)
        seat = game.current_player
        finished = len(game.rounds)
        game.apply(rng.choice(game.legal_actions()))
        expected.append((finished, seat, narrate(game.observation(0))))
    assert [r for r, _, _ in expected].count(0) == 48  # the round's last card is in round 1
    entries = history.history_entries(game)
    assert entries == expected[48:]  # only the latest round's moves are worded
    html = panels.history_html(entries, "avissinia")
    assert "round 2" in html and html.count("<li") == 8


def test_history_panel_shows_the_latest_round_and_escapes() -> None:
    entries = [(0, 1, "West trailed 2♣."), (0, 0, HOSTILE)]
    html = panels.history_html(entries, "avinas")
    assert "Hand history: hand 1" in html and "<img" not in html
    assert 'class="latest"' in html
    assert "No moves yet" in panels.history_html([], "avissinia")


def test_undo_point_is_just_before_your_last_play() -> None:
    game = played(9, 13)
    seats = history.seats_of_moves(game)  # type: ignore[arg-type]
    cut = history.undo_point(game)  # type: ignore[arg-type]
    assert cut is not None and seats[cut] == 0 and 0 not in seats[cut + 1:]
    back = history.rebuild(game, cut)  # type: ignore[arg-type]
    assert back.current_player == 0
    assert back.history == game.history[:cut]  # type: ignore[attr-defined]
    assert history.undo_point(new_game("avissinia", seed=9)) is None


def test_no_undo_once_the_match_is_over() -> None:
    game = new_game("avissinia", seed=2, target=1)
    rng = random.Random(2)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert history.undo_point(game) is None


# --- help and cards ------------------------------------------------------------------
def test_help_lists_the_keys_the_page_answers() -> None:
    html = panels.help_keys_html()
    parse(html)
    for key in ("H", "U", "N", "?", "Esc", "Enter"):
        assert f"<kbd>{key}" in html
    assert set(RULES) == {"avissinia", "avinas", "abyssinia"}


@pytest.mark.parametrize("code", ["QC", "10D", "AH", "2S"])
def test_a_card_has_one_name_and_a_suit_class(code: str) -> None:
    html = card_html(code, action="trail " + code)
    tags = parse(html).tags
    button = tags[0][1]
    assert "suit-" in str(button["class"])
    assert " of " in str(button["aria-label"])
    assert all(a.get("aria-hidden") == "true" for t, a in tags[1:])
    text = re.sub(r"<[^>]*>", "", html)
    assert text == ""  # no text of its own: the face is drawn by CSS from data attributes


def test_hint_text() -> None:
    assert hint_text("queen of clubs: trail", "searched 4 plays") == (
        "Hint: queen of clubs: trail. Why: searched 4 plays.")
    assert hint_text("trail QC", "") == "Hint: trail QC."

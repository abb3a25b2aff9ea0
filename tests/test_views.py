"""The page's pure views and bookkeeping, under CPython."""

from __future__ import annotations

import json
import random
import re

import pytest
from html_helpers import HOSTILE, actions_in, parse

from pygame_core import OptionError, SaveError, links, new_game
from pygame_core.query import encode_query
from pygame_core.session import storage
from pygame_core.session.screen import available_games
from pygame_core.session.storage import Keys
from pygame_core.views import (
    TableContext,
    card_html,
    esc,
    narrate,
    render_saves,
    render_start,
    render_table,
)
from pygame_core.views.avissinia import top_run


def test_escape_makes_markup_inert() -> None:
    assert esc(HOSTILE) == "&lt;img src=x onerror=alert(1)&gt;&quot;&#x27;&amp;"


def test_card_html_is_an_accessible_button_with_the_spoken_name() -> None:
    html = card_html("QC", action="trail QC")
    (tag, attrs), *_ = parse(html).tags
    assert tag == "button" and attrs["data-action"] == "trail QC"
    assert attrs["aria-label"] == "queen of clubs"
    assert "red" in card_html("10H") and "black" in card_html("QS") and "10" in card_html("TH")


def test_exactly_the_legal_actions_are_rendered_as_data_action() -> None:
    rng = random.Random(3)
    for seed in range(12):
        game = new_game("avissinia", seed=seed, partnership=seed % 2 == 1)
        for _ in range(rng.randrange(60)):
            game.apply(rng.choice(game.legal_actions()))
        obs = game.observation(0)
        html = render_table(obs, TableContext(narration=narrate(obs)))
        assert sorted(actions_in(html)) == sorted(obs["legal"])
        assert len(set(actions_in(html))) == len(actions_in(html))


def test_human_turn_shows_every_play_and_other_turns_none() -> None:
    game = new_game("avissinia", seed=1, dealer=3)  # seat 0 plays first
    obs = game.observation(0)
    assert obs["current_player"] == 0 and obs["legal"]
    assert sorted(actions_in(render_table(obs))) == sorted(obs["legal"])
    game.apply(game.legal_actions()[0])
    assert actions_in(render_table(game.observation(0))) == []


def test_hidden_hands_are_never_in_the_html_only_counts() -> None:
    game = new_game("avissinia", seed=7)
    obs = game.observation(0)
    html = render_table(obs)
    hidden = game.full_state()["hands"]
    shown = set(obs["hand"]) | set(obs["centre"]) | {c for p in obs["piles"] for c in p}
    labels = {str(a.get("aria-label")) for _, a in parse(html).tags}
    for seat in (1, 2, 3):
        for code in hidden[seat]:
            if code in shown:
                continue
            from pygame_core import parse_card

            name = parse_card(code).name
            assert not any(name in label for label in labels), name
        assert f"{len(hidden[seat])} cards in hand" in html
    # the stock's order is never there either
    assert "stock_order" not in html


def test_several_plays_of_one_card_are_separate_controls() -> None:
    from pygame_core.avissinia import scripted_deck
    from pygame_core.cards import parse_cards

    hands = {0: parse_cards("7C 2D 3D 4D 5D 6D")}
    deck = scripted_deck(3, hands, parse_cards("9H 8H 2S 7H"))
    game = new_game("avissinia", seed=1, dealer=3, deck=[c.code for c in deck])
    obs = game.observation(0)
    html = render_table(obs)
    sevens = [a for a in actions_in(html) if " 7C" in a]
    assert sorted(sevens) == ["capture 7C centre", "trail 7C"]
    assert "take the centre" in html.lower()


def test_pile_shows_the_top_run_and_count() -> None:
    assert top_run(["2C", "7H", "7S"]) == 2 and top_run([]) == 0
    game = new_game("avissinia", seed=2)
    obs = dict(game.observation(0))
    obs["piles"] = [["2C", "7H", "7S"], [], [], []]
    html = render_table(obs)
    assert "3 cards" in html and "2 sevens" in html


def test_summary_and_result_are_shown() -> None:
    game = new_game("avissinia", seed=4, target=1)
    rng = random.Random(0)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    obs = game.observation(0)
    html = render_table(obs, TableContext(summary=len(obs["rounds"]) - 1))
    assert "win" in html and 'data-cmd="rematch"' in html and actions_in(html) == []


def test_hostile_names_and_messages_are_escaped() -> None:
    saves = [{"key": "cardtable:slot:" + HOSTILE, "name": HOSTILE, "title": HOSTILE,
              "detail": HOSTILE, "error": ""},
             {"key": "k", "name": "bad", "error": HOSTILE}]
    html = render_saves(saves, can_save=True, in_game=True, message=HOSTILE)
    html += render_start([("avissinia", True), ("avinas", False)], ["random", "easy"],
                         message=HOSTILE, resume={"title": HOSTILE, "detail": HOSTILE})
    game = new_game("avissinia", seed=2)
    names = (HOSTILE, HOSTILE, HOSTILE, HOSTILE)
    html += render_table(game.observation(0), TableContext(names=names, narration=HOSTILE,
                                                           notice=HOSTILE))
    assert "<img" not in html and "onerror=alert" not in html.replace("onerror=alert(1)&gt;", "")
    assert all(tag != "img" for tag, _ in parse(html).tags)


def test_start_screen_lists_missing_games_disabled() -> None:
    html = render_start([("avissinia", True), ("avinas", False)], ["random", "hard"])
    tags = parse(html).tags
    radios = {a["value"]: a for t, a in tags if t == "input" and a.get("name") == "game"}
    assert "disabled" in radios["avinas"] and "disabled" not in radios["avissinia"]
    # a level row for each of the three computer seats; rows for more seats are hidden
    shown = [a for t, a in tags if t == "label" and "data-seat" in a and "hidden" not in a]
    assert [a["data-seat"] for a in shown] == ["1", "2", "3"]


def test_unknown_game_gets_a_generic_table_with_its_actions() -> None:
    obs = {"game": "mystery", "legal": ["bid 1", "pass"], "hand": ["AS"], "scores": [1, 2]}
    assert actions_in(render_table(obs)) == ["bid 1", "pass"]


# --- links and saves -------------------------------------------------------------------
def test_share_link_round_trips() -> None:
    game = new_game("avissinia", seed=123, partnership=True)
    query = links.share_query(game, ["easy", "hard", "medium"])
    assert query == "game=avissinia&seed=123&partnership=1&levels=easy,hard,medium"
    from urllib.parse import parse_qsl

    deal = links.read_link(parse_qsl(query))
    assert deal.game is not None and deal.levels == ("easy", "hard", "medium")
    again = deal.start()
    assert again.full_state() == game.full_state()


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"game": "chess", "seed": "1"}, "unknown game"),
        ({"game": "avissinia", "seed": "x1"}, "seed"),
        ({"game": "avissinia", "seed": str(2**64)}, "seed"),
        ({"game": "avissinia", "seed": "1", "partnership": "maybe"}, "partnership"),
        ({"game": "avissinia", "seed": "1", "colour": "red"}, "not an option"),
        ({"seed": "1"}, "no game"),
        ({"game": "avissinia", "seed": "1", "levels": "a,b"}, "levels"),
    ],
)
def test_broken_links_say_what_is_wrong(params: dict[str, str], words: str) -> None:
    with pytest.raises(OptionError, match=words):
        deal = links.read_link(list(params.items()))
        assert deal.game is not None
        deal.start()


def test_no_game_in_address_is_no_deal() -> None:
    assert links.read_link([("speed", "0"), ("embed", "1")]).game is None


def test_a_link_without_a_seed_deals_afresh() -> None:
    deal = links.read_link([("game", "avissinia"), ("partnership", "1")])
    assert deal.game is not None and deal.seed is None
    game = deal.start()
    assert game.options.partnership and game.seed >= 0


def test_slot_round_trip_and_damage() -> None:
    game = new_game("avissinia", seed=9)
    for _ in range(5):
        game.apply(game.legal_actions()[-1])
    text = storage.wrap_save(game, ["easy", "medium", "hard"], HOSTILE, "2024-01-01T00:00:00")
    loaded = storage.read_slot(text)
    assert loaded.game.full_state() == game.full_state()
    assert loaded.levels == ["easy", "medium", "hard"] and loaded.name == HOSTILE
    summary = storage.slot_summary(Keys().slot + "x", text)
    assert summary["error"] == "" and "5 moves" in summary["detail"]

    data = json.loads(text)
    data["save"]["seed"] = 10
    with pytest.raises(SaveError, match="altered"):
        storage.read_slot(json.dumps(data))
    with pytest.raises(SaveError, match="JSON"):
        storage.read_slot(text[:40])
    data = json.loads(text)
    data["save"]["version"] = 99
    with pytest.raises(SaveError, match="version"):
        storage.read_slot(json.dumps(data))
    with pytest.raises(SaveError, match="not a saved game"):
        storage.read_slot('{"hello": 1}')
    assert storage.slot_summary("k", "{oops")["error"]
    # a bare engine save (e.g. from the terminal game) imports too
    assert storage.read_slot(json.dumps(game.to_json())).game.history == game.history


def test_bad_levels_in_a_slot_fall_back() -> None:
    assert links.clean_levels(["hard", "nonsense"], 3) == ["hard", links.DEFAULT_LEVEL,
                                                          links.DEFAULT_LEVEL]
    assert links.clean_levels(None, 3) == [links.DEFAULT_LEVEL] * 3


def test_avissinia_is_available_and_others_only_if_present() -> None:
    games = dict(available_games())
    assert games["avissinia"] is True


def test_narration_names_the_move() -> None:
    game = new_game("avissinia", seed=1, dealer=0)  # seat 1 (West) plays first
    action = game.legal_actions()[-1]
    game.apply(action)
    text = narrate(game.observation(0))
    assert text.startswith("West") and re.search(r"[♣♦♥♠]", text)


def test_share_query_escapes_unusual_values() -> None:
    assert encode_query({"game": "avissinia", "seed": "5"}) == "game=avissinia&seed=5"
    assert encode_query({"name": "a b&c=d"}) == "name=a+b%26c%3Dd"

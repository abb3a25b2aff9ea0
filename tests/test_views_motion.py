"""The markup web/motion.js and the start screen depend on, under CPython: every face-up
card names its code, every seat is an anchor, the table says where cards come from and go
to, the last plays show by each seat, and the start screen describes, resumes, remembers."""

from __future__ import annotations

import re
from typing import Any

import pytest
from html_helpers import parse

from pygame_core import new_game
from pygame_core.views import GAME_BLURBS, TableContext, render_start, render_table

GAMES = ["avissinia", "avinas", "abyssinia"]
LEVELS = ["easy", "medium", "hard"]


def played(game: str, moves: int) -> Any:
    g = new_game(game, seed=5)
    for _ in range(moves):
        g.apply(g.observation(g.current_player)["legal"][0])
    return g


@pytest.mark.parametrize("game", GAMES)
def test_cards_carry_their_code_and_seats_are_anchors(game: str) -> None:
    g = played(game, 6)
    obs = g.observation(0)
    html = render_table(obs)
    for _tag, attrs in parse(html).tags:
        if "card" in attrs.get("class", "").split() and "back" not in attrs["class"] \
                and "slot-empty" not in attrs["class"]:
            assert re.fullmatch(r"(10|[2-9JQKA])[CDHS]", attrs.get("data-card", "")), attrs
    seats = re.findall(r'data-seat="(\d)"[^>]*data-anchor="seat-(\d)"', html)
    assert seats and all(a == b for a, b in seats)
    assert len(seats) == len(obs["hand_counts"] if "hand_counts" in obs else obs["hands"])
    table = re.search(r"<section class=\"table [^>]*>", html)
    assert table and "data-motion" in table.group(0)
    mover = obs["last"]["seat"]
    source = re.search(r'data-from="([^"]*)"', table.group(0))
    assert source and source.group(1) in (f"seat-{mover}", "pack")


def test_a_finished_trick_goes_to_its_winner() -> None:
    g = new_game("avinas", seed=5)
    while True:
        g.apply(g.observation(g.current_player)["legal"][0])
        last = g.observation(0)["last"]
        if isinstance(last.get("trick"), dict):
            break
    html = render_table(g.observation(0))
    assert f'data-to="seat-{last["trick"]["winner"]}"' in html


def test_a_bet_sends_chips_to_the_pot() -> None:
    g = new_game("abyssinia", seed=5)
    while int((g.observation(0).get("last") or {}).get("chips", 0)) <= 0:
        obs = g.observation(g.current_player)
        bets = [a for a in obs["legal"] if a in ("bet", "call", "raise")]
        g.apply(bets[0] if bets else obs["legal"][0])
    seat = g.observation(0)["last"]["seat"]
    assert f'data-chips="seat-{seat}&gt;pot"' in render_table(g.observation(0))


@pytest.mark.parametrize("game", GAMES)
def test_the_last_plays_show_by_each_seat(game: str) -> None:
    g = played(game, 3)
    ctx = TableContext(recent=((1, "West played the queen"), (2, "North passed <b>")))
    html = render_table(g.observation(0), ctx)
    seat1 = html.split('data-seat="1"')[1].split("</section>")[0]
    seat2 = html.split('data-seat="2"')[1].split("</section>")[0]
    assert '<p class="recent"><span>West played the queen</span></p>' in seat1
    assert "North passed &lt;b&gt;" in seat2 and "West played" not in seat2
    assert 'class="recent"' not in render_table(g.observation(0))


def test_start_screen_describes_each_game() -> None:
    html = render_start([(g, True) for g in GAMES], LEVELS)
    for game in GAMES:
        assert f'aria-describedby="about-{game}"' in html
        assert f'id="about-{game}">{GAME_BLURBS[game]}' in html.replace("&#x27;", "'")


def test_continue_says_what_the_game_in_progress_is() -> None:
    html = render_start([(g, True) for g in GAMES], LEVELS,
                        resume={"title": "Avinas", "detail": "12 moves played"})
    assert 'data-cmd="resume">Continue Avinas</button>' in html
    assert "Avinas</strong>, 12 moves played" in html


def test_remembered_choices_are_the_start_screens_defaults() -> None:
    remembered = {"game": "abyssinia", "levels": ["hard"] * 7, "players": 6, "chips": 250,
                  "partnership": True}
    html = render_start([(g, True) for g in GAMES], LEVELS, remembered=remembered)
    assert re.search(r'value="abyssinia" checked', html)
    assert '<option value="6" selected>' in html and 'value="250"' in html
    assert html.count('<option value="hard" selected>') == 7
    assert re.search(r'name="partnership" value="1" checked', html)
    # what the page passes explicitly wins over what was remembered
    html = render_start([(g, True) for g in GAMES], LEVELS, remembered=remembered,
                        game="avinas", options={"players": 3})
    assert re.search(r'value="avinas" checked', html) and '<option value="3" selected>' in html

"""The Help panel's pictures: the rule texts' own worked examples and each game at a glance,
drawn with real cards and checked against the engines' own rankings."""

from __future__ import annotations

import pytest
from html_helpers import text_of

from pygame_core.abyssinia import split_pot
from pygame_core.avinas import card_strength
from pygame_core.cards import HEARTS, parse_cards
from pygame_core.poker_hands import high_key, low_key
from pygame_core.views import avissinia as avissinia_view
from pygame_core.views.help import (
    ABYSSINIA_EXAMPLES,
    ABYSSINIA_HIGH,
    ABYSSINIA_LOW,
    AVINAS_GLANCE,
    AVISSINIA_EXAMPLES,
    EXAMPLES,
    GLANCE,
    Cards,
    cards_label,
    render_help,
)


@pytest.mark.parametrize("game", ["avissinia", "avinas", "abyssinia"])
def test_help_opens_with_the_game_at_a_glance_and_worked_examples_in_cards(game: str) -> None:
    page = render_help(game)
    text = text_of(page)
    assert text.index("At a glance") < text.index("Worked examples") < text.index("The idea")
    assert GLANCE[game] and EXAMPLES[game]
    pictured = sum(len(p.codes.split()) for f in (*GLANCE[game], *EXAMPLES[game])
                   for p in f.parts if isinstance(p, Cards))
    assert page.count('role="img"') == pictured > 0
    assert "data-card" not in page  # pictures, which the motion layer must leave alone


def test_avissinia_examples_are_the_seeds_4_7_7_centre_taken_by_its_top_run() -> None:
    rows = [p for p in AVISSINIA_EXAMPLES[0].parts if isinstance(p, Cards)]
    assert rows[0].codes == "4C 7H 7S" and rows[1].codes == "4C 5D 7S"
    assert avissinia_view.top_run(rows[0].codes.split()) == 2  # "both sevens"
    assert avissinia_view.top_run(rows[1].codes.split()) == 1  # "only the top 7"


def test_avinas_trump_picture_runs_from_highest_to_lowest_by_the_engines_ranking() -> None:
    trump_rows = [p for p in AVINAS_GLANCE[0].parts if isinstance(p, Cards)][:3]
    cards = [c for row in trump_rows for c in parse_cards(row.codes)]
    strengths = [card_strength(c, HEARTS) for c in cards]
    assert len(cards) == 14 and strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == 14


def test_abyssinia_hand_rankings_are_in_the_engines_order_both_ways() -> None:
    highs = [high_key(parse_cards(h)) for h in ABYSSINIA_HIGH]
    lows = [low_key(parse_cards(h)) for h in ABYSSINIA_LOW]
    assert highs == sorted(highs, reverse=True) and len(set(highs)) == len(highs)
    assert lows == sorted(lows, reverse=True) and len(set(lows)) == len(lows)


def test_abyssinia_showdown_example_is_anna_high_and_ben_low_sixteen_each() -> None:
    anna, ben = (p for p in ABYSSINIA_EXAMPLES[1].parts if isinstance(p, Cards))
    assert high_key(parse_cards(anna.codes)) > high_key(parse_cards(ben.codes))
    assert low_key(parse_cards(ben.codes)) > low_key(parse_cards(anna.codes))
    high, low = split_pot(32, [0], [1], dealer=1, n=2)
    assert (high[0], low[1]) == (16, 16)
    assert cards_label(anna) == "Anna: three nines" and cards_label(ben) == "Ben: eight-five low"

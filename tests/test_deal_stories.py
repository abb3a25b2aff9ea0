"""The end-of-deal summaries explain the score: who won the deal and why, with the
arithmetic in words, checked against the engine's own record over many random deals."""

from __future__ import annotations

import random
from typing import Any

import pytest
from html_helpers import text_of

from pygame_core import new_game
from pygame_core.abyssinia import share
from pygame_core.views import SEAT_NAMES, TableContext, render_table
from pygame_core.views import abyssinia as aby_view
from pygame_core.views import avinas as avinas_view
from pygame_core.views import avissinia as avissinia_view
from pygame_core.words import plural


def finished(name: str, seed: int, deals: int, **options: Any) -> Any:
    """A match played by random legal choices until ``deals`` deals are finished."""
    game = new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    while not game.is_over and game.deals_finished < deals:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("partnership", [False, True])
def test_avissinia_deal_story_adds_up_every_pile_by_cards_and_jacks(partnership: bool) -> None:
    for seed in range(12):
        obs = finished("avissinia", seed, 3, partnership=partnership).observation(0)
        for index, record in enumerate(obs["rounds"]):
            lines = avissinia_view.deal_story(obs, index, SEAT_NAMES)
            for seat, points in enumerate(record["points"]):
                line = next(x for x in lines if x.startswith(f"{SEAT_NAMES[seat]}: "))
                assert line.endswith(f"= {plural(points, 'point')}.") or points == 0
                jacks = record["jacks"][seat]
                assert points == (record["cards"][seat] - jacks) + 3 * jacks
                if jacks:
                    assert f"{jacks} × 3" in line
            best = max(record["side_points"])
            assert any(f"({plural(best, 'point')}" in x and "most this round" in x
                       for x in lines)
            assert any(x.startswith("Match:") and "61" in x for x in lines)
            if partnership:
                assert any(f"= {record['side_points'][0]}." in x for x in lines)


def test_avissinia_summary_dialog_leads_with_the_story() -> None:
    obs = finished("avissinia", 5, 1).observation(0)
    text = text_of(render_table(obs, TableContext(summary=0)))
    assert "Round 1 is over" in text and "made most this round" in text


def test_avinas_hand_story_says_who_won_and_the_rams_or_pips_that_follow() -> None:
    kinds: set[str] = set()
    for seed in range(40):
        obs = finished("avinas", seed, 4).observation(0)
        for record in obs["hand_history"]:
            lines = avinas_view.hand_story(obs, record, SEAT_NAMES)
            text = " ".join(lines)
            kinds.add(str(record["kind"]))
            assert "Rams and pips count against" in text or record["kind"] == "void"
            if record["kind"] == "void":
                assert "void" in text
                continue
            assert ("won the hand" in text) == bool(record["declarer_won"])
            if record["kind"] == "sevens":
                rams = record["rams"]
                rate = rams["scored"] // record["sevens"]
                assert (f"{rate} × {record['sevens']} = {plural(rams['scored'], 'ram')}"
                        in text)
                assert ("cancel" in text) == bool(rams["cancelled"])
                if record.get("knock") is not None:
                    assert "every trick" in text
                else:
                    assert "needed 61 card points" in text
            else:
                side = (1 - record["declarer"] % 2) if record["declarer_won"] else (
                    record["declarer"] % 2)
                assert f"write {plural(record['pips'][side], 'pip')}" in text
    assert kinds >= {"sevens", "no sevens"}


def test_abyssinia_deal_story_names_the_halves_their_hands_and_the_odd_chip() -> None:
    seen = {"odd": 0, "uncontested": 0}
    for seed in range(60):
        players = 3 + seed % 6
        game = finished("abyssinia", seed, 3, players=players)
        obs = game.observation(0)
        names = aby_view.table_names(SEAT_NAMES, players)
        for record in obs["deals"]:
            text = " ".join(aby_view.record_story(record, names))
            if not record["showdown"]:
                seen["uncontested"] += 1
                assert "without showing" in text and f"pot of {record['pot']} chips" in text
                continue
            high, low = sum(record["high_share"]), sum(record["low_share"])
            assert high + low == record["pot"]
            assert f"{high} for high and {low} for low" in text
            assert ("the odd chip goes to high" in text) == (high != low)
            seen["odd"] += high != low
            for half, winners, hand, amount in (
                    ("high", record["high_winners"], record["high_hand"], high),
                    ("low", record["low_winners"], record["low_hand"], low)):
                assert f"The {half} half, {plural(amount, 'chip')}" in text and hand in text
                shared = f"The {half} half, {plural(amount, 'chip')}, is shared by"
                assert (shared in text) == (len(winners) > 1)
            if record["status"][0] != "sitting out":
                net = record["award"][0] - record["paid"][0]
                assert f"{'+' if net > 0 else ''}{net} this deal" in text
    assert seen["odd"] and seen["uncontested"]


@pytest.mark.parametrize(("pot", "winners", "dealer"), [(29, [2, 5], 4), (23, [0, 1, 3], 1),
                                                       (24, [1, 3], 0)])
def test_abyssinia_a_shared_half_says_who_takes_the_chips_that_will_not_divide(
        pot: int, winners: list[int], dealer: int) -> None:
    players = 6
    names = aby_view.table_names(SEAT_NAMES, players)
    shares = share(pot, winners, dealer, players)
    line = aby_view._half_story("low", pot, winners, [shares.get(s, 0) for s in range(players)],
                                "eight-seven low", names)
    each, odd = divmod(pot, len(winners))
    assert "is shared by" in line and f"{each} each" in line
    takers = sorted(s for s, got in shares.items() if got > each)
    assert len(takers) == odd
    if odd:
        taker_words = aby_view.word_and(["you" if s == 0 else names[s] for s in takers])
        assert f"to {taker_words}, first clockwise after the dealer" in line
    else:
        assert "will not divide" not in line

"""Avissinia: one test per rule of the text and per ruling, on scripted deals."""

from __future__ import annotations

import pytest

from pygame_core import IllegalActionError, new_game, parse_cards
from pygame_core.avissinia import CENTRE, OWN, TRAIL, Avissinia, Play, scripted_deck
from pygame_core.cards import parse_card


def game_with(
    hands: dict[int, str],
    centre: str,
    *,
    dealer: int = 3,
    partnership: bool = False,
    second: dict[int, str] | None = None,
) -> Avissinia:
    """A game whose first deal is scripted.  With dealer 3, seat 0 plays first."""
    deck = scripted_deck(
        dealer,
        {s: parse_cards(h) for s, h in hands.items()},
        parse_cards(centre),
        {s: parse_cards(h) for s, h in (second or {}).items()},
    )
    game = new_game("avissinia", seed=1, deck=deck, dealer=dealer, partnership=partnership)
    assert isinstance(game, Avissinia)
    return game


def codes(text: str) -> list[str]:
    return [c.code for c in parse_cards(text)]


# --- the deal (ruling 2) ------------------------------------------------------------------
def test_ruling_2_deal_six_each_and_four_face_up_centre_last_on_top() -> None:
    game = game_with({0: "2C 3C 4C 5C 6C 8C"}, "4D 5D 6D 7D")
    assert [len(h) for h in game.hands] == [6, 6, 6, 6]
    assert game.observation(0)["centre"] == codes("4D 5D 6D 7D")
    assert game.centre[-1] == parse_card("7D")
    assert len(game.stock) == 52 - 24 - 4


def test_ruling_2_second_deal_of_six_when_hands_are_empty() -> None:
    game = game_with({}, "4D 5D 6D 7D", second={0: "AS KS QS JS 10S 9S"})
    for _ in range(24):
        assert game.deal_number == 1
        game.apply(game.legal_actions()[-1])
    assert game.deal_number == 2
    assert [len(h) for h in game.hands] == [6, 6, 6, 6]
    assert sorted(game.hands[0]) == sorted(parse_cards("AS KS QS JS 10S 9S"))
    assert not game.stock


def test_ruling_2_two_deals_use_the_whole_pack_and_make_one_round() -> None:
    game = game_with({}, "4D 5D 6D 7D")
    for _ in range(48):
        assert len(game.rounds) == 0
        game.apply(game.legal_actions()[-1])
    assert len(game.rounds) == 1


# --- order (ruling 1) ---------------------------------------------------------------------
def test_ruling_1_first_player_is_dealers_left_then_counter_clockwise() -> None:
    game = game_with({}, "4D 5D 6D 7D", dealer=1)
    seen = []
    for _ in range(8):
        seen.append(game.current_player)
        game.apply(game.legal_actions()[-1])
    # Seats are numbered clockwise: the dealer's left is dealer + 1, then seats go down.
    assert seen == [2, 1, 0, 3, 2, 1, 0, 3]


def test_ruling_1_deal_passes_to_the_right_after_each_round() -> None:
    game = new_game("avissinia", seed=7, dealer=2)
    assert isinstance(game, Avissinia)
    assert game.dealer == 2
    for _ in range(48):
        game.apply(game.legal_actions()[-1])
    assert game.dealer == 1
    assert game.current_player == 2  # the new dealer's left


def test_first_dealer_comes_from_the_seed() -> None:
    dealers = {new_game("avissinia", seed=s).dealer for s in range(40)}  # type: ignore[attr-defined]
    assert dealers == {0, 1, 2, 3}
    assert new_game("avissinia", seed=5).dealer == new_game("avissinia", seed=5).dealer  # type: ignore[attr-defined]


# --- the four plays (text 1-4, ruling 4) ---------------------------------------------------
def test_text_example_4_7_7_a_seven_captures_both_sevens() -> None:
    game = game_with({0: "7H 4H 2C 3C 5C 6C"}, "9S 4D 7D 7C")
    game.apply("capture 7H centre")
    assert game.observation(0)["centre"] == codes("9S 4D")
    assert game.piles[0] == parse_cards("7D 7C 7H")


def test_text_example_4_7_7_a_four_captures_nothing() -> None:
    game = game_with({0: "7H 4H 2C 3C 5C 6C"}, "9S 4D 7D 7C")
    assert Play(parse_card("4H"), CENTRE) not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="top of the centre"):
        game.apply("capture 4H centre")
    assert [str(a) for a in game.legal_actions() if a.card == parse_card("4H")] == ["trail 4H"]


def test_text_example_4_5_7_a_seven_captures_only_the_top_seven() -> None:
    game = game_with({0: "7H 4H 2C 3C 5C 6C"}, "9S 4D 5D 7D")
    game.apply("capture 7H centre")
    assert game.observation(0)["centre"] == codes("9S 4D 5D")
    assert game.piles[0] == parse_cards("7D 7H")


def test_rule_2_capture_the_top_run_of_another_players_pile() -> None:
    # Seat 0 takes two kings from the centre; seat 3 (next, counter-clockwise) steals them.
    game = game_with({0: "KH 2C 3C 4C 5C 6C", 3: "KS 2D 3D 4D 5D 6D"}, "9S 4H KD KC")
    game.apply("capture KH centre")
    assert Play(parse_card("KS"), 0) in game.legal_actions()
    game.apply("capture KS pile 0")
    assert game.piles[0] == []
    assert game.piles[3] == parse_cards("KD KC KH KS")


def test_rule_2_capture_only_the_top_run_of_a_pile() -> None:
    game = game_with({0: "KH 2C 3C 4C 5C 6C", 3: "KS 8D 3D 4D 5D 6D"}, "9S 4H 8C KC")
    game.apply("capture KH centre")  # pile 0: KC KH
    game.apply("capture KS pile 0")  # pile 3: KC KH KS
    assert game.piles[3][-1] == parse_card("KS")
    assert game.piles[0] == []


def test_ruling_4_partner_pile_may_be_captured() -> None:
    # Partnership game: seat 0 and seat 2 are partners; seat 2 may still take seat 0's run.
    game = game_with(
        {0: "KH 2C 3C 4C 5C 6C", 3: "8D 2D 3D 4D 5D 6D", 2: "KS 2H 3H 4H 5H 6H"},
        "9S 4S 8C KC", partnership=True,
    )
    game.apply("capture KH centre")
    game.apply("trail 8D")
    assert Play(parse_card("KS"), 0) in game.legal_actions()
    game.apply("capture KS pile 0")
    assert game.piles[2] == parse_cards("KC KH KS")


def test_rule_3_add_a_card_to_own_pile_of_the_same_rank() -> None:
    game = game_with({0: "7H 7S 2C 3C 4C 5C", 3: "8D 2D 3D 4D 5D 6D"}, "9S 4S 5S 7D")
    game.apply("capture 7H centre")
    game.apply("trail 8D")
    # Seat 2 and 1 play before seat 0 again; they trail.
    game.apply(next(a for a in game.legal_actions() if a.target == TRAIL))
    game.apply(next(a for a in game.legal_actions() if a.target == TRAIL))
    assert game.current_player == 0
    assert Play(parse_card("7S"), OWN) in game.legal_actions()
    game.apply("add 7S")
    assert game.piles[0] == parse_cards("7D 7H 7S")


def test_rule_3_no_adding_to_an_empty_or_other_rank_own_pile() -> None:
    game = game_with({0: "7H 2C 3C 4C 5C 6C"}, "9S 4D 5D 7D")
    with pytest.raises(IllegalActionError, match="own pile is empty"):
        game.apply("add 7H")


def test_rule_4_trailing_is_always_allowed_even_when_a_capture_is_possible() -> None:
    game = game_with({0: "7H 2C 3C 4C 5C 6C"}, "9S 4D 5D 7D")
    assert Play(parse_card("7H"), TRAIL) in game.legal_actions()
    game.apply("trail 7H")
    assert game.centre[-2:] == parse_cards("7D 7H")


def test_rule_4_trail_onto_an_empty_centre_after_the_whole_centre_is_captured() -> None:
    game = game_with({0: "AH 2C 3C 4C 5C 6C", 3: "8D 9D 3D 4D 5D 6D"}, "AS AC AD KH")
    game.centre = parse_cards("AS AC AD")  # a centre that is one run
    game.apply("capture AH centre")
    assert game.centre == []
    assert [str(a) for a in game.legal_actions() if a.card == parse_card("8D")] == ["trail 8D"]
    game.apply("trail 8D")
    assert game.centre == parse_cards("8D")


def test_rule_captured_cards_keep_their_order_with_the_capturing_card_on_top() -> None:
    game = game_with({0: "7H 2C 3C 4C 5C 6C"}, "9S 7S 7D 7C")
    game.apply("capture 7H centre")
    assert game.piles[0] == parse_cards("7S 7D 7C 7H")
    assert game.observation(1)["piles"][0][-1] == "7H"


def test_rule_captures_keep_order_onto_an_existing_pile() -> None:
    game = game_with({0: "7H 9H 3C 4C 5C 6C", 3: "9D 2D 3D 4D 5D 6D"}, "9S 4S 9C 7D")
    game.apply("capture 7H centre")  # pile 0: 7D 7H
    game.apply("capture 9D centre")  # seat 3 takes 9C: pile 3: 9C 9D
    game.apply(next(a for a in game.legal_actions() if a.target == TRAIL))
    game.apply(next(a for a in game.legal_actions() if a.target == TRAIL))
    game.apply("capture 9H pile 3")
    assert game.piles[0] == parse_cards("7D 7H 9C 9D 9H")


def test_illegal_play_is_refused_with_a_reason_and_changes_nothing() -> None:
    game = game_with({0: "7H 2C 3C 4C 5C 6C"}, "9S 4D 5D 7D")
    before = game.full_state()
    with pytest.raises(IllegalActionError, match="not in seat 0's hand"):
        game.apply("trail AS")
    with pytest.raises(IllegalActionError, match="not an Avissinia play"):
        game.apply("throw 7H")
    with pytest.raises(IllegalActionError, match="pile"):
        game.apply("capture 7H pile 0")
    assert game.full_state() == before


# --- scoring (ruling 5) and winning (ruling 6) --------------------------------------------
def test_ruling_5_each_card_scores_one_and_a_jack_three() -> None:
    game = game_with({0: "JH 2C 3C 4C 5C 6C"}, "9S 4D JD JC")
    game.apply("capture JH centre")
    assert game.round_scores == [9, 0, 0, 0]


def test_ruling_5_a_pack_holds_sixty_points() -> None:
    game = game_with({}, "4D 5D 6D 7D")
    pack = [*game.stock, *game.centre, *(c for h in game.hands for c in h)]
    assert sum(game.options.points(c) for c in pack) == 60


def test_ruling_5_scoring_values_are_options() -> None:
    game = new_game("avissinia", seed=1, jack_points=5, card_points=2)
    assert game.options.points(parse_card("JC")) == 5
    assert game.options.points(parse_card("2C")) == 2


def test_text_cards_left_in_the_centre_score_for_nobody() -> None:
    game = game_with({}, "4D 5D 6D 7D")
    while not game.rounds:
        trail = [a for a in game.legal_actions() if a.target == TRAIL]
        game.apply(trail[0])
    record = game.rounds[0]
    assert record["points"] == [0, 0, 0, 0]
    assert len(record["centre_left"]) == 52
    assert game.scores == [0, 0, 0, 0]


def test_ruling_6_scores_add_up_over_rounds() -> None:
    game = new_game("avissinia", seed=3)
    assert isinstance(game, Avissinia)
    totals = [0, 0, 0, 0]
    while len(game.rounds) < 2:
        game.apply(game.legal_actions()[0])
    for record in game.rounds:
        totals = [t + p for t, p in zip(totals, record["points"], strict=True)]
    assert game.rounds[1]["totals"] == totals


def _finish_round(game: Avissinia) -> None:
    rounds = len(game.rounds)
    while len(game.rounds) == rounds and not game.is_over:
        game.apply(game.legal_actions()[-1])  # trail: the piles stay as they are


def test_ruling_6_reaching_61_wins_with_the_highest_score() -> None:
    game = game_with({}, "4D 5D 6D 7D")
    game.piles[0] = parse_cards("2S 3S")  # 2 points this round
    game.match_scores = [60, 65, 10, 0]
    _finish_round(game)
    assert game.is_over
    assert game.winners == [1]  # 65 beats 62: both reached the target
    assert game.current_player is None
    assert game.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        game.apply("trail 2C")


def test_ruling_6_no_winner_below_61() -> None:
    game = game_with({}, "4D 5D 6D 7D")
    game.match_scores = [60, 58, 10, 0]
    _finish_round(game)
    assert not game.is_over
    assert len(game.rounds) == 1


def test_ruling_6_a_tie_for_highest_at_61_plays_another_round() -> None:
    game = game_with({}, "4D 5D 6D 7D")
    game.match_scores = [61, 61, 10, 0]
    _finish_round(game)
    assert not game.is_over
    assert game.winners == []
    assert len(game.rounds) == 1 and game.hands[0]
    # Next round: seat 1 captures a card, so the highest score is alone.
    game.piles[1] = parse_cards("2H")
    _finish_round(game)
    assert game.is_over and game.winners == [1]


# --- partnership (ruling 7) ---------------------------------------------------------------
def test_ruling_7_partners_sit_opposite_and_their_scores_add_up() -> None:
    game = game_with({}, "4D 5D 6D 7D", partnership=True)
    game.piles[0] = parse_cards("2S 3S")
    game.piles[2] = parse_cards("JS")
    game.piles[1] = parse_cards("2H")
    _finish_round(game)
    assert game.rounds[0]["side_points"] == [5, 1]
    assert game.scores == [5, 1, 5, 1]


def test_ruling_7_partnership_wins_as_a_team() -> None:
    game = game_with({}, "4D 5D 6D 7D", partnership=True)
    game.match_scores = [60, 20]
    game.piles[2] = parse_cards("2S")
    _finish_round(game)
    assert game.is_over and game.winners == [0, 2]


# --- observations and actions ------------------------------------------------------------
def test_observation_hides_other_hands_and_shows_piles_and_centre() -> None:
    game = game_with({0: "7H 2C 3C 4C 5C 6C", 1: "AH AS AD KC KD KS"}, "9S 4D 5D 7D")
    obs = game.observation(0)
    text = str(obs)
    for card in ("AH", "AS", "AD", "KC", "KD", "KS"):
        assert f"'{card}'" not in text
    assert obs["hand"] == codes("2C 3C 4C 5C 6C 7H")
    assert obs["hand_counts"] == [6, 6, 6, 6]
    assert obs["centre"] == codes("9S 4D 5D 7D")
    assert obs["legal"] and game.observation(1)["legal"] == []


@pytest.mark.parametrize("text", ["trail 7C", "add QS", "capture 10H centre", "capture AD pile 3"])
def test_action_text_round_trips(text: str) -> None:
    assert str(Avissinia.parse_action(text)) == text


def test_action_text_accepts_card_symbols() -> None:
    assert Avissinia.parse_action("trail Q♣") == Avissinia.parse_action("trail QC")

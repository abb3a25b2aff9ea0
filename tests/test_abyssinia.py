"""Abyssinia: one test per rule of the text and per ruling, on scripted decks."""

from __future__ import annotations

import json

import pytest

from pygame_core import IllegalActionError, OptionError, load_game, new_game, parse_cards
from pygame_core.abyssinia import (
    ENTRY,
    FOLDED,
    OUT,
    Abyssinia,
    Move,
    price,
    share,
    split_pot,
)
from pygame_core.cards import Card, full_pack

# --- helpers ------------------------------------------------------------------------------


def deck(market: str, buys: str) -> list[str]:
    """A pack, top first: the two market cards (left, right), then the cards bought blind in
    purchase order, then every other card in pack order."""
    named = parse_cards(market) + parse_cards(buys)
    rest = [c for c in full_pack() if c not in named]
    return [c.code for c in named + rest]


def buyer_order(rounds: list[list[str]]) -> str:
    """Interleave each round's blind buys (given per round, in turn order) into one list."""
    return " ".join(c for r in rounds for c in r)


def play(game: Abyssinia, *texts: str) -> None:
    for text in texts:
        game.apply(text)


def checked_down(a: list[str], b: list[str], market: str) -> dict[str, object]:
    """Two players (seat 1 deals, so seat 0 buys first) buy ``a`` and ``b`` blind, check
    every betting round, and show down: the deal's summary."""
    rounds = [[a[i], b[i]] for i in range(5)]
    g = game(players=2, dealer=1, deck=deck(market, buyer_order(rounds)))
    for _ in range(5):
        play(g, "buy blind", "buy blind", "check", "check")
    return g.deals[-1]


def game(**options: object) -> Abyssinia:
    g = new_game("abyssinia", seed=options.pop("seed", 1), **options)  # type: ignore[arg-type]
    assert isinstance(g, Abyssinia)
    return g


def hand(g: Abyssinia, seat: int) -> list[str]:
    return [c.code for c in g.hands[seat]]


# --- rule 1: players, chips, seats and the button ------------------------------------------


@pytest.mark.parametrize("players", [1, 9, 0])
def test_rule_1_two_to_eight_players(players: int) -> None:
    with pytest.raises(OptionError):
        game(players=players)


@pytest.mark.parametrize("players", range(2, 9))
def test_rule_1_every_player_gets_the_starting_chips_less_the_ante(players: int) -> None:
    g = game(players=players, chips=60)
    assert g.chips == [59] * players
    assert g.pot == players
    assert g.num_players == players


def test_rule_1_chips_option_from_url_text_and_below_entry_refused() -> None:
    assert game(players="3", chips="77").chips == [76] * 3
    with pytest.raises(OptionError):
        game(chips=40)


def test_rule_1_first_dealer_from_the_rng_or_the_dealer_option() -> None:
    dealers = {game(players=8, seed=s).dealer for s in range(40)}
    assert len(dealers) > 3  # the seed chooses
    g = game(players=5, dealer=3)
    assert g.dealer == 3
    assert g.current_player == 4  # the dealer's left: the next seat clockwise
    with pytest.raises(OptionError):
        game(players=3, dealer=3)


def test_rule_1_turns_go_clockwise_from_the_dealers_left_and_wrap() -> None:
    g = game(players=4, dealer=2)
    seen = []
    for _ in range(4):
        seen.append(g.current_player)
        g.apply("buy blind")
    assert seen == [3, 0, 1, 2]
    assert g.phase == "bet" and g.current_player == 3  # betting starts there too


def test_rule_1_dealer_moves_clockwise_for_the_next_deal() -> None:
    g = game(players=3, dealer=1)
    play(g, "buy blind", "buy blind", "buy blind", "bet", "fold", "fold")
    assert g.deals_played == 1
    assert g.dealer == 2
    assert g.current_player == 0


# --- rule 2: the 41-chip entry, sitting out, the end of the match --------------------------


def test_rule_2_player_under_41_chips_sits_out_then_match_ends() -> None:
    # Seat 0 buys two pair (A A 9 9 7, cost 11) and takes high; seat 1 buys 8-5-4-3-A (cost
    # 11) and takes low; seat 2 buys a seven, then folds to a bet and drops to 39.
    rounds = [["AS", "8S", "7D"], ["AH", "5D"], ["9S", "4C"], ["9H", "3H"], ["7C", "AD"]]
    g = game(players=3, chips=ENTRY, dealer=2, deck=deck("QH JH", buyer_order(rounds)))
    play(g, "buy blind", "buy blind", "buy blind", "check", "bet", "fold", "call")
    assert g.status[2] == FOLDED
    for _ in range(4):
        play(g, "buy blind", "buy blind", "check", "check")
    record = g.deals[-1]
    assert record["pot"] == 28 and record["high_share"] == [14, 0, 0]
    assert record["low_share"] == [0, 14, 0]
    assert record["chips"] == [42, 42, 39]  # after the award, before the next antes
    # Deal 2: seat 2 sits out: no ante, no turn; the button skips to the next entrant.
    assert g.status == ["active", "active", OUT]
    assert g.pot == 2 and g.chips == [41, 41, 39]
    assert g.dealer == 0 and g.current_player == 1
    obs = g.observation(2)
    assert obs["status"][2] == "sitting out" and obs["legal"] == []
    play(g, "buy blind", "buy blind")
    assert 2 not in (g.current_player, *g.observation(0)["to_act"])
    play(g, "bet", "fold")  # seat 1 bets, seat 0 folds: seat 0 is below 41 now
    assert g.is_over
    assert g.current_player is None and g.legal_actions() == []
    assert g.chips[0] < ENTRY and g.chips[2] < ENTRY
    assert g.winners == [1]
    assert sum(g.chips) == 3 * ENTRY
    with pytest.raises(IllegalActionError, match="over"):
        g.apply("check")


# --- rule 3: antes and the market --------------------------------------------------------


def test_rule_3_each_entering_player_antes_1_and_two_market_cards_are_exposed() -> None:
    g = game(players=4, dealer=0, deck=deck("2C KD", ""))
    assert g.pot == 4 and g.chips == [99] * 4
    obs = g.observation(1)
    assert obs["market"] == [
        {"side": "left", "card": "2C", "price": 2},
        {"side": "right", "card": "KD", "price": 1},
    ]
    assert obs["pack"] == 50


# --- rule 4: purchases -------------------------------------------------------------------


def test_rule_4_worked_purchase_example_king_1_deuce_2_blind_ace_4() -> None:
    g = game(players=3, dealer=2, deck=deck("2C KD", "AS 7H 6H"))
    play(g, "buy right")  # seat 0: K♦ for 1; the market refills at once with A♠
    assert hand(g, 0) == ["KD"] and g.chips[0] == 98
    assert [c.code for c in g.market] == ["2C", "AS"]
    play(g, "buy left")  # seat 1: the deuce for 2, replaced by 7♥
    assert hand(g, 1) == ["2C"] and g.chips[1] == 97
    assert [c.code for c in g.market] == ["7H", "AS"]
    play(g, "buy blind")  # seat 2: the top of the pack, 6♥, for 1; the market is unchanged
    assert hand(g, 2) == ["6H"] and g.chips[2] == 98
    assert [c.code for c in g.market] == ["7H", "AS"]
    assert g.pot == 3 + 1 + 2 + 1
    assert len(g.pack) == 52 - 2 - 3


@pytest.mark.parametrize("rank", range(13))
@pytest.mark.parametrize("source", ["left", "right", "blind"])
def test_rule_4_price_of_each_rank_from_the_market_and_blind(rank: int, source: str) -> None:
    expected = 4 if rank == 12 else 2 if rank <= 3 else 1
    card = Card(rank, 0)
    others = [c.code for c in full_pack() if c.rank != rank][:2]
    market = {"left": [card.code, others[0]], "right": [others[0], card.code]}.get(source, others)
    top = card.code if source == "blind" else others[1]
    g = game(players=2, dealer=1, deck=deck(" ".join(market), top))
    g.apply(f"buy {source}")
    assert price(card) == expected
    assert g.hands[0] == [card]
    assert g.chips[0] == 99 - expected
    assert g.last is not None and g.last["price"] == expected
    assert g.purchases[0] == expected


def test_rule_4_blind_card_is_revealed_then_charged_with_no_return() -> None:
    g = game(players=2, dealer=1, deck=deck("7C 8C", "AS"))
    g.apply("buy blind")
    assert g.last == {"seat": 0, "action": "buy blind", "card": "AS", "price": 4, "refill": None}
    assert g.hands[0] == [Card(12, 3)] and g.chips[0] == 95
    assert g.legal_actions() == [Move("buy", "left"), Move("buy", "right"), Move("buy", "blind")]


def test_rule_4_market_is_refilled_at_once_from_the_pack() -> None:
    g = game(players=2, dealer=1, deck=deck("7C 8C", "9C TC JC"))
    before = len(g.pack)
    g.apply("buy left")
    assert [c.code for c in g.market] == ["9C", "8C"]  # the next card took the left place
    assert g.last is not None and g.last["refill"] == "9C"
    g.apply("buy right")
    assert [c.code for c in g.market] == ["9C", "10C"]
    assert len(g.pack) == before - 2
    assert g.observation(0)["pack"] == before - 2


def test_rule_4_five_purchase_rounds_give_five_cards_each() -> None:
    g = game(players=3, dealer=0)
    for rnd in range(1, 6):
        assert g.phase == "buy" and g.round == rnd
        play(g, "buy left", "buy right", "buy blind")
        assert all(len(h) == rnd for h in g.hands)
        assert g.phase == "bet" and g.round == rnd
        play(g, "check", "check", "check")
    assert g.deals_played == 1


# --- rule 5: betting ----------------------------------------------------------------------


def to_betting(g: Abyssinia) -> None:
    while g.phase == "buy":
        g.apply("buy blind")


def test_rule_5_no_bet_outstanding_check_or_bet_only() -> None:
    g = game(players=3, dealer=0)
    to_betting(g)
    assert [str(a) for a in g.legal_actions()] == ["check", "bet"]
    for text in ("fold", "call", "raise", "buy left"):
        with pytest.raises(IllegalActionError):
            g.apply(text)


def test_rule_5_folding_only_when_facing_a_bet() -> None:
    g = game(players=3, dealer=0)
    to_betting(g)
    with pytest.raises(IllegalActionError, match="only allowed when facing a bet"):
        g.apply("fold")
    g.apply("bet")
    assert [str(a) for a in g.legal_actions()] == ["call", "raise", "fold"]
    for text in ("check", "bet", "buy blind"):
        with pytest.raises(IllegalActionError):
            g.apply(text)
    g.apply("fold")
    assert g.status[2] == FOLDED


def test_rule_5_bet_is_1_and_each_raise_adds_1_call_pays_the_difference() -> None:
    g = game(players=3, dealer=0)
    to_betting(g)
    start = list(g.chips)
    play(g, "bet")  # seat 1 puts 1
    play(g, "raise")  # seat 2 puts 2
    assert g.observation(0)["to_call"] == 2
    play(g, "call")  # seat 0 puts 2
    assert g.observation(1)["to_call"] == 1
    play(g, "raise")  # seat 1 puts 2 more (outstanding 3)
    assert [start[s] - g.chips[s] for s in range(3)] == [2, 3, 2]
    assert g.outstanding == 3 and g.raises == 2


def test_rule_5_at_most_three_raises_per_round() -> None:
    g = game(players=2, dealer=1)
    to_betting(g)
    play(g, "bet", "raise", "raise", "raise")
    assert g.outstanding == 4 and g.raises == 3
    assert [str(a) for a in g.legal_actions()] == ["call", "fold"]
    with pytest.raises(IllegalActionError, match="3 raises"):
        g.apply("raise")
    g.apply("call")
    assert g.bets == [4, 4]
    assert g.phase == "buy" and g.round == 2  # the cap resets in the next round


def test_rule_5_check_raise_is_allowed() -> None:
    g = game(players=3, dealer=0)
    to_betting(g)
    play(g, "check", "bet", "call")
    assert g.current_player == 1 and "raise" in [str(a) for a in g.legal_actions()]
    play(g, "raise")  # seat 1 checked, then raised
    assert g.outstanding == 2 and g.phase == "bet"


def test_rule_5_round_ends_when_all_check_or_all_answered_the_last_raise() -> None:
    g = game(players=3, dealer=0)
    to_betting(g)
    play(g, "check", "check")
    assert g.phase == "bet"
    play(g, "check")
    assert g.phase == "buy" and g.round == 2
    to_betting(g)
    play(g, "bet", "raise", "call")  # seat 1 still has to answer seat 2's raise
    assert g.phase == "bet" and g.current_player == 1
    play(g, "call")
    assert g.phase == "buy" and g.round == 3


# --- rule 6: folding and the last player standing ------------------------------------------


def test_rule_6_folded_player_buys_no_more_and_cannot_win() -> None:
    g = game(players=3, dealer=0)
    to_betting(g)
    play(g, "bet", "fold", "call")
    seen = []
    while g.phase == "buy":
        seen.append(g.current_player)
        g.apply("buy blind")
    assert seen == [1, 0]
    assert len(g.hands[2]) == 1


def test_rule_6_last_player_standing_takes_the_pot_at_once() -> None:
    g = game(players=3, dealer=0)
    to_betting(g)
    pot_before_bets = g.pot
    play(g, "bet", "fold")
    assert g.deals_played == 0
    play(g, "fold")
    record = g.deals[-1]
    assert record["showdown"] is False and record["uncontested_winner"] == 1
    assert record["award"] == [0, pot_before_bets + 1, 0]
    assert g.deals_played == 1 and g.round == 1 and g.phase == "buy"  # a new deal began
    assert g.chips[1] == 100 + record["net"][1] - 1  # less the new ante
    assert sum(record["net"]) == 0


# --- rule 7: showdown ---------------------------------------------------------------------


def test_rule_7_split_function_odd_chip_to_high() -> None:
    assert split_pot(33, [0], [1], dealer=1, n=2) == ([17, 0], [0, 16])
    assert split_pot(32, [0], [1], dealer=1, n=2) == ([16, 0], [0, 16])


def test_rule_7_tied_half_indivisible_chip_to_first_winner_after_dealer() -> None:
    assert share(15, [0, 1], dealer=0, n=3) == {1: 8, 0: 7}
    assert share(15, [0, 1], dealer=1, n=3) == {0: 8, 1: 7}
    # Three-way tie with two chips over: one each, clockwise from the dealer's left.
    assert share(11, [1, 2, 3], dealer=2, n=4) == {3: 4, 1: 4, 2: 3}


def test_rule_7_tied_low_half_in_a_real_deal() -> None:
    # Dealer Ben (seat 1); order Cleo (2), Anna (0), Ben (1).  Ben and Cleo hold 8-5-4-3-A in
    # different suits; Anna's trip nines take high.  Pot 3 + 6 + 11 + 11 = 31: high 16, low 15
    # split 8/7, the extra chip to Cleo, the first low winner clockwise after the dealer.
    anna = ["9S", "9H", "9D", "KC", "2C"]
    ben = ["8S", "5D", "4C", "3H", "AD"]
    cleo = ["8D", "5H", "4D", "3S", "AC"]
    rounds = [[cleo[i], anna[i], ben[i]] for i in range(5)]
    g = game(players=3, dealer=1, deck=deck("QH JH", buyer_order(rounds)))
    for _ in range(5):
        play(g, "buy blind", "buy blind", "buy blind", "check", "check", "check")
    record = g.deals[-1]
    assert record["pot"] == 31
    assert record["high_winners"] == [0] and record["low_winners"] == [1, 2]
    assert record["high_share"] == [16, 0, 0]
    assert record["low_share"] == [0, 7, 8]
    assert record["high_names"][1] == record["high_names"][2] == "ace high"
    assert record["low_names"] == ["three nines", "eight-five low", "eight-five low"]


def test_rule_7_equal_high_hands_share_and_suits_never_break_ties() -> None:
    a = ["KS", "QS", "9H", "7D", "3C"]
    b = ["KH", "QH", "9S", "7C", "3D"]
    record = checked_down(a, b, market="2H 2D")
    assert record["high_winners"] == [0, 1] and record["low_winners"] == [0, 1]
    assert record["pot"] == 2 + 2 * 6
    # Each half of 7 splits 4/3, the odd chip to seat 0, first clockwise after the dealer.
    assert record["high_share"] == [4, 3] and record["low_share"] == [4, 3]
    assert record["net"] == [1, -1]


def test_rule_7_one_player_wins_both_halves() -> None:
    # A-6-4-3-2 is ace high (beats king high) and a six-four low (beats king-queen).
    a = ["AS", "6D", "4C", "3H", "2S"]
    b = ["KH", "QH", "JS", "9C", "7D"]
    rounds = [[a[i], b[i]] for i in range(5)]
    g = game(players=2, dealer=1, deck=deck("8H 8D", buyer_order(rounds)))
    for _ in range(5):
        play(g, "buy blind", "buy blind", "bet", "call")
    record = g.deals[-1]
    assert record["high_winners"] == [0] and record["low_winners"] == [0]
    assert record["pot"] == 2 + (4 + 1 + 2 + 2 + 2) + 5 + 10
    assert record["award"] == [record["pot"], 0]
    assert record["high_share"][0] == record["pot"] - record["pot"] // 2
    assert record["low_share"][0] == record["pot"] // 2
    assert record["high_names"] == ["ace high", "king high"]
    assert record["low_names"] == ["six-four low", "king-queen low"]


def test_rule_7_wheel_is_the_lowest_straight_and_the_best_low() -> None:
    # 5-4-3-2-A: a five-high straight for high (beats two kings) and the best low.
    a = ["5S", "4D", "3C", "2H", "AS"]
    b = ["KH", "KD", "QS", "JC", "TD"]
    record = checked_down(a, b, market="8H 8D")
    assert record["high_names"] == ["five-high straight", "pair of kings"]
    assert record["high_winners"] == [0] and record["low_winners"] == [0]
    assert record["low_names"] == ["five-four low", "pair of kings"]


def test_rule_7_low_has_no_qualifier_pair_of_queens_takes_low() -> None:
    a = ["KS", "KD", "QS", "JC", "9D"]
    b = ["QH", "QD", "JS", "TC", "8D"]
    record = checked_down(a, b, market="2H 2D")
    assert record["high_winners"] == [0] and record["low_winners"] == [1]
    assert record["low_hand"] == "pair of queens"
    assert record["high_share"] == [6, 0] and record["low_share"] == [0, 6]


# --- ruling 8: the worked example ---------------------------------------------------------

ANNA = ["9S", "9H", "9D", "KC", "2C"]
BEN = ["8S", "5D", "4C", "3H", "AD"]


def test_rule_8_worked_example_split_function_pot_32_gives_16_each() -> None:
    high, low = split_pot(32, [0], [1], dealer=1, n=2)
    assert [h + lo for h, lo in zip(high, low, strict=True)] == [16, 16]


def test_rule_8_worked_example_anna_high_ben_low_16_each() -> None:
    # Two players alone cannot make a pot of 32 with these cards: antes 2 and purchases 6 + 11
    # make 19, and equal bets keep it odd.  A third player, Cleo, antes, buys a five for 2
    # and folds to Anna's first bet: 3 + 6 + 11 + 2 + 5 bets each = 32.
    rounds = [[ANNA[0], BEN[0], "5C"]] + [[ANNA[i], BEN[i]] for i in range(1, 5)]
    g = game(players=3, dealer=2, deck=deck("QH JH", buyer_order(rounds)))
    play(g, "buy blind", "buy blind", "buy blind", "bet", "call", "fold")
    for _ in range(4):
        play(g, "buy blind", "buy blind", "bet", "call")
    record = g.deals[-1]
    assert record["hands"][:2] == [ANNA, BEN]
    assert record["pot"] == 32
    assert record["high_winners"] == [0] and record["low_winners"] == [1]
    assert record["high_names"][:2] == ["three nines", "ace high"]
    assert record["low_names"][:2] == ["three nines", "eight-five low"]
    assert record["high_hand"] == "three nines" and record["low_hand"] == "eight-five low"
    assert record["award"] == [16, 16, 0]
    assert record["purchases"] == [6, 11, 2]
    assert record["bets"] == [5, 5, 0]
    assert record["paid"] == [12, 17, 3]
    assert record["net"] == [4, -1, -3]
    assert g.observation(1)["last_deal"] == record


def test_rule_8_worked_hands_in_a_two_player_deal_odd_pot_33() -> None:
    rounds = [[ANNA[i], BEN[i]] for i in range(5)]
    g = game(players=2, dealer=1, deck=deck("QH JH", buyer_order(rounds)))
    play(g, "buy blind", "buy blind", "bet", "raise", "raise", "call")
    for _ in range(4):
        play(g, "buy blind", "buy blind", "bet", "call")
    record = g.deals[-1]
    assert record["pot"] == 33
    assert record["high_share"] == [17, 0] and record["low_share"] == [0, 16]
    assert record["net"] == [17 - 14, 16 - 19]
    assert g.round_scores == [-1, -1]  # the next deal has begun with its antes


# --- actions, views, saves ---------------------------------------------------------------


def test_action_texts_parse_back_and_bad_text_is_refused() -> None:
    texts = ["buy left", "buy right", "buy blind", "check", "bet", "call", "raise", "fold"]
    for text in texts:
        assert str(Abyssinia.parse_action(text)) == text
    assert str(Abyssinia.parse_action("  Buy   LEFT ")) == "buy left"
    for bad in ["buy", "buy middle", "bet 2", "", "allin"]:
        with pytest.raises(IllegalActionError, match="not an Abyssinia action"):
            Abyssinia.parse_action(bad)


def test_observation_shows_everything_public_but_not_the_pack_order() -> None:
    g = game(players=3, dealer=0, deck=deck("2C KD", "AS 7H 6H"))
    play(g, "buy blind")
    obs = g.observation(0)
    text = json.dumps(obs)
    assert "pack_order" not in obs and obs["pack"] == 49
    assert obs["hands"][1] == ["AS"]  # open hands: seat 0 sees seat 1's card
    assert "7H" not in text  # the next blind card stays hidden
    assert obs["legal"] == []
    assert g.observation(2)["legal"] == ["buy left", "buy right", "buy blind"]
    assert obs["current_player"] == 2 and obs["phase_text"] == "purchase round 1"
    assert obs["last"]["card"] == "AS"
    assert obs["dealer"] == 0 and obs["pot"] == 7 and obs["chips"] == [99, 95, 99]
    assert obs["round_scores"] == [-1, -5, -1]
    assert g.full_state()["pack_order"][0] == "7H"


def test_observation_bet_state() -> None:
    g = game(players=3, dealer=0)
    to_betting(g)
    play(g, "bet", "raise")
    obs = g.observation(0)
    assert obs["phase_text"] == "betting round 1"
    assert (obs["outstanding"], obs["raises"], obs["to_call"]) == (2, 1, 2)
    assert obs["put"] == [0, 1, 2] and obs["to_act"] == [0, 1]
    assert obs["legal"] == ["call", "raise", "fold"]


def test_save_round_trip_and_clone() -> None:
    g = game(players=4, seed=7)
    for text in ["buy left", "buy blind", "buy right", "buy blind", "bet", "raise", "fold"]:
        g.apply(text)
    copy = g.clone()
    assert copy.full_state() == g.full_state()
    loaded = load_game(json.dumps(g.to_json()))
    assert loaded.full_state() == g.full_state()
    copy.apply("call")
    assert copy.full_state() != g.full_state()  # the clone is independent


def test_scripted_deck_must_be_a_full_pack() -> None:
    with pytest.raises(OptionError):
        game(deck=["AS"] * 52)

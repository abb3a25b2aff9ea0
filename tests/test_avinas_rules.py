"""Avinas: one test per rule of the text and per ruling (RULINGS.md, section Avinas).

Every deal here is scripted with ``scripted_deck``: hands are written in the order dealt, so
the 4th and 8th card of each are the special cards.  The dealer is seat 3 unless a test says
otherwise, so the deal (and the bidding) starts at seat 0 and the dealer's side is 1 and 3.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygame_core import IllegalActionError, OptionError, load_game, new_game, parse_card
from pygame_core.avinas import (
    DRAW,
    Avinas,
    card_strength,
    match_result,
    scripted_deck,
    trick_winner,
)
from pygame_core.cards import EIGHT, JACK, NINE, SEVEN, Card, parse_cards, short_pack


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def start(hands: dict[int, Any], dealer: int = 3, seed: int = 1, **options: Any) -> Avinas:
    game = new_game("avinas", seed=seed, dealer=dealer,
                    deck=scripted_deck(dealer, hands), **options)
    assert isinstance(game, Avinas)
    return game


def play(game: Avinas, *texts: str) -> None:
    for text in texts:
        game.apply(text)


def exposed(game: Avinas, viewer: int) -> set[tuple[int, str]]:
    return {(e["seat"], e["card"]) for e in game.observation(viewer)["exposed"]}


# A no-sevens deal in which seat 0 holds six hearts-trumps and seat 1 all the high ones:
# the declaring side (0 and 2) can take trick 1 only with the 7 of hearts.
DECK_L = {
    0: "7H 8H 9H AH 7D KH JD 8D",
    1: "10H QC QS QH QD JC JS JH",
    2: "7S AS 10S KS 9S 8S AD 10D",
    3: "7C AC 10C KC 9C 8C KD 9D",
}
# A no-sevens deal in which the declaring side takes 64 in two tricks (QC, then AH) and
# seat 0 then leads the 7 of spades for the opponents to take.
DECK_W = {
    0: "QC 7S QS QH AH QD JC JS",
    1: "7C AD KC AS 9S 8C 9C KS",
    2: "7H 10H KH 10D JH JD 8H 9H",
    3: "7D AC 10C 10S 8S 8D 9D KD",
}
W_TWO_TRICKS = (
    "play QC trump H", "play AD", "play 10H", "play AC", "play on",
    "play AH", "play KC", "play KH", "play 10C",
)
# A no-sevens deal in which seat 0 holds a single trump (QC) and so may lead face down to
# trick 2.
DECK_F = {
    0: "QC AS 10S KS AD 10D KD 9C",
    1: "7C QS 8H 9H 8C 10C KC AC",
    2: "7D JC JH AH 8D 9D 7S 8S",
    3: "7H QH QD JD JS 10H KH 9S",
}
F_TRICK_1 = ("bid 1", "pass", "pass", "pass",
             "play QC trump H", "play 8H", "play JC", "play JS", "play on")


# --- ruling 1 and 2: the deal -------------------------------------------------------------
def test_rule_2_deal_in_two_rounds_of_four_from_the_dealers_left() -> None:
    pack = short_pack()
    game = new_game("avinas", seed=1, dealer=1, deck=pack)
    dealt = game.full_state()["dealt"]
    order = [2, 3, 0, 1]  # the dealer's left first, clockwise, the dealer last
    for place, seat in enumerate(order):
        first = pack[4 * place: 4 * place + 4]
        second = pack[16 + 4 * place: 16 + 4 * place + 4]
        assert dealt[seat] == [c.code for c in first + second]


def test_rule_1_the_deal_passes_to_the_left() -> None:
    game = start(DECK_L, dealer=3)
    play(game, "pass", "pass", "pass", "pass")
    assert game.dealer == 0
    assert game.current_player in (1, 2, 3, 0)
    assert game.observation(0)["hand_number"] == 2


def test_rule_1_first_dealer_is_chosen_by_the_seed() -> None:
    dealers = {new_game("avinas", seed=s).full_state()["dealer"] for s in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_rule_2_opponents_special_cards_exposed_to_all() -> None:
    game = start(DECK_L)  # dealer 3: the opponents are seats 0 and 2
    for viewer in range(4):
        shown = exposed(game, viewer)
        assert {(0, "AH"), (0, "8D"), (2, "KS"), (2, "10D")} <= shown


def test_rule_2_dealer_side_specials_exposed_only_if_sevens() -> None:
    hands = dict(DECK_L)
    hands[1] = "10H QC QS 7S QD JC JS JH"  # a seven as seat 1's 4th card
    hands[2] = "QH AS 10S KS 9S 8S AD 10D"
    game = start(hands)
    for viewer in range(4):
        shown = exposed(game, viewer)
        assert (1, "7S") in shown
        assert (1, "JH") not in shown  # seat 1's 8th card is not a seven
        assert not {s for s, _ in shown} & {3}  # seat 3's specials (KC, 9D) stay hidden
        obs = game.observation(viewer)
        if viewer != 1:
            assert "JH" not in obs["hand"]
            assert "JH" not in json.dumps(obs) or viewer == 3


def test_rule_2_dealer_has_seen_his_partners_special_cards() -> None:
    game = start(DECK_L)  # dealer 3 looked at seat 1's 4th and 8th cards: QH and JH
    assert {e["card"] for e in game.observation(3)["dealer_saw"]} == {"QH", "JH"}
    for viewer in (0, 1, 2):
        assert game.observation(viewer)["dealer_saw"] == []


def test_rule_2_exposed_cards_stay_known_until_played() -> None:
    game = start(DECK_W)
    play(game, "bid 7", "pass", "pass", "pass")
    assert (0, "QH") in exposed(game, 1) and (0, "JS") in exposed(game, 1)
    play(game, *W_TWO_TRICKS, "play on", "play QH")
    assert (0, "QH") not in exposed(game, 1)
    assert (0, "JS") in exposed(game, 1)


# --- ruling 3: sevens decide declarer and trump -------------------------------------------
def test_rule_3_one_seven_names_declarer_and_trump() -> None:
    hands = dict(DECK_L)
    hands[2] = "AS 10S KS 7S 9S 8S AD 10D"  # seat 2's 4th card is the only special seven
    game = start(hands)
    obs = game.observation(0)
    assert (obs["kind"], obs["declarer"], obs["trump"], obs["sevens"]) == ("sevens", 2, "S", 1)
    assert game.current_player == 2 and obs["phase"] == "knock"


def test_rule_3_several_sevens_the_last_dealt_decides() -> None:
    # 4th cards come before 8th cards; among the 8th cards the deal order is 0, 1, 2, 3.
    hands = {
        0: "QC QS QH 7C JC JS JH 8C",  # 4th card 7C
        1: "8D 9D 10D AD KD QD JD 7H",  # 8th card 7H
        2: "8H 9H 10H KH AH 8S 9S 7D",  # 8th card 7D: dealt after 7H
        3: "10S KS AS 9C 10C KC AC 7S",  # 4th card 9C; the dealer's 8th card 7S is last
    }
    game = start(hands)
    obs = game.observation(1)
    assert (obs["declarer"], obs["trump"], obs["sevens"]) == (3, "S", 4)
    hands[3] = "7S KS AS 9C 10C KC AC 10S"  # now the dealer's seven is not special
    obs = start(hands).observation(1)
    assert (obs["declarer"], obs["trump"], obs["sevens"]) == (2, "D", 3)


def test_rule_3_a_fourth_card_seven_is_dealt_before_any_eighth_card() -> None:
    hands = {
        0: "QC QS QH QD JC JS JH 7C",  # seat 0's 8th card
        1: "8D 9D 10D 7H KD AD JD 8C",  # seat 1's 4th card
        3: "8H 9H 10H 7D AH 8S 9S KH",  # the dealer's 4th card
    }
    obs = start(hands).observation(0)
    assert (obs["declarer"], obs["trump"], obs["sevens"]) == (0, "C", 3)


# --- ruling 4: bidding when no special card is a seven ------------------------------------
def test_rule_4_bidding_starts_left_of_dealer_and_each_bid_must_be_higher() -> None:
    game = start(DECK_L)
    assert game.observation(0)["kind"] == "no sevens"
    assert game.current_player == 0
    assert [str(a) for a in game.legal_actions()] == ["pass"] + [f"bid {n}" for n in range(1, 9)]
    play(game, "bid 3")
    assert game.current_player == 1
    assert [str(a) for a in game.legal_actions()] == ["pass", *(f"bid {n}" for n in range(4, 9))]
    with pytest.raises(IllegalActionError, match="higher than 3"):
        game.apply("bid 3")
    with pytest.raises(IllegalActionError, match="1 to 8"):
        game.apply("bid 9")
    play(game, "bid 5", "pass", "pass")
    obs = game.observation(2)
    assert obs["declarer"] == 1 and obs["high_bid"] == 5 and game.current_player == 1
    assert [b["bid"] for b in obs["bids"]] == [3, 5, None, None]


def test_rule_4_all_pass_voids_the_hand_and_the_next_dealer_deals() -> None:
    game = start(DECK_L, dealer=3)
    first_hands = game.full_state()["hands"]
    play(game, "pass", "pass", "pass", "pass")
    record = game.hand_records[-1]
    assert record["kind"] == "void" and record["bids"] == [
        {"seat": s, "bid": None} for s in (0, 1, 2, 3)
    ]
    assert game.dealer == 0 and game.hands_played == 1
    assert game.full_state()["hands"] != first_hands  # a fresh shuffle
    assert game.pips == [0, 0] and game.rams == [0, 0]
    assert game.observation(0)["last"]["void"] is True


def test_rule_4_overbid_loses_the_hand_whatever_its_points() -> None:
    game = start(DECK_W)  # seat 0 holds 7 hearts-trumps (4 queens, 2 jacks, the ace)
    play(game, "bid 8", "pass", "pass", "pass", *W_TWO_TRICKS, "stop")
    record = game.hand_records[-1]
    assert record["points"] == [64, 0]
    assert record["declarer_trumps"] == 7 and record["overbid"] is True
    assert record["declarer_won"] is False
    assert game.pips == [2, 0]  # the declaring side's 64 points are in the 31+ bracket


def test_rule_4_a_bid_counts_all_queens_and_jacks_with_the_suit() -> None:
    game = start(DECK_W)
    play(game, "bid 7", "pass", "pass", "pass", *W_TWO_TRICKS, "stop")
    record = game.hand_records[-1]
    assert record["declarer_trumps"] == 7 and record["overbid"] is False
    assert record["declarer_won"] is True and game.pips == [0, 3]


# --- ruling 5: trumps, ranks and card points ----------------------------------------------
def test_rule_5_trump_ranking_and_plain_ranking() -> None:
    order = cards("QC 7H QS QH QD JC JS JH JD AH 10H KH 9H 8H")
    strengths = [card_strength(c, 2) for c in order]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 14
    assert min(strengths) > max(card_strength(c, 2) for c in cards("AS AC AD"))
    plain = [card_strength(c, 2) for c in cards("AS 10S KS 9S 8S 7S")]
    assert plain == sorted(plain, reverse=True) and len(set(plain)) == 6


def test_rule_5_card_points_total_120() -> None:
    values = start(DECK_L).values
    assert sum(values.values()) == 120
    assert [values[parse_card(t)] for t in ("AS", "10S", "KS", "QS", "JS", "9S")] == \
        [11, 10, 4, 3, 2, 0]


# --- ruling 6: following and winning -------------------------------------------------------
def test_rule_6_follow_suit_queens_and_jacks_belong_to_trumps_only() -> None:
    game = start(DECK_F)
    play(game, *F_TRICK_1, "play KS")  # trump hearts; seat 0 leads a plain spade
    assert len(game.legal_actions()) == 7  # seat 1's only spade is QS, a trump: free
    play(game, "play QS")
    assert {str(a) for a in game.legal_actions()} == {"play 7S", "play 8S"}
    with pytest.raises(IllegalActionError, match="follow suit \\(spades\\)"):
        game.apply("play AH")
    play(game, "play 8S")
    assert [str(a) for a in game.legal_actions()] == ["play 9S"]  # not JS: it is a trump


def test_rule_6_trump_lead_must_be_followed_with_a_trump() -> None:
    game = start(DECK_W)
    play(game, "bid 7", "pass", "pass", "pass", "play QC trump H", "play AD")
    assert {str(a) for a in game.legal_actions()} == \
        {"play 7H", "play 10H", "play KH", "play JH", "play JD", "play 8H", "play 9H"}


def test_rule_6_highest_trump_wins_else_highest_of_the_suit_led() -> None:
    plays = [(0, parse_card("8S")), (1, parse_card("AS")), (2, parse_card("JH")),
             (3, parse_card("QD"))]
    assert trick_winner(plays, 2) == 3  # QD outranks JH
    plays = [(0, parse_card("8S")), (1, parse_card("AD")), (2, parse_card("KS")),
             (3, parse_card("10S"))]
    assert trick_winner(plays, 2) == 3  # 10 beats K; the off-suit ace does not count


def test_rule_6_the_winner_leads_the_next_trick() -> None:
    game = start(DECK_W)
    play(game, "bid 7", "pass", "pass", "pass", *W_TWO_TRICKS, "play on",
         "play 7S", "play AS", "play 10D", "play 10S", "play on")
    assert game.current_player == 1


# --- ruling 7: leads -----------------------------------------------------------------------
def test_rule_7_the_declarer_leads_trick_1_and_it_must_be_a_trump() -> None:
    game = start(sevens_deal(1, "knock loss"))
    play(game, "no knock", "no knock")
    assert game.current_player == 0
    legal = [str(a) for a in game.legal_actions()]
    assert "play 8C" not in legal and "play QC" in legal
    with pytest.raises(IllegalActionError, match="first lead must be a trump"):
        game.apply("play 8C")


def test_rule_7_plain_first_lead_names_its_suit() -> None:
    game = start(DECK_L)
    play(game, "bid 6", "pass", "pass", "pass")
    with pytest.raises(IllegalActionError, match="names its own suit"):
        game.apply("play 8H trump S")
    play(game, "play 8D")
    assert game.observation(2)["trump"] == "D"
    assert game.observation(2)["last"]["trump"] == "D"


def test_rule_7_queen_or_jack_first_lead_states_the_suit() -> None:
    game = start(DECK_W)
    play(game, "bid 7", "pass", "pass", "pass")
    legal = [str(a) for a in game.legal_actions()]
    assert {f"play QC trump {suit}" for suit in "CDHS"} <= set(legal)
    assert "play QC" not in legal and "play 7S" in legal
    with pytest.raises(IllegalActionError, match="name the trump suit"):
        game.apply("play QC")
    play(game, "play QC trump S")
    assert game.observation(1)["trump"] == "S"
    # Spades are trump now: seat 1 must follow with its spades, not with diamonds.
    assert {str(a) for a in game.legal_actions()} == {"play AS", "play 9S", "play KS"}


def test_rule_7_trick_2_leader_must_lead_a_trump_if_able() -> None:
    game = start(DECK_W)
    play(game, "bid 7", "pass", "pass", "pass", *W_TWO_TRICKS[:5])
    assert game.current_player == 0
    assert "play 7S" not in [str(a) for a in game.legal_actions()]
    assert not any(str(a).startswith("facedown") for a in game.legal_actions())
    with pytest.raises(IllegalActionError, match="must lead one"):
        game.apply("play 7S")
    with pytest.raises(IllegalActionError):
        game.apply("facedown 7S valuable")


def test_rule_7_trick_2_leader_without_trump_leads_face_up_or_face_down() -> None:
    game = start(DECK_F)
    play(game, *F_TRICK_1)
    legal = {str(a) for a in game.legal_actions()}
    hand = ["AS", "10S", "KS", "AD", "10D", "KD", "9C"]
    assert legal == ({f"play {c}" for c in hand} | {f"facedown {c} valuable" for c in hand}
                     | {f"facedown {c} not valuable" for c in hand})


def test_rule_7_leads_are_free_from_trick_3() -> None:
    game = start(DECK_W)
    play(game, "bid 7", "pass", "pass", "pass", *W_TWO_TRICKS, "play on")
    legal = {str(a) for a in game.legal_actions()}
    assert "play 7S" in legal and "play QS" in legal
    assert not any(a.startswith("facedown") for a in legal)


# --- ruling 8: the face-down lead ----------------------------------------------------------
def test_rule_8_face_down_lead_is_followed_as_trump_and_cannot_win() -> None:
    game = start(DECK_F)
    play(game, *F_TRICK_1, "facedown AS valuable")
    assert {str(a) for a in game.legal_actions()} == {"play QS", "play 9H"}  # seat 1 trumps
    play(game, "play 9H", "play AH", "play QH")
    trick = game.observation(0)["tricks"][-1]
    assert trick["facedown"] is True and trick["winner"] == 3
    assert [c["card"] for c in trick["cards"]] == ["AS", "9H", "AH", "QH"]  # turned up


def test_rule_8_face_down_card_points_go_to_the_trick_winner() -> None:
    game = start(DECK_F)
    play(game, *F_TRICK_1)
    assert game.points == [7, 0]
    play(game, "facedown AS valuable", "play 9H", "play AH", "play QH")
    assert game.points == [7, 11 + 0 + 11 + 3]


def test_rule_8_face_down_card_hidden_from_all_but_its_leader_until_turned_up() -> None:
    game = start(DECK_F)
    play(game, *F_TRICK_1, "facedown AS valuable", "play 9H")
    for viewer in (1, 2, 3):
        obs = game.observation(viewer)
        assert "AS" not in json.dumps(obs)
        assert obs["trick"][0] == {"seat": 0, "card": None, "facedown": True}
    assert game.observation(0)["trick"][0]["card"] == "AS"


def test_rule_8_signal_seen_by_the_partner_only() -> None:
    game = start(DECK_F)
    play(game, *F_TRICK_1, "facedown 9C not valuable")
    assert game.observation(2)["signal"] == {"seat": 0, "valuable": False}
    assert game.observation(2)["last"]["signal"] == "not valuable"
    for viewer in (1, 3):
        obs = game.observation(viewer)
        assert obs["signal"] == {"seat": 0, "valuable": None}
        assert "not valuable" not in json.dumps(obs)
        assert obs["last"] == {"seat": 0, "action": "facedown", "kind": "facedown", "card": None}
    play(game, "play 9H", "play AH", "play QH")
    assert game.observation(1)["signal"]["valuable"] is None  # the signal stays private
    assert game.observation(2)["signal"]["valuable"] is False


def test_rule_8_no_trump_among_the_followers_the_first_follower_leads() -> None:
    # Cannot arise in play (ten trumps are still out at trick 2), but the rule is defined.
    plays = [(0, parse_card("AS")), (1, parse_card("8D")), (2, parse_card("AD")),
             (3, parse_card("10C"))]
    assert trick_winner(plays, 2, facedown=True) == 2


# --- ruling 9: knocking --------------------------------------------------------------------
def test_rule_9_declarer_then_partner_may_knock_then_the_defenders_may_knock_back() -> None:
    game = start(sevens_deal(2, "weak"))
    assert game.current_player == 0
    assert [str(a) for a in game.legal_actions()] == ["knock", "no knock"]
    play(game, "no knock")
    assert game.current_player == 2  # the partner may still knock
    play(game, "knock")
    assert game.current_player == 1
    assert [str(a) for a in game.legal_actions()] == ["knock back", "no knock back"]
    play(game, "no knock back")
    assert game.current_player == 3
    play(game, "knock back")
    obs = game.observation(0)
    assert (obs["knock"], obs["knock_back"], obs["phase"], game.current_player) == \
        (2, 3, "play", 0)


def test_rule_9_no_knock_means_no_knock_back() -> None:
    game = start(sevens_deal(2, "weak"))
    play(game, "no knock", "no knock")
    assert game.observation(0)["phase"] == "play" and game.current_player == 0
    with pytest.raises(IllegalActionError):
        game.apply("knock back")


def test_rule_9_no_knocking_in_a_no_sevens_game() -> None:
    game = start(DECK_L)
    with pytest.raises(IllegalActionError, match="bidding"):
        game.apply("knock")


# --- ruling 10: stopping -------------------------------------------------------------------
def test_rule_10_declarer_may_stop_before_any_trick_after_the_first() -> None:
    game = start(DECK_W)
    play(game, "bid 7", "pass", "pass", "pass")
    assert "stop" not in [str(a) for a in game.legal_actions()]
    play(game, *W_TWO_TRICKS[:4])
    assert game.current_player == 0
    assert [str(a) for a in game.legal_actions()] == ["play on", "stop"]
    play(game, "play on", *W_TWO_TRICKS[5:], "play on",
         "play 7S", "play AS", "play 10D", "play 10S")
    assert game.current_player == 0  # the declarer decides although seat 1 leads next
    play(game, "stop")
    record = game.hand_records[-1]
    assert record["stopped_after"] == 3 and record["points"] == [64, 31]


def test_rule_10_no_stopping_in_a_sevens_game() -> None:
    game = start(sevens_deal(1, "strong"))
    play(game, "no knock", "no knock")
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    assert game.observation(0)["trick_number"] == 2 and game.observation(0)["phase"] == "play"
    assert "stop" not in [str(a) for a in game.legal_actions()]
    with pytest.raises(IllegalActionError):
        game.apply("stop")


# --- ruling 11: rams -----------------------------------------------------------------------
def sevens_deal(n: int, kind: str) -> dict[int, list[Card]]:
    """Dealer 3; seat 0 declares with 7S as its 8th card, the last special seven dealt;
    n - 1 plain sevens are the 4th cards of seats 1, 2, 3.

    ``strong``: seat 0 holds the eight best trumps and takes every trick.  ``knock loss``:
    the same but 8C for JH, so it takes seven tricks.  ``weak``: seats 0 and 2 hold the
    sevens, eights, nines and jacks.
    """
    rows: list[list[Card | None]] = [[None] * 8 for _ in range(4)]
    rows[0][7] = parse_card("7S")
    plain = cards("7C 7D 7H")
    for seat, card in zip((1, 2, 3), plain[: n - 1], strict=False):
        rows[seat][3] = card
    if kind == "strong":
        rows[0][:7] = cards("QC QS QH QD JC JS JH")
    elif kind == "knock loss":
        rows[0][:7] = cards("QC QS QH QD JC JS 8C")
    used = {c for row in rows for c in row if c is not None}
    rest = [c for c in short_pack() if c not in used]
    if kind == "weak":  # the low cards first, to seats 0 and 2
        rest.sort(key=lambda c: c.rank not in (SEVEN, EIGHT, NINE, JACK))
        fill_order = (0, 2, 1, 3)
    else:
        fill_order = (1, 2, 3, 0)
    for seat in fill_order:
        row = rows[seat]
        for i in range(8):
            if row[i] is None:
                pick = next(c for c in rest if i not in (3, 7) or c.rank != SEVEN)
                rest.remove(pick)
                row[i] = pick
    return {s: [c for c in row if c is not None] for s, row in enumerate(rows)}


def play_hand_out(game: Avinas) -> dict[str, Any]:
    """Play to the end of the hand: the declarer leads its strongest card, others the first."""
    hands = game.hands_played
    while game.hands_played == hands:
        legal = game.legal_actions()
        if game.current_player == game.declarer and not game.trick and game.trump is not None:
            trump = game.trump
            legal.sort(key=lambda a: -card_strength(a.card, trump) if a.card else 0)
        game.apply(legal[0])
    return game.hand_records[-1]


KNOCKS = {
    "no knock": ("no knock", "no knock"),
    "knock": ("knock", "no knock back", "no knock back"),
    "knock back": ("no knock", "knock", "no knock back", "knock back"),
}
# Ruling 11: rams per special seven (win: to the opponents; loss: to the declaring side).
RAMS_TABLE = {"no knock": (1, 2), "knock": (2, 4), "knock back": (4, 8)}


@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("won", [True, False], ids=["win", "loss"])
@pytest.mark.parametrize("knocks", list(KNOCKS))
def test_rule_11_rams_table(knocks: str, won: bool, n: int) -> None:
    game = start(sevens_deal(n, "strong" if won else "weak"))
    assert game.observation(0)["sevens"] == n and game.declarer == 0
    play(game, *KNOCKS[knocks])
    record = play_hand_out(game)
    assert record["declarer_won"] is won
    if won:
        assert record["tricks"] == [8, 0]
    else:
        assert record["points"][0] < 61
    per_seven = RAMS_TABLE[knocks][0 if won else 1]
    side = 1 if won else 0
    assert record["rams"] == {"side": side, "scored": per_seven * n, "cancelled": 0,
                              "written": per_seven * n}
    assert game.rams[side] == per_seven * n and game.rams[1 - side] == 0
    assert game.pips == [0, 0]


def test_rule_11_after_a_knock_61_points_without_all_tricks_loses() -> None:
    game = start(sevens_deal(3, "knock loss"))
    play(game, "knock", "no knock back", "no knock back")
    for lead in ("play QC", "play QS", "play 8C"):  # seat 1 keeps AC for the third trick
        play(game, lead)
        for _ in range(3):
            game.apply(game.legal_actions()[0])
    assert game.tricks_won == [2, 1]
    record = play_hand_out(game)
    assert record["points"][0] >= 61 and record["tricks"][0] == 7
    assert record["declarer_won"] is False and game.rams == [4 * 3, 0]


def test_rule_11_without_a_knock_61_points_win() -> None:
    game = start(sevens_deal(3, "knock loss"))
    play(game, "no knock", "no knock")
    record = play_hand_out(game)
    assert record["declarer_won"] is True and game.rams == [0, 3]


def test_rule_11_new_rams_first_cancel_the_other_sides_rams() -> None:
    game = start(sevens_deal(1, "weak"))
    game.rams = [0, 5]
    play(game, "no knock", "no knock")
    record = play_hand_out(game)
    assert record["rams"] == {"side": 0, "scored": 2, "cancelled": 2, "written": 0}
    assert game.rams == [0, 3]


def test_rule_11_only_the_rest_is_written_so_one_side_has_rams() -> None:
    game = start(sevens_deal(1, "weak"))
    game.rams = [0, 1]
    play(game, "no knock", "no knock")
    record = play_hand_out(game)
    assert record["rams"] == {"side": 0, "scored": 2, "cancelled": 1, "written": 1}
    assert game.rams == [1, 0] and record["rams_total"] == [1, 0]


# --- ruling 12: pips ----------------------------------------------------------------------
L_BID = ("bid 6", "pass", "pass", "pass")


@pytest.mark.parametrize(
    ("trick", "points", "pips"),
    [
        (("play 8H", "play JH", "play 7S", "play 7C"), 0, 6),  # none
        (("play 7H", "play 10H", "play 7S", "play 7C"), 10, 4),  # 1 to 30
        (("play 7H", "play 10H", "play 10S", "play 10C"), 30, 4),
        (("play 7H", "play 10H", "play AS", "play 10C"), 31, 2),  # 31 goes with the larger
        (("play 7H", "play 10H", "play AS", "play AC"), 32, 2),
    ],
    ids=["0", "10", "30", "31", "32"],
)
def test_rule_12_pips_for_a_losing_declaring_side(
    trick: tuple[str, ...], points: int, pips: int
) -> None:
    game = start(DECK_L)
    play(game, *L_BID, *trick, "stop")
    record = game.hand_records[-1]
    assert record["points"][0] == points and record["declarer_won"] is False
    assert record["pips"] == [pips, 0] and game.pips == [pips, 0]


@pytest.mark.parametrize(
    ("trick_3", "points", "pips"),
    [
        ((), 0, 3),  # none
        (("play 7S", "play 9S", "play 10D", "play 10S"), 20, 2),  # 1 to 30
        (("play 7S", "play AS", "play 10D", "play 10S"), 31, 1),  # 31 goes with the larger
    ],
    ids=["0", "20", "31"],
)
def test_rule_12_pips_for_the_opponents_of_a_winning_declaring_side(
    trick_3: tuple[str, ...], points: int, pips: int
) -> None:
    game = start(DECK_W)
    play(game, "bid 7", "pass", "pass", "pass", *W_TWO_TRICKS)
    if trick_3:
        play(game, "play on", *trick_3)
    play(game, "stop")
    record = game.hand_records[-1]
    assert record["points"] == [64, points] and record["declarer_won"] is True
    assert game.pips == [0, pips]


def test_rule_12_pips_are_never_cancelled() -> None:
    game = start(DECK_W)
    game.pips = [3, 0]
    play(game, "bid 7", "pass", "pass", "pass", *W_TWO_TRICKS, "stop")
    assert game.pips == [3, 3]


def test_rule_12_a_full_hand_counts_all_120_points() -> None:
    game = start(DECK_W)
    play(game, "bid 7", "pass", "pass", "pass")
    while game.hands_played == 0:
        legal = [str(a) for a in game.legal_actions()]
        game.apply("play on" if "play on" in legal else legal[0])
    record = game.hand_records[-1]
    assert sum(record["points"]) == 120 and sum(record["tricks"]) == 8
    assert record["stopped_after"] is None


# --- ruling 13: the end of the match -------------------------------------------------------
def lose_six_pips(game: Avinas) -> None:
    play(game, *L_BID, "play 8H", "play JH", "play 7S", "play 7C", "stop")


def test_rule_13_below_12_pips_the_match_goes_on() -> None:
    game = start(DECK_L)
    game.pips = [5, 3]
    lose_six_pips(game)
    assert game.pips == [11, 3] and not game.is_over and game.winners == []


def test_rule_13_side_with_pips_loses_when_the_other_has_none() -> None:
    game = start(DECK_L)
    game.pips, game.rams = [10, 0], [6, 0]  # rams do not matter here
    lose_six_pips(game)
    assert game.is_over and game.pips == [16, 0]
    assert game.winners == [1, 3] and game.current_player is None
    assert game.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        game.apply("pass")


def test_rule_13_both_sides_with_pips_fewer_rams_wins() -> None:
    game = start(DECK_L)
    game.pips, game.rams = [10, 3], [0, 4]
    lose_six_pips(game)
    assert game.is_over and game.winners == [0, 2]


def test_rule_13_no_rams_fewer_pips_wins() -> None:
    game = start(DECK_L)
    game.pips = [10, 3]
    lose_six_pips(game)
    assert game.is_over and game.winners == [1, 3]
    assert game.scores == [-16, -3, -16, -3]


def test_rule_13_equal_pips_and_no_rams_is_a_draw() -> None:
    # Only one side scores pips in a hand, so this needs a state set by hand.
    game = start(DECK_L)
    game.pips = [10, 16]
    lose_six_pips(game)
    obs = game.observation(0)
    assert game.is_over and obs["draw"] is True and game.winners == []
    assert match_result([12, 12], [0, 0], 12) == DRAW
    assert match_result([12, 12], [1, 0], 12) == 1
    assert match_result([11, 3], [0, 0], 12) is None


# --- actions, options, saves ---------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "pass", "bid 5", "knock", "no knock", "knock back", "no knock back", "stop", "play on",
    "play 10H", "play QC trump H", "facedown 9H valuable", "facedown 9H not valuable",
])
def test_action_texts_parse_back(text: str) -> None:
    assert str(Avinas.parse_action(text)) == text


@pytest.mark.parametrize("text", ["", "bid", "bid x", "play", "play 1Z", "play QC trump X",
                                  "facedown 9H", "facedown 9H maybe", "knock twice"])
def test_bad_action_texts_are_refused(text: str) -> None:
    with pytest.raises(IllegalActionError, match="not an Avinas action"):
        Avinas.parse_action(text)


def test_a_card_not_in_hand_is_refused_and_the_state_kept() -> None:
    game = start(DECK_W)
    play(game, "bid 7", "pass", "pass", "pass")
    before = game.full_state()
    with pytest.raises(IllegalActionError, match="not in seat 0's hand"):
        game.apply("play AS")
    assert game.full_state() == before


@pytest.mark.parametrize("options", [
    {"dealer": 4}, {"deck": short_pack()[:-1]}, {"pip_target": 0},
    {"rams_knock": "1,2,3"}, {"opponents_pips": (1, -2, 3)}, {"ace_points": -1},
])
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(OptionError):
        new_game("avinas", seed=0, **options)


def test_scoring_values_are_options_and_survive_a_save() -> None:
    game = start(DECK_L, rams_plain="3,5", declarer_pips=[1, 1, 9])
    lose_six_pips(game)
    assert game.pips == [9, 0]
    again = load_game(json.loads(json.dumps(game.to_json())))
    assert again.full_state() == game.full_state()
    assert again.options.rams_plain == (3, 5)


# --- rule 8 with rule 2: a face-down lead reveals nothing until the trick is turned up ----
def _before_a_facedown_lead(want: Any) -> Avinas:
    """The first position (over seeds, random face-up play) where the trick-2 leader may
    lead face down and ``want(game, facedown_actions)`` holds."""
    import random

    for seed in range(3000):
        game = new_game("avinas", seed=seed)
        rng = random.Random(seed)
        while game.hands_played == 0:
            legal = game.legal_actions()
            downs = [a for a in legal if a.kind == "facedown"]
            if downs and want(game, downs):
                return game
            game.apply(rng.choice([a for a in legal if a.kind != "facedown"] or legal))
    raise AssertionError("no such position in 3000 seeds")


def _seen_after_each_facedown(game: Avinas) -> dict[int, list[str]]:
    """For each seat but the leader, what it sees after each possible face-down lead (same
    signal), as JSON text: it must be the same whichever card was led."""
    leader = game.player
    seen: dict[int, list[str]] = {s: [] for s in range(4) if s != leader}
    for action in game.legal_actions():
        if action.kind == "facedown" and action.value == 1:
            trial = game.clone()
            trial.apply(action)
            for seat in seen:
                seen[seat].append(json.dumps(trial.observation(seat), sort_keys=True))
    return seen


def test_rule_8_a_facedown_exposed_card_stays_exposed_until_the_trick_is_turned_up() -> None:
    game = _before_a_facedown_lead(lambda g, downs: any(a.card in g.exposed[g.player]
                                                        for a in downs))
    leader = game.player
    card = next(c for c in game.exposed[leader]
                if any(a.kind == "facedown" and a.card == c for a in game.legal_actions()))
    listed = game.observation((leader + 1) % 4)["exposed"]
    for seat, views in _seen_after_each_facedown(game).items():
        assert len(set(views)) == 1, f"seat {seat} can tell which card was led face down"
    trial = game.clone()
    trial.apply(f"facedown {card.code} valuable")
    assert trial.observation((leader + 1) % 4)["exposed"] == listed
    while trial.trick:  # the others follow; once turned up, the card is seen played
        trial.apply(trial.legal_actions()[0])
    shown = trial.observation((leader + 1) % 4)
    assert {"seat": leader, "card": card.code} not in shown["exposed"]
    assert shown["tricks"][-1]["cards"][0] == {"seat": leader, "card": card.code}


def test_rule_8_a_facedown_card_the_dealer_saw_stays_in_his_view_until_turned_up() -> None:
    def partner_leads_a_seen_special(game: Avinas, downs: list[Any]) -> bool:
        me = game.player
        return me == (game.dealer + 2) % 4 and any(
            a.card in game.specials[me] and a.card not in game.exposed[me] for a in downs)

    game = _before_a_facedown_lead(partner_leads_a_seen_special)
    leader, dealer = game.player, game.dealer
    card = next(c for c in game.specials[leader] if c not in game.exposed[leader]
                and any(a.kind == "facedown" and a.card == c for a in game.legal_actions()))
    saw = game.observation(dealer)["dealer_saw"]
    assert {"seat": leader, "card": card.code} in saw
    assert len(set(_seen_after_each_facedown(game)[dealer])) == 1
    trial = game.clone()
    trial.apply(f"facedown {card.code} not valuable")
    assert trial.observation(dealer)["dealer_saw"] == saw
    while trial.trick:
        trial.apply(trial.legal_actions()[0])
    assert {"seat": leader, "card": card.code} not in trial.observation(dealer)["dealer_saw"]

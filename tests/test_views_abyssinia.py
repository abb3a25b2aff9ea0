"""The Abyssinia table's HTML (pure views under CPython) and the start screen's options."""

from __future__ import annotations

import random
import re
from typing import Any
from urllib.parse import parse_qsl

import pytest
from html_helpers import HOSTILE, actions_in, parse, text_of

from pygame_core import OptionError, links, new_game, parse_cards
from pygame_core.abyssinia import Abyssinia
from pygame_core.cards import full_pack
from pygame_core.opponents import Opponent
from pygame_core.session import storage
from pygame_core.session.core import seat_opponent
from pygame_core.views import (
    MANY_NAMES,
    TableContext,
    narrate,
    render_start,
    render_table,
    start_seats,
)
from pygame_core.views import abyssinia as view

ANNA = ["9S", "9H", "9D", "KC", "2C"]
BEN = ["8S", "5D", "4C", "3H", "AD"]


def deck(market: str, buys: str) -> list[str]:
    """A pack, top first: the two market cards, the blind buys in order, then the rest."""
    named = parse_cards(market) + parse_cards(buys)
    return [c.code for c in named + [c for c in full_pack() if c not in named]]


def game(**options: Any) -> Abyssinia:
    g = new_game("abyssinia", seed=options.pop("seed", 1), **options)
    assert isinstance(g, Abyssinia)
    return g


def play(g: Abyssinia, *texts: str) -> None:
    for t in texts:
        g.apply(t)


def worked_example() -> Abyssinia:
    """The rule text's worked example (as tests/test_abyssinia.py builds it): Anna (seat 0)
    takes high with trip nines, Ben (seat 1) low with an eight; Cleo (seat 2) folds."""
    rounds = [[ANNA[0], BEN[0], "5C"]] + [[ANNA[i], BEN[i]] for i in range(1, 5)]
    buys = " ".join(c for r in rounds for c in r)
    g = game(players=3, dealer=2, deck=deck("QH JH", buys))
    play(g, "buy blind", "buy blind", "buy blind", "bet", "call", "fold")
    for _ in range(4):
        play(g, "buy blind", "buy blind", "bet", "call")
    return g


# --- the legal actions, exactly, with their amounts ------------------------------------------
def test_purchase_round_offers_the_three_buys_with_their_prices() -> None:
    g = game(players=2, dealer=1, deck=deck("2C KD", ""))
    obs = g.observation(0)
    assert obs["legal"] == ["buy left", "buy right", "buy blind"]
    html = render_table(obs)
    assert actions_in(html) == obs["legal"]
    texts = parse(html).texts
    assert texts["buy left"].strip().endswith("Buy 2♣ (2 chips)")
    assert texts["buy right"].strip().endswith("Buy K♦ (1 chip)")
    assert "Buy blind (price on the card)" in texts["buy blind"]
    assert "Pack: 50 cards" in texts["buy blind"]
    assert "Pot: 2 chips" in text_of(html)


def test_betting_offers_check_and_bet_then_call_raise_fold_with_amounts() -> None:
    g = game(players=3, dealer=2, deck=deck("2C KD", ""))
    play(g, "buy left", "buy left", "buy left")
    obs = g.observation(0)
    html = render_table(obs)
    assert actions_in(html) == ["check", "bet"] == obs["legal"]
    assert [parse(html).texts[a].strip() for a in obs["legal"]] == ["Check", "Bet 1"]
    play(g, "bet", "raise")  # you bet 1, Ada raises to 2: you face 1 more
    assert g.current_player == 2
    play(g, "raise")  # Ben raises to 3
    obs = g.observation(0)
    html = render_table(obs)
    assert actions_in(html) == ["call", "raise", "fold"] == obs["legal"]
    texts = parse(html).texts
    assert texts["call"].strip() == "Call 2"
    assert texts["raise"].startswith("Raise to 4") and "pays 3" in texts["raise"]
    assert texts["fold"].strip() == "Fold"
    assert "Bet this round: 3 · raises 2 of 3" in text_of(html)


def test_after_three_raises_only_call_and_fold() -> None:
    g = game(players=2, dealer=1, deck=deck("2C KD", ""))
    play(g, "buy left", "buy left", "bet", "raise", "raise", "raise")
    obs = g.observation(0)
    html = render_table(obs)
    assert actions_in(html) == ["call", "fold"] == obs["legal"]
    assert parse(html).texts["call"].strip() == "Call 1"  # you put 3 in; the round is at 4


def test_no_actions_while_others_act_or_a_summary_is_open() -> None:
    g = game(players=3, dealer=0, deck=deck("2C KD", ""))
    assert g.current_player == 1
    html = render_table(g.observation(0))
    assert actions_in(html) == []
    assert "Ada to buy" in text_of(html)
    g = game(players=2, dealer=0, deck=deck("2C KD", ""))
    play(g, "buy left", "buy left", "bet", "fold")  # Ada bets, you fold: deal 2, you first
    obs = g.observation(0)
    assert obs["legal"] and obs["deals"]  # the next deal has started with you to act...
    assert actions_in(render_table(obs, TableContext(summary=0))) == []  # ...behind the summary
    assert actions_in(render_table(obs)) == obs["legal"]


def test_random_play_always_shows_exactly_the_legal_actions() -> None:
    for players in (2, 5, 8):
        g = game(players=players, seed=players)
        rng = random.Random(players)
        for _ in range(400):
            obs = g.observation(0)
            assert actions_in(render_table(obs)) == obs["legal"]
            g.apply(rng.choice(g.legal_actions()))


# --- seats ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 9))
def test_every_player_count_renders_every_seat_in_its_own_place(players: int) -> None:
    g = game(players=players, seed=players)
    html = render_table(g.observation(0))
    seats = [a for t, a in parse(html).tags if t == "section" and "data-seat" in a]
    assert [a["data-seat"] for a in seats] == [str(s) for s in range(players)]
    places = [re.search(r"at-(\w+)", str(a["class"])) for a in seats]
    names = [m.group(1) for m in places if m]
    assert len(set(names)) == players and names[0] == "s"  # you at the bottom
    for name in MANY_NAMES[:players]:
        assert f'aria-label="{name}"' in html
    assert f"players-{players}" in html
    assert html.count("badge dealer") == 1


def test_seats_show_cards_chips_state_dealer_and_turn() -> None:
    g = game(players=4, dealer=3, chips=60, deck=deck("2C KD", "AS"))
    play(g, "buy blind", "buy left", "buy right", "buy left")  # you buy A♠ blind for 4
    play(g, "bet", "fold")  # Ada folds
    html = render_table(g.observation(0))
    seat0 = html.split('data-seat="0"')[1].split("</section>")[0]
    assert "ace of spades" in seat0 and "54 chips" in seat0  # 60 - ante 1 - 4 - bet 1
    assert "1 bet this round" in seat0
    seat1 = html.split('data-seat="1"')[1].split("</section>")[0]
    assert 'data-seat="1" data-status="folded"' in html and "badge folded" in seat1
    assert 'class="badge turn"' in html.split('data-seat="2"')[1].split("</section>")[0]
    assert "dealer" in html.split('data-seat="3"')[1].split("</section>")[0]


def test_a_player_under_41_chips_sits_out() -> None:
    # Random play from 45 chips until a deal leaves some (not all but one) under 41.
    for seed in range(200):
        g = game(players=4, chips=45, seed=seed)
        rng = random.Random(seed)
        while not g.deals:
            g.apply(rng.choice(g.legal_actions()))
        if not g.is_over and 0 < sum(c < 41 for c in g.chips) < 3:
            break
    else:
        raise AssertionError("no seed left a player out")
    obs = g.observation(0)
    out = [s for s in range(4) if obs["chips"][s] < 41]
    names = view.table_names((), 4)
    html = render_table(obs, TableContext(summary=0))
    assert f"{names[out[0]]} " in text_of(html) and "out of the match" in html
    table = render_table(obs)
    seat = table.split(f'data-seat="{out[0]}"')[1].split("</section>")[0]
    assert "badge out" in seat and "sitting out (under 41 chips)" in seat
    assert obs["status"][out[0]] == "sitting out" and "aby-hand" in seat


# --- the showdown summary ---------------------------------------------------------------
def test_worked_example_summary_shows_winners_hands_halves_awards_and_nets() -> None:
    g = worked_example()
    obs = g.observation(0)
    names = ("Anna", "Ben", "Cleo")
    html = render_table(obs, TableContext(names=names, summary=0))
    assert actions_in(html) == [] and 'data-cmd="next-round"' in html
    text = text_of(html)
    assert "Deal 1 is over: showdown" in text
    assert "high to you" not in text  # the page's own names are used
    assert "The high half, 16 chips, goes to Anna with three nines." in text
    assert "The low half, 16 chips, goes to Ben with eight-five low." in text
    assert "The pot of 32 chips splits into 16 for high and 16 for low." in text
    assert "the odd chip" not in text  # an even pot has none
    rows = {m.group(1): text_of(m.group(2)) for m in re.finditer(
        r'<tr class="[^"]*"><th scope="row">(\w+).*?</th>(.*?)</tr>', html)}
    assert rows.keys() == {"Anna", "Ben", "Cleo"}
    anna, ben, cleo = (rows[n].split() for n in names)
    # cards, high name, low name, high share, low share, award, paid, net, chips
    assert " ".join(anna) == "9♠ 9♥ 9♦ K♣ 2♣ three nines three nines 16 0 16 12 +4 104"
    assert " ".join(ben) == "8♠ 5♦ 4♣ 3♥ A♦ ace high eight-five low 0 16 16 17 -1 99"
    assert " ".join(cleo) == "5♣ — — 0 0 0 3 -3 97"
    assert 'class="badge win">high' in html.split('<th scope="row">Anna')[1][:80]
    assert 'class="badge win">low' in html.split("<th scope=\"row\">Ben")[1][:80]


def test_uncontested_deal_summary_and_narration() -> None:
    g = game(players=2, dealer=1, deck=deck("2C KD", ""))
    play(g, "buy left", "buy left", "bet", "fold")
    obs = g.observation(0)
    html = render_table(obs, TableContext(summary=0))
    assert "Deal 1 is over: You take the pot" in text_of(html)
    # antes 2, purchases 2 + 2, a bet of 1
    assert "Everyone else folded, so you take the whole pot of 7 chips" in text_of(html)
    assert narrate(obs) == "Ada folds. You take the pot of 7."


def test_the_match_result() -> None:
    g = game(players=2, seed=3, chips=41)
    rng = random.Random(3)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    obs = g.observation(0)
    html = render_table(obs, TableContext(summary=len(obs["deals"]) - 1))
    winner = g.winners[0]
    title = "You win the match!" if winner == 0 else "Ada wins the match."
    assert title in html and 'data-cmd="rematch"' in html and actions_in(html) == []
    assert render_table(obs).count(title) == 1


# --- narration ------------------------------------------------------------------------------
def test_narration_of_purchases_bets_and_winners() -> None:
    g = game(players=3, dealer=2, deck=deck("2C KD", "AS"))
    words = []
    for action in ("buy blind", "buy left", "buy right", "bet", "raise", "call", "call"):
        g.apply(action)
        words.append(narrate(g.observation(0)))
    assert words[0] == "You bought blind: A♠ for 4 chips."
    assert words[1] == "Ada bought 2♣ on the left for 2 chips. 3♣ comes up."
    assert words[2] == "Ben bought K♦ on the right for 1 chip. 4♣ comes up."
    assert words[3:] == ["You bet 1.", "Ada raises, putting in 2.", "Ben calls 2.",
                         "You call 1."]
    g = worked_example()
    assert narrate(g.observation(0)) == (
        "Ada calls 1. Showdown: high to you with three nines (16 chips); "
        "low to Ada with eight-five low (16 chips).")


def test_narration_with_the_short_default_names_reaches_every_seat() -> None:
    last = {"seat": 7, "action": "fold", "chips": 0}
    assert view.narrate(last, ("You", "West", "North", "East")) == "Gus folds."


# --- escaping ---------------------------------------------------------------------------------
def test_hostile_names_and_texts_are_escaped() -> None:
    g = worked_example()
    obs = g.observation(0)
    names = (HOSTILE,) * 3
    html = render_table(obs, TableContext(names=names, narration=HOSTILE, notice=HOSTILE,
                                          summary=0))
    html += render_table(obs, TableContext(names=names, narration=HOSTILE))
    assert "<img" not in html
    assert all(tag != "img" for tag, _ in parse(html).tags)
    assert "&lt;img src=x onerror=alert(1)&gt;&quot;&#x27;&amp;" in html


# --- the start screen and links ---------------------------------------------------------
def test_start_screen_has_a_level_row_per_seat_hidden_beyond_the_count() -> None:
    games = [("avissinia", True), ("avinas", False), ("abyssinia", True)]
    html = render_start(games, ["easy", "medium", "hard"], game="abyssinia",
                        options={"players": 6, "chips": 77}, chosen_levels=["hard", "easy"])
    tags = parse(html).tags
    rows = [a for t, a in tags if t == "label" and "data-seat" in a]
    assert [a["data-seat"] for a in rows] == [str(s) for s in range(1, 8)]
    assert ["hidden" in a for a in rows] == [False] * 5 + [True] * 2
    assert "Ada" in html and "Finn" in html
    chips = next(a for t, a in tags if t == "input" and a.get("name") == "chips")
    assert chips["value"] == "77" and chips["min"] == "41"
    selected = re.search(r'name="players">(.*?)</select>', html)
    assert selected and 'value="6" selected' in selected.group(1)
    boxes = {a["data-game"]: "hidden" in a for t, a in tags if t == "fieldset" and "data-game" in a}
    assert boxes == {"avissinia": True, "abyssinia": False}
    assert re.search(r'name="level-1"><option value="easy">Easy</option><option '
                     r'value="medium">Medium</option><option value="hard" selected>', html)
    # the four-player games: West, North and East, three rows
    html = render_start(games, ["easy", "medium", "hard"], game="avissinia")
    rows = [a for t, a in parse(html).tags if t == "label" and "data-seat" in a]
    assert [a["data-seat"] for a in rows if "hidden" not in a] == ["1", "2", "3"]
    assert ">West<" in html and ">North<" in html


def test_start_seats_follow_the_player_count() -> None:
    for players in range(2, 9):
        shown = [(s, name) for s, name, ok in start_seats("abyssinia", players) if ok]
        assert shown == [(s, MANY_NAMES[s]) for s in range(1, players)]
    assert [n for _, n, ok in start_seats("avinas", 8) if ok] == ["West", "North", "East"]


def test_share_link_carries_players_and_chips_and_rebuilds_the_deal() -> None:
    g = game(players=6, chips=100, seed=77)
    play(g, "buy left", "buy blind")
    query = links.share_query(g, ["easy"] * 5)
    params = dict(parse_qsl(query))
    assert params["players"] == "6" and params["chips"] == "100"
    assert params["levels"] == "easy,easy,easy,easy,easy"
    deal = links.read_link(list(params.items()))
    assert deal.game is not None and deal.levels == ("easy",) * 5
    again = deal.start()
    play(again, "buy left", "buy blind")  # type: ignore[arg-type]
    assert again.full_state() == g.full_state()


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"players": "9"}, "players must be from 2 to 8"),
        ({"players": "x"}, "players must be a whole number"),
        ({"chips": "40"}, "chips must be from 41"),
        ({"players": "3", "levels": "easy,easy,easy"}, "levels must name 2 opponents"),
    ],
)
def test_bad_abyssinia_links_say_what_is_wrong(params: dict[str, str], words: str) -> None:
    with pytest.raises(OptionError, match=words):
        deal = links.read_link(list({"game": "abyssinia", "seed": "1", **params}.items()))
        assert deal.game is not None
        deal.start()


def test_levels_are_one_per_opponent() -> None:
    assert links.clean_levels(["hard"], 7) == ["hard"] + [links.DEFAULT_LEVEL] * 6
    g = game(players=8)
    text = storage.wrap_save(g, ["easy"] * 7, "x", "2024-01-01T00:00:00")
    assert storage.read_slot(text).levels == ["easy"] * 7


def test_the_page_always_has_an_opponent_for_every_seat() -> None:
    for name in ("avissinia", "abyssinia"):
        player = seat_opponent(name, "easy", 1, 5)
        assert isinstance(player, Opponent) and player.seat == 1
    g = game(players=3, seed=5, dealer=0)
    player = seat_opponent("abyssinia", "easy", 1, 5)
    assert player.decide(g.observation(player.seat)) in g.observation(player.seat)["legal"]

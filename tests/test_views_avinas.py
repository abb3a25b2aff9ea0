"""The Avinas table's view, under CPython: moves, hidden cards, signals, the score sheet."""

from __future__ import annotations

import random
from typing import Any

from html_helpers import HOSTILE, actions_in, parse

from pygame_core import new_game, parse_card
from pygame_core.avinas import Avinas, scripted_deck
from pygame_core.views import TableContext, narrate, render_table
from pygame_core.views import avinas as view

# A no-sevens deal (from tests/test_avinas_rules.py) in which the declarer holds a single
# trump (QC), wins trick 1 with it and so may lead face down to trick 2.  Rotated by ``r``
# seats, seat ``r`` is the declarer and the face-down leader.
DECK_F = {
    0: "QC AS 10S KS AD 10D KD 9C",
    1: "7C QS 8H 9H 8C 10C KC AC",
    2: "7D JC JH AH 8D 9D 7S 8S",
    3: "7H QH QD JD JS 10H KH 9S",
}
F_TRICK_1 = ("bid 1", "pass", "pass", "pass",
             "play QC trump H", "play 8H", "play JC", "play JS", "play on")


def start(hands: dict[int, Any], dealer: int, seed: int = 1) -> Avinas:
    game = new_game("avinas", seed=seed, dealer=dealer, deck=scripted_deck(dealer, hands))
    assert isinstance(game, Avinas)
    return game


def rotated(r: int) -> Avinas:
    """DECK_F with seat ``r`` as declarer, after trick 1 and the declarer's "play on"."""
    game = start({(i + r) % 4: h for i, h in DECK_F.items()}, dealer=(3 + r) % 4)
    for text in F_TRICK_1:
        game.apply(text)
    assert game.current_player == r and game.observation(r)["trick_number"] == 2
    return game


def html_of(game: Avinas, seat: int = 0, **ctx: Any) -> str:
    obs = game.observation(seat)
    return render_table(obs, TableContext(narration=narrate(obs), **ctx))


def labels(html: str) -> list[str]:
    return [str(a.get("aria-label")) for _, a in parse(html).tags if a.get("aria-label")]


def names_in(html: str) -> str:
    """Every spoken label and the visible text, to look for card names in."""
    return " ".join(labels(html)) + " " + html


# --- moves ------------------------------------------------------------------------------------
def test_exactly_the_legal_actions_are_rendered_as_data_action() -> None:
    rng = random.Random(5)
    seen_phases: set[str] = set()
    for seed in range(10):
        game = new_game("avinas", seed=seed)
        for _ in range(rng.randrange(40, 160)):
            if game.is_over:
                break
            obs = game.observation(0)
            html = render_table(obs, TableContext(narration=narrate(obs)))
            found = actions_in(html)
            assert sorted(found) == sorted(obs["legal"]), (obs["phase"], found, obs["legal"])
            assert len(set(found)) == len(found)
            if obs["legal"]:
                seen_phases.add(obs["phase"])
            game.apply(rng.choice(game.legal_actions()))
    assert {"bid", "play", "knock"} <= seen_phases


def test_other_turns_offer_no_moves() -> None:
    game = rotated(1)  # West is to lead
    assert actions_in(html_of(game)) == []


def test_the_naming_lead_offers_each_suit_as_its_own_labelled_control() -> None:
    game = start(DECK_F, dealer=3)
    for text in ("bid 1", "pass", "pass", "pass"):
        game.apply(text)
    obs = game.observation(0)
    html = html_of(game)
    assert sorted(actions_in(html)) == sorted(obs["legal"])
    tags = parse(html).tags
    queen = {a["data-action"]: a for _, a in tags if str(a.get("data-action", "")).startswith(
        "play QC")}
    assert sorted(queen) == [f"play QC trump {s}" for s in "CDHS"]
    assert queen["play QC trump H"]["aria-label"] == "queen of clubs, trumps hearts"
    assert "Trumps: ♥ hearts" in html
    # a plain card names its own suit: one control, the card itself
    assert [a for a in actions_in(html) if " AS" in a] == ["play AS"]


def test_bids_knocks_and_stop_are_buttons() -> None:
    game = start(DECK_F, dealer=3)
    html = html_of(game)
    assert sorted(actions_in(html)) == ["bid 1", "bid 2", "bid 3", "bid 4", "bid 5", "bid 6",
                                       "bid 7", "bid 8", "pass"]
    assert 'aria-label="Bid 3"' in html
    game.apply("bid 2")
    html = html_of(game)
    assert "bid 2" in html and actions_in(html) == []  # the bid shown at the seat
    for text in ("pass", "bid 3", "pass"):
        game.apply(text)
    html = html_of(game)
    assert "bid 3" in html and "pass" in html and "Declarer: North" in html
    # a sevens game with seat 0 as declarer: knock or not
    sevens = start({0: "8C 9C 10C 7H"}, dealer=3)
    obs = sevens.observation(0)
    assert obs["kind"] == "sevens" and obs["declarer"] == 0
    html = html_of(sevens)
    assert sorted(actions_in(html)) == ["knock", "no knock"]
    assert "Sevens game (n = 1)" in html and "hearts" in html
    # the declarer's stop or play on, before trick 2
    game = start(DECK_F, dealer=3)
    for text in F_TRICK_1[:-1]:
        game.apply(text)
    html = html_of(game)
    assert sorted(actions_in(html)) == ["play on", "stop"]
    assert "Stop the hand" in html


# --- what is hidden and what is shown -----------------------------------------------------
def test_hidden_hands_are_never_in_the_html_only_counts() -> None:
    rng = random.Random(2)
    for seed in range(8):
        game = new_game("avinas", seed=seed)
        for _ in range(rng.randrange(0, 40)):
            game.apply(rng.choice(game.legal_actions()))
        obs = game.observation(0)
        html = html_of(game)
        spoken = " ".join(labels(html))
        known = {e["card"] for e in obs["exposed"]} | {e["card"] for e in obs["dealer_saw"]}
        last_trick = (obs["last"] or {}).get("trick")
        if last_trick:  # the previous hand's last trick, shown until the next one
            known |= set(last_trick["cards"])
        for seat in (1, 2, 3):
            for code in game.full_state()["hands"][seat]:
                if code not in known:
                    card = parse_card(code)
                    assert card.name not in spoken, (seed, card.name)
                    assert str(card) not in html, (seed, str(card))
            count = obs["hand_counts"][seat]
            assert f"{count} {'card' if count == 1 else 'cards'} in hand" in html


def test_exposed_cards_are_shown_face_up_and_marked() -> None:
    game = new_game("avinas", seed=3)  # dealer West: our side's special cards are exposed
    obs = game.observation(0)
    exposed = obs["exposed"]
    assert any(e["seat"] == 0 for e in exposed) and any(e["seat"] != 0 for e in exposed)
    spoken = labels(html_of(game))
    for e in exposed:
        name = parse_card(e["card"]).name
        assert f"{name}, exposed" in spoken or any(
            label.startswith(name) and label.endswith("exposed") for label in spoken), name


def test_the_dealers_sight_of_his_partners_special_cards_is_shown_only_to_him() -> None:
    hands = {2: "8C 9C 10C AH 8D 9D 10D KS"}  # North's special cards: AH and KS
    dealt = start(hands, dealer=0)
    assert {e["card"] for e in dealt.observation(0)["dealer_saw"]} == {"AH", "KS"}
    html = html_of(dealt)
    assert "ace of hearts, seen by you as dealer" in labels(html)
    assert "you saw" in html
    other = start(hands, dealer=2)  # North deals: we see nothing of his
    html = html_of(other)
    assert "ace of hearts" not in " ".join(labels(html)) and "you saw" not in html


def test_partner_face_down_lead_shows_the_signal_but_not_the_card() -> None:
    game = rotated(2)
    game.apply("facedown AS valuable")
    html = html_of(game)
    assert "Partner says: valuable." in html
    assert "ace of spades" not in names_in(html) and "A♠" not in html
    assert "a card face down" in " ".join(labels(html))
    assert "North led a card face down. Partner says: valuable." in narrate(game.observation(0))
    game.apply(game.legal_actions()[0])  # East follows; now it is our turn
    obs = game.observation(0)
    assert obs["current_player"] == 0
    html = html_of(game)
    assert "Partner says: valuable." in html and "ace of spades" not in names_in(html)
    assert sorted(actions_in(html)) == sorted(obs["legal"])
    # "not valuable" is shown as such
    game = rotated(2)
    game.apply("facedown AS not valuable")
    assert "Partner says: not valuable." in html_of(game)


def test_opponents_face_down_lead_shows_neither_card_nor_signal() -> None:
    game = rotated(1)
    game.apply("facedown AS valuable")
    for _ in range(2):  # North and East follow: our turn with the face-down card out
        game.apply(game.legal_actions()[0])
    obs = game.observation(0)
    assert obs["current_player"] == 0 and obs["trick"][0]["card"] is None
    html = html_of(game)
    assert "valuable" not in html
    assert "ace of spades" not in names_in(html) and "A♠" not in html
    assert "West signalled to East." in html
    assert narrate(obs) == "East played " + str(parse_card(obs["trick"][-1]["card"])) + "."
    # the partner, East, reads it
    assert "Partner says: valuable." in html_of(game, 3)
    # once the trick is complete, the card is turned up
    game.apply(obs["legal"][0])
    html = html_of(game)
    assert "The face-down card was A♠" in narrate(game.observation(0))
    assert "Last trick" in html and "ace of spades" in names_in(html)


def test_our_own_face_down_lead_offers_labelled_signals_and_stays_ours() -> None:
    game = rotated(0)
    html = html_of(game)
    tags = {a["data-action"]: a for _, a in parse(html).tags if "data-action" in a}
    assert {"facedown AS valuable", "facedown AS not valuable", "play AS"} <= set(tags)
    assert tags["facedown AS valuable"]["aria-label"] == "ace of spades, face down, signal valuable"
    assert "Face down — not valuable" in html
    game.apply("facedown AS not valuable")
    html = html_of(game)
    assert "You signalled: not valuable." in html
    assert "You led A♠ face down, signalling not valuable." in narrate(game.observation(0))
    # the opponents see the card as a back
    west = html_of(game, 1)
    assert "ace of spades" not in names_in(west) and "valuable" not in west


# --- scores -----------------------------------------------------------------------------------
def _play_until(check: Any, seeds: range = range(40)) -> Avinas:
    for seed in seeds:
        game = new_game("avinas", seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            if check(game.observation(0)["hand_history"]):
                assert isinstance(game, Avinas)
                return game
    raise AssertionError("no game found")


def test_score_sheet_shows_rams_with_cancellation_and_pips_hand_by_hand() -> None:
    game = _play_until(lambda h: bool(h) and bool(h[-1].get("rams", {}).get("cancelled"))
                       and any(r["kind"] == "no sevens" for r in h))
    obs = game.observation(0)
    record = obs["hand_history"][-1]
    rams = record["rams"]
    html = html_of(game)
    sheet = html[html.index('class="sheet"'):]
    rows = sheet.count('<th scope="row">')
    assert rows == len(obs["hand_history"])
    assert f'<del title="cancelled">{rams["cancelled"]}</del>' in sheet
    assert f'{rams["written"]} written' in sheet
    assert f'<del title="cancelled">−{rams["cancelled"]} rams</del>' in sheet  # the other side
    pips = next(r for r in obs["hand_history"] if r["kind"] == "no sevens")["pips"]
    assert f"+{max(pips)} pips" in sheet
    total = obs["hand_history"][-1]
    for side in (0, 1):
        assert f'{total["rams_total"][side]} rams · {total["pips_total"][side]} pips' in sheet
    # the same hand's summary
    summary = html_of(game, summary=len(obs["hand_history"]) - 1)
    assert f'Hand {record["hand"]} is over' in summary or obs["is_over"]
    assert 'data-cmd="next-round"' in summary or 'data-cmd="rematch"' in summary


def test_a_void_hand_is_summarised() -> None:
    game = start(DECK_F, dealer=3)
    for _ in range(4):
        game.apply("pass")
    obs = game.observation(0)
    assert obs["hand_history"][-1]["kind"] == "void"
    html = html_of(game, summary=0)
    assert "Hand 1 is over" in html and "void" in html
    assert "Everybody passed: the hand is void." in narrate(obs)


def test_match_result_with_the_tradition() -> None:
    game = new_game("avinas", seed=1)
    rng = random.Random(1)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    obs = game.observation(0)
    assert obs["is_over"]
    html = html_of(game, summary=len(obs["hand_history"]) - 1)
    assert view.TRADITION in html or obs["draw"]
    assert "win the match" in html and 'data-cmd="rematch"' in html
    assert html.count('id="result"') == 1 and 'id="summary"' not in html


# --- words ------------------------------------------------------------------------------------
def test_narration_of_each_kind_of_action() -> None:
    names = ("You", "West", "North", "East")
    cases = [
        ({"seat": 1, "kind": "bid", "action": "bid 4"}, "West bid 4."),
        ({"seat": 2, "kind": "pass", "action": "pass"}, "North passed."),
        ({"seat": 0, "kind": "knock", "action": "knock"}, "You knocked"),
        ({"seat": 3, "kind": "knock back", "action": "knock back"}, "East knocked back."),
        ({"seat": 1, "kind": "stop", "action": "stop"}, "West stopped the hand."),
        ({"seat": 1, "kind": "play", "action": "play QC trump H", "card": "QC", "trump": "H"},
         "West played Q♣. Trumps are ♥ hearts."),
        ({"seat": 3, "kind": "facedown", "action": "facedown", "card": None},
         "East led a card face down."),
        ({"seat": 3, "kind": "play", "action": "play 8S", "card": "8S",
          "trick": {"number": 3, "cards": ["AS", "KS", "9S", "8S"], "leader": 0, "winner": 0,
                    "points": 15, "facedown": False}},
         "East played 8♠. You won trick 3 (15 points)."),
    ]
    for last, words in cases:
        assert words in view.narrate(last, names), (last, view.narrate(last, names))


def test_hostile_names_and_messages_are_escaped() -> None:
    game = rotated(2)
    game.apply("facedown AS valuable")
    names = (HOSTILE,) * 4
    html = html_of(game, names=names, notice=HOSTILE)
    html += render_table(game.observation(0), TableContext(names=names, narration=HOSTILE))
    ended = _play_until(lambda h: len(h) >= 2)
    obs = ended.observation(0)
    html += render_table(obs, TableContext(names=names, summary=1))
    assert "<img" not in html
    assert all(tag != "img" for tag, _ in parse(html).tags)

"""The deal ends before the next begins: while a finished deal's summary is up the table
shows that deal as it ended, nobody plays, and the next is dealt only when the player asks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pygame_core import new_game
from pygame_core.session.commands import Session
from pygame_core.session.core import HUMAN
from pygame_core.session.storage import DictStorage
from pygame_core.views import ROUND_WORDS

SETUPS = [("avissinia", {}), ("avinas", {}), ("abyssinia", {"players": 4}),
          ("abyssinia", {"players": 8})]


def play_to_summary(name: str, options: dict[str, Any], seed: int) -> Session:
    table = Session(DictStorage(), pace=0)
    table.begin(new_game(name, seed=seed, **options), ["easy"] * 7)
    rng = random.Random(seed)
    while table.summary is None:
        assert table.game is not None and not table.game.is_over
        if table.my_turn():
            table.human_play(rng.choice(table.game.observation(HUMAN)["legal"]))
        else:
            table.step()
    return table


@pytest.mark.parametrize(("name", "options"), SETUPS)
@pytest.mark.parametrize("seed", [3, 11])
def test_the_finished_deal_stays_until_the_next_is_asked_for(
        name: str, options: dict[str, Any], seed: int) -> None:
    table = play_to_summary(name, options, seed)
    assert table.game is not None
    shown, live = table.shown_observation(), table.game.observation(HUMAN)
    # The deal shown is the one just scored, not the one the engine has dealt already.
    assert shown["deals_finished"] == live["deals_finished"] == 1
    assert shown != live
    assert shown["current_player"] is None and shown["legal"] == []
    assert table.next_delay() is None and not table.waiting_for_computer()
    unit = ROUND_WORDS[name]
    assert table.turn_line().startswith(f"{unit} 1 is over")
    page = table.html()
    assert f">Next {unit.lower()}</button>" in page and f"{unit} 1 is over" in page
    assert 'data-action="' not in page  # nothing to play behind the dialog
    moves = len(table.game.history)
    table.command("next-round")
    assert table.summary is None
    assert table.shown_observation() == table.game.observation(HUMAN)
    assert len(table.game.history) == moves  # asking for the next deal plays no move


def test_an_avissinia_round_ends_with_empty_hands_and_its_last_capture_on_the_piles() -> None:
    table = play_to_summary("avissinia", {}, 5)
    assert table.game is not None
    shown = table.shown_observation()
    assert shown["hand"] == [] and not any(shown["hand_counts"])
    assert sum(len(pile) for pile in shown["piles"]) + len(shown["centre"]) == 52
    assert len(table.game.observation(HUMAN)["hand"]) == 6  # the next round, dealt already


@pytest.mark.parametrize("seed", [3, 5])
def test_an_avinas_hand_ends_with_its_tricks_taken_and_the_rest_still_in_hand(seed: int) -> None:
    # Seed 5's hand is stopped after its seventh trick (a no-sevens hand), so a card is left.
    table = play_to_summary("avinas", {}, seed)
    shown = table.shown_observation()
    assert sum(shown["tricks_won"]) + len(shown["hand"]) == 8
    assert len(shown["tricks"]) == sum(shown["tricks_won"])


def test_an_abyssinia_deal_ends_with_the_pot_paid_out_before_the_next_ante() -> None:
    table = play_to_summary("abyssinia", {"players": 4}, 5)
    assert table.game is not None
    shown, live = table.shown_observation(), table.game.observation(HUMAN)
    record = shown["deals"][-1]
    assert shown["chips"] == record["chips"]  # as paid out, before anyone's next ante
    assert live["chips"] != record["chips"]


def test_a_deal_end_copy_leaves_the_game_itself_alone() -> None:
    game = new_game("avissinia", seed=2)
    rng = random.Random(2)
    while not game.deals_finished:
        action = rng.choice(game.legal_actions())
        before = game.clone()
        game.apply(action)
    end = before.deal_end(action)
    assert end.deals_finished == 1 and not any(end.hands) and any(game.hands)
    assert end.history == game.history

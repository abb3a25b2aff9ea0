"""The review of one seat's play (pygame_core/review.py)."""

from __future__ import annotations

import pytest

from pygame_core import new_game
from pygame_core.avissinia import scripted_deck
from pygame_core.cards import parse_cards
from pygame_core.replay import ReplayStepper
from pygame_core.review import MIN_COST, review, run_to_end
from pygame_core.session.replay_review import table_words

# Seat 0 leads (dealer 3) holding two nines; the centre's top run is two nines, and nobody
# else holds a nine, so capturing them is safe and trailing a small card throws them away.
DECK = [c.code for c in scripted_deck(
    3, {0: parse_cards("9H 9D 2C 5D 3H 4C")}, parse_cards("6D KC 9S 9C"))]


def reviewed(first: str) -> object:
    game = new_game("avissinia", seed=1, dealer=3, deck=DECK)
    game.apply(first)
    result = run_to_end(review(game, 0, steps=[0], narrate=table_words("avissinia", 4)))
    assert len(result.decisions) == 1
    return result


def test_a_known_blunder_is_marked_with_the_better_play() -> None:
    result = reviewed("trail 2C")
    decision = result.decisions[0]
    assert decision.marked
    assert decision.best.startswith("capture 9") and decision.best.endswith("centre")
    assert decision.cost > max(decision.z * decision.stderr, MIN_COST)
    text = decision.text()
    assert "You trailed 2♣" in text and "cost about" in text and "points" in text
    assert "better: taking the centre's 2 cards with the 9" in text
    assert result.marked == [decision]
    assert "expected values" in result.note


def test_the_good_play_is_not_marked() -> None:
    decision = reviewed("capture 9H centre").decisions[0]
    assert not decision.marked
    assert decision.best.startswith("capture 9")
    assert "good choice" in decision.text()


def test_a_worthless_trail_is_marked_against_the_capture() -> None:
    """Trails of worthless low cards differ from each other by noise only (the unit test of
    the noise allowance is in test_coach.py); against the capture one is a clear mistake."""
    decision = reviewed("trail 3H").decisions[0]
    assert decision.marked
    assert decision.best.startswith("capture")


def test_the_review_yields_in_slices_and_reviews_only_the_seat() -> None:
    game = new_game("avinas", seed=4)
    while len(game.history) < 12:
        game.apply(game.legal_actions()[-1])
    thinking = review(game, 1)
    slices = 0
    while True:
        try:
            next(thinking)
            slices += 1
        except StopIteration as done:
            result = done.value
            break
    assert slices > 0
    assert result.decisions and all(d.played == game.history[d.step] for d in result.decisions)
    stepper = ReplayStepper(game)
    stepper.go(7)
    again = run_to_end(review(stepper, 1))
    assert stepper.step == 7  # the page's stepper is left where it was
    # The figures are deterministic: each analysis is seeded from its position.
    assert [(d.step, d.best, d.cost) for d in again.decisions] == [
        (d.step, d.best, d.cost) for d in result.decisions]
    assert all(stepper.movers[d.step] == 1 for d in result.decisions)
    assert result.seconds > 0


@pytest.mark.parametrize("name", ["avinas", "abyssinia"])
def test_every_game_can_be_reviewed(name: str) -> None:
    game = new_game(name, seed=2)
    while len(game.history) < 10:
        game.apply(game.legal_actions()[0])
    result = run_to_end(review(game, 0))
    assert result.decisions
    for decision in result.decisions:
        assert decision.played in decision.means and decision.best in decision.means
        assert decision.cost >= -1e-9  # the best by the means is never worse on them
        assert decision.unit in ("penalties", "chips")


def test_without_the_views_words_the_play_made_is_named_by_its_text() -> None:
    game = new_game("avissinia", seed=1, dealer=3, deck=DECK)
    game.apply("trail 2C")
    decision = run_to_end(review(game, 0, steps=[0])).decisions[0]
    assert decision.played_words == "trail 2C"
    assert decision.best_words.startswith("Taking the centre's 2 cards with the 9")

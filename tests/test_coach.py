"""The coach (pygame_core/coach): one analysis behind the hint, the review and the note.

- The noise allowance: a cost within the figures' noise is never marked, and more plays
  compared need a larger margin (Bonferroni).
- The same position always gives the same analysis.
- Following every hint through first deals (seeds ``FIRST_SEED`` on, ``DEALS`` per game, the
  other seats medium), the review of each deal marks none of the hinted plays.
- No hint or review text speaks of the machinery (``MACHINERY``).
"""

from __future__ import annotations

import json
import re

import pytest

from pygame_core import new_game
from pygame_core.avissinia import scripted_deck
from pygame_core.cards import parse_cards
from pygame_core.coach import analysis_work, coach_of, hint_work
from pygame_core.coach.analysis import MIN_COST, Analysis, forget_recent, mark_z, position_seed
from pygame_core.opponents import make_opponent
from pygame_core.review import Review, margin_words, review, run_to_end
from pygame_core.session.commands import Session
from pygame_core.session.core import HUMAN, Table, finish_work
from pygame_core.session.replay_review import table_words
from pygame_core.session.storage import DEFAULT_SETTINGS, DictStorage, Keys
from pygame_core.views.panels import settings_html

GAMES = ("avissinia", "avinas", "abyssinia")
FIRST_SEED = 4200
DEALS = 30  # first deals followed per game (marked slow: about 3 to 5 minutes a game)
QUICK_DEALS = 1  # the quick suite's share of them
MACHINERY = re.compile(
    r"\b(search\w*|sampl\w*|worlds?|playouts?|iterations?|solv\w*|expects?)\b", re.I)


def fixed(values: dict[str, list[float]]) -> Analysis:
    return Analysis("avissinia", 0, "points", tuple(values), values, tuple(values))


def test_a_cost_within_the_noise_is_not_marked_and_more_plays_need_more_margin() -> None:
    # b is 1.0 behind a on average, but the difference swings by 4 either way.
    a = [10.0, 2.0, 10.0, 2.0, 10.0, 2.0, 10.0, 2.0]
    b = [5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0]
    noisy = fixed({"a": a, "b": b})
    cost, stderr = noisy.cost("b")
    assert cost == pytest.approx(1.0) and stderr > 1.0
    assert not noisy.marked("b") and not noisy.marked("a")
    steady = fixed({"a": [x + 1.0 for x in b], "b": b})
    assert steady.cost("b") == (1.0, 0.0) and steady.marked("b")
    assert not fixed({"a": [x + MIN_COST for x in b], "b": b}).marked("b")  # too small to say
    assert mark_z(1) < mark_z(5) < mark_z(30)
    assert mark_z(1) == pytest.approx(1.645, abs=1e-3)


def test_a_margin_is_never_shown_as_zero() -> None:
    assert margin_words(0.0) == "±less than 0.01"
    assert margin_words(0.04) == "±0.04" and margin_words(1.26) == "±1.3"
    shown = " ".join(margin_words(x / 1000) for x in range(0, 200))
    assert not re.search(r"±0\.0(?!\d)", shown) and not re.search(r"±0\.00", shown)


def test_the_same_position_gives_the_same_analysis() -> None:
    game = new_game("avinas", seed=7)
    while game.current_player != HUMAN or len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    obs = game.observation(HUMAN)
    first = run_to_end(analysis_work("avinas", obs))
    assert run_to_end(analysis_work("avinas", obs)) is first  # kept for the review
    forget_recent()  # worked out again from nothing
    again = run_to_end(analysis_work("avinas", game.clone().observation(HUMAN)))
    assert again is not first
    assert first.values == again.values and first.best == again.best
    assert position_seed(obs) == position_seed(game.clone().observation(HUMAN))


def follow_hints(name: str, seed: int) -> tuple[Review, int]:
    """Seat 0 plays every hint of the page's table through the first deal, the others
    medium; the deal's review, and how many hinted decisions it had."""
    table = Table(DictStorage(), pace=0)
    game = new_game(name, seed=seed)
    table.begin(game, ["medium"] * (game.num_players - 1))
    hinted = 0
    while table.game is not None and table.game.deals_finished == 0:
        if table.my_turn():
            hint = table.hint()
            assert hint is not None
            hinted += len(table.game.observation(HUMAN)["legal"]) > 1
            table.human_play(hint[0])
        else:
            table.step()
    assert table.game is not None
    result = run_to_end(review(table.game, HUMAN, deal=0,
                               narrate=table_words(name, table.game.num_players)))
    return result, hinted


def check_deals(name: str, seeds: range) -> int:
    reviewed = 0
    for seed in seeds:
        result, hinted = follow_hints(name, seed)
        assert len(result.decisions) == hinted, (name, seed)
        assert not result.marked, (name, seed, result.lines())
        assert all(d.played == d.best or d.cost == 0 for d in result.decisions), (name, seed)
        reviewed += len(result.decisions)
    return reviewed


@pytest.mark.parametrize("name", GAMES)
def test_following_the_hints_is_never_marked_quick(name: str) -> None:
    assert check_deals(name, range(FIRST_SEED, FIRST_SEED + QUICK_DEALS)) > 0


# The thirty deals in parts, so that the suite's workers share them out (a game's thirty
# in one test took up to 8 minutes of one worker).
PARTS = 3


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("name", GAMES)
def test_following_every_hint_through_thirty_first_deals_is_never_marked(name: str,
                                                                          part: int) -> None:
    seeds = range(FIRST_SEED + part, FIRST_SEED + DEALS, PARTS)
    reviewed = check_deals(name, seeds)
    print(f"{name}: first deals of seeds {list(seeds)}, {reviewed} hinted decisions reviewed,"
          " none marked")


def test_the_parts_cover_thirty_first_deals() -> None:
    covered = sorted(s for p in range(PARTS) for s in range(FIRST_SEED + p, FIRST_SEED + DEALS,
                                                            PARTS))
    assert covered == list(range(FIRST_SEED, FIRST_SEED + DEALS))


def texts_of(name: str, seed: int) -> list[str]:
    """The hints at seat 0's decisions of a first deal played by easy (so the review has
    marks to word), and that deal's review: every decision's text and the note."""
    game = new_game(name, seed=seed)
    players = [make_opponent(name, "easy" if s == HUMAN else "medium", s, seed)
               for s in range(game.num_players)]
    coach = coach_of(name)
    assert coach is not None
    said = []
    while game.deals_finished == 0:
        seat = game.current_player
        assert seat is not None
        obs = game.observation(seat)
        if seat == HUMAN and len(obs["legal"]) > 1:
            hint = run_to_end(hint_work(name, obs))
            assert hint is not None and hint[1]
            said.append(hint[1])
        game.apply(players[seat].decide(obs))
    result = run_to_end(review(game, HUMAN, deal=0, narrate=table_words(name, game.num_players)))
    said += [d.text() for d in result.decisions] + [result.note]
    return said


def check_words(name: str, seeds: range) -> None:
    said = [text for seed in seeds for text in texts_of(name, seed)]
    assert len(said) > 10 * len(seeds)
    assert any("cost about" in text for text in said)  # marks were worded too
    spoken = [text for text in said if MACHINERY.search(text)]
    assert not spoken


@pytest.mark.parametrize("name", GAMES)
def test_no_hint_or_review_speaks_of_the_machinery_quick(name: str) -> None:
    check_words(name, range(1, 2))


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_no_hint_or_review_of_six_deals_speaks_of_the_machinery(name: str) -> None:
    check_words(name, range(1, 7))


# Seat 0 leads (dealer 3) holding two nines; the centre's top run is two nines and nobody
# else holds a nine, so taking them is safe and trailing a small card throws them away.
DECK = [c.code for c in scripted_deck(
    3, {0: parse_cards("9H 9D 2C 5D 3H 4C")}, parse_cards("6D KC 9S 9C"))]


def session(**settings: object) -> Session:
    store = DictStorage()
    if settings:
        store.set(Keys().settings, json.dumps({**DEFAULT_SETTINGS, **settings}))
    table = Session(store, pace=0)
    table.begin(new_game("avissinia", seed=1, dealer=3, deck=DECK), ["medium"] * 3)
    return table


def test_the_coach_note_is_off_by_default_and_speaks_of_a_costly_play_with_undo() -> None:
    quiet = session()
    assert not quiet.coach_note_on()
    effects = quiet.human_play("trail 2C")
    assert effects.work is None and quiet.coach_note_shown() == ""

    table = session(coach_note=True)
    effects = finish_work(table.human_play("trail 2C"))
    assert effects is not None
    note = table.coach_note_shown()
    assert note.startswith("Trailing the 2♣ cost about") and "points" in note
    assert "taking the centre's 2 cards with the 9" in note and note in effects.announce
    assert not MACHINERY.search(note)
    assert 'data-setting="coach_note"' in settings_html(table.settings)
    finish_work(table.command("undo"))
    assert table.coach_note_shown() == "" and len(table.game.history) == 0  # type: ignore[union-attr]


def test_a_good_play_gets_no_note_and_the_session_can_switch_the_note_on() -> None:
    table = session()
    table.set_coach_note(True)  # as a lesson does: the stored setting is left alone
    assert table.coach_note_on() and not table.settings["coach_note"]
    finish_work(table.human_play("capture 9H centre"))
    assert table.coach_note_shown() == ""
    table.set_coach_note(None)
    assert not table.coach_note_on()


def test_a_hint_names_what_the_play_takes_and_why_it_is_safe() -> None:
    """Both other nines are in the centre and seat 0 holds the rest: the capture is safe."""
    game = new_game("avissinia", seed=1, dealer=3, deck=DECK)
    hint = run_to_end(hint_work("avissinia", game.observation(HUMAN)))
    assert hint is not None
    action, why = hint
    assert action.startswith("capture 9") and action.endswith("centre")
    assert why.startswith("it wins 2 cards from the centre")
    assert ("you hold 1 of the other nines and the rest are gone, so nobody else can take your "
            "pile") in why
    # The other nine takes the same cards: the next best is worth the same, and says so.
    assert why.endswith("as good as taking the centre's 2 cards with the 9♥") or why.endswith(
        "as good as taking the centre's 2 cards with the 9♦")

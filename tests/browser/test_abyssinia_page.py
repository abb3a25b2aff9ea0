"""The Abyssinia table in a real browser: a whole deal by clicking, a split showdown, share
links with players and chips, resuming after a reload, and the start screen's options."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pygame_core import new_game
from pygame_core.session import storage
from pygame_core.session.core import seat_opponent
from pygame_core.views import MANY_NAMES
from pygame_core.words import plural

from .conftest import READY, actions_of, open_page, play, settle

pytestmark = pytest.mark.browser

STORAGE = "() => localStorage.getItem('cardtable:current')"




def current(page: Any) -> Any:
    return storage.read_slot(page.evaluate(STORAGE))


def first_legal(legal: list[str]) -> str:
    """The human's policy in these tests: buy left, check, or call (never folds)."""
    return legal[0]


def predict_first_deal(seed: int, players: int, levels: list[str]) -> tuple[Any, list[str]]:
    """Play deal 1 as the page will: its opponents (same factory, same seeds, one object per
    seat) against the human's ``first_legal`` policy.  Returns the game and the moves."""
    game = new_game("abyssinia", seed=seed, players=players)
    opponents = {s: seat_opponent("abyssinia", levels[s - 1], s, seed)
                 for s in range(1, players)}
    while not game.deals:
        seat = game.current_player
        obs = game.observation(seat)
        game.apply(first_legal(obs["legal"]) if seat == 0 else opponents[seat].decide(obs))
    return game, list(game.history)


def play_deal_by_clicking(page: Any) -> int:
    """Click the first offered action whenever it is the human's turn, until the summary;
    at every turn the offered actions are exactly the engine's legal ones."""
    for clicks in range(200):
        turn = settle(page)
        if turn == "summary":
            return clicks
        assert turn == "you", f"unexpected turn {turn!r}"
        offered = actions_of(page)
        game = current(page).game
        assert offered == game.observation(0)["legal"]
        play(page, offered[0])
    raise AssertionError("the deal never ended")


def test_a_whole_deal_is_played_by_clicking(shared: Any, site: str) -> None:
    open_page(shared, site + "?game=abyssinia&players=3&seed=31&speed=0&levels=easy,easy")
    assert shared.locator(".aby-seat").count() == 3
    assert settle(shared) in ("you", "summary")
    clicks = play_deal_by_clicking(shared)
    assert clicks >= 5  # at least the five purchases
    record = current(shared).game.deals[0]
    text = shared.inner_text("#summary")
    assert "Deal 1" in text
    for seat in range(3):
        if record["status"][seat] != "sitting out":
            row = shared.inner_text(f"#summary tbody tr:nth-child({seat + 1})")
            assert MANY_NAMES[seat] in row
            assert f"{record['net'][seat]:+d}".replace("+0", "0") in row
    assert actions_of(shared) == []  # nothing to play behind the summary
    shared.click("[data-cmd='next-round']")
    assert settle(shared) in ("you", "summary")
    assert shared.locator("#summary").count() == 0 or settle(shared) == "summary"
    assert "Deal 2" in shared.inner_text(".aby-round")


def test_a_split_showdown_is_shown_as_the_engine_scores_it(shared: Any, site: str) -> None:
    levels = ["easy", "easy"]
    for seed in range(1, 400):
        game, _ = predict_first_deal(seed, 3, levels)
        record = game.deals[0]
        if record["showdown"] and set(record["high_winners"]) != set(record["low_winners"]):
            break
    else:
        raise AssertionError("no seed gives a split showdown")
    open_page(shared, site + f"?game=abyssinia&players=3&seed={seed}&speed=0&levels=easy,easy")
    play_deal_by_clicking(shared)
    shown = current(shared).game.deals[0]
    assert shown == record  # the page played the predicted deal
    text = re.sub(r"\s+", " ", shared.inner_text("#summary"))
    assert "showdown" in text
    for half in ("high", "low"):
        winners = record[f"{half}_winners"]
        hand = record[f"{half}_hand"]
        got = sum(record[f"{half}_share"][s] for s in winners)
        names = " and ".join("you" if s == 0 else MANY_NAMES[s] for s in winners)
        said = (f"The {half} half, {plural(got, 'chip')}, goes to {names} with {hand}." if
                len(winners) == 1 else f"is shared by {names}, tied with {hand}")
        assert said in text
    rows = shared.eval_on_selector_all(
        "#summary tbody tr", "rs => rs.map(r => [...r.cells].map(c => c.innerText.trim()))")
    assert len(rows) == 3
    for seat, cells in enumerate(rows):
        assert cells[0].startswith(MANY_NAMES[seat])
        assert cells[4:] == [str(record["high_share"][seat]), str(record["low_share"][seat]),
                             str(record["award"][seat]), str(record["paid"][seat]),
                             f"{record['net'][seat]:+d}" if record["net"][seat] else "0",
                             str(record["chips"][seat])]
        assert ("HIGH" in cells[0].upper()) == (seat in record["high_winners"])
        assert ("LOW" in cells[0].upper()) == (seat in record["low_winners"])


def test_reload_resumes_the_same_state(shared: Any) -> None:
    settle(shared)
    if shared.locator("[data-cmd='next-round']").count():
        shared.click("[data-cmd='next-round']")
    turn = settle(shared)
    if turn == "you":
        shared.click("[data-action]")
        settle(shared)
    before = current(shared).game
    pot = shared.inner_text(".aby-pot")
    shared.reload()
    shared.wait_for_function(READY, timeout=90_000)
    settle(shared)
    after = current(shared).game
    assert after.history[:len(before.history)] == before.history
    if after.history == before.history:
        assert shared.inner_text(".aby-pot") == pot


def test_share_link_with_players_and_chips_rebuilds_the_deal(
    new_context: Any, site: str
) -> None:
    page = new_context(viewport={"width": 360, "height": 740}).new_page()
    link = "?game=abyssinia&seed=5151&players=5&chips=60&speed=0&levels=easy,easy,easy,easy"
    open_page(page, site + link)
    settle(page)
    game = current(page).game
    assert game.options.players == 5 and game.options.chips == 60 and game.seed == 5151
    engine = new_game("abyssinia", seed=5151, players=5, chips=60)
    for move in game.history:
        engine.apply(move)
    assert engine.full_state() == game.full_state()
    assert page.locator(".aby-seat").count() == 5
    dealer = page.eval_on_selector(".aby-seat:has(.badge.dealer)", "e => e.dataset.seat")
    assert int(dealer) == engine.dealer
    assert "players=5" in page.url and "chips=60" in page.url and "seed=5151" in page.url
    # no horizontal scrolling on a phone
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    for bad, words in (("players=9", "players must be from 2 to 8"),
                       ("chips=12", "chips must be from 41"),
                       ("players=3&levels=easy", "levels must name 2 opponents")):
        open_page(page, site + f"?game=abyssinia&seed=1&{bad}")
        message = page.inner_text(".start .message")
        assert "This link does not work" in message and words in message
        assert page.is_visible("[data-cmd='start']")
    page.close()


def visible_levels(page: Any) -> list[str]:
    return [str(t) for t in page.eval_on_selector_all(
        "#start-form .level[data-seat]:not([hidden])",
        "els => els.filter(e => e.offsetParent !== null)"
        ".map(e => e.querySelector('.level-name').textContent)")]


def test_start_screen_options_follow_the_game_and_player_count(
    new_context: Any, site: str
) -> None:
    page = open_page(new_context().new_page(), site + "?speed=0")
    assert visible_levels(page) == ["West", "North", "East"]
    assert not page.is_visible("select[name='players']")
    page.check("input[name='game'][value='abyssinia']")
    page.wait_for_function("document.querySelector('select[name=players]').offsetParent")
    assert not page.is_visible("input[name='partnership']")
    assert visible_levels(page) == ["Ada", "Ben", "Cleo"]
    page.select_option("select[name='players']", "7")
    page.wait_for_function(
        "document.querySelectorAll('#start-form .level[data-seat]:not([hidden])').length === 6")
    assert visible_levels(page) == list(MANY_NAMES[1:7])
    page.select_option("select[name='players']", "2")
    page.wait_for_function(
        "document.querySelectorAll('#start-form .level[data-seat]:not([hidden])').length === 1")
    assert visible_levels(page) == ["Ada"]
    # a stack below the entry: the engine's words, and the form as it was
    page.fill("input[name='chips']", "30")
    page.click("[data-cmd='start']")
    assert "chips must be from 41" in page.inner_text(".start .message")
    assert page.is_checked("input[name='game'][value='abyssinia']")
    assert visible_levels(page) == ["Ada"]
    page.fill("input[name='chips']", "60")
    page.select_option("select[name='level-1']", "hard")
    page.click("[data-cmd='start']")
    settle(page)
    loaded = current(page)
    assert loaded.game.NAME == "abyssinia"
    assert loaded.game.options.players == 2 and loaded.game.options.chips == 60
    assert loaded.levels == ["hard"]
    assert page.locator(".aby-seat").count() == 2
    assert "levels=hard" in page.url
    page.close()

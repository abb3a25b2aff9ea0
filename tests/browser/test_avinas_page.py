"""The Avinas table in a real browser: the deal, a whole hand by clicking, signals, reload.

The page's opponents are deterministic for a seed and their levels, so a CPython run with the
same opponents and the same choices for the human (always the first of the offered moves in
sorted order) predicts what the page will show.  The seeds below were found that way:
with ``levels=easy,easy,easy`` and that policy, North leads face down to trick 2 of the first
hand in SEED_NORTH, and West does in SEED_WEST.
"""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core import new_game, parse_card
from pygame_core.opponents import make_opponent
from pygame_core.session import storage
from pygame_core.session.storage import Keys

from .conftest import LOAD_TIMEOUT, READY, actions_of, open_page, play, settle

pytestmark = pytest.mark.browser

LEVELS = ("easy", "easy", "easy")
SEED_NORTH = 192
SEED_WEST = 7
CURRENT = f"() => localStorage.getItem({Keys().current!r})"


def url(site: str, seed: int) -> str:
    return f"{site}?game=avinas&seed={seed}&speed=0&levels={','.join(LEVELS)}"




def hand(page: Any) -> list[str]:
    """The spoken names of the cards in the human's hand, sorted."""
    labels = page.eval_on_selector_all(
        ".seat.south .hand .card", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    return sorted(str(label).split(",")[0] for label in labels)


def names(codes: list[str]) -> list[str]:
    return sorted(parse_card(c).name for c in codes)


def current(page: Any) -> Any:
    return storage.read_slot(page.evaluate(CURRENT)).game


def choose(actions: list[str]) -> str:
    """The human's policy, the same in the page and in CPython."""
    return sorted(actions)[0]


def click(page: Any, action: str) -> None:
    play(page, action)


def play_until(page: Any, stop: Any, limit: int = 200) -> str:
    """Click the policy's move until ``stop(page, turn)`` is true; returns the turn."""
    for _ in range(limit):
        turn = settle(page)
        if stop(page, turn):
            return turn
        assert turn == "you", f"unexpected turn {turn!r}"
        actions = actions_of(page)
        game = current(page)
        assert sorted(actions) == sorted(game.observation(0)["legal"])
        click(page, choose(actions))
    raise AssertionError("the situation never came")


def facedown_by(seat: int) -> Any:
    def stop(page: Any, turn: str) -> bool:
        if turn != "you":
            return False
        trick = current(page).observation(0)["trick"]
        return bool(trick) and bool(trick[0]["facedown"]) and trick[0]["seat"] == seat
    return stop


def predicted_facedown(seed: int, seat: int) -> bool:
    """CPython: does ``seat`` lead face down in hand 1 with the page's opponents?"""
    game = new_game("avinas", seed=seed)
    opponents = {s: make_opponent("avinas", LEVELS[s - 1], s, seed) for s in (1, 2, 3)}
    while not game.observation(0)["hand_history"]:
        player = game.current_player
        assert player is not None
        obs = game.observation(player)
        trick = obs["trick"]
        if player == 0 and trick and trick[0]["facedown"] and trick[0]["seat"] == seat:
            return True
        game.apply(choose(obs["legal"]) if player == 0 else opponents[player].decide(obs))
    return False


def test_the_dealt_hand_is_the_engines_for_the_seed(shared: Any, site: str) -> None:
    open_page(shared, url(site, SEED_NORTH))
    settle(shared)
    engine = new_game("avinas", seed=SEED_NORTH)
    assert hand(shared) == names(engine.observation(0)["hand"])
    assert len(hand(shared)) == 8
    game = current(shared)
    assert game.seed == SEED_NORTH and game.NAME == "avinas"
    # the other hands are backs with counts; the exposed cards are face up at their seats
    for seat, where in ((1, "west"), (2, "north"), (3, "east")):
        count = game.observation(0)["hand_counts"][seat]
        assert f"{count} in hand" in shared.inner_text(f".seat.{where}")
    for e in game.observation(0)["exposed"]:
        where = ("south", "west", "north", "east")[e["seat"]]
        labels = shared.eval_on_selector_all(
            f".seat.{where} .card.exposed", "els => els.map(e => e.getAttribute('aria-label'))")
        assert any(str(label).startswith(parse_card(e["card"]).name) for label in labels)


def test_north_face_down_lead_shows_us_the_signal_but_not_the_card(shared: Any) -> None:
    assert predicted_facedown(SEED_NORTH, 2)
    play_until(shared, facedown_by(2))
    game = current(shared)
    full = game.full_state()
    hidden = parse_card(full["trick"][0]["card"])
    word = "valuable" if full["signal"] else "not valuable"
    centre = shared.inner_text(".table.avinas .centre")
    assert f"Partner says: {word}." in centre
    markup = shared.inner_html("#app")
    assert hidden.name not in markup and str(hidden) not in markup
    assert shared.locator(".trick .spot.north .card.back").count() == 1


def test_a_whole_hand_is_played_by_clicking_until_its_summary(shared: Any) -> None:
    turn = play_until(shared, lambda page, turn: turn == "summary")
    assert turn == "summary"
    game = current(shared)
    record = game.observation(0)["hand_history"][0]
    text = shared.inner_text("#summary")
    assert "Hand 1 is over" in text
    if record["kind"] != "void":
        assert all(str(p) in text for p in record["points"])
    assert shared.eval_on_selector_all("#summary [data-action]", "els => els.length") == 0
    shared.click("[data-cmd='next-round']")
    assert settle(shared) in ("you", "over", "summary")
    assert "Score sheet" in shared.inner_text(".sheet-area")


def test_reload_resumes_the_same_hand(shared: Any) -> None:
    before = current(shared)
    shown = hand(shared)
    shared.reload()
    shared.wait_for_function(READY, timeout=LOAD_TIMEOUT)
    settle(shared)
    after = current(shared)
    assert after.history[:len(before.history)] == before.history
    if after.history == before.history:
        assert hand(shared) == shown


def test_copy_link_gives_this_deal(shared: Any) -> None:
    shared.click("[data-cmd='copy-link']")
    shared.wait_for_selector("#notice:not([hidden])")
    assert f"game=avinas&seed={SEED_NORTH}" in shared.inner_text("#notice")


def test_west_face_down_lead_shows_neither_card_nor_signal(shared: Any, site: str) -> None:
    assert predicted_facedown(SEED_WEST, 1)
    open_page(shared, url(site, SEED_WEST))
    play_until(shared, facedown_by(1))
    full = current(shared).full_state()
    hidden = parse_card(full["trick"][0]["card"])
    markup = shared.inner_html("#app")
    assert hidden.name not in markup and str(hidden) not in markup
    assert "valuable" not in markup
    assert "West signalled to East." in shared.inner_text(".table.avinas .centre")
    assert shared.locator(".trick .spot.west .card.back").count() == 1


def play_to_the_end(page: Any, limit: int = 300) -> None:
    for _ in range(limit):
        turn = settle(page)
        if turn == "over":
            return
        if turn == "summary":
            page.click("[data-cmd='next-round']")
        else:
            assert turn == "you", f"unexpected turn {turn!r}"
            click(page, choose(actions_of(page)))
    raise AssertionError("the match never ended")


def test_embedded_match_ends_with_the_result_and_the_tradition(
    new_context: Any, site: str
) -> None:
    page = new_context().new_page()
    host = '<!doctype html><link rel="icon" href="data:,"><title>host</title><body></body>'
    page.route(site + "host.html", lambda route: route.fulfill(body=host, content_type="text/html"))
    page.goto(site + "host.html")
    page.evaluate(
        """src => { window.messages = [];
        addEventListener('message', e => window.messages.push(e.data));
        const f = document.createElement('iframe');
        f.src = src; f.style.width = '900px'; f.style.height = '700px';
        document.body.appendChild(f); }""",
        url(site, 5) + "&pip_target=1&embed=1",  # the first hand scored in pips ends it
    )
    page.wait_for_function("window.messages.some(m => m.type === 'ready')", timeout=LOAD_TIMEOUT)
    frame = page.frames[1]
    play_to_the_end(frame)
    text = frame.inner_text("#result")
    assert "win the match" in text and "By tradition, the losers may not play again today." in text
    assert frame.eval_on_selector_all("[data-action]", "els => els.length") == 0
    assert frame.evaluate("getComputedStyle(document.querySelector('.bar')).display") == "none"
    page.wait_for_function("window.messages.some(m => m.type === 'game over')")
    over = page.evaluate("window.messages.find(m => m.type === 'game over')")
    assert over["game"] == "avinas" and len(over["winners"]) == 2
    page.close()


def test_offline_after_one_visit(new_context: Any, site: str) -> None:
    context = new_context()
    page = open_page(context.new_page(), url(site, SEED_WEST))
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    settle(page)
    context.set_offline(True)
    try:
        page.reload()
        page.wait_for_function(READY, timeout=LOAD_TIMEOUT)
        assert settle(page) == "you"
        assert current(page).NAME == "avinas"
        click(page, choose(actions_of(page)))
        assert settle(page) in ("you", "summary")
    finally:
        context.set_offline(False)
    page.close()


def test_a_card_with_several_plays_opens_a_menu_of_them_by_keyboard(shared: Any,
                                                                   site: str) -> None:
    """A queen or jack leading a hand names trumps: its card opens the menu of its four
    plays, with the first focused; Escape closes it and gives focus back to the card; the
    arrow keys walk the plays and Enter makes the one chosen."""
    open_page(shared, url(site, SEED_WEST))
    for _ in range(300):
        turn = settle(shared)
        if turn == "summary":
            shared.click("[data-cmd='next-round']")
        elif shared.locator(".seat.south .hand [popovertarget]").count():
            break
        else:
            click(shared, choose(actions_of(shared)))
    card = shared.locator(".seat.south .hand [popovertarget]").first
    menu = str(card.get_attribute("popovertarget"))
    plays = shared.eval_on_selector_all(f"#{menu} [data-action]",
                                        "els => els.map(e => e.dataset.action)")
    assert len(plays) >= 2
    first_focused = f"document.activeElement.dataset.action === {plays[0]!r}"
    card.focus()
    shared.keyboard.press("Enter")
    shared.wait_for_selector(f"#{menu}:popover-open")
    shared.wait_for_function(first_focused)  # the menu's toggle event, which comes after
    shared.keyboard.press("Escape")
    shared.wait_for_function(f"!document.getElementById({menu!r}).matches(':popover-open')")
    assert shared.evaluate("document.activeElement.getAttribute('popovertarget')") == menu
    before = len(current(shared).history)
    shared.keyboard.press("Enter")
    shared.wait_for_function(first_focused)
    shared.keyboard.press("ArrowDown")
    assert shared.evaluate("document.activeElement.dataset.action") == plays[1]
    shared.keyboard.press("Enter")
    settle(shared)
    assert current(shared).history[before] == plays[1]
